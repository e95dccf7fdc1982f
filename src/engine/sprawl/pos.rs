//! The position (board and stashes) and the rules that read it: D1-D7 statuses, move
//! generation (R2, R4-R6, R15, R16) and the checks that explain why a move is illegal.

use super::notation::Move;
use crate::engine::board::{Dir, Size, Square};
use crate::engine::{msg, MoveError, Seat};
use serde::{Deserialize, Serialize};

/// Board dimensions and the options that change the rules; fixed for a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rules {
    pub files: u8,
    pub ranks: u8,
    pub own_attacks: bool,
    pub sprawlgami: bool,
    pub overload: bool,
    pub superior_forces: bool,
    pub loose_branching: bool,
    pub counting_coup: bool,
}

impl Rules {
    #[inline]
    pub fn step(&self, sq: Square, d: Dir, k: i8) -> Option<Square> {
        sq.offset(d, k, self.files, self.ranks)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Piece {
    pub seat: Seat,
    pub size: Size,
}

/// D1: an upright stack, bottom first; only `pieces[..height]` count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tower {
    pub pieces: [Piece; 3],
    pub height: u8,
}

impl Tower {
    pub fn new(p: Piece) -> Tower {
        Tower {
            pieces: [p; 3],
            height: 1,
        }
    }
    pub fn stack(&self) -> &[Piece] {
        &self.pieces[..self.height as usize]
    }
    pub fn top(&self) -> Piece {
        self.pieces[self.height as usize - 1]
    }
    pub fn controller(&self) -> Seat {
        self.top().seat
    }
    pub fn has_size(&self, s: Size) -> bool {
        self.stack().iter().any(|p| p.size == s)
    }
    pub fn pips(&self) -> u8 {
        self.stack().iter().map(|p| p.size.pips()).sum()
    }
    pub fn push(&mut self, p: Piece) {
        self.pieces[self.height as usize] = p;
        self.height += 1;
    }
}

/// D2: a lying piece; `source`, `root` and `depth` are fixed when it is placed (pieces never
/// move), so they are stored rather than searched for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Branch {
    pub seat: Seat,
    pub size: Size,
    pub dir: Dir,
    pub source: Square,
    pub root: Square,
    pub depth: u8,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Cell {
    #[default]
    Empty,
    Tower(Tower),
    Branch(Branch),
}

/// Board and stashes: everything a retraction (R17) puts back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pos {
    #[serde(with = "board_serde")]
    pub board: [Cell; 64],
    /// Pieces left per seat (index seat-1) and size (index pips-1).
    pub stash: [[u8; 3]; 8],
}

mod board_serde {
    use super::Cell;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(b: &[Cell; 64], s: S) -> Result<S::Ok, S::Error> {
        b.as_slice().serialize(s)
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<[Cell; 64], D::Error> {
        let v: Vec<Cell> = Vec::deserialize(d)?;
        v.try_into()
            .map_err(|_| serde::de::Error::custom("a Sprawl board has 64 cells"))
    }
}

/// A set of squares as bits of `Square::index`.
pub type Mask = u64;

#[inline]
fn bit(sq: Square) -> Mask {
    1u64 << sq.index()
}

/// Where a branch may grow from, and what it then is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Source {
    pub square: Square,
    pub root: Square,
    pub depth: u8,
}

/// Squares targeted by the active branches of one player, with their counts (R6, R15).
pub struct Targets {
    pub count: [u8; 64],
}

impl Pos {
    pub fn new(players: u8) -> Pos {
        let mut stash = [[0u8; 3]; 8];
        for s in stash.iter_mut().take(players as usize) {
            *s = [5, 5, 5];
        }
        Pos {
            board: [Cell::Empty; 64],
            stash,
        }
    }

    #[inline]
    pub fn cell(&self, sq: Square) -> Cell {
        self.board[sq.index()]
    }

    pub fn tower(&self, sq: Square) -> Option<Tower> {
        match self.board[sq.index()] {
            Cell::Tower(t) => Some(t),
            _ => None,
        }
    }

    pub fn branch(&self, sq: Square) -> Option<Branch> {
        match self.board[sq.index()] {
            Cell::Branch(b) => Some(b),
            _ => None,
        }
    }

    pub fn is_vacant(&self, sq: Square) -> bool {
        matches!(self.board[sq.index()], Cell::Empty)
    }

    pub fn has(&self, seat: Seat, s: Size) -> bool {
        self.stash[seat as usize - 1][s.pips() as usize - 1] > 0
    }

    pub fn take(&mut self, seat: Seat, s: Size) {
        self.stash[seat as usize - 1][s.pips() as usize - 1] -= 1;
    }

    pub fn give(&mut self, seat: Seat, s: Size) {
        self.stash[seat as usize - 1][s.pips() as usize - 1] += 1;
    }

    pub fn stash_pieces(&self, seat: Seat) -> u8 {
        self.stash[seat as usize - 1].iter().sum()
    }

    pub fn stash_pips(&self, seat: Seat) -> u32 {
        let s = self.stash[seat as usize - 1];
        s[0] as u32 + 2 * s[1] as u32 + 3 * s[2] as u32
    }

    /// R2: a player's first action is the one taken with a full stash (pieces never leave the
    /// board during play, so a full stash means no piece placed yet).
    pub fn first_turn(&self, seat: Seat) -> bool {
        self.stash_pieces(seat) == 15
    }

    /// D3/D5: the branches attacking `sq` that count against a tower controlled by `ctrl`.
    pub fn attackers(
        &self,
        r: &Rules,
        sq: Square,
        ctrl: Seat,
    ) -> impl Iterator<Item = (Square, Branch)> + '_ {
        let r = *r;
        Dir::ORTHOGONAL.into_iter().filter_map(move |d| {
            let n = r.step(sq, d, -1)?;
            match self.board[n.index()] {
                Cell::Branch(b) if b.dir == d && (r.own_attacks || b.seat != ctrl) => Some((n, b)),
                _ => None,
            }
        })
    }

    /// D6 for a tower `t` (real or hypothetical) on `sq`.
    pub fn neutralized_tower(&self, r: &Rules, sq: Square, t: &Tower) -> bool {
        let mut sum = 0u8;
        let mut missing = false;
        for (_, b) in self.attackers(r, sq, t.controller()) {
            sum += b.size.pips();
            missing |= !t.has_size(b.size);
        }
        if r.superior_forces {
            sum > t.pips()
        } else {
            missing
        }
    }

    /// D6 for every tower: the neutralized squares.
    pub fn neutral_mask(&self, r: &Rules) -> Mask {
        let mut m = 0;
        for sq in Square::all(r.files, r.ranks) {
            if let Cell::Tower(t) = self.board[sq.index()] {
                if self.neutralized_tower(r, sq, &t) {
                    m |= bit(sq);
                }
            }
        }
        m
    }

    /// D7.
    #[inline]
    pub fn active(&self, b: &Branch, seat: Seat, nm: Mask) -> bool {
        b.seat == seat
            && nm & bit(b.root) == 0
            && matches!(self.board[b.root.index()], Cell::Tower(t) if t.controller() == seat)
    }

    /// D4.
    #[inline]
    pub fn target_of(&self, r: &Rules, sq: Square, b: &Branch) -> Option<Square> {
        r.step(sq, b.dir, b.size.pips() as i8)
    }

    /// How many active branches of `seat` target each square (occupied ones included).
    pub fn targets(&self, r: &Rules, seat: Seat, nm: Mask) -> Targets {
        let mut count = [0u8; 64];
        for sq in Square::all(r.files, r.ranks) {
            if let Cell::Branch(b) = self.board[sq.index()] {
                if self.active(&b, seat, nm) {
                    if let Some(t) = self.target_of(r, sq, &b) {
                        count[t.index()] += 1;
                    }
                }
            }
        }
        Targets { count }
    }

    fn root_height(&self, b: &Branch) -> u8 {
        self.tower(b.root).map_or(0, |t| t.height)
    }

    /// Every (square, direction, size, source) a branch of `seat` may take, R5 and R16 (c).
    fn branch_options(
        &self,
        r: &Rules,
        seat: Seat,
        nm: Mask,
        mut f: impl FnMut(Square, Dir, Size, Square) -> bool,
    ) -> bool {
        for s in Square::all(r.files, r.ranks) {
            match self.board[s.index()] {
                Cell::Tower(t) if t.controller() == seat && nm & bit(s) == 0 => {
                    for d in Dir::ORTHOGONAL {
                        let Some(q) = r.step(s, d, 1) else { continue };
                        if !self.is_vacant(q) || r.step(q, d, 1).is_none() {
                            continue;
                        }
                        for k in Size::ALL {
                            if self.has(seat, k) && !f(q, d, k, s) {
                                return false;
                            }
                        }
                    }
                }
                Cell::Branch(b) if self.active(&b, seat, nm) => {
                    let Some(k) = b.size.smaller() else { continue };
                    if !self.has(seat, k) || b.depth + 1 > self.root_height(&b) {
                        continue;
                    }
                    for d in Dir::ORTHOGONAL {
                        let Some(q) = r.step(s, d, 1) else { continue };
                        if self.is_vacant(q) && r.step(q, d, 1).is_some() && !f(q, d, k, s) {
                            return false;
                        }
                    }
                    if r.loose_branching {
                        if let Some(q) = r.step(s, b.dir, 1) {
                            if self.is_vacant(q) {
                                for d in perpendicular(b.dir) {
                                    if r.step(q, d, 1).is_some() && !f(q, d, k, s) {
                                        return false;
                                    }
                                }
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        true
    }

    /// R6 (4): a one-piece tower of size `k` of `seat` on `q` would be live.
    pub fn spore_lives(&self, r: &Rules, seat: Seat, q: Square, k: Size) -> bool {
        let t = Tower::new(Piece { seat, size: k });
        !self.neutralized_tower(r, q, &t)
    }

    /// Generates the actions of `seat` (R2, R4-R6, R15, R16) until `f` returns false; returns
    /// false when stopped early.
    pub fn actions(&self, r: &Rules, seat: Seat, mut f: impl FnMut(Move) -> bool) -> bool {
        if self.first_turn(seat) {
            for q in Square::all(r.files, r.ranks) {
                if self.is_vacant(q) {
                    for size in Size::ALL {
                        if !f(Move::Tower { square: q, size }) {
                            return false;
                        }
                    }
                }
            }
            return true;
        }
        let nm = self.neutral_mask(r);
        let tg = self.targets(r, seat, nm);
        // R4.
        for q in Square::all(r.files, r.ranks) {
            let Cell::Tower(t) = self.board[q.index()] else {
                continue;
            };
            if nm & bit(q) != 0 {
                continue;
            }
            let Some(k) = t.top().size.smaller() else {
                continue;
            };
            if !self.has(seat, k) {
                continue;
            }
            if (t.controller() == seat || (r.sprawlgami && tg.count[q.index()] > 0))
                && !f(Move::Build { square: q, size: k })
            {
                return false;
            }
        }
        // R5, R16.
        if r.loose_branching {
            let mut n = [0u8; 64 * 4 * 3];
            let key =
                |q: Square, d: Dir, k: Size| (q.index() * 4 + d as usize / 2) * 3 + k as usize - 1;
            self.branch_options(r, seat, nm, |q, d, k, _| {
                n[key(q, d, k)] += 1;
                true
            });
            let go = self.branch_options(r, seat, nm, |q, d, k, s| {
                let from = (n[key(q, d, k)] > 1).then_some(s);
                f(Move::Branch {
                    square: q,
                    dir: d,
                    size: k,
                    from,
                })
            });
            if !go {
                return false;
            }
        } else if !self.branch_options(r, seat, nm, |q, d, k, _| {
            f(Move::Branch {
                square: q,
                dir: d,
                size: k,
                from: None,
            })
        }) {
            return false;
        }
        // R6, R15.
        for q in Square::all(r.files, r.ranks) {
            let m = tg.count[q.index()];
            if m == 0 || !self.is_vacant(q) {
                continue;
            }
            for k in Size::ALL {
                if !self.has(seat, k) || !self.spore_lives(r, seat, q, k) {
                    continue;
                }
                if !f(Move::Spore {
                    square: q,
                    size: k,
                    overload: 0,
                }) {
                    return false;
                }
                if r.overload {
                    let max = (m - 1).min(k.pips() - 1);
                    for n in 1..=max {
                        if !self.has(seat, Size::from_pips(k.pips() - n).expect("n < k")) {
                            break;
                        }
                        if !f(Move::Spore {
                            square: q,
                            size: k,
                            overload: n,
                        }) {
                            return false;
                        }
                    }
                }
            }
        }
        true
    }

    pub fn has_action(&self, r: &Rules, seat: Seat, except: Option<&Move>) -> bool {
        !self.actions(r, seat, |m| Some(&m) == except)
    }

    /// The sources from which `branch q d k` is legal for `seat` (R5 (4), R16 (c)), and the
    /// reason the main candidate `q - d` fails when it does.
    pub fn branch_sources(
        &self,
        r: &Rules,
        seat: Seat,
        nm: Mask,
        q: Square,
        d: Dir,
        k: Size,
    ) -> (Vec<Source>, Option<MoveError>) {
        let mut ok = Vec::new();
        let main = match r.step(q, d, -1) {
            None => Err(MoveError::illegal(
                "R5",
                msg!("sprawl-source-off-board", square = q, dir = d),
            )),
            Some(s) => self.source_ok(seat, nm, s, k, q, d, false),
        };
        let err = match main {
            Ok(src) => {
                ok.push(src);
                None
            }
            Err(e) => Some(e),
        };
        if r.loose_branching {
            for d2 in perpendicular(d) {
                let Some(s) = r.step(q, d2, -1) else { continue };
                if matches!(self.board[s.index()], Cell::Branch(b) if b.dir == d2) {
                    if let Ok(src) = self.source_ok(seat, nm, s, k, q, d, true) {
                        ok.push(src);
                    }
                }
            }
        }
        (ok, err)
    }

    /// Whether the piece on `s` can be the source of `branch q d k`, with the rule's words.
    #[allow(clippy::too_many_arguments)]
    pub fn source_ok(
        &self,
        seat: Seat,
        nm: Mask,
        s: Square,
        k: Size,
        q: Square,
        d: Dir,
        side: bool,
    ) -> Result<Source, MoveError> {
        let rule = if side { "R16" } else { "R5" };
        match self.board[s.index()] {
            Cell::Empty => Err(MoveError::illegal(
                rule,
                msg!("sprawl-source-empty", square = q, dir = d, from = s),
            )),
            Cell::Tower(t) => {
                if t.controller() != seat {
                    Err(MoveError::illegal(
                        rule,
                        msg!("sprawl-source-tower-not-yours", square = s),
                    ))
                } else if nm & bit(s) != 0 {
                    Err(MoveError::illegal(
                        rule,
                        msg!("sprawl-source-neutralized", square = s),
                    ))
                } else {
                    Ok(Source {
                        square: s,
                        root: s,
                        depth: 1,
                    })
                }
            }
            Cell::Branch(b) => {
                if b.seat != seat {
                    return Err(MoveError::illegal(
                        rule,
                        msg!("sprawl-source-branch-not-yours", square = s),
                    ));
                }
                if nm & bit(b.root) != 0 {
                    return Err(MoveError::illegal(
                        "D7",
                        msg!("sprawl-source-root-neutralized", square = s, root = b.root),
                    ));
                }
                if !matches!(self.board[b.root.index()], Cell::Tower(t) if t.controller() == seat) {
                    return Err(MoveError::illegal(
                        "D7",
                        msg!("sprawl-source-root-lost", square = s, root = b.root),
                    ));
                }
                match b.size.smaller() {
                    None => {
                        return Err(MoveError::illegal(
                            rule,
                            msg!("sprawl-source-small", square = s),
                        ))
                    }
                    Some(want) if want != k => {
                        return Err(MoveError::illegal(
                            rule,
                            msg!(
                                "sprawl-branch-size",
                                from = b.size,
                                want,
                                square = q,
                                dir = d
                            ),
                        ))
                    }
                    _ => {}
                }
                let h = self.root_height(&b);
                if b.depth + 1 > h {
                    return Err(MoveError::illegal(
                        rule,
                        msg!(
                            "sprawl-too-deep",
                            root = b.root,
                            height = h,
                            square = q,
                            depth = b.depth + 1
                        ),
                    ));
                }
                Ok(Source {
                    square: s,
                    root: b.root,
                    depth: b.depth + 1,
                })
            }
        }
    }
}

pub fn perpendicular(d: Dir) -> [Dir; 2] {
    match d {
        Dir::N | Dir::S => [Dir::E, Dir::W],
        _ => [Dir::N, Dir::S],
    }
}
