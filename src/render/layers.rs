//! A board's unchanging layer (background, squares, grid, coordinates, fixed words), drawn
//! once per kind of picture and kept, so that a move draws only what it changes on a copy
//! (issue 30: drawing was 40-54% of a move's time).
//!
//! The cache is bounded (layers of at most [`KEPT_BYTES`] in all, least recently used dropped
//! first) and shared by every thread behind a mutex held only to look up or store: the copy
//! and the drawing happen outside it. [`uncached`] draws without it, so that a test can check
//! that a copied layer gives the very pixels drawing it afresh gives.

use super::canvas::{Canvas, Layout};
use super::view::{Theme, View};
use crate::i18n::Lang;
use image::RgbaImage;
use std::cell::Cell;
use std::sync::{Arc, Mutex};

/// How many bytes of layers are kept: a layer is one picture's pixels (1.2-2.3 MB). A server
/// with games of every kind going on at once uses a layer for each game and board size, theme
/// and side (and language, where the layer has words): 26 layers, 41 MB, in the service bench,
/// whose moves drew a layer afresh a hundred times a run when 24 layers were kept, each time
/// adding a millisecond to a move.
pub const KEPT_BYTES: usize = 64 << 20;

/// Everything an unchanging layer depends on. `shape` holds what the game's layout depends
/// on beyond the picture's size (players, files and ranks, a header's height); `lang` is
/// `None` for layers without words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Key {
    pub game: &'static str,
    pub width: u32,
    pub height: u32,
    pub theme: Theme,
    pub side: Option<u8>,
    pub lang: Option<Lang>,
    pub shape: [u32; 3],
}

impl Key {
    /// The key of a layer `width` x `height` in `view`'s theme and side, with words in its
    /// language when `words` says so.
    pub fn new(game: &'static str, width: u32, height: u32, view: &View, words: bool) -> Key {
        Key {
            game,
            width,
            height,
            theme: view.theme,
            side: view.side,
            lang: words.then_some(view.lang),
            shape: [0; 3],
        }
    }

    pub fn shape(self, shape: [u32; 3]) -> Key {
        Key { shape, ..self }
    }
}

type Layer = Arc<(RgbaImage, Layout)>;

static KEPT_LAYERS: Mutex<Vec<(Key, Layer)>> = Mutex::new(Vec::new());

thread_local! {
    static BYPASS: Cell<bool> = const { Cell::new(false) };
    /// The memory of this thread's last picture, given back once it was encoded
    /// ([`recycle`]), into which the next picture's layer is copied. A picture's memory freshly
    /// allocated (1.2-2.3 MB) was often new to the process, the room of the one freed before
    /// taken meanwhile by smaller allocations that stay (the pictures kept, a game's state),
    /// and touching its pages the first time cost the move a millisecond (450-630 page faults,
    /// in half a percent of Battle Zone's moves in the service bench: a quarter of its slowest
    /// percent).
    static SPARE: Cell<Vec<u8>> = const { Cell::new(Vec::new()) };
}

/// Gives `img`'s memory back to this thread for its next picture's layer, once the picture is
/// encoded.
pub fn recycle(img: RgbaImage) {
    SPARE.with(|s| s.set(img.into_raw()));
}

/// A canvas holding the layer `key` names: a copy of the kept one, or drawn by `draw` on a
/// fresh canvas in the view's theme (and kept, unless inside [`uncached`]).
pub fn base(key: Key, view: &View, draw: impl FnOnce(&mut Canvas)) -> Canvas {
    base_above(key, key.height, view, draw)
}

/// As [`base`], for a picture `height` tall whose unchanging layer is only its top
/// `key.height` rows: the rows below are the theme's background. A picture whose panels
/// below the board grow during a game (Sprawl's seats gain places and notes) keeps one
/// layer, rather than a new one drawn at each new height.
pub fn base_above(key: Key, height: u32, view: &View, draw: impl FnOnce(&mut Canvas)) -> Canvas {
    let bypass = BYPASS.with(Cell::get);
    let layer = match (!bypass).then(|| find(&key)).flatten() {
        Some(layer) => layer,
        None => {
            let mut c = Canvas::themed(key.width, key.height, view);
            draw(&mut c);
            let layer = Arc::new((c.img, c.layout));
            if !bypass {
                keep(key, layer.clone());
            }
            layer
        }
    };
    let pal = view.palette();
    let rows = height.max(key.height);
    let mut raw = SPARE.with(Cell::take);
    raw.clear();
    raw.reserve(key.width as usize * rows as usize * 4);
    raw.extend_from_slice(layer.0.as_raw());
    let below = (rows - key.height) as usize * key.width as usize;
    raw.extend(std::iter::repeat_n(pal.background.0, below).flatten());
    Canvas::from_parts(
        RgbaImage::from_raw(key.width, rows, raw)
            .expect("the layer's rows and the background's fill the picture"),
        layer.1.clone(),
        pal,
    )
}

/// Runs `f` with every layer and stamp drawn afresh on this thread, none read from or added
/// to the caches.
pub fn uncached<T>(f: impl FnOnce() -> T) -> T {
    let before = BYPASS.with(|b| b.replace(true));
    // Stamps too (`stamp`): a test compares a cached picture with one drawn from scratch.
    let out = super::stamp::uncached(f);
    BYPASS.with(|b| b.set(before));
    out
}

fn kept() -> std::sync::MutexGuard<'static, Vec<(Key, Layer)>> {
    // A panic elsewhere while holding the lock leaves the list whole: every change to it
    // is one call that cannot panic halfway.
    KEPT_LAYERS.lock().unwrap_or_else(|e| e.into_inner())
}

/// The layer kept under `key`, moved to the front as the most recently used.
fn find(key: &Key) -> Option<Layer> {
    let mut all = kept();
    let i = all.iter().position(|(k, _)| k == key)?;
    let entry = all.remove(i);
    let layer = entry.1.clone();
    all.insert(0, entry);
    Some(layer)
}

fn keep(key: Key, layer: Layer) {
    let mut all = kept();
    // Another thread may have drawn the same layer meanwhile: keep one.
    all.retain(|(k, _)| *k != key);
    all.insert(0, (key, layer));
    let mut bytes = 0;
    // The newest layer stays whatever its size.
    let keep = all
        .iter()
        .position(|(_, l)| {
            bytes += l.0.as_raw().len();
            bytes > KEPT_BYTES
        })
        .map_or(all.len(), |past| past.max(1));
    all.truncate(keep);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::canvas::rgb;

    fn key(n: u32) -> Key {
        Key::new("test", 4, 3, &View::default(), false).shape([n, 0, 0])
    }

    /// A kept layer comes back as drawn, without drawing again, and the cache never holds
    /// more than KEPT_BYTES of layers.
    #[test]
    fn layers_are_kept_and_bounded() {
        let draws = Cell::new(0);
        let draw = |c: &mut Canvas| {
            draws.set(draws.get() + 1);
            c.rect(1, 1, 2, 1, rgb(0x123456));
        };
        let view = View::default();
        let first = base(key(9000), &view, draw);
        let again = base(key(9000), &view, draw);
        assert_eq!(draws.get(), 1);
        assert!(first.img == again.img);
        // Layers of 4 MB: past the budget the oldest go, the newest stay.
        let big = |n: u32| Key {
            width: 1024,
            height: 1024,
            ..key(n)
        };
        let count = (KEPT_BYTES >> 22) as u32 + 5;
        for n in 0..count {
            base(big(9100 + n), &view, |_| {});
        }
        let held: usize = kept().iter().map(|(_, l)| l.0.as_raw().len()).sum();
        assert!(held <= KEPT_BYTES, "{held} bytes kept");
        assert!(find(&big(9100 + count - 1)).is_some(), "the newest is kept");
        assert!(find(&big(9100)).is_none(), "the oldest went");
        uncached(|| base(key(9000), &view, draw));
        assert_eq!(draws.get(), 2, "uncached draws afresh");
    }
}
