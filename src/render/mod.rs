//! PNG pictures of positions, and of tables of text such as tournament standings ([`table`]).
//!
//! Files import one another in one direction. At the ground, `pixel` (a colour and its blends)
//! and `area` (a box of pixels); `palette` on `pixel`, `view` on `palette`; `stamp` (a drawing
//! recorded once and replayed) on those, `glyphs` (text) on `stamp`; `canvas` on all of them;
//! `fit` (text made to fit a width) on `canvas`; `panel` (title, seat boxes, lines of text),
//! `board` (a grid of squares) and `pyramid` on those. Each game's renderer (`pikemen`,
//! `battlezone/`, `skyscrapers`, `sprawl/`) draws with them and this file picks it; `table`
//! needs only `canvas` and `palette`. The room reads positions from `engine` and words from
//! `i18n`. The service (`crate::table`: the board after a move, replays, standings), `rating`
//! (its chart's font and encoder), `cli/` (`plateau render`, `plateau replay`) and the render
//! bench call it; transports never do.
//! `headline` (a line naming players, fitted to one line) rests on `fit`; `marks` (the move
//! picker's marks, drawn alike on every board) on `canvas`. `layers` keeps each
//! board's unchanging layer (on `canvas`), which the renderers draw on; `memo` the latest
//! pictures encoded; `encode` writes PNGs
//! (indexed when a picture has few colours), called by `canvas`. `stamp_tests` checks stamps
//! through the canvas, the floor above them.

pub mod area;
pub mod bands;
pub mod battlezone;
pub mod board;
pub mod canvas;
pub mod checks;
pub mod encode;
pub mod fit;
pub mod glyphs;
pub mod headline;
pub mod layers;
pub mod marks;
pub mod memo;
pub mod palette;
pub mod panel;
pub mod pikemen;
pub mod pixel;
pub mod pyramid;
pub mod skyscrapers;
pub mod sprawl;
pub mod stamp;
pub mod table;
pub mod view;

#[cfg(test)]
mod stamp_tests;
#[cfg(test)]
mod tests;

pub use marks::Marks;
pub use view::{Theme, View};

use crate::engine::AnyGame;
use image::RgbaImage;

pub fn image(game: &AnyGame, view: &View) -> RgbaImage {
    drawn(game, view).img
}

/// The picture with the layout of what it shows (texts, pieces and their cells).
pub fn drawn(game: &AnyGame, view: &View) -> canvas::Canvas {
    match game {
        AnyGame::Pikemen(g) => pikemen::draw(g, view),
        AnyGame::Sprawl(g) => sprawl::draw(g, view),
        AnyGame::Skyscrapers(g) => skyscrapers::draw(g, view),
        AnyGame::Battlezone(g) => battlezone::draw(g, view),
    }
}

/// The position as PNG bytes with the move picker's marks ([`marks`]); without a chosen
/// piece, the plain picture.
pub fn png_marked(game: &AnyGame, view: &View, marks: &Marks) -> Vec<u8> {
    if marks.from.is_none() {
        return png(game, view);
    }
    let c = match game {
        AnyGame::Pikemen(g) => pikemen::draw_marked(g, view, marks),
        AnyGame::Sprawl(g) => sprawl::draw_marked(g, view, marks),
        AnyGame::Skyscrapers(g) => skyscrapers::draw_marked(g, view, marks),
        AnyGame::Battlezone(g) => battlezone::draw_marked(g, view, marks),
    };
    encoded(c.img)
}

/// The position as PNG bytes (the same picture as before when it was just drawn: [`memo`]).
pub fn png(game: &AnyGame, view: &View) -> Vec<u8> {
    memo::png(game, view, |view| encoded(image(game, view)))
}

/// `img`'s PNG bytes, its memory then given back for the next picture ([`layers::recycle`]).
fn encoded(img: image::RgbaImage) -> Vec<u8> {
    let png = canvas::encode_png(&img);
    layers::recycle(img);
    png
}

/// The colour a seat's pieces have on the board, for a swatch beside its player's name (the
/// game pages); `None` where seats have no colour of their own (Battle Zone's pyramids are
/// coloured by kind, its players are South and North).
pub fn seat_swatch(kind: crate::engine::GameKind, seat: u8) -> Option<image::Rgba<u8>> {
    use crate::engine::GameKind;
    match kind {
        GameKind::Pikemen | GameKind::Sprawl => Some(palette::seat_colour(seat)),
        GameKind::Skyscrapers => Some(skyscrapers::seat_fill(seat)),
        GameKind::Battlezone => None,
    }
}
