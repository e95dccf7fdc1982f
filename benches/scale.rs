//! One process over many stored open games (issue 16): `cargo bench --bench scale`.
//!
//! Fills a SQLite file with `SCALE_GAMES` (default 100,000) running two-player Pikemen games,
//! written straight through the store in one transaction (kept in `target/bench-scale/` for
//! the next run), then starts a fresh process on it and prints its cold start (opening the
//! service until it answers) and resident memory, before and after moves in 1,000 of those
//! games, which load them on demand. Targets: cold start under 2 s, RSS under 1 GB.

use plateau::engine::{AnyGame, GameKind, Options, Setup};
use plateau::store::clocks::TurnRow;
use plateau::store::{NewGame, Store};
use plateau::table::{ChannelRef, Command, Context, Request, SystemClock, Table, UserRef};
use std::path::{Path, PathBuf};
use std::process::Command as Process;
use std::sync::Arc;
use std::time::Instant;

fn games() -> usize {
    std::env::var("SCALE_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(at) = args.iter().position(|a| a == "--measure") {
        return measure(Path::new(&args[at + 1]));
    }
    let n = games();
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/bench-scale");
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join(format!("{n}.db"));
    if !db.exists() {
        let t = Instant::now();
        fill(&db, n);
        println!(
            "filled {} with {n} open games in {:.1} s",
            db.display(),
            t.elapsed().as_secs_f64()
        );
    }
    // A fresh process, so the figures are the service's alone.
    let out = Process::new(std::env::current_exe().unwrap())
        .args(["--measure", db.to_str().unwrap()])
        .output()
        .expect("the measuring process runs");
    print!("{}", String::from_utf8_lossy(&out.stdout));
    eprint!("{}", String::from_utf8_lossy(&out.stderr));
}

fn fill(db: &Path, n: usize) {
    let partial = db.with_extension("partial");
    let _ = std::fs::remove_file(&partial);
    let mut store = Store::open(&partial).unwrap();
    let kind = GameKind::Pikemen;
    store
        .atomically(|s| {
            for i in 0..n {
                let seed = i as u64 * 0x9E37_79B9_7F4A_7C15;
                let id = s.create_game(&NewGame {
                    channel: format!("scale-{i}"),
                    channel_name: format!("scale-{i}"),
                    guild: Some("1".into()),
                    kind,
                    players: Some(2),
                    options: "{}".into(),
                    settings: "{}".into(),
                    seed,
                    host_id: "u-alice".into(),
                    host_name: "alice".into(),
                    now_ms: 1_767_225_600_000,
                })?;
                s.join(id, "u-bob", "bob", 1_767_225_600_000)?;
                let game = AnyGame::new(
                    kind,
                    &Setup {
                        players: 2,
                        seed,
                        options: Options::default(),
                    },
                )
                .unwrap();
                let snapshot = serde_json::to_string(&game).unwrap();
                let seats = [("u-alice".to_string(), 1), ("u-bob".to_string(), 2)];
                s.start(id, &seats, &snapshot, 1_767_225_600_000)?;
                // The turn row every started game has (untimed: no deadline).
                s.put_turn(
                    &TurnRow {
                        game: id,
                        ply: 0,
                        seat: 1,
                        user_id: "u-alice".into(),
                        started_ms: 1_767_225_600_000,
                        deadline_ms: None,
                        left_ms: 0,
                        total_ms: 0,
                        sent: 0,
                        expired: false,
                    },
                    &[],
                )?;
            }
            Ok(())
        })
        .unwrap();
    drop(store);
    std::fs::rename(&partial, db).unwrap();
    let _ = std::fs::remove_file(partial.with_extension("partial.lock"));
}

fn rss_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

fn measure(db: &Path) {
    let before = rss_mb();
    let t = Instant::now();
    let table = Table::open(db, Arc::new(SystemClock)).unwrap();
    let open = t.elapsed();
    println!(
        "cold start over {} stored open games: {:.3} s; RSS {:.0} MB (process before opening: {:.0} MB); games in memory: {}",
        games(),
        open.as_secs_f64(),
        rss_mb(),
        before,
        table.cached_games()
    );
    let t = Instant::now();
    let mut moved = 0;
    for i in (0..games()).step_by((games() / 1000).max(1)) {
        let ctx = Context {
            user: UserRef {
                id: "u-alice".into(),
                name: "alice".into(),
            },
            channel: ChannelRef {
                id: format!("scale-{i}"),
                name: format!("scale-{i}"),
                guild: Some("1".into()),
            },
            ..Default::default()
        };
        let Some(mv) = table.legal_moves_for(&ctx).into_iter().next() else {
            continue;
        };
        let replies = table.handle(&Request {
            ctx,
            command: Command::Play { text: mv },
            from_button: None,
        });
        moved += replies.iter().filter(|r| r.image.is_some()).count();
    }
    println!(
        "then a move in each of {moved} games (loaded on first use): {:.2} s; RSS {:.0} MB; games in memory: {}",
        t.elapsed().as_secs_f64(),
        rss_mb(),
        table.cached_games()
    );
}
