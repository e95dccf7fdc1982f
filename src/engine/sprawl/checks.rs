//! Reading a move in the position (`build q`, `challenge`, `from`) and the checks that name
//! the rule an illegal action breaks (R2, R4-R6, R15-R17); the effect of an action.

use super::notation::Parsed;
use super::pos::{self, perpendicular, size_name_article, Mask};
use super::{Branch, Cell, Move, Piece, Pos, Rules, Sprawl, Tower};
use crate::engine::board::{Size, Square};
use crate::engine::{MoveError, Seat};

impl Sprawl {
    pub(super) fn resolve(&self, parsed: Parsed) -> Result<Move, MoveError> {
        let me = self.to_move;
        let r = self.rules;
        match parsed {
            Parsed::BuildAnySize(_) if self.pos.first_turn(me) => Err(first_turn_error()),
            Parsed::BuildAnySize(q) => match self.pos.tower(q) {
                None => Err(MoveError::illegal(
                    "R4",
                    format!("there is no tower on {q} to build on"),
                )),
                Some(t) => match t.top().size.smaller() {
                    Some(size) => Ok(Move::Build { square: q, size }),
                    None => Err(MoveError::illegal(
                        "R4",
                        format!("the tower on {q} is topped by a small: nothing goes on a small"),
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
                    [] => Err(MoveError::illegal(
                        "R17",
                        "there is no spore open to a challenge now",
                    )),
                    _ => Err(MoveError::illegal(
                        "R17",
                        format!(
                            "several players may challenge: write challenge SEAT with your seat number ({})",
                            eligible.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(" or ")
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
                Err(MoveError::illegal(
                    rule,
                    format!("you have no {k} left in your stash"),
                ))
            }
        };
        let vacant = |q: Square, rule: &'static str| {
            if p.is_vacant(q) {
                Ok(())
            } else {
                Err(MoveError::illegal(
                    rule,
                    format!(
                        "{q} is not vacant: it holds a {}",
                        match p.cell(q) {
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
                format!("after retracting you may not play {mv} again: choose another action"),
            ));
        }
        let nm = p.neutral_mask(&r);
        match *mv {
            Move::Tower { .. } => Err(MoveError::illegal(
                "R2",
                "tower is only your first action: now build, branch or spore",
            )),
            Move::Build { square: q, size: k } => {
                let Some(t) = p.tower(q) else {
                    return Err(MoveError::illegal(
                        "R4",
                        format!("there is no tower on {q} to build on"),
                    ));
                };
                if nm & (1u64 << q.index()) != 0 {
                    return Err(MoveError::illegal(
                        "R4",
                        format!("the tower on {q} is neutralized and can never change"),
                    ));
                }
                if t.controller() != me {
                    let who = self.seat_name(t.controller());
                    if !r.sprawlgami {
                        return Err(MoveError::illegal(
                            "R4",
                            format!("the tower on {q} is controlled by {who}: you build only on towers you control"),
                        ));
                    }
                    if p.targets(&r, me, nm).count[q.index()] == 0 {
                        return Err(MoveError::illegal(
                            "R4",
                            format!("the tower on {q} is controlled by {who} and none of your active branches targets it"),
                        ));
                    }
                }
                match t.top().size.smaller() {
                    None => Err(MoveError::illegal(
                        "R4",
                        format!("the tower on {q} is topped by a small: nothing goes on a small"),
                    )),
                    Some(want) if want != k => Err(MoveError::illegal(
                        "R4",
                        format!(
                            "a build on a {} must be {}: build {q} {want}",
                            t.top().size,
                            size_name_article(want)
                        ),
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
                        format!("a branch on {q} pointing {d} would point off the board: a branch must point at a square"),
                    ));
                }
                stash(k, "R5")?;
                let (ok, err) = p.branch_sources(&r, me, nm, q, d, k);
                match from {
                    None => match ok.len() {
                        1 => Ok(()),
                        0 => Err(err.unwrap_or_else(|| {
                            MoveError::illegal("R5", format!("nothing of yours can grow a branch on {q} pointing {d}"))
                        })),
                        _ => Err(MoveError::illegal(
                            "R16",
                            format!(
                                "this branch can grow from {}: add `from SQUARE`, e.g. {mv} from {}",
                                ok.iter().map(|s| s.square.to_string()).collect::<Vec<_>>().join(" or "),
                                ok[0].square
                            ),
                        )),
                    },
                    Some(s) => {
                        if ok.iter().any(|src| src.square == s) {
                            return Ok(());
                        }
                        let main = r.step(q, d, -1);
                        if main == Some(s) {
                            return Err(err.unwrap_or_else(|| MoveError::illegal("R5", format!("{s} cannot be the source of this branch"))));
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
                                format!("{s} holds no branch pointing at {q}, so it cannot be this branch's source"),
                            ))
                        } else {
                            Err(MoveError::illegal(
                                "R5",
                                format!("{s} cannot be the source of a branch on {q} pointing {d}: a branch points directly away from its source"),
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
                        format!("{q} is not targeted by any of your active branches"),
                    ));
                }
                stash(k, "R6")?;
                let t = Tower::new(Piece { seat: me, size: k });
                if p.neutralized_tower(&r, q, &t) {
                    let by: Vec<String> = p
                        .attackers(&r, q, me)
                        .map(|(s, b)| format!("the {} branch on {s}", b.size))
                        .collect();
                    let safe: Vec<&str> = Size::ALL
                        .iter()
                        .filter(|&&k2| p.spore_lives(&r, me, q, k2))
                        .map(|k2| k2.name())
                        .collect();
                    let hint = if safe.is_empty() {
                        "no size can live there".to_string()
                    } else {
                        format!("a tower there can only be {}", safe.join(" or "))
                    };
                    return Err(MoveError::illegal(
                        "R6",
                        format!(
                            "a {k} tower on {q} would be neutralized at once by {}: {hint}",
                            by.join(" and ")
                        ),
                    ));
                }
                if n == 0 {
                    return Ok(());
                }
                if !r.overload {
                    return Err(MoveError::illegal(
                        "R15",
                        "overload is not on in this game: spore a single piece",
                    ));
                }
                if n > k.pips() - 1 {
                    return Err(MoveError::illegal(
                        "R15",
                        format!("{} spore takes at most {} more piece{}: each build is one size smaller", size_name_article(k), k.pips() - 1, if k.pips() == 2 { "" } else { "s" }),
                    ));
                }
                if n > m - 1 {
                    return Err(MoveError::illegal(
                        "R15",
                        format!("overload {n} needs {} of your active branches targeting {q}; you have {m}", n + 1),
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
    MoveError::illegal(
        "R2",
        "your first action places your starting tower: tower SQUARE SIZE, e.g. tower c3 large",
    )
}
