//! Bot against bot: `plateau arena`. Level A takes one seat, level B every other one, the seat
//! of A moving round the table from game to game (alternating with two players).

use super::{choose, Level};
use crate::engine::{AnyGame, GameKind, Setup};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// A game that has not ended after this many plies counts as unfinished (neither side won).
const MAX_PLIES: u32 = 3_000;

#[derive(Clone, Debug, Default)]
pub struct Report {
    pub games: u32,
    /// Games A finished alone in first place.
    pub wins: u32,
    /// Games A shared first place.
    pub draws: u32,
    pub unfinished: u32,
    pub players: u8,
    /// Seconds per move of each level, for percentiles.
    pub times_a: Vec<f64>,
    pub times_b: Vec<f64>,
}

/// The 95% Wilson score interval of `k` successes in `n` trials.
pub fn wilson(k: u32, n: u32) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (k, n, z) = (k as f64, n as f64, 1.96f64);
    let p = k / n;
    let centre = p + z * z / (2.0 * n);
    let spread = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    let d = 1.0 + z * z / n;
    (
        ((centre - spread) / d).max(0.0),
        ((centre + spread) / d).min(1.0),
    )
}

/// The `q`-quantile (0..=1) of `xs`, nearest rank.
pub fn quantile(xs: &[f64], q: f64) -> f64 {
    if xs.is_empty() {
        return 0.0;
    }
    let mut v = xs.to_vec();
    v.sort_by(f64::total_cmp);
    let rank = ((q * v.len() as f64).ceil() as usize).clamp(1, v.len());
    v[rank - 1]
}

impl Report {
    /// The lines `plateau arena` prints.
    pub fn lines(&self, a: Level, b: Level) -> Vec<String> {
        let n = self.games;
        let (lo, hi) = wilson(self.wins, n);
        let fair = 100.0 / self.players as f64;
        let mut out = vec![format!(
            "{} (one seat) against {} ({} other seat{}), {n} games: {} won, {} drawn, {} lost, {} unfinished",
            a.id(),
            b.id(),
            self.players - 1,
            if self.players > 2 { "s" } else { "" },
            self.wins,
            self.draws,
            n - self.wins - self.draws - self.unfinished,
            self.unfinished
        )];
        out.push(format!(
            "{} win rate {:.1}% (95% interval {:.1}% to {:.1}%; a fair share is {fair:.1}%)",
            a.id(),
            pct(self.wins, n),
            100.0 * lo,
            100.0 * hi
        ));
        // Labelled by side as well as level, since `--a hard --b hard` is a fair question.
        for (side, level, times) in [("a", a, &self.times_a), ("b", b, &self.times_b)] {
            if level != Level::Random && !times.is_empty() {
                out.push(format!(
                    "--{side} {} seconds a move: median {:.3}, p99 {:.3}, max {:.3} ({} moves)",
                    level.id(),
                    quantile(times, 0.5),
                    quantile(times, 0.99),
                    quantile(times, 1.0),
                    times.len()
                ));
            }
        }
        out
    }
}

fn pct(k: u32, n: u32) -> f64 {
    if n == 0 {
        0.0
    } else {
        100.0 * k as f64 / n as f64
    }
}

/// Plays `games` games of `kind` from `setup` (its seed is advanced per game) on `threads`
/// threads; `progress` is told each finished game's number.
pub fn run(
    kind: GameKind,
    setup: &Setup,
    a: Level,
    b: Level,
    games: u32,
    threads: usize,
    progress: &(dyn Fn(u32, &Report) + Sync),
) -> Result<Report, crate::engine::SetupError> {
    AnyGame::new(kind, setup)?;
    let next = AtomicU32::new(0);
    let report = Mutex::new(Report {
        players: setup.players,
        ..Report::default()
    });
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= games {
                    break;
                }
                let one = play_one(kind, setup, a, b, i);
                let mut r = report.lock().unwrap_or_else(|e| e.into_inner());
                r.games += 1;
                match one.place {
                    Some((1, false)) => r.wins += 1,
                    Some((1, true)) => r.draws += 1,
                    Some(_) => {}
                    None => r.unfinished += 1,
                }
                r.times_a.extend(one.times_a);
                r.times_b.extend(one.times_b);
                progress(r.games, &r);
            });
        }
    });
    Ok(report.into_inner().unwrap_or_else(|e| e.into_inner()))
}

struct One {
    /// A's place and whether it was shared; `None` if unfinished.
    place: Option<(u8, bool)>,
    times_a: Vec<f64>,
    times_b: Vec<f64>,
}

fn play_one(kind: GameKind, setup: &Setup, a: Level, b: Level, i: u32) -> One {
    let setup = Setup {
        seed: setup.seed.wrapping_add(i as u64),
        ..setup.clone()
    };
    let mut g = AnyGame::new(kind, &setup).expect("checked before the games");
    let a_seat = (i % setup.players as u32) as u8 + 1;
    let mut one = One {
        place: None,
        times_a: Vec::new(),
        times_b: Vec::new(),
    };
    let mut ply = 0u32;
    while let Some(seat) = g.to_move() {
        if ply >= MAX_PLIES {
            return one;
        }
        let level = if seat == a_seat { a } else { b };
        let started = Instant::now();
        let search_seed = setup.seed ^ ((ply as u64) << 32) ^ seat as u64;
        let Some(choice) = choose(&g, level, None, search_seed) else {
            break;
        };
        let took = started.elapsed().as_secs_f64();
        if seat == a_seat {
            one.times_a.push(took);
        } else {
            one.times_b.push(took);
        }
        g.play(&choice.mv).expect("the bot plays listed moves");
        ply += 1;
    }
    if let Some(places) = g.places() {
        let mine = places[a_seat as usize - 1];
        let shared = places.iter().filter(|&&p| p == mine).count() > 1;
        one.place = Some((mine, shared));
    }
    one
}
