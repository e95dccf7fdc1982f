//! PNG encoding (issue 30: encoding was 45-50% of a move's time). A board has few colours:
//! flat squares and panels, anti-aliased edges and text between a few pairs of them. When a
//! picture has at most 256 colours it is written as an indexed (palette) PNG, one byte a pixel
//! instead of four, which is both smaller and several times faster to filter and compress;
//! otherwise as RGBA. Every pixel decodes to exactly what was drawn either way.
//!
//! The settings were chosen by measuring them on every game's pictures
//! (`BENCH_COMPARE=1 cargo bench --bench render`; figures in the README's section on speed).

use image::RgbaImage;
use png::{BitDepth, ColorType, Compression, Filter};

/// Row filter and compression of an indexed picture: no filter (filters predict from
/// neighbouring bytes, which palette indices are not like) and fdeflate's fast compression.
pub const INDEXED: (Filter, Compression) = (Filter::NoFilter, Compression::Fast);
/// Of a picture with more than 256 colours (every board: anti-aliased edges and text between
/// many pairs of colours): Paeth on every row and fast compression, except past
/// [`ADAPTIVE_PAST`]. The adaptive filter makes files 4-9% smaller and takes 1.3-2 times as
/// long; `Up` is faster still and 45% larger.
pub const TRUE_COLOUR: (Filter, Compression) = (Filter::Paeth, Compression::Fast);

/// Past this estimate of a picture's busy bytes (see [`busy`]), it is encoded with the adaptive
/// filter instead of Paeth: 5% smaller, and 1.5 times the instructions. A fast-compressed Paeth
/// picture takes about 1.65 bytes a busy byte (late Battle Zone positions), so this is about
/// 165 KB of Paeth output, well short of 200 KB for an estimate from one row in 32; the
/// pictures past it (late Battle Zone positions, about 3% of them) are encoded once, with the
/// filter that keeps them under 200 KB, instead of a second time when the first came out large.
pub const ADAPTIVE_PAST: usize = 100_000;

/// Rows sampled by [`busy`]: one in this many.
const SAMPLED: usize = 32;

/// The PNG bytes of `img`, indexed when it has at most 256 colours.
pub fn png(img: &RgbaImage) -> Vec<u8> {
    if let Some(p) = palette(img) {
        return indexed(img, &p, INDEXED.0, INDEXED.1);
    }
    let filter = if busy(img) > ADAPTIVE_PAST {
        Filter::Adaptive
    } else {
        TRUE_COLOUR.0
    };
    rgba(img, filter, TRUE_COLOUR.1)
}

/// An estimate of the bytes the Paeth filter leaves non-zero in `img` (from one row in
/// [`SAMPLED`]): the fast compressor codes runs of zeros in a few bits and every other byte
/// in about eight, so its output grows with this count.
pub fn busy(img: &RgbaImage) -> usize {
    let raw = img.as_raw();
    let stride = img.width() as usize * 4;
    if stride == 0 {
        return 0;
    }
    let rows: Vec<&[u8]> = raw.chunks_exact(stride).collect();
    let mut count = 0;
    for y in (1..rows.len()).step_by(SAMPLED) {
        let (up, row) = (rows[y - 1], rows[y]);
        count += row[4..]
            .iter()
            .zip(&row[..stride - 4])
            .zip(&up[4..])
            .zip(&up[..stride - 4])
            .map(|(((&x, &a), &b), &c)| usize::from(x != paeth(a, b, c)))
            .sum::<usize>();
    }
    count * SAMPLED
}

/// The Paeth predictor of PNG's specification.
fn paeth(a: u8, b: u8, c: u8) -> u8 {
    let (ia, ib, ic) = (i16::from(a), i16::from(b), i16::from(c));
    let p = ia + ib - ic;
    let (pa, pb, pc) = ((p - ia).abs(), (p - ib).abs(), (p - ic).abs());
    // Selects rather than branches, which the compiler can vectorise.
    let b_or_c = if pb <= pc { b } else { c };
    if pa <= pb && pa <= pc {
        a
    } else {
        b_or_c
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
    let mut colours: Vec<u32> = Vec::with_capacity(256);
    let mut table = [u16::MAX; SLOTS];
    let mut indices = Vec::with_capacity(raw.len() / 4);
    // Runs of one colour are most of a board: the previous pixel's index is tried first.
    let (mut last, mut last_index) = (None, 0u8);
    for px in raw.chunks_exact(4) {
        let c = u32::from_le_bytes([px[0], px[1], px[2], px[3]]);
        if last != Some(c) {
            let mut slot = (c.wrapping_mul(0x9E37_79B1) >> 22) as usize;
            last_index = loop {
                match table[slot] {
                    u16::MAX => {
                        if colours.len() == 256 {
                            return None;
                        }
                        table[slot] = colours.len() as u16;
                        colours.push(c);
                        break (colours.len() - 1) as u8;
                    }
                    i if colours[i as usize] == c => break i as u8,
                    _ => slot = (slot + 1) & (SLOTS - 1),
                }
            };
            last = Some(c);
        }
        indices.push(last_index);
    }
    Some(Palette {
        colours: colours.iter().map(|c| c.to_le_bytes()).collect(),
        indices,
    })
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
    let mut out = Vec::with_capacity(64 * 1024);
    let (w, h) = img.dimensions();
    let mut enc = png::Encoder::new(&mut out, w, h);
    enc.set_color(ColorType::Rgba);
    enc.set_depth(BitDepth::Eight);
    // In this order: setting a compression level also sets its own filter.
    enc.set_compression(compression);
    enc.set_filter(filter);
    write(enc, img.as_raw());
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
}
