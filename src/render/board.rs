//! Boards of squares (Pikemen, Battle Zone, Sprawl): where a square is, the checkered squares,
//! the coordinates along the edges, and the last move outlined.

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

    /// Top-left corner of a square.
    pub fn corner(&self, sq: Square) -> (f32, f32) {
        (
            self.left + sq.file() as f32 * self.cell,
            self.top + (self.ranks - 1 - sq.rank()) as f32 * self.cell,
        )
    }

    pub fn centre(&self, sq: Square) -> (f32, f32) {
        let (x, y) = self.corner(sq);
        (x + self.cell / 2.0, y + self.cell / 2.0)
    }

    /// Dark and light squares (a1 dark) in a frame of the grid's colour.
    pub fn checker(&self, c: &mut Canvas) {
        for sq in Square::all(self.files, self.ranks) {
            let (x, y) = self.corner(sq);
            let colour = if (sq.file() + sq.rank()) % 2 == 0 {
                c.pal.dark_square
            } else {
                c.pal.light_square
            };
            c.rect(
                x as i32,
                y as i32,
                self.cell as u32,
                self.cell as u32,
                colour,
            );
        }
        c.frame(
            self.left as i32 - 2,
            self.top as i32 - 2,
            self.width() as u32 + 4,
            self.height() as u32 + 4,
            2,
            c.pal.grid,
        );
    }

    /// Files as letters above and below, ranks as numbers left and right, as `at` says.
    pub fn coordinates(&self, c: &mut Canvas, at: &Coordinates) {
        let (size, colour) = (at.size, at.colour);
        for f in 0..self.files {
            let x = self.left + (f as f32 + 0.5) * self.cell;
            let file = ((b'a' + f) as char).to_string();
            if let Some(d) = at.above {
                c.text_centered(x, self.top - d, size, true, colour, &file);
            }
            if let Some(d) = at.below {
                let y = self.top + self.height() + d;
                c.text_centered(x, y, size, true, colour, &file);
            }
        }
        for r in 0..self.ranks {
            let y = self.top + (self.ranks - 1 - r) as f32 * self.cell + self.cell / 2.0;
            let rank = (r + 1).to_string();
            if let Some(d) = at.left {
                c.text_centered(self.left - d, y, size, true, colour, &rank);
            }
            if let Some(d) = at.right {
                let x = self.left + self.width() + d;
                c.text_centered(x, y, size, true, colour, &rank);
            }
        }
    }

    /// Outlines the squares of a move `t` pixels thick; a move from one square to another
    /// also shades its start (opacity `alpha`) and joins the two centres.
    pub fn mark_move(&self, c: &mut Canvas, squares: &[Square], t: u32, alpha: f32) {
        let side = self.cell as u32;
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
