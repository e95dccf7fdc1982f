//! What a picture shows beyond the position: the players' names and the language of its words,
//! and how a seat is named on every board.

use crate::i18n::{Lang, Msg};

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
