use super::*;
use crate::render::encode::rgb_paeth_kept as rgb_paeth;
use image::{Rgba, RgbaImage};

fn decoded(png: &[u8]) -> RgbaImage {
    image::load_from_memory(png)
        .expect("a whole PNG")
        .into_rgba8()
}

/// Noise in runs of one colour, as a board's flat areas and edges; `salt` changes it.
fn picture(w: u32, h: u32, salt: u32) -> RgbaImage {
    RgbaImage::from_fn(w, h, |x, y| {
        let v = (x ^ salt).wrapping_mul(2654435761) ^ y.wrapping_mul(40503);
        if (x / 7 + y / 3) % 2 == 0 {
            Rgba([30, 60, 90, 255])
        } else {
            Rgba([v as u8, (v >> 8) as u8, (v >> 16) as u8, 255])
        }
    })
}

/// Pictures of every shape (a band's rows and not, shorter than a band, one pixel wide)
/// decode to their pixels, whether their bands were compressed now or kept from before; the
/// second encoding, every band kept, gives the same bytes.
#[test]
fn a_picture_from_kept_bands_decodes_to_its_pixels() {
    assert!(bands_join());
    let sizes = [
        (1, 1),
        (1, 40),
        (5, 31),
        (17, 32),
        (64, 33),
        (301, 97),
        (540, 1070),
    ];
    for (w, h) in sizes {
        let img = picture(w, h, 1);
        let first = rgb_paeth(&img).expect("opaque");
        assert!(decoded(&first) == img, "{w}x{h}");
        let again = rgb_paeth(&img).expect("opaque");
        assert!(again == first, "{w}x{h}");
    }
}

/// A picture one pixel different from one encoded before decodes to its own pixels: the
/// pixel's band is compressed again, and so is the band below when the pixel is in the last
/// row of its band (the row the band below's first row is predicted from).
#[test]
fn a_band_below_a_changed_row_is_compressed_again() {
    let (w, h) = (120, (ROWS * 4) as u32);
    let img = picture(w, h, 2);
    rgb_paeth(&img).expect("opaque");
    for y in [0, ROWS as u32 - 1, ROWS as u32, 2 * ROWS as u32 - 1, h - 1] {
        let mut changed = img.clone();
        let p = changed.get_pixel_mut(w / 2, y);
        p.0[1] = p.0[1].wrapping_add(97);
        assert!(
            decoded(&rgb_paeth(&changed).expect("opaque")) == changed,
            "a pixel of row {y}"
        );
    }
}

/// A picture with a pixel not opaque is refused even when its other bands were kept from an
/// opaque picture (the RGBA encoder then writes it).
#[test]
fn a_band_not_opaque_refuses_the_picture() {
    let img = picture(64, 100, 3);
    rgb_paeth(&img).expect("opaque");
    let mut see_through = img.clone();
    see_through.put_pixel(63, 99, Rgba([1, 2, 3, 200]));
    assert!(rgb_paeth(&see_through).is_none());
    assert!(rgb_paeth(&img).is_some());
}

/// The combined checksum is the checksum of the whole, at lengths past the modulus.
#[test]
fn checksums_combine() {
    // A zlib stream ends with its data's checksum.
    let adler = |d: &[u8]| {
        let z = fdeflate::compress_to_vec(d);
        u32::from_be_bytes(z[z.len() - 4..].try_into().unwrap())
    };
    let whole: Vec<u8> = (0..200_000u32).map(|i| (i * 31 % 253) as u8).collect();
    for cut in [0, 1, 65_520, 65_521, 65_522, 150_000, 200_000] {
        let (a, b) = whole.split_at(cut);
        assert_eq!(
            adler_combine(adler(a), adler(b), b.len()),
            adler(&whole),
            "cut at {cut}"
        );
    }
}

/// Past the budget the oldest bands made are forgotten, as many as the new one needs.
#[test]
fn the_oldest_bands_go_first() {
    let band = |n: usize| {
        Arc::new(Band {
            deflate: vec![0; n].into_boxed_slice(),
            adler: 1,
            opaque: u32::MAX,
        })
    };
    let mut kept = Kept::default();
    let quarter = KEPT_BYTES / 4 - OVERHEAD;
    for k in 1..=4 {
        kept.put(k, band(quarter));
    }
    assert!((1..=4).all(|k| kept.get(k).is_some()), "exactly the budget");
    kept.put(5, band(10));
    assert!(kept.get(1).is_none() && kept.get(2).is_some());
    kept.put(6, band(2 * quarter));
    assert!(kept.get(2).is_none() && kept.get(3).is_none());
    assert!([4, 5, 6].iter().all(|&k| kept.get(k).is_some()));
    assert_eq!(kept.bytes, quarter + 10 + 2 * quarter + 3 * OVERHEAD);
}
