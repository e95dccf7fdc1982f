//! The move picker: a move chosen by tapping, one part at a time (Pikemen piece, target
//! square, facing; Sprawl action, square, size; Sky Scrapers stack, destination; Battle Zone
//! action, pyramid, colour or direction), built from the legal moves themselves so that it is
//! right for every game, player count and variant ([`step`]), each step named in the game's
//! own words ([`parts`]).
//!
//! Files import one another in one direction: `parts` <- `steps`; `preview` (what a chosen
//! piece's moves reach and take, for the picture's marks and the words) stands apart. Pure: the room reads the
//! games' verbs from `engine` and nothing else; the service (`table`, its `/pick`) calls it,
//! transports never do.

pub mod parts;
pub mod preview;
pub mod steps;

#[cfg(test)]
mod tests;

pub use parts::{Part, PARTS};
pub use steps::{natural, step, Choice, ChoiceKind, PathError, Step, JOIN, MAX_OPTIONS, STOP};
