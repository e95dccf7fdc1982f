//! The rules of the four games. Pure: no I/O, no clock, no global randomness.
//!
//! Each game is a value implementing [`Game`]; [`AnyGame`] wraps the four for callers that
//! pick the game at run time (the service, the command line). Moves cross that boundary as
//! canonical text, the notation of `../shared/conventions.md` §2.

pub mod any;
pub mod battlezone;
pub mod board;
pub mod options;
pub mod pikemen;
pub mod rng;
pub mod skyscrapers;
pub mod sprawl;

pub use any::AnyGame;
pub use options::{OptionError, OptionKind, OptionSpec, Options};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt;
use thiserror::Error;

/// A seat number, 1-based, in turn order.
pub type Seat = u8;

/// How a game ended. A draw lists every seat sharing it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub winners: Vec<Seat>,
    pub reason: String,
}

impl Outcome {
    pub fn new(mut winners: Vec<Seat>, reason: impl Into<String>) -> Outcome {
        winners.sort_unstable();
        winners.dedup();
        Outcome {
            winners,
            reason: reason.into(),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    Pikemen,
    Sprawl,
    Skyscrapers,
    Battlezone,
}

impl GameKind {
    pub const ALL: [GameKind; 4] = [
        GameKind::Pikemen,
        GameKind::Sprawl,
        GameKind::Skyscrapers,
        GameKind::Battlezone,
    ];

    /// The command-line and slash-command word.
    pub const fn id(self) -> &'static str {
        match self {
            GameKind::Pikemen => "pikemen",
            GameKind::Sprawl => "sprawl",
            GameKind::Skyscrapers => "skyscrapers",
            GameKind::Battlezone => "battlezone",
        }
    }

    pub const fn title(self) -> &'static str {
        match self {
            GameKind::Pikemen => "Pikemen",
            GameKind::Sprawl => "Sprawl",
            GameKind::Skyscrapers => "Sky Scrapers",
            GameKind::Battlezone => "Battle Zone",
        }
    }

    /// Smallest and largest player counts.
    pub const fn players(self) -> (u8, u8) {
        match self {
            GameKind::Pikemen => (2, 4),
            GameKind::Sprawl => (3, 8),
            GameKind::Skyscrapers => (2, 2),
            GameKind::Battlezone => (2, 2),
        }
    }

    pub fn parse(word: &str) -> Option<GameKind> {
        let w: String = word
            .trim()
            .to_ascii_lowercase()
            .chars()
            .filter(|c| !matches!(c, ' ' | '-' | '_'))
            .collect();
        GameKind::ALL.into_iter().find(|k| k.id() == w)
    }

    pub fn option_specs(self) -> &'static [OptionSpec] {
        match self {
            GameKind::Pikemen => pikemen::OPTIONS,
            GameKind::Sprawl => sprawl::OPTIONS,
            GameKind::Skyscrapers => skyscrapers::OPTIONS,
            GameKind::Battlezone => battlezone::OPTIONS,
        }
    }

    /// The game's own commands (`/turn`, `/spore`, ...), each a move's first word.
    pub fn verbs(self) -> &'static [VerbSpec] {
        match self {
            GameKind::Pikemen => pikemen::VERBS,
            GameKind::Sprawl => sprawl::VERBS,
            GameKind::Skyscrapers => skyscrapers::VERBS,
            GameKind::Battlezone => battlezone::VERBS,
        }
    }

    /// The rules summary shown by `/rules` and `plateau rules`.
    pub fn rules_summary(self) -> &'static str {
        match self {
            GameKind::Pikemen => pikemen::RULES_SUMMARY,
            GameKind::Sprawl => sprawl::RULES_SUMMARY,
            GameKind::Skyscrapers => skyscrapers::RULES_SUMMARY,
            GameKind::Battlezone => battlezone::RULES_SUMMARY,
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// What a new game needs: player count, the game's random seed, validated options.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    pub players: u8,
    pub seed: u64,
    pub options: Options,
}

#[derive(Error, Debug, Clone, PartialEq, Eq)]
pub enum SetupError {
    #[error("{game} is played by {min} to {max} players, not {got}")]
    Players {
        game: &'static str,
        min: u8,
        max: u8,
        got: u8,
    },
    #[error(transparent)]
    Option(#[from] OptionError),
    #[error("{0}")]
    Conflict(String),
}

/// How a player leaves a game before its end (a service action, never a move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leave {
    /// `/resign`.
    Resigned,
    /// Removed by a correspondence clock: a hard timeout, a claim or a vote.
    TimedOut,
}

impl Leave {
    /// Completes "seat 2 (Blue) ..." in an outcome's reason.
    pub const fn phrase(self) -> &'static str {
        match self {
            Leave::Resigned => "resigned",
            Leave::TimedOut => "ran out of time",
        }
    }
}

/// Why a move was refused. Nothing changes in the state when one is returned.
#[derive(Error, Debug, Clone, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not a move of this game at all.
    #[error("{problem}. Write `{form}`, e.g. `{example}`")]
    Unparsable {
        problem: String,
        form: &'static str,
        example: &'static str,
    },
    /// A well-formed move that the rules forbid now; `rule` is the rules document's number.
    #[error("{reason} (rule {rule})")]
    Illegal { rule: &'static str, reason: String },
    #[error("the game is over")]
    GameOver,
}

impl MoveError {
    pub fn illegal(rule: &'static str, reason: impl Into<String>) -> MoveError {
        MoveError::Illegal {
            rule,
            reason: reason.into(),
        }
    }
}

/// Kinds of a verb's option, so that transports can offer choices and autocomplete.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamKind {
    /// A square or vertex name of the game's board.
    Square,
    /// A direction; the slice lists the canonical words allowed.
    Direction(&'static [&'static str]),
    Size,
    Colour,
    /// A word from a small fixed set (canonical words).
    Choice(&'static [&'static str]),
    Integer {
        min: i64,
        max: i64,
    },
    Bool,
}

/// How a parameter's value is written into the move text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Written {
    /// The value alone: `spore c4 large`.
    Value,
    /// The parameter's name then the value: `overload 2`, `from c3`.
    Keyword,
    /// A bool written as the parameter's name when true: `joker`.
    Switch,
}

#[derive(Clone, Copy, Debug)]
pub struct ParamSpec {
    pub name: &'static str,
    pub kind: ParamKind,
    pub required: bool,
    pub written: Written,
    pub description: &'static str,
    pub description_fr: &'static str,
}

/// A game's command: its name is the move's first word, its params the following words in
/// declared order (conventions §4b).
#[derive(Clone, Copy, Debug)]
pub struct VerbSpec {
    pub name: &'static str,
    pub params: &'static [ParamSpec],
    pub description: &'static str,
    pub description_fr: &'static str,
}

impl VerbSpec {
    /// Builds the move text from the values given for the params (`(name, value)`), written
    /// in declared order; absent or empty values are left out.
    pub fn move_text(&self, values: &[(&str, &str)]) -> String {
        let mut out = String::from(self.name);
        for p in self.params {
            let Some(v) = values
                .iter()
                .find(|(n, _)| *n == p.name)
                .map(|(_, v)| v.trim())
                .filter(|v| !v.is_empty())
            else {
                continue;
            };
            match p.written {
                Written::Value => {
                    out.push(' ');
                    out.push_str(v);
                }
                Written::Keyword => {
                    out.push(' ');
                    out.push_str(p.name);
                    out.push(' ');
                    out.push_str(v);
                }
                Written::Switch => {
                    if matches!(v.to_ascii_lowercase().as_str(), "true" | "yes" | "1") {
                        out.push(' ');
                        out.push_str(p.name);
                    }
                }
            }
        }
        out
    }
}

/// The rules of one game, in the spirit of shakmaty's `Position`.
///
/// `play` validates and either applies the whole move or leaves the state untouched;
/// `apply` trusts a move taken from `legal_moves` (fast path for playouts and perft).
pub trait Game: Clone + fmt::Debug + Serialize + DeserializeOwned + Send + Sync + 'static {
    type Move: Clone + fmt::Debug + fmt::Display + PartialEq + Eq;

    const KIND: GameKind;

    fn new(setup: &Setup) -> Result<Self, SetupError>;

    fn players(&self) -> u8;

    /// The seat expected to act, `None` once the game is over.
    fn to_move(&self) -> Option<Seat>;

    fn outcome(&self) -> Option<&Outcome>;

    /// Appends every legal move (any order, no duplicates) to `out`.
    fn legal_moves(&self, out: &mut Vec<Self::Move>);

    /// Reads move text (aliases, any case) in the current position; the result is a move of the
    /// right shape, not yet checked for legality.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError>;

    /// Checks legality; names the rule that forbids an illegal move.
    fn check(&self, mv: &Self::Move) -> Result<(), MoveError>;

    /// Applies a move known to be legal.
    fn apply(&mut self, mv: &Self::Move);

    fn play(&mut self, mv: &Self::Move) -> Result<(), MoveError> {
        if self.outcome().is_some() {
            return Err(MoveError::GameOver);
        }
        self.check(mv)?;
        self.apply(mv);
        Ok(())
    }

    /// The seat performing `mv`: the seat to move, except for out-of-turn reactions.
    fn actor(&self, _mv: &Self::Move) -> Option<Seat> {
        self.to_move()
    }

    /// Scores per seat as conventions §3 defines them for the game.
    fn scores(&self) -> Vec<i64>;

    /// The game-specific `board` object of `state --json`.
    fn board_json(&self) -> serde_json::Value;

    /// Extra top-level fields of `state --json` (Battle Zone's dice).
    fn extra_json(&self, _obj: &mut serde_json::Map<String, serde_json::Value>) {}

    /// A player leaves the game (service action, never part of `--history`); `how` only
    /// words the outcome's reason, the rules treat every leave as a resignation.
    fn resign(&mut self, seat: Seat, how: Leave) -> Result<(), MoveError>;

    /// Whether a draw by agreement is possible now.
    fn draw_allowed(&self) -> bool;

    /// Ends the game drawn by agreement of every remaining player.
    fn agree_draw(&mut self) -> Result<(), MoveError>;

    /// Seat names as the pictures show them ("Green", "Red", "South").
    fn seat_label(&self, seat: Seat) -> String {
        format!("Seat {seat}")
    }

    /// A line about the position worth telling players beyond whose turn it is (Battle Zone's
    /// dice, a Sprawl challenge window). Empty when there is nothing to add.
    fn status(&self) -> String {
        String::new()
    }

    /// A legal move drawn uniformly from the listing, for random playouts; `None` when there is
    /// none. The default lists every move into `buf`; a game may sample without listing.
    fn random_move(
        &self,
        rng: &mut rng::SplitMix64,
        buf: &mut Vec<Self::Move>,
    ) -> Option<Self::Move> {
        buf.clear();
        self.legal_moves(buf);
        if buf.is_empty() {
            None
        } else {
            Some(buf[rng.below(buf.len() as u64) as usize].clone())
        }
    }
}

/// Canonical listing: every legal move as text, sorted by byte order, no duplicates.
pub fn listing<G: Game>(g: &G) -> Vec<String> {
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let mut out: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Number of move sequences of length `depth` from `g` (ended games contribute nothing).
pub fn perft<G: Game>(g: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| {
            let mut next = g.clone();
            next.apply(m);
            perft(&next, depth - 1)
        })
        .sum()
}

/// A parse error helper for games: `problem` then the expected form and an example.
pub fn unparsable(
    problem: impl Into<String>,
    form: &'static str,
    example: &'static str,
) -> MoveError {
    MoveError::Unparsable {
        problem: problem.into(),
        form,
        example,
    }
}
