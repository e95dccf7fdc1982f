//! `plateau`: the command line of conventions §1. This file names the subcommands and wires
//! each to its file in `cli/`, where its flags and its run are.
//!
//! Error contract: a user error (unknown game or option, a bad move in `--history`, an
//! unreadable transcript) exits with status 2 and one line on stderr, nothing on stdout.

mod cli;

use clap::{Parser, Subcommand};
use cli::failure::{exit_code, hide_passwords_in_panics, usage_error};
use cli::{
    ai, arena, game, moves, perft, play, ratings, render, replay, rules, script, serve, state,
};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "plateau",
    version,
    about = "Play-by-post abstract board games: Pikemen, Sprawl, Sky Scrapers, Battle Zone"
)]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

// The order is `plateau --help`'s.
#[derive(Subcommand)]
enum Cmd {
    /// Runs the Discord bot.
    Serve(serve::Serve),
    /// A local chat channel in the terminal: type transcript lines as any user.
    Play(play::Play),
    /// Ratings, derived from the finished games.
    Ratings {
        #[command(subcommand)]
        action: ratings::RatingsCmd,
    },
    /// Runs a transcript file, printing every reply.
    Script(script::Script),
    /// Loads a game record (from /export) and prints its final position as JSON; with
    /// --out, also writes the final board (NAME.png) and an animated replay (NAME.gif).
    Replay(replay::Replay),
    /// Lists the legal moves of the position reached, sorted, one per line.
    Moves(game::GameArgs),
    /// Prints the position as one JSON object.
    State(state::State),
    /// Draws the position as a PNG.
    Render(render::Render),
    /// Counts the move sequences of length DEPTH from the start.
    Perft(perft::Perft),
    /// Prints the move the computer plays in the position reached (the search seed is
    /// --seed, the game's own); with --explain, the expected standing of every seat.
    Ai(ai::Ai),
    /// Plays level A against level B: A takes one seat (alternating with two players, going
    /// round the table with more), B every other; prints A's win rate with a 95% interval
    /// and the time each level took a move.
    Arena(arena::Arena),
    /// Prints the rules summary.
    Rules(rules::Rules),
}

fn main() -> ExitCode {
    hide_passwords_in_panics();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage_error(e),
    };
    exit_code(match cli.command {
        Cmd::Serve(args) => serve::run(args),
        Cmd::Play(args) => play::run(args),
        Cmd::Ratings { action } => ratings::run(action),
        Cmd::Script(args) => script::run(args),
        Cmd::Replay(args) => replay::run(args),
        Cmd::Moves(args) => moves::run(args),
        Cmd::State(args) => state::run(args),
        Cmd::Render(args) => render::run(args),
        Cmd::Perft(args) => perft::run(args),
        Cmd::Ai(args) => ai::run(args),
        Cmd::Arena(args) => arena::run(args),
        Cmd::Rules(args) => rules::run(args),
    })
}
