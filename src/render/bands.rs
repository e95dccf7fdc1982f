//! A picture's compressed rows kept in bands of [`ROWS`] rows, so that a move's picture
//! filters and compresses only the bands that differ from a picture drawn before (issue 45:
//! encoding was half of a busy Battle Zone move; about half of a picture's bands are as they
//! were a move before: margins, the panels a move leaves alone, the board's untouched rows).
//!
//! A band is found by a 128-bit hash of its pixels and of the row above it (Paeth reads it).
//! Each band is compressed by fdeflate as a zlib stream of its own, whose one block is then
//! marked not final and followed by an empty stored block, so that it ends on a byte: the
//! picture's stream is the bands' bytes one after the other, an empty final block, and the
//! checksum combined from the bands' checksums. fdeflate codes zeros in runs and other bytes
//! one by one, never across a call, and rows are given to it one at a time: a band costs
//! only its block's header (52 bytes) and the 4-5 bytes ending it.
//!
//! The kept bands are shared by every thread, behind a mutex held only to look up or store.

use fdeflate::Compressor;
use std::cell::{Cell, RefCell};
use std::collections::{HashMap, VecDeque};
use std::ops::Range;
use std::sync::{Arc, Mutex, OnceLock};

/// Rows in a band. Fewer rows find more bands unchanged but cost a header each (about 1.8 KB
/// a Battle Zone picture at 32).
pub const ROWS: usize = 32;

/// How many bytes of compressed bands are kept; past it the oldest made are forgotten, a few
/// at each band made (forgetting thousands at once, as a cache emptied whole, held a move up
/// a fraction of a millisecond). A band seen every move is made again once it is forgotten.
pub const KEPT_BYTES: usize = 16 << 20;

/// A band compressed: its deflate bytes (not final, ending on a byte), the Adler-32 of its
/// filtered rows and its pixels and-ed together (for the opacity check).
struct Band {
    deflate: Box<[u8]>,
    adler: u32,
    opaque: u32,
}

/// What a band costs the budget beyond its bytes: its entry and its allocation's overhead.
const OVERHEAD: usize = 64;

#[derive(Default)]
struct Kept {
    bands: HashMap<u128, Arc<Band>>,
    /// The keys in the order their bands were made.
    made: VecDeque<u128>,
    bytes: usize,
}

impl Kept {
    fn get(&self, key: u128) -> Option<Arc<Band>> {
        self.bands.get(&key).cloned()
    }

    fn put(&mut self, key: u128, band: Arc<Band>) {
        // Two threads may make the same band at once: the first kept stays.
        if self.bands.contains_key(&key) {
            return;
        }
        self.bytes += band.deflate.len() + OVERHEAD;
        self.bands.insert(key, band);
        self.made.push_back(key);
        while self.bytes > KEPT_BYTES {
            let Some(old) = self.made.pop_front() else {
                break;
            };
            if let Some(b) = self.bands.remove(&old) {
                self.bytes -= b.deflate.len() + OVERHEAD;
            }
        }
    }
}

static KEPT: Mutex<Option<Kept>> = Mutex::new(None);

thread_local! {
    static UNKEPT: Cell<bool> = const { Cell::new(false) };
}

/// `f` with this thread's pictures compressed whole, no band kept or taken: what a picture
/// costs when none of it was seen before (the render bench times it so).
pub fn unkept<T>(f: impl FnOnce() -> T) -> T {
    let before = UNKEPT.with(|u| u.replace(true));
    let out = f();
    UNKEPT.with(|u| u.set(before));
    out
}

/// The zlib stream of a picture `h` rows of `stride` bytes (`raw`), whose rows `filter`
/// filters and writes into a compressor, returning their pixels and-ed together; with it,
/// the and of every row's pixels. Each band's compressed bytes are taken from those kept when
/// the band was met before. Every caller must filter alike (the encoder's Paeth on RGB): a
/// band is known by its pixels only. `None` inside [`unkept`], or if this build's fdeflate
/// does not write streams that join.
pub fn zlib(
    raw: &[u8],
    stride: usize,
    h: usize,
    filter: impl Fn(Range<usize>, &mut Compressor<&mut Vec<u8>>) -> u32,
) -> Option<(Vec<u8>, u32)> {
    if UNKEPT.with(Cell::get) || !bands_join() {
        return None;
    }
    let starts: Vec<usize> = (0..h).step_by(ROWS).collect();
    let keys: Vec<u128> = starts
        .iter()
        .map(|&y| key(raw, stride, y, (y + ROWS).min(h)))
        .collect();
    let mut bands: Vec<Option<Arc<Band>>> = {
        let mut kept = KEPT.lock().unwrap_or_else(|e| e.into_inner());
        let kept = kept.get_or_insert_with(Kept::default);
        keys.iter().map(|&k| kept.get(k)).collect()
    };
    let mut made = Vec::new();
    for (i, band) in bands.iter_mut().enumerate() {
        if band.is_none() {
            let b = Arc::new(compress(starts[i]..(starts[i] + ROWS).min(h), &filter));
            made.push((keys[i], b.clone()));
            *band = Some(b);
        }
    }
    if !made.is_empty() {
        let mut kept = KEPT.lock().unwrap_or_else(|e| e.into_inner());
        let kept = kept.get_or_insert_with(Kept::default);
        for (k, b) in made {
            kept.put(k, b);
        }
    }
    let bands: Vec<Arc<Band>> = bands.into_iter().flatten().collect();
    let row_bytes = 1 + stride / 4 * 3;
    let total: usize = bands.iter().map(|b| b.deflate.len()).sum();
    let mut zlib = Vec::with_capacity(total + 8);
    // CMF: deflate with a 32 KB window; FLG: no dictionary, check bits making it a multiple
    // of 31 (fdeflate's header too).
    zlib.extend_from_slice(&[0x78, 0x01]);
    let (mut adler, mut opaque) = (1, u32::MAX);
    for (b, &y) in bands.iter().zip(&starts) {
        zlib.extend_from_slice(&b.deflate);
        adler = adler_combine(adler, b.adler, row_bytes * ((y + ROWS).min(h) - y));
        opaque &= b.opaque;
    }
    // The final block: fixed codes, nothing but its end.
    zlib.extend_from_slice(&[0x03, 0x00]);
    zlib.extend_from_slice(&adler.to_be_bytes());
    Some((zlib, opaque))
}

/// The key of rows `y0..y1` of `raw` with the row above them: the bytes Paeth reads for those
/// rows, and the picture's width and whether the band is the top one (whose row above is
/// zeros) as the hash's seed.
fn key(raw: &[u8], stride: usize, y0: usize, y1: usize) -> u128 {
    let from = y0.saturating_sub(1) * stride;
    let seed = (stride as u64) << 1 | u64::from(y0 == 0);
    xxhash_rust::xxh3::xxh3_128_with_seed(&raw[from..y1 * stride], seed)
}

/// Rows `rows` filtered and compressed as a band.
fn compress(
    rows: Range<usize>,
    filter: impl Fn(Range<usize>, &mut Compressor<&mut Vec<u8>>) -> u32,
) -> Band {
    thread_local! {
        /// The stream a band is compressed into, kept for the next band.
        static STREAM: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    }
    STREAM.with_borrow_mut(|stream| {
        stream.clear();
        let mut z = Compressor::new(&mut *stream).expect("compressing into memory cannot fail");
        let opaque = filter(rows, &mut z);
        z.finish().expect("compressing into memory cannot fail");
        let (deflate, adler) = not_final(stream);
        Band {
            deflate,
            adler,
            opaque,
        }
    })
}

/// The deflate bytes of fdeflate's one-block zlib stream `zlib`, made to go on: its block
/// marked not final and followed by an empty stored block (whose length starts on a byte),
/// and the stream's Adler-32.
fn not_final(zlib: &[u8]) -> (Box<[u8]>, u32) {
    let (body, sum) = zlib.split_at(zlib.len() - 4);
    let body = &body[2..];
    // The end-of-block code ends in a 1 bit (checked once, [`bands_join`]): the bits past it
    // are the padding.
    let last = *body.last().expect("a block is never empty");
    let used = 8 - last.leading_zeros() as usize;
    // The stored block's three header bits (not final, type 0) are zeros: in the padding
    // when they fit, else in a byte of their own.
    let header = usize::from(used + 3 > 8);
    let mut deflate = Vec::with_capacity(body.len() + header + 4);
    deflate.extend_from_slice(body);
    // Bit 0 of a block is its "final" flag.
    deflate[0] &= !1;
    deflate.resize(body.len() + header, 0);
    deflate.extend_from_slice(&[0x00, 0x00, 0xFF, 0xFF]);
    let adler = u32::from_be_bytes(sum.try_into().expect("four bytes"));
    (deflate.into_boxed_slice(), adler)
}

/// The Adler-32 of `a` followed by `b` (`len_b` bytes) from theirs: the first sum is
/// `a1 + b1 - 1`, the second `a2 + b2 + len_b * (a1 - 1)`, both modulo 65,521.
fn adler_combine(a: u32, b: u32, len_b: usize) -> u32 {
    const BASE: u64 = 65_521;
    let (a1, a2) = (u64::from(a & 0xFFFF), u64::from(a >> 16));
    let (b1, b2) = (u64::from(b & 0xFFFF), u64::from(b >> 16));
    let len = len_b as u64 % BASE;
    let s1 = (a1 + b1 + BASE - 1) % BASE;
    let s2 = (a2 + b2 + len * ((a1 + BASE - 1) % BASE)) % BASE;
    (s2 << 16 | s1) as u32
}

/// Whether this build's fdeflate writes streams that join as [`not_final`] makes them (one
/// block, its final flag at its first bit, an end-of-block code ending in a 1 bit): checked
/// once by inflating a joined stream; without it, pictures are compressed whole.
fn bands_join() -> bool {
    static JOINS: OnceLock<bool> = OnceLock::new();
    *JOINS.get_or_init(|| {
        let parts: Vec<Vec<u8>> = vec![
            (0..3000u32).map(|i| (i * 7 % 251) as u8 & 0xF3).collect(),
            (0..1000u32)
                .map(|i| if i % 9 < 5 { 0 } else { i as u8 })
                .collect(),
            vec![0; 77],
            vec![5, 0, 0, 9],
        ];
        let mut zlib = vec![0x78, 0x01];
        let mut adler = 1;
        for p in &parts {
            let (d, a) = not_final(&fdeflate::compress_to_vec(p));
            zlib.extend_from_slice(&d);
            adler = adler_combine(adler, a, p.len());
        }
        zlib.extend_from_slice(&[0x03, 0x00]);
        zlib.extend_from_slice(&adler.to_be_bytes());
        let mut back = Vec::new();
        let inflated =
            std::io::Read::read_to_end(&mut flate2::read::ZlibDecoder::new(&zlib[..]), &mut back);
        inflated.is_ok() && back == parts.concat()
    })
}

#[cfg(test)]
#[path = "bands_tests.rs"]
mod tests;
