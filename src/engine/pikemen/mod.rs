//! Pikemen, per `../shared/rules/pikemen.md` (rule numbers R1-R16 cited below).
//!
//! `state --json` board object:
//! `{"pieces": [{"square": "h1", "seat": 1, "size": "large", "orient": "up"}, ..],
//!   "resigned": [seats], "quiet": n, "target": 12, "rps": false, "quiet_limit": 0}`
//! with pieces in square order a1, b1, .., h8.

use super::board::{ray8, Orient, Size, Square};
use super::rng::SplitMix64;
use super::{msg, Game, GameKind, MoveError, Msg, Outcome, Seat, Setup, SetupError};
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::hint::select_unpredictable;
use std::sync::LazyLock;

/// Colour names of the seats, matching the renderer's palette.
pub const SEAT_COLOURS: [&str; 4] = ["orange", "blue", "green", "pink"];

/// The starting positions for 2, 3 and 4 players with the default options, their bitboards
/// and offers counted once: a new game is a copy (random playouts start thousands a second).
static START: LazyLock<[Pikemen; 3]> = LazyLock::new(|| {
    [(2, &SETUP_2[..]), (3, &SETUP_3[..]), (4, &SETUP_4[..])].map(|(players, armies)| {
        let mut board = [None; 64];
        for (i, (large, medium, small)) in armies.iter().enumerate() {
            for (squares, size) in [
                (large, Size::Large),
                (medium, Size::Medium),
                (small, Size::Small),
            ] {
                for name in squares.iter() {
                    let sq = Square::parse(name, 8, 8).expect("setup tables hold valid squares");
                    board[sq.index()] = Some(Piece {
                        seat: i as Seat + 1,
                        size,
                        orient: Orient::Up,
                    });
                }
            }
        }
        let mut g = Pikemen {
            players,
            target: 12,
            rps: false,
            quiet_limit: 0,
            board,
            scores: [0; 4],
            resigned: [false; 4],
            to_move: 1,
            quiet: 0,
            outcome: None,
            last: None,
            took: None,
            bits: Bits::of(&board),
            offers: Offers::default(),
        };
        g.recount();
        g
    })
});

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Piece {
    pub seat: Seat,
    pub size: Size,
    pub orient: Orient,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Move {
    /// R3.
    Turn { square: Square, orient: Orient },
    /// R4-R5; `orient` is `None` when the facing is kept (canonical form).
    Charge {
        from: Square,
        to: Square,
        orient: Option<Orient>,
    },
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(from = "Wire")]
pub struct Pikemen {
    players: u8,
    target: u32,
    rps: bool,
    quiet_limit: u32,
    #[serde(with = "board_serde")]
    board: [Option<Piece>; 64],
    scores: [u32; 4],
    resigned: [bool; 4],
    to_move: Seat,
    /// Actions since the last capture (R13).
    quiet: u32,
    outcome: Option<Outcome>,
    last: Option<Move>,
    /// The piece the last move captured, for the picture to show what was taken.
    #[serde(default)]
    took: Option<Piece>,
    /// Bitboards derived from `board`.
    #[serde(skip_serializing)]
    bits: Bits,
    /// The moves each piece offers, kept by every change.
    #[serde(skip_serializing)]
    offers: Offers,
}

/// The serialised fields; `bits` is rebuilt on reading.
#[derive(Deserialize)]
struct Wire {
    players: u8,
    target: u32,
    rps: bool,
    quiet_limit: u32,
    #[serde(with = "board_serde")]
    board: [Option<Piece>; 64],
    scores: [u32; 4],
    resigned: [bool; 4],
    to_move: Seat,
    quiet: u32,
    outcome: Option<Outcome>,
    last: Option<Move>,
    #[serde(default)]
    took: Option<Piece>,
}

impl From<Wire> for Pikemen {
    fn from(w: Wire) -> Pikemen {
        let mut g = Pikemen {
            bits: Bits::of(&w.board),
            offers: Offers::default(),
            players: w.players,
            target: w.target,
            rps: w.rps,
            quiet_limit: w.quiet_limit,
            board: w.board,
            scores: w.scores,
            resigned: w.resigned,
            to_move: w.to_move,
            quiet: w.quiet,
            outcome: w.outcome,
            last: w.last,
            took: w.took,
        };
        g.recount();
        g
    }
}

/// The board as bitboards (bit = square index), kept beside `board` by every change: move
/// generation and the playout sampler visit a seat's pieces and find captures without
/// scanning squares.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Bits {
    /// Each seat's pieces.
    seats: [u64; 4],
    /// Every piece: the seats' union.
    occupied: u64,
    /// Pieces of each size (index pips - 1) of every seat.
    sizes: [u64; 3],
    /// Pieces of every seat per orientation (index `orient_index`): lying per facing, who
    /// charges through a square, and so whose offer a change there may alter; then upright.
    /// One array, so that a change of orientation is an index, not a branch.
    orients: [u64; 9],
}

/// How many moves each piece offers (8 turns and 9 per square it may charge to, R3-R5), by
/// seat and square, and their sums per seat and per seat and rank. A piece's offer changes
/// only when a square on its ray or the piece itself changes, so a move recounts a few pieces
/// and the playout sampler draws among a seat's moves without looking at every piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Offers {
    /// Per seat, rank (index rank - 1) and file, the offer of the seat's piece there; 0 where
    /// the seat has none. A rank's eight offers are one word to [`locate`].
    by_square: [[[u16; 8]; 8]; 4],
    by_seat: [u32; 4],
    /// Per seat, the sum over each rank (index rank - 1).
    by_rank: [[u16; 8]; 4],
    /// Per square, the square where the ray of the piece there stops (its nearest occupied
    /// square), 64 for none (upright, or nothing ahead); 0 on empty squares.
    stop: [u8; 64],
    /// Per square (and 64), the pieces whose ray stops there: [`Bits::stopping_at`] for an
    /// occupied square, read instead of computed. Kept with the offers, which find each stop.
    stopped_by: [u64; 65],
}

impl Default for Offers {
    fn default() -> Offers {
        Offers {
            by_square: [[[0; 8]; 8]; 4],
            by_seat: [0; 4],
            by_rank: [[0; 8]; 4],
            stop: [0; 64],
            stopped_by: [0; 65],
        }
    }
}

/// Inverses for [`reduce`]: `u64::MAX / n + 1` for every `n` a seat's moves may number in
/// 2-4 player games (at most 15 pieces of 8 + 9 * 7 moves).
static INVERSES: [u64; 1088] = {
    let mut table = [0u64; 1088];
    let mut n = 1;
    while n < 1088 {
        table[n] = (u64::MAX / n as u64).wrapping_add(1);
        n += 1;
    }
    table
};

/// `x % n` (`n` > 0) by two multiplications (Lemire, Kaser and Kurz, "Faster remainder by
/// direct computation", 2019: exact for 32-bit operands), the same value as the division,
/// whose latency every draw waits for. Counts beyond the table divide.
#[inline(always)]
fn reduce(x: u32, n: u32) -> u32 {
    match INVERSES.get(n as usize) {
        Some(&inverse) if n > 0 => {
            ((inverse.wrapping_mul(x as u64) as u128 * n as u128) >> 64) as u32
        }
        _ => x % n,
    }
}

/// Of eight counts adding up to more than `r`, the first whose running sum passes `r`, and
/// `r` less the counts before it. Every count and sum stays under 0x8000 (a seat offers at
/// most 71 moves on each of 64 squares), which both ways below rely on.
#[inline(always)]
fn locate(counts: &[u16; 8], r: u32) -> (usize, u32) {
    #[cfg(target_arch = "x86_64")]
    {
        locate_sse2(counts, r)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        locate_lanes(counts, r)
    }
}

/// [`locate`] in one SSE2 register (part of every x86-64 processor): the running sums by
/// three shifted adds, the lanes past `r` by one comparison, the first of them by the mask's
/// lowest bit, without a branch. About half the instructions of [`locate_lanes`]: a random
/// Pikemen playout went from 429 instructions a move to 380 under callgrind, and 5% faster.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn locate_sse2(counts: &[u16; 8], r: u32) -> (usize, u32) {
    use std::arch::x86_64::*;
    // SAFETY: SSE2 is part of x86-64; the load and the store touch the 16 bytes of `counts`
    // and of `before`.
    unsafe {
        let v = _mm_loadu_si128(counts.as_ptr().cast());
        let mut sums = _mm_add_epi16(v, _mm_slli_si128::<2>(v));
        sums = _mm_add_epi16(sums, _mm_slli_si128::<4>(sums));
        sums = _mm_add_epi16(sums, _mm_slli_si128::<8>(sums));
        // Signed lanes compare right: every sum and `r` are under 0x8000.
        let above = _mm_cmpgt_epi16(sums, _mm_set1_epi16(r as i16));
        let k = (_mm_movemask_epi8(above) as u32).trailing_zeros() as usize / 2;
        let mut before = [0u16; 8];
        _mm_storeu_si128(before.as_mut_ptr().cast(), _mm_sub_epi16(sums, v));
        (k & 7, r - u32::from(before[k & 7]))
    }
}

/// [`locate`] as 16-bit lanes of two words: the loop "subtract while `r` is not smaller"
/// done on all eight at once, free of branches, whose exits a random `r` would mispredict
/// about once a draw. No lane carries into the next, every sum being under 0x8000.
#[cfg(any(test, not(target_arch = "x86_64")))]
#[inline(always)]
fn locate_lanes(counts: &[u16; 8], r: u32) -> (usize, u32) {
    const ONES: u64 = 0x0001_0001_0001_0001;
    const HIGH: u64 = ONES << 15;
    let word = |q: &[u16]| q.iter().rev().fold(0u64, |w, &c| (w << 16) | c as u64);
    let (lo, hi) = (word(&counts[..4]), word(&counts[4..]));
    // Running sums, lane by lane.
    let mut sums_lo = lo + (lo << 16);
    sums_lo += sums_lo << 32;
    let mut sums_hi = hi + (hi << 16);
    sums_hi += sums_hi << 32;
    sums_hi += (sums_lo >> 48) * ONES;
    // A lane's top bit stays set exactly where its running sum is above `r`.
    let bar = (r as u64 + 1) * ONES;
    let above_lo = ((sums_lo | HIGH) - bar) & HIGH;
    let above_hi = ((sums_hi | HIGH) - bar) & HIGH;
    // Counted by a multiply too: `count_ones` is a loop of shifts on baseline x86-64.
    let k = 8 - (((above_lo >> 15) + (above_hi >> 15)).wrapping_mul(ONES) >> 48) as usize;
    // The counts before lane `k` are those of the lanes not above, summed by a multiply.
    let before = |counts: u64, above: u64| {
        let below = ((HIGH ^ above) >> 15) * 0xffff;
        (counts & below).wrapping_mul(ONES) >> 48
    };
    (k, r - (before(lo, above_lo) + before(hi, above_hi)) as u32)
}

impl Bits {
    fn of(board: &[Option<Piece>; 64]) -> Bits {
        let mut bits = Bits::default();
        for (i, p) in board.iter().enumerate() {
            if let Some(p) = p {
                bits.toggle(Square(i as u8), *p);
            }
        }
        bits
    }

    /// Puts `p` on `sq`, or takes it off.
    #[inline]
    fn toggle(&mut self, sq: Square, p: Piece) {
        let bit = 1u64 << sq.0;
        self.seats[p.seat as usize - 1] ^= bit;
        self.occupied ^= bit;
        self.sizes[p.size.pips() as usize - 1] ^= bit;
        self.orients[orient_index(p.orient)] ^= bit;
    }

    /// Takes `p` off `sq` where `mask` is all ones, and changes nothing where it is 0.
    #[inline]
    fn toggle_masked(&mut self, sq: Square, p: Piece, mask: u64) {
        let bit = (1u64 << sq.0) & mask;
        self.seats[(p.seat as usize).wrapping_sub(1) & 3] ^= bit;
        self.occupied ^= bit;
        self.sizes[p.size.pips() as usize - 1] ^= bit;
        self.orients[orient_index(p.orient)] ^= bit;
    }

    /// Turns the piece on `sq` from `was` to `now`: only the facings' bitboards change.
    #[inline]
    fn reorient(&mut self, sq: Square, was: Orient, now: Orient) {
        let bit = 1u64 << sq.0;
        self.orients[orient_index(was)] ^= bit;
        self.orients[orient_index(now)] ^= bit;
    }

    #[inline]
    fn upright(&self) -> u64 {
        self.orients[UPRIGHT]
    }

    /// The lying pieces whose ray meets `sq` before any other occupied square (`sq` itself
    /// may be empty): those whose offer a change on `sq` alone may alter. Along each line
    /// through `sq`, only the nearest piece can face it with nothing between.
    #[inline]
    fn stopping_at(&self, sq: Square) -> u64 {
        let all = self.all();
        let toward = &TOWARD[sq.index() & 63];
        let mut out = 0;
        for (d, (ray, lying)) in toward.iter().zip(&self.orients).enumerate() {
            let occupied = ray & all;
            // The ray from `sq` runs the other way from the facing `d`: square indices fall
            // along it where they rise along `d`.
            // The highest bit, without a branch for an empty ray: then `occupied` is 0.
            let nearest = if FALLING[d] == 0 {
                occupied & (1 << (63 - (occupied.leading_zeros() & 63)))
            } else {
                occupied & occupied.wrapping_neg()
            };
            out |= nearest & lying;
        }
        out
    }

    #[inline]
    fn all(&self) -> u64 {
        self.occupied
    }
}

/// What the mover's charges meet (R4, R6): `[occupied, capturable by a small, medium, large
/// piece]` as bitboards, then the same bit-reversed, which falling rays read (`RISING_REACH`).
struct Sight([[u64; 4]; 2]);

impl Sight {
    fn new(all: u64, capturable: [u64; 3]) -> Sight {
        let [small, medium, large] = capturable;
        let rising = [all, small, medium, large];
        Sight([rising, rising.map(u64::reverse_bits)])
    }

    /// How many squares piece `p` on `from` may charge to: the empty ones along its ray, then
    /// the first occupied one if it may capture there. Free of branches, which random
    /// playouts (orientations at random) would mispredict half the time.
    #[inline(always)]
    fn reach(&self, from: Square, p: Piece) -> u32 {
        let (i, oi) = (from.index() & 63, orient_index(p.orient));
        let falling = FALLING[oi];
        let seen = &self.0[falling];
        let blockers = RISING_REACH[i][oi] & seen[0];
        let nearest = blockers & blockers.wrapping_neg();
        // Reversing the board turns it half round: `i ^ 63` is the piece's square there.
        let steps = BETWEEN[i ^ (63 * falling)][blockers.trailing_zeros() as usize];
        let empty = steps.min(REACH_LEN[i][oi]);
        empty as u32 + (nearest & seen[p.size.pips() as usize] != 0) as u32
    }
}

/// Squares of the set bits of `bits`, lowest first.
fn squares_of(mut bits: u64) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let i = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Square(i)
        })
    })
}

mod board_serde {
    use super::Piece;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(b: &[Option<Piece>; 64], s: S) -> Result<S::Ok, S::Error> {
        b.as_slice().serialize(s)
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<[Option<Piece>; 64], D::Error> {
        let v: Vec<Option<Piece>> = Vec::deserialize(d)?;
        v.try_into()
            .map_err(|_| serde::de::Error::custom("a Pikemen board has 64 squares"))
    }
}

impl Pikemen {
    pub fn piece(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    pub fn score(&self, seat: Seat) -> u32 {
        self.scores[seat as usize - 1]
    }

    pub fn is_resigned(&self, seat: Seat) -> bool {
        self.resigned[seat as usize - 1]
    }

    pub fn last_move(&self) -> Option<Move> {
        self.last
    }

    /// The enemy piece the last move captured (on the last move's destination), if any.
    pub fn last_capture(&self) -> Option<Piece> {
        self.took
    }

    pub fn target(&self) -> u32 {
        self.target
    }

    /// An empty board with the given options; pieces are then put with [`Pikemen::put`]
    /// (tests and worked examples).
    pub fn empty(setup: &Setup) -> Result<Pikemen, SetupError> {
        let mut g = Pikemen::new(setup)?;
        g.board = [None; 64];
        g.bits = Bits::default();
        g.recount();
        Ok(g)
    }

    pub fn put(&mut self, sq: Square, piece: Option<Piece>) {
        self.board[sq.index()] = piece;
        self.bits = Bits::of(&self.board);
        self.recount();
    }

    pub fn set_score(&mut self, seat: Seat, score: u32) {
        self.scores[seat as usize - 1] = score;
    }

    pub fn set_to_move(&mut self, seat: Seat) {
        self.to_move = seat;
    }

    fn has_pieces(&self, seat: Seat) -> bool {
        self.bits.seats[seat as usize - 1] != 0
    }

    /// The moves of the piece on `sq` (a piece must stand there), from the bitboards: what
    /// `Sight::reach` counts, for one piece without turning every bitboard round.
    #[inline(always)]
    /// With the offer, the square where the piece's ray stops (64 for none).
    fn offer(&self, sq: Square, p: Piece) -> (u16, u32) {
        let (i, oi) = (sq.index() & 63, orient_index(p.orient));
        let blockers = REACH[i][oi] & self.bits.all();
        // The nearest blocker: the lowest bit along rising rays, the highest along falling
        // ones; 64 when there is none.
        // Chosen without branches: the facings of random games are random.
        let lowest = blockers.trailing_zeros();
        let highest = select_unpredictable(
            blockers == 0,
            64,
            63u32.wrapping_sub(blockers.leading_zeros()),
        );
        let nearest = select_unpredictable(FALLING[oi] == 1, highest, lowest);
        let (between, len) = (BETWEEN[i][nearest as usize], REACH_LEN[i][oi]);
        let empty = select_unpredictable(between < len, between, len);
        let capturable = self.capturable(p.seat)[p.size.pips() as usize - 1];
        let capture = (nearest < 64) & ((capturable >> (nearest & 63)) & 1 == 1);
        (8 + 9 * (empty as u16 + capture as u16), nearest)
    }

    /// Counts the offers of the pieces on `squares` again.
    /// Always inlined: called once a ply, its call cost as much as its work.
    #[inline(always)]
    fn reoffer(&mut self, squares: u64) {
        for sq in squares_of(squares) {
            let Some(p) = self.board[sq.index()] else {
                continue;
            };
            let (new, stop) = self.offer(sq, p);
            let bit = 1u64 << (sq.0 & 63);
            let was = std::mem::replace(&mut self.offers.stop[sq.index() & 63], stop as u8);
            self.offers.stopped_by[was as usize] &= !bit;
            self.offers.stopped_by[stop as usize] |= bit;
            let (seat, rank, file) = (p.seat as usize - 1, sq.index() >> 3 & 7, sq.index() & 7);
            let old = std::mem::replace(&mut self.offers.by_square[seat][rank][file], new);
            let total = &mut self.offers.by_seat[seat];
            *total = *total + new as u32 - old as u32;
            let sum = &mut self.offers.by_rank[seat][rank];
            *sum = *sum + new - old;
        }
    }

    /// Takes the offer of the piece on `sq`, which leaves the square, out of its seat's sum.
    #[inline]
    fn withdraw(&mut self, sq: Square, seat: Seat) {
        let (seat, rank, file) = (seat as usize - 1, sq.index() >> 3 & 7, sq.index() & 7);
        let old = std::mem::take(&mut self.offers.by_square[seat][rank][file]);
        self.offers.by_seat[seat] -= old as u32;
        self.offers.by_rank[seat][rank] -= old;
        let was = std::mem::take(&mut self.offers.stop[sq.index() & 63]);
        self.offers.stopped_by[was as usize] &= !(1u64 << (sq.0 & 63));
    }

    /// Every offer counted from the board.
    fn recount(&mut self) {
        self.offers = Offers::default();
        self.reoffer(self.bits.all());
    }

    /// R6 / R6-rps.
    fn can_capture(&self, attacker: Size, target: Piece) -> bool {
        let upright = target.orient == Orient::Up;
        if self.rps {
            if attacker == Size::Large && target.size == Size::Small {
                return false;
            }
            if attacker == Size::Small && upright && target.size == Size::Large {
                return true;
            }
        }
        !upright || attacker > target.size
    }

    /// Per attacker size (index pips - 1), the pieces of the other seats than `me` that it
    /// may capture (R6 / R6-rps), as [`Pikemen::can_capture`] decides piece by piece.
    #[inline]
    fn capturable(&self, me: Seat) -> [u64; 3] {
        let enemy = self.bits.all() & !self.bits.seats[me as usize - 1];
        let lying = enemy & !self.bits.upright();
        let up = enemy & self.bits.upright();
        let [small, medium, large] = self.bits.sizes;
        if self.rps {
            [
                lying | (up & large),
                lying | (up & small),
                (lying | (up & medium)) & !small,
            ]
        } else {
            [lying, lying | (up & small), lying | (up & (small | medium))]
        }
    }

    fn seat_name(&self, seat: Seat) -> Msg {
        msg!("pikemen-seat", seat, colour = self.seat_label(seat))
    }

    fn end_by_score(&mut self, reason: Msg) {
        let best = (1..=self.players)
            .filter(|&s| !self.is_resigned(s))
            .map(|s| self.score(s))
            .max()
            .unwrap_or(0);
        let winners: Vec<Seat> = (1..=self.players)
            .filter(|&s| !self.is_resigned(s) && self.score(s) == best)
            .collect();
        self.outcome = Some(Outcome::new(winners, reason));
    }

    /// R12 (3-4 players): at most one non-resigned player still has pieces.
    #[inline]
    fn one_army_left(&self) -> bool {
        self.players > 2
            && (1..=self.players)
                .filter(|&s| !self.is_resigned(s) && self.has_pieces(s))
                .count()
                <= 1
    }

    /// R1, R10: the next seat after `from` that is not resigned and has pieces.
    fn advance_from(&mut self, from: Seat) {
        // Two players, the usual case in playouts: the other seat.
        if self.players == 2 {
            let other = 3 - from;
            if !self.is_resigned(other) && self.has_pieces(other) {
                self.to_move = other;
                return;
            }
        }
        let mut s = from;
        for _ in 0..self.players {
            s = if s >= self.players { 1 } else { s + 1 };
            if !self.is_resigned(s) && self.has_pieces(s) {
                self.to_move = s;
                return;
            }
        }
    }
}

impl Game for Pikemen {
    type Move = Move;
    const KIND: GameKind = GameKind::Pikemen;

    fn new(setup: &Setup) -> Result<Self, SetupError> {
        let players = setup.players;
        if !(2..=4).contains(&players) {
            return Err(SetupError::Players {
                game: "Pikemen",
                min: 2,
                max: 4,
                got: players,
            });
        }
        let o = &setup.options;
        let mut g = START[players as usize - 2].clone();
        g.target = o.int("target", 12) as u32;
        g.rps = o.bool("rps", false);
        g.quiet_limit = o.int("quiet_limit", if players == 2 { 0 } else { 60 }) as u32;
        if g.rps {
            // The offers count captures by the rule in force (R6-rps).
            g.recount();
        }
        Ok(g)
    }

    fn players(&self) -> u8 {
        self.players
    }

    fn to_move(&self) -> Option<Seat> {
        self.outcome.is_none().then_some(self.to_move)
    }

    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        if self.outcome.is_some() {
            return;
        }
        out.reserve(256);
        let all = self.bits.all();
        let sight = Sight::new(all, self.capturable(self.to_move));
        for sq in squares_of(self.bits.seats[self.to_move as usize - 1]) {
            let Some(p) = self.board[sq.index()] else {
                continue;
            };
            let oi = orient_index(p.orient);
            // Copied from a table: this loop dominates random playouts.
            out.extend_from_slice(&TURNS[sq.index()][oi]);
            let Orient::Lying(d) = p.orient else {
                continue;
            };
            let others = OTHER_ORIENTS[oi];
            let reach = sight.reach(sq, p);
            // R4: the empty squares in order along the ray, then the capture just past them.
            for &to in &ray8(sq, d)[..reach as usize] {
                out.push(Move::Charge {
                    from: sq,
                    to,
                    orient: None,
                });
                out.extend_from_slice(&others.map(|o| Move::Charge {
                    from: sq,
                    to,
                    orient: Some(o),
                }));
            }
        }
    }

    /// Samples without listing: each own piece offers 8 turns plus 9 moves per reachable
    /// square (`Offers`, kept by `apply`), so a uniform index is located piece by piece in
    /// square order.
    #[inline(always)]
    fn random_move(&self, rng: &mut SplitMix64, _buf: &mut Vec<Move>) -> Option<Move> {
        if self.outcome.is_some() {
            return None;
        }
        let me = self.to_move as usize - 1;
        let total = self.offers.by_seat[me];
        if total == 0 {
            return None;
        }
        let r = reduce((rng.next() >> 32) as u32, total);
        // The rank, then the square in it, in square order.
        let (rank, r) = locate(&self.offers.by_rank[me], r);
        let (file, r) = locate(&self.offers.by_square[me][rank & 7], r);
        let sq = Square((rank * 8 + file) as u8);
        let p = self.board[sq.index()].expect("a piece of the mover");
        let others = OTHER_ORIENTS[orient_index(p.orient)];
        if r < 8 {
            return Some(Move::Turn {
                square: sq,
                orient: others[r as usize],
            });
        }
        let (k, o) = ((r - 8) / 9, (r - 8) % 9);
        let d = p.orient.dir().expect("only lying pieces reach squares");
        // The k-th reachable square: the ray's k-th, the capture being last of them.
        Some(Move::Charge {
            from: sq,
            to: ray8(sq, d)[k as usize],
            orient: select_unpredictable(
                o > 0,
                Some(others[(o as usize).wrapping_sub(1) & 7]),
                None,
            ),
        })
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let mv = notation::parse(text)?;
        // Section 7: naming the facing the piece already has is the plain move.
        Ok(match mv {
            Move::Charge {
                from,
                to,
                orient: Some(o),
            } if self.board[from.index()].map(|p| p.orient) == Some(o) => Move::Charge {
                from,
                to,
                orient: None,
            },
            m => m,
        })
    }

    fn check(&self, mv: &Move) -> Result<(), MoveError> {
        let me = self.to_move;
        let own = |sq: Square, rule: &'static str| -> Result<Piece, MoveError> {
            match self.board[sq.index()] {
                None => Err(MoveError::illegal(rule, msg!("pikemen-empty", square = sq))),
                Some(p) if p.seat != me => Err(MoveError::illegal(
                    rule,
                    msg!(
                        "pikemen-not-yours",
                        square = sq,
                        owner = self.seat_name(p.seat),
                        me = self.seat_name(me)
                    ),
                )),
                Some(p) => Ok(p),
            }
        };
        match *mv {
            Move::Turn { square, orient } => {
                let p = own(square, "R3")?;
                if p.orient == orient {
                    return Err(MoveError::illegal(
                        "R3",
                        msg!("pikemen-turn-same", square, facing = orient),
                    ));
                }
                Ok(())
            }
            Move::Charge { from, to, .. } => {
                let p = own(from, "R4.1")?;
                let Orient::Lying(d) = p.orient else {
                    return Err(MoveError::illegal(
                        "R4.1",
                        msg!("pikemen-upright", square = from),
                    ));
                };
                let df = to.file() as i8 - from.file() as i8;
                let dr = to.rank() as i8 - from.rank() as i8;
                let k = df.abs().max(dr.abs());
                if k == 0 || (d.delta().0 * k, d.delta().1 * k) != (df, dr) {
                    return Err(MoveError::illegal(
                        "R4.2",
                        msg!("pikemen-off-line", to, from, facing = d),
                    ));
                }
                for i in 1..k {
                    let sq = from.offset(d, i, 8, 8).expect("between two board squares");
                    if self.board[sq.index()].is_some() {
                        return Err(MoveError::illegal(
                            "R4.3",
                            msg!("pikemen-blocked", square = sq),
                        ));
                    }
                }
                match self.board[to.index()] {
                    None => Ok(()),
                    Some(t) if t.seat == me => Err(MoveError::illegal(
                        "R4.4",
                        msg!("pikemen-own-piece", square = to),
                    )),
                    Some(t) if !self.can_capture(p.size, t) => {
                        let rule = if self.rps { "R6-rps" } else { "R6" };
                        let why = if self.rps && p.size == Size::Large && t.size == Size::Small {
                            msg!("pikemen-rps-large-small")
                        } else {
                            msg!("pikemen-upright-needs-larger", size = t.size)
                        };
                        Err(MoveError::illegal(
                            rule,
                            msg!("pikemen-cannot-capture", size = p.size, from, to, why),
                        ))
                    }
                    Some(_) => Ok(()),
                }
            }
        }
    }

    /// Always inlined, as `random_move` and `offer` are: where the compiler left them out of a
    /// playout's loop (one loop shared by two callers), Pikemen playouts made 20% more
    /// instructions.
    #[inline(always)]
    fn apply(&mut self, mv: &Move) {
        let me = self.to_move;
        match *mv {
            Move::Turn { square, orient } => {
                let mut changed = 1 << square.0;
                if let Some(p) = self.board[square.index()].as_mut() {
                    let was = std::mem::replace(&mut p.orient, orient);
                    self.bits.reorient(square, was, orient);
                    // Standing up or lying down changes which sizes may capture the piece
                    // (R6), and so the offers of the enemies whose charge stops on it;
                    // turning from one facing to another changes its own offer only. Which
                    // turns do is random: the enemies are read anyway and masked, no branch.
                    let updown = (was == Orient::Up) != (orient == Orient::Up);
                    let enemies = self.offers.stopped_by[square.index() & 63]
                        & !self.bits.seats[(p.seat as usize).wrapping_sub(1) & 3];
                    changed |= select_unpredictable(updown, enemies, 0);
                }
                self.reoffer(changed);
                self.took = None;
                self.quiet += 1;
            }
            Move::Charge { from, to, orient } => {
                // The rays that stopped on `from` now go further.
                let over_from = self.offers.stopped_by[from.index() & 63];
                let mut p = self.board[from.index()]
                    .take()
                    .expect("a legal move's piece");
                self.withdraw(from, p.seat);
                self.bits.toggle(from, p);
                if let Some(o) = orient {
                    p.orient = o;
                }
                self.bits.toggle(to, p);
                let took = self.board[to.index()].replace(p);
                self.took = took;
                // Without a branch: whether a random charge captures is random. An empty
                // `to` offers nothing for any seat, so the withdrawal is then a no-op, and
                // the captured piece's toggles and pips are masked off.
                let captured = took.is_some();
                let t = took.unwrap_or(p);
                let keep = (captured as u64).wrapping_neg();
                self.withdraw(to, t.seat);
                self.bits.toggle_masked(to, t, keep);
                self.scores[me as usize - 1] += t.size.pips() as u32 & keep as u32;
                self.quiet = select_unpredictable(captured, 0, self.quiet + 1);
                // Rays that reach `to` stop there, on another piece (they include those that
                // stopped on a captured piece there). Rays stopped short of either square do
                // not change.
                let over = over_from | self.bits.stopping_at(to);
                self.reoffer(over | 1 << to.0);
            }
        }
        self.last = Some(*mv);
        if self.score(me) >= self.target {
            self.outcome = Some(Outcome::new(
                vec![me],
                msg!(
                    "pikemen-reached",
                    who = self.seat_name(me),
                    points = self.score(me)
                ),
            ));
        } else if self.one_army_left() {
            self.end_by_score(msg!("pikemen-one-army"));
        } else if self.quiet_limit > 0 && self.quiet >= self.quiet_limit {
            self.end_by_score(msg!("pikemen-quiet", limit = self.quiet_limit));
        } else {
            self.advance_from(me);
        }
    }

    fn scores(&self) -> Vec<i64> {
        self.scores[..self.players as usize]
            .iter()
            .map(|&s| s as i64)
            .collect()
    }

    /// R14, R15: the winners, then the others by score; resigned players below all others.
    fn places(&self) -> Option<Vec<u8>> {
        let outcome = self.outcome.as_ref()?;
        Some(crate::engine::places_by(self.players, |s| {
            (
                self.is_resigned(s),
                !outcome.winners.contains(&s),
                -(self.score(s) as i64),
            )
        }))
    }

    fn board_json(&self) -> serde_json::Value {
        let pieces: Vec<_> = (0..64u8)
            .filter_map(|i| {
                self.board[i as usize].map(|p| {
                    json!({"square": Square(i).to_string(), "seat": p.seat,
                           "size": p.size.name(), "orient": p.orient.name()})
                })
            })
            .collect();
        let resigned: Vec<Seat> = (1..=self.players)
            .filter(|&s| self.is_resigned(s))
            .collect();
        json!({"pieces": pieces, "resigned": resigned, "quiet": self.quiet,
               "target": self.target, "rps": self.rps, "quiet_limit": self.quiet_limit})
    }

    /// R15.
    fn resign(&mut self, seat: Seat, how: crate::engine::Leave) -> Result<(), MoveError> {
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        if seat == 0 || seat > self.players || self.is_resigned(seat) {
            return Err(MoveError::illegal("R15", msg!("seat-not-playing", seat)));
        }
        self.resigned[seat as usize - 1] = true;
        let reason = msg!("outcome-left", who = self.seat_name(seat), how = how.word());
        if self.players == 2 {
            self.outcome = Some(Outcome::new(vec![3 - seat], reason));
            return Ok(());
        }
        for sq in self.board.iter_mut() {
            if sq.is_some_and(|p| p.seat == seat) {
                *sq = None;
            }
        }
        self.bits = Bits::of(&self.board);
        self.recount();
        let left: Vec<Seat> = (1..=self.players)
            .filter(|&s| !self.is_resigned(s))
            .collect();
        if left.len() == 1 {
            self.outcome = Some(Outcome::new(left, reason));
        } else if self.one_army_left() {
            self.end_by_score(msg!("pikemen-one-army"));
        } else if self.to_move == seat {
            self.advance_from(seat);
        }
        Ok(())
    }

    fn draw_allowed(&self) -> bool {
        self.players == 2 && self.outcome.is_none()
    }

    /// R16.
    fn agree_draw(&mut self) -> Result<(), MoveError> {
        if !self.draw_allowed() {
            return Err(MoveError::illegal("R16", msg!("draw-two-players-only")));
        }
        self.outcome = Some(Outcome::new(vec![1, 2], msg!("outcome-draw-agreed")));
        Ok(())
    }

    fn seat_label(&self, seat: Seat) -> Msg {
        msg!("seat-label", name = SEAT_COLOURS[seat as usize - 1])
    }
}

mod notation;
mod tables;

pub use notation::{OPTIONS, VERBS};
use tables::{
    orient_index, BETWEEN, FALLING, OTHER_ORIENTS, REACH, REACH_LEN, RISING_REACH, SETUP_2,
    SETUP_3, SETUP_4, TOWARD, TURNS, UPRIGHT,
};

#[cfg(test)]
mod tests;
