//! `/rematch`: after a game ended, the same game again (players, options and settings, seats
//! rotated by one so that seat 2 moves first, a new seed). It is an offer: it begins when
//! every other person who played accepts (`/rematch` again, `/accept`, or the button), and
//! `/decline` by any of them ends it, so that nobody is put into a clocked or rated game
//! they did not agree to. A player whose opponents were all computer players starts it at
//! once. An offer left unanswered lapses after [`WAIT_MS`](crate::table::rematching::WAIT_MS) or when another game opens here.

use crate::table::rematching::rematch;
use crate::table::service::Bare;
use crate::table::spec;
use crate::table::spec::CommandSpec;
use crate::table::Command;

// The commands of this file, as the registry (`cmd/mod.rs`) lists them.

const REMATCH: CommandSpec = spec::cmd("rematch", &[], &[spec::play(7, "help-abort")]);

/// `/rematch`: the last game again.
pub(crate) static REMATCH_CMD: Bare = Bare::new(&REMATCH, Command::Rematch, rematch);
