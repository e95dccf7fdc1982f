//! Mechanical checks of a picture's layout at phone width (issue 26): what a test can judge
//! without eyes. Discord's phone app shows an attachment about 400 px wide; a word must be at
//! least 10 px tall there, no label may run into another, every piece stays in its cell, and
//! nothing is drawn off the picture.

use super::canvas::{Area, Canvas};

/// How wide Discord's phone app shows a picture.
pub const PHONE_WIDTH: f32 = 400.0;
/// The smallest text height readable at phone width.
pub const MIN_TEXT_PX: f32 = 10.0;

/// Every problem found, in words (empty when the layout passes).
pub fn problems(c: &Canvas) -> Vec<String> {
    let scale = PHONE_WIDTH / c.width() as f32;
    let whole = Area {
        x: 0.0,
        y: 0.0,
        w: c.width() as f32,
        h: c.height() as f32,
    };
    let mut out = Vec::new();
    let texts = &c.layout.texts;
    for (i, (a, size, text)) in texts.iter().enumerate() {
        if text.trim().is_empty() {
            continue;
        }
        if size * scale < MIN_TEXT_PX {
            out.push(format!(
                "\"{text}\" is {:.1} px tall at phone width (at least {MIN_TEXT_PX})",
                size * scale
            ));
        }
        if !a.within(&whole, 0.5) {
            out.push(format!("\"{text}\" runs off the picture: {a:?}"));
        }
        for (b, _, other) in texts.iter().skip(i + 1) {
            if other.trim().is_empty() {
                continue;
            }
            // One pixel of slack: glyph boxes include their side bearings.
            let inner = |r: &Area| Area {
                x: r.x + 1.0,
                y: r.y + 1.0,
                w: (r.w - 2.0).max(0.0),
                h: (r.h - 2.0).max(0.0),
            };
            if inner(a).overlaps(&inner(b)) {
                out.push(format!("\"{text}\" {a:?} overlaps \"{other}\" {b:?}"));
            }
        }
    }
    for (piece, cell) in &c.layout.pieces {
        if !piece.within(cell, 1.0) {
            out.push(format!("a piece {piece:?} spills out of its cell {cell:?}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::canvas::{rgb, Align};

    /// The checks catch what they are for, so that a passing picture means something.
    #[test]
    fn small_text_overlaps_and_spilling_pieces_are_found() {
        let mut c = Canvas::new(800, 400, rgb(0xffffff));
        c.text(10.0, 10.0, 24.0, false, Align::Left, rgb(0), "readable");
        assert!(problems(&c).is_empty(), "{:?}", problems(&c));
        c.text(10.0, 100.0, 12.0, false, Align::Left, rgb(0), "tiny");
        c.text(20.0, 12.0, 24.0, false, Align::Left, rgb(0), "on top");
        let cell = Area {
            x: 100.0,
            y: 100.0,
            w: 50.0,
            h: 50.0,
        };
        c.note_piece(
            Area {
                x: 90.0,
                y: 110.0,
                w: 30.0,
                h: 30.0,
            },
            cell,
        );
        c.note_piece(
            Area {
                x: 110.0,
                y: 110.0,
                w: 30.0,
                h: 30.0,
            },
            cell,
        );
        let found = problems(&c);
        assert_eq!(found.len(), 3, "{found:?}");
        assert!(found[0].contains("\"readable\"") && found[0].contains("overlaps"));
        assert!(found[1].contains("\"tiny\" is 6.0 px"));
        assert!(found[2].contains("spills out"));
    }
}
