//! Mechanical checks of a picture's layout at phone width (issue 26): what a test can judge
//! without eyes. Discord's phone app shows an attachment about 400 px wide; a word must be at
//! least 10 px tall there (11 px in the muted grey, issue 43), no label may run into another,
//! text in the theme's ink or grey keeps 4.5:1 on the ground it lies on, every piece stays in
//! its cell, and nothing is drawn off the picture.

use super::canvas::{Area, Canvas};
use super::palette::contrast;
use image::Rgba;
use std::collections::HashMap;

/// How wide Discord's phone app shows a picture.
pub const PHONE_WIDTH: f32 = 400.0;
/// The smallest text height readable at phone width.
pub const MIN_TEXT_PX: f32 = 10.0;
/// The smallest height of text in the theme's muted grey: a paler text needs more pixels.
pub const MIN_MUTED_PX: f32 = 11.0;
/// WCAG's contrast for text, which the theme's ink and grey keep on every ground.
pub const MIN_CONTRAST: f32 = 4.5;

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
    for (i, (a, size, text, colour)) in texts.iter().enumerate() {
        if text.trim().is_empty() {
            continue;
        }
        let least = if *colour == c.pal.muted {
            MIN_MUTED_PX
        } else {
            MIN_TEXT_PX
        };
        if size * scale < least {
            out.push(format!(
                "\"{text}\" is {:.1} px tall at phone width (at least {least})",
                size * scale
            ));
        }
        if *colour == c.pal.ink || *colour == c.pal.muted {
            if let Some(ground) = ground(c, a, *colour) {
                let r = contrast(*colour, ground);
                if r < MIN_CONTRAST {
                    out.push(format!("\"{text}\" is {r:.2}:1 on {ground:?}"));
                }
            }
        }
        if !a.within(&whole, 0.5) {
            out.push(format!("\"{text}\" runs off the picture: {a:?}"));
        }
        for (b, _, other, _) in texts.iter().skip(i + 1) {
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

/// The ground under a text: the commonest colour in its box, leaving out the text's own
/// pixels and the blends at their edges (near the text's colour, or rarer than the ground).
fn ground(c: &Canvas, a: &Area, colour: Rgba<u8>) -> Option<Rgba<u8>> {
    let x0 = a.x.max(0.0) as u32;
    let y0 = a.y.max(0.0) as u32;
    let x1 = ((a.x + a.w) as u32).min(c.width());
    let y1 = ((a.y + a.h) as u32).min(c.height());
    let near = |p: &Rgba<u8>| {
        p.0.iter()
            .zip(colour.0)
            .map(|(&u, v)| u.abs_diff(v) as u32)
            .sum::<u32>()
            < 60
    };
    let mut counts: HashMap<Rgba<u8>, u32> = HashMap::new();
    for y in y0..y1 {
        for x in x0..x1 {
            let p = *c.img.get_pixel(x, y);
            if !near(&p) {
                *counts.entry(p).or_default() += 1;
            }
        }
    }
    counts
        .into_iter()
        .max_by_key(|&(p, n)| (n, p.0))
        .map(|(p, _)| p)
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

    /// Grey text is measured against what lies under it, and needs a little more height.
    #[test]
    fn pale_and_small_grey_text_is_found() {
        let mut c = Canvas::new(800, 400, rgb(0xffffff));
        let grey = c.pal.muted;
        c.text(10.0, 10.0, 24.0, false, Align::Left, grey, "on white");
        assert!(problems(&c).is_empty(), "{:?}", problems(&c));
        c.rect(0, 100, 800, 40, rgb(0x999999));
        c.text(10.0, 104.0, 24.0, false, Align::Left, grey, "on grey");
        c.text(10.0, 200.0, 20.0, false, Align::Left, grey, "small grey");
        let found = problems(&c);
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(found[0].contains("\"on grey\" is 1."), "{found:?}");
        assert!(found[1].contains("\"small grey\" is 10.0 px"), "{found:?}");
    }
}
