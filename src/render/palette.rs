//! Colours shared by every board: the Okabe-Ito palette, safe for the common colour-vision
//! deficiencies. Hue never carries meaning alone: seats also get a letter or a mark.

use super::canvas::rgb;
use image::Rgba;

/// A theme's colours for everything but the seats (whose colours are the same in both
/// themes, so that a player's colour is one thing). The `LIGHT` values are the board's
/// original colours; `DARK` keeps the same contrasts on a dark ground.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
};

/// First values for the dark theme (Discord's dark grounds are about #313338); the render
/// work of issue 26 tunes them against the contrast checks.
pub const DARK: Palette = Palette {
    background: rgb(0x2B2D31),
    ink: rgb(0xF2F3F5),
    muted: rgb(0xB5BAC1),
    light_square: rgb(0x4A4D55),
    dark_square: rgb(0x3A3C43),
    grid: rgb(0x80848E),
    highlight: rgb(0xFF5FA2),
    highlight_fill: rgb(0x8A7320),
    panel: rgb(0x1E1F22),
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

pub fn darker(c: Rgba<u8>, f: f32) -> Rgba<u8> {
    let [r, g, b, a] = c.0;
    Rgba([
        (r as f32 * f) as u8,
        (g as f32 * f) as u8,
        (b as f32 * f) as u8,
        a,
    ])
}
