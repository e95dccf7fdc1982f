//! Pikemen notation (rules/pikemen.md section 7): options, verbs, the `/rules` summary, and
//! reading move text in every accepted form.

use super::Move;
use crate::engine::board::{Orient, Square};
use crate::engine::{
    unparsable, MoveError, OptionKind, OptionSpec, ParamKind, ParamSpec, VerbSpec, Written,
};
use std::fmt;

pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        key: "target",
        kind: OptionKind::Int { min: 12, max: 30 },
        default: "12",
        description: "score that wins (R11)",
    },
    OptionSpec {
        key: "rps",
        kind: OptionKind::Bool,
        default: "false",
        description: "rock/paper/scissors captures: a large never takes a small, a small takes an upright large (R6-rps)",
    },
    OptionSpec {
        key: "quiet_limit",
        kind: OptionKind::Int { min: 0, max: 1000 },
        default: "0 with 2 players, 60 with 3-4",
        description: "the game ends after this many actions without a capture, 0 = never (R13)",
    },
];

const ORIENTS: &[&str] = &["n", "ne", "e", "se", "s", "sw", "w", "nw", "up"];

pub const VERBS: &[VerbSpec] = &[
    VerbSpec {
        name: "turn",
        params: &[
            ParamSpec {
                name: "square",
                kind: ParamKind::Square,
                required: true,
                written: Written::Value,
                description: "the square of your pikeman",
                description_fr: "la case de votre piquier",
            },
            ParamSpec {
                name: "direction",
                kind: ParamKind::Direction(ORIENTS),
                required: true,
                written: Written::Value,
                description: "new facing, or up to stand it upright",
                description_fr: "nouvelle orientation, ou up pour le redresser",
            },
        ],
        description: "Reorient one of your pikemen in place",
        description_fr: "Réorienter un de vos piquiers sur place",
    },
    VerbSpec {
        name: "move",
        params: &[
            ParamSpec {
                name: "from",
                kind: ParamKind::Square,
                required: true,
                written: Written::Value,
                description: "the square of your lying pikeman",
                description_fr: "la case de votre piquier couché",
            },
            ParamSpec {
                name: "to",
                kind: ParamKind::Square,
                required: false,
                written: Written::Value,
                description: "where the charge ends (an empty square or a capture)",
                description_fr: "où la charge s'arrête (case vide ou prise)",
            },
            ParamSpec {
                name: "direction",
                kind: ParamKind::Direction(ORIENTS),
                required: false,
                written: Written::Value,
                description: "facing after the move (default: keep it)",
                description_fr: "orientation après le déplacement (par défaut : inchangée)",
            },
        ],
        description: "Charge a lying pikeman along its facing",
        description_fr: "Faire charger un piquier couché dans sa direction",
    },
];

pub const RULES_SUMMARY: &str = "\
Pikemen (Jacob Davenport), 2-4 players.
Every pyramid is a pikeman: upright (defence) or lying toward one of 8 directions (attack).
On your turn do exactly one thing:
- turn SQUARE FACING: reorient one of your pieces (8 directions or up); it must change.
- move FROM TO [FACING]: a lying piece charges along its facing over empty squares to TO,
  capturing the enemy there if it may; then it keeps its facing or takes a new one.
Captures: a lying enemy falls to any piece; an upright one only to a strictly larger piece
(an upright large never). Option rps: a large never takes a small, a small takes an upright large.
Each capture scores its pips (small 1, medium 2, large 3). First to the target (12) wins.
With 3-4 players: a player without pieces is skipped; the game ends when one army is left or
after quiet_limit actions without a capture (default 60); the highest score wins.
Abstract Play notation works too: e2(N), e2-e5, e2xe5(NW).";

const FORM: &str = "turn SQUARE FACING | move FROM TO [FACING]";
const EXAMPLE: &str = "move h3 h5 ne";

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Move::Turn { square, orient } => write!(f, "turn {square} {orient}"),
            Move::Charge {
                from,
                to,
                orient: None,
            } => write!(f, "move {from} {to}"),
            Move::Charge {
                from,
                to,
                orient: Some(o),
            } => write!(f, "move {from} {to} {o}"),
        }
    }
}

/// Reads the canonical words or Abstract Play's forms; the facing is not yet compared with the
/// piece's (that needs the position).
pub(super) fn parse(text: &str) -> Result<Move, MoveError> {
    let words = crate::engine::board::words(text);
    let sq = |w: &str| Square::parse(w, 8, 8).map_err(|e| unparsable(e, FORM, EXAMPLE));
    let orient = |w: &str| {
        Orient::parse(w).ok_or_else(|| {
            unparsable(
                format!("\"{w}\" is not a facing (n ne e se s sw w nw, or up)"),
                FORM,
                EXAMPLE,
            )
        })
    };
    let mv = match words.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["turn", s, o] => Move::Turn {
            square: sq(s)?,
            orient: orient(o)?,
        },
        ["move", f, t] => Move::Charge {
            from: sq(f)?,
            to: sq(t)?,
            orient: None,
        },
        ["move", f, t, o] => Move::Charge {
            from: sq(f)?,
            to: sq(t)?,
            orient: Some(orient(o)?),
        },
        [single] if single.len() >= 4 => parse_abstract_play(single)?,
        [] => return Err(unparsable("the move is empty", FORM, EXAMPLE)),
        ["turn", ..] => {
            return Err(unparsable(
                "turn takes a square and a facing",
                "turn SQUARE FACING",
                "turn e2 n",
            ))
        }
        ["move", ..] => {
            return Err(unparsable(
                "move takes a square, a destination and an optional facing",
                "move FROM TO [FACING]",
                EXAMPLE,
            ))
        }
        [w, ..] => {
            return Err(unparsable(
                format!("\"{w}\" is not a Pikemen move"),
                FORM,
                EXAMPLE,
            ))
        }
    };
    Ok(mv)
}

/// Abstract Play's forms: `e2(N)`, `e2-e5`, `e2xe5`, `e2-e5(NW)`.
fn parse_abstract_play(text: &str) -> Result<Move, MoveError> {
    let bad = || unparsable(format!("\"{text}\" is not a Pikemen move"), FORM, EXAMPLE);
    let (body, orient) = match text.find('(') {
        Some(i) => {
            let inner = text[i + 1..].strip_suffix(')').ok_or_else(bad)?;
            (&text[..i], Some(Orient::parse(inner).ok_or_else(bad)?))
        }
        None => (text, None),
    };
    let sq = |w: &str| Square::parse(w, 8, 8).map_err(|e| unparsable(e, FORM, EXAMPLE));
    match body.split_once(['-', 'x']) {
        Some((f, t)) => Ok(Move::Charge {
            from: sq(f)?,
            to: sq(t)?,
            orient,
        }),
        None => Ok(Move::Turn {
            square: sq(body)?,
            orient: orient.ok_or_else(bad)?,
        }),
    }
}
