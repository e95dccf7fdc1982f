//! `plateau moves GAME [OPTS] [--history ...]`: the legal moves, sorted, one per line.

use super::failure::Failure;
use super::game::{position, GameArgs};
use std::io::{self, Write};

pub fn run(args: GameArgs) -> Result<(), Failure> {
    let g = position(&args)?;
    let mut out = io::BufWriter::new(io::stdout().lock());
    for m in g.legal_moves() {
        writeln!(out, "{m}")?;
    }
    out.flush()?;
    Ok(())
}
