//! The play-by-post service: games in channels, lobbies, seats, turns and replies.
//!
//! - [`Table::open`] opens the store and loads every open game into memory;
//! - [`Table::handle`] answers one [`Request`]: synchronous (SQLite + PNG, a few ms), `Send +
//!   Sync`, shared through an `Arc`; async transports call it from `spawn_blocking`;
//! - [`Table::autocomplete`] serves the legal moves of the author from memory;
//! - [`Table::command`] / [`commands::build`] turn a typed slash command into a [`Command`];
//! - [`Table::tick`] runs whatever fell due on the clock.
//!
//! Each open game has its own lock (`live::Slot`); the store's connection is locked only
//! for the SQL of one change, and pictures are drawn after both are released.
//!
//! Room for correspondence play (clocks, reminders, undo, offers): every change of a running
//! game goes through one commit that appends an action and stamps `turn_started_ms`, which is
//! where a deadline gets (re-)armed; [`Table::tick`] is the one place that will fire what fell
//! due, reading time only from the [`Clock`]; undo and offers become further action kinds that
//! `Live::replay` interprets.

pub mod api;
pub mod clock;
pub mod clocks;
pub mod commands;
mod language;
mod live;
mod lobby;
mod play;
mod reminders;
mod settings;
mod text;

#[cfg(test)]
mod tests;

// Issue 7, between players: undo, offers, abort and rematch, records.
mod offers;
pub mod records;
mod undo;

pub use api::*;
pub use clock::{Clock, ManualClock, SystemClock};
pub use commands::Arg;
pub use live::TableError;

use crate::engine::GameKind;
use crate::i18n::{say, Msg};
use crate::msg;
use crate::store::{Store, StoreError};
use live::{Live, Slot};
use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex, MutexGuard, RwLock};

/// At most this many suggestions (Discord's limit for autocomplete).
pub const AUTOCOMPLETE_MAX: usize = 25;

pub struct Table {
    store: Mutex<Store>,
    clock: Arc<dyn Clock>,
    /// Open games by channel id.
    channels: RwLock<HashMap<String, Arc<Slot>>>,
    /// The seat order `/start` uses when not told (a server admin's choice).
    default_order: SeatOrder,
    /// Language choices and remembered locales (`language.rs`).
    languages: RwLock<language::Languages>,
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

/// Why a request was refused: the ephemeral answer, put into words in the author's language.
#[derive(Debug)]
pub(crate) struct Refusal(pub Msg);

impl From<Msg> for Refusal {
    fn from(m: Msg) -> Refusal {
        Refusal(m)
    }
}

pub(crate) type Answer = Result<Vec<Reply>, Refusal>;

/// The value, or `None` after logging why the store failed: for reads whose failure should
/// only thin out a message (a reminder, a digest, a ping) rather than refuse a request.
pub(crate) fn logged<T>(what: &str, r: Result<T, StoreError>) -> Option<T> {
    r.map_err(|e| tracing::error!("store: {what}: {e}")).ok()
}

pub(crate) fn store_failure(e: StoreError) -> Refusal {
    tracing::error!("store: {e}");
    Refusal(msg!("error-store", error = e.to_string()))
}

impl Table {
    /// Opens the database at `path` (`:memory:` for a private one).
    pub fn open(path: impl AsRef<Path>, clock: Arc<dyn Clock>) -> Result<Table, TableError> {
        let path = path.as_ref();
        let store = if path == Path::new(":memory:") {
            Store::open_in_memory()?
        } else {
            Store::open(path)?
        };
        Table::with_store(store, clock)
    }

    pub fn with_store(store: Store, clock: Arc<dyn Clock>) -> Result<Table, TableError> {
        let languages = language::Languages::from_rows(store.languages()?);
        let mut channels = HashMap::new();
        for row in store.open_games()? {
            match Live::load(&store, &row) {
                Ok(live) => {
                    channels.insert(row.channel.clone(), Arc::new(slot(live)));
                }
                // One broken game must not keep the others from being played.
                Err(e) => tracing::error!("skipping game {}: {e}", row.id),
            }
        }
        Ok(Table {
            store: Mutex::new(store),
            clock,
            channels: RwLock::new(channels),
            default_order: SeatOrder::default(),
            languages: RwLock::new(languages),
        })
    }

    /// Sets the seat order `/start` uses when the host does not choose one.
    pub fn with_default_order(mut self, order: SeatOrder) -> Table {
        self.default_order = order;
        self
    }

    pub fn now_ms(&self) -> i64 {
        self.clock.now_ms()
    }

    /// The latest time stored, so a manual clock can start after it.
    pub fn latest_time_ms(&self) -> Result<Option<i64>, TableError> {
        let store = self.store();
        Ok(store.latest_time_ms()?.max(store.clock_latest_ms()?))
    }

    /// Answers one request. Refusals come back as one ephemeral reply saying what was wrong
    /// and how to do it right.
    pub fn handle(&self, req: &Request) -> Vec<Reply> {
        let mut req = req.clone();
        req.ctx.langs = self.langs_of(&req.ctx);
        let req = &req;
        let before = self.slot(&req.ctx.channel.id).map(|s| lock(&s.live).id);
        let answer = self.check_button(req).and_then(|()| self.dispatch(req));
        match answer {
            Ok(mut replies) => {
                self.clock_after(req, before, &mut replies);
                replies
            }
            Err(Refusal(m)) => vec![ephemeral(&req.ctx, say(req.ctx.langs.user, &m))],
        }
    }

    fn dispatch(&self, req: &Request) -> Answer {
        match &req.command {
            Command::New {
                game,
                players,
                options,
            } => self.new_game(&req.ctx, game, *players, options),
            Command::Join => self.join(&req.ctx),
            Command::Leave => self.leave(&req.ctx),
            Command::Start { order } => self.start(&req.ctx, order.unwrap_or(self.default_order)),
            Command::Play { text } => self.play(&req.ctx, text),
            Command::Board => self.board(&req.ctx),
            Command::Moves => self.moves(&req.ctx),
            Command::Resign => self.resign(&req.ctx),
            Command::History { page } => self.history(&req.ctx, page.unwrap_or(1)),
            Command::Undo => self.undo(&req.ctx),
            Command::Draw => self.draw(&req.ctx),
            Command::Accept => self.accept(&req.ctx),
            Command::Decline => self.decline(&req.ctx),
            Command::Rematch => self.rematch(&req.ctx),
            Command::Abort => self.abort(&req.ctx),
            Command::MyGames => self.my_games(&req.ctx),
            Command::Export => self.export(&req.ctx),
            Command::Replay => self.replay_gif(&req.ctx),
            Command::Rules { game } => self.rules(&req.ctx, game.as_deref()),
            Command::Help => Ok(vec![ephemeral(&req.ctx, self.help_text(&req.ctx))]),
            Command::Claim => self.claim(&req.ctx),
            Command::Vacation { action } => self.vacation(&req.ctx, action.as_deref()),
            Command::Settings { options } => self.settings_cmd(&req.ctx, options),
        }
    }

    /// A button posted with an earlier board acts only if the game has not moved since.
    fn check_button(&self, req: &Request) -> Result<(), Refusal> {
        let Some((game, ply)) = req.from_button else {
            return Ok(());
        };
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
        self.run_due()
    }

    /// Turns `/name args..` as typed into a command, reading game verbs with the channel's
    /// game. The error is the text of an ephemeral answer.
    pub fn command(&self, ctx: &Context, name: &str, args: &[Arg]) -> Result<Command, String> {
        let lang = self.langs_of(ctx).user;
        commands::build(self.channel_game(ctx), name, args).map_err(|m| say(lang, &m))
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
        let auto = {
            let channels = self.channels.read().unwrap_or_else(|e| e.into_inner());
            let slot = channels.get(&ctx.channel.id)?;
            let auto = slot.auto.read().unwrap_or_else(|e| e.into_inner());
            auto.clone()
        };
        (auto.mover.as_deref() == Some(ctx.user.id.as_str())).then_some(auto)
    }

    fn store(&self) -> MutexGuard<'_, Store> {
        lock(&self.store)
    }

    fn slot(&self, channel: &str) -> Option<Arc<Slot>> {
        self.channels
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get(channel)
            .cloned()
    }

    fn insert_slot(&self, live: Live) {
        let channel = live.channel.id.clone();
        self.channels
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .insert(channel, Arc::new(slot(live)));
    }

    /// Forgets a game that is no longer open (finished, aborted).
    fn remove_slot(&self, channel: &str, slot: &Arc<Slot>) {
        let mut channels = self.channels.write().unwrap_or_else(|e| e.into_inner());
        if channels.get(channel).is_some_and(|s| Arc::ptr_eq(s, slot)) {
            channels.remove(channel);
        }
    }

    /// Publishes the cached state for autocomplete after a change.
    fn refresh_auto(slot: &Slot, live: &Live) {
        let auto = Arc::new(live.auto());
        *slot.auto.write().unwrap_or_else(|e| e.into_inner()) = auto;
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
}

// Transports share one table across threads (Discord calls it from `spawn_blocking`).
const _: () = {
    const fn shareable<T: Send + Sync>() {}
    shareable::<Table>()
};

fn slot(live: Live) -> Slot {
    let auto = Arc::new(live.auto());
    Slot {
        live: Mutex::new(live),
        auto: RwLock::new(auto),
    }
}

/// A poisoned lock only means another request panicked mid-way; the data behind it is
/// still the last committed state, so carry on.
pub(crate) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

pub(crate) fn ephemeral(ctx: &Context, text: impl Into<String>) -> Reply {
    Reply {
        channel: ctx.channel.clone(),
        visibility: Visibility::Ephemeral,
        text: text.into(),
        image: None,
        buttons: Vec::new(),
        mentions: Vec::new(),
    }
}

pub(crate) fn public(ctx: &Context, text: impl Into<String>) -> Reply {
    Reply {
        visibility: Visibility::Public,
        ..ephemeral(ctx, text)
    }
}
