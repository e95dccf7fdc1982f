//! Pikemen notation (rules/pikemen.md section 7): options, verbs, the `/rules` summary, and
//! reading move text in every accepted form.

use super::Move;
use crate::engine::board::{Orient, Square};
use crate::engine::{
    msg, unparsable, MoveError, Msg, OptionKind, OptionSpec, ParamKind, ParamSpec, VerbSpec,
};
use std::fmt;

pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        key: "target",
        kind: OptionKind::Int { min: 12, max: 30 },
        default: "12",
        message: "option-pikemen-target",
    },
    OptionSpec {
        key: "rps",
        kind: OptionKind::Bool,
        default: "false",
        message: "option-pikemen-rps",
    },
    OptionSpec {
        key: "quiet_limit",
        kind: OptionKind::Int { min: 0, max: 1000 },
        default: "0 with 2 players, 60 with 3-4",
        message: "option-pikemen-quiet_limit",
    },
];

const ORIENTS: &[&str] = &["n", "ne", "e", "se", "s", "sw", "w", "nw", "up"];

pub const VERBS: &[VerbSpec] = &[
    VerbSpec {
        name: "turn",
        params: &[
            ParamSpec::required("square", ParamKind::Square),
            ParamSpec::required("direction", ParamKind::Direction(ORIENTS)),
        ],
        message: "verb-pikemen-turn",
    },
    VerbSpec {
        name: "move",
        params: &[
            ParamSpec::required("from", ParamKind::Square),
            ParamSpec::optional("to", ParamKind::Square),
            ParamSpec::optional("direction", ParamKind::Direction(ORIENTS)),
        ],
        message: "verb-pikemen-move",
    },
];

const FORM: Msg = Msg::new("pikemen-form");
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
        Orient::parse(w)
            .ok_or_else(|| unparsable(msg!("pikemen-not-facing", word = w), FORM, EXAMPLE))
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
        [] => return Err(unparsable(msg!("move-empty"), FORM, EXAMPLE)),
        ["turn", ..] => {
            return Err(unparsable(
                msg!("pikemen-turn-words"),
                msg!("pikemen-form-turn"),
                "turn e2 n",
            ))
        }
        ["move", ..] => {
            return Err(unparsable(
                msg!("pikemen-move-words"),
                msg!("pikemen-form-move"),
                EXAMPLE,
            ))
        }
        [w, ..] => {
            return Err(unparsable(
                msg!("pikemen-not-a-move", word = w),
                FORM,
                EXAMPLE,
            ))
        }
    };
    Ok(mv)
}

/// Abstract Play's forms: `e2(N)`, `e2-e5`, `e2xe5`, `e2-e5(NW)`.
fn parse_abstract_play(text: &str) -> Result<Move, MoveError> {
    let bad = || unparsable(msg!("pikemen-not-a-move", word = text), FORM, EXAMPLE);
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
