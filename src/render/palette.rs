//! Colours shared by every board: the Okabe-Ito palette, safe for the common colour-vision
//! deficiencies. Hue never carries meaning alone: seats also get a letter or a mark.

use super::pixel::rgb;
use image::Rgba;

/// A theme's colours for everything but the seats (whose colours are the same in both
/// themes, so that a player's colour is one thing). The `LIGHT` values are the board's
/// original colours; `DARK` keeps the same contrasts on a dark ground.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Palette {
    pub background: Rgba<u8>,
    pub ink: Rgba<u8>,
    pub muted: Rgba<u8>,
    pub light_square: Rgba<u8>,
    pub dark_square: Rgba<u8>,
    pub grid: Rgba<u8>,
    pub highlight: Rgba<u8>,
    pub highlight_fill: Rgba<u8>,
    /// The ground of a seat's box when its seat is to move.
    pub panel: Rgba<u8>,
    /// The Grey seat's pieces: its dark grey has neither hue nor lightness apart from the
    /// dark theme's squares, where it is drawn a light grey (still grey, by look and name).
    pub grey_seat: Rgba<u8>,
}

impl Palette {
    /// The colour of `seat`'s pieces on this theme's board (see [`Palette::grey_seat`]).
    pub fn seat(&self, seat: u8) -> Rgba<u8> {
        match seat {
            8 => self.grey_seat,
            _ => seat_colour(seat),
        }
    }
}

pub const LIGHT: Palette = Palette {
    background: BACKGROUND,
    ink: INK,
    muted: MUTED,
    light_square: LIGHT_SQUARE,
    dark_square: DARK_SQUARE,
    grid: GRID,
    highlight: HIGHLIGHT,
    highlight_fill: HIGHLIGHT_FILL,
    panel: WHITE,
    grey_seat: SEATS[7].0,
};

/// The dark theme, on Discord's dark grounds (about #313338). Squares are mid-greys so that
/// the pieces' dark edges still show on them; the highlight is a lighter pink than the light
/// theme's, to stand out from every ground. The contrasts are checked by the tests below.
pub const DARK: Palette = Palette {
    background: rgb(0x2B2D31),
    ink: rgb(0xF2F3F5),
    muted: rgb(0xB5BAC1),
    light_square: rgb(0x50545C),
    dark_square: rgb(0x42454C),
    grid: rgb(0x80848E),
    highlight: rgb(0xFF8CC6),
    highlight_fill: rgb(0x8A7320),
    panel: rgb(0x1E1F22),
    grey_seat: rgb(0xA6A6A6),
};

pub const BACKGROUND: Rgba<u8> = rgb(0xF7F4EC);
pub const INK: Rgba<u8> = rgb(0x222222);
pub const MUTED: Rgba<u8> = rgb(0x6B6B6B);
pub const LIGHT_SQUARE: Rgba<u8> = rgb(0xE9E1CF);
pub const DARK_SQUARE: Rgba<u8> = rgb(0xD3C7AD);
pub const GRID: Rgba<u8> = rgb(0x9C8F75);
pub const WHITE: Rgba<u8> = rgb(0xFFFFFF);
/// Last-move highlight: a strong outline, visible in greyscale by its thickness.
pub const HIGHLIGHT: Rgba<u8> = rgb(0xC2185B);
pub const HIGHLIGHT_FILL: Rgba<u8> = rgb(0xF6D55C);

/// Seat colours in seat order (Okabe-Ito), with the names the bot uses for them.
pub const SEATS: [(Rgba<u8>, &str); 8] = [
    (rgb(0xE69F00), "Orange"),
    (rgb(0x0072B2), "Blue"),
    (rgb(0x009E73), "Green"),
    (rgb(0xCC79A7), "Pink"),
    (rgb(0xF0E442), "Yellow"),
    (rgb(0x56B4E9), "Sky"),
    (rgb(0xD55E00), "Vermilion"),
    (rgb(0x4D4D4D), "Grey"),
];

pub fn seat_colour(seat: u8) -> Rgba<u8> {
    SEATS[(seat as usize + 7) % 8].0
}

/// Black or white, whichever reads better on `bg`.
pub fn ink_on(bg: Rgba<u8>) -> Rgba<u8> {
    let [r, g, b, _] = bg.0;
    let lum = 0.299 * r as f32 + 0.587 * g as f32 + 0.114 * b as f32;
    if lum > 140.0 {
        INK
    } else {
        WHITE
    }
}

/// Black or white, whichever has the higher WCAG contrast on `bg`: for small text on a seat's
/// colour (Pikemen's numbers), where [`ink_on`]'s white on Green falls short of 4.5:1.
pub fn text_on(bg: Rgba<u8>) -> Rgba<u8> {
    if contrast(INK, bg) >= contrast(WHITE, bg) {
        INK
    } else {
        WHITE
    }
}

pub fn darker(c: Rgba<u8>, f: f32) -> Rgba<u8> {
    let [r, g, b, a] = c.0;
    Rgba([
        (r as f32 * f) as u8,
        (g as f32 * f) as u8,
        (b as f32 * f) as u8,
        a,
    ])
}

/// WCAG's relative luminance of a colour.
pub fn luminance(c: Rgba<u8>) -> f32 {
    let lin = |v: u8| {
        let v = f32::from(v) / 255.0;
        if v <= 0.039_28 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    let [r, g, b, _] = c.0;
    0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
}

/// WCAG's contrast ratio of two colours, from 1 (the same) to 21 (black on white).
pub fn contrast(a: Rgba<u8>, b: Rgba<u8>) -> f32 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Text keeps WCAG's 4.5:1 on every ground it is drawn on, in both themes: ink on the
    /// background, the squares and the seat boxes; muted text (coordinates, footers) on the
    /// background and the boxes. Marks (the last move's outline) keep 3:1, WCAG's figure for
    /// graphics, on the background and the squares.
    #[test]
    fn both_themes_keep_their_contrasts() {
        for (name, p) in [("light", LIGHT), ("dark", DARK)] {
            let grounds = [
                ("background", p.background),
                ("light square", p.light_square),
                ("dark square", p.dark_square),
                ("panel", p.panel),
            ];
            for (ground, bg) in grounds {
                let r = contrast(p.ink, bg);
                assert!(r >= 4.5, "{name}: ink on {ground} is {r:.2}:1");
            }
            for (ground, bg) in [grounds[0], grounds[3]] {
                let r = contrast(p.muted, bg);
                assert!(r >= 4.5, "{name}: muted on {ground} is {r:.2}:1");
            }
            for (ground, bg) in &grounds[..3] {
                let r = contrast(p.highlight, *bg);
                assert!(r >= 3.0, "{name}: the highlight on {ground} is {r:.2}:1");
            }
        }
    }

    /// Every seat's pieces stand out from the squares in both themes: by hue, or, for
    /// Grey, which has none, by 3:1 (WCAG's figure for graphics) on either square.
    #[test]
    fn grey_pieces_stand_out_from_the_squares() {
        for (name, p) in [("light", LIGHT), ("dark", DARK)] {
            assert_eq!(p.seat(1), SEATS[0].0);
            for square in [p.light_square, p.dark_square] {
                let r = contrast(p.seat(8), square);
                assert!(r >= 3.0, "{name}: Grey on {square:?} is {r:.2}:1");
            }
        }
    }

    /// Text written on a seat's colour (its number on each Pikemen piece) is black or white
    /// as reads better, and keeps 4.5:1 on the four seats Pikemen uses. No black or white
    /// reaches 4.5:1 on Vermilion (4.1 at best), seat 7 of Sprawl's eight.
    #[test]
    fn seat_numbers_read_on_their_colours() {
        for (i, (colour, name)) in SEATS.into_iter().enumerate() {
            let r = contrast(text_on(colour), colour);
            let least = if i < 4 { 4.5 } else { 4.1 };
            assert!(r >= least, "{name}: {r:.2}:1");
        }
    }

    #[test]
    fn contrast_matches_wcag_figures() {
        assert!((contrast(rgb(0x000000), rgb(0xFFFFFF)) - 21.0).abs() < 0.01);
        assert!((contrast(rgb(0x777777), rgb(0xFFFFFF)) - 4.48).abs() < 0.01);
        assert_eq!(contrast(INK, INK), 1.0);
    }
}
