//! Section 7: the canonical notation and every input alias.

use crate::engine::board::{words, Dir, Size, Square};
use crate::engine::{msg, unparsable, MoveError, Msg, Seat};
use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Move {
    /// R2.
    Tower {
        square: Square,
        size: Size,
    },
    /// R4.
    Build {
        square: Square,
        size: Size,
    },
    /// R5; `from` only when R16 makes it required (canonical form).
    Branch {
        square: Square,
        dir: Dir,
        size: Size,
        from: Option<Square>,
    },
    /// R6; `overload` 0 = none (R15).
    Spore {
        square: Square,
        size: Size,
        overload: u8,
    },
    /// R17: the challenger's seat.
    Challenge {
        seat: Seat,
    },
    Retract,
    Stand,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match *self {
            Move::Tower { square, size } => write!(f, "tower {square} {size}"),
            Move::Build { square, size } => write!(f, "build {square} {size}"),
            Move::Branch {
                square,
                dir,
                size,
                from,
            } => {
                write!(f, "branch {square} {dir} {size}")?;
                if let Some(s) = from {
                    write!(f, " from {s}")?;
                }
                Ok(())
            }
            Move::Spore {
                square,
                size,
                overload,
            } => {
                write!(f, "spore {square} {size}")?;
                if overload > 0 {
                    write!(f, " overload {overload}")?;
                }
                Ok(())
            }
            Move::Challenge { seat } => write!(f, "challenge {seat}"),
            Move::Retract => f.write_str("retract"),
            Move::Stand => f.write_str("stand"),
        }
    }
}

pub const FORM: Msg = Msg::new("sprawl-form");
pub const EXAMPLE: &str = "spore c4 large";

/// A move as written, before the position fills in what may be left out (`build q`, the
/// challenger's seat) and normalises `from`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Parsed {
    Move(Move),
    BuildAnySize(Square),
    ChallengeAnySeat,
}

pub fn parse(text: &str, files: u8, ranks: u8, players: u8) -> Result<Parsed, MoveError> {
    let w = words(text);
    let w: Vec<&str> = w.iter().map(String::as_str).collect();
    let (form, example) = match w.first().copied() {
        Some("tower") => (TOWER_FORM, TOWER_EX),
        Some("build") => (BUILD_FORM, BUILD_EX),
        Some("branch") => (BRANCH_FORM, BRANCH_EX),
        Some("spore") => (SPORE_FORM, SPORE_EX),
        _ => (FORM, EXAMPLE),
    };
    let sq =
        |t: &str| Square::parse(t, files, ranks).map_err(|e| unparsable(e, form.clone(), example));
    let size = |t: &str, form: Msg, ex: &'static str| {
        Size::parse(t).ok_or_else(|| unparsable(msg!("sprawl-not-size", word = t), form, ex))
    };
    let dir = |t: &str| match Dir::parse(t) {
        Some(d) if d.is_orthogonal() => Ok(d),
        Some(_) => Err(unparsable(
            msg!("sprawl-diagonal", word = t),
            BRANCH_FORM,
            BRANCH_EX,
        )),
        None => Err(unparsable(
            msg!("sprawl-not-direction", word = t),
            BRANCH_FORM,
            BRANCH_EX,
        )),
    };
    Ok(match w[..] {
        [] => return Err(unparsable(msg!("move-empty"), FORM, EXAMPLE)),
        ["tower", q, k] => Parsed::Move(Move::Tower {
            square: sq(q)?,
            size: size(k, TOWER_FORM, TOWER_EX)?,
        }),
        ["tower", ..] => return Err(unparsable(msg!("sprawl-tower-words"), TOWER_FORM, TOWER_EX)),
        ["build", q] => Parsed::BuildAnySize(sq(q)?),
        ["build", q, k] => Parsed::Move(Move::Build {
            square: sq(q)?,
            size: size(k, BUILD_FORM, BUILD_EX)?,
        }),
        ["build", ..] => return Err(unparsable(msg!("sprawl-build-words"), BUILD_FORM, BUILD_EX)),
        ["branch", q, d, k] => Parsed::Move(Move::Branch {
            square: sq(q)?,
            dir: dir(d)?,
            size: size(k, BRANCH_FORM, BRANCH_EX)?,
            from: None,
        }),
        ["branch", q, d, k, "from", s] => Parsed::Move(Move::Branch {
            square: sq(q)?,
            dir: dir(d)?,
            size: size(k, BRANCH_FORM, BRANCH_EX)?,
            from: Some(sq(s)?),
        }),
        ["branch", ..] => {
            return Err(unparsable(
                msg!("sprawl-branch-words"),
                BRANCH_FORM,
                BRANCH_EX,
            ))
        }
        ["spore", q, k] => Parsed::Move(Move::Spore {
            square: sq(q)?,
            size: size(k, SPORE_FORM, SPORE_EX)?,
            overload: 0,
        }),
        ["spore", q, k, "overload", n] => {
            let overload = match n {
                "0" => 0,
                "1" => 1,
                "2" => 2,
                _ => {
                    return Err(unparsable(
                        msg!("sprawl-not-overload", word = n),
                        SPORE_FORM,
                        SPORE_EX,
                    ))
                }
            };
            Parsed::Move(Move::Spore {
                square: sq(q)?,
                size: size(k, SPORE_FORM, SPORE_EX)?,
                overload,
            })
        }
        ["spore", ..] => return Err(unparsable(msg!("sprawl-spore-words"), SPORE_FORM, SPORE_EX)),
        ["challenge"] => Parsed::ChallengeAnySeat,
        ["challenge", n] => match n.parse::<u8>() {
            Ok(s) if s >= 1 && s <= players => Parsed::Move(Move::Challenge { seat: s }),
            _ => {
                return Err(unparsable(
                    msg!("sprawl-not-seat", word = n, players),
                    msg!("sprawl-form-challenge"),
                    "challenge 2",
                ))
            }
        },
        ["retract"] => Parsed::Move(Move::Retract),
        ["stand"] => Parsed::Move(Move::Stand),
        ["challenge", ..] | ["retract", ..] | ["stand", ..] => {
            return Err(unparsable(
                msg!("sprawl-no-more-words", word = w[0]),
                msg!("sprawl-form-reactions"),
                "challenge 2",
            ))
        }
        [v, ..] => {
            return Err(unparsable(
                msg!("sprawl-not-a-move", word = v),
                FORM,
                EXAMPLE,
            ))
        }
    })
}

const TOWER_FORM: Msg = Msg::new("sprawl-form-tower");
const TOWER_EX: &str = "tower c3 large";
const BUILD_FORM: Msg = Msg::new("sprawl-form-build");
const BUILD_EX: &str = "build c3 medium";
const BRANCH_FORM: Msg = Msg::new("sprawl-form-branch");
const BRANCH_EX: &str = "branch c4 n medium";
const SPORE_FORM: Msg = Msg::new("sprawl-form-spore");
const SPORE_EX: &str = "spore c5 large";
