//! The service's side of issue 14: challenges, the seek queue and tournaments. What they
//! decide (pairings, tables, standings, matches) comes from the `competition` room; here
//! they become rows, answers and games. Every game they start goes through an opening
//! (`table/openings.rs`): decided in the store first, then given a channel by the transport.

pub(crate) mod challenges;
pub(crate) mod seeks;
pub(crate) mod tournaments;
