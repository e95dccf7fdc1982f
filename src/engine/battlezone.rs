//! Placeholder: the Battlezone engine lands with its own issue. It builds so that the dispatch in
//! [`super::AnyGame`] is complete; every move is refused.

use super::{Game, GameKind, MoveError, OptionSpec, Outcome, Seat, Setup, SetupError, VerbSpec};
use serde::{Deserialize, Serialize};

pub const OPTIONS: &[OptionSpec] = &[];
pub const VERBS: &[VerbSpec] = &[];
pub const RULES_SUMMARY: &str = "Not playable yet.";

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Battlezone {
    players: u8,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move;

impl std::fmt::Display for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("-")
    }
}

impl Game for Battlezone {
    type Move = Move;
    const KIND: GameKind = GameKind::Battlezone;

    fn new(_setup: &Setup) -> Result<Self, SetupError> {
        Err(SetupError::Conflict("this game is not playable yet".into()))
    }
    fn players(&self) -> u8 {
        self.players
    }
    fn to_move(&self) -> Option<Seat> {
        None
    }
    fn outcome(&self) -> Option<&Outcome> {
        None
    }
    fn legal_moves(&self, _out: &mut Vec<Move>) {}
    fn parse_move(&self, _text: &str) -> Result<Move, MoveError> {
        Err(MoveError::GameOver)
    }
    fn check(&self, _mv: &Move) -> Result<(), MoveError> {
        Err(MoveError::GameOver)
    }
    fn apply(&mut self, _mv: &Move) {}
    fn scores(&self) -> Vec<i64> {
        vec![]
    }
    fn board_json(&self) -> serde_json::Value {
        serde_json::Value::Null
    }
    fn resign(&mut self, _seat: Seat) -> Result<(), MoveError> {
        Err(MoveError::GameOver)
    }
    fn draw_allowed(&self) -> bool {
        false
    }
    fn agree_draw(&mut self) -> Result<(), MoveError> {
        Err(MoveError::GameOver)
    }
}
