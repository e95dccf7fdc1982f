//! The Discord transport: slash commands, autocomplete and buttons through poise, turned into
//! service requests; service replies turned into Discord messages. It holds no game logic:
//! every decision (who may move, what is legal, what to answer) is the service's.
//!
//! - [`config`]: `plateau serve`'s configuration (token, proxy, development guild, threads);
//! - [`commands`]: the slash commands, built at run time from the service's commands and the
//!   engine's verb tables, and the translation of their options into [`Command`]s;
//! - [`reply`]: [`Reply`] -> Discord messages, and the custom ids of buttons;
//! - [`register`]: registration of the commands, only when they changed;
//! - [`bot`]: the client, the interaction handlers, threads and the periodic tick.

pub mod bot;
pub mod commands;
pub mod config;
pub mod register;
pub mod reply;

#[cfg(test)]
mod tests;

pub use bot::{serve_with, Bot, BotError, RunningBot};
pub use config::{Config, ConfigError};

use crate::engine::GameKind;
use crate::table::{ChannelRef, Context, Reply, Request};

/// What the transport needs from the play-by-post service. The real one is the `Table`; the
/// trait keeps this module testable without a database and states the contract in one place.
pub trait Service: Send + Sync + 'static {
    /// Runs one request (synchronous: SQLite and PNG; call it from `spawn_blocking`).
    fn handle(&self, request: &Request) -> Vec<Reply>;
    /// Legal moves of the channel's game for the author, filtered by `typed`, at most 25.
    fn autocomplete(&self, ctx: &Context, typed: &str) -> Vec<String>;
    /// Runs whatever fell due (reminders, time-outs); the replies are channel messages.
    fn tick(&self) -> Vec<Reply>;
    /// The game played in `channel`, if any: it decides how a verb's options become move text.
    fn channel_game(&self, channel: &ChannelRef) -> Option<GameKind>;
}
