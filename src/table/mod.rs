//! The play-by-post service: games in channels, lobbies, seats, turns and replies.
//!
//! - [`Table::open`] opens the store (one process per database file) and loads every open
//!   game into memory, repairing or refusing, game by game, what a crash or an older version
//!   left inconsistent;
//! - [`Table::handle`] answers one [`Request`]: synchronous (SQLite + PNG, a few ms), `Send +
//!   Sync`, shared through an `Arc`; async transports call it from `spawn_blocking`;
//! - [`Table::autocomplete`] serves the legal moves of the author from memory;
//! - [`Table::command`] / [`commands::build`] turn a typed slash command into a [`Command`];
//! - [`Table::serve`] is [`Table::handle`] with the follow-ups the transport starts afterwards;
//! - [`Table::tick`] runs whatever fell due on the clock.
//!
//! # Locks: one order, never across an await
//!
//! `channels` (1) -> a game's `live` (2) -> `store` (3) -> a game's `auto` (4): a thread takes
//! a lock only while every lock it holds has a lower level, and never the same one twice
//! (`locks.rs`; debug builds and so every test panic on a violation, and clippy's
//! `significant_drop_in_scrutinee`, denied below, rejects a guard kept alive by a `match` or
//! `if let`, the shape of the freeze of issue 17). The service is synchronous: no guard can
//! be held across an `.await`. The scheduler holds a game only to change it, as a move does,
//! never while it waits for the network (the transport posts what `tick` returned after it
//! returned).
//!
//! # One change, one transaction
//!
//! Every change of a running game (move, resignation, undo, draw, removal on time, abort) is
//! a `change::Change` committed by [`Store::atomically`] under the game's lock: the action,
//! the game row, the clock turn and its timers (`turns.rs`), the offer it settles and the
//! timer that caused it land together or not at all. A timer is consumed in the transaction
//! of what it does, so it fires once and is never lost to a crash. Pictures are drawn after
//! the locks are released. A pause of the clocks (`pauses.rs`) is no action of the log but
//! lands the same way: the pause, the frozen or restarted turn, the offer it carries out and
//! the timer that ends it, in one transaction under the game's lock.

#![deny(clippy::significant_drop_in_scrutinee)]

// Floors, from the ground up: each file imports only files on the floors below it.
// - the vocabulary and the plumbing: `api` (what transports speak), `spec` (every command
//   declared once: options, help lines, localisation keys), `answer` (replies or a refusal),
//   `clock` (the time source), `locks` (the lock order), `markup` (mentions, timestamps,
//   channel links), `safety`;
// - pure policy: `policy/` (clocks and their timers, quiet hours and digests, a game's settings
//   and set-up) and `log` (action kinds, the undo arithmetic);
// - a loaded game: `live`, kept in memory by `cache`; languages: `language`; board colours:
//   `theme`;
// - the turn: `turns` (a turn's row and timers, and what a board says about it) and `pauses`
//   (a paused game's clocks stopped and started again);
// - the one write path: `change` (a change in one transaction, returning what it wrote);
// - the presenter: `present/` (every reply built once);
// - commands: `cmd/` (one file per command family), `commands` (typed commands from text,
//   read with `spec`) and `text` (`/help` and `/rules`);
// - the scheduler: `scheduler` (timers that fall due);
// - `mod.rs`: [`Table`], its cache of games, and the dispatch of a request to its handler.
// Transports (`discord`, `local`) call `mod.rs` and speak `api`; nothing else outside calls
// this room, but `cli/` (which opens it).

mod answer;
pub mod api;
pub mod clock;
mod locks;
mod markup;
mod safety;
pub mod spec;

mod log;
mod policy;

mod cache;
mod language;
mod live;
mod pauses;
mod theme;
mod turns;

mod change;

mod followers;

mod aftermath;
mod conditional_replies;
mod present;
mod running;
mod seating;

mod compete;
mod openings;

mod cmd;
pub mod commands;
pub mod text;

pub mod pages;
mod scheduler;

#[cfg(test)]
mod tests;

pub(crate) use answer::{logged, store_failure, Answer, Refusal};
pub use api::*;
pub use cache::DEFAULT_CAPACITY as DEFAULT_CACHE;
pub use clock::{Clock, ManualClock, ScaledClock, SystemClock, CLOCK_RATE_VAR};
pub use cmd::records;
pub use commands::Arg;
pub use live::TableError;
pub use openings::Opening;
pub use policy::{ClockKind, Timeout};

use crate::engine::GameKind;
use crate::i18n::say;
use crate::msg;
use crate::rating::views::Scope;
use crate::store::Store;
use live::{Live, Slot};
use locks::{Level, Ordered, OrderedMutex, OrderedRwLock};
use present::ephemeral;
use std::path::Path;
use std::sync::{Arc, MutexGuard};

/// At most this many suggestions (Discord's limit for autocomplete).
pub const AUTOCOMPLETE_MAX: usize = 25;

pub struct Table {
    store: OrderedMutex<Store>,
    clock: Arc<dyn Clock>,
    /// Open games in memory by channel id, loaded on first use (`cache.rs`).
    channels: OrderedRwLock<cache::Cache>,
    /// The seat order `/start` uses when not told (a server admin's choice).
    default_order: SeatOrder,
    /// Language choices and remembered locales (`language.rs`).
    languages: OrderedRwLock<language::Languages>,
    /// Board theme choices (`theme.rs`).
    themes: OrderedRwLock<theme::Themes>,
    /// Whether computer players search within their level's time cap (`bots.rs`).
    ai_timed: std::sync::atomic::AtomicBool,
    /// Games whose computer player is searching now. Taken alone, never with another lock.
    thinking: std::sync::Mutex<std::collections::HashSet<i64>>,
    /// Set when the store may hold games decided but not yet opened (`competing`).
    openings_waiting: std::sync::atomic::AtomicBool,
    /// The Discord shards this process serves when several share the database: its timers
    /// and computer players are those of the servers on them.
    shards: crate::store::Shards,
    /// This process's name on the timers it claims (`reminders.rs`).
    owner: String,
    /// When each answer was last shared in each channel, to throttle repeats (`records.rs`).
    /// Taken alone, never with another lock.
    shared: std::sync::Mutex<std::collections::HashMap<(String, u64), i64>>,
    /// Set while someone waits to be told that their follows stopped (`follow.rs`).
    notices_waiting: std::sync::atomic::AtomicBool,
}

/// A snapshot of a channel's open game.
#[derive(Clone, Debug)]
pub struct GameInfo {
    pub id: i64,
    pub kind: GameKind,
    /// `lobby` or `active`.
    pub status: &'static str,
    /// Actions logged so far: the version buttons carry.
    pub ply: u32,
    pub host: String,
    /// User id, name and seat (once started), in join order.
    pub players: Vec<(String, String, Option<u8>)>,
    /// The engine state once started.
    pub game: Option<crate::engine::AnyGame>,
}

impl Table {
    /// Opens the database at `path` (`:memory:` for a private one). Refused while another
    /// process has the same file open ([`StoreError::InUse`]).
    pub fn open(path: impl AsRef<Path>, clock: Arc<dyn Clock>) -> Result<Table, TableError> {
        let path = path.as_ref();
        let store = if path == Path::new(":memory:") {
            Store::open_in_memory()?
        } else {
            Store::open(path)?
        };
        Table::with_store(store, clock)
    }

    /// As [`Table::open`] without the one-process lock: for tests that play a second process
    /// on purpose.
    pub fn open_shared(path: impl AsRef<Path>, clock: Arc<dyn Clock>) -> Result<Table, TableError> {
        Table::with_store(Store::open_shared(path.as_ref())?, clock)
    }

    /// Opens the service on `store`. No game is read yet: each is loaded when first used
    /// (and a damaged one refused on its own then). Clock rows an older version or a crash
    /// left behind their games are repaired now.
    pub fn with_store(store: Store, clock: Arc<dyn Clock>) -> Result<Table, TableError> {
        let languages = language::Languages::from_rows(store.languages()?);
        let themes = theme::Themes::from_rows(store.themes()?);
        let stale = store.stale_turns()?;
        let notices = store.any_refused()?;
        let table = Table {
            store: OrderedMutex::new(Level::Store, store),
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
        for game in stale {
            match table.repair_clock(game) {
                Ok(()) => tracing::warn!(game, "clock row was behind its game: repaired"),
                Err(e) => tracing::error!(game, "clock row behind its game, not repaired: {e}"),
            }
        }
        Ok(table)
    }

    /// The service as a restart finds it (the local channel's `!restart`): the same store,
    /// clock and configuration, and nothing else of what this one held in memory.
    pub fn restart(self) -> Result<Table, TableError> {
        let (clock, order, shards) = (self.clock.clone(), self.default_order, self.shards);
        let timed = self.ai_timed.load(std::sync::atomic::Ordering::Relaxed);
        let table = Table::with_store(self.store.into_inner(), clock)?
            .with_default_order(order)
            .with_shards(shards);
        table.set_ai_timed(timed);
        Ok(table)
    }

    /// Keeps at most `games` open games in memory (the least recently used are dropped and
    /// read again from the store when next needed).
    pub fn with_cache_size(self, games: usize) -> Table {
        self.channels.write().set_capacity(games);
        self
    }

    /// Serves only the servers on `shards` (timers and computer players; requests come
    /// only from those servers, as Discord routes them).
    pub fn with_shards(mut self, shards: crate::store::Shards) -> Table {
        self.shards = shards;
        self
    }

    /// How many open games are in memory now.
    pub fn cached_games(&self) -> usize {
        self.channels.read().len()
    }

    /// Sets the seat order `/start` uses when the host does not choose one.
    pub fn with_default_order(mut self, order: SeatOrder) -> Table {
        self.default_order = order;
        self
    }

    pub fn now_ms(&self) -> i64 {
        self.clock.now_ms()
    }

    /// A new game's seed (or an analysis board's dice), salted with where it is for.
    pub(crate) fn new_seed(&self, salt: &str) -> u64 {
        self.clock.seed(salt)
    }

    /// The latest time stored, so a manual clock can start after it.
    pub fn latest_time_ms(&self) -> Result<Option<i64>, TableError> {
        let store = self.store();
        Ok(store.latest_time_ms()?.max(store.clock_latest_ms()?))
    }

    /// Answers one request. Refusals come back as one ephemeral reply saying what was wrong
    /// and how to do it right.
    pub fn handle(&self, req: &Request) -> Vec<Reply> {
        self.serve(req).0
    }

    /// As [`Table::handle`], with the work the request leaves for the transport to start once
    /// it has answered (a computer player to move, games waiting for their channels).
    pub fn serve(&self, req: &Request) -> (Vec<Reply>, FollowUps) {
        let replies = self.answer(req);
        let follow = FollowUps {
            bots_in: self
                .bot_to_move(&req.ctx.channel.id)
                .then(|| req.ctx.channel.id.clone()),
            openings: self
                .openings_waiting
                .load(std::sync::atomic::Ordering::Acquire),
        };
        (replies, follow)
    }

    fn answer(&self, req: &Request) -> Vec<Reply> {
        let mut req = req.clone();
        req.ctx.langs = self.langs_of(&req.ctx);
        let req = &req;
        let started = std::time::Instant::now();
        let before = self.slot(&req.ctx.channel.id).map(|s| {
            let live = lock(&s.live);
            (live.id, live.kind, live.ply)
        });
        let answer = match self.stale_confirm(req) {
            Some(replies) => Ok(replies),
            None => self.check_button(req).and_then(|()| self.dispatch(req)),
        };
        let mut replies = match answer {
            Ok(mut replies) => {
                self.offer_share(&req.ctx, &req.command, &mut replies);
                replies
            }
            Err(Refusal(m)) => vec![ephemeral(&req.ctx, say(req.ctx.langs.user, &m))],
        };
        replies.extend(self.waiting_notice(&req.ctx));
        self.make_safe(&mut replies);
        if let (Command::Play { .. }, Some((id, kind, ply))) = (&req.command, before) {
            // The game moved on from the version it was at (or ended and left memory): the
            // move landed.
            let after = self.cached(&req.ctx.channel.id).map(|s| {
                let live = lock(&s.live);
                (live.id, live.ply)
            });
            if after != Some((id, ply)) {
                crate::ops::metrics::moved(kind.id());
            }
        }
        crate::ops::metrics::request(req.command.label(), started.elapsed());
        replies
    }

    /// Every reply through `safety::make_safe`: the users it may name with a live mention
    /// are the players of the games it speaks about. (A computer player is named, never
    /// mentioned, by the presenter itself: `markup::person`.)
    fn make_safe(&self, replies: &mut [Reply]) {
        for r in replies.iter_mut() {
            let mut known: Vec<String> = r.mentions.clone();
            if let Some(slot) = self.cached(&r.channel.id) {
                let live = lock(&slot.live);
                known.extend(live.seats.iter().map(|s| s.user_id.clone()));
            }
            if let Visibility::Direct(user) = &r.visibility {
                known.push(user.clone());
            }
            safety::make_safe(r, &known);
        }
    }

    fn dispatch(&self, req: &Request) -> Answer {
        match &req.command {
            Command::New {
                game,
                players,
                options,
            } => self.new_game(&req.ctx, *game, *players, options),
            Command::Join => self.join(&req.ctx),
            Command::Leave => self.leave(&req.ctx),
            Command::Start { order } => self.start(&req.ctx, order.unwrap_or(self.default_order)),
            Command::Play { text } => self.play(&req.ctx, text),
            Command::Pick { path } => self.pick(&req.ctx, path, req.from_button),
            Command::Analyse { action, inside } => {
                self.analyse(&req.ctx, action, *inside && req.from_button.is_some())
            }
            Command::Board => self.board(&req.ctx),
            Command::Moves => self.moves(&req.ctx),
            Command::Resign => self.resign(&req.ctx),
            Command::History { page } => self.history(&req.ctx, page.unwrap_or(1)),
            Command::Undo => self.undo(&req.ctx),
            Command::Draw => self.draw(&req.ctx),
            Command::Accept => self.answer_anything(&req.ctx, true),
            Command::Decline => self.answer_anything(&req.ctx, false),
            Command::Rematch => self.rematch(&req.ctx),
            Command::Abort => self.abort(&req.ctx),
            Command::MyGames => self.my_games(&req.ctx),
            Command::Export => self.export(&req.ctx),
            Command::Replay => self.replay_gif(&req.ctx),
            Command::Rules { game } => self.rules(&req.ctx, *game),
            Command::Help => Ok(self
                .help_text(&req.ctx)
                .into_iter()
                .map(|text| ephemeral(&req.ctx, text))
                .collect()),
            Command::Claim => self.claim(&req.ctx),
            Command::Vacation { action } => self.vacation(&req.ctx, *action),
            Command::Settings { options } => self.settings_cmd(&req.ctx, options),
            Command::Rating { user, game } => self.rating_cmd(&req.ctx, user.as_deref(), *game),
            Command::Leaderboard { game, scope, page } => self.leaderboard_cmd(
                &req.ctx,
                *game,
                scope.unwrap_or(Scope::Server),
                page.unwrap_or(1),
            ),
            Command::Stats { user } => self.stats_cmd(&req.ctx, user.as_deref()),
            Command::AddBot { level } => self.add_bot(&req.ctx, *level),
            Command::Hint => self.hint(&req.ctx),
            Command::Challenge {
                game,
                opponent,
                players,
                options,
            } => self.challenge(&req.ctx, *game, opponent.as_deref(), *players, options),
            Command::AnswerChallenge { id, accept } => {
                self.answer_challenge(&req.ctx, *id, *accept)
            }
            Command::Seek {
                game,
                players,
                options,
            } => self.seek(&req.ctx, *game, *players, options),
            Command::Unseek { user } => self.unseek(&req.ctx, user.as_deref()),
            Command::Tournament { action, settings } => {
                self.tournament(&req.ctx, *action, settings)
            }
            Command::Pause => self.pause(&req.ctx),
            Command::Resume => self.resume(&req.ctx),
            Command::Shared(inner) => self.share(req, inner),
            Command::Follow { game } => self.follow(&req.ctx, *game),
            Command::Unfollow { game } => self.unfollow(&req.ctx, *game),
            Command::Conditional { action } => self.conditional(&req.ctx, action),
        }
    }

    /// A button posted with an earlier board acts only if the game has not moved since.
    fn check_button(&self, req: &Request) -> Result<(), Refusal> {
        let Some((game, ply)) = req.from_button else {
            return Ok(());
        };
        // The picker answers an out-of-date component itself, with a fresh Move button; an
        // analysis board is the asker's own and never out of date.
        if matches!(req.command, Command::Pick { .. } | Command::Analyse { .. }) {
            return Ok(());
        }
        let current = self.slot(&req.ctx.channel.id).map(|s| {
            let live = lock(&s.live);
            (live.id, live.ply, live.status.is_open())
        });
        match current {
            Some((id, p, true)) if id == game && p == ply => Ok(()),
            _ => Err(msg!("error-stale-button").into()),
        }
    }

    /// Runs whatever fell due by the clock's time (reminders, deadlines, digests, vacations
    /// running out) and returns what the bot posts (the scheduler, `reminders.rs`). `serve` calls it every
    /// ~30 s, `!advance` after moving the clock.
    pub fn tick(&self) -> Vec<Reply> {
        let mut replies = self.run_due();
        replies.extend(self.expire_challenges());
        replies.extend(self.match_seeks(None));
        replies.extend(self.advance_tournaments());
        // What a transport failed to open last time is read again.
        self.retry_openings();
        self.make_safe(&mut replies);
        crate::ops::metrics::open_games(self.cached_games());
        replies
    }

    /// Turns `/name args..` as typed into a command, reading game verbs with the channel's
    /// game. The error is the text of an ephemeral answer.
    pub fn command(&self, ctx: &Context, name: &str, args: &[Arg]) -> Result<Command, String> {
        let lang = self.langs_of(ctx).user;
        commands::build(self.channel_game(ctx), name, args).map_err(|why| {
            let mut r = ephemeral(ctx, say(lang, &why));
            self.make_safe(std::slice::from_mut(&mut r));
            r.text
        })
    }

    /// The channel's open game as the service holds it (for transports and tests).
    pub fn game_info(&self, channel_id: &str) -> Option<GameInfo> {
        let slot = self.slot(channel_id)?;
        let live = lock(&slot.live);
        Some(GameInfo {
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
    pub fn channel_game(&self, ctx: &Context) -> Option<GameKind> {
        self.slot(&ctx.channel.id).map(|s| lock(&s.live).kind)
    }

    /// The move text of a game verb with its option values (`("square", "h3")`..), read with
    /// the channel's game; `None` when the channel's game has no such verb.
    pub fn verb_text(&self, ctx: &Context, verb: &str, values: &[(&str, &str)]) -> Option<String> {
        let kind = self.channel_game(ctx)?;
        let spec = kind.verbs().iter().find(|v| v.name == verb)?;
        Some(spec.move_text(values))
    }

    /// Legal moves of the channel's running game for the author when it is their turn,
    /// filtered by what they typed: a prefix of the canonical text, or every typed word a
    /// prefix of the corresponding word (`mo h3 h` finds `move h3 h5`). At most
    /// [`AUTOCOMPLETE_MAX`]; served from memory.
    pub fn autocomplete(&self, ctx: &Context, typed: &str) -> Vec<String> {
        let started = std::time::Instant::now();
        let found = self.autocomplete_from_memory(ctx, typed);
        crate::ops::metrics::autocomplete(started.elapsed());
        found
    }

    fn autocomplete_from_memory(&self, ctx: &Context, typed: &str) -> Vec<String> {
        let Some(auto) = self.auto_for(ctx) else {
            return Vec::new();
        };
        let typed = typed.trim_start().to_ascii_lowercase();
        let words: Vec<&str> = typed.split_whitespace().collect();
        auto.moves
            .iter()
            .filter(|m| {
                m.starts_with(typed.as_str()) || {
                    let mut mw = m.split(' ');
                    words
                        .iter()
                        .all(|w| mw.next().is_some_and(|x| x.starts_with(w)))
                }
            })
            .take(AUTOCOMPLETE_MAX)
            .cloned()
            .collect()
    }

    /// Every legal move of the channel's running game for the author when it is their turn
    /// (empty otherwise), sorted, from memory: for transports that complete one option of a
    /// verb at a time and need more than [`AUTOCOMPLETE_MAX`] whole moves to pick words from.
    pub fn legal_moves_for(&self, ctx: &Context) -> Vec<String> {
        self.auto_for(ctx)
            .map(|a| a.moves.clone())
            .unwrap_or_default()
    }

    /// The cached moves of the channel's game if the author is the one to move.
    fn auto_for(&self, ctx: &Context) -> Option<Arc<live::Auto>> {
        let slot = self.slot(&ctx.channel.id)?;
        let auto = slot.auto.read().clone();
        (auto.mover.as_deref() == Some(ctx.user.id.as_str())).then_some(auto)
    }

    fn store(&self) -> Ordered<MutexGuard<'_, Store>> {
        self.store.lock()
    }

    /// The channel's open game, read from the store if it is not in memory; `None` when the
    /// channel has none, or when it cannot be read (logged; requests that must say why use
    /// `find_slot`).
    fn slot(&self, channel: &str) -> Option<Arc<Slot>> {
        self.load_slot(channel).unwrap_or_else(|e| {
            tracing::error!(channel, "open game not readable: {e}");
            None
        })
    }

    /// The channel's open game if it is in memory (never reads the store).
    fn cached(&self, channel: &str) -> Option<Arc<Slot>> {
        self.channels.read().get(channel)
    }

    /// The channel's open game from memory, else from the store (kept in memory from then on).
    fn load_slot(&self, channel: &str) -> Result<Option<Arc<Slot>>, TableError> {
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
    fn keep(&self, live: Live) -> Arc<Slot> {
        let channel = live.channel.id.clone();
        self.channels.write().insert(channel, Arc::new(slot(live)))
    }

    fn insert_slot(&self, live: Live) {
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
    fn remove_slot(&self, channel: &str, slot: &Arc<Slot>) {
        self.channels.write().remove(channel, slot);
    }

    /// Publishes the cached state for autocomplete after a change.
    fn refresh_auto(slot: &Slot, live: &Live) {
        let auto = Arc::new(live.auto());
        *slot.auto.write() = auto;
    }

    /// After a lost race with another process: the store's version replaces ours.
    fn reload(&self, slot: &Slot, live: &mut Live) {
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
                Table::refresh_auto(slot, live);
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
    shareable::<Table>()
};

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
pub(crate) type GameGuard<'a> = Ordered<MutexGuard<'a, live::Live>>;
