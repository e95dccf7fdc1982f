//! Pyramids, as Pikemen, Battle Zone and Sprawl draw them: upright, a square seen from above
//! with the edges running to its apex; lying, a triangle pointing its way with a thick base;
//! and the 1-3 pips that tell sizes apart without comparing lengths. Each game picks the
//! colours, the proportions and what is written on the piece.

use super::canvas::{regular, Canvas};
use super::palette::darker;
use image::Rgba;

/// How an upright pyramid's frame meets the pixel grid.
#[derive(Clone, Copy)]
pub enum Snap {
    /// From the pixel the corner falls in, one pixel wider than the body: the frame covers the
    /// body's outline (Pikemen, Battle Zone).
    Cover,
    /// Corner and side rounded to the nearest pixel (Sprawl's stacked towers).
    Nearest,
}

/// The colours and finish of an upright pyramid.
pub struct Upright {
    pub fill: Rgba<u8>,
    /// The body's anti-aliased outline, if any.
    pub outline: Option<Rgba<u8>>,
    /// Shades the north face a little and the south face more (Pikemen).
    pub faces: bool,
    pub diagonals: Rgba<u8>,
    /// The 2-pixel frame.
    pub frame: Rgba<u8>,
    pub snap: Snap,
}

/// The corners of a square of half-side `r` centred on (`cx`, `cy`), clockwise from top-left.
pub fn square(cx: f32, cy: f32, r: f32) -> [(f32, f32); 4] {
    [
        (cx - r, cy - r),
        (cx + r, cy - r),
        (cx + r, cy + r),
        (cx - r, cy + r),
    ]
}

impl Upright {
    /// The pyramid seen from above, centred on (`cx`, `cy`), `r` pixels from centre to side.
    pub fn draw(&self, c: &mut Canvas, cx: f32, cy: f32, r: f32) {
        c.polygon(&square(cx, cy, r), self.fill, self.outline);
        if self.faces {
            c.polygon(
                &[
                    (cx - r + 1.0, cy - r + 1.0),
                    (cx + r - 1.0, cy - r + 1.0),
                    (cx, cy),
                ],
                darker(self.fill, 0.88),
                None,
            );
            c.polygon(
                &[
                    (cx - r + 1.0, cy + r - 1.0),
                    (cx + r - 1.0, cy + r - 1.0),
                    (cx, cy),
                ],
                darker(self.fill, 0.78),
                None,
            );
        }
        // A line reads the same either way: imageproc draws it from its left (or top) end.
        c.line((cx - r, cy - r), (cx + r, cy + r), self.diagonals);
        c.line((cx + r, cy - r), (cx - r, cy + r), self.diagonals);
        let (x, y, side) = match self.snap {
            Snap::Cover => ((cx - r) as i32, (cy - r) as i32, (2.0 * r) as u32 + 1),
            Snap::Nearest => (
                (cx - r).round() as i32,
                (cy - r).round() as i32,
                (2.0 * r).round() as u32,
            ),
        };
        c.frame(x, y, side, side, 2, self.frame);
    }
}

/// A lying pyramid: the triangle `apex`, `base[0]`, `base[1]` outlined in `edge`, with its base
/// drawn `base_w` pixels thick from `base[0]` to `base[1]` if it has a width (Sprawl's
/// branches have none).
pub fn lying(
    c: &mut Canvas,
    apex: (f32, f32),
    base: [(f32, f32); 2],
    fill: Rgba<u8>,
    edge: Rgba<u8>,
    base_w: Option<f32>,
) {
    c.polygon(&[apex, base[0], base[1]], fill, Some(edge));
    if let Some(w) = base_w {
        c.thick_line(base[0], base[1], w, edge);
    }
}

/// `n` pips of radius `r` in a row centred on (`cx`, `cy`), `gap` apart, the row turned
/// `angle` radians from the horizontal.
#[allow(clippy::too_many_arguments)]
pub fn pips(
    c: &mut Canvas,
    cx: f32,
    cy: f32,
    n: u8,
    gap: f32,
    r: f32,
    angle: f32,
    colour: Rgba<u8>,
) {
    let n = n as i32;
    let (px, py) = (angle.cos(), angle.sin());
    for i in 0..n {
        let off = (i as f32 - (n - 1) as f32 / 2.0) * gap;
        let pts = regular(cx + px * off, cy + py * off, r, 8, 0.0);
        c.polygon(&pts, colour, Some(colour));
    }
}
