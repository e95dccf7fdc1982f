//! Section 7: the canonical notation, its aliases, and the slash-command verbs.

use super::geometry::{HexDir, Vertex};
use super::Skyscrapers;
use crate::engine::{
    board::words, msg, unparsable, MoveError, Msg, ParamKind, ParamSpec, VerbSpec,
};
use serde::{Deserialize, Serialize};
use std::fmt;

pub const FORM: Msg = Msg::new("skyscrapers-form");
pub const EXAMPLE: &str = "move d2 d3";

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Move {
    /// Section 3, free set-up.
    Place { vertex: Vertex },
    /// R3.
    Move { from: Vertex, to: Vertex },
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Move::Place { vertex } => write!(f, "place {vertex}"),
            Move::Move { from, to } => write!(f, "move {from} {to}"),
        }
    }
}

const DIRECTIONS: &[&str] = &HexDir::NAMES;

pub const VERBS: &[VerbSpec] = &[
    VerbSpec {
        name: "move",
        params: &[
            ParamSpec::required("from", ParamKind::Square),
            ParamSpec::optional("to", ParamKind::Square),
            ParamSpec::optional("direction", ParamKind::Direction(DIRECTIONS)),
        ],
        message: "verb-skyscrapers-move",
    },
    VerbSpec {
        name: "place",
        params: &[ParamSpec::required("square", ParamKind::Square)],
        message: "verb-skyscrapers-place",
    },
];

fn vertex(w: &str) -> Result<Vertex, MoveError> {
    Vertex::parse(w).map_err(|e| unparsable(e, FORM, EXAMPLE))
}

fn direction(w: &str) -> Result<HexDir, MoveError> {
    HexDir::parse(w).map_err(|north_south| {
        let problem = if north_south {
            msg!("skyscrapers-north-south", word = w)
        } else {
            msg!("skyscrapers-not-direction", word = w)
        };
        unparsable(problem, msg!("skyscrapers-form-move"), "move c4 ne")
    })
}

impl Skyscrapers {
    /// The vertex a stack on `from` reaches toward `d` (section 7 alias); the error says why
    /// there is none.
    fn along(&self, from: Vertex, d: HexDir) -> Result<Vertex, MoveError> {
        if self.placing() {
            return Err(self.placement_error());
        }
        let h = self.height(from);
        if h == 0 {
            return Err(MoveError::illegal(
                "R3",
                msg!("skyscrapers-along-empty", vertex = from),
            ));
        }
        from.reach(d, h).ok_or_else(|| {
            let mut inside = 0;
            while from.reach(d, inside + 1).is_some() {
                inside += 1;
            }
            MoveError::illegal(
                "R3",
                msg!(
                    "skyscrapers-along-off",
                    height = h,
                    dir = d.word(),
                    from,
                    inside
                ),
            )
        })
    }

    pub(super) fn parse(&self, text: &str) -> Result<Move, MoveError> {
        let ws = words(text);
        let ws: Vec<&str> = ws.iter().map(String::as_str).collect();
        match ws[..] {
            ["place", v] => Ok(Move::Place { vertex: vertex(v)? }),
            ["move", f, t] => {
                let from = vertex(f)?;
                let to = match Vertex::parse(t) {
                    Ok(to) => to,
                    // Letter-digit words are meant as vertices: say why that one is not.
                    Err(e) if t.len() == 2 && t.as_bytes()[1].is_ascii_digit() => {
                        return Err(unparsable(e, FORM, EXAMPLE))
                    }
                    Err(_) => self.along(from, direction(t)?)?,
                };
                Ok(Move::Move { from, to })
            }
            // `/move FROM TO DIRECTION` with both options given: they must agree.
            ["move", f, t, d] => {
                let from = vertex(f)?;
                let to = vertex(t)?;
                let d = direction(d)?;
                let there = self.along(from, d)?;
                if there != to {
                    return Err(MoveError::illegal(
                        "R3",
                        msg!("skyscrapers-disagree", from, dir = d.word(), there, to),
                    ));
                }
                Ok(Move::Move { from, to })
            }
            [] => Err(unparsable(msg!("move-empty"), FORM, EXAMPLE)),
            ["place", ..] => Err(unparsable(
                msg!("skyscrapers-place-words"),
                msg!("skyscrapers-form-place"),
                "place c4",
            )),
            ["move", _] => Err(unparsable(
                msg!("skyscrapers-move-needs"),
                msg!("skyscrapers-form-move"),
                "move c4 f4",
            )),
            ["move", ..] => Err(unparsable(
                msg!("skyscrapers-move-words"),
                msg!("skyscrapers-form-move"),
                "move c4 f4",
            )),
            [w, ..] => Err(unparsable(
                msg!("skyscrapers-not-an-action", word = w),
                FORM,
                EXAMPLE,
            )),
        }
    }
}
