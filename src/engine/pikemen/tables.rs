//! Data tables: the set-ups of section 3 and precomputed reorientations.

use super::Move;
use crate::engine::board::{Dir, Orient, Square};

/// Setup tables of section 3: (large, medium, small) squares per seat.
pub(super) type Army = (
    &'static [&'static str],
    &'static [&'static str],
    &'static [&'static str],
);

pub(super) const SETUP_2: [Army; 2] = [
    (
        &["h1", "g1", "f1", "h2", "h3"],
        &["e1", "g2", "f2", "g3", "h4"],
        &["d1", "e2", "f3", "g4", "h5"],
    ),
    (
        &["a8", "b8", "c8", "a7", "a6"],
        &["d8", "b7", "c7", "b6", "a5"],
        &["e8", "d7", "c6", "b5", "a4"],
    ),
];
pub(super) const SETUP_3: [Army; 3] = [
    (
        &["a8", "b8", "a7", "b7"],
        &["c8", "c7", "a6", "b6"],
        &["d8", "d7", "c6", "d6"],
    ),
    (
        &["g5", "h5", "g4", "h4"],
        &["g6", "h6", "g3", "h3"],
        &["f6", "f5", "f4", "f3"],
    ),
    (
        &["a1", "b1", "a2", "b2"],
        &["c1", "c2", "a3", "b3"],
        &["d1", "d2", "c3", "d3"],
    ),
];
pub(super) const SETUP_4: [Army; 4] = [
    (
        &["a8", "b8", "a7"],
        &["c8", "b7", "a6"],
        &["c7", "b6", "c6"],
    ),
    (
        &["h8", "g8", "h7"],
        &["f8", "g7", "h6"],
        &["f7", "g6", "f6"],
    ),
    (
        &["h1", "g1", "h2"],
        &["f1", "g2", "h3"],
        &["f2", "g3", "f3"],
    ),
    (
        &["a1", "b1", "a2"],
        &["c1", "b2", "a3"],
        &["c2", "b3", "c3"],
    ),
];

/// For each orientation (index of `Orient::ALL`), the 8 others: a piece's reorientations.
pub(super) const OTHER_ORIENTS: [[Orient; 8]; 9] = {
    let mut table = [[Orient::Up; 8]; 9];
    let mut i = 0;
    while i < 9 {
        let mut k = 0;
        let mut j = 0;
        while j < 9 {
            if j != i {
                table[i][k] = Orient::ALL[j];
                k += 1;
            }
            j += 1;
        }
        i += 1;
    }
    table
};

/// Every square's 8 reorientations away from each orientation, prebuilt.
pub(super) static TURNS: [[[Move; 8]; 9]; 64] = {
    let mut table = [[[Move::Turn {
        square: Square(0),
        orient: Orient::Up,
    }; 8]; 9]; 64];
    let mut s = 0;
    while s < 64 {
        let mut o = 0;
        while o < 9 {
            let mut k = 0;
            while k < 8 {
                table[s][o][k] = Move::Turn {
                    square: Square(s as u8),
                    orient: OTHER_ORIENTS[o][k],
                };
                k += 1;
            }
            o += 1;
        }
        s += 1;
    }
    table
};

/// `orient_index` of upright.
pub(super) const UPRIGHT: usize = 8;

/// Without a branch: the orientations of random games are random.
#[inline(always)]
pub(super) fn orient_index(o: Orient) -> usize {
    let facing = match o {
        Orient::Lying(d) => d as usize,
        Orient::Up => 0,
    };
    std::hint::select_unpredictable(o == Orient::Up, UPRIGHT, facing)
}

/// Per square and orientation (index of `Orient::ALL`), the squares a lying piece's charge
/// passes over on an empty board (bit = square index); upright pieces reach nothing.
pub(super) static REACH: [[u64; 9]; 64] = {
    let mut table = [[0u64; 9]; 64];
    let mut s = 0;
    while s < 64 {
        let mut o = 0;
        while o < 8 {
            let (df, dr) = Dir::ALL[o].delta();
            let (mut f, mut r) = ((s % 8) as i8, (s / 8) as i8);
            loop {
                f += df;
                r += dr;
                if f < 0 || r < 0 || f > 7 || r > 7 {
                    break;
                }
                table[s][o] |= 1 << (r * 8 + f);
            }
            o += 1;
        }
        s += 1;
    }
    table
};

/// Per orientation: 1 when square indices fall along its ray (s, sw, w, se), else 0.
pub(super) const FALLING: [usize; 9] = {
    let mut table = [0; 9];
    let mut o = 0;
    while o < 8 {
        let (df, dr) = Dir::ALL[o].delta();
        table[o] = (dr * 8 + df < 0) as usize;
        o += 1;
    }
    table
};

/// Per square and orientation, how many squares `REACH` holds.
pub(super) static REACH_LEN: [[u8; 9]; 64] = {
    let mut table = [[0u8; 9]; 64];
    let mut s = 0;
    while s < 64 {
        let mut o = 0;
        while o < 9 {
            table[s][o] = REACH[s][o].count_ones() as u8;
            o += 1;
        }
        s += 1;
    }
    table
};

/// Squares strictly between two squares of one line (king-move distance less one), and 8,
/// more than any ray holds, toward index 64 (no square). Symmetric under turning the board
/// half round, so it reads bit-reversed squares as well.
pub(super) static BETWEEN: [[u8; 65]; 64] = {
    let mut table = [[8u8; 65]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            let df = (a % 8) as i8 - (b % 8) as i8;
            let dr = (a / 8) as i8 - (b / 8) as i8;
            let (df, dr) = (df.abs(), dr.abs());
            let d = if df > dr { df } else { dr };
            table[a][b] = if d > 0 { d as u8 - 1 } else { 0 };
            b += 1;
        }
        a += 1;
    }
    table
};

/// `REACH` with the falling rays bit-reversed: along every ray the bits then rise, so that
/// the nearest square of a set is its lowest bit whatever the direction.
pub(super) static RISING_REACH: [[u64; 9]; 64] = {
    let mut table = [[0u64; 9]; 64];
    let mut s = 0;
    while s < 64 {
        let mut o = 0;
        while o < 9 {
            table[s][o] = if FALLING[o] == 1 {
                REACH[s][o].reverse_bits()
            } else {
                REACH[s][o]
            };
            o += 1;
        }
        s += 1;
    }
    table
};

/// Per square and facing (index `Dir as usize`), the squares from which a piece lying with
/// that facing charges over the square: the ray the other way.
pub(super) static TOWARD: [[u64; 8]; 64] = {
    let mut table = [[0u64; 8]; 64];
    let mut s = 0;
    while s < 64 {
        let mut d = 0;
        while d < 8 {
            table[s][d] = REACH[s][(d + 4) % 8];
            d += 1;
        }
        s += 1;
    }
    table
};
