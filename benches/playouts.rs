//! Random playouts per game: `cargo bench --bench playouts`.
//!
//! Plays uniformly random legal moves from the start until each game ends, through the typed
//! `Game` API (`random_move`, which a game may answer without listing every move), and prints
//! games and moves per second. Every game uses its smallest player count and default options, except Battle Zone:
//! random dice and random choices rarely exit all five colours, so its playouts stop at the
//! rules' optional turn limit (R16), set to 200 turns.
//!
//! `BENCH_MS` sets each game's measuring time (default 3000); `BENCH_GAMES=N` instead plays
//! exactly N games of each, so that instruction counts (callgrind) compare equal work. Game ids
//! after `--` (`cargo bench --bench playouts -- pikemen`) run only those games.
//!
//! Last it prints how busy the machine was otherwise (see `support/machine.rs`).
//!
//! Pikemen is also set beside Abstract Play's TypeScript engine (gameslib), the yardstick of
//! issue 30 (500 times its random playouts). No runner of that engine is kept here, and it is
//! not installed on the development machine: `AP_GAMES_PER_S` gives a figure measured beside
//! this run, and otherwise the figure measured on the development machine (165-175 two-player
//! games per second, issue 30) is used, saying so.

#[path = "support/machine.rs"]
mod machine;

use plateau::engine::battlezone::Battlezone;
use plateau::engine::pikemen::Pikemen;
use plateau::engine::playout::playout;
use plateau::engine::rng::SplitMix64;
use plateau::engine::skyscrapers::Skyscrapers;
use plateau::engine::sprawl::Sprawl;
use plateau::engine::{Game, GameKind, Options, Setup};
use std::time::{Duration, Instant};

/// Abstract Play's two-player Pikemen random games per second on the development machine.
const AP_DOCUMENTED: (f64, f64) = (165.0, 175.0);

/// Games per second, or `None` when the game was not asked for.
fn playouts<G: Game>(kind: GameKind, options: &[(&str, &str)], budget: Budget) -> Option<f64> {
    // Cargo passes `--bench` to a bench without a harness.
    let only: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    if !only.is_empty() && !only.iter().any(|a| a == kind.id()) {
        return None;
    }
    let players = kind.players().0;
    let mut rng = SplitMix64::new(1);
    let mut moves = Vec::with_capacity(256);
    let (mut games, mut plies) = (0u64, 0u64);
    // The options are read once: the loop times the games, not their set-up's parsing.
    let pairs: Vec<(String, String)> = options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let mut setup = Setup {
        players,
        seed: 0,
        options: Options::parse(kind.title(), kind.option_specs(), &pairs)
            .expect("bench options are valid"),
    };
    let start = Instant::now();
    while match budget {
        Budget::Time(t) => start.elapsed() < t,
        Budget::Games(n) => games < n,
    } {
        setup.seed = games;
        let Ok(mut g) = G::new(&setup) else {
            println!("{:<12} not playable", kind.id());
            return None;
        };
        plies += playout(&mut g, &mut rng, &mut moves, u32::MAX) as u64;
        games += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{:<12} {:>10.0} games/s {:>12.0} moves/s  ({games} games, {:.1} moves/game)",
        kind.id(),
        games as f64 / secs,
        plies as f64 / secs,
        plies as f64 / games as f64
    );
    Some(games as f64 / secs)
}

/// Pikemen's games per second against Abstract Play's.
fn against_abstract_play(ours: f64) {
    let measured = std::env::var("AP_GAMES_PER_S")
        .ok()
        .and_then(|v| v.parse::<f64>().ok())
        .filter(|v| *v > 0.0);
    match measured {
        Some(ap) => println!(
            "pikemen      {:.0} times Abstract Play's {ap:.0} games/s (AP_GAMES_PER_S, measured beside)",
            ours / ap
        ),
        None => {
            let (low, high) = AP_DOCUMENTED;
            println!(
                "pikemen      {:.0}-{:.0} times Abstract Play's documented {low:.0}-{high:.0} games/s \
                 (its engine is not run here; the target is 500)",
                ours / high,
                ours / low
            );
        }
    }
}

/// What ends each game's measurement.
#[derive(Clone, Copy)]
enum Budget {
    Time(Duration),
    Games(u64),
}

fn main() {
    let env = |name: &str| std::env::var(name).ok().and_then(|v| v.parse::<u64>().ok());
    let budget = match env("BENCH_GAMES") {
        Some(n) => Budget::Games(n),
        None => Budget::Time(Duration::from_millis(env("BENCH_MS").unwrap_or(3000))),
    };
    let machine = machine::snapshot();
    if let Some(ours) = playouts::<Pikemen>(GameKind::Pikemen, &[], budget) {
        against_abstract_play(ours);
    }
    playouts::<Sprawl>(GameKind::Sprawl, &[], budget);
    playouts::<Skyscrapers>(GameKind::Skyscrapers, &[], budget);
    playouts::<Battlezone>(GameKind::Battlezone, &[("turn_limit", "200")], budget);
    println!("{}", machine::since(&machine));
}
