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

pub(crate) mod answer;
pub mod api;
pub mod clock;
pub(crate) mod locks;
pub(crate) mod markup;
pub(crate) mod safety;
pub mod spec;

pub(crate) mod log;
pub(crate) mod policy;

pub(crate) mod cache;
pub(crate) mod language;
pub(crate) mod languages_of;
pub(crate) mod live;
pub(crate) mod pauses;
pub(crate) mod theme;
pub(crate) mod themes_of;
pub(crate) mod turns;

pub(crate) mod change;

pub(crate) mod followers;

pub(crate) mod aftermath;
pub(crate) mod conditional_replies;
pub(crate) mod present;
pub mod record;
pub(crate) mod running;
pub(crate) mod seating;

pub(crate) mod offering;
pub(crate) mod pausing;
pub(crate) mod rematching;
pub(crate) mod taking_back;

pub(crate) mod compete;
pub(crate) mod openings;
pub(crate) mod rounds;

pub mod parse;

pub(crate) mod cmd;
pub mod commands;

pub mod pages;
pub(crate) mod scheduler;

mod autocomplete;
pub(crate) mod computer;
pub(crate) mod request;
pub(crate) mod service;

#[cfg(test)]
mod tests;

pub(crate) use answer::{logged, store_failure, Answer, Refusal};
pub use api::*;
pub use cache::DEFAULT_CAPACITY as DEFAULT_CACHE;
/// Connections a process opens to a PostgreSQL server unless told otherwise.
pub const DEFAULT_POOL: usize = 4;
pub use clock::{Clock, ManualClock, ScaledClock, SystemClock, CLOCK_RATE_VAR};

pub use cmd::{label, specs as command_specs};
pub use live::TableError;
pub use openings::Opening;
pub use parse::Arg;
pub use policy::{ClockKind, Timeout};

use crate::engine::GameKind;
use crate::i18n::say;
use crate::msg;
use crate::store::Store;
pub(crate) use service::{lock, GameGuard, Service};
use std::path::Path;
use std::sync::atomic::Ordering;
use std::sync::Arc;

/// At most this many suggestions (Discord's limit for autocomplete).
pub const AUTOCOMPLETE_MAX: usize = 25;

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

/// The service as transports hold it: the door to [`Service`], shared through an `Arc`.
pub struct Table {
    svc: Service,
}

impl Table {
    /// Opens the database at `path` (`:memory:` for a private one). Refused while another
    /// process has the same file open ([`crate::store::StoreError::InUse`]).
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
        let svc = Service::with_store(store, clock, cmd::REGISTRY)?;
        let stale = svc.store().stale_turns()?;
        for game in stale {
            match turns::repair_clock(&svc, game) {
                Ok(()) => tracing::warn!(game, "clock row was behind its game: repaired"),
                Err(e) => tracing::error!(game, "clock row behind its game, not repaired: {e}"),
            }
        }
        Ok(Table { svc })
    }

    /// The service as a restart finds it (the local channel's `!restart`): the same store,
    /// clock and configuration, and nothing else of what this one held in memory.
    pub fn restart(self) -> Result<Table, TableError> {
        let svc = self.svc;
        let (clock, order, shards) = (svc.clock.clone(), svc.default_order, svc.shards);
        let timed = svc.ai_timed.load(Ordering::Relaxed);
        let movers = svc.movers;
        let mut table = Table::with_store(svc.store.into_inner(), clock)?
            .with_default_order(order)
            .with_shards(shards);
        table.svc.movers = movers;
        table.set_ai_timed(timed);
        Ok(table)
    }

    /// Opens `connections` to the store at `location` in all, when it is a PostgreSQL server:
    /// a game's moves then commit on the connection its id picks, so that moves of different
    /// games wait for the server at once rather than one after the other, and what the store
    /// foresees of a game stays on one connection. Everything else keeps the first. A SQLite
    /// file has one writer: one connection, whatever `connections` says.
    pub fn with_pool(
        mut self,
        location: impl AsRef<Path>,
        connections: usize,
    ) -> Result<Table, TableError> {
        let location = location.as_ref();
        if !matches!(
            crate::store::Location::parse(location),
            crate::store::Location::Postgres(_)
        ) {
            return Ok(self);
        }
        self.svc.movers = (1..connections.max(1))
            .map(|_| Store::open_shared(location).map(crate::table::service::store_lock))
            .collect::<Result<_, _>>()?;
        Ok(self)
    }

    /// Keeps at most `games` open games in memory (the least recently used are dropped and
    /// read again from the store when next needed).
    pub fn with_cache_size(self, games: usize) -> Table {
        self.svc.channels.write().set_capacity(games);
        self
    }

    /// Serves only the servers on `shards` (timers and computer players; requests come
    /// only from those servers, as Discord routes them).
    pub fn with_shards(mut self, shards: crate::store::Shards) -> Table {
        self.svc.shards = shards;
        self
    }

    /// Sets the seat order `/start` uses when the host does not choose one.
    pub fn with_default_order(mut self, order: SeatOrder) -> Table {
        self.svc.default_order = order;
        self
    }

    /// Whether computer players search within their level's time cap (tests turn it off to
    /// search by playouts alone and repeat).
    pub fn set_ai_timed(&self, timed: bool) {
        self.svc.ai_timed.store(timed, Ordering::Relaxed);
    }

    /// How many open games are in memory now.
    pub fn cached_games(&self) -> usize {
        self.svc.cached_games()
    }

    pub fn now_ms(&self) -> i64 {
        self.svc.now_ms()
    }

    /// The round trips the store has made to its PostgreSQL server so far (`None` on SQLite),
    /// for the benches and tests that count what a request costs.
    pub fn store_round_trips(&self) -> Option<u64> {
        self.svc.round_trips()
    }

    /// The latest time stored, so a manual clock can start after it.
    pub fn latest_time_ms(&self) -> Result<Option<i64>, TableError> {
        self.svc.latest_time_ms()
    }

    /// Answers one request. Refusals come back as one ephemeral reply saying what was wrong
    /// and how to do it right.
    pub fn handle(&self, req: &Request) -> Vec<Reply> {
        self.serve(req).0
    }

    /// As [`Table::handle`], with the work the request leaves for the transport to start once
    /// it has answered (a computer player to move, games waiting for their channels).
    pub fn serve(&self, req: &Request) -> (Vec<Reply>, FollowUps) {
        request::serve(&self.svc, req)
    }

    /// Runs whatever fell due by the clock's time (reminders, deadlines, digests, vacations
    /// running out) and returns what the bot posts (`scheduler.rs`). `serve` calls it every
    /// ~30 s, `!advance` after moving the clock.
    pub fn tick(&self) -> Vec<Reply> {
        request::tick(&self.svc)
    }

    /// Turns `/name args..` as typed into a command, reading game verbs with the channel's
    /// game. The error is the text of an ephemeral answer.
    pub fn command(&self, ctx: &Context, name: &str, args: &[Arg]) -> Result<Command, String> {
        request::command(&self.svc, ctx, name, args)
    }

    /// The channel's open game as the service holds it (for transports and tests).
    pub fn game_info(&self, channel_id: &str) -> Option<GameInfo> {
        self.svc.game_info(channel_id)
    }

    /// The kind of the channel's open game.
    pub fn channel_game(&self, ctx: &Context) -> Option<GameKind> {
        self.svc.channel_game(&ctx.channel.id)
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
        autocomplete::autocomplete(&self.svc, ctx, typed)
    }

    /// As [`Table::autocomplete`] when nothing would wait (the store, or listing the moves):
    /// `None` then, and the transport asks [`Table::autocomplete`] where it may block.
    pub fn autocomplete_now(&self, ctx: &Context, typed: &str) -> Option<Vec<String>> {
        autocomplete::autocomplete_now(&self.svc, ctx, typed)
    }

    /// Every legal move of the channel's running game for the author when it is their turn
    /// (empty otherwise), sorted, from memory: for transports that complete one option of a
    /// verb at a time and need more than [`AUTOCOMPLETE_MAX`] whole moves to pick words from.
    pub fn legal_moves_for(&self, ctx: &Context) -> Vec<String> {
        autocomplete::legal_moves_for(&self.svc, ctx)
    }

    /// Plays every computer player whose turn it is, on the shards this process serves.
    pub fn play_bots(&self) -> Vec<Reply> {
        computer::play_bots(&self.svc)
    }

    /// As [`Table::play_bots`], for the game of one channel (after a move there).
    pub fn play_bots_in(&self, channel: &str) -> Vec<Reply> {
        computer::play_bots_in(&self.svc, channel)
    }

    /// Games decided (a challenge accepted, a seek matched, a tournament round) that wait for
    /// a channel of their own (`openings.rs`).
    pub fn pending_openings(&self) -> Vec<Opening> {
        openings::pending_openings(&self.svc)
    }

    /// Creates and starts a pending opening's game in `channel`.
    pub fn open_at(&self, opening: i64, channel: ChannelRef) -> Vec<Reply> {
        openings::open_at(&self.svc, opening, channel)
    }

    /// Asks the next [`Table::pending_openings`] to read the store again.
    pub fn retry_openings(&self) {
        openings::retry_openings(&self.svc)
    }

    /// The languages of a request's answers (`language.rs`).
    pub fn langs_of(&self, ctx: &Context) -> Langs {
        languages_of::langs_of(&self.svc, ctx)
    }

    /// The language of a user reached outside a request.
    pub fn user_lang(&self, user: &str) -> crate::i18n::Lang {
        languages_of::user_lang(&self.svc, user)
    }

    /// The user's own language if they chose or were seen with one, else `fallback`.
    pub fn user_lang_or(&self, user: &str, fallback: crate::i18n::Lang) -> crate::i18n::Lang {
        languages_of::user_lang_or(&self.svc, user, fallback)
    }

    /// The language of messages to a channel outside a request.
    pub fn channel_lang(&self, channel: &ChannelRef) -> crate::i18n::Lang {
        languages_of::channel_lang(&self.svc, channel)
    }

    /// A user's direct messages are closed: their follows stop, and they are told once
    /// (`followers.rs`).
    pub fn dms_closed(&self, user: &str, now: bool) -> Option<String> {
        followers::dms_closed(&self.svc, user, now)
    }

    /// The service underneath, for the room's own tests.
    #[cfg(test)]
    pub(crate) fn service(&self) -> &Service {
        &self.svc
    }
}
