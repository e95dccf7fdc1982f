//! Checks of actions (R3-R13): each refusal names the rule and says how to do it right.

use super::moves::{home_rank, in_range, Path};
use super::{Battlezone, Colour, Move, Piece};
use crate::engine::board::{Size, Square};
use crate::engine::{msg, MoveError, Msg};

impl Battlezone {
    /// `unused dice: 2 5` (or `none`).
    fn unused_text(&self) -> Msg {
        let left = self.dice_left();
        msg!(
            "battlezone-unused-dice",
            dice = left
                .iter()
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join(" "),
            count = left.len()
        )
    }

    /// R4: a die can pay for colour `c` (with `joker`, a 6 must).
    fn check_pay(&self, c: Colour, joker: bool) -> Result<(), MoveError> {
        if self.payer(c, joker).is_some() {
            return Ok(());
        }
        let reason = if joker {
            msg!("battlezone-joker-needs-6", unused = self.unused_text())
        } else {
            msg!(
                "battlezone-no-die-for",
                colour = c.name(),
                die = c.die(),
                unused = self.unused_text()
            )
        };
        Err(MoveError::illegal("R4", reason))
    }

    fn occupied(&self, sq: Square, rule: &'static str, verb: &str) -> Result<Piece, MoveError> {
        self.board[sq.index()]
            .ok_or_else(|| MoveError::illegal(rule, msg!("battlezone-empty", square = sq, verb)))
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
                            msg!("battlezone-transport-itself", square = sq)
                        } else {
                            msg!(
                                "battlezone-transport-out",
                                square = sq,
                                yellow = t.square,
                                radius = t.radius
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
                            msg!("battlezone-transport-empty", square = from),
                        ));
                    }
                    if t.moved >> from.0 & 1 == 1 {
                        return Err(MoveError::illegal(
                            "R13",
                            msg!("battlezone-transport-again", square = from),
                        ));
                    }
                    if self.board[to.index()].is_some() {
                        return Err(MoveError::illegal(
                            "R13",
                            msg!("battlezone-transport-occupied", square = to),
                        ));
                    }
                    Ok(())
                }
                _ => Err(MoveError::illegal(
                    "R13",
                    msg!(
                        "battlezone-transport-first",
                        square = t.square,
                        left = t.left
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
            Move::Done | Move::Transport { .. } => {
                Err(MoveError::illegal("R13", msg!("battlezone-no-transport")))
            }
            Move::Skip { die } => {
                if (0..3).any(|i| !self.used[i] && self.dice[i] == die) {
                    Ok(())
                } else {
                    Err(MoveError::illegal(
                        "R3",
                        msg!("battlezone-no-die", die, unused = self.unused_text()),
                    ))
                }
            }
            Move::Place { square, colour, .. } => {
                if square.rank() != home_rank(me) {
                    return Err(MoveError::illegal(
                        "R5",
                        msg!(
                            "battlezone-not-home",
                            square,
                            who = Battlezone::seat_name(me),
                            rank = home_rank(me) + 1
                        ),
                    ));
                }
                if self.board[square.index()].is_some() {
                    return Err(MoveError::illegal(
                        "R5",
                        msg!("battlezone-place-occupied", square),
                    ));
                }
                if self.supply(colour, Size::Small) == 0 {
                    return Err(MoveError::illegal(
                        "R5",
                        msg!(
                            "battlezone-supply-empty",
                            size = "small",
                            colour = colour.name()
                        ),
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
                        msg!(
                            "battlezone-already-controlled",
                            square,
                            who = Battlezone::seat_name(s)
                        ),
                    )),
                }
            }
            Move::Upgrade { square, .. } => {
                let p = self.occupied(square, "R7", "upgrade")?;
                if let Some(s) = p.ctrl.filter(|&s| s != me) {
                    return Err(MoveError::illegal(
                        "R7",
                        msg!(
                            "battlezone-upgrade-theirs",
                            square,
                            who = Battlezone::seat_name(s)
                        ),
                    ));
                }
                match p.size.larger() {
                    None => Err(MoveError::illegal(
                        "R7",
                        msg!("battlezone-already-large", square),
                    )),
                    Some(l) if self.supply(p.colour, l) == 0 => Err(MoveError::illegal(
                        "R7",
                        msg!(
                            "battlezone-supply-empty",
                            size = l,
                            colour = p.colour.name()
                        ),
                    )),
                    Some(_) => Ok(()),
                }
            }
            Move::Activate { square, .. } => {
                let p = self.occupied(square, "R8", "activate")?;
                match p.ctrl {
                    Some(s) if s != me => Err(MoveError::illegal(
                        "R8",
                        msg!(
                            "battlezone-activate-theirs",
                            square,
                            who = Battlezone::seat_name(s)
                        ),
                    )),
                    Some(_) => Ok(()),
                    None => match p.size.smaller() {
                        None => Err(MoveError::illegal(
                            "R8",
                            msg!("battlezone-upright-small", square),
                        )),
                        Some(s) if self.supply(p.colour, s) == 0 => Err(MoveError::illegal(
                            "R8",
                            msg!(
                                "battlezone-downgrade-supply",
                                size = p.size,
                                square,
                                smaller = s,
                                colour = p.colour.name()
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
                        None => msg!("battlezone-whose-nobody"),
                        Some(s) => msg!("battlezone-whose", who = Battlezone::seat_name(s)),
                    };
                    return Err(MoveError::illegal(
                        "R9",
                        msg!("battlezone-move-theirs", square = from, whose),
                    ));
                }
                let n = p.size.pips();
                match self.path(from, p.size, dir, me) {
                    Path::To(_) | Path::Exit => Ok(()),
                    Path::Blocked(to) => Err(MoveError::illegal(
                        "R9",
                        msg!("battlezone-move-blocked", size = p.size, n, dir, from, to),
                    )),
                    Path::Side => Err(MoveError::illegal(
                        "R9",
                        msg!("battlezone-move-side", size = p.size, n, dir, from),
                    )),
                    Path::OwnLine => Err(MoveError::illegal(
                        "R9",
                        msg!("battlezone-move-own-line", dir, from),
                    )),
                }
            }
        }
    }
}
