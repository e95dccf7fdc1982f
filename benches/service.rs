//! A move's way through the service, end to end: `cargo bench --bench service`.
//!
//! Plays random 2-player Pikemen games through `Table::handle` on a SQLite file (WAL, one
//! transaction per move, PNG rendered for every accepted move) and asks for legal-move
//! autocomplete before each move, then prints latency percentiles. The targets: a move under
//! 25 ms at p99, autocomplete under 5 ms.

use plateau::engine::rng::SplitMix64;
use plateau::table::{ChannelRef, Command, Context, Request, SystemClock, Table, UserRef};
use std::sync::Arc;
use std::time::{Duration, Instant};

fn ctx(user: &str) -> Context {
    Context {
        user: UserRef {
            id: format!("bench:{user}"),
            name: user.to_string(),
        },
        channel: ChannelRef {
            id: "bench-channel".into(),
            name: "bench".into(),
            guild: None,
        },
        can_manage: false,
    }
}

fn send(table: &Table, user: &str, command: Command) {
    let replies = table.handle(&Request {
        ctx: ctx(user),
        command,
        from_button: None,
    });
    assert!(!replies.is_empty());
}

fn percentiles(name: &str, mut samples: Vec<Duration>) {
    samples.sort();
    let at = |p: f64| samples[((samples.len() - 1) as f64 * p) as usize];
    println!(
        "{name:<28} n={:<6} p50 {:>8.3} ms  p90 {:>8.3} ms  p99 {:>8.3} ms  max {:>8.3} ms",
        samples.len(),
        at(0.5).as_secs_f64() * 1e3,
        at(0.9).as_secs_f64() * 1e3,
        at(0.99).as_secs_f64() * 1e3,
        samples.last().unwrap().as_secs_f64() * 1e3
    );
}

fn main() {
    let dir = std::env::temp_dir().join(format!("plateau-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let table = Table::open(dir.join("bench.db"), Arc::new(SystemClock)).unwrap();
    let games: usize = std::env::var("BENCH_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(4);
    let mut rng = SplitMix64::new(3);
    let (mut moves, mut completes) = (Vec::new(), Vec::new());
    for _ in 0..games {
        send(
            &table,
            "alice",
            Command::New {
                game: "pikemen".into(),
                players: Some(2),
                options: vec![],
            },
        );
        send(&table, "bob", Command::Join);
        send(&table, "alice", Command::Start { order: None });
        // A finished game leaves the channel free: no open game any more.
        while let Some(info) = table.game_info("bench-channel") {
            let Some(game) = info.game.filter(|g| !g.is_over()) else {
                break;
            };
            let seat = game.to_move().unwrap();
            let user = info
                .players
                .iter()
                .find(|p| p.2 == Some(seat))
                .map(|p| p.1.clone())
                .unwrap();
            let t = Instant::now();
            let suggestions = table.autocomplete(&ctx(&user), "move");
            completes.push(t.elapsed());
            let t = Instant::now();
            let all = table.autocomplete(&ctx(&user), "");
            completes.push(t.elapsed());
            assert!(!all.is_empty() || !suggestions.is_empty());
            let legal = game.legal_moves();
            let text = legal[rng.below(legal.len() as u64) as usize].clone();
            let t = Instant::now();
            send(&table, &user, Command::Play { text });
            moves.push(t.elapsed());
        }
    }
    percentiles("move (SQLite + PNG)", moves);
    percentiles("autocomplete", completes);
    let _ = std::fs::remove_dir_all(&dir);
}
