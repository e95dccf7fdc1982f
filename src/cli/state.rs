//! `plateau state GAME [OPTS] [--history ...] --json`: the position as one JSON object
//! (conventions §3).

use super::failure::Failure;
use super::game::{position, GameArgs};
use clap::Args;
use std::io::{self, Write};

#[derive(Args)]
pub struct State {
    #[command(flatten)]
    game: GameArgs,
    // JSON is the only form: the flag is what conventions §1 writes.
    #[arg(long)]
    json: bool,
}

pub fn run(State { game, .. }: State) -> Result<(), Failure> {
    let g = position(&game)?;
    writeln!(io::stdout(), "{}", g.state_json())?;
    Ok(())
}
