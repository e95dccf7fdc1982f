//! Counting coup (R17): who may challenge a spore, retraction and standing.

use super::checks::apply_action;
use super::{Move, Sprawl};
use crate::engine::board::Square;
use crate::engine::Seat;

impl Sprawl {
    /// R17: the sporer may retract if, back before the spore, another action is legal.
    pub(super) fn can_retract(&self) -> bool {
        let Some(w) = &self.window else { return false };
        w.before
            .pos
            .has_action(&self.rules, w.sporer, Some(&w.spore))
    }

    /// R17: the other players who have an action after which the tower on `t` is neutralized.
    pub(super) fn eligible_challengers(&self, sporer: Seat, t: Square) -> Vec<Seat> {
        let r = self.rules;
        (1..=self.players)
            .filter(|&q| {
                q != sporer
                    && !self.is_resigned(q)
                    && !self.pos.actions(&r, q, |m| {
                        // Only a branch pointing at T or a build on T changes T's status.
                        let relevant = match m {
                            Move::Branch { square, dir, .. } => r.step(square, dir, 1) == Some(t),
                            Move::Build { square, .. } => square == t,
                            _ => false,
                        };
                        if !relevant {
                            return true;
                        }
                        let mut p = *self.pos;
                        apply_action(&mut p, &r, q, &m);
                        !p.tower(t).is_some_and(|tw| p.neutralized_tower(&r, t, &tw))
                    })
            })
            .collect()
    }

    pub(super) fn apply_reaction(&mut self, mv: &Move) {
        match *mv {
            Move::Challenge { seat } => {
                if let Some(w) = self.window.as_mut() {
                    w.challenger = Some(seat);
                }
            }
            Move::Stand => self.window = None,
            Move::Retract => {
                let w = self.window.take().expect("a retract answers a challenge");
                *self.pos = w.before.pos;
                self.trigger = w.before.trigger;
                self.last = w.before.last;
                self.to_move = w.sporer;
                self.forbidden = Some(w.spore);
                if let Some(c) = w.challenger {
                    if (self.drawn as usize) < self.deck.len() {
                        let card = self.deck[self.drawn as usize];
                        self.drawn += 1;
                        self.cards[c as usize - 1].push(card);
                    }
                }
            }
            _ => unreachable!("only reactions"),
        }
    }
}
