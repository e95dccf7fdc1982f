//! Game pages' tokens (schema in `migrations/17-pages`): the unguessable part of a game's
//! web address, one per game, drawn once and kept.

use super::db::OptionalExtension;
use super::{Result, Store};

impl Store {
    /// The game's page token, storing `fresh` as it if the game has none yet. Two processes
    /// linking the same game at once both read back the one that landed.
    pub fn page_token(&mut self, game: i64, fresh: &str) -> Result<String> {
        self.conn.execute(
            "INSERT INTO pages (game, token) VALUES (?1, ?2) ON CONFLICT (game) DO NOTHING",
            super::db::params![game, fresh],
        )?;
        Ok(self
            .conn
            .query_row("SELECT token FROM pages WHERE game = ?1", [game], |r| {
                r.get(0)
            })?)
    }

    /// The game a page token names, if any.
    pub fn game_of_page(&self, token: &str) -> Result<Option<i64>> {
        Ok(self
            .conn
            .query_row("SELECT game FROM pages WHERE token = ?1", [token], |r| {
                r.get(0)
            })
            .optional()?)
    }

    /// The game's version (its count of actions), read alone: what a page's live stream polls.
    pub fn game_ply(&self, game: i64) -> Result<Option<u32>> {
        Ok(self
            .conn
            .query_row("SELECT ply FROM games WHERE id = ?1", [game], |r| r.get(0))
            .optional()?)
    }
}
