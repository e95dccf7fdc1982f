//! Ratings from finished games: Glicko-2, tables of three to eight rated on their pairwise
//! results, damped so that a table counts about as much as one two-player game ([`system`]), applied in the transaction that ends a game and rebuildable from the
//! finished games ([`ledger`]); the answers of `/rating`, `/leaderboard` and `/stats`
//! ([`views`]) with a chart of a user's ratings over time ([`chart`]).
//!
//! Files import one another in one direction: `system` <- `ledger` <- `views` -> `chart`.
//! The room reads and writes through `store`, takes results from `engine`, words from
//! `i18n`; the service (`table`) calls it, transports never do.

pub mod chart;
pub mod ledger;
pub mod system;
pub mod views;

#[cfg(test)]
mod tests;

pub use ledger::{
    counts, ended_early, rated_option, rebuild, settle, settle_finished, Applied, Ended, Finished,
    Player, Settled,
};
pub use system::{rate, Rating, PROVISIONAL};
