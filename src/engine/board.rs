//! Squares, directions and sizes shared by the square-board games, with every input alias the
//! rules list (English and French).

use crate::i18n::{Arg, Msg};
use crate::msg;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A square on a board of at most 8x8; `index = rank * 8 + file`, both 0-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Square(pub u8);

impl Square {
    pub const fn new(file: u8, rank: u8) -> Square {
        Square(rank * 8 + file)
    }
    pub const fn file(self) -> u8 {
        self.0 % 8
    }
    pub const fn rank(self) -> u8 {
        self.0 / 8
    }
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The square `k` steps from `self` toward `d`, if it is on a `files` x `ranks` board.
    #[inline]
    pub fn offset(self, d: Dir, k: i8, files: u8, ranks: u8) -> Option<Square> {
        let (df, dr) = d.delta();
        let f = self.file() as i8 + df * k;
        let r = self.rank() as i8 + dr * k;
        if f < 0 || r < 0 || f >= files as i8 || r >= ranks as i8 {
            None
        } else {
            Some(Square::new(f as u8, r as u8))
        }
    }

    /// Parses `c4` on a `files` x `ranks` board; the error is a sentence for the player.
    pub fn parse(text: &str, files: u8, ranks: u8) -> Result<Square, Msg> {
        let t = text.trim().to_ascii_lowercase();
        let b = t.as_bytes();
        let last_file = ((b'a' + files - 1) as char).to_string();
        let bad = || msg!("square-bad", text, last = last_file.as_str(), ranks);
        if b.len() < 2 || !b[0].is_ascii_lowercase() {
            return Err(bad());
        }
        let rank: u32 = t[1..].parse().map_err(|_| bad())?;
        let file = b[0] - b'a';
        if file >= files || rank == 0 || rank > ranks as u32 {
            return Err(msg!(
                "square-off-board",
                square = t.as_str(),
                last = last_file.as_str(),
                ranks
            ));
        }
        Ok(Square::new(file, rank as u8 - 1))
    }

    /// Every square of a `files` x `ranks` board in a1, b1, .., a2 order.
    pub fn all(files: u8, ranks: u8) -> impl Iterator<Item = Square> {
        (0..ranks).flat_map(move |r| (0..files).map(move |f| Square::new(f, r)))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

/// The eight compass directions; `N` points toward the highest rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Dir {
    N,
    Ne,
    E,
    Se,
    S,
    Sw,
    W,
    Nw,
}

impl Dir {
    pub const ALL: [Dir; 8] = [
        Dir::N,
        Dir::Ne,
        Dir::E,
        Dir::Se,
        Dir::S,
        Dir::Sw,
        Dir::W,
        Dir::Nw,
    ];
    pub const ORTHOGONAL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];

    /// (file, rank) step.
    #[inline]
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Dir::N => (0, 1),
            Dir::Ne => (1, 1),
            Dir::E => (1, 0),
            Dir::Se => (1, -1),
            Dir::S => (0, -1),
            Dir::Sw => (-1, -1),
            Dir::W => (-1, 0),
            Dir::Nw => (-1, 1),
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Dir::N => "n",
            Dir::Ne => "ne",
            Dir::E => "e",
            Dir::Se => "se",
            Dir::S => "s",
            Dir::Sw => "sw",
            Dir::W => "w",
            Dir::Nw => "nw",
        }
    }

    pub const fn opposite(self) -> Dir {
        Dir::ALL[(self as usize + 4) % 8]
    }

    pub const fn is_orthogonal(self) -> bool {
        (self as usize).is_multiple_of(2)
    }

    /// Angle in degrees, clockwise from north (for drawing).
    pub const fn degrees(self) -> f32 {
        (self as usize * 45) as f32
    }

    /// Every alias of the rules: English, French, hyphenated or not, any case.
    pub fn parse(word: &str) -> Option<Dir> {
        let w = word.trim().to_ascii_lowercase();
        Some(match w.as_str() {
            "n" | "north" | "nord" => Dir::N,
            "e" | "east" | "est" => Dir::E,
            "s" | "south" | "sud" => Dir::S,
            "w" | "west" | "o" | "ouest" => Dir::W,
            "ne" | "northeast" | "north-east" | "nordest" | "nord-est" => Dir::Ne,
            "nw" | "northwest" | "north-west" | "no" | "nordouest" | "nord-ouest" => Dir::Nw,
            "se" | "southeast" | "south-east" | "sudest" | "sud-est" => Dir::Se,
            "sw" | "southwest" | "south-west" | "so" | "sudouest" | "sud-ouest" => Dir::Sw,
            _ => return None,
        })
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A pyramid's orientation: lying toward a direction, or upright.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Orient {
    Lying(Dir),
    Up,
}

impl Orient {
    /// The 9 orientations: 8 directions then upright.
    pub const ALL: [Orient; 9] = [
        Orient::Lying(Dir::N),
        Orient::Lying(Dir::Ne),
        Orient::Lying(Dir::E),
        Orient::Lying(Dir::Se),
        Orient::Lying(Dir::S),
        Orient::Lying(Dir::Sw),
        Orient::Lying(Dir::W),
        Orient::Lying(Dir::Nw),
        Orient::Up,
    ];

    pub fn parse(word: &str) -> Option<Orient> {
        let w = word.trim().to_ascii_lowercase();
        match w.as_str() {
            "up" | "upright" | "debout" | "u" => Some(Orient::Up),
            _ => Dir::parse(&w).map(Orient::Lying),
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Orient::Lying(d) => d.name(),
            Orient::Up => "up",
        }
    }

    pub const fn dir(self) -> Option<Dir> {
        match self {
            Orient::Lying(d) => Some(d),
            Orient::Up => None,
        }
    }
}

impl fmt::Display for Orient {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Icehouse pyramid sizes; the discriminant is the pip count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Size {
    Small = 1,
    Medium = 2,
    Large = 3,
}

impl Size {
    pub const ALL: [Size; 3] = [Size::Small, Size::Medium, Size::Large];

    pub const fn pips(self) -> u8 {
        self as u8
    }

    pub const fn from_pips(p: u8) -> Option<Size> {
        match p {
            1 => Some(Size::Small),
            2 => Some(Size::Medium),
            3 => Some(Size::Large),
            _ => None,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Size::Small => "small",
            Size::Medium => "medium",
            Size::Large => "large",
        }
    }

    pub const fn letter(self) -> char {
        match self {
            Size::Small => 'S',
            Size::Medium => 'M',
            Size::Large => 'L',
        }
    }

    pub const fn smaller(self) -> Option<Size> {
        Size::from_pips(self as u8 - 1)
    }

    pub const fn larger(self) -> Option<Size> {
        Size::from_pips(self as u8 + 1)
    }

    /// Every alias of the rules: `1`/`s`/`small`/`petit`/`petite`, and so on.
    pub fn parse(word: &str) -> Option<Size> {
        let w = word.trim().to_ascii_lowercase();
        Some(match w.as_str() {
            "1" | "s" | "small" | "petit" | "petite" => Size::Small,
            "2" | "m" | "medium" | "moyen" | "moyenne" => Size::Medium,
            "3" | "l" | "large" | "grand" | "grande" => Size::Large,
            _ => return None,
        })
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(self.name())
    }
}

// Squares, directions and sizes go into messages as their canonical words: notation reads the
// same in every language, and a size's word is what the .ftl selectors match on.
macro_rules! word_arg {
    ($($t:ty),*) => {
        $(impl From<$t> for Arg {
            fn from(v: $t) -> Arg {
                Arg::Text(v.to_string())
            }
        })*
    };
}
word_arg!(Square, Dir, Orient, Size);

/// Lowercases and splits on runs of whitespace, as every game's notation allows.
pub fn words(text: &str) -> Vec<String> {
    text.split_whitespace()
        .map(|w| w.to_ascii_lowercase())
        .collect()
}

/// Squares from `from` toward `d` on an 8x8 board, nearest first, excluding `from`.
/// Precomputed: ray walking dominates move generation in the charge games.
#[inline]
pub fn ray8(from: Square, d: Dir) -> &'static [Square] {
    let (len, squares) = &RAYS8[from.index()][d as usize];
    &squares[..*len as usize]
}

/// Along the ray from `from` toward `d` on an 8x8 board with `occupied` squares (bit = square
/// index): how many empty squares come before the first occupied one, and that square.
#[inline]
pub fn ray8_until(from: Square, d: Dir, occupied: u64) -> (u8, Option<Square>) {
    let blockers = RAY_MASKS8[from.index()][d as usize] & occupied;
    if blockers == 0 {
        return (RAYS8[from.index()][d as usize].0, None);
    }
    // Square indices grow toward n, ne, e and nw: the nearest blocker is the lowest bit there.
    let b = if matches!(d, Dir::N | Dir::Ne | Dir::E | Dir::Nw) {
        blockers.trailing_zeros()
    } else {
        63 - blockers.leading_zeros()
    } as u8;
    let b = Square(b);
    let dist = (b.file() as i8 - from.file() as i8)
        .abs()
        .max((b.rank() as i8 - from.rank() as i8).abs());
    (dist as u8 - 1, Some(b))
}

static RAY_MASKS8: [[u64; 8]; 64] = {
    let mut masks = [[0u64; 8]; 64];
    let mut s = 0;
    while s < 64 {
        let mut d = 0;
        while d < 8 {
            let (len, squares) = RAYS8[s][d];
            let mut i = 0;
            while i < len as usize {
                masks[s][d] |= 1 << squares[i].0;
                i += 1;
            }
            d += 1;
        }
        s += 1;
    }
    masks
};

static RAYS8: [[(u8, [Square; 7]); 8]; 64] = {
    let mut table = [[(0u8, [Square(0); 7]); 8]; 64];
    let mut s = 0;
    while s < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = Dir::ALL[d].delta();
            let (mut f, mut r) = ((s % 8) as i8, (s / 8) as i8);
            let mut n = 0;
            loop {
                f += df;
                r += dr;
                if f < 0 || r < 0 || f > 7 || r > 7 {
                    break;
                }
                table[s][d].1[n] = Square((r * 8 + f) as u8);
                n += 1;
            }
            table[s][d].0 = n as u8;
            d += 1;
        }
        s += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_parse_and_print() {
        let s = Square::parse("C4", 8, 8).unwrap();
        assert_eq!(s.to_string(), "c4");
        assert_eq!((s.file(), s.rank()), (2, 3));
        assert_eq!(
            Square::parse("e9", 8, 8).unwrap_err().english(),
            "e9 is not on the board (files a-h, ranks 1-8)"
        );
        assert!(Square::parse("f1", 5, 6).is_err());
        assert!(Square::parse("zz", 8, 8).is_err());
        assert!(Square::parse("a10", 8, 8).is_err());
    }

    #[test]
    fn every_direction_alias() {
        for (w, d) in [
            ("north", Dir::N),
            ("nord", Dir::N),
            ("O", Dir::W),
            ("ouest", Dir::W),
            ("nord-est", Dir::Ne),
            ("north-west", Dir::Nw),
            ("no", Dir::Nw),
            ("sudouest", Dir::Sw),
            ("so", Dir::Sw),
            ("SE", Dir::Se),
            ("est", Dir::E),
            ("sud", Dir::S),
        ] {
            assert_eq!(Dir::parse(w), Some(d), "{w}");
        }
        assert_eq!(Orient::parse("debout"), Some(Orient::Up));
        assert_eq!(Orient::parse("U"), Some(Orient::Up));
        assert_eq!(Dir::parse("up"), None);
    }

    #[test]
    fn size_aliases() {
        assert_eq!(Size::parse("petite"), Some(Size::Small));
        assert_eq!(Size::parse("M"), Some(Size::Medium));
        assert_eq!(Size::parse("grand"), Some(Size::Large));
        assert_eq!(Size::parse("4"), None);
    }

    /// The bitboard ray agrees with walking the ray square by square.
    #[test]
    fn ray_until_matches_a_walk() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let occupied = x & x.rotate_left(17);
            for s in 0..64u8 {
                for d in Dir::ALL {
                    let ray = ray8(Square(s), d);
                    let first = ray.iter().position(|q| occupied & (1 << q.0) != 0);
                    let expected = match first {
                        Some(i) => (i as u8, Some(ray[i])),
                        None => (ray.len() as u8, None),
                    };
                    assert_eq!(ray8_until(Square(s), d, occupied), expected);
                }
            }
        }
    }

    #[test]
    fn offsets_stay_on_the_board() {
        let a1 = Square::new(0, 0);
        assert_eq!(a1.offset(Dir::Ne, 2, 8, 8), Some(Square::new(2, 2)));
        assert_eq!(a1.offset(Dir::S, 1, 8, 8), None);
        assert_eq!(Square::new(4, 5).offset(Dir::E, 1, 5, 6), None);
    }
}
