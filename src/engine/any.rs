//! [`AnyGame`]: the four games behind one type, with moves as canonical text.

use super::battlezone::Battlezone;
use super::pikemen::Pikemen;
use super::skyscrapers::Skyscrapers;
use super::sprawl::Sprawl;
use super::{
    listing, perft, Game, GameKind, Leave, MoveError, Msg, Options, Outcome, Seat, Setup,
    SetupError,
};
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

// Games are plain values cloned for playouts; boxing them would add an indirection to every
// dispatch for no saving (one lives per active game).
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "game", content = "state", rename_all = "lowercase")]
pub enum AnyGame {
    Pikemen(Pikemen),
    Sprawl(Sprawl),
    Skyscrapers(Skyscrapers),
    Battlezone(Battlezone),
}

macro_rules! each {
    ($self:expr, $g:ident => $e:expr) => {
        match $self {
            AnyGame::Pikemen($g) => $e,
            AnyGame::Sprawl($g) => $e,
            AnyGame::Skyscrapers($g) => $e,
            AnyGame::Battlezone($g) => $e,
        }
    };
}

/// A move refused while replaying a history: its 1-based position, its text and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("move {index} \"{text}\": {error}")]
pub struct HistoryError {
    pub index: usize,
    pub text: String,
    pub error: MoveError,
}

impl AnyGame {
    pub fn new(kind: GameKind, setup: &Setup) -> Result<AnyGame, SetupError> {
        let (min, max) = kind.players();
        if setup.players < min || setup.players > max {
            return Err(SetupError::Players {
                game: kind.title(),
                min,
                max,
                got: setup.players,
            });
        }
        Ok(match kind {
            GameKind::Pikemen => AnyGame::Pikemen(Pikemen::new(setup)?),
            GameKind::Sprawl => AnyGame::Sprawl(Sprawl::new(setup)?),
            GameKind::Skyscrapers => AnyGame::Skyscrapers(Skyscrapers::new(setup)?),
            GameKind::Battlezone => AnyGame::Battlezone(Battlezone::new(setup)?),
        })
    }

    /// Builds the game from `option_words` (`key=value`) after checking them against the
    /// game's option table.
    pub fn create(
        kind: GameKind,
        players: u8,
        seed: u64,
        option_pairs: &[(String, String)],
    ) -> Result<AnyGame, SetupError> {
        let options = Options::parse(kind.title(), kind.option_specs(), option_pairs)?;
        AnyGame::new(
            kind,
            &Setup {
                players,
                seed,
                options,
            },
        )
    }

    pub fn kind(&self) -> GameKind {
        match self {
            AnyGame::Pikemen(_) => GameKind::Pikemen,
            AnyGame::Sprawl(_) => GameKind::Sprawl,
            AnyGame::Skyscrapers(_) => GameKind::Skyscrapers,
            AnyGame::Battlezone(_) => GameKind::Battlezone,
        }
    }

    pub fn players(&self) -> u8 {
        each!(self, g => g.players())
    }

    pub fn to_move(&self) -> Option<Seat> {
        each!(self, g => g.to_move())
    }

    pub fn outcome(&self) -> Option<&Outcome> {
        each!(self, g => g.outcome())
    }

    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// The canonical listing, sorted by byte order.
    pub fn legal_moves(&self) -> Vec<String> {
        each!(self, g => listing(g))
    }

    /// Parses and checks `text`; returns its canonical form without playing it.
    pub fn validate(&self, text: &str) -> Result<String, MoveError> {
        each!(self, g => {
            if g.outcome().is_some() {
                return Err(MoveError::GameOver);
            }
            let mv = g.parse_move(text)?;
            g.check(&mv)?;
            Ok(mv.to_string())
        })
    }

    /// The seat that would perform `text` (out-of-turn reactions included).
    pub fn actor(&self, text: &str) -> Result<Option<Seat>, MoveError> {
        each!(self, g => {
            let mv = g.parse_move(text)?;
            Ok(g.actor(&mv))
        })
    }

    /// Plays `text`; on success returns its canonical form. On error nothing changed.
    pub fn play(&mut self, text: &str) -> Result<String, MoveError> {
        each!(self, g => {
            let mv = g.parse_move(text)?;
            g.play(&mv)?;
            Ok(mv.to_string())
        })
    }

    /// Replays `history` from `setup`; the error names the first bad move (1-based).
    // The error carries its message's words (a `Msg`); it is returned once per bad history,
    // never in a loop, so its size costs nothing.
    #[allow(clippy::result_large_err)]
    pub fn replay<S: AsRef<str>>(
        kind: GameKind,
        setup: &Setup,
        history: &[S],
    ) -> Result<AnyGame, ReplayError> {
        let mut g = AnyGame::new(kind, setup).map_err(ReplayError::Setup)?;
        for (i, text) in history.iter().enumerate() {
            g.play(text.as_ref()).map_err(|error| {
                ReplayError::Move(HistoryError {
                    index: i + 1,
                    text: text.as_ref().to_string(),
                    error,
                })
            })?;
        }
        Ok(g)
    }

    pub fn scores(&self) -> Vec<i64> {
        each!(self, g => g.scores())
    }

    pub fn places(&self) -> Option<Vec<u8>> {
        each!(self, g => g.places())
    }

    /// See [`Game::determinise`].
    pub fn determinise(&mut self, seat: Seat, rng: &mut super::rng::SplitMix64) {
        each!(self, g => g.determinise(seat, rng))
    }

    /// See [`Game::has_chance`].
    pub fn has_chance(&self) -> bool {
        each!(self, g => g.has_chance())
    }

    pub fn resign(&mut self, seat: Seat, how: Leave) -> Result<(), MoveError> {
        each!(self, g => g.resign(seat, how))
    }

    pub fn draw_allowed(&self) -> bool {
        each!(self, g => g.draw_allowed())
    }

    pub fn agree_draw(&mut self) -> Result<(), MoveError> {
        each!(self, g => g.agree_draw())
    }

    pub fn seat_label(&self, seat: Seat) -> Msg {
        each!(self, g => g.seat_label(seat))
    }

    pub fn status(&self) -> Vec<Msg> {
        each!(self, g => g.status())
    }

    pub fn perft(&self, depth: u32) -> u64 {
        each!(self, g => perft(g, depth))
    }

    /// The object of `plateau state --json` (conventions §3).
    pub fn state_json(&self) -> Value {
        let mut obj = Map::new();
        obj.insert("game".into(), json!(self.kind().id()));
        obj.insert("players".into(), json!(self.players()));
        obj.insert("to_move".into(), json!(self.to_move()));
        obj.insert(
            "outcome".into(),
            match self.outcome() {
                None => Value::Null,
                // The command line's contract (conventions §3) is English text.
                Some(o) => json!({"winners": o.winners, "reason": o.reason.english()}),
            },
        );
        obj.insert("scores".into(), json!(self.scores()));
        each!(self, g => {
            obj.insert("board".into(), g.board_json());
            g.extra_json(&mut obj);
        });
        Value::Object(obj)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error(transparent)]
    Setup(SetupError),
    #[error(transparent)]
    Move(HistoryError),
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Battle Zone's `state --json` (conventions §3): its dice and turn beside the common fields.
    #[test]
    fn battlezone_state_json() {
        let mut g = AnyGame::create(GameKind::Battlezone, 2, 0, &[]).unwrap();
        g.play("place c1 blue").unwrap();
        let j = g.state_json();
        assert_eq!(j["dice"], serde_json::json!([2, 1, 2]));
        assert_eq!(j["dice_left"], serde_json::json!([1, 2]));
        assert_eq!(j["scores"], serde_json::json!([0, 0]));
        assert_eq!(
            j["board"]["pieces"],
            serde_json::json!([{"square": "c1", "colour": "blue", "size": "small", "controller": 1}])
        );
        assert_eq!(j["board"]["supply"]["blue"], serde_json::json!([2, 3, 3]));
        assert_eq!(j["to_move"], serde_json::json!(1));
        assert_eq!(
            j["board"]["turn_actions"],
            serde_json::json!([{"seat": 1, "move": "place c1 blue", "squares": ["c1"]}])
        );
        g.play("skip 1").unwrap();
        g.play("move c1 n").unwrap();
        let j = g.state_json();
        assert_eq!(j["to_move"], serde_json::json!(2));
        assert_eq!(j["board"]["turn_actions"], serde_json::json!([]));
        assert_eq!(
            j["board"]["previous_turn"][2]["squares"],
            serde_json::json!(["c1", "c2"])
        );
        assert_eq!(j["board"]["last"]["move"], serde_json::json!("move c1 n"));
        assert!(AnyGame::create(GameKind::Battlezone, 3, 0, &[]).is_err());
    }
}
