//! Ratings at scale: `cargo bench --bench ratings`.
//!
//! Fills a SQLite file with 100,000 finished rated games between 10,000 players on ten
//! servers (rated through `rating::settle`, as the service does), then times `/leaderboard`
//! and `/rating` through `Table::handle`, and the `/stats` chart. Targets: p99 under 10 ms
//! for both commands, the chart under 50 ms.

use plateau::engine::rng::SplitMix64;
use plateau::rating::views::{Scope, Who};
use plateau::rating::{settle, Ended, Player};
use plateau::store::Store;
use plateau::table::{ChannelRef, Command, Context, Request, SystemClock, Table, UserRef};
use std::sync::Arc;
use std::time::{Duration, Instant};

const GAMES: i64 = 100_000;
const PLAYERS: u64 = 10_000;
const KINDS: [&str; 4] = ["pikemen", "sprawl", "skyscrapers", "battlezone"];

fn user(i: u64) -> String {
    format!("bench:{i}")
}

fn ctx(i: u64, guild: u64) -> Context {
    Context {
        user: UserRef {
            id: user(i),
            name: format!("player{i}"),
        },
        channel: ChannelRef {
            id: format!("bench-{guild}"),
            name: "bench".into(),
            guild: Some(format!("guild{guild}")),
        },
        ..Default::default()
    }
}

fn fill(path: &std::path::Path) {
    let mut rng = SplitMix64::new(7);
    let started = Instant::now();
    {
        let conn = rusqlite::Connection::open(path).unwrap();
        drop(conn);
    }
    let mut store = Store::open_shared(path).unwrap();
    drop(store);
    let conn = rusqlite::Connection::open(path).unwrap();
    conn.execute_batch("BEGIN").unwrap();
    {
        let mut st = conn
            .prepare(
                "INSERT INTO games (id, channel, channel_name, guild, kind, seed, status, host, \
                 created_ms, updated_ms, ended_seq) \
                 VALUES (?1, ?2, 'bench', ?3, ?4, 0, 'finished', 'bench', ?5, ?5, ?1)",
            )
            .unwrap();
        for g in 1..=GAMES {
            let kind = KINDS[(g % 4) as usize];
            let guild = format!("guild{}", g % 10);
            st.execute(rusqlite::params![
                g,
                format!("c{g}"),
                guild,
                kind,
                g * 60_000
            ])
            .unwrap();
        }
    }
    conn.execute_batch("COMMIT").unwrap();
    drop(conn);
    store = Store::open_shared(path).unwrap();
    let mut next = 1;
    while next <= GAMES {
        let until = (next + 10_000).min(GAMES + 1);
        store
            .atomically(|s| {
                for g in next..until {
                    let kind = KINDS[(g % 4) as usize];
                    // Sprawl tables of four, the others duels.
                    let n = if kind == "sprawl" { 4 } else { 2 };
                    let mut players: Vec<Player> = Vec::new();
                    while players.len() < n {
                        // Skewed as real servers are: a few play much, most a little.
                        let x = (rng.next() >> 11) as f64 / (1u64 << 53) as f64;
                        let u = user((x * x * x * PLAYERS as f64) as u64);
                        if players.iter().all(|p| p.user_id != u) {
                            let seat = players.len() as u8 + 1;
                            players.push(Player {
                                name: u.replace("bench:", "player"),
                                user_id: u,
                                seat,
                                bot: false,
                            });
                        }
                    }
                    let mut places: Vec<u8> = (1..=n as u8).collect();
                    for i in (1..n).rev() {
                        places.swap(i, (rng.next() % (i as u64 + 1)) as usize);
                    }
                    let guild = format!("guild{}", g % 10);
                    settle(
                        s,
                        &Ended {
                            game: g,
                            seq: g,
                            kind,
                            guild: &guild,
                            players: &players,
                            places: &places,
                            at_ms: g * 60_000,
                        },
                    )?;
                }
                Ok(())
            })
            .unwrap();
        next = until;
    }
    let settled: Vec<u32> = KINDS
        .iter()
        .map(|k| store.leaderboard_size(k, None).unwrap())
        .collect();
    println!(
        "filled {GAMES} rated games, {PLAYERS} players in {:.1} s; settled ratings per game: {settled:?}",
        started.elapsed().as_secs_f64()
    );
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

fn timed(table: &Table, c: Context, command: Command) -> Duration {
    let began = Instant::now();
    let replies = table.handle(&Request {
        ctx: c,
        command,
        from_button: None,
    });
    let took = began.elapsed();
    assert_eq!(replies.len(), 1);
    assert!(
        replies[0].visibility == plateau::table::Visibility::Public,
        "{}",
        replies[0].text
    );
    took
}

fn main() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ratings.db");
    fill(&path);
    let table = Table::open(&path, Arc::new(SystemClock)).unwrap();
    let mut rng = SplitMix64::new(11);
    let (mut boards, mut ratings, mut charts) = (Vec::new(), Vec::new(), Vec::new());
    for i in 0..2_000u64 {
        let kind = KINDS[(i % 4) as usize];
        let guild = rng.next() % 10;
        let page = 1 + (rng.next() % 20) as u32;
        let scope = if i % 2 == 0 {
            Scope::Server
        } else {
            Scope::Global
        };
        boards.push(timed(
            &table,
            ctx(0, guild),
            Command::Leaderboard {
                game: plateau::engine::GameKind::parse(kind),
                scope: Some(scope),
                page: Some(page),
            },
        ));
        let who = rng.next() % 2_000;
        ratings.push(timed(
            &table,
            ctx(who, guild),
            Command::Rating {
                user: None,
                game: None,
            },
        ));
    }
    let store = Store::open_shared(&path).unwrap();
    for i in 0..200u64 {
        let who = Who {
            id: user(i * 37 % PLAYERS),
            name: format!("player{i}"),
        };
        let history = store.rating_history(&who.id).unwrap();
        let began = Instant::now();
        let png = plateau::rating::chart::png(
            "Ratings of player",
            &[plateau::rating::chart::Series {
                label: "Pikemen".into(),
                colour: 0,
                points: &history,
            }],
            plateau::render::Theme::Dark,
        );
        charts.push(began.elapsed());
        assert!(png.is_some());
    }
    percentiles("/leaderboard", boards);
    percentiles("/rating", ratings);
    percentiles("/stats chart", charts);
}
