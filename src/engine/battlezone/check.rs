//! Checks of actions (R3-R13): each refusal names the rule and says how to do it right.

use super::moves::{home_rank, in_range, Path};
use super::{Battlezone, Colour, Move, Piece};
use crate::engine::board::{Size, Square};
use crate::engine::MoveError;

impl Battlezone {
    fn unused_text(&self) -> String {
        let left = self.dice_left();
        if left.is_empty() {
            "none".into()
        } else {
            left.iter()
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        }
    }

    /// R4: a die can pay for colour `c` (with `joker`, a 6 must).
    fn check_pay(&self, c: Colour, joker: bool) -> Result<(), MoveError> {
        if self.payer(c, joker).is_some() {
            return Ok(());
        }
        let reason = if joker {
            format!(
                "joker needs an unused 6 (unused dice: {})",
                self.unused_text()
            )
        } else {
            format!(
                "no unused die shows {c} ({}) or 6 (unused dice: {})",
                c.die(),
                self.unused_text()
            )
        };
        Err(MoveError::illegal("R4", reason))
    }

    fn occupied(&self, sq: Square, rule: &'static str, verb: &str) -> Result<Piece, MoveError> {
        self.board[sq.index()].ok_or_else(|| {
            MoveError::illegal(rule, format!("{sq} is empty: {verb} needs a pyramid there"))
        })
    }

    pub(super) fn validate(&self, mv: &Move) -> Result<(), MoveError> {
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        if let Some(t) = self.transport {
            return match *mv {
                Move::Done => Ok(()),
                Move::Transport { from, to } => {
                    let out = |sq: Square| {
                        let reason = if sq == t.square {
                            format!(
                                "{sq} is the yellow pyramid itself, which is not in its own range"
                            )
                        } else {
                            format!(
                                "{sq} is outside the range of the yellow pyramid on {} (radius {})",
                                t.square, t.radius
                            )
                        };
                        MoveError::illegal("R13", reason)
                    };
                    if !in_range(t.square, t.radius, from) {
                        return Err(out(from));
                    }
                    if !in_range(t.square, t.radius, to) {
                        return Err(out(to));
                    }
                    if self.board[from.index()].is_none() {
                        return Err(MoveError::illegal(
                            "R13",
                            format!("{from} is empty: name a square holding a pyramid"),
                        ));
                    }
                    if t.moved >> from.0 & 1 == 1 {
                        return Err(MoveError::illegal(
                            "R13",
                            format!("the pyramid on {from} was already transported in this step"),
                        ));
                    }
                    if self.board[to.index()].is_some() {
                        return Err(MoveError::illegal(
                            "R13",
                            format!(
                                "{to} is occupied: a pyramid is transported to an empty square"
                            ),
                        ));
                    }
                    Ok(())
                }
                _ => Err(MoveError::illegal(
                    "R13",
                    format!(
                        "finish the transport step of the yellow pyramid on {} first: \
                         `transport FROM TO` ({} left) or `done`",
                        t.square, t.left
                    ),
                )),
            };
        }
        self.check_action(mv)?;
        match *mv {
            Move::Place { colour, joker, .. } => self.check_pay(colour, joker),
            Move::Control { square, joker }
            | Move::Upgrade { square, joker }
            | Move::Activate { square, joker }
            | Move::Move {
                from: square,
                joker,
                ..
            } => match self.board[square.index()] {
                Some(p) => self.check_pay(p.colour, joker),
                None => Ok(()),
            },
            _ => Ok(()),
        }
    }

    /// Everything but the die (R4): the rules of the action itself come first, as they say
    /// more about what is wrong.
    fn check_action(&self, mv: &Move) -> Result<(), MoveError> {
        let me = self.to_move;
        match *mv {
            Move::Done | Move::Transport { .. } => Err(MoveError::illegal(
                "R13",
                "there is no transport step now: `transport` and `done` follow the activation \
                 of a yellow pyramid",
            )),
            Move::Skip { die } => {
                if (0..3).any(|i| !self.used[i] && self.dice[i] == die) {
                    Ok(())
                } else {
                    Err(MoveError::illegal(
                        "R3",
                        format!(
                            "no unused die shows {die} (unused dice: {})",
                            self.unused_text()
                        ),
                    ))
                }
            }
            Move::Place { square, colour, .. } => {
                if square.rank() != home_rank(me) {
                    return Err(MoveError::illegal(
                        "R5",
                        format!(
                            "{square} is not on your starting line: {} places on rank {}",
                            Battlezone::seat_name(me),
                            home_rank(me) + 1
                        ),
                    ));
                }
                if self.board[square.index()].is_some() {
                    return Err(MoveError::illegal(
                        "R5",
                        format!("{square} is occupied: place on an empty square of your line"),
                    ));
                }
                if self.supply(colour, Size::Small) == 0 {
                    return Err(MoveError::illegal(
                        "R5",
                        format!("the supply has no small {colour} pyramid left"),
                    ));
                }
                Ok(())
            }
            Move::Control { square, .. } => {
                let p = self.occupied(square, "R6", "control")?;
                match p.ctrl {
                    None => Ok(()),
                    Some(s) => Err(MoveError::illegal(
                        "R6",
                        format!(
                            "the pyramid on {square} is already controlled by {}: control \
                             takes an upright pyramid (a blue activation takes any)",
                            Battlezone::seat_name(s)
                        ),
                    )),
                }
            }
            Move::Upgrade { square, .. } => {
                let p = self.occupied(square, "R7", "upgrade")?;
                if let Some(s) = p.ctrl.filter(|&s| s != me) {
                    return Err(MoveError::illegal(
                        "R7",
                        format!(
                            "the pyramid on {square} is controlled by {}: upgrade your own or \
                             an upright pyramid",
                            Battlezone::seat_name(s)
                        ),
                    ));
                }
                match p.size.larger() {
                    None => Err(MoveError::illegal(
                        "R7",
                        format!("the pyramid on {square} is already large"),
                    )),
                    Some(l) if self.supply(p.colour, l) == 0 => Err(MoveError::illegal(
                        "R7",
                        format!("the supply has no {l} {} pyramid left", p.colour),
                    )),
                    Some(_) => Ok(()),
                }
            }
            Move::Activate { square, .. } => {
                let p = self.occupied(square, "R8", "activate")?;
                match p.ctrl {
                    Some(s) if s != me => Err(MoveError::illegal(
                        "R8",
                        format!(
                            "the pyramid on {square} is controlled by {}: activate your own or \
                             an upright pyramid",
                            Battlezone::seat_name(s)
                        ),
                    )),
                    Some(_) => Ok(()),
                    None => match p.size.smaller() {
                        None => Err(MoveError::illegal(
                            "R8",
                            format!(
                                "the pyramid on {square} is an upright small: an upright \
                                 pyramid is activated by downgrading it, and a small cannot be"
                            ),
                        )),
                        Some(s) if self.supply(p.colour, s) == 0 => Err(MoveError::illegal(
                            "R8",
                            format!(
                                "activating the upright {} on {square} downgrades it, but the \
                                 supply has no {s} {} pyramid",
                                p.size, p.colour
                            ),
                        )),
                        Some(_) => Ok(()),
                    },
                }
            }
            Move::Move { from, dir, .. } => {
                let p = self.occupied(from, "R9", "move")?;
                if p.ctrl != Some(me) {
                    let whose = match p.ctrl {
                        None => "upright (controlled by nobody)".to_string(),
                        Some(s) => format!("controlled by {}", Battlezone::seat_name(s)),
                    };
                    return Err(MoveError::illegal(
                        "R9",
                        format!(
                            "the pyramid on {from} is {whose}: you move only pyramids you control"
                        ),
                    ));
                }
                let n = p.size.pips();
                let steps = if n == 1 { "square" } else { "squares" };
                match self.path(from, p.size, dir, me) {
                    Path::To(_) | Path::Exit => Ok(()),
                    Path::Blocked(to) => Err(MoveError::illegal(
                        "R9",
                        format!(
                            "a {} moves exactly {n} {steps}: {dir} from {from} it would stop \
                             on {to}, which is occupied",
                            p.size
                        ),
                    )),
                    Path::Side => Err(MoveError::illegal(
                        "R9",
                        format!(
                            "a {} moves exactly {n} {steps}: {dir} from {from} it would leave by \
                             a side; pyramids exit only past the opponent's starting line",
                            p.size
                        ),
                    )),
                    Path::OwnLine => Err(MoveError::illegal(
                        "R9",
                        format!(
                            "{dir} from {from} crosses your own starting line; pyramids exit \
                             only past the opponent's"
                        ),
                    )),
                }
            }
        }
    }
}
