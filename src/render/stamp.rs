//! Stamps: a drawing recorded once as what it does to each pixel, and replayed on later
//! pictures (issue 30). A board draws the same pyramid on the same square move after move,
//! and outlining and filling its shapes, anti-aliasing its edges and blending its letter was
//! most of Battle Zone's drawing.
//!
//! Every drawing operation of [`Canvas`] changes each pixel it touches from that pixel's own
//! value alone (set it, or blend a colour over it), so a drawing is, pixel by pixel, a chain
//! of such operations. Recording resolves each chain as far as it can: from the last pixel
//! set, the rest of the chain gives a known colour, copied on replay; a pixel never set keeps
//! its chain, applied on replay to whatever lies under it. Replaying gives the very pixels
//! drawing gives, on any ground, which a test checks.
//!
//! A stamp is kept under what its drawing depends on: a name, the picture's size, its
//! palette and language, and numbers the caller chooses (positions as their exact bits: a
//! shape moved by a fraction of a pixel rounds differently). The drawing must depend on
//! nothing else and must draw through the canvas's methods, never on its image directly.

use super::canvas::{mix, Area};
use super::glyphs::over;
use crate::i18n::Lang;
use image::Rgba;
use std::cell::Cell;
use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex, PoisonError};

/// What one drawing operation does to one pixel.
#[derive(Clone, Copy, Debug)]
pub enum Op {
    /// Paints the colour.
    Set([u8; 4]),
    /// Blends the colour over the pixel with this weight, as anti-aliased lines and shades do.
    Mix([u8; 4], f32),
    /// Blends the colour, whose alpha is the coverage, over the pixel, as text does.
    Over([u8; 4]),
}

impl Op {
    fn apply(self, under: [u8; 4]) -> [u8; 4] {
        match self {
            Op::Set(c) => c,
            Op::Mix(c, w) => mix(Rgba(c), Rgba(under), w).0,
            Op::Over(ink) => over(Rgba(under), Rgba(ink)).0,
        }
    }
}

/// An operation on the pixel at (`x`, `y`), inside the picture.
pub type Dab = (u32, u32, Op);

/// Everything a stamp's drawing depends on (see the module's notes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Key {
    pub what: &'static str,
    pub width: u32,
    pub height: u32,
    /// The palette's address: there is one static palette per theme.
    pub palette: usize,
    pub lang: Option<Lang>,
    pub args: [u64; 4],
}

struct Chain {
    at: u32,
    ops: (u32, u32),
    ground: [u8; 4],
    out: [u8; 4],
}

/// A recorded drawing.
pub struct Stamp {
    /// Runs of pixels whose colour is known: the first pixel's index and how many.
    runs: Vec<(u32, u32)>,
    /// Their colours, run after run.
    known: Vec<u8>,
    /// Pixels blended over what lies under them: the index, the range of `ops` to apply,
    /// and the ground seen when recording with what the chain made of it (a stamp goes back
    /// on the same ground most times, and the chain's blends cost more than drawing did).
    chains: Vec<Chain>,
    ops: Vec<Op>,
    /// What the drawing added to the layout.
    pub texts: Vec<(Area, f32, String)>,
    pub pieces: Vec<(Area, Area)>,
}

impl Stamp {
    /// The stamp of the operations `dabs`, in drawing order, on the picture `ground` (RGBA
    /// bytes, `width` pixels a row) as it was before them.
    pub fn new(
        width: u32,
        ground: &[u8],
        dabs: &[Dab],
        texts: Vec<(Area, f32, String)>,
        pieces: Vec<(Area, Area)>,
    ) -> Stamp {
        // Each touched pixel, found through a grid over the drawing's bounding box: its known
        // colour, or the chain applied to what lies under it.
        let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
        for &(x, y, _) in dabs {
            (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
        }
        let mut stamp = Stamp {
            runs: Vec::new(),
            known: Vec::new(),
            chains: Vec::new(),
            ops: Vec::new(),
            texts,
            pieces,
        };
        if dabs.is_empty() {
            return stamp;
        }
        let side = (x1 - x0 + 1) as usize;
        let mut grid = vec![u32::MAX; side * (y1 - y0 + 1) as usize];
        let mut pixels: Vec<(Option<[u8; 4]>, Vec<Op>)> = Vec::new();
        for &(x, y, op) in dabs {
            let slot = &mut grid[(y - y0) as usize * side + (x - x0) as usize];
            if *slot == u32::MAX {
                *slot = pixels.len() as u32;
                pixels.push((None, Vec::new()));
            }
            let p = &mut pixels[*slot as usize];
            match (op, p.0) {
                (Op::Set(c), _) => {
                    p.0 = Some(c);
                    p.1.clear();
                }
                (op, Some(known)) => p.0 = Some(op.apply(known)),
                (op, None) => p.1.push(op),
            }
        }
        for (i, &slot) in grid.iter().enumerate() {
            if slot == u32::MAX {
                continue;
            }
            let at = (y0 + (i / side) as u32) * width + x0 + (i % side) as u32;
            match &pixels[slot as usize] {
                (Some(c), _) => {
                    match stamp.runs.last_mut() {
                        Some((first, n)) if *first + *n == at => *n += 1,
                        _ => stamp.runs.push((at, 1)),
                    }
                    stamp.known.extend_from_slice(c);
                }
                (None, chain) => {
                    let from = stamp.ops.len() as u32;
                    stamp.ops.extend_from_slice(chain);
                    let g = &ground[at as usize * 4..at as usize * 4 + 4];
                    let g = [g[0], g[1], g[2], g[3]];
                    stamp.chains.push(Chain {
                        at,
                        ops: (from, stamp.ops.len() as u32),
                        ground: g,
                        out: chain.iter().fold(g, |c, op| op.apply(c)),
                    });
                }
            }
        }
        stamp
    }

    /// Paints the stamp on `raw`, the RGBA bytes of a picture as wide as the recorded one.
    pub fn paint(&self, raw: &mut [u8]) {
        let mut from = 0;
        for &(at, n) in &self.runs {
            let (at, len) = (at as usize * 4, n as usize * 4);
            raw[at..at + len].copy_from_slice(&self.known[from..from + len]);
            from += len;
        }
        for chain in &self.chains {
            let at = chain.at as usize * 4;
            let p = &mut raw[at..at + 4];
            let under = [p[0], p[1], p[2], p[3]];
            let out = if under == chain.ground {
                chain.out
            } else {
                let (a, b) = chain.ops;
                self.ops[a as usize..b as usize]
                    .iter()
                    .fold(under, |c, op| op.apply(c))
            };
            p.copy_from_slice(&out);
        }
    }

    /// Roughly the bytes the stamp holds, for the cache's budget.
    fn bytes(&self) -> usize {
        self.known.len()
            + self.runs.len() * 8
            + self.chains.len() * std::mem::size_of::<Chain>()
            + self.ops.len() * std::mem::size_of::<Op>()
            + self.texts.iter().map(|t| 40 + t.2.len()).sum::<usize>()
            + self.pieces.len() * 32
    }
}

/// What the kept stamps may hold before the cache is emptied and refills: a board's pyramid
/// takes about 11 KB, so a few games' worth of boards.
const BUDGET: usize = 16 << 20;

#[derive(Default)]
struct Cache {
    stamps: HashMap<Key, Arc<Stamp>>,
    bytes: usize,
}

static CACHE: LazyLock<Mutex<Cache>> = LazyLock::new(Mutex::default);

thread_local! {
    static BYPASS: Cell<bool> = const { Cell::new(false) };
}

fn cache() -> std::sync::MutexGuard<'static, Cache> {
    // A panic elsewhere while holding the lock leaves whole entries only: keep using it.
    CACHE.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The stamp kept under `key`, if any.
pub fn find(key: &Key) -> Option<Arc<Stamp>> {
    cache().stamps.get(key).cloned()
}

/// Keeps `stamp` under `key`, first emptying the cache if it would go over its budget.
pub fn keep(key: Key, stamp: &Arc<Stamp>) {
    let mut c = cache();
    let bytes = stamp.bytes();
    if c.bytes + bytes > BUDGET {
        c.stamps.clear();
        c.bytes = 0;
    }
    if let Some(old) = c.stamps.insert(key, Arc::clone(stamp)) {
        c.bytes -= old.bytes();
    }
    c.bytes += bytes;
}

/// Whether stamps are drawn afresh on this thread (inside `layers::uncached`).
pub fn bypassed() -> bool {
    BYPASS.with(Cell::get)
}

/// Runs `f` with every stamp drawn afresh on this thread, none recorded, read or kept.
pub fn uncached<T>(f: impl FnOnce() -> T) -> T {
    let before = BYPASS.with(|b| b.replace(true));
    let out = f();
    BYPASS.with(|b| b.set(before));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::canvas::{rgb, Align, Canvas};
    use image::RgbaImage;

    /// A drawing using every operation, overlapping itself and running off the picture.
    fn drawing(c: &mut Canvas) {
        c.rect(-4, 30, 20, 12, rgb(0x0072b2));
        c.shade(5, 5, 30, 30, rgb(0xd55e00), 0.22);
        c.polygon(
            &[(10.3, 4.6), (44.5, 12.2), (30.1, 38.7)],
            rgb(0x009e73),
            Some(rgb(0x2b2b2b)),
        );
        c.line((0.0, 0.0), (47.0, 9.0), rgb(0xf0e442));
        c.line((40.0, 2.0), (36.4, 39.0), Rgba([200, 10, 10, 160]));
        c.thick_line((3.0, 44.0), (60.0, 20.0), 4.0, rgb(0x555555));
        c.disc(40.0, 40.0, 9.0, rgb(0xe69f00));
        c.ring(12.0, 12.0, 7.0, 2.0, rgb(0x123456));
        c.text(20.0, 18.0, 19.5, true, Align::Center, rgb(0xffffff), "Ég");
        c.text(
            30.0,
            34.0,
            15.0,
            false,
            Align::Left,
            Rgba([9, 9, 9, 170]),
            "Wa 12",
        );
        c.frame(1, 1, 46, 40, 2, rgb(0x9a9a9a));
    }

    /// Grounds the stamp goes on: opaque and see-through, flat and varied.
    fn grounds() -> Vec<RgbaImage> {
        vec![
            RgbaImage::from_pixel(48, 44, rgb(0xf0e6d2)),
            RgbaImage::from_fn(48, 44, |x, y| {
                Rgba([(x * 5) as u8, (y * 3) as u8, (x * y) as u8, 255])
            }),
            RgbaImage::from_fn(48, 44, |x, y| {
                Rgba([(x * 7) as u8, 90, (y * 11) as u8, (x + 3 * y) as u8])
            }),
        ]
    }

    /// A stamp, recorded on one ground and replayed on others, paints the very pixels and
    /// layout that drawing paints.
    #[test]
    fn a_stamp_paints_what_drawing_paints() {
        let args: [u64; 4] = [7, 0, 0, 0];
        for order in [[0, 1, 2], [2, 1, 0]] {
            // A new key for each order, so that each records on a different ground.
            let args = [args[0] + order[0] as u64, 0, 0, 0];
            for i in order {
                let ground = grounds().swap_remove(i);
                let mut drawn = Canvas::from_parts(ground.clone(), Default::default(), c_pal());
                drawing(&mut drawn);
                let mut stamped = Canvas::from_parts(ground, Default::default(), c_pal());
                stamped.stamp("stamp-test", None, args, drawing);
                assert!(stamped.img == drawn.img, "ground {i}, order {order:?}");
                assert_eq!(
                    format!("{:?}", stamped.layout),
                    format!("{:?}", drawn.layout)
                );
            }
        }
    }

    fn c_pal() -> &'static crate::render::palette::Palette {
        &crate::render::palette::LIGHT
    }
}
