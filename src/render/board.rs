//! Boards of squares (Pikemen, Battle Zone, Sprawl): where a square is, the checkered squares,
//! the coordinates along the edges, and the last move outlined, with the board turned a
//! number of quarter turns so that a seat's side is at the bottom.

use super::canvas::Canvas;
use crate::engine::board::Square;
use image::Rgba;

/// A board of `files` x `ranks` squares of `cell` pixels, its top-left corner at
/// (`left`, `top`), rank 1 at the bottom.
pub struct Grid {
    pub left: f32,
    pub top: f32,
    pub cell: f32,
    pub files: u8,
    pub ranks: u8,
}

/// Where the coordinates go: the distance from the board's edge to the labels' centres on
/// each side that has them, their size and colour. Labels are bold.
pub struct Coordinates {
    pub above: Option<f32>,
    pub below: Option<f32>,
    pub left: Option<f32>,
    pub right: Option<f32>,
    pub size: f32,
    pub colour: Rgba<u8>,
}

/// Quarter turns clockwise of the picture of a board (0 to 3): 0 draws it as its notation
/// reads, 2 upside down. An odd number of turns swaps files and ranks, so only square boards
/// are turned by one or three.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Turn(u8);

impl Turn {
    pub const NONE: Turn = Turn(0);
    pub const HALF: Turn = Turn(2);

    pub const fn quarters(q: u8) -> Turn {
        Turn(q % 4)
    }

    /// The angle the picture turns, clockwise, in degrees: what a direction drawn on the
    /// board turns by.
    pub fn degrees(self) -> f32 {
        f32::from(self.0) * 90.0
    }
}

/// A grid drawn turned: every square, coordinate and mark where the turn puts it.
pub struct Turned<'a> {
    pub grid: &'a Grid,
    pub turn: Turn,
}

impl Grid {
    /// Eight files by eight ranks (Pikemen, Battle Zone).
    pub const fn eight(left: f32, top: f32, cell: f32) -> Grid {
        Grid {
            left,
            top,
            cell,
            files: 8,
            ranks: 8,
        }
    }

    pub fn width(&self) -> f32 {
        self.cell * self.files as f32
    }

    pub fn height(&self) -> f32 {
        self.cell * self.ranks as f32
    }

    /// The board drawn turned `turn`.
    pub fn turned(&self, turn: Turn) -> Turned<'_> {
        Turned { grid: self, turn }
    }

    /// Top-left corner of a square.
    pub fn corner(&self, sq: Square) -> (f32, f32) {
        self.turned(Turn::NONE).corner(sq)
    }

    pub fn centre(&self, sq: Square) -> (f32, f32) {
        self.turned(Turn::NONE).centre(sq)
    }

    /// Dark and light squares (a1 dark) in a frame of the grid's colour.
    pub fn checker(&self, c: &mut Canvas) {
        self.turned(Turn::NONE).checker(c);
    }

    /// Files as letters above and below, ranks as numbers left and right, as `at` says.
    pub fn coordinates(&self, c: &mut Canvas, at: &Coordinates) {
        self.turned(Turn::NONE).coordinates(c, at);
    }

    /// Outlines the squares of a move `t` pixels thick; a move from one square to another
    /// also shades its start (opacity `alpha`) and joins the two centres.
    pub fn mark_move(&self, c: &mut Canvas, squares: &[Square], t: u32, alpha: f32) {
        self.turned(Turn::NONE).mark_move(c, squares, t, alpha);
    }
}

impl Turned<'_> {
    /// Columns and rows of the picture: files and ranks, swapped by an odd turn.
    fn columns(&self) -> (u8, u8) {
        let g = self.grid;
        if self.turn.0.is_multiple_of(2) {
            (g.files, g.ranks)
        } else {
            (g.ranks, g.files)
        }
    }

    /// The picture's column (from the left) and row (from the top) of a square. Turning a
    /// picture W x H a quarter clockwise takes (x, y) to (H - 1 - y, x).
    pub fn place(&self, sq: Square) -> (u8, u8) {
        let (f, r) = (sq.file(), sq.rank());
        let (files, ranks) = (self.grid.files, self.grid.ranks);
        match self.turn.0 {
            0 => (f, ranks - 1 - r),
            1 => (r, f),
            2 => (files - 1 - f, r),
            _ => (ranks - 1 - r, files - 1 - f),
        }
    }

    pub fn width(&self) -> f32 {
        self.grid.cell * self.columns().0 as f32
    }

    pub fn height(&self) -> f32 {
        self.grid.cell * self.columns().1 as f32
    }

    /// Top-left corner of a square.
    pub fn corner(&self, sq: Square) -> (f32, f32) {
        let (col, row) = self.place(sq);
        let g = self.grid;
        (g.left + col as f32 * g.cell, g.top + row as f32 * g.cell)
    }

    pub fn centre(&self, sq: Square) -> (f32, f32) {
        let (x, y) = self.corner(sq);
        (x + self.grid.cell / 2.0, y + self.grid.cell / 2.0)
    }

    /// Dark and light squares (a1 dark) in a frame of the grid's colour.
    pub fn checker(&self, c: &mut Canvas) {
        let g = self.grid;
        for sq in Square::all(g.files, g.ranks) {
            let (x, y) = self.corner(sq);
            let colour = if (sq.file() + sq.rank()) % 2 == 0 {
                c.pal.dark_square
            } else {
                c.pal.light_square
            };
            c.rect(x as i32, y as i32, g.cell as u32, g.cell as u32, colour);
        }
        c.frame(
            g.left as i32 - 2,
            g.top as i32 - 2,
            self.width() as u32 + 4,
            self.height() as u32 + 4,
            2,
            c.pal.grid,
        );
    }

    /// The name of the file or rank a column (`across`) or a row of the picture shows: the
    /// coordinate that changes along the edge, read off the squares themselves so that it is
    /// right for every turn.
    fn label(&self, i: u8, across: bool) -> String {
        let g = self.grid;
        let sq = Square::all(g.files, g.ranks)
            .find(|&sq| {
                let (col, row) = self.place(sq);
                if across {
                    col == i && row == 0
                } else {
                    row == i && col == 0
                }
            })
            .expect("every column and row holds squares");
        // Files run across the picture when it is not turned a quarter.
        if across == self.turn.0.is_multiple_of(2) {
            ((b'a' + sq.file()) as char).to_string()
        } else {
            (sq.rank() + 1).to_string()
        }
    }

    /// The coordinates on the sides `at` names, each naming the file or rank beside it.
    pub fn coordinates(&self, c: &mut Canvas, at: &Coordinates) {
        let g = self.grid;
        let (size, colour) = (at.size, at.colour);
        let (cols, rows) = self.columns();
        for i in 0..cols {
            let x = g.left + (i as f32 + 0.5) * g.cell;
            let name = self.label(i, true);
            if let Some(d) = at.above {
                c.text_centered(x, g.top - d, size, true, colour, &name);
            }
            if let Some(d) = at.below {
                let y = g.top + self.height() + d;
                c.text_centered(x, y, size, true, colour, &name);
            }
        }
        for i in 0..rows {
            let y = g.top + (i as f32 + 0.5) * g.cell;
            let name = self.label(i, false);
            if let Some(d) = at.left {
                c.text_centered(g.left - d, y, size, true, colour, &name);
            }
            if let Some(d) = at.right {
                let x = g.left + self.width() + d;
                c.text_centered(x, y, size, true, colour, &name);
            }
        }
    }

    /// Outlines the squares of a move `t` pixels thick; a move from one square to another
    /// also shades its start (opacity `alpha`) and joins the two centres.
    pub fn mark_move(&self, c: &mut Canvas, squares: &[Square], t: u32, alpha: f32) {
        let side = self.grid.cell as u32;
        for (i, &sq) in squares.iter().enumerate() {
            let (x, y) = self.corner(sq);
            let (x, y) = (x as i32, y as i32);
            if i == 0 && squares.len() == 2 {
                c.shade(x, y, side, side, c.pal.highlight_fill, alpha);
            }
            c.frame(x, y, side, side, t, c.pal.highlight);
        }
        if let [a, b] = squares[..] {
            let w = t as f32 - 1.0;
            c.thick_line(self.centre(a), self.centre(b), w, c.pal.highlight);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        Square::parse(name, 8, 8).unwrap()
    }

    /// Each turn puts a1's corner where turning the picture would, and the edge labels name
    /// the squares beside them.
    #[test]
    fn turns_move_squares_and_their_names_together() {
        let g = Grid::eight(0.0, 0.0, 10.0);
        // (turn, where a1 goes, where h1 goes, bottom row's labels left to right, left column
        // top to bottom)
        let cases = [
            (0, (0, 7), (7, 7), "abcdefgh", "87654321"),
            (1, (0, 0), (0, 7), "12345678", "abcdefgh"),
            (2, (7, 0), (0, 0), "hgfedcba", "12345678"),
            (3, (7, 7), (7, 0), "87654321", "hgfedcba"),
        ];
        for (q, a1, h1, bottom, left) in cases {
            let t = g.turned(Turn::quarters(q));
            assert_eq!(t.place(sq("a1")), a1, "turn {q}");
            assert_eq!(t.place(sq("h1")), h1, "turn {q}");
            let across: String = (0..8).map(|i| t.label(i, true)).collect();
            let down: String = (0..8).map(|i| t.label(i, false)).collect();
            assert_eq!((across.as_str(), down.as_str()), (bottom, left), "turn {q}");
            // The bottom row's squares carry the bottom labels.
            for i in 0..8u8 {
                let s = Square::all(8, 8).find(|&s| t.place(s) == (i, 7)).unwrap();
                let name = s.to_string();
                let label = t.label(i, true);
                assert!(name.contains(&label), "turn {q}: {name} under {label}");
            }
        }
    }
}
