//! PNG pictures of positions. Each game has its own file; `canvas` and `palette` are shared.

pub mod battlezone;
pub mod canvas;
pub mod glyphs;
pub mod palette;
pub mod pikemen;
pub mod skyscrapers;
pub mod sprawl;
pub mod table;

use crate::engine::AnyGame;
use crate::i18n::{Lang, Msg};
use image::RgbaImage;

/// What a picture shows beyond the position: the players' names by seat (index 0 = seat 1),
/// and the language of its words (the channel's).
#[derive(Clone, Debug, Default)]
pub struct View {
    pub names: Vec<String>,
    pub lang: Lang,
}

impl View {
    pub fn name(&self, seat: u8) -> Option<&str> {
        self.names.get(seat as usize - 1).map(String::as_str)
    }

    /// A message in the picture's language.
    pub fn say(&self, msg: &Msg) -> String {
        crate::i18n::say(self.lang, msg)
    }
}

pub fn image(game: &AnyGame, view: &View) -> RgbaImage {
    match game {
        AnyGame::Pikemen(g) => pikemen::draw(g, view),
        AnyGame::Sprawl(g) => sprawl::draw(g, view),
        AnyGame::Skyscrapers(g) => skyscrapers::draw(g, view),
        AnyGame::Battlezone(g) => battlezone::draw(g, view),
    }
}

/// The position as PNG bytes.
pub fn png(game: &AnyGame, view: &View) -> Vec<u8> {
    canvas::encode_png(&image(game, view))
}
