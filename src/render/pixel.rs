//! A pixel's colour, and the two ways the drawing blends one colour into another: `mix`
//! (anti-aliased lines and shapes) and `over` (text). The canvas, its stamps and its glyphs all
//! blend, so these sit below the three.

use image::Rgba;

pub const fn rgb(hex: u32) -> Rgba<u8> {
    Rgba([(hex >> 16) as u8, (hex >> 8) as u8, hex as u8, 255])
}

/// imageproc's `interpolate` of `left` and `right`, except that two opaque colours mix into an
/// opaque one: it truncates `255 * w + 255 * (1 - w)`, which is just under 255 for most weights,
/// to 254, and a board with a few such pixels (every anti-aliased line) would have to be
/// encoded with an alpha channel (`encode`) for a difference no one can see.
///
/// Written out with imageproc's operations in its order (so the same bits come out, which a
/// test checks), without its generic per-channel mapping: anti-aliased lines blend every
/// pixel they touch, and that mapping was most of their cost.
pub(super) fn mix(left: Rgba<u8>, right: Rgba<u8>, left_weight: f32) -> Rgba<u8> {
    let right_weight = 1.0 - left_weight;
    // imageproc's `Clamp` of an `f32` to a `u8`.
    let channel = |k: usize| {
        let x = f32::from(left.0[k]) * left_weight + f32::from(right.0[k]) * right_weight;
        if x < 255.0 {
            if x > 0.0 {
                x as u8
            } else {
                0
            }
        } else {
            255
        }
    };
    let alpha = if left.0[3] == 255 && right.0[3] == 255 {
        255
    } else {
        channel(3)
    };
    Rgba([channel(0), channel(1), channel(2), alpha])
}

/// `ink` over `bg` as imageproc's `draw_text_mut` blends it (image's `Blend` for `Rgba`),
/// except that over an opaque colour the result is opaque: image computes the alpha as
/// `1 + a - 1 * a` in floats, which is just under 1 for some `a` and truncates to 254, and a
/// board with a few such pixels would have to be encoded with an alpha channel (`encode`) for
/// a difference no one can see.
///
/// Written out here with image's very operations, in its order, on `f32` (so the same bits
/// come out, which a test checks against imageproc), without its generic conversions: text is
/// most of a board's drawing.
#[inline]
pub(super) fn over(bg: Rgba<u8>, ink: Rgba<u8>) -> Rgba<u8> {
    match ink.0[3] {
        0 => return bg,
        255 => return ink,
        _ => {}
    }
    const MAX: f32 = 255.0;
    let unit = |v: u8| f32::from(v) / MAX;
    let (bg_a, fg_a) = (unit(bg.0[3]), unit(ink.0[3]));
    let alpha_final = bg_a + fg_a - bg_a * fg_a;
    if alpha_final == 0.0 {
        return bg;
    }
    // Premultiplied, composited, unmultiplied, and truncated back as image's `NumCast` does
    // (every value lies in 0..=255 here).
    let channel = |k: usize| {
        let out = unit(ink.0[k]) * fg_a + unit(bg.0[k]) * bg_a * (1.0 - fg_a);
        (MAX * (out / alpha_final)) as u8
    };
    let alpha = if bg.0[3] == 255 {
        255
    } else {
        (MAX * alpha_final) as u8
    };
    Rgba([channel(0), channel(1), channel(2), alpha])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The blend is imageproc's `interpolate`, bit for bit, except for the alpha of two
    /// opaque colours.
    #[test]
    fn mix_is_imageprocs_interpolate() {
        use imageproc::pixelops::interpolate;
        let colours = [
            Rgba([0, 0, 0, 255]),
            Rgba([255, 255, 255, 255]),
            Rgba([230, 159, 0, 255]),
            Rgba([17, 114, 178, 200]),
            Rgba([9, 250, 128, 0]),
        ];
        for a in colours {
            for b in colours {
                for step in 0..=1000 {
                    let w = step as f32 / 1000.0;
                    for w in [w, w * 1.3 - 0.1] {
                        let mut theirs = interpolate(a, b, w);
                        if a.0[3] == 255 && b.0[3] == 255 {
                            theirs.0[3] = 255;
                        }
                        assert_eq!(mix(a, b, w), theirs, "{a:?} {b:?} {w}");
                    }
                }
            }
        }
    }
}
