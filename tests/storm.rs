//! Issues 11 and 17: the kill -9 storm. The `plateau` binary serves the fake Discord; many games
//! get moves, boards and histories at once, and the process is killed with SIGKILL at random
//! (seeded) moments, then started again on the same database. After every restart each game
//! answers `/board` within Discord's 3 s, every move the bot acknowledged is in the log,
//! nothing is half-applied (the clock row and the game row agree with the log), and play
//! goes on. The figures are printed: acknowledged, found, lost (0), kills, answer times.

#[path = "support/mod.rs"]
mod support;

use plateau::engine::rng::SplitMix64;
use plateau::table::{ManualClock, Table};
use rusqlite::Connection;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};
use support::process::{served_binary, BotProcess};
use support::*;

const DAVE: User = User {
    id: 100_000_000_000_000_004,
    name: "dave",
    manage: false,
};
const USERS: [User; 4] = [ALICE, BOB, CAROL, DAVE];

/// The games of the storm: channel, game, players, extra options.
const GAMES: &[(u64, &str, u8, &str)] = &[
    (700_000_000_000_000_101, "pikemen", 2, ""),
    (700_000_000_000_000_102, "pikemen", 2, "fast"),
    (700_000_000_000_000_103, "pikemen", 4, ""),
    (700_000_000_000_000_104, "sprawl", 3, "standard"),
    (700_000_000_000_000_105, "skyscrapers", 2, ""),
    (700_000_000_000_000_106, "battlezone", 2, "fast"),
    (700_000_000_000_000_107, "skyscrapers", 2, "casual"),
    (700_000_000_000_000_108, "pikemen", 3, ""),
];
const KILLS: usize = 6;

fn user(id: &str) -> User {
    *USERS
        .iter()
        .find(|u| u.id.to_string() == id)
        .expect("a storm user")
}

fn place(channel: u64) -> Place {
    Place::channel(channel, &format!("storm-{}", channel % 1000))
}

fn s(v: &str) -> Value {
    json!(v)
}

/// A move the bot acknowledged: it must be in the log at `ply`.
#[derive(Debug)]
struct Acked {
    channel: u64,
    ply: u32,
    text: String,
}

/// A move in flight: the interaction that carries it.
struct Sent {
    id: u64,
    channel: u64,
    ply: u32,
    text: String,
}

struct Storm {
    fake: FakeDiscord,
    binary: PathBuf,
    config: PathBuf,
    db: PathBuf,
    log: PathBuf,
    bot: Option<BotProcess>,
    identified: u32,
    acked: Vec<Acked>,
    board_times: Vec<Duration>,
    kills: usize,
}

impl Storm {
    fn f(&self) -> &Fake {
        &self.fake.fake
    }

    async fn start_bot(&mut self) {
        self.bot = Some(BotProcess::start(&self.binary, &self.config, &self.log));
        self.identified += 1;
        let deadline = Instant::now() + Duration::from_secs(30);
        while self.f().gateway_stats().identifies < self.identified
            || !self.f().gateway_stats().connected
        {
            assert!(
                Instant::now() < deadline,
                "the bot did not connect; its log: {}",
                std::fs::read_to_string(&self.log).unwrap_or_default()
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    fn kill(&mut self) {
        if let Some(bot) = self.bot.take() {
            bot.kill();
            self.kills += 1;
        }
    }

    /// Sends `name` with `options` and waits for its first answer; `None` if none came in
    /// `patience` (the bot may have been killed meanwhile).
    async fn ask(
        &self,
        who: &User,
        channel: u64,
        name: &str,
        options: Vec<Value>,
        patience: Duration,
    ) -> Option<Call> {
        let from = self.f().cursor();
        let id = self.f().slash(who, &place(channel), name, options);
        self.f().callback_within(from, id, patience).await
    }

    /// The state of every game, read as a fresh process would.
    fn state(&self) -> HashMap<u64, plateau::table::GameInfo> {
        let t = Table::open_shared(&self.db, Arc::new(ManualClock::new(0))).expect("the database");
        GAMES
            .iter()
            .filter_map(|(ch, ..)| t.game_info(&ch.to_string()).map(|g| (*ch, g)))
            .collect()
    }

    /// Every acknowledged move is in the log, nothing is half-applied, every game answers
    /// `/board` within 3 s.
    async fn check(&mut self) -> (usize, usize) {
        let c = Connection::open(&self.db).unwrap();
        let mut found = 0;
        for a in &self.acked {
            let text: Option<String> = c
                .query_row(
                    "SELECT a.text FROM actions a JOIN games g ON g.id = a.game \
                     WHERE g.channel = ?1 AND a.ply = ?2 AND g.status != 'aborted'",
                    rusqlite::params![a.channel.to_string(), a.ply],
                    |r| r.get(0),
                )
                .ok();
            assert_eq!(
                text.as_deref(),
                Some(a.text.as_str()),
                "acknowledged move lost: {a:?}"
            );
            found += 1;
        }
        let bad: Vec<(i64, i64, Option<i64>, i64)> = c
            .prepare(
                "SELECT g.id, g.ply, t.ply, (SELECT count(*) FROM actions a WHERE a.game = g.id) \
                 FROM games g LEFT JOIN clock_turns t ON t.game = g.id WHERE g.status = 'active'",
            )
            .unwrap()
            .query_map([], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, i64>(1)?,
                    r.get::<_, Option<i64>>(2)?,
                    r.get::<_, i64>(3)?,
                ))
            })
            .unwrap()
            .map(Result::unwrap)
            .filter(|(_, ply, turn, logged)| ply != logged || turn.is_some_and(|t| t != *ply))
            .collect();
        assert!(
            bad.is_empty(),
            "half-applied games (id, ply, clock ply, logged): {bad:?}"
        );
        for (channel, ..) in GAMES {
            let began = Instant::now();
            let answer = self
                .ask(&ALICE, *channel, "board", vec![], Duration::from_secs(5))
                .await
                .unwrap_or_else(|| panic!("no answer to /board in {channel}"));
            assert!(answer.ok(), "/board in {channel}: {}", answer.status);
            self.board_times.push(began.elapsed());
        }
        (self.acked.len(), found)
    }
}

fn write_config(dir: &Path, url: &str, db: &Path) -> PathBuf {
    let path = dir.join("config.toml");
    std::fs::write(
        &path,
        format!(
            "[discord]\nproxy = \"{url}\"\ndev_guild = \"{GUILD}\"\ntick_seconds = 1\n\n\
             [store]\npath = \"{}\"\n\n[defaults]\norder = \"join\"\n",
            db.display()
        ),
    )
    .unwrap();
    path
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_served_binary_survives_a_kill_storm() {
    let binary = served_binary();
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("plateau.db");
    let config = write_config(dir.path(), &fake.url, &db);
    let mut storm = Storm {
        fake,
        binary,
        config,
        db,
        log: dir.path().join("bot.log"),
        bot: None,
        identified: 0,
        acked: Vec::new(),
        board_times: Vec::new(),
        kills: 0,
    };
    storm.start_bot().await;
    // The tables: every game opened, joined and started.
    for (channel, game, players, clock) in GAMES {
        let mut options = vec![opt("game", s(game)), opt("players", json!(players))];
        if !clock.is_empty() {
            options.push(opt("clock", s(clock)));
        }
        let patience = Duration::from_secs(5);
        let a = storm.ask(&ALICE, *channel, "new", options, patience).await;
        assert!(a.is_some_and(|a| a.ok()), "/new {game}");
        for u in &USERS[1..*players as usize] {
            storm.ask(u, *channel, "join", vec![], patience).await;
        }
        let a = storm.ask(&ALICE, *channel, "start", vec![], patience).await;
        assert!(a.is_some_and(|a| a.ok()), "/start {game}");
    }

    let mut rng = SplitMix64::new(17);
    let mut sent_total = 0;
    for epoch in 0..=KILLS {
        // A few rounds of concurrent moves, then (but after the last epoch) a kill at a
        // random moment of the next round.
        let rounds = 3 + (rng.next() % 3) as usize;
        for round in 0..rounds {
            let last = epoch < KILLS && round + 1 == rounds;
            let state = storm.state();
            let from = storm.f().cursor();
            let mut sent = Vec::new();
            for (channel, ..) in GAMES {
                let Some(info) = state.get(channel) else {
                    continue;
                };
                let Some(game) = info.game.as_ref().filter(|g| !g.is_over()) else {
                    continue;
                };
                let Some(seat) = game.to_move() else { continue };
                let Some((uid, ..)) = info.players.iter().find(|p| p.2 == Some(seat)) else {
                    continue;
                };
                let moves = game.legal_moves();
                if moves.is_empty() {
                    continue;
                }
                let text = moves[(rng.next() % moves.len() as u64) as usize].clone();
                let id = storm.f().slash(
                    &user(uid),
                    &place(*channel),
                    "play",
                    vec![opt("move", s(&text))],
                );
                // A watcher asks for the history at the same moment.
                storm.f().slash(&DAVE, &place(*channel), "history", vec![]);
                sent.push(Sent {
                    id,
                    channel: *channel,
                    ply: info.ply + 1,
                    text,
                });
            }
            sent_total += sent.len();
            if last {
                // The kill lands somewhere in the middle of this round's work.
                let after = Duration::from_millis(rng.next() % 120);
                tokio::time::sleep(after).await;
                storm.kill();
            }
            for s in &sent {
                let patience = if last {
                    Duration::from_millis(10)
                } else {
                    Duration::from_secs(5)
                };
                if let Some(c) = storm.f().callback_within(from, s.id, patience).await {
                    let played = c.text().contains(&format!("played {}", s.text));
                    if c.ok() && played {
                        storm.acked.push(Acked {
                            channel: s.channel,
                            ply: s.ply,
                            text: s.text.clone(),
                        });
                    }
                }
            }
            if last {
                break;
            }
        }
        if epoch < KILLS {
            storm.start_bot().await;
        }
        let (acked, found) = storm.check().await;
        eprintln!("storm: after restart {epoch}: {found} of {acked} acknowledged moves found");
    }
    let (acked, found) = storm.check().await;
    let mut times = storm.board_times.clone();
    times.sort();
    let p99 = times[(times.len() * 99 / 100).min(times.len() - 1)];
    let max = *times.last().unwrap();
    println!(
        "kill storm: {sent_total} moves sent, {acked} acknowledged, {found} found, {} lost; \
         {} kills, {} restarts; /board after restarts p99 {:.0} ms, max {:.0} ms",
        acked - found,
        storm.kills,
        storm.identified - 1,
        p99.as_secs_f64() * 1e3,
        max.as_secs_f64() * 1e3
    );
    assert_eq!(storm.kills, KILLS);
    storm.kill();
    storm.f().assert_clean();
}
