//! The Discord transport: slash commands, autocomplete and buttons through poise, turned into
//! service requests; service replies turned into Discord messages. It holds no game logic:
//! every decision (who may move, what is legal, what to answer) is the service's.
//!
//! - [`commands`]: the slash commands, built at run time from the service's commands and the
//!   engine's verb tables;
//! - [`translate`]: their option values into the service's commands, and autocomplete words;
//! - [`menus`]: the service's select menus as Discord string selects, within Discord's
//!   limits, and the command a choice runs;
//! - [`reply`]: [`Reply`] -> Discord messages (a move picker's laid out to be updated in
//!   place), and the custom ids of buttons;
//! - [`respond`]: answering one interaction (3 s, a defer decides what is public, only a
//!   created message notifies);
//! - [`rest`]: Discord's REST failures sorted by meaning, and bounded retries;
//! - [`gate`]: behind a proxy, the 429s' `retry_after` read and honoured;
//! - [`post`]: channel posts and direct messages outside an answer (threads revived,
//!   channels that refuse the bot left alone);
//! - [`register`]: registration of the commands, only when they changed;
//! - [`bot`]: the client, the interaction handlers, threads and the periodic tick;
//! - `links`: every public board given its game page's address (`[web] public_url`).
//!
//! Files import one another in one direction: `rest` <- `gate`, `respond`, `post` <- `menus`
//! <- `reply`, `translate`, `commands`, `register` <- `shared` <- `openings` <- `bot`. The room speaks the
//! service's vocabulary (`table`) and reads its configuration (`config`); it never names the
//! store. `cli/serve.rs` starts it (`plateau serve`); nothing else calls it.
//!
//! End-to-end tests: `tests/discord_e2e.rs`, against the fake Discord of `tests/support/`.

pub mod bot;
pub mod commands;
mod gate;
mod links;
pub mod menus;
mod openings;
pub mod post;
pub mod register;
pub mod reply;
pub mod respond;
pub mod rest;
mod shared;
pub mod translate;

#[cfg(test)]
mod menu_tests;
#[cfg(test)]
mod tests;

pub use bot::{serve_with, Bot, BotError, RunningBot};

use crate::engine::GameKind;
use crate::i18n::Lang;
use crate::table::{ChannelRef, Context, FollowUps, Langs, Reply, Request, Table};

/// What the transport needs from the play-by-post service. The real one is the `Table`; the
/// trait keeps this module testable without a database and states the contract in one place.
pub trait Backend: Send + Sync + 'static {
    /// Runs one request (synchronous: SQLite and PNG; call it from `spawn_blocking`).
    fn handle(&self, request: &Request) -> Vec<Reply>;
    /// As [`Backend::handle`], with the work left to start once the interaction is answered.
    fn serve(&self, request: &Request) -> (Vec<Reply>, FollowUps) {
        (self.handle(request), FollowUps::default())
    }
    /// Legal moves of the channel's game for the author, filtered by `typed`, at most 25.
    fn autocomplete(&self, ctx: &Context, typed: &str) -> Vec<String>;
    /// [`Backend::autocomplete`] when it can answer at once, without blocking (the game in
    /// memory, its moves listed); `None` sends the request to the blocking pool.
    fn autocomplete_now(&self, _ctx: &Context, _typed: &str) -> Option<Vec<String>> {
        None
    }
    /// Every legal move the author may play now, canonical; empty when it is not their turn.
    /// Used to offer the words of one option of a verb (`/turn square:`), where the 25 moves
    /// of [`Backend::autocomplete`] could hide most squares.
    fn legal_moves(&self, ctx: &Context) -> Vec<String>;
    /// Runs whatever fell due (reminders, time-outs); the replies are channel messages.
    fn tick(&self) -> Vec<Reply>;
    /// Plays the computer players whose turn it is in every game (slow: each move is a
    /// search); the replies are channel messages.
    fn play_bots(&self) -> Vec<Reply> {
        Vec::new()
    }
    /// As [`Backend::play_bots`], in one channel's game.
    fn play_bots_in(&self, _channel: &str) -> Vec<Reply> {
        Vec::new()
    }
    /// Games decided by challenges, seeks and tournaments, waiting for a channel (issue 14).
    fn pending_openings(&self) -> Vec<crate::table::Opening> {
        Vec::new()
    }
    /// Creates and starts the decided game `opening` in `channel`; its messages.
    fn open_at(&self, _opening: i64, _channel: ChannelRef) -> Vec<Reply> {
        Vec::new()
    }
    /// Asks the next [`Backend::pending_openings`] to look again (a thread that failed).
    fn retry_openings(&self) {}
    /// The game played in `channel`, if any: it decides how a verb's options become move text.
    fn channel_game(&self, channel: &ChannelRef) -> Option<GameKind>;
    /// The languages of a request (the user's, the channel's), for the transport's own words.
    /// English unless the service knows better.
    fn langs(&self, _ctx: &Context) -> Langs {
        Langs::default()
    }
    /// The language of a channel's messages, for the transport's own words on them.
    fn channel_lang(&self, _channel: &ChannelRef) -> Lang {
        Lang::EN
    }
    /// A user's own language outside any request (a direct message from the scheduler).
    fn user_lang(&self, _user: &str) -> Lang {
        Lang::EN
    }
    /// A user's language where it is known, else that of `channel` (a direct message about a
    /// channel's game speaks its server's language rather than English).
    fn user_lang_in(&self, user: &str, _channel: &ChannelRef) -> Lang {
        self.user_lang(user)
    }
    /// Discord refused `user` a direct message (50007: they accept none from the bot): the
    /// service stops what it sends them that way (followed games). With `now` (they are the
    /// user being answered) the notice to show them privately; else the service keeps it for
    /// their next request.
    fn dms_closed(&self, _user: &str, _now: bool) -> Option<String> {
        None
    }
    /// Gives the public boards among `replies` the address of their game's page under
    /// `base` (`[web] public_url`); nothing by default.
    fn link_pages(&self, _replies: &mut [Reply], _base: &str) {}
    /// The addresses of the pages of `ctx.user`'s running games under `base`, as lines
    /// `/mygames` adds; nothing by default.
    fn my_pages(&self, _ctx: &Context, _base: &str) -> Option<String> {
        None
    }
}

impl Backend for Table {
    fn handle(&self, request: &Request) -> Vec<Reply> {
        Table::handle(self, request)
    }
    fn serve(&self, request: &Request) -> (Vec<Reply>, FollowUps) {
        Table::serve(self, request)
    }
    fn autocomplete(&self, ctx: &Context, typed: &str) -> Vec<String> {
        Table::autocomplete(self, ctx, typed)
    }
    fn autocomplete_now(&self, ctx: &Context, typed: &str) -> Option<Vec<String>> {
        Table::autocomplete_now(self, ctx, typed)
    }
    fn legal_moves(&self, ctx: &Context) -> Vec<String> {
        // Whose turn it is stays the service's call: it offers nothing to anyone else.
        if Table::autocomplete(self, ctx, "").is_empty() {
            return Vec::new();
        }
        self.game_info(&ctx.channel.id)
            .and_then(|info| info.game)
            .map(|game| game.legal_moves())
            .unwrap_or_default()
    }
    fn tick(&self) -> Vec<Reply> {
        Table::tick(self)
    }
    fn play_bots(&self) -> Vec<Reply> {
        Table::play_bots(self)
    }
    fn play_bots_in(&self, channel: &str) -> Vec<Reply> {
        Table::play_bots_in(self, channel)
    }
    fn pending_openings(&self) -> Vec<crate::table::Opening> {
        Table::pending_openings(self)
    }
    fn open_at(&self, opening: i64, channel: ChannelRef) -> Vec<Reply> {
        Table::open_at(self, opening, channel)
    }
    fn retry_openings(&self) {
        Table::retry_openings(self)
    }
    fn channel_game(&self, channel: &ChannelRef) -> Option<GameKind> {
        // The table looks the game up by channel only; who asks does not matter.
        let ctx = Context {
            user: crate::table::UserRef {
                id: String::new(),
                name: String::new(),
            },
            channel: channel.clone(),
            can_manage: false,
            ..Default::default()
        };
        Table::channel_game(self, &ctx)
    }
    fn langs(&self, ctx: &Context) -> Langs {
        self.langs_of(ctx)
    }
    fn channel_lang(&self, channel: &ChannelRef) -> Lang {
        Table::channel_lang(self, channel)
    }
    fn user_lang(&self, user: &str) -> Lang {
        Table::user_lang(self, user)
    }
    fn user_lang_in(&self, user: &str, channel: &ChannelRef) -> Lang {
        self.user_lang_or(user, Table::channel_lang(self, channel))
    }
    fn dms_closed(&self, user: &str, now: bool) -> Option<String> {
        Table::dms_closed(self, user, now)
    }
    fn link_pages(&self, replies: &mut [Reply], base: &str) {
        crate::table::pages::link_boards(self, replies, base)
    }
    fn my_pages(&self, ctx: &Context, base: &str) -> Option<String> {
        let lang = self.langs_of(ctx).user;
        crate::table::pages::my_pages(self, &ctx.user.id, lang, base)
    }
}
