//! Reading a move in the position (`build q`, `challenge`, `from`) and the checks that name
//! the rule an illegal action breaks (R2, R4-R6, R15-R17); the effect of an action.

use super::notation::Parsed;
use super::pos::{self, perpendicular, Mask};
use super::{Branch, Cell, Move, Piece, Pos, Rules, Sprawl, Tower};
use crate::engine::board::{Size, Square};
use crate::engine::{msg, Arg, Join, MoveError, Seat};

impl Sprawl {
    pub(super) fn resolve(&self, parsed: Parsed) -> Result<Move, MoveError> {
        let me = self.to_move;
        let r = self.rules;
        match parsed {
            Parsed::BuildAnySize(_) if self.pos.first_turn(me) => Err(first_turn_error()),
            Parsed::BuildAnySize(q) => match self.pos.tower(q) {
                None => Err(MoveError::illegal(
                    "R4",
                    msg!("sprawl-no-tower", square = q),
                )),
                Some(t) => match t.top().size.smaller() {
                    Some(size) => Ok(Move::Build { square: q, size }),
                    None => Err(MoveError::illegal(
                        "R4",
                        msg!("sprawl-topped-small", square = q),
                    )),
                },
            },
            Parsed::ChallengeAnySeat => {
                let eligible = self
                    .window
                    .as_ref()
                    .filter(|w| w.challenger.is_none())
                    .map(|w| w.eligible.clone())
                    .unwrap_or_default();
                match eligible[..] {
                    [seat] => Ok(Move::Challenge { seat }),
                    [] => Err(MoveError::illegal("R17", msg!("sprawl-no-open-spore"))),
                    _ => Err(MoveError::illegal(
                        "R17",
                        msg!(
                            "sprawl-several-challengers",
                            seats = Arg::list(eligible.iter().copied(), Join::Or)
                        ),
                    )),
                }
            }
            Parsed::Move(Move::Branch {
                square,
                dir,
                size,
                from: Some(s),
            }) => {
                // Section 7: naming the only source is the plain move.
                let nm = self.pos.neutral_mask(&r);
                let (ok, _) = self.pos.branch_sources(&r, me, nm, square, dir, size);
                let from = if ok.len() > 1
                    || (ok.is_empty() && r.step(square, dir, -1) != Some(s))
                    || (ok.len() == 1 && ok[0].square != s)
                {
                    Some(s)
                } else {
                    None
                };
                Ok(Move::Branch {
                    square,
                    dir,
                    size,
                    from,
                })
            }
            Parsed::Move(m) => Ok(m),
        }
    }

    pub(super) fn check_action(&self, me: Seat, mv: &Move) -> Result<(), MoveError> {
        let r = self.rules;
        let p = &self.pos;
        let stash = |k: Size, rule: &'static str| {
            if p.has(me, k) {
                Ok(())
            } else {
                Err(MoveError::illegal(rule, msg!("sprawl-no-stash", size = k)))
            }
        };
        let vacant = |q: Square, rule: &'static str| {
            if p.is_vacant(q) {
                Ok(())
            } else {
                Err(MoveError::illegal(
                    rule,
                    msg!(
                        "sprawl-not-vacant",
                        square = q,
                        holds = match p.cell(q) {
                            Cell::Tower(_) => "tower",
                            _ => "branch",
                        }
                    ),
                ))
            }
        };
        if p.first_turn(me) {
            return match *mv {
                Move::Tower { square, size } => {
                    vacant(square, "R2")?;
                    stash(size, "R2")
                }
                _ => Err(first_turn_error()),
            };
        }
        if self.forbidden.as_ref() == Some(mv) {
            return Err(MoveError::illegal(
                "R17",
                msg!("sprawl-retracted-again", mv = mv.to_string()),
            ));
        }
        let nm = p.neutral_mask(&r);
        match *mv {
            Move::Tower { .. } => Err(MoveError::illegal("R2", msg!("sprawl-tower-first-only"))),
            Move::Build { square: q, size: k } => {
                let Some(t) = p.tower(q) else {
                    return Err(MoveError::illegal(
                        "R4",
                        msg!("sprawl-no-tower", square = q),
                    ));
                };
                if nm & (1u64 << q.index()) != 0 {
                    return Err(MoveError::illegal(
                        "R4",
                        msg!("sprawl-neutralized-build", square = q),
                    ));
                }
                if t.controller() != me {
                    let who = self.seat_name(t.controller());
                    if !r.sprawlgami {
                        return Err(MoveError::illegal(
                            "R4",
                            msg!("sprawl-build-not-yours", square = q, who),
                        ));
                    }
                    if p.targets(&r, me, nm).count[q.index()] == 0 {
                        return Err(MoveError::illegal(
                            "R4",
                            msg!("sprawl-build-not-targeted", square = q, who),
                        ));
                    }
                }
                match t.top().size.smaller() {
                    None => Err(MoveError::illegal(
                        "R4",
                        msg!("sprawl-topped-small", square = q),
                    )),
                    Some(want) if want != k => Err(MoveError::illegal(
                        "R4",
                        msg!("sprawl-build-size", top = t.top().size, want, square = q),
                    )),
                    Some(_) => stash(k, "R4"),
                }
            }
            Move::Branch {
                square: q,
                dir: d,
                size: k,
                from,
            } => {
                vacant(q, "R5")?;
                if r.step(q, d, 1).is_none() {
                    return Err(MoveError::illegal(
                        "R5",
                        msg!("sprawl-branch-points-off", square = q, dir = d),
                    ));
                }
                stash(k, "R5")?;
                let (ok, err) = p.branch_sources(&r, me, nm, q, d, k);
                match from {
                    None => match ok.len() {
                        1 => Ok(()),
                        0 => Err(err.unwrap_or_else(|| {
                            MoveError::illegal("R5", msg!("sprawl-no-source", square = q, dir = d))
                        })),
                        _ => Err(MoveError::illegal(
                            "R16",
                            msg!(
                                "sprawl-several-sources",
                                sources = Arg::list(ok.iter().map(|s| s.square), Join::Or),
                                mv = mv.to_string(),
                                first = ok[0].square
                            ),
                        )),
                    },
                    Some(s) => {
                        if ok.iter().any(|src| src.square == s) {
                            return Ok(());
                        }
                        let main = r.step(q, d, -1);
                        if main == Some(s) {
                            return Err(err.unwrap_or_else(|| {
                                MoveError::illegal("R5", msg!("sprawl-not-source", square = s))
                            }));
                        }
                        let side = r.loose_branching
                            && perpendicular(d)
                                .iter()
                                .any(|&d2| r.step(q, d2, -1) == Some(s));
                        if side {
                            if let Some(b) = p.branch(s) {
                                if r.step(s, b.dir, 1) == Some(q) {
                                    return p.source_ok(me, nm, s, k, q, d, true).map(|_| ());
                                }
                            }
                            Err(MoveError::illegal(
                                "R16",
                                msg!("sprawl-side-not-source", from = s, square = q),
                            ))
                        } else {
                            Err(MoveError::illegal(
                                "R5",
                                msg!("sprawl-wrong-source", from = s, square = q, dir = d),
                            ))
                        }
                    }
                }
            }
            Move::Spore {
                square: q,
                size: k,
                overload: n,
            } => {
                vacant(q, "R6")?;
                let m = p.targets(&r, me, nm).count[q.index()];
                if m == 0 {
                    return Err(MoveError::illegal(
                        "R6",
                        msg!("sprawl-not-targeted", square = q),
                    ));
                }
                stash(k, "R6")?;
                let t = Tower::new(Piece { seat: me, size: k });
                if p.neutralized_tower(&r, q, &t) {
                    let by: Vec<_> = p
                        .attackers(&r, q, me)
                        .map(|(s, b)| msg!("sprawl-attacker", size = b.size, square = s))
                        .collect();
                    let safe: Vec<_> = Size::ALL
                        .iter()
                        .filter(|&&k2| p.spore_lives(&r, me, q, k2))
                        .map(|&k2| msg!("size-word", size = k2))
                        .collect();
                    return Err(MoveError::illegal(
                        "R6",
                        msg!(
                            "sprawl-spore-neutralized",
                            size = k,
                            square = q,
                            by = Arg::list(by, Join::And),
                            safe = Arg::list(safe.clone(), Join::Or),
                            safe_count = safe.len()
                        ),
                    ));
                }
                if n == 0 {
                    return Ok(());
                }
                if !r.overload {
                    return Err(MoveError::illegal("R15", msg!("sprawl-overload-off")));
                }
                if n > k.pips() - 1 {
                    return Err(MoveError::illegal(
                        "R15",
                        msg!("sprawl-overload-size", size = k, most = k.pips() - 1),
                    ));
                }
                if n > m - 1 {
                    return Err(MoveError::illegal(
                        "R15",
                        msg!(
                            "sprawl-overload-branches",
                            n,
                            need = n + 1,
                            square = q,
                            have = m
                        ),
                    ));
                }
                for i in 1..=n {
                    stash(Size::from_pips(k.pips() - i).expect("n < k"), "R15")?;
                }
                Ok(())
            }
            Move::Challenge { .. } | Move::Retract | Move::Stand => {
                unreachable!("reactions are checked before actions")
            }
        }
    }
}

/// The effect of an action on the position (R2, R4-R6, R15), trusted legal.
pub(super) fn apply_action(p: &mut Pos, r: &Rules, me: Seat, mv: &Move) {
    match *mv {
        Move::Tower { square, size } => {
            p.take(me, size);
            p.board[square.index()] = Cell::Tower(Tower::new(Piece { seat: me, size }));
        }
        Move::Build { square, size } => {
            p.take(me, size);
            if let Cell::Tower(t) = &mut p.board[square.index()] {
                t.push(Piece { seat: me, size });
            }
        }
        Move::Branch {
            square,
            dir,
            size,
            from,
        } => {
            let behind = r.step(square, dir, -1);
            let fast = match (from, r.loose_branching, behind) {
                (None, false, Some(s)) => match p.cell(s) {
                    Cell::Tower(_) => Some(pos::Source {
                        square: s,
                        root: s,
                        depth: 1,
                    }),
                    Cell::Branch(b) => Some(pos::Source {
                        square: s,
                        root: b.root,
                        depth: b.depth + 1,
                    }),
                    Cell::Empty => None,
                },
                _ => None,
            };
            let nm: Mask = if fast.is_some() { 0 } else { p.neutral_mask(r) };
            let src = match from {
                _ if fast.is_some() => Ok(fast.expect("checked")),
                Some(s) => p.source_ok(
                    me,
                    nm,
                    s,
                    size,
                    square,
                    dir,
                    r.step(square, dir, -1) != Some(s),
                ),
                None => {
                    let (ok, err) = p.branch_sources(r, me, nm, square, dir, size);
                    ok.first()
                        .copied()
                        .ok_or(err.unwrap_or(MoveError::GameOver))
                }
            }
            .expect("apply takes a legal branch");
            p.take(me, size);
            p.board[square.index()] = Cell::Branch(Branch {
                seat: me,
                size,
                dir,
                source: src.square,
                root: src.root,
                depth: src.depth,
            });
        }
        Move::Spore {
            square,
            size,
            overload,
        } => {
            p.take(me, size);
            let mut t = Tower::new(Piece { seat: me, size });
            for i in 1..=overload {
                let s = Size::from_pips(size.pips() - i).expect("overload < size");
                p.take(me, s);
                t.push(Piece { seat: me, size: s });
            }
            p.board[square.index()] = Cell::Tower(t);
        }
        Move::Challenge { .. } | Move::Retract | Move::Stand => {}
    }
}

fn first_turn_error() -> MoveError {
    MoveError::illegal("R2", msg!("sprawl-first-turn"))
}
