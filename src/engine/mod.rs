//! The rules of the four games. Pure: no I/O, no clock, no global randomness.
//!
//! Each game is a value implementing [`Game`]; [`AnyGame`] wraps the four for callers that
//! pick the game at run time (the service, the command line). Moves cross that boundary as
//! canonical text, the notation of `../shared/conventions.md` §2.
//!
//! Files import one another in one direction: `rng`, `board` and `options` (shared pieces) <-
//! each game's folder (`pikemen`, `sprawl`, `skyscrapers`, `battlezone`) <- `any` (the four in
//! one enum) <- `events` (what a move did, from the positions before and after it). This room imports nothing of ours but `i18n`'s message type; everything above
//! may call it: `render`, `ai`, `store` (a game's kind), `table`, the command line.

pub mod any;
pub mod battlezone;
pub mod board;
pub mod events;
pub mod options;
pub mod pikemen;
pub mod playout;
pub mod rng;
pub mod skyscrapers;
pub mod sprawl;

pub use any::AnyGame;
pub use options::{OptionError, OptionKind, OptionSpec, Options};

// Engines say what happened as message ids with variables; the service words them in the
// reader's language (`locales/*/`). `Display` impls below are English, for logs and the CLI.
pub use crate::i18n::{Arg, Join, Msg};
pub use crate::msg;

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
    pub reason: Msg,
}

/// Places (1 = first) per seat from a sort key (smaller is better); equal keys share a place.
pub fn places_by<K: Ord>(players: u8, key: impl Fn(Seat) -> K) -> Vec<u8> {
    let mut order: Vec<Seat> = (1..=players).collect();
    order.sort_by_key(|&s| key(s));
    let mut places = vec![0u8; players as usize];
    for (i, &s) in order.iter().enumerate() {
        places[s as usize - 1] = if i > 0 && key(order[i - 1]) == key(s) {
            places[order[i - 1] as usize - 1]
        } else {
            i as u8 + 1
        };
    }
    places
}

impl Outcome {
    pub fn new(mut winners: Vec<Seat>, reason: Msg) -> Outcome {
        winners.sort_unstable();
        winners.dedup();
        Outcome { winners, reason }
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

    /// The rules summary shown by `/rules` and `plateau rules` (`rules-GAME` in rules.ftl).
    pub fn rules_summary(self) -> Msg {
        match self {
            GameKind::Pikemen => msg!("rules-pikemen"),
            GameKind::Sprawl => msg!("rules-sprawl"),
            GameKind::Skyscrapers => msg!("rules-skyscrapers"),
            GameKind::Battlezone => msg!("rules-battlezone"),
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
    #[error("{}", self.msg().english())]
    Players {
        game: &'static str,
        min: u8,
        max: u8,
        got: u8,
    },
    #[error(transparent)]
    Option(#[from] OptionError),
    #[error("{}", .0.english())]
    Conflict(Msg),
}

impl SetupError {
    /// What to tell the player.
    pub fn msg(&self) -> Msg {
        match self {
            SetupError::Players {
                game,
                min,
                max,
                got,
            } => {
                msg!(
                    "setup-players",
                    game = *game,
                    min = *min,
                    max = *max,
                    got = *got
                )
            }
            SetupError::Option(e) => e.msg(),
            SetupError::Conflict(m) => m.clone(),
        }
    }
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
    /// The value of an outcome's `$how` (`resigned`, `timeout`), which its .ftl message
    /// selects on.
    pub const fn word(self) -> &'static str {
        match self {
            Leave::Resigned => "resigned",
            Leave::TimedOut => "timeout",
        }
    }
}

/// Why a move was refused. Nothing changes in the state when one is returned.
#[derive(Error, Debug, Clone, PartialEq, Eq)]
#[error("{}", self.english())]
pub enum MoveError {
    /// The text is not a move of this game at all; `form` names the expected form's message
    /// (its words are translated), `example` is move text (the same in every language).
    Unparsable {
        problem: Msg,
        form: Msg,
        example: &'static str,
    },
    /// A well-formed move that the rules forbid now; `rule` is the rules document's number.
    Illegal {
        rule: &'static str,
        reason: Msg,
    },
    GameOver,
}

impl MoveError {
    pub fn illegal(rule: &'static str, reason: Msg) -> MoveError {
        MoveError::Illegal { rule, reason }
    }

    /// For logs, the command line and tests: the sentence with the rule it applies
    /// (`... (rule R4.1)`). Players read [`MoveError::msg`], without rule numbers.
    fn english(&self) -> String {
        match self {
            MoveError::Illegal { rule, .. } => {
                format!("{} (rule {rule})", self.msg().english())
            }
            _ => self.msg().english(),
        }
    }

    /// The whole sentence for the player, in plain words: the rule's number stays in
    /// `/rules`.
    pub fn msg(&self) -> Msg {
        match self {
            MoveError::Unparsable {
                problem,
                form,
                example,
            } => msg!(
                "move-unparsable",
                problem = problem.clone(),
                form = form.clone(),
                example = *example
            ),
            MoveError::Illegal { rule, reason } => {
                msg!("move-illegal", reason = reason.clone(), rule = *rule)
            }
            MoveError::GameOver => msg!("move-game-over"),
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

/// A verb's parameter; its description is the attribute `.NAME` of the verb's message.
#[derive(Clone, Copy, Debug)]
pub struct ParamSpec {
    pub name: &'static str,
    pub kind: ParamKind,
    pub required: bool,
    pub written: Written,
}

impl ParamSpec {
    /// A parameter the verb cannot do without, written as its value alone.
    pub const fn required(name: &'static str, kind: ParamKind) -> ParamSpec {
        ParamSpec {
            name,
            kind,
            required: true,
            written: Written::Value,
        }
    }

    /// A parameter the verb may leave out, written as its value alone.
    pub const fn optional(name: &'static str, kind: ParamKind) -> ParamSpec {
        ParamSpec {
            required: false,
            ..ParamSpec::required(name, kind)
        }
    }

    /// The same parameter written another way (`from c3`, `joker`).
    pub const fn written(self, written: Written) -> ParamSpec {
        ParamSpec { written, ..self }
    }
}

/// A game's command: its name is the move's first word, its params the following words in
/// declared order (conventions §4b).
#[derive(Clone, Copy, Debug)]
pub struct VerbSpec {
    pub name: &'static str,
    pub params: &'static [ParamSpec],
    /// The message (commands.ftl) describing the verb, with one attribute per param.
    pub message: &'static str,
}

impl VerbSpec {
    /// The verb's description.
    pub fn description(&self) -> Msg {
        Msg::new(self.message)
    }

    /// A param's description (the attribute named after it).
    pub fn param_description(&self, param: &str) -> Msg {
        Msg {
            id: format!("{}.{param}", self.message).into(),
            args: Vec::new(),
        }
    }

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

    /// The finishing order once the game is over: the place of each seat (1 = first), equal
    /// places shared. By default the winners share first place and the others follow by
    /// score; a game with its own tie-breaks or a rule for players who left overrides it.
    fn places(&self) -> Option<Vec<u8>> {
        let outcome = self.outcome()?;
        let scores = self.scores();
        let key = |seat: Seat| {
            let won = outcome.winners.contains(&seat);
            (!won, -scores.get(seat as usize - 1).copied().unwrap_or(0))
        };
        Some(places_by(self.players(), key))
    }

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
    fn seat_label(&self, seat: Seat) -> Msg {
        msg!("seat-number", seat)
    }

    /// Lines about the position worth telling players beyond whose turn it is (Battle Zone's
    /// dice, a Sprawl challenge window). Empty when there is nothing to add.
    fn status(&self) -> Vec<Msg> {
        Vec::new()
    }

    /// The status lines in English, one per line (for tests).
    #[cfg(test)]
    fn status_text(&self) -> String {
        let lines: Vec<String> = self.status().iter().map(Msg::english).collect();
        lines.join("\n")
    }

    /// Redraws, from `rng`, whatever `seat` cannot see (the others' hidden cards, the undrawn
    /// deck, dice not yet rolled), keeping everything `seat` knows: a search for `seat` samples
    /// the unknown afresh instead of reading it. Games of perfect information keep the default.
    fn determinise(&mut self, _seat: Seat, _rng: &mut rng::SplitMix64) {}

    /// Whether chance decides anything still to come (dice, a deck): what [`determinise`]
    /// redraws. The service says so where it shows dice of its own.
    ///
    /// [`determinise`]: Game::determinise
    fn has_chance(&self) -> bool {
        false
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

/// A parse error helper for games: `problem`, then the expected form (a message id) and an
/// example.
pub fn unparsable(problem: Msg, form: Msg, example: &'static str) -> MoveError {
    MoveError::Unparsable {
        problem,
        form,
        example,
    }
}

#[cfg(test)]
mod message_tests {
    use super::*;

    /// The messages named by data rather than by `msg!` (verbs, their options, game options,
    /// rules summaries) exist, in every language (the key-parity test covers the others).
    #[test]
    fn every_verb_option_and_summary_has_its_message() {
        let mut missing = Vec::new();
        for kind in GameKind::ALL {
            let mut ids: Vec<String> = vec![kind.rules_summary().id.to_string()];
            for v in kind.verbs() {
                ids.push(v.message.to_string());
                ids.extend(
                    v.params
                        .iter()
                        .map(|p| v.param_description(p.name).id.into()),
                );
            }
            ids.extend(kind.option_specs().iter().map(|o| o.message.to_string()));
            missing.extend(ids.into_iter().filter(|id| !crate::i18n::exists(id)));
        }
        assert!(missing.is_empty(), "missing from locales/en: {missing:?}");
    }
}
