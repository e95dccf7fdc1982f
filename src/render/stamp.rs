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

use super::area::{Area, Text};
use super::palette::Palette;
use super::pixel::{mix, over};
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
    /// The picture's size; 0 for a stamp moved from place to place, which is kept only when
    /// it lies wholly inside its picture and so serves any size.
    pub width: u32,
    pub height: u32,
    /// The theme's colours (compared and hashed by value).
    pub palette: &'static Palette,
    pub lang: Option<Lang>,
    pub args: [u64; 4],
}

struct Chain {
    /// Where, from the stamp's origin.
    x: i32,
    y: i32,
    ops: (u32, u32),
    ground: [u8; 4],
    out: [u8; 4],
}

/// A recorded drawing, its pixels placed from an origin so that a drawing that moves by
/// whole pixels (a pyramid from one square to another) can be kept once.
pub struct Stamp {
    /// Runs of pixels in a row whose colour is known: where the first is from the origin,
    /// and how many.
    runs: Vec<(i32, i32, u32)>,
    /// Their colours, run after run.
    known: Vec<u8>,
    /// Pixels blended over what lies under them.
    chains: Vec<Chain>,
    ops: Vec<Op>,
    /// Whether the recorded drawing reached the picture's edge, where some of it may have
    /// been clipped: such a stamp is only painted where it was recorded.
    pub edge: bool,
    /// What the drawing added to the layout, from the origin.
    pub texts: Vec<Text>,
    pub pieces: Vec<(Area, Area)>,
}

/// How a pixel stands while a stamp is resolved.
const UNTOUCHED: u8 = 0;
const KNOWN: u8 = 1;
const CHAINED: u8 = 2;

impl Stamp {
    /// The stamp of the operations `dabs`, in drawing order, on the picture `ground` (RGBA
    /// bytes, `size` its width and height) as it was before them, placed from `origin`.
    pub fn new(
        size: (u32, u32),
        ground: &[u8],
        dabs: &[Dab],
        origin: (i32, i32),
        texts: Vec<Text>,
        pieces: Vec<(Area, Area)>,
    ) -> Stamp {
        let (ox, oy) = (origin.0 as f32, origin.1 as f32);
        let shift = |a: Area| Area {
            x: a.x - ox,
            y: a.y - oy,
            ..a
        };
        let mut stamp = Stamp {
            runs: Vec::new(),
            known: Vec::new(),
            chains: Vec::new(),
            ops: Vec::new(),
            edge: false,
            texts: texts
                .into_iter()
                .map(|t| (shift(t.0), t.1, t.2, t.3))
                .collect(),
            pieces: pieces
                .into_iter()
                .map(|p| (shift(p.0), shift(p.1)))
                .collect(),
        };
        // Each touched pixel, in a grid over the drawing's bounding box: its known colour, or
        // the operations (after the last colour set, if any) to apply to what lies under it.
        let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
        for &(x, y, _) in dabs {
            (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
        }
        if dabs.is_empty() {
            return stamp;
        }
        stamp.edge = x0 == 0 || y0 == 0 || x1 + 1 >= size.0 || y1 + 1 >= size.1;
        let side = (x1 - x0 + 1) as usize;
        let cells = side * (y1 - y0 + 1) as usize;
        let mut state = vec![UNTOUCHED; cells];
        let mut colour = vec![[0u8; 4]; cells];
        // Operations on pixels not (yet) set, by pixel; those before a later set are dropped
        // below, as the pixel is then known.
        let mut pending: Vec<(u32, Op)> = Vec::new();
        for &(x, y, op) in dabs {
            let i = (y - y0) as usize * side + (x - x0) as usize;
            match (op, state[i]) {
                (Op::Set(c), _) => {
                    state[i] = KNOWN;
                    colour[i] = c;
                }
                (op, KNOWN) => colour[i] = op.apply(colour[i]),
                (op, _) => {
                    state[i] = CHAINED;
                    pending.push((i as u32, op));
                }
            }
        }
        // In pixel order, each pixel's operations still in drawing order.
        pending.sort_by_key(|p| p.0);
        let mut next = 0;
        for (i, &st) in state.iter().enumerate() {
            if st == UNTOUCHED {
                continue;
            }
            let (x, y) = (
                (x0 as usize + i % side) as u32,
                (y0 as usize + i / side) as u32,
            );
            let (rx, ry) = (x as i32 - origin.0, y as i32 - origin.1);
            if st == KNOWN {
                match stamp.runs.last_mut() {
                    Some((x, y, n)) if *y == ry && *x + *n as i32 == rx => *n += 1,
                    _ => stamp.runs.push((rx, ry, 1)),
                }
                stamp.known.extend_from_slice(&colour[i]);
                continue;
            }
            while pending[next].0 != i as u32 {
                next += 1;
            }
            let from = stamp.ops.len() as u32;
            while next < pending.len() && pending[next].0 == i as u32 {
                stamp.ops.push(pending[next].1);
                next += 1;
            }
            let at = (y as usize * size.0 as usize + x as usize) * 4;
            let g = [ground[at], ground[at + 1], ground[at + 2], ground[at + 3]];
            let chain = &stamp.ops[from as usize..];
            stamp.chains.push(Chain {
                x: rx,
                y: ry,
                ops: (from, stamp.ops.len() as u32),
                ground: g,
                out: chain.iter().fold(g, |c, op| op.apply(c)),
            });
        }
        stamp
    }

    /// Paints the stamp from `origin` on `raw`, the RGBA bytes of a picture `size` wide and
    /// high; what falls outside it is left out.
    pub fn paint(&self, raw: &mut [u8], size: (u32, u32), origin: (i32, i32)) {
        let (w, h) = (size.0 as i32, size.1 as i32);
        let mut from = 0;
        for &(rx, ry, n) in &self.runs {
            let (x, y, len) = (rx + origin.0, ry + origin.1, n as usize * 4);
            let colours = &self.known[from..from + len];
            from += len;
            if y < 0 || y >= h {
                continue;
            }
            // The part of the run inside the row.
            let (a, b) = (x.max(0), (x + n as i32).min(w));
            if a >= b {
                continue;
            }
            let at = (y as usize * w as usize + a as usize) * 4;
            let skip = (a - x) as usize * 4;
            raw[at..at + (b - a) as usize * 4]
                .copy_from_slice(&colours[skip..skip + (b - a) as usize * 4]);
        }
        for chain in &self.chains {
            let (x, y) = (chain.x + origin.0, chain.y + origin.1);
            if x < 0 || y < 0 || x >= w || y >= h {
                continue;
            }
            let at = (y as usize * w as usize + x as usize) * 4;
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
            + self.runs.len() * 12
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
