//! The play-by-post service: games in channels, lobbies, seats, turns and replies.
//!
//! API sketch (being built by the foundation issue):
//! - `Table::open(db_path, clock) -> Result<Table, TableError>`
//! - `Table::handle(&self, &Request) -> Vec<Reply>`: synchronous (SQLite + PNG, a few ms);
//!   async transports call it from `spawn_blocking`.
//! - `Table::autocomplete(&self, &Context, typed: &str) -> Vec<String>`: legal moves of the
//!   channel's game for the author, filtered by `typed`, at most 25, from the cache.
//! - `Table::tick(&self) -> Vec<Reply>`: runs whatever fell due (reminders, time-outs).

pub mod api;
pub mod clock;

pub use api::*;
pub use clock::{Clock, ManualClock, SystemClock};
