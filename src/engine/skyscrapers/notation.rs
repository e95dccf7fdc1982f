//! Section 7: the canonical notation, its aliases, and the slash-command verbs.

use super::geometry::{HexDir, Vertex};
use super::Skyscrapers;
use crate::engine::{board::words, unparsable, MoveError, ParamKind, ParamSpec, VerbSpec, Written};
use serde::{Deserialize, Serialize};
use std::fmt;

pub const FORM: &str = "move FROM TO | move FROM DIRECTION | place VERTEX";
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
            ParamSpec {
                name: "from",
                kind: ParamKind::Square,
                required: true,
                written: Written::Value,
                description: "the vertex of your stack (its top pawn is yours)",
                description_fr: "le sommet de votre pile (son pion du dessus est à vous)",
            },
            ParamSpec {
                name: "to",
                kind: ParamKind::Square,
                required: false,
                written: Written::Value,
                description: "the occupied vertex exactly as many steps away as the stack is tall",
                description_fr: "le sommet occupé à autant de pas que la pile a de pions",
            },
            ParamSpec {
                name: "direction",
                kind: ParamKind::Direction(DIRECTIONS),
                required: false,
                written: Written::Value,
                description: "instead of a destination: the line to follow (e w ne nw se sw)",
                description_fr: "au lieu d'une arrivée : la ligne à suivre (e w ne nw se sw)",
            },
        ],
        description: "Move a whole stack exactly its height in a straight line onto a pawn",
        description_fr: "Déplacer une pile entière d'autant de pas que sa hauteur, sur un pion",
    },
    VerbSpec {
        name: "place",
        params: &[ParamSpec {
            name: "square",
            kind: ParamKind::Square,
            required: true,
            written: Written::Value,
            description: "an empty vertex for your pawn (free set-up)",
            description_fr: "un sommet vide pour votre pion (mise en place libre)",
        }],
        description: "Free set-up: put one of your pawns on an empty vertex",
        description_fr: "Mise en place libre : poser un de vos pions sur un sommet vide",
    },
];

pub const RULES_SUMMARY: &str = "\
Sky Scrapers (Mitsuo Yamamoto), 2 players: Green (seat 1, moves first) and White.
Pawns sit on the 30 vertices of a hexagon of triangles: rows 1 (bottom) to 7 (top) hold
a1-c1, a2-d2, a3-e3, a4-f4, a5-e5, a6-d6, a7-c7 (the letter counts from the left of its row).
Lines run in 6 directions: e, w, ne, nw, se, sw (no n or s).
Set-up standard: every vertex holds one pawn, 15 each. Set-up free: players alternate
`place VERTEX` (Green first) until each has placed `pawns` (11-15), e.g. `place c4`.
A stack belongs to the colour of its top pawn. On your turn you must move one of your stacks:
- move FROM TO: the whole stack goes exactly as many steps as it is tall, in a straight line,
  jumping over anything, and lands on top of an occupied vertex, e.g. `move d2 d3`.
- move FROM DIRECTION: the same, naming the line instead, e.g. `move c4 ne`.
A stack of 6 or more can never move. A player with no move is skipped; when neither can
move the game ends. A skyscraper is a stack of 4 or more: the player owning more wins; on
equal numbers the owner of the tallest stack wins; equal tallest is a draw.";

fn vertex(w: &str) -> Result<Vertex, MoveError> {
    Vertex::parse(w).map_err(|e| unparsable(e, FORM, EXAMPLE))
}

fn direction(w: &str) -> Result<HexDir, MoveError> {
    HexDir::parse(w).map_err(|north_south| {
        let problem = if north_south {
            format!("\"{w}\": north and south are not directions on this board (rows are horizontal lines); use e, w, ne, nw, se or sw")
        } else {
            format!("\"{w}\" is neither a vertex nor a direction (e, w, ne, nw, se, sw)")
        };
        unparsable(problem, "move FROM TO | move FROM DIRECTION", "move c4 ne")
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
                format!("{from} is empty: there is no stack to move from it"),
            ));
        }
        from.reach(d, h).ok_or_else(|| {
            let mut inside = 0;
            while from.reach(d, inside + 1).is_some() {
                inside += 1;
            }
            MoveError::illegal(
                "R3",
                format!(
                    "a stack of {h} moves exactly {h} step{}: going {} from {from} leaves the board after {inside}",
                    if h == 1 { "" } else { "s" },
                    d.word()
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
                        format!(
                            "the stack on {from} going {} lands on {there}, not {to}: give either the destination or the direction",
                            d.word()
                        ),
                    ));
                }
                Ok(Move::Move { from, to })
            }
            [] => Err(unparsable("the move is empty", FORM, EXAMPLE)),
            ["place", ..] => Err(unparsable(
                "place takes one vertex",
                "place VERTEX",
                "place c4",
            )),
            ["move", _] => Err(unparsable(
                "move needs a destination vertex or a direction after the stack's vertex",
                "move FROM TO | move FROM DIRECTION",
                "move c4 f4",
            )),
            ["move", ..] => Err(unparsable(
                "move takes the stack's vertex, then a destination or a direction",
                "move FROM TO | move FROM DIRECTION",
                "move c4 f4",
            )),
            [w, ..] => Err(unparsable(
                format!("\"{w}\" is not a Sky Scrapers action"),
                FORM,
                EXAMPLE,
            )),
        }
    }
}
