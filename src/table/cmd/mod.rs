//! The commands: one file per family, each a set of handlers over typed [`Command`]s that
//! `Table::dispatch` calls. A handler reads the game it needs, asks the engine, commits a
//! change through the one write path (`change.rs`) and has its reply built by the presenter
//! (`present/`).
//!
//! Files: `lobby` (`/new`, `/join`, `/leave`, `/start`), `play` (moves, `/resign`, `/board`,
//! `/moves`), `undo`, `offers` (draw, accept, decline, abort), `pause` (`/pause`, `/resume`),
//! `rematch`, `claim` (time-outs),
//! `settings` (`/settings`, `/vacation`), `records` (`/history`, `/export`, `/replay`,
//! `/mygames`), `bots` (`/addbot`, `/hint`, computer players' moves), `ratings` (`/rating`,
//! `/leaderboard`, `/stats`), `competing/` (challenges, seeks, tournaments and the games they
//! open), `follow` (`/follow`, `/unfollow`, and the direct messages a board brings),
//! `conditional` (`/conditional`, and the replies a move triggers). They import the floors
//! below them and never one another: what several families need lives below `cmd/` (finding
//! the game in `running.rs`, what follows a change in `aftermath.rs`, direct messages in
//! `followers.rs`), checked by `tests/circles`. `Table::dispatch` and the scheduler call
//! them; transports never do.
//!
//! [`Command`]: crate::table::Command

pub(crate) mod analyse;
pub(crate) mod bots;
pub(crate) mod claim;
pub(crate) mod competing;
pub(crate) mod conditional;
pub(crate) mod follow;
pub(crate) mod lobby;
pub(crate) mod offers;
pub(crate) mod pause;
pub(crate) mod pick;
pub(crate) mod play;
pub(crate) mod ratings;
pub mod records;
pub(crate) mod rematch;
pub(crate) mod settings;
pub(crate) mod share;
pub(crate) mod undo;
