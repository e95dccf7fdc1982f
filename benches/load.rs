//! The bot under a large bot's traffic, end to end (issue 45): `cargo bench --bench load`.
//!
//! Starts `LOAD_PROCS` `plateau serve` processes (the release binary), each running its range
//! of Discord's shards, on one PostgreSQL database (`LOAD_DB=postgres`, the default: a server
//! of its own from `.ci/postgres`, or `LOAD_PG_URL`), or one process on a SQLite file
//! (`LOAD_DB=sqlite`), all connected to the project's fake Discord (gateway and HTTP) as
//! `tests/shards.rs` connects them. It opens `LOAD_GAMES` games (mostly two-player Pikemen)
//! over `LOAD_SERVERS` servers, spread over the shards by Discord's rule, then for each rate of
//! `LOAD_RATES` (moves a second) runs `LOAD_SECONDS` of traffic: move intents in a Poisson
//! stream with bursts, each move found by about five autocomplete requests and followed by a
//! `/board`, some games resigned and new ones opened, and a few games on a fast clock left to
//! time out (the bots' clock runs 8,640 times real time).
//!
//! For each rate it prints, over all processes and for each: the move intents offered and the
//! moves a second played, the time from sending each interaction on the gateway to the fake
//! receiving its callback (p50/p99/max in ms) for moves, autocomplete and boards, the bots' CPU
//! time a move (`/proc/PID/stat`), failed and unanswered interactions; then the driver's and
//! PostgreSQL's CPU a move, PostgreSQL's statements (pg_stat_statements `calls`, every process's
//! statements in the run, ticks included, BEGIN and COMMIT counted) and transactions
//! (pg_stat_database) a move, and how many sessions waited on a lock (pg_stat_activity,
//! sampled four times a second).
//!
//! `LOAD_BURST=F` sets how much faster the bursts come (default 3; 1: a plain Poisson stream).
//!
//! `LOAD_KILL_AT=20s`: in each rate's run, at that time (or up to a second later, when one of
//! its moves is under way), process 0 is SIGKILLed and started again at once; the line under
//! the rate says how long its servers went unanswered. At the end every move a callback said
//! was played is looked up in the database: none may be lost or stored twice. The bots' logs stay in `target/load/`. `LOAD_VERBOSE=1` prints the moves the
//! bot refused (a turn misread from its answers).

#[path = "load/audit.rs"]
mod audit;
#[path = "load/cluster.rs"]
mod cluster;
#[path = "load/cpu.rs"]
mod cpu;
#[path = "support/machine.rs"]
mod machine;
#[path = "load/pgstats.rs"]
mod pgstats;
#[path = "load/report.rs"]
mod report;
#[path = "load/stats.rs"]
mod stats;
#[path = "../tests/support/mod.rs"]
mod support;
#[path = "load/traffic.rs"]
mod traffic;

use cluster::{Cluster, Db};
use cpu::{Cpu, Owner};
use futures::StreamExt;
use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use traffic::{Driver, Slot};

struct Settings {
    postgres: bool,
    processes: usize,
    rates: Vec<f64>,
    seconds: u64,
    games: usize,
    servers: usize,
    kill_at: Option<Duration>,
}

fn var<T: std::str::FromStr>(name: &str, default: T) -> T {
    match std::env::var(name) {
        Ok(v) => v
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("{name}={v}: not a number")),
        Err(_) => default,
    }
}

/// `20s`, `1500ms` or `20` (seconds).
fn duration(text: &str) -> Duration {
    let t = text.trim();
    let number = |s: &str| -> f64 { s.parse().unwrap_or_else(|_| panic!("{t}: not a duration")) };
    if let Some(ms) = t.strip_suffix("ms") {
        Duration::from_secs_f64(number(ms) / 1000.0)
    } else {
        Duration::from_secs_f64(number(t.trim_end_matches('s')))
    }
}

fn settings() -> Settings {
    let postgres = match std::env::var("LOAD_DB").as_deref() {
        Ok("sqlite") => false,
        Ok("postgres") | Err(_) => true,
        Ok(other) => panic!("LOAD_DB={other}: sqlite or postgres"),
    };
    let rates = std::env::var("LOAD_RATES").unwrap_or_else(|_| "25,50,100,200".into());
    Settings {
        postgres,
        processes: if postgres { var("LOAD_PROCS", 4) } else { 1 },
        rates: rates
            .split(',')
            .map(|r| {
                r.trim()
                    .parse()
                    .expect("LOAD_RATES: numbers, comma-separated")
            })
            .collect(),
        seconds: var("LOAD_SECONDS", 20),
        games: var("LOAD_GAMES", 200),
        servers: var("LOAD_SERVERS", 100),
        kill_at: std::env::var("LOAD_KILL_AT").ok().map(|v| duration(&v)),
    }
}

/// The sampled lock waits of one rate's run: sum and largest of the waiting sessions, sum of
/// the running ones, samples.
#[derive(Default)]
struct Waits(u64, u64, u64, u64);

fn main() {
    let s = settings();
    // Discord is not on the bot's machine: its stand-in takes as little of the two cores as
    // it can. One thread spares them the switching between idle threads that a second cost
    // (about a tenth of the driver's CPU).
    let workers = std::env::var("LOAD_DRIVER_WORKERS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1);
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(workers)
        .enable_all()
        .build()
        .unwrap()
        .block_on(run(s));
}

async fn run(s: Settings) {
    let machine = machine::snapshot();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(format!("target/load/{}", support::unix_ms()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = if s.postgres {
        Db::postgres()
    } else {
        Db::Sqlite(dir.join("load.db"))
    };
    let mut cluster = Cluster::start(&db, s.processes, &dir).await;
    // Consecutive ids spread the servers evenly over the shards.
    let servers = (0..s.servers as u64)
        .map(|i| (1_000_000_000 + i) << 22)
        .collect();
    let driver = Arc::new(Driver::new(
        cluster.fake.fake.clone(),
        servers,
        cluster.router(),
    ));
    tokio::spawn(driver.clone().collect());
    let cpu = Arc::new(Cpu::default());
    let waits = Arc::new(Mutex::new(Waits::default()));
    spawn_samplers(&db, &cluster, cpu.clone(), waits.clone()).await;
    let mut pg = match db.url() {
        Some(url) => Some(pgstats::PgStats::connect(url).await),
        None => None,
    };

    let opened = Instant::now();
    let slots: Vec<Slot> = futures::stream::iter(0..s.games)
        .map(|_| {
            let d = driver.clone();
            async move { d.open(false).await }
        })
        .buffer_unordered(8)
        .map(|g| Arc::new(tokio::sync::Mutex::new(g)))
        .collect()
        .await;
    let slots = Arc::new(slots);
    let lobby = driver.record.take();
    println!(
        "load: {} on {}, {} games over {} servers ({} shards), opened in {:.1} s ({} of {} interactions failed); {} s a rate{}",
        if s.processes > 1 {
            format!("{} processes", s.processes)
        } else {
            "1 process".into()
        },
        if s.postgres { "PostgreSQL" } else { "SQLite" },
        s.games,
        s.servers,
        cluster.total_shards,
        opened.elapsed().as_secs_f64(),
        lobby.iter().filter(|x| !x.ok).count(),
        lobby.len(),
        s.seconds,
        s.kill_at
            .map(|k| format!(", process 0 SIGKILLed {:.0} s into each", k.as_secs_f64()))
            .unwrap_or_default()
    );
    report::header();
    let mut ours = 0u64;
    for &rate in &s.rates {
        let cpu0 = sampled(&cpu, &cluster, &db);
        let pg0 = match &mut pg {
            Some(p) => Some(p.counters().await),
            None => None,
        };
        *waits.lock().unwrap() = Waits::default();
        let start = Instant::now();
        let until = start + Duration::from_secs(s.seconds);
        // A few games on a fast clock, left alone: their reminders and time-outs fall due.
        for _ in 0..(s.games / 50).max(2) {
            let d = driver.clone();
            tokio::spawn(async move { d.open(true).await });
        }
        let stream = tokio::spawn(driver.clone().stream(slots.clone(), rate, until));
        let mut killed = None;
        if let Some(at) = s.kill_at.filter(|at| at.as_secs() < s.seconds) {
            tokio::time::sleep_until((start + at).into()).await;
            // Mid-move if one comes within a second: what is at stake is a move under way.
            let by = Instant::now() + Duration::from_secs(1);
            while !driver.moving_in(0) && Instant::now() < by {
                tokio::time::sleep(Duration::from_micros(200)).await;
            }
            killed = Some(cluster.kill_and_restart(0).await);
        }
        stream.await.unwrap();
        // The moves under way finish (or give up) before the figures are taken.
        for slot in slots.iter() {
            let _ = tokio::time::timeout(Duration::from_secs(15), slot.lock()).await;
        }
        let samples = driver.record.take();
        let cpu1 = sampled(&cpu, &cluster, &db);
        let pg1 = match &mut pg {
            Some(p) => Some(p.counters().await),
            None => None,
        };
        let delta: HashMap<Owner, u64> = cpu1
            .iter()
            .map(|(o, t)| (*o, t.saturating_sub(cpu0.get(o).copied().unwrap_or(0))))
            .collect();
        ours += delta
            .iter()
            .filter(|(o, _)| **o != Owner::Driver)
            .map(|(_, t)| t)
            .sum::<u64>();
        let w = std::mem::take(&mut *waits.lock().unwrap());
        report::print(&report::Step {
            rate,
            seconds: s.seconds as f64,
            processes: s.processes,
            samples: &samples,
            cpu: delta,
            pg: pg0.zip(pg1),
            waits: (w.3 > 0).then(|| (w.0 as f64 / w.3 as f64, w.1, w.2 as f64 / w.3 as f64)),
            offered: driver.record.offered.swap(0, Ordering::Relaxed),
            skipped: driver.record.skipped.swap(0, Ordering::Relaxed),
            kill: killed.map(|k| (0, stats::unanswered_gap(&samples, 0, k))),
        });
    }

    let mut games = std::mem::take(&mut *driver.finished.lock().unwrap());
    for slot in slots.iter() {
        if let Some(g) = slot.lock().await.take() {
            games.push(g);
        }
    }
    let a = audit::check(&db, &games).await;
    println!(
        "audit: {} games, {} acknowledged moves: {} lost, {} stored twice; {} moves deferred or never answered (their games left), {} of them stored",
        a.games, a.acked, a.lost, a.duplicated, a.in_doubt, a.in_doubt_stored
    );
    let timers = timers(&driver);
    println!("{timers}");
    println!("{}", machine::since_besides(&machine, ours));
    println!("logs: {}", dir.display());
    drop(cluster);
    db.stop();
    assert!(
        a.lost == 0 && a.duplicated == 0,
        "acknowledged moves lost or stored twice"
    );
}

/// The clocked games' time-outs: each must be posted once.
fn timers(driver: &Driver) -> String {
    let clocked = driver.clocked.lock().unwrap().clone();
    let posted = driver.timeouts.lock().unwrap();
    let once = clocked.iter().filter(|c| posted.get(c) == Some(&1)).count();
    let twice = clocked
        .iter()
        .filter(|c| posted.get(c).is_some_and(|n| *n > 1))
        .count();
    format!(
        "timers: {} clocked games, {once} timed out once, {twice} more than once, {} not yet",
        clocked.len(),
        clocked.len() - once - twice
    )
}

/// Every owner's CPU ticks, read now.
fn sampled(cpu: &Cpu, cluster: &Cluster, db: &Db) -> HashMap<Owner, u64> {
    cpu.sample(&cluster.pids.lock().unwrap().clone(), db.postmaster());
    cpu.totals()
}

/// CPU readings (and lock waits, on PostgreSQL) four times a second while the run lasts.
async fn spawn_samplers(db: &Db, cluster: &Cluster, cpu: Arc<Cpu>, waits: Arc<Mutex<Waits>>) {
    let pids = cluster.pids.clone();
    let postmaster = db.postmaster();
    let mut pg = match db.url() {
        Some(url) => Some(pgstats::PgStats::connect(url).await),
        None => None,
    };
    tokio::spawn(async move {
        let mut every = tokio::time::interval(Duration::from_millis(250));
        loop {
            every.tick().await;
            let now = pids.lock().unwrap().clone();
            cpu.sample(&now, postmaster);
            if let Some(pg) = &mut pg {
                let (waiting, active) = pg.waiting().await;
                let mut w = waits.lock().unwrap();
                w.0 += waiting;
                w.1 = w.1.max(waiting);
                w.2 += active;
                w.3 += 1;
            }
        }
    });
}
