//! What every board has around it, drawn alike: the title line, a box per seat with the
//! seat to move standing out, and lines of text under the board. Each game says where they go
//! and what a seat's box holds.

use super::canvas::{Align, Canvas};
use super::fit::ellipsis;
use super::palette::Palette;
use image::Rgba;

/// The header's first line: bold ink, shortened with an ellipsis to `width` pixels.
pub fn title(c: &mut Canvas, x: f32, y: f32, size: f32, width: f32, text: &str) {
    c.text(
        x,
        y,
        size,
        true,
        Align::Left,
        c.pal.ink,
        &ellipsis(text, size, true, width),
    );
}

/// How a seat's box looks: filled and framed when its seat is to move; else framed thinly, or
/// not drawn at all.
pub struct SeatBox {
    pub fill: Rgba<u8>,
    /// Thickness and colour of the frame of the seat to move.
    pub frame: (u32, Rgba<u8>),
    /// Thickness and colour of the other seats' frames, if they have one.
    pub idle: Option<(u32, Rgba<u8>)>,
}

impl SeatBox {
    /// A box of the panel colour framed in ink, the others bare (Pikemen, Battle Zone).
    pub fn plain(pal: &Palette) -> SeatBox {
        SeatBox {
            fill: pal.panel,
            frame: (3, pal.ink),
            idle: None,
        }
    }

    pub fn draw(&self, c: &mut Canvas, x: i32, y: i32, w: u32, h: u32, to_move: bool) {
        if to_move {
            c.rect(x, y, w, h, self.fill);
            c.frame(x, y, w, h, self.frame.0, self.frame.1);
        } else if let Some((t, colour)) = self.idle {
            c.frame(x, y, w, h, t, colour);
        }
    }
}

/// The seats side by side in the header: each takes an equal share of `width` from `left`,
/// and its box is `gap` narrower than its share.
pub struct SeatRow {
    pub left: f32,
    pub width: f32,
    pub y: f32,
    pub gap: f32,
    pub height: u32,
    pub look: SeatBox,
}

/// One seat's place in a [`SeatRow`]: its box's top-left corner and its share of the width.
pub struct Slot {
    pub seat: u8,
    pub x: f32,
    pub y: f32,
    pub share: f32,
    pub to_move: bool,
}

impl SeatRow {
    /// White boxes framed in ink, 8 pixels apart, for the seat to move only (Pikemen, Battle
    /// Zone).
    pub fn white(pal: &Palette, left: f32, width: f32, y: f32, height: u32) -> SeatRow {
        SeatRow {
            left,
            width,
            y,
            gap: 8.0,
            height,
            look: SeatBox::plain(pal),
        }
    }

    /// Draws the box of every seat from 1 to `seats`, then what `fill` draws in it.
    pub fn draw(
        &self,
        c: &mut Canvas,
        seats: u8,
        to_move: Option<u8>,
        mut fill: impl FnMut(&mut Canvas, &Slot),
    ) {
        let share = self.width / seats as f32;
        for seat in 1..=seats {
            let slot = Slot {
                seat,
                x: self.left + (seat - 1) as f32 * share,
                y: self.y,
                share,
                to_move: to_move == Some(seat),
            };
            self.look.draw(
                c,
                slot.x as i32,
                slot.y as i32,
                (share - self.gap) as u32,
                self.height,
                slot.to_move,
            );
            fill(c, &slot);
        }
    }
}

/// Lines of text one under the other, `step` pixels apart: footers and legends.
pub struct Lines {
    pub x: f32,
    pub y: f32,
    pub step: f32,
    pub size: f32,
    pub bold: bool,
    pub align: Align,
    pub colour: Rgba<u8>,
}

impl Lines {
    pub fn draw<S: AsRef<str>>(&self, c: &mut Canvas, lines: &[S]) {
        for (i, line) in lines.iter().enumerate() {
            c.text(
                self.x,
                self.y + self.step * i as f32,
                self.size,
                self.bold,
                self.align,
                self.colour,
                line.as_ref(),
            );
        }
    }
}
