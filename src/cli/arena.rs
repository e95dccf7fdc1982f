//! `plateau arena GAME [OPTS] --a LEVEL --b LEVEL`: two computer levels played against each
//! other, A's win rate told.

use super::failure::Failure;
use super::game::{kind, setup, GameOpts};
use super::words::level_of;
use clap::Args;

#[derive(Args)]
pub struct Arena {
    game: String,
    #[command(flatten)]
    opts: GameOpts,
    /// The level that takes one seat: random, easy, medium or hard.
    #[arg(long)]
    a: String,
    /// The level that takes every other seat: random, easy, medium or hard.
    #[arg(long)]
    b: String,
    /// How many games to play (at least 1).
    #[arg(long, default_value_t = 100, value_parser = games_count)]
    games: u32,
    /// Games played at once (each on its own thread).
    #[arg(long, default_value_t = 2)]
    threads: usize,
}

pub fn run(args: Arena) -> Result<(), Failure> {
    let Arena {
        game,
        opts,
        a,
        b,
        games,
        threads,
    } = args;
    let (a, b) = (level_of(&a)?, level_of(&b)?);
    let kind = kind(&game)?;
    let setup = setup(kind, &opts)?;
    let progress = |done: u32, r: &plateau::ai::arena::Report| {
        if done.is_multiple_of(10) && done < games {
            eprintln!("{done}/{games} games, {} won by {}", r.wins, a.id());
        }
    };
    let report = plateau::ai::arena::run(kind, &setup, a, b, games, threads, &progress)
        .map_err(|e| Failure::Usage(e.to_string()))?;
    for line in report.lines(a, b) {
        println!("{line}");
    }
    Ok(())
}

/// `--games`: a count of games to play, from 1.
fn games_count(value: &str) -> Result<u32, String> {
    match value.parse::<u32>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err("the number of games to play, at least 1 (e.g. --games 100)".into()),
    }
}
