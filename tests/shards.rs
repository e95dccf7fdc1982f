//! Issue 16: two bot processes (the `plateau` binary), shards 0 and 1 of 2, on one PostgreSQL database and the fake
//! Discord, which sends each server's interactions to its shard's connection. Games in both
//! halves are played in a storm of concurrent moves; the shard-0 process is killed with
//! SIGKILL mid-storm and started again; every move the bot acknowledged is in the database,
//! and each clocked game's reminders and hard timeout are posted exactly once across the two
//! processes. Needs the test PostgreSQL server (`.ci/test` starts one); skipped without it.

#[path = "support/mod.rs"]
mod support;

use plateau::engine::rng::SplitMix64;
use plateau::table::{GameInfo, ManualClock, Table};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};
use support::process::{served_binary, BotProcess};
use support::*;

/// A server on each shard of 2 (Discord's rule: `(id >> 22) % 2`).
const SERVERS: [u64; 2] = [1_000_000_000 << 22, 1_000_000_001 << 22];

/// Per server: untimed games for the storm, then one game on a fast clock (a day a turn).
const STORM_GAMES: u64 = 3;

/// The clock runs this many times faster than real time in both processes: a fast clock's
/// day passes in two seconds.
const RATE: i64 = 43_200;

fn channel(server: usize, game: u64) -> u64 {
    800_000_000_000_000_000 + server as u64 * 100 + game
}

fn opt(name: &str, value: Value) -> Value {
    json!({"name": name, "type": 3, "value": value})
}

struct Cluster {
    fake: FakeDiscord,
    binary: PathBuf,
    config: PathBuf,
    url: String,
    dir: PathBuf,
    clock: String,
    bots: [Option<BotProcess>; 2],
    identified: [u32; 2],
}

impl Cluster {
    fn f(&self) -> &Fake {
        &self.fake.fake
    }

    async fn start(&mut self, shard: usize) {
        let shards = format!("{shard}-{shard}");
        self.bots[shard] = Some(BotProcess::start_with(
            &self.binary,
            &self.config,
            &self.dir.join(format!("shard{shard}.log")),
            &["--shards", &shards, "--total-shards", "2"],
            &[("PLATEAU_CLOCK_RATE", self.clock.clone())],
        ));
        self.identified[shard] += 1;
        self.f()
            .wait_shard_identified(shard as u32, self.identified[shard])
            .await;
    }

    async fn ask(
        &self,
        server: usize,
        who: &User,
        ch: u64,
        name: &str,
        options: Vec<Value>,
    ) -> bool {
        let from = self.f().cursor();
        let id = self.f().slash_in(
            SERVERS[server],
            who,
            &Place::channel(ch, "game"),
            name,
            options,
        );
        self.f()
            .callback_within(from, id, Duration::from_secs(5))
            .await
            .is_some_and(|c| c.ok())
    }

    /// The games of `channels` as a third process reads them from the database (the
    /// synchronous PostgreSQL client is used, and dropped, off the async workers).
    fn games(&self, channels: &[u64]) -> Vec<Option<GameInfo>> {
        tokio::task::block_in_place(|| {
            let t =
                Table::open_shared(&self.url, Arc::new(ManualClock::new(0))).expect("the database");
            channels
                .iter()
                .map(|ch| t.game_info(&ch.to_string()))
                .collect()
        })
    }
}

/// Every acknowledged move, at the ply the bot gave it, in the shared database.
fn moves_in_log(url: &str, channel: u64, ply: u32) -> Option<String> {
    tokio::task::block_in_place(|| {
        let mut c = postgres::Client::connect(url, postgres::NoTls).unwrap();
        c.query_opt(
            "SELECT a.text FROM actions a JOIN games g ON g.id = a.game \
             WHERE g.channel = $1 AND a.ply = $2",
            &[&channel.to_string(), &i64::from(ply)],
        )
        .unwrap()
        .map(|r| r.get(0))
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_shard_processes_share_one_database() {
    let Some(url) = tokio::task::block_in_place(plateau::store::testing::fresh_postgres) else {
        eprintln!("skipped: no test PostgreSQL server (PLATEAU_TEST_POSTGRES)");
        return;
    };
    let binary = served_binary();
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let config = support::process::write_config(dir.path(), &fake.url, &format!("url = \"{url}\""));
    let anchor = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis();
    let mut c = Cluster {
        fake,
        binary,
        config,
        url: url.clone(),
        dir: dir.path().to_path_buf(),
        clock: format!("{RATE}@{anchor}"),
        bots: [None, None],
        identified: [0, 0],
    };
    c.start(0).await;
    c.start(1).await;

    // The untimed tables in both servers, each answered by its own shard's process.
    for server in 0..2 {
        for g in 0..STORM_GAMES {
            let ch = channel(server, g);
            assert!(
                c.ask(
                    server,
                    &ALICE,
                    ch,
                    "new",
                    vec![opt("game", json!("pikemen"))]
                )
                .await
            );
            assert!(c.ask(server, &BOB, ch, "join", vec![]).await);
            assert!(c.ask(server, &ALICE, ch, "start", vec![]).await);
        }
    }

    // The storm: concurrent moves in every game of both shards; shard 0 dies mid-round.
    let mut rng = SplitMix64::new(16);
    let mut acked: Vec<(u64, u32, String)> = Vec::new();
    for round in 0..8 {
        let kill = round == 4;
        let all: Vec<(usize, u64)> = (0..2)
            .flat_map(|server| (0..STORM_GAMES).map(move |g| (server, channel(server, g))))
            .collect();
        let infos = c.games(&all.iter().map(|(_, ch)| *ch).collect::<Vec<_>>());
        let from = c.f().cursor();
        let mut sent = Vec::new();
        for (&(server, ch), info) in all.iter().zip(infos) {
            let Some(info) = info else { continue };
            let Some(game) = info.game.as_ref().filter(|g| !g.is_over()) else {
                continue;
            };
            let Some(seat) = game.to_move() else { continue };
            let who = if seat == 1 { ALICE } else { BOB };
            let moves = game.legal_moves();
            let text = moves[(rng.next() % moves.len() as u64) as usize].clone();
            let id = c.f().slash_in(
                SERVERS[server],
                &who,
                &Place::channel(ch, "game"),
                "play",
                vec![opt("move", json!(text))],
            );
            sent.push((id, ch, info.ply + 1, text));
        }
        if kill {
            tokio::time::sleep(Duration::from_millis(rng.next() % 60)).await;
            c.bots[0].take().expect("shard 0 runs").kill();
        }
        for (id, ch, ply, text) in sent {
            let patience = Duration::from_millis(if kill { 20 } else { 5000 });
            if let Some(call) = c.f().callback_within(from, id, patience).await {
                if call.ok() && call.text().contains(&format!("played {text}")) {
                    acked.push((ch, ply, text));
                }
            }
        }
        if kill {
            c.start(0).await;
        }
    }
    assert!(
        acked.len() >= 20,
        "the storm moved: {} acknowledged",
        acked.len()
    );
    for (ch, ply, text) in &acked {
        assert_eq!(
            moves_in_log(&url, *ch, *ply).as_deref(),
            Some(text.as_str()),
            "acknowledged move lost in {ch} at ply {ply}"
        );
    }

    // One game on a fast clock with a hard timeout in each server: its reminders and its
    // timeout fall due within seconds, each process firing its own server's.
    let from = c.f().cursor();
    let clocked: Vec<(usize, u64)> = (0..2).map(|s| (s, channel(s, 50))).collect();
    for &(server, ch) in &clocked {
        let clock = vec![
            opt("game", json!("pikemen")),
            opt("clock", json!("fast")),
            opt("timeout", json!("hard")),
        ];
        assert!(c.ask(server, &ALICE, ch, "new", clock).await);
        assert!(c.ask(server, &BOB, ch, "join", vec![]).await);
        assert!(c.ask(server, &ALICE, ch, "start", vec![]).await);
    }
    // The shard-1 process is killed while those clocks run and started again at once.
    tokio::time::sleep(Duration::from_millis(700)).await;
    c.bots[1].take().expect("shard 1 runs").kill();
    c.start(1).await;
    let deadline = Instant::now() + Duration::from_secs(30);
    for &(_, ch) in &clocked {
        loop {
            let out = c
                .f()
                .posts_in(ch, from)
                .iter()
                .any(|p| p.text().contains("ran out of time"));
            if out {
                break;
            }
            assert!(Instant::now() < deadline, "no timeout in {ch}");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
    // A second's grace for a duplicate to show, had there been one.
    tokio::time::sleep(Duration::from_secs(2)).await;
    for &(_, ch) in &clocked {
        let posts: Vec<String> = c.f().posts_in(ch, from).iter().map(|p| p.text()).collect();
        let timeouts = posts
            .iter()
            .filter(|t| t.contains("ran out of time"))
            .count();
        assert_eq!(timeouts, 1, "one timeout in {ch}: {posts:#?}");
        let mut reminders: Vec<&String> =
            posts.iter().filter(|t| t.contains("Reminder:")).collect();
        let n = reminders.len();
        reminders.sort();
        reminders.dedup();
        assert_eq!(reminders.len(), n, "no reminder twice in {ch}: {posts:#?}");
    }
    let ended = c.games(&clocked.iter().map(|(_, ch)| *ch).collect::<Vec<_>>());
    assert!(ended.iter().all(Option::is_none), "the clocked games ended");
    c.f().assert_clean();
    eprintln!(
        "shards: {} acknowledged moves found after a SIGKILL of each process; timeouts once",
        acked.len()
    );
    drop(dir);
}
