//! Drawing helpers shared by the game renderers: shapes, text (laid out by `glyphs`), PNG
//! encoding.

use super::glyphs;
use super::palette::Palette;
use super::pixel::mix;
use super::stamp::{self, Dab, Op, Stamp};
use image::{Rgba, RgbaImage};
use imageproc::drawing::{
    draw_antialiased_line_segment_mut, draw_filled_circle_mut, draw_hollow_circle_mut,
    draw_polygon_mut,
};
use imageproc::point::Point;
use std::sync::Arc;

// Named here by the renderers, which take them with the canvas they draw on.
pub use super::area::{Area, Text};
pub use super::pixel::rgb;

/// Horizontal anchor of a text.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Align {
    Left,
    Center,
    Right,
}

/// What was drawn where, kept beside the pixels so that tests can check a picture's layout
/// mechanically (issue 26: no label over another, pieces inside their cells, text tall
/// enough at phone width) instead of by eye alone.
#[derive(Clone, Debug, Default)]
pub struct Layout {
    /// Every text drawn.
    pub texts: Vec<Text>,
    /// Every piece drawn (its bounding box) with the cell it belongs in.
    pub pieces: Vec<(Area, Area)>,
}

pub struct Canvas {
    pub img: RgbaImage,
    pub layout: Layout,
    /// The theme's colours, for everything drawn on this canvas.
    pub pal: &'static Palette,
    /// While a stamp is recorded ([`Canvas::stamp`]), the operations drawn, instead of their
    /// pixels.
    rec: Option<Vec<Dab>>,
}

impl Canvas {
    pub fn new(width: u32, height: u32, background: Rgba<u8>) -> Canvas {
        Canvas {
            img: RgbaImage::from_pixel(width, height, background),
            layout: Layout::default(),
            pal: &super::palette::LIGHT,
            rec: None,
        }
    }

    /// A canvas of these pixels, layout and palette.
    pub fn from_parts(img: RgbaImage, layout: Layout, pal: &'static Palette) -> Canvas {
        Canvas {
            img,
            layout,
            pal,
            rec: None,
        }
    }

    /// A canvas in the view's theme, filled with its background.
    pub fn themed(width: u32, height: u32, view: &super::View) -> Canvas {
        let pal = view.palette();
        Canvas {
            pal,
            ..Canvas::new(width, height, pal.background)
        }
    }

    pub fn width(&self) -> u32 {
        self.img.width()
    }

    pub fn height(&self) -> u32 {
        self.img.height()
    }

    /// A filled rectangle, clipped to the picture. Whole rows are filled at once: imageproc's
    /// `draw_filled_rect_mut` checks bounds pixel by pixel, and backgrounds, cells and panels
    /// are most of a board's pixels.
    pub fn rect(&mut self, x: i32, y: i32, w: u32, h: u32, colour: Rgba<u8>) {
        let (iw, ih) = (i64::from(self.img.width()), i64::from(self.img.height()));
        let (x0, x1) = (i64::from(x).max(0), (i64::from(x) + i64::from(w)).min(iw));
        let (y0, y1) = (i64::from(y).max(0), (i64::from(y) + i64::from(h)).min(ih));
        if x0 >= x1 || y0 >= y1 {
            return;
        }
        if let Some(rec) = &mut self.rec {
            for py in y0..y1 {
                for px in x0..x1 {
                    rec.push((px as u32, py as u32, Op::Set(colour.0)));
                }
            }
            return;
        }
        let stride = iw as usize * 4;
        let (from, to) = (x0 as usize * 4, x1 as usize * 4);
        let raw: &mut [u8] = &mut self.img;
        for row in raw
            .chunks_exact_mut(stride)
            .skip(y0 as usize)
            .take((y1 - y0) as usize)
        {
            for px in row[from..to].chunks_exact_mut(4) {
                px.copy_from_slice(&colour.0);
            }
        }
    }

    /// A rectangle outline `t` pixels thick, drawn inside the box.
    pub fn frame(&mut self, x: i32, y: i32, w: u32, h: u32, t: u32, colour: Rgba<u8>) {
        self.rect(x, y, w, t, colour);
        self.rect(x, y + h as i32 - t as i32, w, t, colour);
        self.rect(x, y, t, h, colour);
        self.rect(x + w as i32 - t as i32, y, t, h, colour);
    }

    /// Blends `colour` over a rectangle with opacity `alpha` (0..1).
    /// The ground under a shade is mostly one colour: the last pixel's blend is reused while
    /// the colour under it stays the same.
    pub fn shade(&mut self, x: i32, y: i32, w: u32, h: u32, colour: Rgba<u8>, alpha: f32) {
        let (iw, ih) = (self.img.width() as i32, self.img.height() as i32);
        let (x0, x1) = (x.max(0), (x + w as i32).min(iw));
        if x0 >= x1 {
            return;
        }
        if let Some(rec) = &mut self.rec {
            for py in y.max(0)..(y + h as i32).min(ih) {
                for px in x0..x1 {
                    rec.push((px as u32, py as u32, Op::Mix(colour.0, alpha)));
                }
            }
            return;
        }
        let stride = iw as usize * 4;
        let raw: &mut [u8] = &mut self.img;
        let mut last: Option<([u8; 4], [u8; 4])> = None;
        for py in y.max(0)..(y + h as i32).min(ih) {
            let row = &mut raw[py as usize * stride..][x0 as usize * 4..x1 as usize * 4];
            for p in row.chunks_exact_mut(4) {
                let under = [p[0], p[1], p[2], p[3]];
                let out = match last {
                    Some((was, out)) if was == under => out,
                    _ => {
                        let out = mix(colour, Rgba(under), alpha).0;
                        last = Some((under, out));
                        out
                    }
                };
                p.copy_from_slice(&out);
            }
        }
    }

    pub fn disc(&mut self, cx: f32, cy: f32, r: f32, colour: Rgba<u8>) {
        let (c, r) = ((cx as i32, cy as i32), r as i32);
        match self.rec {
            Some(_) => draw_filled_circle_mut(&mut self.sink(), c, r, colour),
            None => draw_filled_circle_mut(&mut self.img, c, r, colour),
        }
    }

    pub fn ring(&mut self, cx: f32, cy: f32, r: f32, t: f32, colour: Rgba<u8>) {
        let steps = t.max(1.0) as i32;
        for i in 0..steps {
            let (c, r) = ((cx as i32, cy as i32), r as i32 - i);
            match self.rec {
                Some(_) => draw_hollow_circle_mut(&mut self.sink(), c, r, colour),
                None => draw_hollow_circle_mut(&mut self.img, c, r, colour),
            }
        }
    }

    /// A filled polygon with an anti-aliased outline of `outline` colour.
    pub fn polygon(&mut self, pts: &[(f32, f32)], fill: Rgba<u8>, outline: Option<Rgba<u8>>) {
        let mut ipts: Vec<Point<i32>> = pts
            .iter()
            .map(|&(x, y)| Point::new(x.round() as i32, y.round() as i32))
            .collect();
        ipts.dedup();
        if ipts.len() > 2 && ipts.first() == ipts.last() {
            ipts.pop();
        }
        if ipts.len() >= 3 {
            // Through the sink only while recording: imageproc fills an image faster.
            match self.rec {
                Some(_) => draw_polygon_mut(&mut self.sink(), &ipts, fill),
                None => draw_polygon_mut(&mut self.img, &ipts, fill),
            }
        }
        if let Some(c) = outline {
            for i in 0..pts.len() {
                let a = pts[i];
                let b = pts[(i + 1) % pts.len()];
                self.line(a, b, c);
            }
        }
    }

    /// An anti-aliased line: imageproc's `draw_antialiased_line_segment_mut` blending with
    /// [`mix`]; while a stamp is recorded, the same blends recorded.
    pub fn line(&mut self, a: (f32, f32), b: (f32, f32), colour: Rgba<u8>) {
        let (a, b) = (
            (a.0.round() as i32, a.1.round() as i32),
            (b.0.round() as i32, b.1.round() as i32),
        );
        if self.rec.is_none() {
            draw_antialiased_line_segment_mut(&mut self.img, a, b, colour, mix);
            return;
        }
        // imageproc's code (Xiaolin Wu's algorithm), the same pixels and weights in the same
        // order, recording each blend.
        let ((mut x0, mut y0), (mut x1, mut y1)) = (a, b);
        let steep = (y1 - y0).abs() > (x1 - x0).abs();
        if steep {
            if y0 > y1 {
                std::mem::swap(&mut x0, &mut x1);
                std::mem::swap(&mut y0, &mut y1);
            }
            self.wu((y0, x0), (y1, x1), true, colour);
        } else {
            if x0 > x1 {
                std::mem::swap(&mut x0, &mut x1);
                std::mem::swap(&mut y0, &mut y1);
            }
            self.wu((x0, y0), (x1, y1), false, colour);
        }
    }

    /// imageproc's `plot_wu_line`, with x and y exchanged when `steep`.
    fn wu(&mut self, start: (i32, i32), end: (i32, i32), steep: bool, colour: Rgba<u8>) {
        let dx = end.0 - start.0;
        let dy = end.1 - start.1;
        let gradient = dy as f32 / dx as f32;
        let mut fy = start.1 as f32;
        for x in start.0..(end.0 + 1) {
            self.blend(x, fy as i32, steep, colour, 1.0 - fy.fract());
            self.blend(x, fy as i32 + 1, steep, colour, fy.fract());
            fy += gradient;
        }
    }

    /// One pixel of a recorded line: `colour` mixed with weight `w` over the pixel at (`x`,
    /// `y`), or at (`y`, `x`) when `steep`.
    fn blend(&mut self, x: i32, y: i32, steep: bool, colour: Rgba<u8>, w: f32) {
        let (x, y) = if steep { (y, x) } else { (x, y) };
        let (iw, ih) = (self.img.width(), self.img.height());
        if x < 0 || y < 0 || x as u32 >= iw || y as u32 >= ih {
            return;
        }
        if let Some(rec) = &mut self.rec {
            rec.push((x as u32, y as u32, Op::Mix(colour.0, w)));
        }
    }

    /// A line `w` pixels wide, as a filled quadrilateral with anti-aliased edges.
    pub fn thick_line(&mut self, a: (f32, f32), b: (f32, f32), w: f32, colour: Rgba<u8>) {
        self.polygon(&band(a, b, w), colour, Some(colour));
    }

    /// A line `w` pixels wide with crisp (aliased) edges.
    pub fn bar(&mut self, a: (f32, f32), b: (f32, f32), w: f32, colour: Rgba<u8>) {
        self.polygon(&band(a, b, w), colour, None);
    }

    /// Text whose top is at `y`, anchored at `x` as `align` says; returns its width.
    #[allow(clippy::too_many_arguments)]
    pub fn text(
        &mut self,
        x: f32,
        y: f32,
        size: f32,
        bold: bool,
        align: Align,
        colour: Rgba<u8>,
        text: &str,
    ) -> u32 {
        let w = glyphs::width(size, bold, text);
        let left = match align {
            Align::Left => x,
            Align::Center => x - w as f32 / 2.0,
            Align::Right => x - w as f32,
        };
        self.layout.texts.push((
            Area {
                x: left,
                y,
                w: w as f32,
                h: size,
            },
            size,
            text.to_string(),
            colour,
        ));
        let shape = glyphs::shape(size, bold, text);
        let (x, y) = (left.round() as i32, y.round() as i32);
        match &mut self.rec {
            Some(rec) => shape.record(self.img.width(), self.img.height(), x, y, colour, rec),
            None => shape.blend(&mut self.img, x, y, colour),
        }
        w
    }

    /// Text centred on (`cx`, `cy`).
    pub fn text_centered(
        &mut self,
        cx: f32,
        cy: f32,
        size: f32,
        bold: bool,
        colour: Rgba<u8>,
        text: &str,
    ) {
        self.text(
            cx,
            cy - size * 0.58,
            size,
            bold,
            Align::Center,
            colour,
            text,
        );
    }

    /// Records that a piece drawn within `piece` belongs in `cell` (for the layout checks).
    pub fn note_piece(&mut self, piece: Area, cell: Area) {
        self.layout.pieces.push((piece, cell));
    }

    /// Draws what `draw` draws, through a stamp kept under `what`, `lang` and `args` (with
    /// the picture's size and palette): replayed when kept, else recorded, kept and replayed.
    /// `draw` must depend on nothing else, and draw only through this canvas's methods (see
    /// `stamp`).
    pub fn stamp(
        &mut self,
        what: &'static str,
        lang: Option<crate::i18n::Lang>,
        args: [u64; 4],
        draw: impl FnOnce(&mut Canvas),
    ) {
        self.stamp_from((0, 0), false, what, lang, args, draw);
    }

    /// As [`Canvas::stamp`], for a drawing that is the same moved by whole pixels: kept once
    /// and painted from `origin`. The caller vouches (a test checking every place it draws
    /// at) that `draw` at another origin gives the same pixels moved; a stamp that reached the
    /// picture's edge is not kept.
    pub fn stamp_moved(
        &mut self,
        origin: (i32, i32),
        what: &'static str,
        lang: Option<crate::i18n::Lang>,
        args: [u64; 4],
        draw: impl FnOnce(&mut Canvas),
    ) {
        self.stamp_from(origin, true, what, lang, args, draw);
    }

    fn stamp_from(
        &mut self,
        origin: (i32, i32),
        moved: bool,
        what: &'static str,
        lang: Option<crate::i18n::Lang>,
        args: [u64; 4],
        draw: impl FnOnce(&mut Canvas),
    ) {
        if self.rec.is_some() || stamp::bypassed() {
            draw(self);
            return;
        }
        // A moved stamp is kept only when it lies wholly inside the picture it was recorded
        // on, so it holds no clipping and serves a picture of any size: Sprawl's grows and
        // shrinks with the lines above its board, move after move.
        let (width, height) = if moved {
            (0, 0)
        } else {
            (self.width(), self.height())
        };
        let key = stamp::Key {
            what,
            width,
            height,
            palette: self.pal,
            lang,
            args,
        };
        let size = self.img.dimensions();
        let kept = stamp::find(&key).unwrap_or_else(|| {
            let (texts, pieces) = (self.layout.texts.len(), self.layout.pieces.len());
            self.rec = Some(Vec::new());
            draw(self);
            let dabs = self.rec.take().unwrap_or_default();
            let s = Arc::new(Stamp::new(
                size,
                self.img.as_raw(),
                &dabs,
                origin,
                self.layout.texts.split_off(texts),
                self.layout.pieces.split_off(pieces),
            ));
            if !(moved && s.edge) {
                stamp::keep(key, &s);
            }
            s
        });
        kept.paint(&mut self.img, size, origin);
        let (ox, oy) = (origin.0 as f32, origin.1 as f32);
        let shift = |a: Area| Area {
            x: a.x + ox,
            y: a.y + oy,
            ..a
        };
        let texts = kept
            .texts
            .iter()
            .map(|t| (shift(t.0), t.1, t.2.clone(), t.3));
        self.layout.texts.extend(texts);
        let pieces = kept.pieces.iter().map(|p| (shift(p.0), shift(p.1)));
        self.layout.pieces.extend(pieces);
    }

    /// Where imageproc's filling functions draw: the picture, or the stamp being recorded.
    fn sink(&mut self) -> Sink<'_> {
        Sink {
            img: &mut self.img,
            rec: self.rec.as_mut(),
        }
    }

    pub fn text_width(size: f32, bold: bool, text: &str) -> u32 {
        glyphs::width(size, bold, text)
    }

    pub fn into_png(self) -> Vec<u8> {
        encode_png(&self.img)
    }
}

/// The picture, or the stamp being recorded, as imageproc's filling functions (polygons,
/// circles) see it: they only ever set pixels, never read them.
struct Sink<'a> {
    img: &'a mut RgbaImage,
    rec: Option<&'a mut Vec<Dab>>,
}

impl imageproc::drawing::Canvas for Sink<'_> {
    type Pixel = Rgba<u8>;

    fn dimensions(&self) -> (u32, u32) {
        self.img.dimensions()
    }

    fn get_pixel(&self, x: u32, y: u32) -> Rgba<u8> {
        *self.img.get_pixel(x, y)
    }

    fn draw_pixel(&mut self, x: u32, y: u32, colour: Rgba<u8>) {
        match &mut self.rec {
            Some(rec) => rec.push((x, y, Op::Set(colour.0))),
            None => self.img.put_pixel(x, y, colour),
        }
    }
}

/// PNG bytes of `img`: indexed when it has few colours, as boards do (see `encode`).
pub fn encode_png(img: &RgbaImage) -> Vec<u8> {
    super::encode::png(img)
}

/// The corners of a band `w` wide from `a` to `b`.
fn band(a: (f32, f32), b: (f32, f32), w: f32) -> [(f32, f32); 4] {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt().max(0.001);
    let (nx, ny) = (-dy / len * w / 2.0, dx / len * w / 2.0);
    [
        (a.0 + nx, a.1 + ny),
        (b.0 + nx, b.1 + ny),
        (b.0 - nx, b.1 - ny),
        (a.0 - nx, a.1 - ny),
    ]
}

/// Points of a regular shape, for pips and markers: `n` corners on a circle.
pub fn regular(cx: f32, cy: f32, r: f32, n: usize, rot_deg: f32) -> Vec<(f32, f32)> {
    (0..n)
        .map(|i| {
            let a = (rot_deg + 360.0 * i as f32 / n as f32).to_radians();
            (cx + r * a.sin(), cy - r * a.cos())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use imageproc::drawing::draw_filled_rect_mut;
    use imageproc::rect::Rect;

    /// The row fill paints exactly the pixels imageproc's fill paints, clipping included.
    #[test]
    fn rect_matches_imageproc_inside_and_across_the_edges() {
        let cases = [
            (3, 4, 10, 5),
            (-5, -5, 12, 9),
            (15, 10, 20, 20),
            (-30, 2, 10, 3),
            (0, 0, 20, 16),
            (19, 15, 1, 1),
            (20, 0, 5, 5),
            (5, 5, 0, 7),
        ];
        for (x, y, w, h) in cases {
            let mut ours = Canvas::new(20, 16, rgb(0x102030));
            ours.rect(x, y, w, h, rgb(0xe69f00));
            let mut theirs = RgbaImage::from_pixel(20, 16, rgb(0x102030));
            if w > 0 && h > 0 {
                draw_filled_rect_mut(&mut theirs, Rect::at(x, y).of_size(w, h), rgb(0xe69f00));
            }
            assert!(ours.img == theirs, "rect({x}, {y}, {w}, {h})");
        }
    }

    /// The PNG decodes to the very pixels drawn, transparency included.
    #[test]
    fn png_keeps_every_pixel() {
        let mut c = Canvas::new(40, 30, rgb(0xf0e6d2));
        c.rect(5, 5, 20, 10, rgb(0x0072b2));
        c.text(2.0, 12.0, 14.0, true, Align::Left, rgb(0xd55e00), "e4");
        let mut see_through = c.img.clone();
        see_through.put_pixel(3, 3, Rgba([1, 2, 3, 4]));
        for img in [c.img, see_through] {
            let back = image::load_from_memory(&encode_png(&img))
                .unwrap()
                .to_rgba8();
            assert!(back == img);
        }
    }
}
