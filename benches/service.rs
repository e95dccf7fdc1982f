//! A move's way through the service, end to end: `cargo bench --bench service`.
//!
//! Plays random games of every game at every player count, in both themes, through
//! `Table::handle` on a SQLite file (WAL, one transaction per move, PNG rendered for every
//! accepted move) and asks for legal-move autocomplete before each move, then prints the move
//! latency's p50 and p99 for each game, player count and theme (and the README's table of
//! them), then over all. The targets (issue 45): a move under 3.5 ms at p99 on SQLite and 5 ms
//! on PostgreSQL, for every game, player count and theme. Each row plays `BENCH_GAMES` games
//! (default 10), and more until it holds `BENCH_MOVES` moves (default 1,000), so that its p99
//! is its tenth-slowest move: Sprawl's and Sky Scrapers' rows held 150-450 moves in 10 games,
//! where the p99 was the second or third slowest, and one stall of the machine (4-5 ms, at any
//! point of a game) set it. The rows are played at once, a move of each in turn, each in a
//! channel of its own, as on a server with games of every kind going on: played one after the
//! other, a slow spell of the machine (a few hundred milliseconds) fell on the row being played
//! and set its p99 (a row's p50 10-25% above its twin's in the other theme), and the drawing
//! caches saw one kind of picture at a time, hiding that they were too small for all of them.
//! `BENCH_ONLY=battlezone` plays one game only and
//! `BENCH_THEME=light` one theme only (to profile one game's moves, e.g. under
//! `valgrind --tool=callgrind`).
//!
//! Beside each wall-clock figure it prints the move's CPU time on the serving thread
//! (`CLOCK_THREAD_CPUTIME_ID`): on a machine shared with other jobs the wall-clock p99 is mostly
//! time spent waiting for a core, which the CPU time leaves out.
//!
//! `BENCH_FIXED_CLOCK=1` runs the service on a clock that stands still: games take their seeds
//! from the clock, so the same games are then played run after run (for comparing two builds'
//! instruction counts under callgrind; the figures are otherwise the same).
//!
//! `BENCH_SLOW=1` prints, under each row, the slowest 1% of its moves by CPU time and where
//! in their games they fell ("at 1/64": the game's first move).
//!
//! `BENCH_DB=postgres://...` runs the same on a PostgreSQL server (issue 16: moves per second
//! and move latency on both engines, on the same machine), and prints how many round trips to
//! the server the moves made (issue 45).
//!
//! Last it prints how busy the machine was otherwise (the load average at the start, and the
//! share of the cores' time that other processes and the hypervisor took during the run).
//!
//! `BENCH_BOTS=1` measures the same while a table of computer players in another channel of
//! the same service searches without pause (hard, two seats, each move up to 1.5 s), as on a
//! server where people play beside bot games.

#[path = "support/machine.rs"]
mod machine;

use plateau::engine::rng::SplitMix64;
use plateau::engine::GameKind;
use plateau::render::Theme;
use plateau::table::{
    ChannelRef, Command, Context, ManualClock, Request, SystemClock, Table, UserRef,
};
use std::sync::Arc;
use std::time::{Duration, Instant};

fn ctx(user: &str) -> Context {
    in_channel(user, "bench-channel")
}

fn in_channel(user: &str, channel: &str) -> Context {
    Context {
        user: UserRef {
            id: format!("bench:{user}"),
            name: user.to_string(),
        },
        channel: ChannelRef {
            id: channel.into(),
            name: "bench".into(),
            guild: None,
        },
        can_manage: false,
        ..Default::default()
    }
}

fn send(table: &Table, ctx: Context, command: Command) {
    let replies = table.handle(&Request {
        ctx,
        command,
        from_button: None,
    });
    assert!(!replies.is_empty());
}

/// CPU time this thread has used so far.
fn thread_cpu() -> Duration {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec for the call to fill; the clock id is a constant.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    assert_eq!(
        rc, 0,
        "CLOCK_THREAD_CPUTIME_ID is always available on Linux"
    );
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// The `p` quantile of sorted samples.
fn at(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn percentiles(name: &str, mut samples: Vec<Duration>) {
    samples.sort();
    println!(
        "{name:<28} n={:<6} p50 {:>8.3} ms  p90 {:>8.3} ms  p99 {:>8.3} ms  max {:>8.3} ms",
        samples.len(),
        ms(at(&samples, 0.5)),
        ms(at(&samples, 0.9)),
        ms(at(&samples, 0.99)),
        ms(*samples.last().unwrap())
    );
}

/// One game's samples: each move's wall-clock latency and CPU time, and the autocompletes'.
#[derive(Default)]
struct Samples {
    moves: Vec<Duration>,
    cpu: Vec<Duration>,
    completes: Vec<Duration>,
    /// Each move's place in its game: (its index from 0, the game's number of moves).
    places: Vec<(usize, usize)>,
    /// Each move's round trips to the PostgreSQL server (none on SQLite).
    trips: Vec<u64>,
}

/// One row of the table: a game and player count in a theme, played game after game in a
/// channel of its own until it holds `games` games and `moves` moves.
struct Row {
    kind: GameKind,
    players: u8,
    theme: Theme,
    channel: String,
    rng: SplitMix64,
    started: usize,
    /// Where the game being played began in `samples`, while one is.
    playing: Option<usize>,
    samples: Samples,
}

impl Row {
    fn new(kind: GameKind, players: u8, theme: Theme, seed: u64) -> Row {
        Row {
            kind,
            players,
            theme,
            channel: format!("bench-{}-{}-{players}", theme.name(), kind.id()),
            rng: SplitMix64::new(seed),
            started: 0,
            playing: None,
            samples: Samples::default(),
        }
    }

    fn done(&self, games: usize, moves: usize) -> bool {
        self.playing.is_none() && self.started >= games && self.samples.moves.len() >= moves
    }

    /// Plays the row's next move, starting a game first when none is being played; a game
    /// that ends is counted, and the next call starts another if the row needs one.
    fn step(&mut self, table: &Table, games: usize, moves: usize) {
        const NAMES: [&str; 8] = [
            "alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi",
        ];
        let channel = self.channel.as_str();
        if self.playing.is_none() {
            if self.done(games, moves) {
                return;
            }
            // Random play rarely exits five colours: the rules' optional turn limit ends it.
            let options = match self.kind {
                GameKind::Battlezone => vec![("turn_limit".to_string(), "40".to_string())],
                _ => Vec::new(),
            };
            send(
                table,
                in_channel("alice", channel),
                Command::New {
                    game: self.kind,
                    players: Some(self.players),
                    options,
                },
            );
            for name in &NAMES[1..self.players as usize] {
                send(table, in_channel(name, channel), Command::Join);
            }
            send(
                table,
                in_channel("alice", channel),
                Command::Start { order: None },
            );
            self.started += 1;
            self.playing = Some(self.samples.moves.len());
        }
        let s = &mut self.samples;
        // A finished game leaves the channel free: no open game any more.
        let game = table
            .game_info(channel)
            .and_then(|info| Some((info.game.filter(|g| !g.is_over())?, info.players)));
        let Some((game, players)) = game else {
            let first = self.playing.take().expect("a game was being played");
            let n = s.moves.len() - first;
            s.places.extend((0..n).map(|i| (i, n)));
            return;
        };
        let seat = game.to_move().unwrap();
        let user = players
            .iter()
            .find(|p| p.2 == Some(seat))
            .map(|p| p.1.clone())
            .unwrap();
        let legal = game.legal_moves();
        let first_word = legal[0].split(' ').next().unwrap_or("").to_string();
        let t = Instant::now();
        let some = table.autocomplete(&in_channel(&user, channel), &first_word);
        s.completes.push(t.elapsed());
        let t = Instant::now();
        let all = table.autocomplete(&in_channel(&user, channel), "");
        s.completes.push(t.elapsed());
        assert!(!all.is_empty() || !some.is_empty());
        let text = legal[self.rng.below(legal.len() as u64) as usize].clone();
        let trips = table.store_round_trips();
        let (t, cpu) = (Instant::now(), thread_cpu());
        send(table, in_channel(&user, channel), Command::Play { text });
        s.moves.push(t.elapsed());
        s.cpu.push(thread_cpu() - cpu);
        if let (Some(before), Some(after)) = (trips, table.store_round_trips()) {
            s.trips.push(after - before);
        }
    }
}

/// On PostgreSQL, how many round trips to the server the moves made (each wait for answers
/// counts once, whatever it carried): the commit's, and any read the move needed first.
fn round_trips(trips: &mut [u64]) {
    if trips.is_empty() {
        return;
    }
    trips.sort();
    let mean = trips.iter().sum::<u64>() as f64 / trips.len() as f64;
    let one = trips.iter().filter(|&&t| t == 1).count() as f64 / trips.len() as f64;
    println!(
        "round trips a move (PostgreSQL) n={:<6} min {}  mean {mean:.2}  p99 {}  max {}  \
         one round trip: {:.1}% of moves",
        trips.len(),
        trips[0],
        trips[(trips.len() - 1) * 99 / 100],
        trips[trips.len() - 1],
        one * 100.0
    );
}

/// `BENCH_SLOW=1`: where in their games the slowest 1% of moves (by CPU time) fall: a move
/// that costs more once a game (the first, the last) shows as the same place again and again.
fn slowest(cpu: &[Duration], places: &[(usize, usize)]) {
    let mut order: Vec<usize> = (0..cpu.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(cpu[i]));
    let shown: Vec<String> = order[..cpu.len().div_ceil(100)]
        .iter()
        .map(|&i| {
            format!(
                "{:.2} ms at {}/{}",
                ms(cpu[i]),
                places[i].0 + 1,
                places[i].1
            )
        })
        .collect();
    println!("    slowest: {}", shown.join(", "));
}

fn main() {
    let dir = std::env::temp_dir().join(format!("plateau-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let location = std::env::var("BENCH_DB")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|_| dir.join("bench.db"));
    // A game's seed comes from the clock: a clock that stands still plays the same games run
    // after run, so that two builds' instruction counts (callgrind) compare the same work.
    let clock: Arc<dyn plateau::table::Clock> = if std::env::var("BENCH_FIXED_CLOCK").is_ok() {
        Arc::new(ManualClock::new(1_700_000_000_000))
    } else {
        Arc::new(SystemClock)
    };
    let table = Table::open(&location, clock).unwrap();
    println!(
        "store: {}",
        plateau::store::Location::parse(&location).display()
    );
    let machine = machine::snapshot();
    let games: usize = std::env::var("BENCH_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10);
    let moves: usize = std::env::var("BENCH_MOVES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000);
    let table = Arc::new(table);
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let bots = std::env::var("BENCH_BOTS")
        .is_ok_and(|v| v == "1")
        .then(|| {
            let (table, stop) = (table.clone(), stop.clone());
            std::thread::spawn(move || bot_table(&table, &stop))
        });
    let mut all_completes = Vec::new();
    let mut all_moves = Vec::new();
    let mut all_cpu = Vec::new();
    let mut all_trips = Vec::new();
    let only = std::env::var("BENCH_ONLY").ok();
    let only_theme = std::env::var("BENCH_THEME").ok();
    let mut playing = Vec::new();
    for theme in Theme::ALL {
        if only_theme.as_deref().is_some_and(|t| t != theme.name()) {
            continue;
        }
        for kind in GameKind::ALL {
            if only.as_deref().is_some_and(|g| g != kind.id()) {
                continue;
            }
            let (min, max) = kind.players();
            for players in min..=max {
                let row = Row::new(kind, players, theme, 3 + playing.len() as u64);
                // Each channel is its own "server", which chooses the theme.
                send(
                    &table,
                    Context {
                        can_manage: true,
                        ..in_channel("alice", &row.channel)
                    },
                    Command::Settings {
                        options: vec![("server-theme".into(), theme.name().into())],
                    },
                );
                playing.push(row);
            }
        }
    }
    // Every row plays a move in turn, as on a server where games of every kind go on at
    // once: a slow spell of the machine (a few hundred milliseconds when a row's p50 comes
    // out 10-25% above its twin's in the other theme) falls on every row alike, not on the one
    // row that happened to be playing, whose p99 it set.
    while playing.iter().any(|r| !r.done(games, moves)) {
        for row in &mut playing {
            row.step(&table, games, moves);
        }
    }
    let mut rows = Vec::new();
    for row in playing {
        let Samples {
            mut moves,
            mut cpu,
            completes,
            places,
            trips,
        } = row.samples;
        all_moves.extend(moves.iter().copied());
        all_cpu.extend(cpu.iter().copied());
        all_completes.extend(completes);
        all_trips.extend(trips);
        if std::env::var("BENCH_SLOW").is_ok_and(|v| v == "1") {
            slowest(&cpu, &places);
        }
        moves.sort();
        cpu.sort();
        let line = (
            row.kind.id(),
            row.players,
            row.theme.name(),
            moves.len(),
            ms(at(&moves, 0.5)),
            ms(at(&moves, 0.99)),
        );
        println!(
            "move {:<12} {}p {:<5} n={:<5} p50 {:>7.3} ms  p99 {:>7.3} ms  cpu p50 {:>7.3} ms  p99 {:>7.3} ms",
            line.0,
            line.1,
            line.2,
            line.3,
            line.4,
            line.5,
            ms(at(&cpu, 0.5)),
            ms(at(&cpu, 0.99))
        );
        rows.push(line);
    }
    // The README's table: one row a game and player count, both themes side by side.
    println!("\n| game | players | moves | p50 light | p99 light | p50 dark | p99 dark |");
    println!("|---|---|---|---|---|---|---|");
    let half = rows.len() / 2;
    // With one theme only (BENCH_THEME) there is no second half to set beside the first.
    let pairs = if only_theme.is_some() { 0 } else { half };
    for (l, d) in rows[..pairs].iter().zip(&rows[half..]) {
        println!(
            "| {} | {} | {} | {:.2} | {:.2} | {:.2} | {:.2} |",
            l.0,
            l.1,
            l.3 + d.3,
            l.4,
            l.5,
            d.4,
            d.5
        );
    }
    let worst = rows.iter().map(|r| r.5).fold(0.0, f64::max);
    println!("worst p99 of a game, player count and theme: {worst:.3} ms\n");
    let busy: Duration = all_moves.iter().sum();
    println!(
        "moves: {} in {:.2} s of service time, {:.0} moves/s on one thread",
        all_moves.len(),
        busy.as_secs_f64(),
        all_moves.len() as f64 / busy.as_secs_f64()
    );
    percentiles("move (all games)", all_moves);
    percentiles("move CPU time (all games)", all_cpu);
    percentiles("autocomplete (all games)", all_completes);
    round_trips(&mut all_trips);
    if let Some(bots) = bots {
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        let searched = bots.join().unwrap();
        println!("computer moves searched meanwhile: {searched}");
    }
    println!("{}", machine::since(&machine));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Two hard computer players playing Pikemen against each other in their own channel, game
/// after game, until `stop`; returns how many moves they played.
fn bot_table(table: &Table, stop: &std::sync::atomic::AtomicBool) -> usize {
    let host = |command: Command| {
        table.handle(&Request {
            ctx: Context {
                channel: ChannelRef {
                    id: "bench-bots".into(),
                    name: "bots".into(),
                    guild: None,
                },
                ..ctx("host")
            },
            command,
            from_button: None,
        })
    };
    let mut moves = 0;
    while !stop.load(std::sync::atomic::Ordering::Relaxed) {
        host(Command::New {
            game: plateau::engine::GameKind::Pikemen,
            players: Some(3),
            options: Vec::new(),
        });
        host(Command::AddBot {
            level: Some(plateau::ai::Level::Hard),
        });
        host(Command::AddBot {
            level: Some(plateau::ai::Level::Hard),
        });
        host(Command::Start { order: None });
        // The host resigns at once: the two computer players play on alone.
        host(Command::Resign);
        while !stop.load(std::sync::atomic::Ordering::Relaxed) {
            let played = table.play_bots_in("bench-bots").len();
            if played == 0 {
                break;
            }
            moves += played;
        }
    }
    moves
}
