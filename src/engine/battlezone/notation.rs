//! Section 7's notation (display, parsing with every alias), the slash-command verbs, the
//! option table, the rules summary and the status line that tells each die's uses.

use super::moves::{home_rank, range};
use super::{Battlezone, Colour, Move, JOKER};
use crate::engine::board::{words, Dir, Square};
use crate::engine::{
    unparsable, MoveError, OptionKind, OptionSpec, ParamKind, ParamSpec, VerbSpec, Written,
};
use std::fmt;

pub const OPTIONS: &[OptionSpec] = &[OptionSpec {
    key: "turn_limit",
    kind: OptionKind::Int { min: 0, max: 1000 },
    default: "0",
    description: "the game ends after this many turns (both players' counted), 0 = never (R16)",
}];

const DIRS: &[&str] = &["n", "ne", "e", "se", "s", "sw", "w", "nw"];

const JOKER_PARAM: ParamSpec = ParamSpec {
    name: "joker",
    kind: ParamKind::Bool,
    required: false,
    written: Written::Switch,
    description: "pay with the 6 even though a die of the colour is unused",
    description_fr: "payer avec le 6 même si un dé de la couleur est libre",
};

const fn square(description: &'static str, description_fr: &'static str) -> ParamSpec {
    ParamSpec {
        name: "square",
        kind: ParamKind::Square,
        required: true,
        written: Written::Value,
        description,
        description_fr,
    }
}

pub const VERBS: &[VerbSpec] = &[
    VerbSpec {
        name: "place",
        params: &[
            square(
                "an empty square of your starting line",
                "une case vide de votre ligne de départ",
            ),
            ParamSpec {
                name: "colour",
                kind: ParamKind::Colour,
                required: true,
                written: Written::Value,
                description: "red, blue, green, yellow or black",
                description_fr: "rouge, bleu, vert, jaune ou noir",
            },
            JOKER_PARAM,
        ],
        description: "Place a small pyramid from the supply on your starting line",
        description_fr: "Poser une petite pyramide de la réserve sur votre ligne de départ",
    },
    VerbSpec {
        name: "control",
        params: &[
            square("an upright pyramid", "une pyramide debout"),
            JOKER_PARAM,
        ],
        description: "Lay an upright pyramid toward your opponent: you control it",
        description_fr: "Coucher une pyramide debout vers l'adversaire : vous la contrôlez",
    },
    VerbSpec {
        name: "upgrade",
        params: &[
            square(
                "your pyramid or an upright one, not large",
                "votre pyramide ou une debout, pas grande",
            ),
            JOKER_PARAM,
        ],
        description: "Swap a pyramid for the next larger size from the supply",
        description_fr: "Remplacer une pyramide par la taille au-dessus de la réserve",
    },
    VerbSpec {
        name: "activate",
        params: &[
            square(
                "your pyramid, or an upright one to downgrade",
                "votre pyramide, ou une debout à réduire",
            ),
            JOKER_PARAM,
        ],
        description: "Fire a pyramid's colour power on every pyramid in its range",
        description_fr: "Déclencher le pouvoir d'une pyramide sur tout ce qui est à sa portée",
    },
    VerbSpec {
        name: "move",
        params: &[
            ParamSpec {
                name: "from",
                kind: ParamKind::Square,
                required: true,
                written: Written::Value,
                description: "a pyramid you control",
                description_fr: "une pyramide que vous contrôlez",
            },
            ParamSpec {
                name: "direction",
                kind: ParamKind::Direction(DIRS),
                required: true,
                written: Written::Value,
                description: "it moves exactly its size in squares (1, 2, 3) this way",
                description_fr: "elle avance d'exactement sa taille (1, 2, 3) dans ce sens",
            },
            JOKER_PARAM,
        ],
        description: "Move a pyramid you control; past the far line it exits",
        description_fr: "Déplacer une pyramide contrôlée ; au-delà de la ligne adverse elle sort",
    },
    VerbSpec {
        name: "transport",
        params: &[
            ParamSpec {
                name: "from",
                kind: ParamKind::Square,
                required: true,
                written: Written::Value,
                description: "a pyramid in the yellow pyramid's range",
                description_fr: "une pyramide à portée de la pyramide jaune",
            },
            ParamSpec {
                name: "to",
                kind: ParamKind::Square,
                required: true,
                written: Written::Value,
                description: "an empty square in the same range",
                description_fr: "une case vide de la même portée",
            },
        ],
        description: "After a yellow activation: carry one pyramid within its range",
        description_fr: "Après une activation jaune : déplacer une pyramide dans sa portée",
    },
    VerbSpec {
        name: "done",
        params: &[],
        description: "End the transport step of a yellow activation",
        description_fr: "Terminer l'étape de transport d'une activation jaune",
    },
    VerbSpec {
        name: "skip",
        params: &[ParamSpec {
            name: "die",
            kind: ParamKind::Integer { min: 1, max: 6 },
            required: true,
            written: Written::Value,
            description: "the value of an unused die to give up",
            description_fr: "la valeur d'un dé inutilisé à abandonner",
        }],
        description: "Give up one unused die",
        description_fr: "Renoncer à un dé inutilisé",
    },
];

// One line per rule: chat clients wrap long lines themselves.
pub const RULES_SUMMARY: &str = "\
Battle Zone (Jason Troutman), 2 players: South (seat 1) starts from rank 1, North (seat 2) \
from rank 8.
One shared supply of 45 pyramids: 5 colours x small/medium/large x 3. Nobody owns them: a \
pyramid lying toward the opponent is yours, an upright one is nobody's.
Each turn you roll 3 dice: 1 red, 2 blue, 3 green, 4 yellow, 5 black, 6 joker (any colour). \
Use each die once, in any order, for one action of its colour, or skip it. Add `joker` to pay \
with the 6 when a die of the colour is free too.
- place SQUARE COLOUR: a small from the supply on an empty square of your starting line, \
yours. e.g. `place c1 red`
- control SQUARE: an upright pyramid becomes yours. e.g. `control d4`
- upgrade SQUARE: your or an upright pyramid, not large, becomes the next size from the \
supply. e.g. `upgrade d4 joker`
- activate SQUARE: your pyramid stands up, or an upright one is downgraded one size; then its \
colour's power hits every pyramid within its size (after any downgrade) in king steps. \
e.g. `activate d4`
  red destroys (back to the supply); blue gives you control; black stands them upright; \
green upgrades each in order a1..h8 (a large, or one whose next size is not in the supply, is \
removed); yellow lets you carry up to SIZE of them, one at a time, to empty squares of the \
same range: `transport FROM TO`, and `done` to stop early.
- move SQUARE DIRECTION: your pyramid moves exactly its size (1-3) in one of 8 directions, \
jumping over pyramids, to an empty square. Past the opponent's starting line it exits for \
good; never off a side or back over your own line. e.g. `move e7 n`
- skip DIE: give up an unused die. e.g. `skip 6`
Win: exit one pyramid of each of the five colours. Option turn_limit=N: after N turns, most \
colours exited wins, then most pyramids; else a draw.";

/// Longest status line, in bytes.
const STATUS_MAX: usize = 1400;

const FORM: &str = "place SQUARE COLOUR | control SQUARE | upgrade SQUARE | activate SQUARE | \
move SQUARE DIRECTION (each with optional joker) | skip DIE | transport FROM TO | done";
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
            format!("\"{w}\" is not a colour (red, blue, green, yellow, black)"),
            "place SQUARE COLOUR",
            "place c1 red",
        )
    })
}

fn dir(w: &str) -> Result<Dir, MoveError> {
    Dir::parse(w).ok_or_else(|| {
        unparsable(
            format!("\"{w}\" is not a direction (n ne e se s sw w nw)"),
            "move SQUARE DIRECTION",
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
        let shape = |problem: &str, form: &'static str, example: &'static str| {
            Err(unparsable(problem, form, example))
        };
        let mv = match ws[..] {
            [] => return shape("the move is empty", FORM, EXAMPLE),
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
                        &format!("\"{v}\" is not a die value (1-6)"),
                        "skip DIE",
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
                    "place takes a square and a colour",
                    "place SQUARE COLOUR [joker]",
                    "place c1 red",
                )
            }
            ["control" | "upgrade" | "activate", ..] => {
                return shape(
                    &format!("{} takes one square", ws[0]),
                    "control|upgrade|activate SQUARE [joker]",
                    "activate d4",
                )
            }
            ["move", ..] => {
                return shape(
                    "move takes a square and a direction (the distance is the pyramid's size)",
                    "move SQUARE DIRECTION [joker]",
                    "move e7 n",
                )
            }
            ["skip", ..] => return shape("skip takes one die value", "skip DIE", "skip 6"),
            ["transport", ..] => {
                return shape(
                    "transport takes two squares",
                    "transport FROM TO",
                    "transport c3 b6",
                )
            }
            ["done", ..] => return shape("done takes nothing", "done", "done"),
            [w, ..] => {
                return shape(
                    &format!("\"{w}\" is not a Battle Zone action"),
                    FORM,
                    EXAMPLE,
                )
            }
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
    pub(super) fn describe(&self) -> String {
        let roll = self
            .dice
            .iter()
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join(" ");
        if self.outcome.is_some() {
            return format!("Last roll: {roll}.");
        }
        let who = format!(
            "{} (seat {})",
            super::SEAT_NAMES[self.to_move as usize - 1],
            self.to_move
        );
        if let Some(t) = self.transport {
            return format!(
                "{who}: transport step of the yellow pyramid on {} (range {}): up to {} more \
                 `transport FROM TO` to empty squares of that range, or `done`.",
                t.square, t.radius, t.left
            );
        }
        let mut out = format!("{who} rolled {roll}.");
        let mut seen = [false; 7];
        for v in self.dice_left() {
            if std::mem::replace(&mut seen[v as usize], true) {
                continue;
            }
            let covered = self.dice_left().iter().any(|&d| d != JOKER);
            let uses = self.uses_of(v);
            let text = match (Colour::from_die(v), uses.is_empty()) {
                (Some(c), false) => format!(" Die {v} {c}: {uses}."),
                (Some(c), true) => format!(" Die {v} {c}: nothing now (skip it)."),
                (None, empty) if covered => format!(
                    " Die {JOKER} joker: any colour, so also the actions above (add ` joker` to \
                     spend the 6 on them){}.",
                    if empty {
                        String::new()
                    } else {
                        format!("; other colours: {uses}")
                    }
                ),
                (None, false) => format!(" Die {JOKER} joker (any colour): {uses}."),
                (None, true) => format!(" Die {JOKER} joker: nothing now (skip it)."),
            };
            out.push_str(&text);
        }
        out.push_str(" Any unused die may be skipped (`skip N`).");
        // Chat messages are limited (Discord: 2000 characters with the rest of the reply).
        if out.len() > STATUS_MAX {
            let mut cut = STATUS_MAX - 40;
            while !out.is_char_boundary(cut) {
                cut -= 1;
            }
            out.truncate(cut);
            out.push_str(" … (the full list: /moves)");
        }
        out
    }

    /// What a die showing `v` can pay for now, grouped by verb.
    fn uses_of(&self, v: u8) -> String {
        let me = self.to_move;
        // The 6 is described for the colours no other unused die shows.
        let left = self.dice_left();
        let fits = |c: Colour| v == c.die() || (v == JOKER && !left.contains(&c.die()));
        let mut parts = Vec::new();
        let line_free = (0..8).any(|f| self.board[Square::new(f, home_rank(me)).index()].is_none());
        let placeable: Vec<&str> = Colour::ALL
            .into_iter()
            .filter(|&c| fits(c) && self.supply(c, crate::engine::board::Size::Small) > 0)
            .map(Colour::name)
            .collect();
        if line_free && !placeable.is_empty() {
            parts.push(if v == JOKER {
                format!(
                    "place {} on rank {}",
                    placeable.join("/"),
                    home_rank(me) + 1
                )
            } else {
                format!("place on rank {}", home_rank(me) + 1)
            });
        }
        let mut verbs: [(&str, Vec<String>); 4] = [
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
                verbs[0].1.push(name.clone());
            }
            if self.can_upgrade(p, me) {
                verbs[1].1.push(name.clone());
            }
            if let Some(r) = self.activation_radius(p, me) {
                verbs[2]
                    .1
                    .push(format!("{name} ({}, range {r})", p.colour.power()));
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
                    verbs[3].1.push(format!("{name} {}", dirs.join("/")));
                }
            }
        }
        for (verb, list) in verbs {
            if !list.is_empty() {
                parts.push(format!("{verb} {}", list.join(", ")));
            }
        }
        parts.join("; ")
    }

    /// Squares of the range of radius `r` around `q` (D2), in square order.
    pub fn range_squares(q: Square, r: u8) -> Vec<Square> {
        range(q, r).collect()
    }
}
