//! Section 7's notation (display, parsing with every alias), the slash-command verbs, the
//! option table, the rules summary and the status line that tells each die's uses.

use super::moves::{home_rank, range};
use super::{Battlezone, Colour, Move, JOKER};
use crate::engine::board::{words, Dir, Square};
use crate::engine::{
    msg, unparsable, Arg, Join, MoveError, Msg, OptionKind, OptionSpec, ParamKind, ParamSpec,
    VerbSpec, Written,
};
use std::fmt;

pub const OPTIONS: &[OptionSpec] = &[OptionSpec {
    key: "turn_limit",
    kind: OptionKind::Int { min: 0, max: 1000 },
    default: "0",
    message: "option-battlezone-turn_limit",
}];

const DIRS: &[&str] = &["n", "ne", "e", "se", "s", "sw", "w", "nw"];

const JOKER_PARAM: ParamSpec =
    ParamSpec::optional("joker", ParamKind::Bool).written(Written::Switch);

const SQUARE: ParamSpec = ParamSpec::required("square", ParamKind::Square);

pub const VERBS: &[VerbSpec] = &[
    VerbSpec {
        name: "place",
        params: &[
            SQUARE,
            ParamSpec::required("colour", ParamKind::Colour),
            JOKER_PARAM,
        ],
        message: "verb-battlezone-place",
    },
    VerbSpec {
        name: "control",
        params: &[SQUARE, JOKER_PARAM],
        message: "verb-battlezone-control",
    },
    VerbSpec {
        name: "upgrade",
        params: &[SQUARE, JOKER_PARAM],
        message: "verb-battlezone-upgrade",
    },
    VerbSpec {
        name: "activate",
        params: &[SQUARE, JOKER_PARAM],
        message: "verb-battlezone-activate",
    },
    VerbSpec {
        name: "move",
        params: &[
            ParamSpec::required("from", ParamKind::Square),
            ParamSpec::required("direction", ParamKind::Direction(DIRS)),
            JOKER_PARAM,
        ],
        message: "verb-battlezone-move",
    },
    VerbSpec {
        name: "transport",
        params: &[
            ParamSpec::required("from", ParamKind::Square),
            ParamSpec::required("to", ParamKind::Square),
        ],
        message: "verb-battlezone-transport",
    },
    VerbSpec {
        name: "done",
        params: &[],
        message: "verb-battlezone-done",
    },
    VerbSpec {
        name: "skip",
        params: &[ParamSpec::required(
            "die",
            ParamKind::Integer { min: 1, max: 6 },
        )],
        message: "verb-battlezone-skip",
    },
];

const FORM: Msg = Msg::new("battlezone-form");
const EXAMPLE: &str = "place c1 red";

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let joker = |f: &mut fmt::Formatter, j: bool| {
            if j {
                f.write_str(" joker")
            } else {
                Ok(())
            }
        };
        match *self {
            Move::Place {
                square,
                colour,
                joker: j,
            } => {
                write!(f, "place {square} {colour}")?;
                joker(f, j)
            }
            Move::Control { square, joker: j } => {
                write!(f, "control {square}")?;
                joker(f, j)
            }
            Move::Upgrade { square, joker: j } => {
                write!(f, "upgrade {square}")?;
                joker(f, j)
            }
            Move::Activate { square, joker: j } => {
                write!(f, "activate {square}")?;
                joker(f, j)
            }
            Move::Move {
                from,
                dir,
                joker: j,
            } => {
                write!(f, "move {from} {dir}")?;
                joker(f, j)
            }
            Move::Skip { die } => write!(f, "skip {die}"),
            Move::Transport { from, to } => write!(f, "transport {from} {to}"),
            Move::Done => f.write_str("done"),
        }
    }
}

fn sq(w: &str) -> Result<Square, MoveError> {
    Square::parse(w, 8, 8).map_err(|e| unparsable(e, FORM, EXAMPLE))
}

fn colour(w: &str) -> Result<Colour, MoveError> {
    Colour::parse(w).ok_or_else(|| {
        unparsable(
            msg!("battlezone-not-colour", word = w),
            msg!("battlezone-form-place-short"),
            "place c1 red",
        )
    })
}

fn dir(w: &str) -> Result<Dir, MoveError> {
    Dir::parse(w).ok_or_else(|| {
        unparsable(
            msg!("battlezone-not-direction", word = w),
            msg!("battlezone-form-move-short"),
            "move e7 n",
        )
    })
}

impl Battlezone {
    pub(super) fn parse(&self, text: &str) -> Result<Move, MoveError> {
        let ws = words(text);
        let mut ws: Vec<&str> = ws.iter().map(String::as_str).collect();
        let joker = ws.len() > 1 && ws.last() == Some(&"joker");
        if joker {
            ws.pop();
        }
        let shape = |problem: Msg, form: Msg, example: &'static str| {
            Err(unparsable(problem, form, example))
        };
        let mv = match ws[..] {
            [] => return shape(msg!("move-empty"), FORM, EXAMPLE),
            ["place", s, c] => Move::Place {
                square: sq(s)?,
                colour: colour(c)?,
                joker,
            },
            ["control", s] => Move::Control {
                square: sq(s)?,
                joker,
            },
            ["upgrade", s] => Move::Upgrade {
                square: sq(s)?,
                joker,
            },
            ["activate", s] => Move::Activate {
                square: sq(s)?,
                joker,
            },
            ["move", s, d] => Move::Move {
                from: sq(s)?,
                dir: dir(d)?,
                joker,
            },
            ["skip", v] if !joker => match v.parse::<u8>() {
                Ok(die @ 1..=6) => Move::Skip { die },
                _ => {
                    return shape(
                        msg!("battlezone-not-die", word = v),
                        msg!("battlezone-form-skip"),
                        "skip 6",
                    )
                }
            },
            ["transport", f, t] if !joker => Move::Transport {
                from: sq(f)?,
                to: sq(t)?,
            },
            ["done"] if !joker => Move::Done,
            ["place", ..] => {
                return shape(
                    msg!("battlezone-place-words"),
                    msg!("battlezone-form-place"),
                    "place c1 red",
                )
            }
            ["control" | "upgrade" | "activate", ..] => {
                return shape(
                    msg!("battlezone-one-square", verb = ws[0]),
                    msg!("battlezone-form-square"),
                    "activate d4",
                )
            }
            ["move", ..] => {
                return shape(
                    msg!("battlezone-move-words"),
                    msg!("battlezone-form-move"),
                    "move e7 n",
                )
            }
            ["skip", ..] => {
                return shape(
                    msg!("battlezone-skip-words"),
                    msg!("battlezone-form-skip"),
                    "skip 6",
                )
            }
            ["transport", ..] => {
                return shape(
                    msg!("battlezone-transport-words"),
                    msg!("battlezone-form-transport"),
                    "transport c3 b6",
                )
            }
            ["done", ..] => {
                return shape(
                    msg!("battlezone-done-words"),
                    msg!("battlezone-form-done"),
                    "done",
                )
            }
            [w, ..] => return shape(msg!("battlezone-not-an-action", word = w), FORM, EXAMPLE),
        };
        Ok(self.canonical(mv))
    }

    /// Section 7: ` joker` is canonical only when a die of the colour is unused too; otherwise
    /// the 6 pays the plain form anyway.
    fn canonical(&self, mv: Move) -> Move {
        let colour = match mv {
            Move::Place { colour, .. } => Some(colour),
            Move::Control { square, .. }
            | Move::Upgrade { square, .. }
            | Move::Activate { square, .. }
            | Move::Move { from: square, .. } => self.board[square.index()].map(|p| p.colour),
            _ => None,
        };
        let Some(c) = colour else { return mv };
        if self.pay(c).plain {
            return mv;
        }
        match mv {
            Move::Place { square, colour, .. } => Move::Place {
                square,
                colour,
                joker: false,
            },
            Move::Control { square, .. } => Move::Control {
                square,
                joker: false,
            },
            Move::Upgrade { square, .. } => Move::Upgrade {
                square,
                joker: false,
            },
            Move::Activate { square, .. } => Move::Activate {
                square,
                joker: false,
            },
            Move::Move { from, dir, .. } => Move::Move {
                from,
                dir,
                joker: false,
            },
            m => m,
        }
    }

    /// The status line: the roll, what each unused die still allows, or the transport step.
    /// (A transport cuts it to a chat message's length; the full list is `/moves`.)
    pub(super) fn describe(&self) -> Msg {
        let roll = self
            .dice
            .iter()
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join(" ");
        if self.outcome.is_some() {
            return msg!("battlezone-status-last-roll", roll);
        }
        let who = msg!(
            "battlezone-who",
            name = super::Battlezone::seat_label_of(self.to_move),
            seat = self.to_move
        );
        if let Some(t) = self.transport {
            return msg!(
                "battlezone-status-transport",
                who,
                square = t.square,
                radius = t.radius,
                left = t.left
            );
        }
        let mut dice = Vec::new();
        let mut seen = [false; 7];
        for v in self.dice_left() {
            if std::mem::replace(&mut seen[v as usize], true) {
                continue;
            }
            let covered = self.dice_left().iter().any(|&d| d != JOKER);
            let uses = self.uses_of(v);
            let count = uses.len();
            let uses = Arg::list(uses, Join::Semicolon);
            dice.push(match Colour::from_die(v) {
                Some(c) => msg!("battlezone-die", die = v, colour = c.name(), uses, count),
                None if covered => msg!("battlezone-die-joker-covered", uses, count),
                None => msg!("battlezone-die-joker", uses, count),
            });
        }
        msg!(
            "battlezone-status",
            who,
            roll,
            count = dice.len(),
            dice = Arg::list(dice, Join::Space)
        )
    }

    /// What a die showing `v` can pay for now, grouped by verb.
    fn uses_of(&self, v: u8) -> Vec<Msg> {
        let me = self.to_move;
        // The 6 is described for the colours no other unused die shows.
        let left = self.dice_left();
        let fits = |c: Colour| v == c.die() || (v == JOKER && !left.contains(&c.die()));
        let mut parts = Vec::new();
        let line_free = (0..8).any(|f| self.board[Square::new(f, home_rank(me)).index()].is_none());
        let placeable: Vec<Msg> = Colour::ALL
            .into_iter()
            .filter(|&c| fits(c) && self.supply(c, crate::engine::board::Size::Small) > 0)
            .map(|c| msg!("battlezone-colour", colour = c.name()))
            .collect();
        if line_free && !placeable.is_empty() {
            parts.push(if v == JOKER {
                msg!(
                    "battlezone-use-place-colours",
                    colours = Arg::list(placeable, Join::Slash),
                    rank = home_rank(me) + 1
                )
            } else {
                msg!("battlezone-use-place", rank = home_rank(me) + 1)
            });
        }
        let mut verbs: [(&str, Vec<Arg>); 4] = [
            ("control", vec![]),
            ("upgrade", vec![]),
            ("activate", vec![]),
            ("move", vec![]),
        ];
        for i in 0..64u8 {
            let Some(p) = self.board[i as usize] else {
                continue;
            };
            if !fits(p.colour) {
                continue;
            }
            let s = Square(i);
            let name = s.to_string();
            if p.ctrl.is_none() {
                verbs[0].1.push(name.clone().into());
            }
            if self.can_upgrade(p, me) {
                verbs[1].1.push(name.clone().into());
            }
            if let Some(r) = self.activation_radius(p, me) {
                verbs[2].1.push(
                    msg!(
                        "battlezone-use-activate",
                        square = name.as_str(),
                        power = p.colour.power(),
                        radius = r
                    )
                    .into(),
                );
            }
            if p.ctrl == Some(me) {
                let dirs: Vec<&str> = Dir::ALL
                    .into_iter()
                    .filter(|&d| {
                        matches!(
                            self.path(s, p.size, d, me),
                            super::moves::Path::To(_) | super::moves::Path::Exit
                        )
                    })
                    .map(Dir::name)
                    .collect();
                if !dirs.is_empty() {
                    verbs[3].1.push(format!("{name} {}", dirs.join("/")).into());
                }
            }
        }
        for (verb, list) in verbs {
            if !list.is_empty() {
                parts.push(msg!(
                    "battlezone-use-verb",
                    verb,
                    squares = Arg::List {
                        items: list,
                        join: Join::Comma
                    }
                ));
            }
        }
        parts
    }

    /// Squares of the range of radius `r` around `q` (D2), in square order.
    pub fn range_squares(q: Square, r: u8) -> Vec<Square> {
        range(q, r).collect()
    }
}
