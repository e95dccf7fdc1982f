//! `/rematch`: after a game ended, the same game again (players, options and settings, seats
//! rotated by one so that seat 2 moves first, a new seed). It is an offer: it begins when
//! every other person who played accepts (`/rematch` again, `/accept`, or the button), and
//! `/decline` by any of them ends it, so that nobody is put into a clocked or rated game
//! they did not agree to. A player whose opponents were all computer players starts it at
//! once. An offer left unanswered lapses after [`WAIT_MS`](crate::table::rematching::WAIT_MS) or when another game opens here.

use crate::i18n::Msg;
use crate::table::answer::Answer;
use crate::table::parse;
use crate::table::rematching::rematch;
use crate::table::service::Handler;
use crate::table::spec;
use crate::table::spec::CommandSpec;
use crate::table::Command;
use crate::table::Request;
use crate::table::Service;

// The commands of this file, as the registry (`cmd/mod.rs`) lists them.

/// `/rematch`: the last game again.
pub(crate) struct Rematch;

const REMATCH: CommandSpec = spec::cmd(
    "rematch",
    &[],
    &[spec::HelpLine(spec::Section::Play, 7, "help-abort")],
);

impl Handler for Rematch {
    fn spec(&self) -> &'static CommandSpec {
        &REMATCH
    }

    fn parse(&self, args: &[parse::Arg]) -> Result<Command, Msg> {
        parse::Values::of(self.spec(), args)?;
        Ok(Command::Rematch)
    }

    fn owns(&self, command: &Command) -> bool {
        matches!(command, Command::Rematch)
    }

    fn run(&self, svc: &Service, req: &Request) -> Option<Answer> {
        let Command::Rematch = &req.command else {
            return None;
        };
        Some(rematch(svc, &req.ctx))
    }
}
