//! Which colours a board is drawn in (issue 26).
//!
//! A server's public boards: its `/settings server-theme`, else dark. A player's private
//! pictures (`/board`, "My view", the move picker): their `/settings theme`, else their
//! server's, else dark. Dark is the default because most Discord clients are dark. Choices
//! live in the store and in memory; `auto` forgets a choice.

use crate::render::Theme;
use std::collections::HashMap;

/// The choices, by scope then key (the `themes` table).
#[derive(Default)]
pub(crate) struct Themes {
    pub(crate) rows: HashMap<(String, String), Theme>,
}

pub(crate) const USER: &str = "user";
pub(crate) const SERVER: &str = "server";

/// The theme of a board nobody chose one for.
pub(crate) const DEFAULT: Theme = Theme::Dark;

impl Themes {
    /// Rows of an unknown value (none can be stored: the table checks) are skipped.
    pub fn from_rows(rows: Vec<(String, String, String)>) -> Themes {
        Themes {
            rows: rows
                .into_iter()
                .filter_map(|(s, k, v)| Some(((s, k), Theme::parse(&v)?)))
                .collect(),
        }
    }

    pub(crate) fn get(&self, scope: &str, key: &str) -> Option<Theme> {
        self.rows
            .get(&(scope.to_string(), key.to_string()))
            .copied()
    }
}
