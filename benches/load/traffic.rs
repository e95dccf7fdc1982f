//! Traffic shaped like a large bot's, sent through the fake Discord's gateway: games opened
//! and ended, moves in a Poisson stream with bursts, each move found the way a player finds it
//! (autocomplete while typing, about five requests) and followed by a `/board` view.
//!
//! Whose turn it is comes from the bot's answers, as a player reads it: a public board pings
//! the next player; an answer only the mover sees means they act again; a public answer that
//! pings no player ended the game.

use crate::stats::{Kind, Record, Sample};
use crate::support::{opt, Call, Fake, Place, User};
use plateau::engine::rng::SplitMix64;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::oneshot;

/// How long an interaction's callback is waited for: Discord's 3 s, and some.
const PATIENCE: Duration = Duration::from_secs(5);
/// One move in this many is a resignation instead: games end and new ones start.
const RESIGN_ONE_IN: u64 = 60;
/// Bursts: one second in ten at three times the base rate (the base lowered so that the mean
/// is the rate asked for), as when a server's players all come in at the same hour.
/// `LOAD_BURST=F` sets the factor (1: a plain Poisson stream).
const BURST_EVERY_MS: u128 = 10_000;
const BURST_MS: u128 = 1_000;
const BURST_FACTOR: f64 = 3.0;

/// The games played, by share: Pikemen two-player is the bulk.
const KINDS: [(&str, u64); 4] = [
    ("pikemen", 70),
    ("skyscrapers", 10),
    ("battlezone", 10),
    ("sprawl", 10),
];

/// A game in a channel as the driver knows it from the answers.
pub struct Game {
    pub guild: u64,
    pub channel: u64,
    players: Vec<User>,
    mover: usize,
    pub process: usize,
    /// Moves whose callback said they were played, in order.
    pub acked: Vec<String>,
    /// Moves sent and never answered (their process was killed) or deferred (too slow for
    /// Discord's 3 s): played or not.
    pub in_doubt: u32,
}

/// A slot holds one running game at a time; a game that ends is replaced by a new one.
pub type Slot = Arc<tokio::sync::Mutex<Option<Game>>>;

pub struct Driver {
    pub fake: Arc<Fake>,
    pub record: Record,
    servers: Vec<u64>,
    process_of: Box<dyn Fn(u64) -> usize + Send + Sync>,
    pending: Mutex<HashMap<u64, oneshot::Sender<Call>>>,
    /// "ran out of time" posts by channel (the timers of clocked games).
    pub timeouts: Mutex<HashMap<u64, u32>>,
    pub clocked: Mutex<Vec<u64>>,
    /// Games that ended or were given up, kept for the audit.
    pub finished: Mutex<Vec<Game>>,
    next_channel: AtomicU64,
    next_user: AtomicU64,
    seeds: AtomicU64,
    /// Moves sent and not yet answered, by process: the kill waits for one, so that it
    /// strikes a move under way.
    moving: Mutex<HashMap<usize, u32>>,
}

impl Driver {
    pub fn new(
        fake: Arc<Fake>,
        servers: Vec<u64>,
        process_of: Box<dyn Fn(u64) -> usize + Send + Sync>,
    ) -> Driver {
        Driver {
            fake,
            record: Record::default(),
            servers,
            process_of,
            pending: Mutex::new(HashMap::new()),
            timeouts: Mutex::new(HashMap::new()),
            clocked: Mutex::new(Vec::new()),
            finished: Mutex::new(Vec::new()),
            next_channel: AtomicU64::new(700_000_000_000_000_000),
            next_user: AtomicU64::new(300_000_000_000_000_000),
            seeds: AtomicU64::new(45),
            moving: Mutex::new(HashMap::new()),
        }
    }

    fn rng(&self) -> SplitMix64 {
        SplitMix64::new(self.seeds.fetch_add(1, Ordering::Relaxed))
    }

    /// Follows every call the bot makes: hands each interaction callback to whoever waits
    /// for it and counts the timeouts posted in channels.
    pub async fn collect(self: Arc<Self>) {
        let mut cursor = 0;
        loop {
            let calls = self.fake.calls_after(cursor).await;
            cursor += calls.len();
            for c in calls {
                if c.path.ends_with("/callback") {
                    let id = c.path.split('/').nth(4).and_then(|s| s.parse::<u64>().ok());
                    let waiting = id.and_then(|id| self.pending.lock().unwrap().remove(&id));
                    if let Some(tx) = waiting {
                        let _ = tx.send(c);
                    }
                } else if c.method == "POST"
                    && c.ok()
                    && !c.repeated
                    && c.text().contains("ran out of time")
                {
                    if let Some(ch) = c.channel() {
                        *self.timeouts.lock().unwrap().entry(ch).or_insert(0) += 1;
                    }
                }
            }
        }
    }

    /// Sends one interaction from `user` in `game`'s channel and waits for its callback;
    /// `accept` says whether the callback is a success.
    async fn ask(
        &self,
        kind: Kind,
        game: &Game,
        user: &User,
        data: Value,
        autocomplete: bool,
        accept: &(dyn Fn(&Call) -> bool + Sync),
    ) -> Option<Call> {
        let place = Place::channel(game.channel, "game");
        let (id, mut v) =
            self.fake
                .interaction_base(if autocomplete { 4 } else { 2 }, user, &place);
        v["guild_id"] = json!(game.guild.to_string());
        v["data"] = data;
        let (tx, rx) = oneshot::channel();
        self.pending.lock().unwrap().insert(id, tx);
        let sent = Instant::now();
        self.fake.dispatch(v);
        let call = tokio::time::timeout(PATIENCE, rx)
            .await
            .ok()
            .and_then(Result::ok);
        if call.is_none() {
            self.pending.lock().unwrap().remove(&id);
        }
        self.record.push(Sample {
            kind,
            process: game.process,
            sent,
            answered: call.as_ref().map(|c| c.at),
            ok: call.as_ref().is_some_and(accept),
        });
        call
    }

    async fn slash(
        &self,
        kind: Kind,
        game: &Game,
        user: &User,
        name: &str,
        options: Vec<Value>,
    ) -> Option<Call> {
        self.slash_judged(kind, game, user, name, options, &Call::ok)
            .await
    }

    async fn slash_judged(
        &self,
        kind: Kind,
        game: &Game,
        user: &User,
        name: &str,
        options: Vec<Value>,
        accept: &(dyn Fn(&Call) -> bool + Sync),
    ) -> Option<Call> {
        let data = json!({"id": "1", "name": name, "type": 1, "options": options});
        self.ask(kind, game, user, data, false, accept).await
    }

    /// The `/play` autocomplete's choices for what `user` typed.
    async fn complete(&self, game: &Game, user: &User, typed: &str) -> Vec<String> {
        let options = vec![json!({"name": "move", "type": 3, "value": typed, "focused": true})];
        let data = json!({"id": "1", "name": "play", "type": 1, "options": options});
        let answered = self
            .ask(Kind::Autocomplete, game, user, data, true, &Call::ok)
            .await;
        let Some(call) = answered else {
            return Vec::new();
        };
        call.json["data"]["choices"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|c| c["value"].as_str().map(str::to_string))
            .collect()
    }

    fn new_user(&self) -> User {
        let id = self.next_user.fetch_add(1, Ordering::Relaxed);
        let name: &'static str = Box::leak(format!("p{}", id % 1_000_000).into_boxed_str());
        User {
            id,
            name,
            manage: false,
        }
    }

    /// Opens a game in a new channel of a random server: `/new`, a `/join` by each other
    /// player, `/start`. `clocked`: a fast clock with a hard time-out, left to run out.
    pub async fn open(&self, clocked: bool) -> Option<Game> {
        let mut rng = self.rng();
        let mut pick = rng.next() % 100;
        let kind = KINDS
            .iter()
            .find(|(_, share)| {
                let here = pick < *share;
                pick = pick.saturating_sub(*share);
                here
            })
            .map_or("pikemen", |(k, _)| *k);
        let kind = if clocked { "pikemen" } else { kind };
        let guild = self.servers[(rng.next() % self.servers.len() as u64) as usize];
        let count = if kind == "sprawl" { 3 } else { 2 };
        let mut game = Game {
            guild,
            channel: self.next_channel.fetch_add(1, Ordering::Relaxed),
            players: (0..count).map(|_| self.new_user()).collect(),
            mover: 0,
            process: (self.process_of)(guild),
            acked: Vec::new(),
            in_doubt: 0,
        };
        let mut options = vec![opt("game", json!(kind))];
        if clocked {
            options.push(opt("clock", json!("fast")));
            options.push(opt("timeout", json!("hard")));
        }
        let host = game.players[0];
        let ok = |c: Option<Call>| c.filter(Call::ok);
        ok(self.slash(Kind::Lobby, &game, &host, "new", options).await)?;
        for p in &game.players[1..] {
            ok(self.slash(Kind::Lobby, &game, p, "join", vec![]).await)?;
        }
        let started = ok(self.slash(Kind::Lobby, &game, &host, "start", vec![]).await)?;
        game.mover = game
            .players
            .iter()
            .position(|p| started.notified.contains(&p.id))
            .unwrap_or(0);
        if clocked {
            self.clocked.lock().unwrap().push(game.channel);
        }
        Some(game)
    }

    /// One move intent in the slot's game (opening a game first if the slot is empty).
    pub async fn turn(self: Arc<Self>, mut slot: tokio::sync::OwnedMutexGuard<Option<Game>>) {
        if slot.is_none() {
            *slot = self.open(false).await;
            return;
        }
        let game = slot.as_mut().expect("a game");
        if !self.play(game).await {
            let over = slot.take().expect("a game");
            self.finished.lock().unwrap().push(over);
            *slot = self.open(false).await;
        }
    }

    /// A move (or a resignation) in `game`; false when the game is over or given up.
    async fn play(&self, game: &mut Game) -> bool {
        let mut rng = self.rng();
        let mover = game.players[game.mover];
        if rng.next().is_multiple_of(RESIGN_ONE_IN) {
            self.slash(Kind::Lobby, game, &mover, "resign", vec![])
                .await;
            return false;
        }
        let mut choices = self.complete(game, &mover, "").await;
        if choices.is_empty() {
            // Not this player's turn after all (an answer misread): ask the others, as a
            // player would who reads the board.
            let others: Vec<usize> = (0..game.players.len())
                .filter(|i| *i != game.mover)
                .collect();
            for i in others {
                let p = game.players[i];
                choices = self.complete(game, &p, "").await;
                if !choices.is_empty() {
                    game.mover = i;
                    break;
                }
            }
            if choices.is_empty() {
                return false;
            }
        }
        let mover = game.players[game.mover];
        let pick = |rng: &mut SplitMix64, from: &[String]| {
            from[(rng.next() % from.len() as u64) as usize].clone()
        };
        let first = pick(&mut rng, &choices);
        // The first word typed, then a square's file: the choices beyond the first 25.
        let verb = first.split(' ').next().unwrap_or("");
        let file = (b'a' + (rng.next() % 8) as u8) as char;
        let narrowed = self.complete(game, &mover, &format!("{verb} {file}")).await;
        let mv = if narrowed.is_empty() {
            first
        } else {
            pick(&mut rng, &narrowed)
        };
        // Typing the rest of it: three more requests as the text grows (one after the other,
        // without a human's pauses).
        for cut in [mv.len() / 3, 2 * mv.len() / 3, mv.len().saturating_sub(1)] {
            self.complete(game, &mover, &mv[..cut]).await;
        }
        // A turn of several actions (Battle Zone's dice) is told whole: "played place c1
        // blue, place h1 yellow and place b1 yellow".
        let accepted = |c: &Call| {
            let text = c.text();
            c.ok()
                && c.json["type"].as_u64() == Some(4)
                && text.contains("played ")
                && text.contains(mv.as_str())
        };
        *self.moving.lock().unwrap().entry(game.process).or_insert(0) += 1;
        let played = self
            .slash_judged(
                Kind::Move,
                game,
                &mover,
                "play",
                vec![opt("move", json!(mv))],
                &accepted,
            )
            .await;
        *self.moving.lock().unwrap().entry(game.process).or_insert(1) -= 1;
        let Some(call) = played else {
            // Never answered: its process died with it. Played or not, the game is left.
            game.in_doubt += 1;
            return false;
        };
        if !call.ok() || call.json["type"].as_u64() != Some(4) {
            // Deferred (the store was slow): what it came to is not read here.
            game.in_doubt += 1;
            return false;
        }
        if !accepted(&call) {
            if std::env::var_os("LOAD_VERBOSE").is_some() {
                eprintln!("move {mv:?} in {}: {}", game.channel, call.text());
            }
            // Refused (counted as an error): the turn was misread; the next intent asks again.
            return true;
        }
        game.acked.push(mv);
        self.board(game, &mut rng).await;
        if call.ephemeral {
            return true; // the same player acts again
        }
        match game
            .players
            .iter()
            .position(|p| call.notified.contains(&p.id))
        {
            Some(next) => {
                game.mover = next;
                true
            }
            None => false,
        }
    }

    /// Someone looks at the board after a move.
    async fn board(&self, game: &Game, rng: &mut SplitMix64) {
        let who = game.players[(rng.next() % game.players.len() as u64) as usize];
        self.slash(Kind::Board, game, &who, "board", vec![]).await;
    }

    /// Whether a move sent to `process` is waiting for its answer.
    pub fn moving_in(&self, process: usize) -> bool {
        self.moving
            .lock()
            .unwrap()
            .get(&process)
            .is_some_and(|n| *n > 0)
    }

    /// Move intents in a Poisson stream at `rate` a second (with bursts) until `until`; each
    /// goes to a random idle game.
    pub async fn stream(self: Arc<Self>, slots: Arc<Vec<Slot>>, rate: f64, until: Instant) {
        let mut rng = self.rng();
        let start = Instant::now();
        let factor = std::env::var("LOAD_BURST")
            .ok()
            .and_then(|v| v.parse::<f64>().ok())
            .unwrap_or(BURST_FACTOR)
            .max(1.0);
        let base = rate / (1.0 + (factor - 1.0) * BURST_MS as f64 / BURST_EVERY_MS as f64);
        let mut t = start;
        loop {
            let burst = (t - start).as_millis() % BURST_EVERY_MS < BURST_MS;
            let lambda = if burst { base * factor } else { base };
            let u = (rng.next() >> 11) as f64 / (1u64 << 53) as f64;
            t += Duration::from_secs_f64(-(1.0 - u).ln() / lambda);
            if t >= until {
                return;
            }
            tokio::time::sleep_until(t.into()).await;
            self.record.offered.fetch_add(1, Ordering::Relaxed);
            let idle = (0..8).find_map(|_| {
                let s = &slots[(rng.next() % slots.len() as u64) as usize];
                s.clone().try_lock_owned().ok()
            });
            match idle {
                Some(slot) => {
                    tokio::spawn(self.clone().turn(slot));
                }
                None => {
                    self.record.skipped.fetch_add(1, Ordering::Relaxed);
                }
            }
        }
    }
}
