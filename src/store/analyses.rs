//! Private analysis boards (schema in `migrations/12-analyses`): one per player.

use super::db::{params, OptionalExtension};
use super::{Result, Store};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisRow {
    pub user_id: String,
    pub game: i64,
    /// How many of the game's recorded actions lead to the starting position.
    pub from_ply: u32,
    /// The moves tried from there.
    pub line: Vec<String>,
    /// How many of `line` are on the board.
    pub at: u32,
    pub updated_ms: i64,
    /// The seed of the board's own dice and hidden cards: the game's are never used, or the
    /// board would show a running game's rolls to come.
    pub dice: u64,
}

impl Store {
    pub fn analysis(&self, user: &str) -> Result<Option<AnalysisRow>> {
        Ok(self
            .conn
            .query_row(
                "SELECT user_id, game, from_ply, line, at, updated_ms, dice FROM analyses \
                 WHERE user_id = ?1",
                [user],
                |r| {
                    let line: String = r.get(3)?;
                    Ok(AnalysisRow {
                        user_id: r.get(0)?,
                        game: r.get(1)?,
                        from_ply: r.get(2)?,
                        // A line this version cannot read is an empty one, not an error.
                        line: serde_json::from_str(&line).unwrap_or_default(),
                        at: r.get(4)?,
                        updated_ms: r.get(5)?,
                        // Seeds are u64 stored as the same 64 bits in a signed column.
                        dice: r.get::<_, i64>(6)? as u64,
                    })
                },
            )
            .optional()?)
    }

    /// Saves the player's board, replacing the one they had.
    pub fn put_analysis(&mut self, a: &AnalysisRow) -> Result<()> {
        self.conn.execute(
            "INSERT INTO analyses (user_id, game, from_ply, line, at, updated_ms, dice) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) \
             ON CONFLICT (user_id) DO UPDATE SET game = excluded.game, \
             from_ply = excluded.from_ply, line = excluded.line, at = excluded.at, \
             updated_ms = excluded.updated_ms, dice = excluded.dice",
            params![
                a.user_id,
                a.game,
                a.from_ply,
                serde_json::to_string(&a.line).expect("strings serialise"),
                a.at,
                a.updated_ms,
                a.dice as i64
            ],
        )?;
        Ok(())
    }

    /// Ends the player's board; whether there was one.
    pub fn drop_analysis(&mut self, user: &str) -> Result<bool> {
        Ok(self
            .conn
            .execute("DELETE FROM analyses WHERE user_id = ?1", [user])?
            > 0)
    }

    /// Ends every board left alone since `before_ms`.
    pub fn drop_idle_analyses(&mut self, before_ms: i64) -> Result<usize> {
        Ok(self
            .conn
            .execute("DELETE FROM analyses WHERE updated_ms < ?1", [before_ms])?)
    }
}
