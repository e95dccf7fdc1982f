//! End of the game: removal (R10), credits (R12), scores (R11) and ranking (R13).

use super::Cell;
use super::Sprawl;
use crate::engine::board::Square;
use crate::engine::{msg, Arg, Game, Join, Msg, Outcome, Seat};

/// Card points (R17): ace to ten 1, jack, queen, king 2.
pub fn card_points(card: u8) -> u32 {
    if card % 13 >= 10 {
        2
    } else {
        1
    }
}

impl Sprawl {
    /// R10-R13: removal, credits, scores, ranking, outcome.
    pub(super) fn finish(&mut self, why: Msg) {
        let r = self.rules;
        self.window = None;
        self.forbidden = None;
        let nm = self.pos.neutral_mask(&r);
        let mut credits = vec![(0u32, 0u32); self.players as usize];
        // R12, before removal.
        for t_sq in Square::all(r.files, r.ranks) {
            if nm & (1u64 << t_sq.index()) == 0 {
                continue;
            }
            let t = self
                .pos
                .tower(t_sq)
                .expect("a neutralized square holds a tower");
            let ctrl = t.controller();
            let mut who = [false; 8];
            for (_, b) in self.pos.attackers(&r, t_sq, ctrl) {
                if b.seat != ctrl && (r.superior_forces || !t.has_size(b.size)) {
                    who[b.seat as usize - 1] = true;
                }
            }
            for s in 0..self.players as usize {
                if who[s] {
                    credits[s].0 += t.pips() as u32;
                    credits[s].1 += 1;
                }
            }
        }
        // R10.
        for sq in Square::all(r.files, r.ranks) {
            match self.pos.board[sq.index()] {
                Cell::Tower(t) if nm & (1u64 << sq.index()) != 0 => {
                    for p in t.stack() {
                        self.pos.give(p.seat, p.size);
                    }
                    self.pos.board[sq.index()] = Cell::Empty;
                }
                Cell::Branch(b) if nm & (1u64 << b.root.index()) != 0 => {
                    self.pos.give(b.seat, b.size);
                    self.pos.board[sq.index()] = Cell::Empty;
                }
                _ => {}
            }
        }
        self.credits = Some(credits);
        let order = self.ranking();
        let best = order[0];
        let key0 = self.rank_key(best);
        let winners: Vec<Seat> = order
            .iter()
            .copied()
            .filter(|&s| self.rank_key(s) == key0)
            .collect();
        let scores = self.final_scores();
        let list: Vec<Msg> = order
            .iter()
            .map(|&s| {
                msg!(
                    "sprawl-score",
                    who = self.seat_label(s),
                    score = scores[s as usize - 1],
                    resigned = if self.is_resigned(s) { "yes" } else { "no" }
                )
            })
            .collect();
        let tied = order
            .iter()
            .filter(|&&s| {
                !self.is_resigned(s) && scores[s as usize - 1] == scores[best as usize - 1]
            })
            .count()
            > winners.len();
        let reason = msg!(
            "sprawl-end-scores",
            why,
            scores = Arg::list(list, Join::Comma),
            tied = if tied { "yes" } else { "no" }
        );
        self.outcome = Some(Outcome::new(winners, reason));
    }

    pub(super) fn final_scores(&self) -> Vec<i64> {
        (1..=self.players)
            .map(|s| {
                self.pos.stash_pips(s) as i64
                    - self
                        .cards(s)
                        .iter()
                        .map(|&c| card_points(c) as i64)
                        .sum::<i64>()
            })
            .collect()
    }

    /// R13: smaller is better; resigned players last, later resignations first.
    pub(super) fn rank_key(&self, seat: Seat) -> (u8, i64, i64, i64, i64, i64, i64) {
        let r = self.rules;
        let (cp, ct) = self.credits(seat).unwrap_or((0, 0));
        let mut squares = 0i64;
        let mut tower_pips = 0i64;
        let mut towers = 0i64;
        for sq in Square::all(r.files, r.ranks) {
            match self.pos.cell(sq) {
                Cell::Tower(t) if t.controller() == seat => {
                    squares += 1;
                    tower_pips += t.pips() as i64;
                    towers += 1;
                }
                Cell::Branch(b) if b.seat == seat => squares += 1,
                _ => {}
            }
        }
        let res = self.resigned[seat as usize - 1];
        let resigned_rank = if res == 0 { 0 } else { 100 - res };
        (
            resigned_rank,
            self.final_scores()[seat as usize - 1],
            -(cp as i64),
            -(ct as i64),
            -squares,
            -tower_pips,
            -towers,
        )
    }

    /// Every seat, best first (R13); equal keys share a place.
    pub fn ranking(&self) -> Vec<Seat> {
        let mut seats: Vec<Seat> = (1..=self.players).collect();
        seats.sort_by_key(|&s| (self.rank_key(s), s));
        seats
    }
}
