//! Which colours a board is drawn in (issue 26).
//!
//! A server's public boards: its `/settings server-theme`, else dark. A player's private
//! pictures (`/board`, "My view", the move picker): their `/settings theme`, else their
//! server's, else dark. Dark is the default because most Discord clients are dark. Choices
//! live in the store and in memory; `auto` forgets a choice.

use super::language::server_key;
use super::{store_failure, ChannelRef, Refusal, Table};
use crate::render::Theme;
use std::collections::HashMap;

/// The choices, by scope then key (the `themes` table).
#[derive(Default)]
pub(crate) struct Themes {
    rows: HashMap<(String, String), Theme>,
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

    fn get(&self, scope: &str, key: &str) -> Option<Theme> {
        self.rows
            .get(&(scope.to_string(), key.to_string()))
            .copied()
    }
}

impl Table {
    /// The theme of the public boards of `channel`'s server.
    pub(crate) fn public_theme(&self, channel: &ChannelRef) -> Theme {
        self.themes
            .read()
            .get(SERVER, server_key(channel))
            .unwrap_or(DEFAULT)
    }

    /// The theme of pictures only `user` sees, asked for in `channel`.
    pub(crate) fn private_theme(&self, user: &str, channel: &ChannelRef) -> Theme {
        let themes = self.themes.read();
        themes
            .get(USER, user)
            .or_else(|| themes.get(SERVER, server_key(channel)))
            .unwrap_or(DEFAULT)
    }

    /// A choice as `/settings` shows it (`None` for auto).
    pub(crate) fn chosen_theme(&self, scope: &str, key: &str) -> Option<Theme> {
        self.themes.read().get(scope, key)
    }

    /// Sets (or with `None`, forgets) a choice of `/settings`.
    pub(crate) fn choose_theme(
        &self,
        scope: &'static str,
        key: &str,
        theme: Option<Theme>,
    ) -> Result<(), Refusal> {
        let stored = self.store().set_theme(scope, key, theme.map(Theme::name));
        stored.map_err(store_failure)?;
        let mut themes = self.themes.write();
        let k = (scope.to_string(), key.to_string());
        match theme {
            Some(t) => themes.rows.insert(k, t),
            None => themes.rows.remove(&k),
        };
        Ok(())
    }
}
