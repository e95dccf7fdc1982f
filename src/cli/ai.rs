//! `plateau ai GAME [OPTS] [--history ...]`: the computer's move in the position reached.

use super::failure::Failure;
use super::game::{position, GameArgs};
use super::words::level_of;
use clap::Args;
use plateau::i18n::{say, Lang};
use std::io::{self, Write};

#[derive(Args)]
pub struct Ai {
    #[command(flatten)]
    game: GameArgs,
    /// easy, medium or hard (random plays a uniformly random move).
    #[arg(long, default_value = "hard")]
    level: String,
    /// A playout budget instead of a level: no time cap, the same move every time.
    #[arg(long, conflicts_with = "level")]
    playouts: Option<u32>,
    #[arg(long)]
    explain: bool,
}

pub fn run(args: Ai) -> Result<(), Failure> {
    let Ai {
        game,
        level,
        playouts,
        explain,
    } = args;
    let level = level_of(&level)?;
    let g = position(&game)?;
    let Some(choice) = plateau::ai::choose(&g, level, playouts, game.opts.seed) else {
        return Err(Failure::Usage(
            "the game is over: there is no move to choose".into(),
        ));
    };
    let mut out = io::stdout().lock();
    writeln!(out, "{}", choice.mv)?;
    if explain {
        for (i, v) in choice.values.iter().enumerate() {
            let seat = i as u8 + 1;
            let name = say(Lang::EN, &g.seat_label(seat));
            writeln!(out, "seat {seat} ({name}): {v:.3}")?;
        }
        writeln!(out, "playouts: {}", choice.playouts)?;
    }
    Ok(())
}
