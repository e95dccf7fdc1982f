//! PNG encoding (issue 30: encoding was 45-50% of a move's time). A board has few colours:
//! flat squares and panels, anti-aliased edges and text between a few pairs of them. When a
//! picture has at most 256 colours it is written as an indexed (palette) PNG, one byte a pixel
//! instead of four, which is both smaller and several times faster to filter and compress;
//! otherwise as RGB when every pixel is opaque (every board), filtered here ([`rgb_paeth`],
//! or [`rgb_adaptive`] for the busiest pictures), and as RGBA when some is not. Every pixel
//! decodes to exactly what was drawn either way.
//!
//! The settings were chosen by measuring them on every game's pictures
//! (`BENCH_COMPARE=1 cargo bench --bench render`; figures in the README's section on speed).

use image::RgbaImage;
use png::{BitDepth, ColorType, Compression, Filter};

/// Defines `fn $name(args)` calling `$any`, compiled a second time for AVX2 and that copy
/// called where the processor has it: the filters' loops are written once, plainly, and the
/// compiler vectorises them 32 bytes at a time instead of SSE2's 16.
macro_rules! with_avx2 {
    ($(#[$doc:meta])* fn $name:ident($($arg:ident: $ty:ty),*) $(-> $ret:ty)? = $any:ident) => {
        $(#[$doc])*
        fn $name($($arg: $ty),*) $(-> $ret)? {
            #[cfg(target_arch = "x86_64")]
            #[target_feature(enable = "avx2")]
            fn avx2($($arg: $ty),*) $(-> $ret)? {
                $any($($arg),*)
            }
            #[cfg(target_arch = "x86_64")]
            if std::arch::is_x86_feature_detected!("avx2") {
                // SAFETY: the processor has AVX2, just checked.
                return unsafe { avx2($($arg),*) };
            }
            $any($($arg),*)
        }
    };
}

/// Row filter and compression of an indexed picture: no filter (filters predict from
/// neighbouring bytes, which palette indices are not like) and fdeflate's fast compression.
pub const INDEXED: (Filter, Compression) = (Filter::NoFilter, Compression::Fast);
/// Of a picture with more than 256 colours (every board: anti-aliased edges and text between
/// many pairs of colours), in RGB or RGBA: Paeth on every row and fast compression, except past
/// [`PAETH_UP_TO`]. The adaptive filter makes files 4-9% smaller and takes 1.3-2 times as
/// long; `Up` is faster still and 45% larger.
pub const TRUE_COLOUR: (Filter, Compression) = (Filter::Paeth, Compression::Fast);

/// A picture whose Paeth encoding comes out larger than this is encoded again with the
/// adaptive filter, 4-5% smaller: the busiest late Battle Zone positions, whose Paeth files
/// reach 207 KB, stay under 200 KB that way (the largest adaptive file of 432 late
/// pictures, both themes and languages, was 198,626 bytes). Encoding Paeth first costs about
/// 10 M instructions a late Battle Zone picture where the adaptive filter costs 16 M, and 98%
/// of the pictures past the former `busy` threshold (a tenth of Battle Zone's) came out under
/// this size: they were its slowest 1% of moves.
pub const PAETH_UP_TO: usize = 190 * 1024;

/// Past this estimate of a picture's busy bytes (see [`busy`]) a Paeth file would surely be
/// past [`PAETH_UP_TO`] (about 1.5 bytes a busy byte on late Battle Zone positions), so the
/// picture goes straight to the adaptive filter instead of being encoded twice.
pub const ADAPTIVE_PAST: usize = 135_000;

/// Rows sampled by [`busy`]: one in this many.
const SAMPLED: usize = 32;

/// The PNG bytes of `img`: indexed when it has at most 256 colours, otherwise RGB when every
/// pixel is opaque (every board: a quarter fewer bytes to filter and compress than RGBA, whose
/// alpha bytes the filter turns into zeros that still cost the compressor a code each), and
/// RGBA only for a picture with some transparency; compressed fast, and again at a stronger
/// level past [`COMPRESS_AGAIN_PAST`].
pub fn png(img: &RgbaImage) -> Vec<u8> {
    let fast = png_fast(img);
    if fast.len() <= COMPRESS_AGAIN_PAST {
        return fast;
    }
    let (w, h) = img.dimensions();
    let again = Deflate::Level(AGAIN_LEVEL);
    let again = with_rgb(img, |rgb| {
        true_colour(w, h, ColorType::Rgb, rgb, Filter::Paeth, again)
    })
    .unwrap_or_else(|| true_colour(w, h, ColorType::Rgba, img.as_raw(), Filter::Paeth, again));
    if again.len() < fast.len() {
        again
    } else {
        fast
    }
}

/// A picture still larger than this from the fast compressor is compressed again with
/// [`AGAIN_LEVEL`], keeping the smaller file. The busiest late Battle Zone positions of the
/// service bench's games (6 of its 1,231 light pictures) came out at 200,679-219,089 bytes,
/// over the 200 KB a board may take, even with the adaptive filter. Those were Battle Zone's
/// ranges hatched diagonally; striped level since, no board of long random games comes near
/// this (the largest of 7,982 late positions is 135 KB), and this stays as a safeguard.
pub const COMPRESS_AGAIN_PAST: usize = 195_000;

/// zlib's level for a picture compressed again, with the Paeth filter: its matches find the
/// repeats the fast compressor does not look for. With zlib-rs behind flate2 the pictures
/// above come out at 120-136 KB, their moves at 5.0-6.3 ms in the release bench (miniz_oxide,
/// flate2's default: 112-128 KB, 6.2-7.8 ms). The `png` crate's balanced level made them
/// 86-99 KB, but in 16-18 ms each: the Battle Zone row's slowest moves, half a percent of
/// them, which pushed its p99 up.
pub const AGAIN_LEVEL: u8 = 1;

/// [`png`] with the fast compressor only.
fn png_fast(img: &RgbaImage) -> Vec<u8> {
    if let Some(p) = palette(img) {
        return indexed(img, &p, INDEXED.0, INDEXED.1);
    }
    // Alpha bytes of an opaque picture leave nothing under Paeth, so the count over RGBA is
    // the count over its RGB.
    let adaptive =
        || rgb_adaptive(img).unwrap_or_else(|| rgba(img, Filter::Adaptive, TRUE_COLOUR.1));
    if busy(img.as_raw(), img.width() as usize * 4, 4) > ADAPTIVE_PAST {
        return adaptive();
    }
    match rgb_paeth_kept(img) {
        Some(paeth) if paeth.len() > PAETH_UP_TO => adaptive(),
        Some(paeth) => paeth,
        None => rgba(img, TRUE_COLOUR.0, TRUE_COLOUR.1),
    }
}

/// `img`'s width and height as lengths, `None` for a picture without pixels: the RGB
/// encoders leave those to the `png` crate's, as they do a picture that is not opaque.
fn width_height(img: &RgbaImage) -> Option<(usize, usize)> {
    let (w, h) = img.dimensions();
    (w > 0 && h > 0).then_some((w as usize, h as usize))
}

/// `img` as an RGB PNG with the Paeth filter on every row and fdeflate's fast compression,
/// as [`true_colour`] writes it, but filtered here straight from the RGBA rows: the predictor
/// runs on whole rows of one length (vectorised, where the `png` crate's takes about three
/// instructions a byte) and only the filtered row is packed to RGB, so no packed copy of the
/// picture is made. `None` when some pixel is not opaque, or when compression would not pay
/// (the `png` crate then stores the rows, which [`true_colour`] does).
pub fn rgb_paeth(img: &RgbaImage) -> Option<Vec<u8>> {
    let (w, h) = width_height(img)?;
    let mut zlib = fdeflate::Compressor::new(std::io::Cursor::new(Vec::with_capacity(96 * 1024)))
        .expect("compressing into memory cannot fail");
    let opaque = paeth_rows(img.as_raw(), w * 4, 0..h, &mut zlib);
    let zlib = zlib
        .finish()
        .expect("compressing into memory cannot fail")
        .into_inner();
    finish_rgb(img, opaque, zlib, Filter::Paeth)
}

/// [`rgb_paeth`], with the compressed bytes of the bands of rows met before taken from those
/// kept ([`super::bands`]): the same pixels, a few bytes longer (57 a band).
pub fn rgb_paeth_kept(img: &RgbaImage) -> Option<Vec<u8>> {
    let (w, h) = width_height(img)?;
    let (raw, stride) = (img.as_raw(), w * 4);
    match super::bands::zlib(raw, stride, h, |rows, z| paeth_rows(raw, stride, rows, z)) {
        Some((zlib, opaque)) => finish_rgb(img, opaque, zlib, Filter::Paeth),
        None => rgb_paeth(img),
    }
}

/// Rows `rows` of the RGBA pixels `raw` (`stride` bytes a row), each with Paeth as RGB and
/// its filter type byte, into `zlib`; returns their pixels and-ed together (every alpha is
/// 255 when its top byte is).
fn paeth_rows<W: std::io::Write>(
    raw: &[u8],
    stride: usize,
    rows: std::ops::Range<usize>,
    zlib: &mut fdeflate::Compressor<W>,
) -> u32 {
    thread_local! {
        /// The rows [`paeth_rows`] works in, kept for the next call (a picture's bands are
        /// thirty-odd calls).
        static SCRATCH: std::cell::RefCell<[Vec<u8>; 4]> = const {
            std::cell::RefCell::new([Vec::new(), Vec::new(), Vec::new(), Vec::new()])
        };
    }
    SCRATCH.with_borrow_mut(|[zeros, filtered, out_row, same_row]| {
        let n = 1 + stride / 4 * 3;
        zeros.clear();
        zeros.resize(stride, 0);
        filtered.resize(stride, 0);
        // The filter type byte, then the row's red, green and blue residuals.
        out_row.resize(n, 0);
        out_row[0] = 4;
        // A row the same as the one above (a third or more of a board's: margins, the empty
        // part of a square, a panel between its lines) leaves Paeth nothing: its residuals
        // are zeros, its pixels were checked with the row above.
        same_row.clear();
        same_row.resize(n, 0);
        same_row[0] = 4;
        let (zeros, same_row) = (&zeros[..], &same_row[..n]);
        let mut opaque = u32::MAX;
        for y in rows.clone() {
            let row = &raw[y * stride..][..stride];
            let up = if y == 0 {
                zeros
            } else {
                &raw[(y - 1) * stride..][..stride]
            };
            // The row above was checked only when it is in `rows`.
            if y > rows.start && row == up {
                zlib.write_data(same_row)
                    .expect("compressing into memory cannot fail");
                continue;
            }
            // Whole pixels and-ed together (vectorised): the alphas are all 255 when the top
            // byte is.
            opaque &= row.chunks_exact(4).fold(u32::MAX, |m, p| {
                m & u32::from_le_bytes([p[0], p[1], p[2], p[3]])
            });
            // The first pixel has no left neighbour: PNG takes it as zero.
            for k in 0..4 {
                filtered[k] = row[k].wrapping_sub(paeth(0, up[k], 0));
            }
            paeth_row(row, up, &mut filtered[4..], 4);
            pack(filtered, &mut out_row[1..n]);
            zlib.write_data(&out_row[..n])
                .expect("compressing into memory cannot fail");
        }
        opaque
    })
}

/// The PNG of `img` whose rows, filtered with `filter`, make the zlib stream `zlib`: `None`
/// when some pixel was not opaque (`opaque` is every pixel's bits and-ed together), and the
/// `png` crate's stored rows, as [`true_colour`] writes them, when compressing did not pay.
fn finish_rgb(img: &RgbaImage, opaque: u32, zlib: Vec<u8>, filter: Filter) -> Option<Vec<u8>> {
    if opaque >> 24 != 0xFF {
        return None;
    }
    let (w, h) = width_height(img)?;
    if zlib.len() > fdeflate::StoredOnlyCompressor::<()>::compressed_size((1 + w * 3) * h) {
        return with_rgb(img, |rgb| {
            true_colour(
                w as u32,
                h as u32,
                ColorType::Rgb,
                rgb,
                filter,
                Deflate::Preset(TRUE_COLOUR.1),
            )
        });
    }
    Some(idat_png(w, h, &zlib))
}

/// `img` as an RGB PNG with the `png` crate's adaptive filter and fdeflate's fast compression,
/// byte for byte as [`true_colour`] writes it (a test checks), with the filters and their
/// costs computed here on whole rows of one length (vectorised; AVX2 where present): the
/// `png` crate took about eleven instructions a byte, and these pictures (the busiest Battle
/// Zone positions, a tenth of them late in a game) were a move's slowest. `None` when some
/// pixel is not opaque.
pub fn rgb_adaptive(img: &RgbaImage) -> Option<Vec<u8>> {
    let (w, _) = width_height(img)?;
    let n = w * 3;
    let (mut up, mut row) = (vec![0u8; n], vec![0u8; n]);
    // The filter type byte, then the filtered row: the best so far, and the one tried.
    let (mut best, mut tried) = (vec![0u8; 1 + n], vec![0u8; 1 + n]);
    let mut zlib = fdeflate::Compressor::new(std::io::Cursor::new(Vec::with_capacity(96 * 1024)))
        .expect("compressing into memory cannot fail");
    let mut opaque = u32::MAX;
    for px in img.as_raw().chunks_exact(w * 4) {
        opaque &= pack(px, &mut row);
        adaptive_row(&row, &up, &mut best, &mut tried);
        zlib.write_data(&best)
            .expect("compressing into memory cannot fail");
        std::mem::swap(&mut up, &mut row);
    }
    let zlib = zlib
        .finish()
        .expect("compressing into memory cannot fail")
        .into_inner();
    finish_rgb(img, opaque, zlib, Filter::Adaptive)
}

with_avx2! {
    /// The `png` crate's adaptive choice for one RGB row `row` (above it `up`), into `best`
    /// (type byte first): Up, Sub, Avg and Paeth in that order, the one whose bytes taken as
    /// signed sum least in absolute value, a later one on a tie, stopping at a sum of zero.
    fn adaptive_row(row: &[u8], up: &[u8], best: &mut Vec<u8>, tried: &mut Vec<u8>) = adaptive_row_any
}

#[inline(always)]
fn adaptive_row_any(row: &[u8], up: &[u8], best: &mut Vec<u8>, tried: &mut Vec<u8>) {
    const BPP: usize = 3;
    let n = row.len();
    let mut least = u64::MAX;
    for kind in [2u8, 1, 3, 4] {
        let out = &mut tried[1..];
        let m = n.saturating_sub(BPP);
        match kind {
            2 => {
                for i in 0..n {
                    out[i] = row[i].wrapping_sub(up[i]);
                }
            }
            1 => {
                out[..BPP.min(n)].copy_from_slice(&row[..BPP.min(n)]);
                let (x, a, f) = (&row[BPP.min(n)..], &row[..m], &mut out[BPP.min(n)..]);
                for i in 0..m {
                    f[i] = x[i].wrapping_sub(a[i]);
                }
            }
            3 => {
                for i in 0..BPP.min(n) {
                    out[i] = row[i].wrapping_sub(up[i] / 2);
                }
                let k = BPP.min(n);
                let (x, a, b, f) = (&row[k..], &row[..m], &up[k..], &mut out[k..]);
                for i in 0..m {
                    f[i] = x[i].wrapping_sub((a[i] & b[i]) + ((a[i] ^ b[i]) >> 1));
                }
            }
            _ => {
                for i in 0..BPP.min(n) {
                    out[i] = row[i].wrapping_sub(paeth(0, up[i], 0));
                }
                if n > BPP {
                    paeth_row_any(row, up, &mut out[BPP..], BPP);
                }
            }
        }
        // Sums of at most 128 a byte, in 32 bits: rows are far shorter than 2^24 bytes.
        let cost: u32 = out
            .iter()
            .map(|&b| u32::from((b as i8).unsigned_abs()))
            .sum();
        let cost = u64::from(cost);
        if cost <= least {
            least = cost;
            tried[0] = kind;
            std::mem::swap(best, tried);
            if cost == 0 {
                return;
            }
        }
    }
}

/// A PNG of `w` x `h` RGB pixels whose compressed rows are `zlib`.
fn idat_png(w: usize, h: usize, zlib: &[u8]) -> Vec<u8> {
    let mut png = Vec::with_capacity(zlib.len() + 64);
    let mut enc = png::Encoder::new(&mut png, w as u32, h as u32);
    enc.set_color(ColorType::Rgb);
    enc.set_depth(BitDepth::Eight);
    let mut writer = enc
        .write_header()
        .expect("writing a PNG into memory cannot fail");
    writer
        .write_chunk(png::chunk::IDAT, zlib)
        .expect("writing a PNG into memory cannot fail");
    writer
        .finish()
        .expect("writing a PNG into memory cannot fail");
    png
}

/// `f` of the red, green and blue bytes of `img`, or `None` when some pixel is not opaque.
/// The bytes are written into a buffer kept by each thread (as large as its largest picture,
/// under 2 MB) rather than a fresh one allocated and cleared for every picture.
pub fn with_rgb<T>(img: &RgbaImage, f: impl FnOnce(&[u8]) -> T) -> Option<T> {
    thread_local! {
        static RGB: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    RGB.with_borrow_mut(|out| {
        let raw = img.as_raw();
        out.resize(raw.len() / 4 * 3, 0);
        let all = pack(raw, out);
        (all >> 24 == 0xFF).then(|| f(out))
    })
}

/// Copies the red, green and blue bytes of the RGBA pixels `raw` into `out`; returns the
/// pixels and-ed together (their alphas are all 255 when its top byte is).
fn pack(raw: &[u8], out: &mut [u8]) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("ssse3") {
        // SAFETY: the processor has SSSE3, just checked.
        return unsafe { pack_ssse3(raw, out) };
    }
    pack_words(raw, out)
}

/// Four pixels (four words) at a time into three words.
fn pack_words(raw: &[u8], out: &mut [u8]) -> u32 {
    let mut all = u32::MAX;
    let mut outs = out.chunks_exact_mut(12);
    let mut ins = raw.chunks_exact(16);
    for (o, i) in (&mut outs).zip(&mut ins) {
        let word = |k: usize| u32::from_le_bytes([i[k], i[k + 1], i[k + 2], i[k + 3]]);
        let (p0, p1, p2, p3) = (word(0), word(4), word(8), word(12));
        all &= p0 & p1 & p2 & p3;
        o[0..4].copy_from_slice(&(p0 & 0xFF_FFFF | p1 << 24).to_le_bytes());
        o[4..8].copy_from_slice(&(p1 >> 8 & 0xFFFF | p2 << 16).to_le_bytes());
        o[8..12].copy_from_slice(&(p2 >> 16 & 0xFF | p3 << 8).to_le_bytes());
    }
    for (o, i) in outs
        .into_remainder()
        .chunks_exact_mut(3)
        .zip(ins.remainder().chunks_exact(4))
    {
        o.copy_from_slice(&i[..3]);
        all &= u32::from_le_bytes([i[0], i[1], i[2], i[3]]);
    }
    all
}

/// [`pack_words`] with one byte shuffle for four pixels: the words' version is eight
/// instructions a pixel, most of the cost of encoding in RGB rather than RGBA.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "ssse3")]
fn pack_ssse3(raw: &[u8], out: &mut [u8]) -> u32 {
    use std::arch::x86_64::*;
    let groups = raw.len() / 16;
    // Each shuffle stores 16 bytes of which 12 are kept: the last group goes word by word,
    // so that no store passes the end of `out`.
    let fast = groups.saturating_sub(1);
    let keep = _mm_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1);
    let mut all = _mm_set1_epi8(-1);
    for g in 0..fast {
        let from = &raw[16 * g..16 * g + 16];
        let to = &mut out[12 * g..12 * g + 16];
        // SAFETY: `from` and `to` are 16 bytes long, and unaligned loads and stores are
        // allowed.
        let v = unsafe { _mm_loadu_si128(from.as_ptr().cast()) };
        all = _mm_and_si128(all, v);
        unsafe { _mm_storeu_si128(to.as_mut_ptr().cast(), _mm_shuffle_epi8(v, keep)) };
    }
    let mut lanes = [0u8; 16];
    // SAFETY: `lanes` is 16 bytes long.
    unsafe { _mm_storeu_si128(lanes.as_mut_ptr().cast(), all) };
    let words = lanes.chunks_exact(4).fold(u32::MAX, |a, w| {
        a & u32::from_le_bytes([w[0], w[1], w[2], w[3]])
    });
    words & pack_words(&raw[16 * fast..], &mut out[12 * fast..])
}

with_avx2! {
    /// The Paeth residuals of `row` (above it `up`) from its second pixel on, `bpp` bytes a
    /// pixel, into `out`. With AVX2 (every x86-64 processor since 2013) the same loop is compiled
    /// for 32 bytes at a time instead of SSE2's 16: this filter is most of a picture's encoding.
    fn paeth_row(row: &[u8], up: &[u8], out: &mut [u8], bpp: usize) = paeth_row_any
}

#[inline(always)]
fn paeth_row_any(row: &[u8], up: &[u8], out: &mut [u8], bpp: usize) {
    let n = row.len() - bpp;
    // Slices of one length and a predictor without branches: the loop is vectorised.
    let (x, a, b, c) = (&row[bpp..][..n], &row[..n], &up[bpp..][..n], &up[..n]);
    let f = &mut out[..n];
    for i in 0..n {
        f[i] = x[i].wrapping_sub(paeth(a[i], b[i], c[i]));
    }
}

/// An estimate of the bytes the Paeth filter leaves non-zero in a picture of rows `stride`
/// bytes long, `bpp` bytes a pixel (from one row in [`SAMPLED`]): the fast compressor codes
/// runs of zeros in a few bits and every other byte in about eight, so its output grows with
/// this count.
pub fn busy(data: &[u8], stride: usize, bpp: usize) -> usize {
    if stride <= bpp {
        return 0;
    }
    let rows: Vec<&[u8]> = data.chunks_exact(stride).collect();
    let mut count = 0;
    for y in (1..rows.len()).step_by(SAMPLED) {
        count += busy_row(rows[y], rows[y - 1], bpp) as usize;
    }
    count * SAMPLED
}

with_avx2! {
    /// The bytes of `row` (above it `up`) from its second pixel on that Paeth does not predict;
    /// compiled for AVX2 where there is one, as [`paeth_row`].
    fn busy_row(row: &[u8], up: &[u8], bpp: usize) -> u32 = busy_row_any
}

#[inline(always)]
fn busy_row_any(row: &[u8], up: &[u8], bpp: usize) -> u32 {
    let n = row.len() - bpp;
    // Slices of one length and a predictor without branches: the loop is vectorised.
    let (x, a, b, c) = (&row[bpp..][..n], &row[..n], &up[bpp..][..n], &up[..n]);
    let mut count = 0u32;
    for i in 0..n {
        count += u32::from(x[i] != paeth(a[i], b[i], c[i]));
    }
    count
}

/// The Paeth predictor of PNG's specification, in the form of Luca Versari's FPNGE (the
/// `png` crate's too): on bytes only, with selects rather than branches, so that it is
/// vectorised. `|p - a| = |b - c|`, `|p - b| = |a - c|`, and `|p - c|` is their difference
/// when `c` lies between `a` and `b`, and larger than both otherwise.
#[inline(always)]
fn paeth(a: u8, b: u8, c: u8) -> u8 {
    let pa = b.max(c) - b.min(c);
    let pb = a.max(c) - a.min(c);
    let pc = if (a < c) == (c < b) {
        pa.max(pb) - pa.min(pb)
    } else {
        255
    };
    if pa <= pb && pa <= pc {
        a
    } else if pb <= pc {
        b
    } else {
        c
    }
}

/// A picture's colours (RGBA, in order of first appearance) and each pixel's index into
/// them; `None` past 256 colours.
pub struct Palette {
    pub colours: Vec<[u8; 4]>,
    pub indices: Vec<u8>,
}

/// Slots of the table that finds a colour's index: a power of two, well over 256 so that
/// probes stay short.
const SLOTS: usize = 1024;

pub fn palette(img: &RgbaImage) -> Option<Palette> {
    let raw = img.as_raw();
    if more_than_256_in_sample(raw, img.width() as usize * 4) {
        return None;
    }
    let mut table = ColourTable::new();
    let mut indices = Vec::with_capacity(raw.len() / 4);
    // Runs of one colour are most of a board: the previous pixel's index is tried first.
    let (mut last, mut last_index) = (None, 0u8);
    for px in raw.chunks_exact(4) {
        let c = u32::from_le_bytes([px[0], px[1], px[2], px[3]]);
        if last != Some(c) {
            last_index = table.index(c)?;
            last = Some(c);
        }
        indices.push(last_index);
    }
    Some(Palette {
        colours: table.colours.iter().map(|c| c.to_le_bytes()).collect(),
        indices,
    })
}

/// The colours met so far, in order, and an open-addressing table finding a colour's index.
struct ColourTable {
    colours: Vec<u32>,
    slots: [u16; SLOTS],
}

impl ColourTable {
    fn new() -> ColourTable {
        ColourTable {
            colours: Vec::with_capacity(256),
            slots: [u16::MAX; SLOTS],
        }
    }

    /// The index of `c`, added if new; `None` when it would be the 257th colour.
    fn index(&mut self, c: u32) -> Option<u8> {
        let mut slot = (c.wrapping_mul(0x9E37_79B1) >> 22) as usize;
        loop {
            match self.slots[slot] {
                u16::MAX => {
                    if self.colours.len() == 256 {
                        return None;
                    }
                    self.slots[slot] = self.colours.len() as u16;
                    self.colours.push(c);
                    return Some((self.colours.len() - 1) as u8);
                }
                i if self.colours[i as usize] == c => return Some(i as u8),
                _ => slot = (slot + 1) & (SLOTS - 1),
            }
        }
    }
}

/// Rows looked at by [`more_than_256_in_sample`]: one in this many.
const PALETTE_SAMPLED: usize = 8;

/// Whether some of `raw`'s rows (`stride` bytes long) already hold more than 256 colours:
/// then the whole picture does, and [`palette`] is spared a scan that every board failed
/// only after indexing much of it (4% of a bot's CPU under load). A sample within 256 says
/// nothing, and the whole scan decides.
fn more_than_256_in_sample(raw: &[u8], stride: usize) -> bool {
    if stride == 0 {
        return false;
    }
    let mut table = ColourTable::new();
    let mut last = None;
    for row in raw.chunks_exact(stride).step_by(PALETTE_SAMPLED) {
        for px in row.chunks_exact(4) {
            let c = u32::from_le_bytes([px[0], px[1], px[2], px[3]]);
            if last != Some(c) {
                if table.index(c).is_none() {
                    return true;
                }
                last = Some(c);
            }
        }
    }
    false
}

/// `img` as an indexed PNG of `p`, with a transparency chunk only when some colour is not
/// opaque.
pub fn indexed(img: &RgbaImage, p: &Palette, filter: Filter, compression: Compression) -> Vec<u8> {
    let mut out = Vec::with_capacity(32 * 1024);
    let (w, h) = img.dimensions();
    let mut enc = png::Encoder::new(&mut out, w, h);
    enc.set_color(ColorType::Indexed);
    enc.set_depth(BitDepth::Eight);
    enc.set_palette(
        p.colours
            .iter()
            .flat_map(|c| [c[0], c[1], c[2]])
            .collect::<Vec<u8>>(),
    );
    // tRNS lists alphas up to the last colour that is not opaque; the rest are opaque.
    if let Some(end) = p.colours.iter().rposition(|c| c[3] != 255) {
        enc.set_trns(p.colours[..=end].iter().map(|c| c[3]).collect::<Vec<u8>>());
    }
    // In this order: setting a compression level also sets its own filter.
    enc.set_compression(compression);
    enc.set_filter(filter);
    write(enc, &p.indices);
    out
}

/// `img` as an RGBA PNG.
pub fn rgba(img: &RgbaImage, filter: Filter, compression: Compression) -> Vec<u8> {
    let (w, h) = img.dimensions();
    true_colour(
        w,
        h,
        ColorType::Rgba,
        img.as_raw(),
        filter,
        Deflate::Preset(compression),
    )
}

/// `img` as an RGB PNG, or `None` when some pixel is not opaque.
pub fn rgb(img: &RgbaImage, filter: Filter, compression: Compression) -> Option<Vec<u8>> {
    let (w, h) = img.dimensions();
    with_rgb(img, |data| {
        true_colour(
            w,
            h,
            ColorType::Rgb,
            data,
            filter,
            Deflate::Preset(compression),
        )
    })
}

/// How [`true_colour`] deflates: one of the `png` crate's presets, or a zlib level.
#[derive(Clone, Copy)]
enum Deflate {
    Preset(Compression),
    Level(u8),
}

fn true_colour(
    w: u32,
    h: u32,
    colour: ColorType,
    data: &[u8],
    filter: Filter,
    deflate: Deflate,
) -> Vec<u8> {
    let mut out = Vec::with_capacity(64 * 1024);
    let mut enc = png::Encoder::new(&mut out, w, h);
    enc.set_color(colour);
    enc.set_depth(BitDepth::Eight);
    // In this order: setting a preset also sets its own filter.
    match deflate {
        Deflate::Preset(c) => enc.set_compression(c),
        Deflate::Level(l) => enc.set_deflate_compression(png::DeflateCompression::Level(l)),
    }
    enc.set_filter(filter);
    write(enc, data);
    out
}

fn write<W: std::io::Write>(enc: png::Encoder<'_, W>, data: &[u8]) {
    let mut writer = enc
        .write_header()
        .expect("writing a PNG into memory cannot fail");
    writer
        .write_image_data(data)
        .expect("the data is the picture's size");
    writer
        .finish()
        .expect("writing a PNG into memory cannot fail");
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgba;

    fn back(bytes: &[u8]) -> RgbaImage {
        image::load_from_memory(bytes).unwrap().to_rgba8()
    }

    /// A picture the fast compressor leaves over [`COMPRESS_AGAIN_PAST`] is compressed again
    /// and comes out smaller, pixel for pixel the same; one it leaves under is as it made it.
    #[test]
    fn a_picture_too_large_is_compressed_again() {
        // Noise repeated a tile apart: zlib finds the repeats, the fast compressor does not
        // look for them.
        let mut rng = crate::engine::rng::SplitMix64::new(7);
        let tile: Vec<[u8; 3]> = (0..97 * 61)
            .map(|_| {
                let v = rng.next();
                [v as u8, (v >> 8) as u8, (v >> 16) as u8]
            })
            .collect();
        let img = RgbaImage::from_fn(540, 1070, |x, y| {
            let [r, g, b] = tile[(y % 61 * 97 + x % 97) as usize];
            Rgba([r, g, b, 255])
        });
        let fast = png_fast(&img).len();
        let out = png(&img);
        assert!(
            fast > COMPRESS_AGAIN_PAST,
            "the fast compressor made {fast} bytes"
        );
        assert!(
            out.len() < fast / 2,
            "{} bytes again, {fast} fast",
            out.len()
        );
        assert!(back(&out) == img);
        let small = RgbaImage::from_fn(540, 1070, |x, y| {
            Rgba([(x / 30) as u8, (y / 30) as u8, 9, 255])
        });
        assert_eq!(png(&small), png_fast(&small));
    }

    /// A picture of few colours, some not opaque, comes back pixel for pixel from its
    /// indexed PNG; one of 257 colours is written in RGBA and comes back as well.
    #[test]
    fn indexed_and_true_colour_pictures_keep_every_pixel() {
        let mut few = RgbaImage::from_pixel(30, 20, Rgba([10, 20, 30, 255]));
        few.put_pixel(3, 4, Rgba([200, 100, 0, 255]));
        few.put_pixel(5, 6, Rgba([1, 2, 3, 4]));
        few.put_pixel(29, 19, Rgba([1, 2, 3, 0]));
        let bytes = png(&few);
        assert_eq!(palette(&few).unwrap().colours.len(), 4);
        assert!(back(&bytes) == few);
        let mut many = RgbaImage::new(257, 3);
        for x in 0..257u32 {
            many.put_pixel(x, 1, Rgba([x as u8, (x >> 8) as u8, 7, 255]));
        }
        assert!(palette(&many).is_none());
        assert!(back(&png(&many)) == many);
    }

    /// The sampled rows only ever refuse a picture the whole scan would refuse: 257 colours on
    /// a sampled row are refused without the scan; on a row between samples, by the scan; and
    /// 256 colours spread over every row are still indexed.
    #[test]
    fn a_sample_refuses_only_what_the_whole_scan_would() {
        let colour = |i: u32| Rgba([i as u8, (i >> 8) as u8, 7, 255]);
        for row in [0, 1, PALETTE_SAMPLED as u32] {
            let mut img = RgbaImage::from_pixel(257, 2 * PALETTE_SAMPLED as u32, colour(0));
            for x in 0..257 {
                img.put_pixel(x, row, colour(x));
            }
            let sampled = (row as usize).is_multiple_of(PALETTE_SAMPLED);
            assert_eq!(more_than_256_in_sample(img.as_raw(), 257 * 4), sampled);
            assert!(palette(&img).is_none());
        }
        let mut img = RgbaImage::new(16, 16);
        for (i, px) in img.pixels_mut().enumerate() {
            *px = colour(i as u32);
        }
        assert!(!more_than_256_in_sample(img.as_raw(), 16 * 4));
        assert_eq!(palette(&img).unwrap().colours.len(), 256);
    }

    /// The colour type written in a PNG's header.
    fn colour_type(bytes: &[u8]) -> u8 {
        bytes[25]
    }

    /// A picture of more than 256 colours, all opaque (as every board is), is written in RGB
    /// and comes back pixel for pixel; the same with one pixel not quite opaque is written in
    /// RGBA and comes back with that pixel too, wherever the pixel lies (the packing works
    /// four pixels at a time, and the last ones apart).
    #[test]
    fn opaque_pictures_are_rgb_and_others_rgba() {
        let (w, h) = (301, 7);
        let opaque = RgbaImage::from_fn(w, h, |x, y| {
            Rgba([x as u8, (x >> 8) as u8 ^ (y * 40) as u8, (x * y) as u8, 255])
        });
        assert!(palette(&opaque).is_none());
        let bytes = png(&opaque);
        assert_eq!(colour_type(&bytes), 2, "RGB");
        assert!(back(&bytes) == opaque);
        for (x, y) in [(0, 0), (5, 3), (300, 6), (299, 6), (296, 6), (150, 2)] {
            let mut see_through = opaque.clone();
            see_through.put_pixel(x, y, Rgba([9, 8, 7, 254]));
            assert!(with_rgb(&see_through, |_| ()).is_none(), "({x}, {y})");
            let bytes = png(&see_through);
            assert_eq!(colour_type(&bytes), 6, "RGBA for ({x}, {y})");
            assert!(back(&bytes) == see_through);
        }
    }

    /// The adaptive filter done here writes the `png` crate's bytes: at every width (the
    /// first pixel, rows shorter than a pixel's neighbours), on rows that each filter wins
    /// (flat, ramps, noise, rows equal to the one above), and stores a picture that does not
    /// compress as the `png` crate does.
    #[test]
    fn adaptive_filtering_writes_the_png_crates_bytes() {
        for (w, h) in [(1, 1), (2, 3), (5, 1), (17, 9), (64, 40), (301, 7)] {
            let img = RgbaImage::from_fn(w, h, |x, y| {
                let v = x.wrapping_mul(2654435761) ^ y.wrapping_mul(40503);
                match y % 5 {
                    0 => Rgba([30, 60, 90, 255]),
                    1 => Rgba([(x * 3) as u8, (x * 5 + y) as u8, 200, 255]),
                    2 => Rgba([v as u8, (v >> 8) as u8, (v >> 16) as u8, 255]),
                    3 if (x / 7) % 2 == 0 => Rgba([30, 60, 90, 255]),
                    _ => Rgba([(y * 40) as u8, (x / 3) as u8, (x * y) as u8, 255]),
                }
            });
            let ours = rgb_adaptive(&img).expect("opaque");
            let theirs = rgb(&img, Filter::Adaptive, Compression::Fast).expect("opaque");
            assert!(ours == theirs, "{w}x{h}");
            assert!(back(&ours) == img, "{w}x{h}");
            let mut see_through = img.clone();
            see_through.put_pixel(w - 1, h - 1, Rgba([1, 2, 3, 200]));
            assert!(rgb_adaptive(&see_through).is_none(), "{w}x{h}");
        }
    }

    /// Both ways of packing pixels into RGB give the same bytes at every length.
    #[test]
    fn packing_by_words_and_by_shuffles_agree() {
        let raw: Vec<u8> = (0..4 * 70u32).map(|i| (i * 37 + i / 5) as u8).collect();
        for n in 0..70 {
            let px = &raw[..4 * n];
            let mut words = vec![0; 3 * n];
            let mut packed = vec![0; 3 * n];
            let all = pack_words(px, &mut words);
            assert_eq!(pack(px, &mut packed), all, "{n} pixels");
            assert_eq!(packed, words, "{n} pixels");
            let rgb: Vec<u8> = px
                .chunks_exact(4)
                .flat_map(|p| [p[0], p[1], p[2]])
                .collect();
            assert_eq!(words, rgb, "{n} pixels");
        }
    }

    /// The rows filtered here from RGBA give, byte for byte, the PNG the `png` crate writes
    /// from the packed RGB with the same filter and compression, at every width (the first
    /// pixel of a row, the packing's tail) and height, with rows the same as the one above
    /// or not; a busy estimate over RGBA is the one over the packed RGB.
    #[test]
    fn filtering_from_rgba_writes_the_png_crates_bytes() {
        let sizes = [(1, 1), (2, 3), (5, 1), (17, 9), (64, 40), (301, 7)];
        for ((w, h), twice) in sizes.into_iter().flat_map(|s| [(s, 1), (s, 2)]) {
            let img = RgbaImage::from_fn(w, h, |x, y| {
                // Each row twice over, in the second round.
                let y = y / twice;
                let v = x.wrapping_mul(2654435761) ^ y.wrapping_mul(40503);
                // Runs of one colour among noise, as a board's flat areas and edges.
                if (x / 7 + y / 3) % 2 == 0 {
                    Rgba([30, 60, 90, 255])
                } else {
                    Rgba([v as u8, (v >> 8) as u8, (v >> 16) as u8, 255])
                }
            });
            let ours = rgb_paeth(&img).expect("opaque");
            let theirs = rgb(&img, Filter::Paeth, Compression::Fast).expect("opaque");
            assert!(ours == theirs, "{w}x{h}");
            assert!(back(&ours) == img, "{w}x{h}");
            let packed = with_rgb(&img, |d| d.to_vec()).unwrap();
            assert_eq!(
                busy(img.as_raw(), w as usize * 4, 4),
                busy(&packed, w as usize * 3, 3),
                "{w}x{h}"
            );
            let mut see_through = img.clone();
            see_through.put_pixel(w - 1, h - 1, Rgba([1, 2, 3, 200]));
            assert!(rgb_paeth(&see_through).is_none(), "{w}x{h}");
        }
    }
}
