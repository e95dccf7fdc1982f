//! The move picker's marks, drawn alike on every board: the chosen piece framed, a ring on
//! each place it can reach, and a cross over each place where a move captures or
//! neutralises. Each game says where a square is on its picture and how large it is.

use super::canvas::Canvas;
use super::view::Theme;
use crate::engine::board::Square;
use image::Rgba;

/// What the move picker marks on a position: the chosen piece, the squares (Sky Scrapers:
/// the vertices, by name) it can reach, and those of them where a move captures or
/// neutralises.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    pub from: Option<Square>,
    pub reach: Vec<Square>,
    pub takes: Vec<Square>,
}

/// Green, apart from the last move's pink: what is being chosen, not what was played.
fn chosen(theme: Theme) -> Rgba<u8> {
    match theme {
        Theme::Light => Rgba([0x1E, 0x8C, 0x4A, 0xFF]),
        Theme::Dark => Rgba([0x5A, 0xD6, 0x8A, 0xFF]),
    }
}

const CROSS: Rgba<u8> = Rgba([0xE0, 0x20, 0x30, 0xFF]);

/// Draws `marks` on a board whose places are `cell` pixels wide, `centre` giving where a
/// square's centre is on the picture (`None`: not on this board).
pub fn draw(
    c: &mut Canvas,
    marks: &Marks,
    theme: Theme,
    cell: f32,
    centre: impl Fn(Square) -> Option<(f32, f32)>,
) {
    let mark = chosen(theme);
    if let Some((cx, cy)) = marks.from.and_then(&centre) {
        let half = cell / 2.0;
        let side = cell as u32;
        c.frame((cx - half) as i32, (cy - half) as i32, side, side, 6, mark);
    }
    for &sq in &marks.reach {
        let Some((cx, cy)) = centre(sq) else {
            continue;
        };
        if marks.takes.contains(&sq) {
            let r = cell * 0.42;
            c.thick_line((cx - r, cy - r), (cx + r, cy + r), 5.0, CROSS);
            c.thick_line((cx - r, cy + r), (cx + r, cy - r), 5.0, CROSS);
        } else {
            c.ring(cx, cy, cell * 0.22, 5.0, mark);
        }
    }
}
