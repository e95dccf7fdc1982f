//! The 30-vertex board of section 2: a hexagon of 42 triangles with sides 2,3,3,2,3,3.
//!
//! Vertices are numbered in name order (`a1 b1 c1 a2 .. c7`), row by row from the bottom.
//! The step table is computed at compile time from the rules' coordinates (row, doubled X),
//! so it is data, checked against the rules' table of 19 lines by a test.

use crate::engine::{msg, Msg};
use serde::{Deserialize, Serialize};
use std::fmt;

pub const VERTICES: usize = 30;
pub const ROWS: usize = 7;
/// Vertices per row, bottom (row 1) to top (row 7).
pub const ROW_LEN: [u8; ROWS] = [3, 4, 5, 6, 5, 4, 3];
/// Index of each row's `a` vertex.
pub const ROW_START: [u8; ROWS] = [0, 3, 7, 12, 18, 23, 27];
/// The longest straight line (R4): a stack this tall or taller never moves.
pub const LONGEST_LINE: u8 = 6;

/// A vertex of the board, `0..30` in name order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Vertex(pub u8);

impl Vertex {
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Row, 0-based from the bottom.
    pub const fn row(self) -> u8 {
        let mut r = ROWS - 1;
        while ROW_START[r] > self.0 {
            r -= 1;
        }
        r as u8
    }

    /// Position in the row, 0 = `a`.
    pub const fn letter(self) -> u8 {
        self.0 - ROW_START[self.row() as usize]
    }

    /// Doubled x-coordinate of section 2: `2i - (n - 1)`, from -5 to 5.
    pub const fn x2(self) -> i8 {
        let n = ROW_LEN[self.row() as usize] as i8;
        2 * self.letter() as i8 - (n - 1)
    }

    pub fn all() -> impl Iterator<Item = Vertex> {
        (0..VERTICES as u8).map(Vertex)
    }

    /// The vertex one step away toward `d`, if it is on the board.
    #[inline]
    pub fn step(self, d: HexDir) -> Option<Vertex> {
        let v = STEP[self.index()][d as usize];
        (v != NONE).then_some(Vertex(v))
    }

    /// The vertex exactly `k` steps away toward `d`, if every step stays on the board.
    #[inline]
    pub fn reach(self, d: HexDir, k: u8) -> Option<Vertex> {
        let mut v = self;
        for _ in 0..k {
            v = v.step(d)?;
        }
        Some(v)
    }

    /// The direction and number of steps from `self` to `to`, if they share a straight line.
    pub fn line_to(self, to: Vertex) -> Option<(HexDir, u8)> {
        let dr = to.row() as i8 - self.row() as i8;
        let dx = to.x2() - self.x2();
        let (d, k) = match (dr, dx) {
            (0, 0) => return None,
            (0, x) if x % 2 == 0 => (if x > 0 { HexDir::E } else { HexDir::W }, x.abs() / 2),
            (r, x) if r == x => (if r > 0 { HexDir::Ne } else { HexDir::Sw }, r.abs()),
            (r, x) if r == -x => (if r > 0 { HexDir::Nw } else { HexDir::Se }, r.abs()),
            _ => return None,
        };
        Some((d, k as u8))
    }

    /// Parses a vertex name, any case; the error is a sentence for the player.
    pub fn parse(text: &str) -> Result<Vertex, Msg> {
        let t = text.trim().to_ascii_lowercase();
        let b = t.as_bytes();
        let bad = || msg!("skyscrapers-bad-vertex", text);
        if b.len() != 2 || !b[0].is_ascii_lowercase() || !b[1].is_ascii_digit() {
            return Err(bad());
        }
        let row = b[1].wrapping_sub(b'1');
        if row as usize >= ROWS {
            return Err(msg!("skyscrapers-off-rows", vertex = t.as_str()));
        }
        let i = b[0] - b'a';
        let n = ROW_LEN[row as usize];
        if i >= n {
            return Err(msg!(
                "skyscrapers-off-row",
                vertex = t.as_str(),
                row = row + 1,
                last = ((b'a' + n - 1) as char).to_string()
            ));
        }
        Ok(Vertex(ROW_START[row as usize] + i))
    }
}

impl fmt::Display for Vertex {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.letter()) as char, self.row() + 1)
    }
}

/// The six directions of section 2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum HexDir {
    E,
    W,
    Ne,
    Nw,
    Se,
    Sw,
}

impl HexDir {
    pub const ALL: [HexDir; 6] = [
        HexDir::E,
        HexDir::W,
        HexDir::Ne,
        HexDir::Nw,
        HexDir::Se,
        HexDir::Sw,
    ];
    /// Canonical words, in [`HexDir::ALL`] order.
    pub const NAMES: [&'static str; 6] = ["e", "w", "ne", "nw", "se", "sw"];

    /// (row, doubled X) step of section 2.
    pub const fn delta(self) -> (i8, i8) {
        match self {
            HexDir::E => (0, 2),
            HexDir::W => (0, -2),
            HexDir::Ne => (1, 1),
            HexDir::Nw => (1, -1),
            HexDir::Se => (-1, 1),
            HexDir::Sw => (-1, -1),
        }
    }

    pub const fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }

    /// English words, for messages ("west").
    pub const fn word(self) -> &'static str {
        match self {
            HexDir::E => "east",
            HexDir::W => "west",
            HexDir::Ne => "north-east",
            HexDir::Nw => "north-west",
            HexDir::Se => "south-east",
            HexDir::Sw => "south-west",
        }
    }

    /// Every alias of section 7 (the compass aliases shared with the square boards, minus
    /// north and south, which are not directions here). `Err(true)` marks `n`/`s` words.
    pub fn parse(word: &str) -> Result<HexDir, bool> {
        use crate::engine::board::Dir;
        match Dir::parse(word) {
            Some(Dir::E) => Ok(HexDir::E),
            Some(Dir::W) => Ok(HexDir::W),
            Some(Dir::Ne) => Ok(HexDir::Ne),
            Some(Dir::Nw) => Ok(HexDir::Nw),
            Some(Dir::Se) => Ok(HexDir::Se),
            Some(Dir::Sw) => Ok(HexDir::Sw),
            Some(Dir::N) | Some(Dir::S) => Err(true),
            None => Err(false),
        }
    }
}

impl fmt::Display for HexDir {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(self.name())
    }
}

const NONE: u8 = u8::MAX;

const fn locate(row: i8, x2: i8) -> u8 {
    if row < 0 || row >= ROWS as i8 {
        return NONE;
    }
    let n = ROW_LEN[row as usize] as i8;
    let twice_i = x2 + n - 1;
    if twice_i < 0 || twice_i % 2 != 0 || twice_i / 2 >= n {
        return NONE;
    }
    ROW_START[row as usize] + (twice_i / 2) as u8
}

const fn step_table() -> [[u8; 6]; VERTICES] {
    let mut t = [[NONE; 6]; VERTICES];
    let mut v = 0;
    while v < VERTICES {
        let vx = Vertex(v as u8);
        let (row, x2) = (vx.row() as i8, vx.x2());
        let mut d = 0;
        while d < 6 {
            let (dr, dx) = HexDir::ALL[d].delta();
            t[v][d] = locate(row + dr, x2 + dx);
            d += 1;
        }
        v += 1;
    }
    t
}

/// `STEP[v][d]`: the neighbour of `v` toward `d`, or `NONE`.
static STEP: [[u8; 6]; VERTICES] = step_table();

impl From<Vertex> for crate::engine::Arg {
    fn from(v: Vertex) -> crate::engine::Arg {
        crate::engine::Arg::Text(v.to_string())
    }
}
