//! The service underneath the commands: the store, the open games in memory, the clock,
//! languages and themes, and the primitives every command builds on.

use super::answer::Answer;
use super::api::{Command, Request};
use super::live::{Live, Slot};
use super::locks::{Level, Ordered, OrderedMutex, OrderedRwLock};
use super::parse::Arg;
use super::spec::CommandSpec;
use super::{cache, language, theme, Clock, SeatOrder, TableError};
use crate::i18n::Msg;
use crate::store::Store;
use std::sync::{Arc, MutexGuard};

/// A command of the service: its declaration, how it reads its options as typed, and what it
/// does. Each is a type in the file of its family, listed once in [`REGISTRY`].
pub(crate) trait Handler: Sync {
    /// The command's name, options and lines of `/help`.
    fn spec(&self) -> &'static CommandSpec;
    /// The command from its options as typed (named, or bare in declared order).
    fn parse(&self, args: &[Arg]) -> Result<Command, Msg>;
    /// Whether `command` is this one's (`/accept` also owns the answer to a challenge).
    fn owns(&self, command: &Command) -> bool;
    /// Answers `req` if its command is this one's.
    fn run(&self, svc: &Service, req: &Request) -> Option<Answer>;
    /// How metrics name the command: its name, unless it says otherwise.
    fn label(&self, _command: &Command) -> &'static str {
        self.spec().name
    }
}

/// A command without options whose answer needs only who asks and where (`/join`, `/board`,
/// `/undo`, ...): its declaration, its typed command and its run.
pub(crate) struct Bare {
    pub(crate) spec: &'static CommandSpec,
    pub(crate) command: Command,
    pub(crate) run: fn(&Service, &super::Context) -> Answer,
}

impl Bare {
    pub(crate) const fn new(
        spec: &'static CommandSpec,
        command: Command,
        run: fn(&Service, &super::Context) -> Answer,
    ) -> Bare {
        Bare { spec, command, run }
    }
}

impl Handler for Bare {
    fn spec(&self) -> &'static CommandSpec {
        self.spec
    }

    fn parse(&self, args: &[Arg]) -> Result<Command, Msg> {
        // Read only to refuse an option it does not have, with the usual sentence.
        super::parse::Values::of(self.spec, args)?;
        Ok(self.command.clone())
    }

    fn owns(&self, command: &Command) -> bool {
        *command == self.command
    }

    fn run(&self, svc: &Service, req: &Request) -> Option<Answer> {
        self.owns(&req.command).then(|| (self.run)(svc, &req.ctx))
    }
}

pub struct Service {
    /// Every command, in the order Discord registers them (`cmd/mod.rs`).
    pub(crate) commands: &'static [&'static dyn Handler],
    pub(crate) store: OrderedMutex<Store>,
    /// Further connections to a PostgreSQL server, for moves (`store_of`); none on SQLite.
    pub(crate) movers: Vec<OrderedMutex<Store>>,
    pub(crate) clock: Arc<dyn Clock>,
    /// Open games in memory by channel id, loaded on first use (`cache.rs`).
    pub(crate) channels: OrderedRwLock<cache::Cache>,
    /// The seat order `/start` uses when not told (a server admin's choice).
    pub(crate) default_order: SeatOrder,
    /// Language choices and remembered locales (`language.rs`).
    pub(crate) languages: OrderedRwLock<language::Languages>,
    /// Board theme choices (`theme.rs`).
    pub(crate) themes: OrderedRwLock<theme::Themes>,
    /// Whether computer players search within their level's time cap (`bots.rs`).
    pub(crate) ai_timed: std::sync::atomic::AtomicBool,
    /// Games whose computer player is searching now. Taken alone, never with another lock.
    pub(crate) thinking: std::sync::Mutex<std::collections::HashSet<i64>>,
    /// Set when the store may hold games decided but not yet opened (`competing`).
    pub(crate) openings_waiting: std::sync::atomic::AtomicBool,
    /// The Discord shards this process serves when several share the database: its timers
    /// and computer players are those of the servers on them.
    pub(crate) shards: crate::store::Shards,
    /// This process's name on the timers it claims (`reminders.rs`).
    pub(crate) owner: String,
    /// When each answer was last shared in each channel, to throttle repeats (`records.rs`).
    /// Taken alone, never with another lock.
    pub(crate) shared: std::sync::Mutex<std::collections::HashMap<(String, u64), i64>>,
    /// Set while someone waits to be told that their follows stopped (`follow.rs`).
    pub(crate) notices_waiting: std::sync::atomic::AtomicBool,
}

impl Service {
    /// Every reply through `safety::make_safe`: the users it may name with a live mention
    /// are the players of the games it speaks about. (A computer player is named, never
    /// mentioned, by the presenter itself: `markup::person`.)
    pub(crate) fn make_safe(&self, replies: &mut [super::Reply]) {
        for r in replies.iter_mut() {
            let mut known: Vec<String> = r.mentions.clone();
            if let Some(slot) = self.cached(&r.channel.id) {
                let live = lock(&slot.live);
                known.extend(live.seats.iter().map(|s| s.user_id.clone()));
            }
            if let super::Visibility::Direct(user) = &r.visibility {
                known.push(user.clone());
            }
            super::safety::make_safe(r, &known);
        }
    }

    /// Runs a request's command with its handler.
    pub(crate) fn run(&self, req: &Request) -> Answer {
        self.commands
            .iter()
            .find(|h| h.owns(&req.command))
            .and_then(|h| h.run(self, req))
            .unwrap_or_else(|| Err(crate::msg!("error-unknown-command").into()))
    }
    /// The channel's open game as the service holds it (for transports and tests).
    pub(crate) fn game_info(&self, channel_id: &str) -> Option<super::GameInfo> {
        let slot = self.slot(channel_id)?;
        let live = lock(&slot.live);
        Some(super::GameInfo {
            id: live.id,
            kind: live.kind,
            status: live.status.as_str(),
            ply: live.ply,
            host: live.host.clone(),
            players: live
                .seats
                .iter()
                .map(|s| (s.user_id.clone(), s.name.clone(), s.seat))
                .collect(),
            game: live.game.clone(),
        })
    }

    /// The kind of the channel's open game.
    pub(crate) fn channel_game(&self, channel: &str) -> Option<crate::engine::GameKind> {
        self.slot(channel).map(|s| lock(&s.live).kind)
    }
    /// The service on `store`. No game is read yet: each is loaded when first used (and a
    /// damaged one refused on its own then).
    pub(crate) fn with_store(
        store: Store,
        clock: Arc<dyn Clock>,
        commands: &'static [&'static dyn Handler],
    ) -> Result<Service, TableError> {
        let languages = language::Languages::from_rows(store.languages()?);
        let themes = theme::Themes::from_rows(store.themes()?);
        let notices = store.any_refused()?;
        let table = Service {
            commands,
            store: store_lock(store),
            movers: Vec::new(),
            clock,
            channels: OrderedRwLock::new(
                Level::Channels,
                cache::Cache::new(cache::DEFAULT_CAPACITY),
            ),
            default_order: SeatOrder::default(),
            languages: OrderedRwLock::new(Level::Languages, languages),
            themes: OrderedRwLock::new(Level::Themes, themes),
            ai_timed: std::sync::atomic::AtomicBool::new(true),
            thinking: std::sync::Mutex::default(),
            openings_waiting: std::sync::atomic::AtomicBool::new(true),
            shards: crate::store::Shards::ALL,
            owner: process_name(),
            shared: std::sync::Mutex::default(),
            notices_waiting: std::sync::atomic::AtomicBool::new(notices),
        };
        Ok(table)
    }

    /// How many open games are in memory now.
    pub(crate) fn cached_games(&self) -> usize {
        self.channels.read().len()
    }

    /// A computer player's search budget at `level`: its time cap (`None`), or a fixed
    /// number of playouts when searches must repeat (tests, transcripts).
    pub(crate) fn ai_budget(&self, level: crate::ai::Level) -> Option<u32> {
        (!self.ai_timed.load(std::sync::atomic::Ordering::Relaxed)).then(|| level.limits().0)
    }

    pub(crate) fn now_ms(&self) -> i64 {
        self.clock.now_ms()
    }

    /// A new game's seed (or an analysis board's dice), salted with where it is for.
    pub(crate) fn new_seed(&self, salt: &str) -> u64 {
        self.clock.seed(salt)
    }

    /// The latest time stored, so a manual clock can start after it.
    pub(crate) fn latest_time_ms(&self) -> Result<Option<i64>, TableError> {
        let store = self.store();
        Ok(store.latest_time_ms()?.max(store.clock_latest_ms()?))
    }

    pub(crate) fn store(&self) -> Ordered<MutexGuard<'_, Store>> {
        self.store.lock()
    }

    /// The connection `game`'s moves commit on: always the same one for a game (what the
    /// store foresees of it is kept there), spread over the pool by id.
    pub(crate) fn store_of(&self, game: i64) -> Ordered<MutexGuard<'_, Store>> {
        match game.rem_euclid(self.movers.len() as i64 + 1) as usize {
            0 => self.store(),
            i => self.movers[i - 1].lock(),
        }
    }

    /// The round trips every connection has made to the PostgreSQL server so far (`None` on
    /// SQLite).
    pub(crate) fn round_trips(&self) -> Option<u64> {
        let first = self.store().round_trips()?;
        Some(
            first
                + self
                    .movers
                    .iter()
                    .filter_map(|m| m.lock().round_trips())
                    .sum::<u64>(),
        )
    }

    /// The channel's open game, read from the store if it is not in memory; `None` when the
    /// channel has none, or when it cannot be read (logged; requests that must say why use
    /// `find_slot`).
    pub(crate) fn slot(&self, channel: &str) -> Option<Arc<Slot>> {
        self.load_slot(channel).unwrap_or_else(|e| {
            tracing::error!(channel, "open game not readable: {e}");
            None
        })
    }

    /// The channel's open game if it is in memory (never reads the store).
    pub(crate) fn cached(&self, channel: &str) -> Option<Arc<Slot>> {
        self.channels.read().get(channel)
    }

    /// The channel's open game from memory, else from the store (kept in memory from then on).
    pub(crate) fn load_slot(&self, channel: &str) -> Result<Option<Arc<Slot>>, TableError> {
        let held = self.channels.read().get(channel);
        if let Some(s) = held {
            return Ok(Some(s));
        }
        let live = {
            let store = self.store();
            match store.open_game_in(channel)? {
                None => return Ok(None),
                Some(row) => Live::load(&store, &row)?,
            }
        };
        Ok(Some(self.keep(live)))
    }

    /// Puts a game in memory; another request's copy wins if it was first.
    pub(crate) fn keep(&self, live: Live) -> Arc<Slot> {
        let channel = live.channel.id.clone();
        self.channels.write().insert(channel, Arc::new(slot(live)))
    }

    pub(crate) fn insert_slot(&self, live: Live) {
        let channel = live.channel.id.clone();
        let fresh = Arc::new(slot(live));
        let mut channels = self.channels.write();
        // A new game replaces whatever was held for the channel (its previous, ended game).
        if let Some(old) = channels.get(&channel) {
            channels.remove(&channel, &old);
        }
        channels.insert(channel, fresh);
    }

    /// Forgets a game that is no longer open (finished, aborted).
    pub(crate) fn remove_slot(&self, channel: &str, slot: &Arc<Slot>) {
        self.channels.write().remove(channel, slot);
    }

    /// Publishes the cached state for autocomplete after a change.
    pub(crate) fn refresh_auto(slot: &Slot, live: &Live) {
        let auto = Arc::new(live.auto());
        *slot.auto.write() = auto;
    }

    /// After a lost race with another process: the store's version replaces ours.
    pub(crate) fn reload(&self, slot: &Slot, live: &mut Live) {
        let fresh = {
            let store = self.store();
            store
                .game(live.id)
                .ok()
                .flatten()
                .and_then(|row| Live::load(&store, &row).ok())
        };
        match fresh {
            Some(f) => {
                *live = f;
                Service::refresh_auto(slot, live);
            }
            None => tracing::error!("game {} could not be reloaded", live.id),
        }
    }

    /// The open game with this id, from memory or the store.
    pub(crate) fn slot_of_game(&self, game: i64) -> Option<Arc<Slot>> {
        let row = crate::table::logged("reading a game", self.store().game(game)).flatten()?;
        if let Some(s) = self.slot(&row.channel) {
            let mut live = lock(&s.live);
            if live.id == game {
                // Another process moved the game on: take the store's version.
                if live.ply != row.ply || live.status != row.status {
                    self.reload(&s, &mut live);
                }
                let open = live.status.is_open();
                drop(live);
                if !open {
                    self.remove_slot(&row.channel, &s);
                    return None;
                }
                return Some(s);
            }
        }
        if !row.status.is_open() {
            return None;
        }
        let live = {
            let store = self.store();
            match Live::load(&store, &row) {
                Ok(live) => live,
                Err(e) => {
                    tracing::error!("{e}");
                    return None;
                }
            }
        };
        self.insert_slot(live);
        self.slot(&row.channel)
    }
}

/// A name for this process that no other process sharing the database has.
fn process_name() -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    format!("{}:{}", std::process::id(), nanos)
}

// Transports share one table across threads (Discord calls it from `spawn_blocking`).
const _: () = {
    const fn shareable<T: Send + Sync>() {}
    shareable::<Service>()
};

pub(crate) fn store_lock(store: Store) -> OrderedMutex<Store> {
    OrderedMutex::new(Level::Store, store)
}

fn slot(live: Live) -> Slot {
    let auto = Arc::new(live.auto());
    Slot {
        live: OrderedMutex::new(Level::Game, live),
        auto: OrderedRwLock::new(Level::Auto, auto),
        used: std::sync::atomic::AtomicU64::new(0),
    }
}

/// Locks one game (level 2 of the lock order, `locks.rs`).
pub(crate) fn lock<T>(m: &OrderedMutex<T>) -> Ordered<MutexGuard<'_, T>> {
    m.lock()
}

/// A locked game, as the functions that change it pass it along.
pub(crate) type GameGuard<'a> = Ordered<MutexGuard<'a, Live>>;
