//! The service's policy, pure: no `Table`, no `Store`, no I/O. What a clock gives and when a
//! turn's timers fall due (`clock`), quiet hours and digests in a player's time zone (`quiet`),
//! a game's settings as `/new` chose them (`settings`), a game's set-up checked from
//! `/new`'s options (`prepare`), pauses by agreement (`pause`), and conditional moves read,
//! checked and pruned (`conditional`, on the engine alone).
//!
//! Files import one another in one direction: `clock` <- `settings` <- `prepare`; `clock` <-
//! `quiet`; `clock` <- `pause`. Every floor of `table/` above may call them; nothing outside
//! `table/` does.

pub(crate) mod clock;
pub(crate) mod conditional;
pub(crate) mod pause;
pub(crate) mod prepare;
pub(crate) mod quiet;
pub(crate) mod settings;

pub use clock::{ClockKind, Timeout};
pub(crate) use settings::GameSettings;
