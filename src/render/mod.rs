//! PNG pictures of positions. Each game has its own file; `canvas` and `palette` are shared.

pub mod battlezone;
pub mod board;
pub mod canvas;
pub mod fit;
pub mod glyphs;
pub mod palette;
pub mod panel;
pub mod pikemen;
pub mod pyramid;
pub mod skyscrapers;
pub mod sprawl;
pub mod table;

#[cfg(test)]
mod tests;

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

    /// The seat's player by name, or the seat's `label` (`Orange`) when it has none.
    pub fn player(&self, seat: u8, label: Msg) -> String {
        match self.name(seat) {
            Some(n) if !n.is_empty() => n.to_string(),
            _ => self.say(&label),
        }
    }

    /// `alice (Orange)`, or the seat's `label` alone when it has no player's name.
    pub fn labelled(&self, seat: u8, label: Msg) -> String {
        match self.name(seat) {
            Some(n) if !n.is_empty() => {
                crate::tr!(self.lang, "board-name-label", name = n, label = label)
            }
            _ => self.say(&label),
        }
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
