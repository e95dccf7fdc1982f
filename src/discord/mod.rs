//! The Discord transport: slash commands, autocomplete and buttons through poise, turned into
//! service requests; service replies turned into Discord messages. It holds no game logic:
//! every decision (who may move, what is legal, what to answer) is the service's.
//!
//! - [`config`]: `plateau serve`'s configuration (token, proxy, development guild, threads);
//! - [`commands`]: the slash commands, built at run time from the service's commands and the
//!   engine's verb tables;
//! - [`translate`]: their option values into the service's commands, and autocomplete words;
//! - [`reply`]: [`Reply`] -> Discord messages, and the custom ids of buttons;
//! - [`respond`]: answering one interaction (3 s, a defer decides what is public, only a
//!   created message notifies);
//! - [`rest`]: Discord's REST failures sorted by meaning, and bounded retries;
//! - [`gate`]: behind a proxy, the 429s' `retry_after` read and honoured;
//! - [`post`]: channel posts and direct messages outside an answer (threads revived,
//!   channels that refuse the bot left alone);
//! - [`register`]: registration of the commands, only when they changed;
//! - [`bot`]: the client, the interaction handlers, threads and the periodic tick.
//!
//! End-to-end tests: `tests/discord_e2e.rs`, against the fake Discord of `tests/support/`.

pub mod bot;
pub mod commands;
pub mod config;
mod gate;
mod openings;
pub mod post;
pub mod register;
pub mod reply;
pub mod respond;
pub mod rest;
pub mod translate;

#[cfg(test)]
mod tests;

pub use bot::{serve_with, Bot, BotError, RunningBot};
pub use config::{Config, ConfigError, TOKEN_VAR};

use crate::engine::GameKind;
use crate::i18n::Lang;
use crate::table::{ChannelRef, Context, FollowUps, Langs, Reply, Request, SystemClock, Table};
use std::path::Path;
use std::sync::Arc;
use thiserror::Error;

/// What the transport needs from the play-by-post service. The real one is the `Table`; the
/// trait keeps this module testable without a database and states the contract in one place.
pub trait Service: Send + Sync + 'static {
    /// Runs one request (synchronous: SQLite and PNG; call it from `spawn_blocking`).
    fn handle(&self, request: &Request) -> Vec<Reply>;
    /// As [`Service::handle`], with the work left to start once the interaction is answered.
    fn serve(&self, request: &Request) -> (Vec<Reply>, FollowUps) {
        (self.handle(request), FollowUps::default())
    }
    /// Legal moves of the channel's game for the author, filtered by `typed`, at most 25.
    fn autocomplete(&self, ctx: &Context, typed: &str) -> Vec<String>;
    /// Every legal move the author may play now, canonical; empty when it is not their turn.
    /// Used to offer the words of one option of a verb (`/turn square:`), where the 25 moves
    /// of [`Service::autocomplete`] could hide most squares.
    fn legal_moves(&self, ctx: &Context) -> Vec<String>;
    /// Runs whatever fell due (reminders, time-outs); the replies are channel messages.
    fn tick(&self) -> Vec<Reply>;
    /// Plays the computer players whose turn it is in every game (slow: each move is a
    /// search); the replies are channel messages.
    fn play_bots(&self) -> Vec<Reply> {
        Vec::new()
    }
    /// As [`Service::play_bots`], in one channel's game.
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
    /// Asks the next [`Service::pending_openings`] to look again (a thread that failed).
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
}

impl Service for Table {
    fn handle(&self, request: &Request) -> Vec<Reply> {
        Table::handle(self, request)
    }
    fn serve(&self, request: &Request) -> (Vec<Reply>, FollowUps) {
        Table::serve(self, request)
    }
    fn autocomplete(&self, ctx: &Context, typed: &str) -> Vec<String> {
        Table::autocomplete(self, ctx, typed)
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
}

#[derive(Error, Debug)]
pub enum ServeError {
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// A database that cannot be used (unreadable, locked by another process, from a newer
    /// version): the person starting the bot must act, so it is a usage error (status 2).
    #[error("cannot open the database: {0}")]
    Table(#[from] crate::table::TableError),
    #[error(transparent)]
    Bot(#[from] BotError),
    #[error("cannot start the async runtime: {0}")]
    Runtime(std::io::Error),
    /// A setting unusable at start: the `[ops] listen` address, the clock rate.
    #[error("{0}")]
    Start(String),
}

impl ServeError {
    /// A mistake of the person starting the bot (no token, a bad config file): exit status 2.
    pub fn is_usage(&self) -> bool {
        matches!(
            self,
            ServeError::Config(_) | ServeError::Table(_) | ServeError::Start(_)
        )
    }
}

/// `plateau serve [--config FILE]`: the bot on the real clock until Ctrl-C.
///
/// With `shards`, the process runs that range of Discord's shards and serves only their
/// servers; several such processes share one PostgreSQL database (`[store] url`).
pub fn serve(
    config_path: Option<&Path>,
    shards: Option<crate::store::Shards>,
) -> Result<(), ServeError> {
    let mut config = Config::load(config_path)?;
    config.discord.shards = shards;
    let token = config.token(std::env::var(TOKEN_VAR).ok())?;
    let _ = tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "plateau=info,serenity=warn,poise=warn".into()),
        )
        .with_writer(|| crate::store::secret::Masked(std::io::stdout()))
        .try_init();
    let clock: Arc<dyn crate::table::Clock> = match std::env::var(crate::table::CLOCK_RATE_VAR) {
        Ok(v) if !v.trim().is_empty() => {
            Arc::new(crate::table::ScaledClock::parse(&v).map_err(ServeError::Start)?)
        }
        _ => Arc::new(SystemClock),
    };
    // Claimed before anything is read: a second process on the same shards is turned away.
    let location = crate::store::Location::parse(&config.store.location());
    let served_shards = shards.unwrap_or(crate::store::Shards::ALL);
    let _claim = crate::store::ShardLease::claim(&location, served_shards)
        .map_err(|e| ServeError::Start(e.to_string()))?;
    let table = Table::open(config.store.location(), clock)?
        .with_default_order(config.defaults.order)
        .with_cache_size(config.store.cache)
        .with_shards(shards.unwrap_or(crate::store::Shards::ALL));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(ServeError::Runtime)?;
    let database = location.display();
    let shards = shards.map(|s| format!("{}-{} of {}", s.first, s.last, s.total));
    tracing::info!(%database, shards = shards.as_deref().unwrap_or("all"), "serving Discord");
    let table = Arc::new(table);
    let served = runtime.block_on(async {
        if let Some(addr) = &config.ops.listen {
            crate::ops::metrics::install();
            let listener = tokio::net::TcpListener::bind(addr)
                .await
                .map_err(|e| ServeError::Start(format!("[ops] listen {addr}: {e}")))?;
            tracing::info!(%addr, "metrics on /metrics, readiness on /healthz");
            tokio::spawn(crate::ops::endpoint::serve(listener));
        }
        serve_with(config, token, table.clone()).await?;
        Ok::<(), ServeError>(())
    });
    // The runtime's tasks go first; the service is dropped last, outside any runtime: the
    // synchronous PostgreSQL client closes its connection by blocking, which a runtime's own
    // threads must not do.
    drop(runtime);
    drop(table);
    served
}
