//! Pauses of a game's clocks (`migrations/13-pauses`): when one began, until when it may last,
//! who paused alone (a moderator) and how it ended. The frozen turn itself is a `clock_turns`
//! row like any other (`clocks.rs`); the pause's time limit is a `pause_end` timer of the game.

use super::db::{params, OptionalExtension, Row};
use super::{is_constraint, PauseEnding, Result, Store, StoreError, TimerKind};

/// A pause that lasts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PauseRow {
    pub id: i64,
    pub game: i64,
    pub started_ms: i64,
    /// When the clocks start again by themselves.
    pub until_ms: i64,
    /// The moderator who paused alone (user id, name); `None` for a pause agreed by the
    /// players.
    pub by: Option<(String, String)>,
}

/// A pause of a game's record, for `/history`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PastPause {
    pub started_ms: i64,
    /// The moderator who paused alone (user id, name).
    pub by: Option<(String, String)>,
    /// How it ended, and who resumed; `None` while it lasts.
    pub ended: Option<(PauseEnding, Option<String>)>,
}

/// A pause about to begin.
#[derive(Clone, Debug)]
pub struct NewPause<'a> {
    pub game: i64,
    pub now_ms: i64,
    pub until_ms: i64,
    /// The moderator pausing alone (user id, name).
    pub by: Option<(&'a str, &'a str)>,
}

const PAUSE_COLUMNS: &str = "p.id, p.game, p.started_ms, p.until_ms, p.by_user, p.by_name";

fn pause_row(r: &Row) -> super::db::Result<PauseRow> {
    let user: Option<String> = r.get(4)?;
    let name: Option<String> = r.get(5)?;
    Ok(PauseRow {
        id: r.get(0)?,
        game: r.get(1)?,
        started_ms: r.get(2)?,
        until_ms: r.get(3)?,
        by: user.map(|u| (u, name.unwrap_or_default())),
    })
}

/// A pause is an event of its game: the game's `updated_ms` follows it, so that the latest time
/// stored (where a manual clock resumes) never falls before it.
fn touch(s: &Store, game: i64, now_ms: i64) -> super::db::Result<usize> {
    s.conn.execute(
        "UPDATE games SET updated_ms = CASE WHEN ?2 > updated_ms THEN ?2 ELSE updated_ms END \
         WHERE id = ?1",
        params![game, now_ms],
    )
}

impl Store {
    /// The pause lasting in `game`, a running game.
    pub fn pause(&self, game: i64) -> Result<Option<PauseRow>> {
        Ok(self
            .conn
            .query_row(
                &format!(
                    "SELECT {PAUSE_COLUMNS} FROM pauses p JOIN games g ON g.id = p.game \
                     WHERE p.game = ?1 AND p.ended_ms IS NULL AND g.status = 'active'"
                ),
                [game],
                pause_row,
            )
            .optional()?)
    }

    /// Every pause of `game`, oldest first.
    pub fn pauses_of(&self, game: i64) -> Result<Vec<PastPause>> {
        let mut st = self.conn.prepare_cached(
            "SELECT started_ms, by_user, by_name, ended_how, ended_by FROM pauses \
             WHERE game = ?1 ORDER BY id",
        )?;
        let rows = st.query_map([game], |r| {
            let user: Option<String> = r.get(1)?;
            let name: Option<String> = r.get(2)?;
            let how: Option<String> = r.get(3)?;
            Ok(PastPause {
                started_ms: r.get(0)?,
                by: user.map(|u| (u, name.unwrap_or_default())),
                ended: match how {
                    Some(w) => Some((PauseEnding::read(&w)?, r.get(4)?)),
                    None => None,
                },
            })
        })?;
        Ok(rows.collect::<super::db::Result<_>>()?)
    }

    /// How many pauses the players of `game` agreed to (a moderator's are not counted).
    pub fn agreed_pauses(&self, game: i64) -> Result<u32> {
        let n: i64 = self.conn.query_row(
            "SELECT count(*) FROM pauses WHERE game = ?1 AND by_user IS NULL",
            [game],
            |r| r.get(0),
        )?;
        Ok(n as u32)
    }

    /// Records a pause and arms its time limit, in one transaction (the caller's, if one is
    /// open). [`StoreError::Conflict`] when one already lasts in the game.
    pub fn start_pause(&mut self, p: &NewPause) -> Result<i64> {
        let tx = self.conn.savepoint()?;
        let r = tx.execute(
            "INSERT INTO pauses (game, started_ms, until_ms, by_user, by_name) \
             VALUES (?1, ?2, ?3, ?4, ?5)",
            params![
                p.game,
                p.now_ms,
                p.until_ms,
                p.by.map(|b| b.0),
                p.by.map(|b| b.1)
            ],
        );
        match r {
            Err(e) if is_constraint(&e) => return Err(StoreError::Conflict),
            r => r?,
        };
        let id = tx.last_insert_rowid()?;
        tx.execute(
            "INSERT INTO timers (due_ms, kind, game) VALUES (?1, ?2, ?3)",
            params![p.until_ms, TimerKind::PauseEnd.as_str(), p.game],
        )?;
        tx.commit()?;
        touch(self, p.game, p.now_ms)?;
        Ok(id)
    }

    /// Ends the pause lasting in `game` and drops its time limit; the pause as it was, or
    /// `None` when none lasted. `by`: who resumed.
    pub fn end_pause(
        &mut self,
        game: i64,
        now_ms: i64,
        how: PauseEnding,
        by: Option<&str>,
    ) -> Result<Option<PauseRow>> {
        let Some(p) = self
            .conn
            .query_row(
                &format!(
                    "SELECT {PAUSE_COLUMNS} FROM pauses p WHERE p.game = ?1 AND p.ended_ms IS NULL"
                ),
                [game],
                pause_row,
            )
            .optional()?
        else {
            return Ok(None);
        };
        let tx = self.conn.savepoint()?;
        let n = tx.execute(
            "UPDATE pauses SET ended_ms = ?2, ended_how = ?3, ended_by = ?4 \
             WHERE id = ?1 AND ended_ms IS NULL",
            params![p.id, now_ms.max(p.started_ms), how.as_str(), by],
        )?;
        if n == 0 {
            return Err(StoreError::Conflict);
        }
        tx.execute(
            "DELETE FROM timers WHERE game = ?1 AND kind = ?2",
            params![game, TimerKind::PauseEnd.as_str()],
        )?;
        tx.commit()?;
        touch(self, game, now_ms)?;
        Ok(Some(p))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::NewGame;

    fn running_game(s: &mut Store) -> i64 {
        let id = s
            .create_game(&NewGame {
                seed: 7,
                ..crate::store::testing::pikemen_table("c")
            })
            .unwrap();
        s.conn
            .execute("UPDATE games SET status = 'active' WHERE id = ?1", [id])
            .unwrap();
        id
    }

    /// One pause at a time, its limit a timer of the game, both gone when it ends; a
    /// moderator's pause is not counted among the agreed ones.
    #[test]
    fn a_pause_lasts_alone_with_its_limit_and_ends_once() {
        crate::store::testing::each_store(|mut s| {
            let g = running_game(&mut s);
            assert_eq!(s.pause(g).unwrap(), None);
            let agreed = NewPause {
                game: g,
                now_ms: 5000,
                until_ms: 9000,
                by: None,
            };
            let id = s.start_pause(&agreed).unwrap();
            assert!(matches!(s.start_pause(&agreed), Err(StoreError::Conflict)));
            let p = s.pause(g).unwrap().unwrap();
            assert_eq!(
                (p.id, p.started_ms, p.until_ms, p.by),
                (id, 5000, 9000, None)
            );
            let due = s.due_timers(9000).unwrap();
            assert_eq!(due.len(), 1);
            assert_eq!((due[0].kind, due[0].game), (TimerKind::PauseEnd, Some(g)));
            assert_eq!(s.game(g).unwrap().unwrap().updated_ms, 5000);

            let ended = s
                .end_pause(g, 6000, PauseEnding::Resume, Some("u2"))
                .unwrap();
            assert_eq!(ended.map(|p| p.id), Some(id));
            assert_eq!(s.pause(g).unwrap(), None);
            assert!(s.due_timers(i64::MAX).unwrap().is_empty());
            assert_eq!(
                s.end_pause(g, 7000, PauseEnding::Resume, None).unwrap(),
                None
            );

            s.start_pause(&NewPause {
                by: Some(("u9", "carol")),
                now_ms: 8000,
                until_ms: 20_000,
                ..agreed
            })
            .unwrap();
            assert_eq!(
                s.pause(g).unwrap().unwrap().by,
                Some(("u9".to_string(), "carol".to_string()))
            );
            assert_eq!(s.agreed_pauses(g).unwrap(), 1);
            let past = s.pauses_of(g).unwrap();
            assert_eq!(past.len(), 2);
            assert_eq!(
                past[0].ended,
                Some((PauseEnding::Resume, Some("u2".to_string())))
            );
            assert_eq!((past[1].started_ms, past[1].ended.clone()), (8000, None));
            // A finished game has no pause, whatever its rows say.
            s.conn
                .execute("UPDATE games SET status = 'finished' WHERE id = ?1", [g])
                .unwrap();
            assert_eq!(s.pause(g).unwrap(), None);
        });
    }

    /// A database written before pauses: the rebuild of the offer tables keeps every offer and
    /// answer, with foreign keys on, and the pending one stays the one pending.
    #[test]
    fn the_migration_keeps_earlier_offers() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("old.db");
        {
            let conn = rusqlite::Connection::open(&path).unwrap();
            conn.pragma_update(None, "foreign_keys", "ON").unwrap();
            let mut steps: Vec<_> = super::super::open::MIGRATIONS_DIR.dirs().collect();
            steps.sort_by_key(|d| d.path().to_path_buf());
            let before: Vec<_> = steps
                .iter()
                .take_while(|d| !d.path().ends_with("13-pauses"))
                .collect();
            for d in &before {
                let up = d
                    .get_file(d.path().join("up.sql"))
                    .and_then(|f| f.contents_utf8())
                    .unwrap();
                conn.execute_batch(up).unwrap();
            }
            conn.pragma_update(None, "user_version", before.len() as i64)
                .unwrap();
            conn.execute_batch(
                "INSERT INTO games (id, channel, channel_name, kind, seed, status, host, \
                 created_ms, updated_ms) \
                 VALUES (1, 'c', 'tavern', 'pikemen', 7, 'active', 'u1', 0, 0); \
                 INSERT INTO offers (id, game, kind, user_id, seat, ply, status, created_ms) \
                 VALUES (1, 1, 'draw', 'u1', 1, 0, 'declined', 10), \
                        (2, 1, 'undo', 'u2', 2, 0, 'pending', 20); \
                 INSERT INTO offer_answers (offer, user_id, at_ms) VALUES (2, 'u3', 30);",
            )
            .unwrap();
        }
        let mut s = Store::open_shared(&path).unwrap();
        let offers = s.offers(1).unwrap();
        assert_eq!(offers.len(), 2);
        assert_eq!(offers[0].kind, crate::store::OfferKind::Draw);
        let pending = s.pending_offer(1).unwrap().unwrap();
        assert_eq!(
            (pending.id, pending.kind),
            (2, crate::store::OfferKind::Undo)
        );
        assert_eq!(pending.accepted_by, vec!["u3".to_string()]);
        // The answers still point at the offers: an answer to no offer is refused.
        assert!(s
            .conn
            .execute(
                "INSERT INTO offer_answers (offer, user_id, at_ms) VALUES (99, 'u4', 40)",
                ()
            )
            .is_err());
        s.accept_offer(2, "u4", 50).unwrap();
        assert_eq!(s.pending_offer(1).unwrap().unwrap().accepted_by.len(), 2);
    }

    /// The migration kept the offers and their answers, and offers now take the kind 'pause'.
    #[test]
    fn offers_take_pauses() {
        crate::store::testing::each_store(|mut s| {
            let g = running_game(&mut s);
            let id = s
                .create_offer(&crate::store::NewOffer {
                    game: g,
                    kind: crate::store::OfferKind::Pause,
                    user_id: "u1",
                    seat: 1,
                    ply: 0,
                    target: None,
                    now_ms: 2000,
                })
                .unwrap();
            s.accept_offer(id, "u2", 2100).unwrap();
            let o = s.pending_offer(g).unwrap().unwrap();
            assert_eq!(o.kind, crate::store::OfferKind::Pause);
            assert_eq!(o.accepted_by, vec!["u2".to_string()]);
        });
    }
}
