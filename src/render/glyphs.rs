//! The fonts, and text laid out and rasterised once per font, size and string. A board draws
//! the same coordinates, names and labels after every move, and outlining glyphs (imageproc
//! outlines a string once to measure it and again to draw it) was much of a picture's time.
//!
//! A string is laid out as imageproc's `draw_text_mut` lays it out and its glyphs rasterised by
//! ab_glyph as there (each glyph's pixels kept for the next string that places it alike), so
//! the pixels blended later are exactly those `draw_text_mut` would blend, in the same order,
//! which a test checks.

use super::pixel::over;
use super::stamp::{Dab, Op};
use ab_glyph::{Font, FontRef, GlyphId, PxScale, ScaleFont};
use image::{Rgba, RgbaImage};
use imageproc::definitions::Clamp;
use std::collections::{HashMap, HashSet};
use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::{Arc, LazyLock, Mutex, PoisonError};

pub static REGULAR_BYTES: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
static BOLD_BYTES: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");

pub static REGULAR: LazyLock<FontRef<'static>> =
    LazyLock::new(|| FontRef::try_from_slice(REGULAR_BYTES).expect("vendored font parses"));
pub static BOLD: LazyLock<FontRef<'static>> =
    LazyLock::new(|| FontRef::try_from_slice(BOLD_BYTES).expect("vendored font parses"));

/// What the cache keeps before it is emptied and refills: pixels of shapes (13 bytes each, so
/// about 27 MB; the words of the four games' opening boards at most players take 93,000 in
/// 164 strings) and widths (names are truncated by measuring many prefixes). With every kind
/// of game going on at once (the service bench), half this filled 11 times a run, and the
/// first board of each game drawn after it was emptied took 1-3 ms more.
const SHAPE_DABS: usize = 1 << 21;
const WIDTHS: usize = 8192;
/// Strings remembered as drawn once (a hash each), forgotten all at once past this.
const SEEN_ONCE: usize = 1 << 16;
/// Glyphs' rasterised pixels kept (each a few hundred bytes, about 20 MB in all); a glyph is
/// kept for each fraction of a pixel it was placed at, so new strings keep adding glyphs. A
/// quarter of this filled 6 times a run of the service bench.
const GLYPHS: usize = 65536;

/// One string's pixels as imageproc draws them: offset from the text's top-left corner and
/// coverage in (0, 1], in drawing order, repeated where glyphs overlap.
pub struct Shape {
    dabs: Vec<(i32, i32, f32)>,
    /// Each dab's alpha in an opaque colour (every board's text), worked out once.
    opaque: Vec<u8>,
    /// The least and the greatest offsets of the dabs: a text inside the picture needs no
    /// clipping.
    low: (i32, i32),
    high: (i32, i32),
}

/// Slots of the memo of blended pixels (see [`Shape::blend`]): 16 KB a thread.
const MEMO: usize = 1024;

thread_local! {
    /// Blended pixels by background, ink and alpha (the key: background above ink above
    /// alpha), kept from one text and picture to the next: boards draw the same colours on
    /// the same grounds every time. A key's alpha is never 255 (those are not blended), so
    /// the initial key matches nothing.
    static BLENDS: std::cell::RefCell<Vec<(u64, u32)>> =
        std::cell::RefCell::new(vec![(u64::MAX, 0); MEMO]);
}

impl Shape {
    fn new(dabs: Vec<(i32, i32, f32)>) -> Shape {
        let opaque = dabs.iter().map(|d| alpha(255, d.2)).collect();
        let (mut low, mut high) = ((0, 0), (0, 0));
        for &(dx, dy, _) in &dabs {
            low = (low.0.min(dx), low.1.min(dy));
            high = (high.0.max(dx), high.1.max(dy));
        }
        Shape {
            dabs,
            opaque,
            low,
            high,
        }
    }

    /// Blends the text in `colour` with its top-left corner at (`x`, `y`), clipped to `img`.
    ///
    /// Text lies mostly on flat ground, so the same background meets the same ink and alpha
    /// again and again: blended pixels are remembered ([`BLENDS`]), which saves the
    /// floating-point blend of most edge pixels (text was the largest part of a board's
    /// drawing).
    pub fn blend(&self, img: &mut RgbaImage, x: i32, y: i32, colour: Rgba<u8>) {
        let (w, h) = (img.width() as i32, img.height() as i32);
        let inside = x + self.low.0 >= 0
            && y + self.low.1 >= 0
            && x + self.high.0 < w
            && y + self.high.1 < h;
        let raw: &mut [u8] = img;
        let solid = u32::from_le_bytes([colour.0[0], colour.0[1], colour.0[2], 255]);
        let ink = solid & 0xFF_FFFF;
        BLENDS.with_borrow_mut(|memo| {
            for (&(dx, dy, coverage), &opaque) in self.dabs.iter().zip(&self.opaque) {
                let (px, py) = (x + dx, y + dy);
                if !(inside || (0..w).contains(&px) && (0..h).contains(&py)) {
                    continue;
                }
                let a = if colour.0[3] == 255 {
                    opaque
                } else {
                    alpha(colour.0[3], coverage)
                };
                let at = (py as usize * w as usize + px as usize) * 4;
                let p = &mut raw[at..at + 4];
                let bg = u32::from_le_bytes([p[0], p[1], p[2], p[3]]);
                let out = match a {
                    0 => continue,
                    255 => solid,
                    _ => {
                        let key = u64::from(bg) << 32 | u64::from(ink) << 8 | u64::from(a);
                        // One alpha on one ground and ink never collides with another.
                        let slot = &mut memo[(a as usize ^ (bg ^ ink) as usize) % MEMO];
                        if slot.0 != key {
                            let ink = Rgba([colour.0[0], colour.0[1], colour.0[2], a]);
                            let out = over(Rgba(bg.to_le_bytes()), ink);
                            *slot = (key, u32::from_le_bytes(out.0));
                        }
                        slot.1
                    }
                };
                p.copy_from_slice(&out.to_le_bytes());
            }
        });
    }
}

impl Shape {
    /// What [`Shape::blend`] would do to a picture `w` x `h`, as operations on its pixels (a
    /// stamp being recorded).
    pub fn record(&self, w: u32, h: u32, x: i32, y: i32, colour: Rgba<u8>, out: &mut Vec<Dab>) {
        let [r, g, b, a] = colour.0;
        for (&(dx, dy, coverage), &opaque) in self.dabs.iter().zip(&self.opaque) {
            let (px, py) = (x + dx, y + dy);
            if px < 0 || py < 0 || px as u32 >= w || py as u32 >= h {
                continue;
            }
            let op = match if a == 255 { opaque } else { alpha(a, coverage) } {
                0 => continue,
                255 => Op::Set([r, g, b, 255]),
                a => Op::Over([r, g, b, a]),
            };
            out.push((px as u32, py as u32, op));
        }
    }
}

/// The alpha imageproc gives a pixel of `coverage` in a colour of alpha `a`.
fn alpha(a: u8, coverage: f32) -> u8 {
    Clamp::clamp(f32::from(a) * coverage)
}

type Key = (bool, u32);

#[derive(Default)]
struct Cache {
    shapes: HashMap<Key, HashMap<String, Arc<Shape>>>,
    shape_dabs: usize,
    /// Strings drawn once and not kept, by hash: a string is kept the second time it is drawn.
    /// A board's changing lines ("Last move: turn g2 w") are mostly drawn in one picture only
    /// (14 M of the 17.5 M dabs rasterised in a run of the service bench); kept at once, they
    /// filled the cache every 700 moves, and each board drawn after it was emptied rasterised
    /// its names and fixed words again (14 us a string), with every kind of game going on at
    /// once a move of every one of them.
    seen_once: HashSet<u64>,
    widths: HashMap<Key, HashMap<String, u32>>,
    width_count: usize,
}

impl Cache {
    /// Keeps `shape` if `text` was drawn before (see [`Cache::seen_once`]).
    fn keep_shape_seen(&mut self, key: Key, text: &str, shape: &Arc<Shape>, budget: usize) {
        let mut h = DefaultHasher::new();
        (key, text).hash(&mut h);
        let h = h.finish();
        if self.seen_once.remove(&h) {
            self.keep_shape(key, text, shape, budget);
            return;
        }
        if self.seen_once.len() >= SEEN_ONCE {
            self.seen_once.clear();
        }
        self.seen_once.insert(h);
    }

    /// Keeps `shape`, first emptying the shapes if it would take them over `budget` dabs.
    fn keep_shape(&mut self, key: Key, text: &str, shape: &Arc<Shape>, budget: usize) {
        if self.shape_dabs + shape.dabs.len() > budget {
            self.shapes.clear();
            self.shape_dabs = 0;
        }
        let kept = self.shapes.entry(key).or_default();
        if let Some(old) = kept.insert(text.to_owned(), Arc::clone(shape)) {
            self.shape_dabs -= old.dabs.len();
        }
        self.shape_dabs += shape.dabs.len();
    }
}

static CACHE: LazyLock<Mutex<Cache>> = LazyLock::new(Mutex::default);

fn font(bold: bool) -> &'static FontRef<'static> {
    if bold {
        &BOLD
    } else {
        &REGULAR
    }
}

fn cache() -> std::sync::MutexGuard<'static, Cache> {
    // A panic elsewhere while holding the lock leaves whole entries only: keep using it.
    CACHE.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The width in pixels of `text` at `size`, as imageproc's `text_size` measures it.
pub fn width(size: f32, bold: bool, text: &str) -> u32 {
    let key = (bold, size.to_bits());
    if let Some(&w) = cache().widths.get(&key).and_then(|m| m.get(text)) {
        return w;
    }
    let w = measure(size, bold, text);
    let mut c = cache();
    if c.width_count >= WIDTHS {
        c.widths.clear();
        c.width_count = 0;
    }
    if c.widths
        .entry(key)
        .or_default()
        .insert(text.to_owned(), w)
        .is_none()
    {
        c.width_count += 1;
    }
    w
}

/// Whether `id` of the bold or regular face has an outline (a space has none), which does not
/// depend on the size: read once ([`outline`]), since reading an outline from the font is what
/// measuring cost.
fn outlined(bold: bool, id: GlyphId) -> bool {
    outline(bold, id).is_some()
}

/// What imageproc's `text_size` returns for the width, with the same arithmetic in the same
/// order (advances, and kerning only before a glyph with an outline, against the previous
/// one with an outline), without outlining every glyph as it does: wrapping a line measures
/// each of its prefixes, and outlining them was most of the time of a board's changing text.
fn measure(size: f32, bold: bool, text: &str) -> u32 {
    if text.is_empty() {
        return 0;
    }
    let font = font(bold).as_scaled(PxScale::from(size));
    let mut w = 0.0;
    let mut prev: Option<GlyphId> = None;
    for c in text.chars() {
        let id = font.glyph_id(c);
        w += font.h_advance(id);
        if outlined(bold, id) {
            if let Some(prev) = prev {
                w += font.kern(id, prev);
            }
            prev = Some(id);
        }
    }
    let w: f32 = w.ceil();
    1 + w as u32
}

/// The pixels of `text` at `size`.
pub fn shape(size: f32, bold: bool, text: &str) -> Arc<Shape> {
    let key = (bold, size.to_bits());
    if let Some(s) = cache().shapes.get(&key).and_then(|m| m.get(text)) {
        return Arc::clone(s);
    }
    let s = Arc::new(Shape::new(rasterise(size, bold, text)));
    cache().keep_shape_seen(key, text, &s, SHAPE_DABS);
    s
}

/// What imageproc's `draw_text_mut` draws of `text` (its `layout_glyphs`, the same
/// arithmetic in the same order) onto the [`Recorder`], with each glyph's coverage kept
/// ([`coverage`]): a board's changing lines are new strings of the same few letters, and
/// rasterising them was most of their cost.
fn rasterise(size: f32, bold: bool, text: &str) -> Vec<(i32, i32, f32)> {
    let mut dabs = Vec::new();
    if text.is_empty() {
        return dabs;
    }
    let scale = PxScale::from(size);
    let font = font(bold).as_scaled(scale);
    let factor = font.scale_factor();
    let mut w = 0.0;
    let mut prev: Option<GlyphId> = None;
    for c in text.chars() {
        let id = font.glyph_id(c);
        let glyph = id.with_scale_and_position(scale, ab_glyph::point(w, font.ascent()));
        w += font.h_advance(id);
        // `Font::outline_glyph`, with the outline read from the font once.
        if let Some(outline) = outline(bold, id) {
            if let Some(prev) = prev {
                w += font.kern(id, prev);
            }
            prev = Some(id);
            let bb = outline.px_bounds(factor, glyph.position);
            let (dx, dy) = (bb.min.x.round() as i32, bb.min.y.round() as i32);
            for &(gx, gy, v) in coverage(bold, size, glyph, &outline, factor, bb).iter() {
                dabs.push((dx + i32::from(gx), dy + i32::from(gy), v));
            }
        }
    }
    dabs
}

/// The outline of glyph `id` of the bold or regular face, if it has one, read once.
fn outline(bold: bool, id: GlyphId) -> Option<Arc<ab_glyph::Outline>> {
    type Kept = HashMap<(bool, u16), Option<Arc<ab_glyph::Outline>>>;
    static KEPT: LazyLock<Mutex<Kept>> = LazyLock::new(Mutex::default);
    let known = KEPT
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .get(&(bold, id.0))
        .cloned();
    known.unwrap_or_else(|| {
        let o = font(bold).outline(id).map(Arc::new);
        KEPT.lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert((bold, id.0), o.clone());
        o
    })
}

/// A glyph's rasterised pixels (offset in its box, and the value imageproc records of
/// them), kept under what rasterising reads: the glyph and size (its curves), its offset in
/// its pixel box and the box's size (`OutlinedGlyph::draw`).
fn coverage(
    bold: bool,
    size: f32,
    glyph: ab_glyph::Glyph,
    outline: &ab_glyph::Outline,
    factor: ab_glyph::PxScaleFactor,
    bb: ab_glyph::Rect,
) -> Arc<Vec<(u16, u16, f32)>> {
    type Key = (bool, u32, u16, u32, u32, u32, u32);
    type Pixels = Arc<Vec<(u16, u16, f32)>>;
    static KEPT: LazyLock<Mutex<HashMap<Key, Pixels>>> = LazyLock::new(Mutex::default);
    let kept = || KEPT.lock().unwrap_or_else(PoisonError::into_inner);
    let offset = glyph.position - bb.min;
    let key = (
        bold,
        size.to_bits(),
        glyph.id.0,
        offset.x.to_bits(),
        offset.y.to_bits(),
        bb.width().to_bits(),
        bb.height().to_bits(),
    );
    if let Some(c) = kept().get(&key) {
        return Arc::clone(c);
    }
    let mut pixels = Vec::new();
    let g = ab_glyph::OutlinedGlyph::new(glyph, outline.clone(), factor);
    g.draw(|gx, gy, gv| {
        // What `draw_text_mut` records on a blank `Luma<f32>` canvas in white.
        let gv = gv.clamp(0.0, 1.0);
        let v = 0.0f32 * (1.0 - gv) + 1.0f32 * gv;
        if v > 0.0 {
            pixels.push((gx as u16, gy as u16, v));
        }
    });
    let pixels = Arc::new(pixels);
    let mut all = kept();
    if all.len() >= GLYPHS {
        all.clear();
    }
    all.insert(key, Arc::clone(&pixels));
    pixels
}

#[cfg(test)]
mod tests {
    use super::*;
    use imageproc::drawing::{draw_text_mut, text_size};

    const KEY: Key = (false, 12f32.to_bits());

    /// A shape of `n` pixels, for the cache's bookkeeping.
    fn dabs(n: usize) -> Arc<Shape> {
        Arc::new(Shape::new(vec![(0, 0, 1.0); n]))
    }

    /// The shapes never hold more pixels than their budget, and a full cache starts again.
    #[test]
    fn a_full_cache_empties_and_refills() {
        let (key, mut c) = (KEY, Cache::default());
        c.keep_shape(key, "a", &dabs(40), 100);
        c.keep_shape(key, "b", &dabs(40), 100);
        c.keep_shape(key, "a", &dabs(10), 100);
        assert_eq!(c.shape_dabs, 50);
        c.keep_shape(key, "c", &dabs(40), 100);
        assert_eq!(c.shape_dabs, 90);
        c.keep_shape(key, "d", &dabs(60), 100);
        assert_eq!(c.shape_dabs, 60);
        assert_eq!(c.shapes[&key].keys().collect::<Vec<_>>(), ["d"]);
    }

    /// A string is kept the second time it is drawn, not the first.
    #[test]
    fn a_string_drawn_again_is_kept() {
        let (key, mut c) = (KEY, Cache::default());
        c.keep_shape_seen(key, "once", &dabs(5), 100);
        c.keep_shape_seen(key, "twice", &dabs(5), 100);
        assert!(c.shapes.is_empty());
        c.keep_shape_seen(key, "twice", &dabs(5), 100);
        c.keep_shape_seen((true, key.1), "once", &dabs(5), 100);
        assert_eq!(c.shapes[&key].keys().collect::<Vec<_>>(), ["twice"]);
        assert_eq!(c.shape_dabs, 5);
    }

    /// Every prefix of lines like the ones wrapped on the boards (kerned pairs, spaces,
    /// punctuation, accents) measures as imageproc measures it, in both faces and at sizes
    /// the boards use.
    #[test]
    fn measuring_matches_imageproc_on_every_prefix() {
        let lines = [
            "Alice a joué : 1 move e2 ne · 2 place d8 rouge · 3 AV To Wa LT (sort)",
            "Tour 12 — à Bob de jouer. «Yvette» a posé « ÉLÈVE » fj/Wy…",
        ];
        for bold in [false, true] {
            for size in [13.0, 15.0, 16.0, 17.0, 19.0, 20.0, 24.0] {
                for line in lines {
                    for (i, _) in line.char_indices().skip(1) {
                        let prefix = &line[..i];
                        assert_eq!(
                            measure(size, bold, prefix),
                            text_size(PxScale::from(size), font(bold), prefix).0,
                            "{prefix:?} at {size} bold {bold}"
                        );
                    }
                }
            }
        }
    }

    /// Cached text paints exactly the pixels imageproc paints, over any background, at edges
    /// (and keeps an opaque background opaque).
    #[test]
    fn cached_text_matches_imageproc() {
        let texts = [
            "Player 1",
            "a b c d e f g h",
            "ÉLÈVE fj/Wy",
            "10",
            "",
            "…",
            " AV To Wa. LT 'Y' ",
            "1 move e2 ne · 2 place d8 red (exits)",
        ];
        let places = [(10, 8), (-7, 3), (60, -9), (150, 30)];
        for bold in [false, true] {
            for size in [13.0, 19.5, 24.0] {
                for text in texts {
                    for (x, y) in places {
                        let colour = Rgba([200, 40, 90, if bold { 255 } else { 180 }]);
                        // Opaque on the left, see-through on the right.
                        let mut theirs = RgbaImage::from_fn(160, 40, |x, y| {
                            let alpha = if x < 80 { 255 } else { (x + y) as u8 };
                            Rgba([(x * 3) as u8, (y * 5) as u8, 77, alpha])
                        });
                        let mut ours = theirs.clone();
                        let scale = PxScale::from(size);
                        draw_text_mut(&mut theirs, colour, x, y, scale, font(bold), text);
                        // Over an opaque background the text stays opaque, where image's
                        // float arithmetic leaves some pixels at 254 (see `over`).
                        for (x, _, p) in theirs.enumerate_pixels_mut() {
                            if x < 80 {
                                p.0[3] = 255;
                            }
                        }
                        shape(size, bold, text).blend(&mut ours, x, y, colour);
                        assert!(ours == theirs, "{text:?} at {size} bold {bold} ({x}, {y})");
                        assert_eq!(
                            width(size, bold, text),
                            text_size(scale, font(bold), text).0
                        );
                    }
                }
            }
        }
    }
}
