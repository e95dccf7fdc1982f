//! Undo requests and draw offers (`migrations/03-offers`), and the queries of `/mygames`,
//! `/abort` and `/rematch`.

use super::db::{params, OptionalExtension, Row};
use super::GameRow;
use super::{game_row, is_constraint, Result, Store, StoreError, GAME_COLUMNS};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OfferKind {
    Undo,
    Draw,
    /// Stop the game's clocks (`/pause`, `pauses.rs`).
    Pause,
}

impl OfferKind {
    pub fn as_str(self) -> &'static str {
        match self {
            OfferKind::Undo => "undo",
            OfferKind::Draw => "draw",
            OfferKind::Pause => "pause",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OfferStatus {
    Pending,
    Accepted,
    Declined,
    Withdrawn,
    /// Made moot by a change of the game (a move, the end of the game).
    Lapsed,
}

impl OfferStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            OfferStatus::Pending => "pending",
            OfferStatus::Accepted => "accepted",
            OfferStatus::Declined => "declined",
            OfferStatus::Withdrawn => "withdrawn",
            OfferStatus::Lapsed => "lapsed",
        }
    }
    fn parse(s: &str) -> OfferStatus {
        match s {
            "pending" => OfferStatus::Pending,
            "accepted" => OfferStatus::Accepted,
            "declined" => OfferStatus::Declined,
            "withdrawn" => OfferStatus::Withdrawn,
            _ => OfferStatus::Lapsed,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OfferRow {
    pub id: i64,
    pub game: i64,
    pub kind: OfferKind,
    pub user_id: String,
    pub seat: u8,
    pub ply: u32,
    pub target: Option<u32>,
    pub status: OfferStatus,
    pub created_ms: i64,
    pub resolved_ms: Option<i64>,
    pub resolved_by: Option<String>,
    /// User ids who accepted so far.
    pub accepted_by: Vec<String>,
}

/// A new offer.
#[derive(Clone, Debug)]
pub struct NewOffer<'a> {
    pub game: i64,
    pub kind: OfferKind,
    pub user_id: &'a str,
    pub seat: u8,
    pub ply: u32,
    pub target: Option<u32>,
    pub now_ms: i64,
}

/// One of a user's open games, for `/mygames`.
#[derive(Clone, Debug)]
pub struct UserGame {
    pub game: GameRow,
    pub seat: Option<u8>,
    /// The deadline of the player to move, when the game has a clock.
    pub deadline_ms: Option<i64>,
}

const OFFER_COLUMNS: &str = "id, game, kind, user_id, seat, ply, target, status, created_ms, \
     resolved_ms, resolved_by";

fn offer_row(r: &Row) -> super::db::Result<OfferRow> {
    Ok(OfferRow {
        id: r.get(0)?,
        game: r.get(1)?,
        kind: match r.get::<_, String>(2)?.as_str() {
            "undo" => OfferKind::Undo,
            "pause" => OfferKind::Pause,
            _ => OfferKind::Draw,
        },
        user_id: r.get(3)?,
        seat: r.get(4)?,
        ply: r.get(5)?,
        target: r.get(6)?,
        status: OfferStatus::parse(&r.get::<_, String>(7)?),
        created_ms: r.get(8)?,
        resolved_ms: r.get(9)?,
        resolved_by: r.get(10)?,
        accepted_by: Vec::new(),
    })
}

/// Offers are events of their game: its `updated_ms` follows them, so that the latest time
/// stored (where a manual clock resumes) never falls before one.
fn touch(tx: &super::db::Conn, game: i64, now_ms: i64) -> super::db::Result<usize> {
    tx.execute(
        "UPDATE games SET updated_ms = CASE WHEN ?2 > updated_ms THEN ?2 ELSE updated_ms END WHERE id = ?1",
        params![game, now_ms],
    )
}

/// The game of `offer` changed at `now_ms`.
fn touch_offer_game(tx: &super::db::Conn, offer: i64, now_ms: i64) -> super::db::Result<usize> {
    tx.execute(
        "UPDATE games SET updated_ms = CASE WHEN ?2 > updated_ms THEN ?2 ELSE updated_ms END \
         WHERE id = (SELECT game FROM offers WHERE id = ?1)",
        params![offer, now_ms],
    )
}

/// Records `user`'s yes to the row `id` of `table` (offers or rematches, each with a
/// `status` and a table of answers `{one}_answers` keyed by `one`); [`StoreError::Conflict`]
/// when it no longer waits for answers.
pub(super) fn answer_pending(
    tx: &super::db::Conn,
    (table, one): (&str, &str),
    id: i64,
    user: &str,
    now_ms: i64,
) -> Result<()> {
    let status: Option<String> = tx
        .query_row(
            &format!("SELECT status FROM {table} WHERE id = ?1"),
            [id],
            |r| r.get(0),
        )
        .optional()?;
    if status.as_deref() != Some("pending") {
        return Err(StoreError::Conflict);
    }
    tx.execute(
        &format!(
            "INSERT INTO {one}_answers ({one}, user_id, at_ms) VALUES (?1, ?2, ?3) \
             ON CONFLICT DO NOTHING"
        ),
        params![id, user, now_ms],
    )?;
    Ok(())
}

impl Store {
    /// The offer of `game` waiting for answers, with who accepted it so far.
    pub fn pending_offer(&self, game: i64) -> Result<Option<OfferRow>> {
        let row = self
            .conn
            .query_row(
                &format!(
                    "SELECT {OFFER_COLUMNS} FROM offers WHERE game = ?1 AND status = 'pending'"
                ),
                [game],
                offer_row,
            )
            .optional()?;
        match row {
            None => Ok(None),
            Some(mut o) => {
                o.accepted_by = self.offer_answers(o.id)?;
                Ok(Some(o))
            }
        }
    }

    fn offer_answers(&self, offer: i64) -> Result<Vec<String>> {
        let mut st = self.conn.prepare_cached(
            "SELECT user_id FROM offer_answers WHERE offer = ?1 ORDER BY at_ms, user_id",
        )?;
        let rows = st.query_map([offer], |r| r.get(0))?;
        Ok(rows.collect::<super::db::Result<_>>()?)
    }

    /// Every offer made in `game`, oldest first, with their acceptances.
    pub fn offers(&self, game: i64) -> Result<Vec<OfferRow>> {
        let mut st = self.conn.prepare_cached(&format!(
            "SELECT {OFFER_COLUMNS} FROM offers WHERE game = ?1 ORDER BY id"
        ))?;
        let rows: Vec<OfferRow> = st
            .query_map([game], offer_row)?
            .collect::<super::db::Result<_>>()?;
        drop(st);
        rows.into_iter()
            .map(|mut o| {
                o.accepted_by = self.offer_answers(o.id)?;
                Ok(o)
            })
            .collect()
    }

    /// Records a pending offer. [`StoreError::Conflict`] when the game already has one, or
    /// is no longer running.
    pub fn create_offer(&mut self, o: &NewOffer) -> Result<i64> {
        let tx = self.conn.savepoint()?;
        let running: Option<(String, u32)> = tx
            .query_row(
                "SELECT status, ply FROM games WHERE id = ?1",
                [o.game],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?;
        if running != Some(("active".into(), o.ply)) {
            return Err(StoreError::Conflict);
        }
        let r = tx.execute(
            "INSERT INTO offers (game, kind, user_id, seat, ply, target, created_ms) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                o.game,
                o.kind.as_str(),
                o.user_id,
                o.seat,
                o.ply,
                o.target,
                o.now_ms
            ],
        );
        match r {
            Err(e) if is_constraint(&e) => return Err(StoreError::Conflict),
            r => r?,
        };
        let id = tx.last_insert_rowid()?;
        touch(&tx, o.game, o.now_ms)?;
        tx.commit()?;
        Ok(id)
    }

    /// Records `user`'s acceptance of a pending offer. [`StoreError::Conflict`] when the offer
    /// is no longer pending.
    pub fn accept_offer(&mut self, offer: i64, user: &str, now_ms: i64) -> Result<()> {
        let tx = self.conn.savepoint()?;
        answer_pending(&tx, ("offers", "offer"), offer, user, now_ms)?;
        touch_offer_game(&tx, offer, now_ms)?;
        tx.commit()?;
        Ok(())
    }

    /// Closes a pending offer with `status`. [`StoreError::Conflict`] when it was no longer
    /// pending.
    pub fn resolve_offer(
        &mut self,
        offer: i64,
        status: OfferStatus,
        by: &str,
        now_ms: i64,
    ) -> Result<()> {
        let tx = self.conn.savepoint()?;
        let n = tx.execute(
            "UPDATE offers SET status = ?2, resolved_by = ?3, resolved_ms = ?4 \
             WHERE id = ?1 AND status = 'pending'",
            params![offer, status.as_str(), by, now_ms],
        )?;
        if n == 0 {
            return Err(StoreError::Conflict);
        }
        touch_offer_game(&tx, offer, now_ms)?;
        tx.commit()?;
        Ok(())
    }

    /// Ends a game before it was really played: a lobby, or a running game (then `action`,
    /// an `abort` row, is logged through [`Store::append`] by the caller instead).
    pub fn abort_lobby(&mut self, game: i64, now_ms: i64) -> Result<()> {
        let n = self.conn.execute(
            "UPDATE games SET status = 'aborted', updated_ms = ?2 WHERE id = ?1 AND status = 'lobby'",
            params![game, now_ms],
        )?;
        if n == 0 {
            return Err(StoreError::Conflict);
        }
        Ok(())
    }

    /// Closes a game whose record cannot be replayed (a moderator's `/abort`): aborted, with
    /// its clock, timers and pending offer gone, its log kept as it is.
    pub fn close_damaged(&mut self, game: i64, now_ms: i64) -> Result<()> {
        let tx = self.conn.savepoint()?;
        tx.execute(
            "UPDATE games SET status = 'aborted', updated_ms = CASE WHEN ?2 > updated_ms THEN ?2 ELSE updated_ms END \
             WHERE id = ?1 AND status IN ('lobby', 'active')",
            params![game, now_ms],
        )?;
        tx.execute("DELETE FROM clock_turns WHERE game = ?1", [game])?;
        tx.execute("DELETE FROM timers WHERE game = ?1", [game])?;
        tx.execute(
            "UPDATE offers SET status = 'lapsed', resolved_ms = ?2 \
             WHERE game = ?1 AND status = 'pending'",
            params![game, now_ms],
        )?;
        tx.commit()?;
        Ok(())
    }

    /// The channel's most recent game that ended (finished or aborted after its start).
    pub fn last_ended_in(&self, channel: &str) -> Result<Option<GameRow>> {
        Ok(self
            .conn
            .query_row(
                &format!(
                    "SELECT {GAME_COLUMNS} FROM games \
                     WHERE channel = ?1 AND status IN ('finished', 'aborted') \
                     AND started_ms IS NOT NULL ORDER BY id DESC LIMIT 1"
                ),
                [channel],
                game_row,
            )
            .optional()?)
    }

    /// Every open game (lobby or running) `user` sits at, anywhere, oldest first.
    pub fn user_games(&self, user: &str) -> Result<Vec<UserGame>> {
        let cols: Vec<String> = GAME_COLUMNS.split(", ").map(|c| format!("g.{c}")).collect();
        // The clocks keep the deadline of the player to move in `clock_turns`;
        // `games.deadline_ms` is the place the first schema kept for it.
        let mut st = self.conn.prepare_cached(&format!(
            "SELECT {}, s.seat, coalesce(ct.deadline_ms, g.deadline_ms) FROM games g \
             JOIN seats s ON s.game = g.id \
             LEFT JOIN clock_turns ct ON ct.game = g.id AND ct.ply = g.ply \
             WHERE s.user_id = ?1 AND g.status IN ('lobby', 'active') ORDER BY g.id",
            cols.join(", ")
        ))?;
        let rows = st.query_map([user], |r| {
            Ok(UserGame {
                game: game_row(r)?,
                seat: r.get(17)?,
                deadline_ms: r.get(18)?,
            })
        })?;
        Ok(rows.collect::<super::db::Result<_>>()?)
    }

    /// Opens a started game at once with the given seats (user id, name, seat), for
    /// `/rematch`: the game row, its seats and the initial snapshot in one transaction.
    /// [`StoreError::Conflict`] when the channel already has an open game.
    pub fn create_started(
        &mut self,
        g: &super::NewGame,
        seats: &[(String, String, u8)],
        snapshot: &str,
    ) -> Result<i64> {
        let tx = self.conn.savepoint()?;
        let inserted = tx.execute(
            "INSERT INTO games (channel, channel_name, guild, kind, players, options, settings, \
             seed, status, host, created_ms, started_ms, updated_ms, turn_started_ms, snapshot) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 'active', ?9, ?10, ?10, ?10, ?10, ?11)",
            params![
                g.channel,
                g.channel_name,
                g.guild,
                g.kind.id(),
                g.players,
                g.options,
                g.settings,
                g.seed as i64,
                g.host_id,
                g.now_ms,
                snapshot
            ],
        );
        match inserted {
            Err(e) if is_constraint(&e) => return Err(StoreError::Conflict),
            r => r?,
        };
        let id = tx.last_insert_rowid()?;
        {
            let mut st = tx.prepare_cached(
                "INSERT INTO seats (game, user_id, name, join_order, seat, joined_ms) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            )?;
            for (i, (user, name, seat)) in seats.iter().enumerate() {
                st.execute(params![id, user, name, i as u32 + 1, seat, g.now_ms])?;
            }
        }
        tx.commit()?;
        Ok(id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{ActionRow, GameUpdate, NewGame, Status};

    /// A two-player Pikemen game in channel c, hosted by `host`.
    fn pikemen_in_c(seed: u64, host: &str, now_ms: i64) -> NewGame {
        NewGame {
            channel: "c".into(),
            channel_name: "c".into(),
            guild: None,
            kind: crate::engine::GameKind::Pikemen,
            players: Some(2),
            options: "{}".into(),
            settings: "{}".into(),
            seed,
            host_id: host.into(),
            host_name: host.into(),
            now_ms,
        }
    }

    fn running_game(store: &mut Store) -> i64 {
        let id = store.create_game(&pikemen_in_c(1, "a", 5)).unwrap();
        store.join(id, "b", "b", 6).unwrap();
        store
            .start(id, &[("a".into(), 1), ("b".into(), 2)], "{}", 7)
            .unwrap();
        id
    }

    fn offer(game: i64, ply: u32) -> NewOffer<'static> {
        NewOffer {
            game,
            kind: OfferKind::Draw,
            user_id: "a",
            seat: 1,
            ply,
            target: None,
            now_ms: 8,
        }
    }

    #[test]
    fn one_pending_offer_per_game_and_answers_only_while_pending() {
        crate::store::testing::each_store(|mut store| {
            let g = running_game(&mut store);
            // An offer made for a version the game no longer has is refused.
            assert!(matches!(
                store.create_offer(&offer(g, 3)),
                Err(StoreError::Conflict)
            ));
            let id = store.create_offer(&offer(g, 0)).unwrap();
            assert!(matches!(
                store.create_offer(&offer(g, 0)),
                Err(StoreError::Conflict)
            ));
            store.accept_offer(id, "b", 9).unwrap();
            store.accept_offer(id, "b", 10).unwrap();
            let p = store.pending_offer(g).unwrap().unwrap();
            assert_eq!(p.accepted_by, ["b"]);
            store
                .resolve_offer(id, OfferStatus::Declined, "b", 11)
                .unwrap();
            assert!(matches!(
                store.resolve_offer(id, OfferStatus::Accepted, "b", 12),
                Err(StoreError::Conflict)
            ));
            assert!(matches!(
                store.accept_offer(id, "b", 12),
                Err(StoreError::Conflict)
            ));
            assert!(store.pending_offer(g).unwrap().is_none());
            assert_eq!(store.latest_time_ms().unwrap(), Some(11));
            // Closed offers stay for the history, and a new one can be made.
            store.create_offer(&offer(g, 0)).unwrap();
            let all = store.offers(g).unwrap();
            assert_eq!(all.len(), 2);
            assert_eq!(all[0].status, OfferStatus::Declined);
            assert_eq!(all[0].resolved_by.as_deref(), Some("b"));
        });
    }

    #[test]
    fn user_games_and_last_ended_game() {
        crate::store::testing::each_store(|mut store| {
            let g = running_game(&mut store);
            let mine = store.user_games("b").unwrap();
            assert_eq!(mine.len(), 1);
            assert_eq!((mine[0].game.id, mine[0].seat), (g, Some(2)));
            assert_eq!(mine[0].deadline_ms, None);
            // The turn's deadline is shown.
            store
                .conn
                .execute(
                    "INSERT INTO clock_turns (game, ply, seat, user_id, started_ms, deadline_ms, \
                     left_ms, total_ms) VALUES (?1, 0, 1, 'a', 7, 99, 92, 92)",
                    [g],
                )
                .unwrap();
            assert_eq!(store.user_games("b").unwrap()[0].deadline_ms, Some(99));
            assert!(store.last_ended_in("c").unwrap().is_none());
            let abort = ActionRow {
                ply: 1,
                kind: crate::store::ActionKind::Abort,
                text: "abort".into(),
                user_id: Some("a".into()),
                seat: Some(1),
                at_ms: 9,
            };
            let update = GameUpdate {
                status: Status::Aborted,
                outcome: None,
                snapshot: None,
            };
            store.append(g, &abort, &update).unwrap();
            assert!(store.user_games("b").unwrap().is_empty());
            assert_eq!(store.last_ended_in("c").unwrap().unwrap().id, g);
            // A rematch opens at once, started, with the seats given.
            let new = pikemen_in_c(2, "b", 10);
            let seats = [
                ("a".to_string(), "a".to_string(), 2),
                ("b".into(), "b".into(), 1),
            ];
            let r = store.create_started(&new, &seats, "{}").unwrap();
            assert_eq!(store.game(r).unwrap().unwrap().status, Status::Active);
            assert_eq!(store.seats(r).unwrap()[0].seat, Some(2));
            assert!(matches!(
                store.create_started(&new, &seats, "{}"),
                Err(StoreError::Conflict)
            ));
        });
    }
}
