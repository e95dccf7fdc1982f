//! The metrics, through the `metrics` facade: recording is a few atomic operations when an
//! exporter is installed and nothing at all otherwise (tests, the local channel).

use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use std::sync::OnceLock;
use std::time::Duration;

/// Latency buckets in seconds: a move's target is 5 ms, autocomplete's 1 ms, Discord's limit
/// for a first answer 3 s.
const BUCKETS: &[f64] = &[
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0,
];

static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();

/// Installs the Prometheus recorder for the process (once; later calls return the same).
pub fn install() -> &'static PrometheusHandle {
    HANDLE.get_or_init(|| {
        PrometheusBuilder::new()
            .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), BUCKETS)
            .expect("the buckets are not empty")
            .install_recorder()
            .expect("one recorder per process: installed only here")
    })
}

/// The metrics in Prometheus' text format (empty before [`install`]).
pub fn render() -> String {
    HANDLE
        .get()
        .map(PrometheusHandle::render)
        .unwrap_or_default()
}

/// A request answered by the service (`command`: its name, `/move` for moves).
pub fn request(command: &'static str, took: Duration) {
    metrics::counter!("plateau_requests_total", "command" => command).increment(1);
    metrics::histogram!("plateau_request_seconds", "command" => command).record(took.as_secs_f64());
}

/// A move that landed (stored and drawn).
pub fn moved(game: &'static str) {
    metrics::counter!("plateau_moves_total", "game" => game).increment(1);
}

/// An interaction received from Discord, by kind (`command`, `autocomplete`, `button`).
pub fn interaction(kind: &'static str) {
    metrics::counter!("plateau_interactions_total", "kind" => kind).increment(1);
}

/// How long autocomplete took to answer (it cannot be deferred).
pub fn autocomplete(took: Duration) {
    metrics::histogram!("plateau_autocomplete_seconds").record(took.as_secs_f64());
}

/// Open games held in memory now.
pub fn open_games(n: usize) {
    metrics::gauge!("plateau_open_games").set(n as f64);
}

/// Timers that fell due at the last tick (claimed by this process).
pub fn timers_due(n: usize) {
    metrics::gauge!("plateau_timers_due").set(n as f64);
    metrics::counter!("plateau_timers_fired_total").increment(n as u64);
}
