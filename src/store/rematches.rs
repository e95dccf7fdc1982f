//! Rematch offers (schema in `migrations/10-rematches`): one waits at most after a game, with
//! who accepted it so far; it is closed with the game it opened, in that game's transaction.

use super::db::{params, OptionalExtension};
use super::{is_constraint, Result, Store, StoreError};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RematchRow {
    pub id: i64,
    /// The game that ended.
    pub game: i64,
    /// Who offered it.
    pub user_id: String,
    pub created_ms: i64,
    /// User ids who accepted so far, the one who offered first.
    pub accepted_by: Vec<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RematchEnd {
    Accepted,
    Declined,
    /// Past its time, or the channel moved on to another game.
    Lapsed,
}

impl RematchEnd {
    fn as_str(self) -> &'static str {
        match self {
            RematchEnd::Accepted => "accepted",
            RematchEnd::Declined => "declined",
            RematchEnd::Lapsed => "lapsed",
        }
    }
}

impl Store {
    /// The rematch of `game` waiting for answers.
    pub fn pending_rematch(&self, game: i64) -> Result<Option<RematchRow>> {
        let row = self
            .conn
            .query_row(
                "SELECT id, game, user_id, created_ms FROM rematches \
                 WHERE game = ?1 AND status = 'pending'",
                [game],
                |r| {
                    Ok(RematchRow {
                        id: r.get(0)?,
                        game: r.get(1)?,
                        user_id: r.get(2)?,
                        created_ms: r.get(3)?,
                        accepted_by: Vec::new(),
                    })
                },
            )
            .optional()?;
        let Some(mut row) = row else {
            return Ok(None);
        };
        let mut st = self.conn.prepare_cached(
            "SELECT user_id FROM rematch_answers WHERE rematch = ?1 ORDER BY at_ms, user_id",
        )?;
        row.accepted_by = st
            .query_map([row.id], |r| r.get(0))?
            .collect::<super::db::Result<_>>()?;
        Ok(Some(row))
    }

    /// Records `user`'s offer of a rematch of `game`, with their own yes.
    /// [`StoreError::Conflict`] when one is already waiting.
    pub fn offer_rematch(&mut self, game: i64, user: &str, now_ms: i64) -> Result<i64> {
        let tx = self.conn.savepoint()?;
        let r = tx.execute(
            "INSERT INTO rematches (game, user_id, created_ms) VALUES (?1, ?2, ?3)",
            params![game, user, now_ms],
        );
        match r {
            Err(e) if is_constraint(&e) => return Err(StoreError::Conflict),
            r => r?,
        };
        let id = tx.last_insert_rowid()?;
        tx.execute(
            "INSERT INTO rematch_answers (rematch, user_id, at_ms) VALUES (?1, ?2, ?3)",
            params![id, user, now_ms],
        )?;
        tx.commit()?;
        Ok(id)
    }

    /// Records `user`'s yes. [`StoreError::Conflict`] when the rematch is no longer waiting.
    pub fn accept_rematch(&mut self, rematch: i64, user: &str, now_ms: i64) -> Result<()> {
        let tx = self.conn.savepoint()?;
        super::offers::answer_pending(&tx, ("rematches", "rematch"), rematch, user, now_ms)?;
        tx.commit()?;
        Ok(())
    }

    /// Closes a waiting rematch (with the game it opened, when accepted).
    /// [`StoreError::Conflict`] when it was no longer waiting.
    pub fn close_rematch(
        &mut self,
        rematch: i64,
        end: RematchEnd,
        by: &str,
        now_ms: i64,
        opened: Option<i64>,
    ) -> Result<()> {
        let n = self.conn.execute(
            "UPDATE rematches SET status = ?2, resolved_by = ?3, resolved_ms = ?4, opened = ?5 \
             WHERE id = ?1 AND status = 'pending'",
            params![rematch, end.as_str(), by, now_ms, opened],
        )?;
        if n == 0 {
            return Err(StoreError::Conflict);
        }
        Ok(())
    }
}
