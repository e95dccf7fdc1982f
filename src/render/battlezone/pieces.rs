//! Pyramids drawn so that hue never carries meaning alone: the colour's letter, 1-3 pips and
//! three body sizes, a square when upright and a triangle pointing toward the opponent of its
//! controller when lying.

use super::CELL;
use crate::engine::battlezone::{Colour, Piece};
use crate::engine::board::Size;
use crate::i18n::Lang;
use crate::render::canvas::{rgb, Canvas};
use crate::render::palette::{darker, ink_on};
use crate::render::pyramid::{self, Snap, Upright};
use crate::tr;
use image::Rgba;

/// Pyramid colours: strong, distinct in lightness as well as hue.
pub fn colour_rgb(c: Colour) -> Rgba<u8> {
    match c {
        Colour::Red => rgb(0xD55E00),
        Colour::Blue => rgb(0x0072B2),
        Colour::Green => rgb(0x009E73),
        Colour::Yellow => rgb(0xF0E442),
        Colour::Black => rgb(0x2B2B2B),
    }
}

/// Half-size of a pyramid's body by size, as a fraction of `cell`.
pub(super) fn extent(size: Size) -> f32 {
    match size {
        Size::Small => 0.25,
        Size::Medium => 0.32,
        Size::Large => 0.40,
    }
}

/// One pyramid centred on (`cx`, `cy`): upright square, or a triangle pointing toward the
/// controller's opponent; colour letter and size pips on it. Stamped (`stamp`): the same
/// pyramid on the same square looks the same after every move, and drawing pyramids afresh
/// was half of a busy board's drawing.
pub fn pyramid(c: &mut Canvas, cx: f32, cy: f32, p: Piece, cell: f32, lang: Lang) {
    let kind = p.colour as u64
        | (p.size.pips() as u64) << 8
        | u64::from(p.ctrl.map_or(0, |s| s + 1)) << 16;
    let args = [kind, u64::from(cell.to_bits()), 0, 0];
    // On a square's centre (whole pixels), a pyramid moved from square to square looks the
    // same: one stamp for every square, which `stamps_move_from_square_to_square` checks on
    // each of them. A lying one's rounding differs from file to file: a stamp for each.
    if cell == CELL && cx.fract() == 0.0 && cy.fract() == 0.0 {
        let file = if p.ctrl.is_some() { cx.to_bits() } else { 0 };
        let origin = (cx as i32, cy as i32);
        let args = [kind, args[1], u64::from(file), 0];
        c.stamp_moved(origin, "battlezone-pyramid", Some(lang), args, |c| {
            draw(c, cx, cy, p, cell, lang);
        });
    } else {
        let at = [u64::from(cx.to_bits()), u64::from(cy.to_bits())];
        c.stamp(
            "battlezone-pyramid-at",
            Some(lang),
            [kind, args[1], at[0], at[1]],
            |c| {
                draw(c, cx, cy, p, cell, lang);
            },
        );
    }
}

fn draw(c: &mut Canvas, cx: f32, cy: f32, p: Piece, cell: f32, lang: Lang) {
    let letter = colour_letter(lang, p.colour);
    let fill = colour_rgb(p.colour);
    let edge = if p.colour == Colour::Black {
        rgb(0x9A9A9A)
    } else {
        darker(fill, 0.45)
    };
    let ink = ink_on(fill);
    let r = extent(p.size) * cell;
    let scale = cell / CELL;
    match p.ctrl {
        None => {
            Upright {
                fill,
                outline: Some(edge),
                faces: false,
                diagonals: darker(fill, 0.7),
                frame: edge,
                snap: Snap::Cover,
            }
            .draw(c, cx, cy, r);
            // Never under 15 px: the letter must read at phone width, in the supply too.
            let font = ((12.0 + 6.0 * p.size.pips() as f32) * scale).max(15.0);
            c.rect(
                (cx - font * 0.45) as i32,
                (cy - font * 0.62) as i32,
                (font * 0.9) as u32,
                (font * 1.05) as u32,
                fill,
            );
            c.text_centered(cx, cy - r * 0.1, font, true, ink, &letter);
            pips(c, cx, cy + r * 0.62, p.size, ink, scale);
        }
        Some(seat) => {
            // South's point up the picture (toward rank 8), North's down.
            let up = if seat == 1 { -1.0 } else { 1.0 };
            let half_w = r * 1.2;
            let height = r * 2.3;
            let base_y = cy - up * height * 0.45;
            let at = |t: f32| base_y + up * height * t;
            let base = [(cx + half_w, base_y), (cx - half_w, base_y)];
            pyramid::lying(c, (cx, at(1.0)), base, fill, edge, Some(4.0 * scale));
            let font = ((12.0 + 4.0 * p.size.pips() as f32) * scale).max(15.0);
            c.text_centered(cx, at(0.3), font, true, ink, &letter);
            pips(c, cx, at(0.64), p.size, ink, scale);
        }
    }
}

fn pips(c: &mut Canvas, cx: f32, cy: f32, size: Size, colour: Rgba<u8>, scale: f32) {
    let r = 2.6 * scale.max(0.8);
    pyramid::pips(c, cx, cy, size.pips(), 8.0 * scale, r, 0.0, colour);
}

/// A small controller mark: a triangle up for South, down for North.
pub(super) fn seat_mark(c: &mut Canvas, cx: f32, cy: f32, seat: u8, s: f32, colour: Rgba<u8>) {
    let up = if seat == 1 { -1.0 } else { 1.0 };
    c.polygon(
        &[
            (cx, cy + up * s),
            (cx + s, cy - up * s * 0.8),
            (cx - s, cy - up * s * 0.8),
        ],
        colour,
        Some(colour),
    );
}

/// The colour's initial as the pictures print it (`R`, in French `R` for rouge, `V` for vert).
pub fn colour_letter(lang: Lang, c: Colour) -> String {
    tr!(lang, "board-battlezone-letter", colour = c.name())
}
