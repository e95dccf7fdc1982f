//! What a picture shows beyond the position: the players' names and the language of its words,
//! and how a seat is named on every board.

use crate::i18n::{Lang, Msg};

/// What a picture shows beyond the position: the players' names by seat (index 0 = seat 1),
/// the language of its words (the channel's), its colours, and whose side is at the bottom.
#[derive(Clone, Debug, Default)]
pub struct View {
    pub names: Vec<String>,
    pub lang: Lang,
    pub theme: Theme,
    /// The seat whose side of the board is drawn at the bottom; `None` draws the board as
    /// its notation reads (rank 1 at the bottom), which is seat 1's side in every game.
    pub side: Option<u8>,
}

/// Light or dark colours. Discord's clients are mostly dark, so the service picks dark
/// unless a player or a server chose otherwise; pictures without a setting (`plateau
/// render`, the reference pictures) default to light.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Theme {
    #[default]
    Light,
    Dark,
}

impl Theme {
    pub const ALL: [Theme; 2] = [Theme::Light, Theme::Dark];

    pub fn parse(s: &str) -> Option<Theme> {
        match s.trim().to_ascii_lowercase().as_str() {
            "light" | "clair" => Some(Theme::Light),
            "dark" | "sombre" => Some(Theme::Dark),
            _ => None,
        }
    }

    /// The canonical word (options, storage).
    pub fn name(self) -> &'static str {
        match self {
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    pub fn palette(self) -> &'static super::palette::Palette {
        match self {
            Theme::Light => &super::palette::LIGHT,
            Theme::Dark => &super::palette::DARK,
        }
    }
}

impl View {
    /// This picture's colours.
    pub fn palette(&self) -> &'static super::palette::Palette {
        self.theme.palette()
    }

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
                crate::tr!(self.lang, "board-name-label", name = n, label)
            }
            _ => self.say(&label),
        }
    }

    /// A message in the picture's language.
    pub fn say(&self, msg: &Msg) -> String {
        crate::i18n::say(self.lang, msg)
    }
}
