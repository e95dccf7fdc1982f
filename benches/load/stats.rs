//! Every interaction's fate during one rate's run, and the percentiles the table prints.

use std::sync::Mutex;
use std::time::{Duration, Instant};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Move,
    Autocomplete,
    Board,
    /// `/new`, `/join`, `/start`, `/resign`: the games starting and ending.
    Lobby,
}

#[derive(Clone, Copy, Debug)]
pub struct Sample {
    pub kind: Kind,
    pub process: usize,
    pub sent: Instant,
    /// When the fake received the interaction's callback; none within the patience given.
    pub answered: Option<Instant>,
    /// The callback was accepted (2xx) and, for a move, said the move was played.
    pub ok: bool,
}

impl Sample {
    pub fn latency_ms(&self) -> Option<f64> {
        self.answered
            .map(|a| a.saturating_duration_since(self.sent).as_secs_f64() * 1000.0)
    }
}

#[derive(Default)]
pub struct Record {
    samples: Mutex<Vec<Sample>>,
    /// Move intents the Poisson stream made, and those that found every game busy.
    pub offered: std::sync::atomic::AtomicU64,
    pub skipped: std::sync::atomic::AtomicU64,
}

impl Record {
    pub fn push(&self, s: Sample) {
        self.samples.lock().unwrap().push(s);
    }

    pub fn take(&self) -> Vec<Sample> {
        std::mem::take(&mut self.samples.lock().unwrap())
    }
}

/// p50, p99 and max of the answered samples, in ms.
pub fn spread(samples: &[&Sample]) -> Option<(f64, f64, f64)> {
    let mut ms: Vec<f64> = samples.iter().filter_map(|s| s.latency_ms()).collect();
    if ms.is_empty() {
        return None;
    }
    ms.sort_by(f64::total_cmp);
    let at = |q: f64| ms[((ms.len() as f64 * q).ceil() as usize).clamp(1, ms.len()) - 1];
    Some((at(0.50), at(0.99), ms[ms.len() - 1]))
}

pub fn cell(s: Option<(f64, f64, f64)>) -> String {
    match s {
        Some((p50, p99, max)) => format!("{p50:.1}/{p99:.1}/{max:.0}"),
        None => "-".into(),
    }
}

/// How long a process's servers went unanswered around `kill`: from the last callback it
/// sent before the kill to the first callback of an interaction sent after the kill (one
/// already under way may still land just after the kill).
pub fn unanswered_gap(samples: &[Sample], process: usize, kill: Instant) -> Option<Duration> {
    let mine = samples.iter().filter(|s| s.process == process);
    let before = mine
        .clone()
        .filter_map(|s| s.answered)
        .filter(|a| *a <= kill)
        .max()?;
    let after = mine
        .filter(|s| s.sent > kill)
        .filter_map(|s| s.answered)
        .min()?;
    Some(after - before)
}
