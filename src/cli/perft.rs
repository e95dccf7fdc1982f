//! `plateau perft GAME DEPTH [OPTS]`: the move sequences of length DEPTH from the start.

use super::failure::Failure;
use super::game::{start, GameOpts};
use clap::Args;
use std::io::{self, Write};

#[derive(Args)]
pub struct Perft {
    game: String,
    depth: u32,
    #[command(flatten)]
    opts: GameOpts,
}

pub fn run(Perft { game, depth, opts }: Perft) -> Result<(), Failure> {
    let g = start(&game, &opts)?;
    writeln!(io::stdout(), "{}", g.perft(depth))?;
    Ok(())
}
