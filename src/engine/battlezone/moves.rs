//! Legal actions (R3-R14) and their effects; the checks that refuse the others are in `check`.

use super::{Activation, Battlezone, Colour, Hit, LastAction, Move, Piece, TransportStep, JOKER};
use crate::engine::board::{Dir, Size, Square};
use crate::engine::{msg, Outcome, Seat};

/// Where a move (R9) leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Path {
    To(Square),
    Exit,
    /// The square where it would stop is occupied.
    Blocked(Square),
    /// It would leave by a side or a corner.
    Side,
    /// It would cross the player's own starting line.
    OwnLine,
}

/// How an action's colour can be paid (R4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Pay {
    /// An unused die shows the colour.
    pub plain: bool,
    /// An unused 6 exists.
    pub joker: bool,
}

impl Pay {
    pub fn any(self) -> bool {
        self.plain || self.joker
    }
}

/// King-distance 1..r squares around `q`, clipped, in square order a1, b1, .., h8 (D2, R12).
pub fn range(q: Square, r: u8) -> impl Iterator<Item = Square> {
    let (f, k, r) = (q.file() as i8, q.rank() as i8, r as i8);
    ((k - r).max(0)..=(k + r).min(7)).flat_map(move |rank| {
        ((f - r).max(0)..=(f + r).min(7))
            .filter(move |&file| (file, rank) != (f, k))
            .map(move |file| Square::new(file as u8, rank as u8))
    })
}

pub fn in_range(q: Square, r: u8, s: Square) -> bool {
    let d = (q.file() as i8 - s.file() as i8)
        .abs()
        .max((q.rank() as i8 - s.rank() as i8).abs());
    d >= 1 && d <= r as i8
}

/// The starting line's rank index of `seat` (section 2).
pub const fn home_rank(seat: Seat) -> u8 {
    if seat == 1 {
        0
    } else {
        7
    }
}

impl Battlezone {
    pub(super) fn pay(&self, c: Colour) -> Pay {
        let mut pay = Pay {
            plain: false,
            joker: false,
        };
        for i in 0..3 {
            if !self.used[i] {
                pay.plain |= self.dice[i] == c.die();
                pay.joker |= self.dice[i] == JOKER;
            }
        }
        pay
    }

    /// The index of the die an action of colour `c` spends (R4).
    pub(super) fn payer(&self, c: Colour, joker: bool) -> Option<usize> {
        let find = |v: u8| (0..3).find(|&i| !self.used[i] && self.dice[i] == v);
        if joker {
            find(JOKER)
        } else {
            find(c.die()).or_else(|| find(JOKER))
        }
    }

    /// R9: the path of the pyramid of `size` on `from` moved toward `d` by `seat`.
    pub(super) fn path(&self, from: Square, size: Size, d: Dir, seat: Seat) -> Path {
        let (df, dr) = d.delta();
        let s = size.pips() as i8;
        for i in 1..=s {
            let f = from.file() as i8 + df * i;
            let r = from.rank() as i8 + dr * i;
            if !(0..8).contains(&f) || !(0..8).contains(&r) {
                let beyond = if seat == 1 { 8 } else { -1 };
                let own = if seat == 1 { -1 } else { 8 };
                return if (0..8).contains(&f) && r == beyond {
                    Path::Exit
                } else if (0..8).contains(&f) && r == own {
                    Path::OwnLine
                } else {
                    Path::Side
                };
            }
            if i == s {
                let to = Square::new(f as u8, r as u8);
                return if self.board[to.index()].is_some() {
                    Path::Blocked(to)
                } else {
                    Path::To(to)
                };
            }
        }
        unreachable!("a pyramid has 1 to 3 pips")
    }

    /// R8: the radius the activation of `p` would have, `None` when it cannot be activated
    /// by `seat`.
    pub(super) fn activation_radius(&self, p: Piece, seat: Seat) -> Option<u8> {
        match p.ctrl {
            Some(s) if s == seat => Some(p.size.pips()),
            Some(_) => None,
            None => {
                let smaller = p.size.smaller()?;
                (self.supply(p.colour, smaller) > 0).then_some(smaller.pips())
            }
        }
    }

    pub(super) fn can_upgrade(&self, p: Piece, seat: Seat) -> bool {
        p.ctrl.is_none_or(|s| s == seat)
            && p.size
                .larger()
                .is_some_and(|l| self.supply(p.colour, l) > 0)
    }

    /// Pushes `make(joker)` once per way to pay for colour `c`, canonical forms only.
    fn push_paid(out: &mut Vec<Move>, pay: Pay, make: impl Fn(bool) -> Move) {
        if pay.any() {
            out.push(make(false));
        }
        if pay.plain && pay.joker {
            out.push(make(true));
        }
    }

    pub(super) fn generate(&self, out: &mut Vec<Move>) {
        if self.outcome.is_some() {
            return;
        }
        if let Some(t) = self.transport {
            for from in range(t.square, t.radius) {
                if self.board[from.index()].is_none() || t.moved >> from.0 & 1 == 1 {
                    continue;
                }
                for to in range(t.square, t.radius) {
                    if self.board[to.index()].is_none() {
                        out.push(Move::Transport { from, to });
                    }
                }
            }
            out.push(Move::Done);
            return;
        }
        let me = self.to_move;
        let pays = Colour::ALL.map(|c| self.pay(c));
        let home = home_rank(me);
        for file in 0..8 {
            let sq = Square::new(file, home);
            if self.board[sq.index()].is_some() {
                continue;
            }
            for c in Colour::ALL {
                if self.supply(c, Size::Small) > 0 {
                    Battlezone::push_paid(out, pays[c.index()], |joker| Move::Place {
                        square: sq,
                        colour: c,
                        joker,
                    });
                }
            }
        }
        for i in 0..64u8 {
            let Some(p) = self.board[i as usize] else {
                continue;
            };
            let pay = pays[p.colour.index()];
            if !pay.any() {
                continue;
            }
            let square = Square(i);
            if p.ctrl.is_none() {
                Battlezone::push_paid(out, pay, |joker| Move::Control { square, joker });
            }
            if self.can_upgrade(p, me) {
                Battlezone::push_paid(out, pay, |joker| Move::Upgrade { square, joker });
            }
            if self.activation_radius(p, me).is_some() {
                Battlezone::push_paid(out, pay, |joker| Move::Activate { square, joker });
            }
            if p.ctrl == Some(me) {
                for dir in Dir::ALL {
                    if matches!(self.path(square, p.size, dir, me), Path::To(_) | Path::Exit) {
                        Battlezone::push_paid(out, pay, |joker| Move::Move {
                            from: square,
                            dir,
                            joker,
                        });
                    }
                }
            }
        }
        let mut seen = [false; 7];
        for i in 0..3 {
            let v = self.dice[i];
            if !self.used[i] && !seen[v as usize] {
                seen[v as usize] = true;
                out.push(Move::Skip { die: v });
            }
        }
    }

    fn take_die(&mut self, c: Colour, joker: bool) {
        let i = self.payer(c, joker).expect("a legal action is paid");
        self.used[i] = true;
    }

    fn return_to_supply(&mut self, p: Piece) {
        self.supply[p.colour.index()][p.size as usize - 1] += 1;
    }

    /// Replaces the pyramid on `sq` by the `size` of its colour from the supply, same state.
    fn resize(&mut self, sq: Square, size: Size) {
        let mut p = self.board[sq.index()].expect("a pyramid to resize");
        self.return_to_supply(p);
        self.supply[p.colour.index()][size as usize - 1] -= 1;
        p.size = size;
        self.board[sq.index()] = Some(p);
    }

    /// R10-R14 on the range of radius `r` around `q`.
    fn power(&mut self, q: Square, c: Colour, r: u8) -> Hit {
        let me = self.to_move;
        let mut hit = Hit::default();
        if c == Colour::Yellow {
            self.transport = Some(TransportStep {
                square: q,
                radius: r,
                left: r,
                moved: 0,
            });
            return hit;
        }
        for sq in range(q, r) {
            let Some(p) = self.board[sq.index()] else {
                continue;
            };
            match c {
                Colour::Red => {
                    self.board[sq.index()] = None;
                    self.return_to_supply(p);
                    hit.destroyed += 1;
                }
                Colour::Blue => {
                    hit.controlled += u8::from(p.ctrl != Some(me));
                    self.board[sq.index()] = Some(Piece {
                        ctrl: Some(me),
                        ..p
                    })
                }
                Colour::Black => {
                    hit.frozen += u8::from(p.ctrl.is_some());
                    self.board[sq.index()] = Some(Piece { ctrl: None, ..p })
                }
                Colour::Green => match p.size.larger() {
                    Some(l) if self.supply(p.colour, l) > 0 => self.resize(sq, l),
                    _ => {
                        self.board[sq.index()] = None;
                        self.return_to_supply(p);
                        hit.destroyed += 1;
                    }
                },
                Colour::Yellow => unreachable!("handled above"),
            }
        }
        hit
    }

    pub(super) fn execute(&mut self, mv: &Move) {
        let me = self.to_move;
        let mut squares = [None, None];
        let mut hit = Hit::default();
        match *mv {
            Move::Done => self.transport = None,
            Move::Transport { from, to } => {
                self.board[to.index()] = self.board[from.index()].take();
                squares = [Some(from), Some(to)];
                if let Some(t) = self.transport.as_mut() {
                    t.moved |= 1 << to.0;
                    t.left -= 1;
                    if t.left == 0 {
                        self.transport = None;
                    }
                }
            }
            Move::Skip { die } => {
                if let Some(i) = (0..3).find(|&i| !self.used[i] && self.dice[i] == die) {
                    self.used[i] = true;
                }
            }
            Move::Place {
                square,
                colour,
                joker,
            } => {
                self.take_die(colour, joker);
                self.supply[colour.index()][0] -= 1;
                self.board[square.index()] = Some(Piece::new(colour, Size::Small, Some(me)));
                squares[0] = Some(square);
            }
            Move::Control { square, joker } => {
                let p = self.board[square.index()].expect("a legal control's pyramid");
                self.take_die(p.colour, joker);
                self.board[square.index()] = Some(Piece {
                    ctrl: Some(me),
                    ..p
                });
                squares[0] = Some(square);
            }
            Move::Upgrade { square, joker } => {
                let p = self.board[square.index()].expect("a legal upgrade's pyramid");
                self.take_die(p.colour, joker);
                self.resize(square, p.size.larger().expect("a legal upgrade"));
                squares[0] = Some(square);
            }
            Move::Activate { square, joker } => {
                let p = self.board[square.index()].expect("a legal activation's pyramid");
                self.take_die(p.colour, joker);
                let r = if p.ctrl.is_some() {
                    self.board[square.index()] = Some(Piece { ctrl: None, ..p });
                    p.size.pips()
                } else {
                    let s = p.size.smaller().expect("a legal downgrade");
                    self.resize(square, s);
                    s.pips()
                };
                self.last_activation = Some(Activation {
                    seat: me,
                    square,
                    colour: p.colour,
                    radius: r,
                    turn: self.turn,
                });
                hit = self.power(square, p.colour, r);
                squares[0] = Some(square);
            }
            Move::Move { from, dir, joker } => {
                let p = self.board[from.index()].expect("a legal move's pyramid");
                self.take_die(p.colour, joker);
                self.board[from.index()] = None;
                squares[0] = Some(from);
                match self.path(from, p.size, dir, me) {
                    Path::To(to) => {
                        self.board[to.index()] = Some(p);
                        squares[1] = Some(to);
                    }
                    _ => self.exited[me as usize - 1][p.colour.index()][p.size as usize - 1] += 1,
                }
            }
        }
        if let Some(slot) = self.log.iter_mut().find(|a| a.is_none()) {
            *slot = Some(LastAction {
                seat: me,
                mv: *mv,
                squares,
                hit,
            });
        }
        // R15: only a move exits, so only the mover can complete five colours.
        if self.exited_colours(me).count() == 5 {
            self.finish(Outcome::new(vec![me], msg!("battlezone-end-exited")));
            return;
        }
        if self.transport.is_none() && self.used.iter().all(|&u| u) {
            self.end_turn();
        }
    }

    /// R3, R16: the turn passes, or the turn limit ends the game.
    fn end_turn(&mut self) {
        self.turn += 1;
        self.prev_log = std::mem::replace(&mut self.log, [None; super::LOG]);
        if self.turn_limit > 0 && self.turn >= self.turn_limit {
            let key = |s: Seat| (self.exited_colours(s).count(), self.exited_count(s));
            let (a, b) = (key(1), key(2));
            let winners = match a.cmp(&b) {
                std::cmp::Ordering::Greater => vec![1],
                std::cmp::Ordering::Less => vec![2],
                std::cmp::Ordering::Equal => vec![1, 2],
            };
            let reason = msg!(
                "battlezone-end-turn-limit",
                limit = self.turn_limit,
                colours_south = a.0,
                colours_north = b.0,
                pyramids_south = a.1,
                pyramids_north = b.1
            );
            self.finish(Outcome::new(winners, reason));
            return;
        }
        self.to_move = 3 - self.to_move;
        self.roll();
    }
}
