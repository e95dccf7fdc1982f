//! The subcommands of `plateau` (conventions §1), one file each with its flags and its run;
//! `main.rs` lists them. Below them: `failure` (how a subcommand fails and exits), `game`
//! (`GAME [OPTS] [--history ...]` read into a position), `words` (languages and levels) and
//! `renders` (the pictures' folder).

pub mod ai;
pub mod arena;
pub mod failure;
pub mod game;
pub mod moves;
pub mod perft;
pub mod play;
pub mod ratings;
pub mod render;
pub mod renders;
pub mod replay;
pub mod rules;
pub mod script;
pub mod serve;
pub mod state;
pub mod words;
