//! The SQL of correspondence clocks: chosen clocks, turns and their deadlines, timers,
//! per-user settings and vacations (schema in `migrations/02-clocks`).

use super::db::{params, Expect, OptionalExtension, Row, Value};
use super::{Result, Store, TimerKind};

/// Whose turn it is in a running game and until when.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnRow {
    pub game: i64,
    /// The game's version this row was computed for.
    pub ply: u32,
    pub seat: u8,
    pub user_id: String,
    pub started_ms: i64,
    /// `None` while frozen by a vacation, or in an untimed game.
    pub deadline_ms: Option<i64>,
    /// Time left when frozen (the whole turn at its start).
    pub left_ms: i64,
    pub total_ms: i64,
    /// Reminders sent this turn (bit flags).
    pub sent: u8,
    pub expired: bool,
}

pub(super) fn turn_row(r: &Row) -> super::db::Result<TurnRow> {
    Ok(TurnRow {
        game: r.get(0)?,
        ply: r.get(1)?,
        seat: r.get(2)?,
        user_id: r.get(3)?,
        started_ms: r.get(4)?,
        deadline_ms: r.get(5)?,
        left_ms: r.get(6)?,
        total_ms: r.get(7)?,
        sent: r.get(8)?,
        expired: r.get::<_, i64>(9)? != 0,
    })
}

/// A turn row as the read finds it (`clocks::turn_row` reads it back).
pub(super) fn turn_values(t: &TurnRow) -> [Value; 10] {
    [
        Value::Int(t.game),
        Value::Int(t.ply.into()),
        Value::Int(t.seat.into()),
        Value::Text(t.user_id.clone()),
        Value::Int(t.started_ms),
        t.deadline_ms.map_or(Value::Null, Value::Int),
        Value::Int(t.left_ms),
        Value::Int(t.total_ms),
        Value::Int(t.sent.into()),
        Value::Int(t.expired.into()),
    ]
}

pub(super) const TURN_COLUMNS: &str =
    "game, ply, seat, user_id, started_ms, deadline_ms, left_ms, total_ms, sent, expired";

/// Something that falls due.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimerRow {
    pub id: i64,
    pub due_ms: i64,
    pub kind: TimerKind,
    pub game: Option<i64>,
    pub ply: Option<u32>,
    pub user_id: Option<String>,
}

const TIMER_COLUMNS: &str = "id, due_ms, kind, game, ply, user_id";

/// At most this many timers are claimed by one tick; the rest wait for the next round.
const CLAIM_AT_ONCE: u32 = 500;

fn timer_row(r: &Row) -> super::db::Result<TimerRow> {
    Ok(TimerRow {
        id: r.get(0)?,
        due_ms: r.get(1)?,
        kind: TimerKind::read(&r.get::<_, String>(2)?)?,
        game: r.get(3)?,
        ply: r.get(4)?,
        user_id: r.get(5)?,
    })
}

/// A user's `/settings`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UserSettings {
    pub reminders: bool,
    pub digest: bool,
    /// Offset of the user's time zone from UTC, in minutes (with a named zone: its offset
    /// when it was chosen, shown to older versions).
    pub tz_min: i32,
    /// A time zone by name (`Europe/Paris`), which follows daylight saving; `None`: the
    /// fixed offset.
    pub tz_name: Option<String>,
    /// Quiet hours as minutes after local midnight, from and to.
    pub quiet: Option<(u16, u16)>,
}

impl Default for UserSettings {
    fn default() -> Self {
        UserSettings {
            reminders: true,
            digest: false,
            tz_min: 0,
            tz_name: None,
            quiet: None,
        }
    }
}

impl Store {
    pub fn turn(&self, game: i64) -> Result<Option<TurnRow>> {
        Ok(self
            .conn
            .query_row(
                &format!("SELECT {TURN_COLUMNS} FROM clock_turns WHERE game = ?1"),
                [game],
                turn_row,
            )
            .optional()?)
    }

    /// The turns in which `user` is to move, oldest game first.
    pub fn turns_of(&self, user: &str) -> Result<Vec<TurnRow>> {
        let mut st = self.conn.prepare_cached(&format!(
            "SELECT {TURN_COLUMNS} FROM clock_turns WHERE user_id = ?1 ORDER BY game"
        ))?;
        let rows = st.query_map([user], turn_row)?;
        Ok(rows.collect::<super::db::Result<_>>()?)
    }

    /// Writes the turn and replaces the game's turn timers with `timers` (due, kind), in one
    /// transaction (the caller's, if one is open), so a turn never keeps the previous turn's reminders.
    pub fn put_turn(&mut self, t: &TurnRow, timers: &[(i64, TimerKind)]) -> Result<()> {
        if let Some(f) = &mut self.foresight {
            f.turn_put(t.game, turn_values(t));
        }
        let tx = self.conn.unit()?;
        tx.send(
            &format!(
                "INSERT INTO clock_turns ({TURN_COLUMNS}) \
                      VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10) \
                 ON CONFLICT (game) DO UPDATE SET ply = excluded.ply, seat = excluded.seat, \
                 user_id = excluded.user_id, started_ms = excluded.started_ms, \
                 deadline_ms = excluded.deadline_ms, left_ms = excluded.left_ms, \
                 total_ms = excluded.total_ms, sent = excluded.sent, expired = excluded.expired"
            ),
            params![
                t.game,
                t.ply,
                t.seat,
                t.user_id,
                t.started_ms,
                t.deadline_ms,
                t.left_ms,
                t.total_ms,
                t.sent,
                t.expired as i64
            ],
            Expect::Anything,
        )?;
        tx.send(
            &format!(
                "DELETE FROM timers WHERE game = ?1 AND kind IN {}",
                super::kinds::turn_timer_list()
            ),
            [t.game],
            Expect::Anything,
        )?;
        for (due, kind) in timers {
            tx.send(
                "INSERT INTO timers (due_ms, kind, game, ply, user_id) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![due, kind.as_str(), t.game, t.ply, t.user_id],
                Expect::Anything,
            )?;
        }
        tx.commit()?;
        Ok(())
    }

    /// Forgets the turn and timers of a game that is no longer running.
    pub fn clear_turn(&mut self, game: i64) -> Result<()> {
        self.forget_foreseen(game);
        let tx = self.conn.unit()?;
        tx.send(
            "DELETE FROM clock_turns WHERE game = ?1",
            [game],
            Expect::Anything,
        )?;
        tx.send(
            "DELETE FROM timers WHERE game = ?1",
            [game],
            Expect::Anything,
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Running games whose turn row is missing or behind the log, and finished games that
    /// still have one.
    pub fn stale_turns(&self) -> Result<Vec<i64>> {
        let mut st = self.conn.prepare_cached(
            "SELECT g.id FROM games g LEFT JOIN clock_turns t ON t.game = g.id \
             WHERE g.status = 'active' AND (t.game IS NULL OR t.ply != g.ply) \
             UNION SELECT t.game FROM clock_turns t JOIN games g ON g.id = t.game \
             WHERE g.status != 'active' ORDER BY 1",
        )?;
        let rows = st.query_map((), |r| r.get(0))?;
        Ok(rows.collect::<super::db::Result<_>>()?)
    }

    /// The channels of running games whose player to move has a user id starting with
    /// `prefix` (computer players, whose games may not be in memory after a restart).
    pub fn channels_to_move(&self, prefix: &str, shards: super::Shards) -> Result<Vec<String>> {
        let mut st = self.conn.prepare_cached(&format!(
            "SELECT g.channel FROM clock_turns t JOIN games g ON g.id = t.game \
             WHERE g.status = 'active' AND t.ply = g.ply \
             AND substr(t.user_id, 1, {}) = ?1{} ORDER BY g.id",
            prefix.len(),
            shards.sql("g")
        ))?;
        let rows = st.query_map([prefix], |r| r.get(0))?;
        Ok(rows.collect::<super::db::Result<_>>()?)
    }

    /// The seat's standard-clock bank and the time it had left at its last move.
    pub fn bank(&self, game: i64, seat: u8) -> Result<(Option<i64>, Option<i64>)> {
        Ok(self
            .conn
            .query_row(
                "SELECT bank_ms, left_ms FROM clock_banks WHERE game = ?1 AND seat = ?2",
                params![game, seat],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?
            .unwrap_or((None, None)))
    }

    /// Records a seat's move: its new bank (standard clock only) and the time it had left.
    pub fn set_bank(
        &mut self,
        game: i64,
        seat: u8,
        bank_ms: Option<i64>,
        left_ms: i64,
    ) -> Result<()> {
        if let Some(f) = &mut self.foresight {
            f.bank_set(game, seat, bank_ms, left_ms);
        }
        // Written with the change that moved the turn on (`Conn::send`).
        self.conn.send(
            "INSERT INTO clock_banks (game, seat, bank_ms, left_ms) VALUES (?1, ?2, ?3, ?4) \
             ON CONFLICT (game, seat) DO UPDATE SET bank_ms = excluded.bank_ms, \
             left_ms = excluded.left_ms",
            params![game, seat, bank_ms, left_ms],
            Expect::Anything,
        )?;
        Ok(())
    }

    /// Timers due by `now`, earliest first.
    pub fn due_timers(&self, now_ms: i64) -> Result<Vec<TimerRow>> {
        let mut st = self.conn.prepare_cached(&format!(
            "SELECT {TIMER_COLUMNS} FROM timers WHERE due_ms <= ?1 ORDER BY due_ms, id"
        ))?;
        let rows = st.query_map([now_ms], timer_row)?;
        Ok(rows.collect::<super::db::Result<_>>()?)
    }

    /// Claims for `owner` until `until_ms` the timers due by `now` on the shards it serves
    /// and not claimed by another process whose claim still holds (one that died is taken
    /// over once its claim ends); earliest first. On PostgreSQL rows another process is
    /// claiming at this instant are skipped, not waited for (`SKIP LOCKED`).
    pub fn claim_due_timers(
        &mut self,
        now_ms: i64,
        owner: &str,
        until_ms: i64,
        shards: super::Shards,
    ) -> Result<Vec<TimerRow>> {
        let lock = match self.conn.engine() {
            super::db::Engine::Postgres => " FOR UPDATE OF t SKIP LOCKED",
            super::db::Engine::Sqlite => "",
        };
        let sql = format!(
            "UPDATE timers SET claimed_by = ?2, claim_until = ?3 WHERE id IN (\
             SELECT t.id FROM timers t LEFT JOIN games g ON g.id = t.game \
             WHERE t.due_ms <= ?1 \
             AND (t.claimed_by IS NULL OR t.claimed_by = ?2 OR t.claim_until < ?1){} \
             ORDER BY t.due_ms, t.id LIMIT {CLAIM_AT_ONCE}{lock}) \
             RETURNING {TIMER_COLUMNS}",
            shards.sql("g")
        );
        let mut rows = self
            .conn
            .query_all(&sql, params![now_ms, owner, until_ms], timer_row)?;
        rows.sort_by_key(|t| (t.due_ms, t.id));
        Ok(rows)
    }

    pub fn take_timer(&mut self, id: i64) -> Result<bool> {
        Ok(self
            .conn
            .execute("DELETE FROM timers WHERE id = ?1", [id])?
            == 1)
    }

    /// Whether a timer is still waiting (a tick that could not fire it leaves it).
    pub fn timer_exists(&self, id: i64) -> Result<bool> {
        Ok(self
            .conn
            .query_row("SELECT 1 FROM timers WHERE id = ?1", [id], |_| Ok(()))
            .optional()?
            .is_some())
    }

    pub fn add_timer(
        &mut self,
        due_ms: i64,
        kind: TimerKind,
        game: Option<i64>,
        ply: Option<u32>,
        user: Option<&str>,
    ) -> Result<()> {
        self.conn.execute(
            "INSERT INTO timers (due_ms, kind, game, ply, user_id) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![due_ms, kind.as_str(), game, ply, user],
        )?;
        Ok(())
    }

    /// Removes a user's timers of one kind (`digest`, `vacation_end`).
    pub fn drop_user_timers(&mut self, user: &str, kind: TimerKind) -> Result<()> {
        self.conn.execute(
            "DELETE FROM timers WHERE user_id = ?1 AND kind = ?2 AND game IS NULL",
            params![user, kind.as_str()],
        )?;
        Ok(())
    }

    pub fn user_timer(&self, user: &str, kind: TimerKind) -> Result<Option<i64>> {
        Ok(self
            .conn
            .query_row(
                "SELECT min(due_ms) FROM timers WHERE user_id = ?1 AND kind = ?2 AND game IS NULL",
                params![user, kind.as_str()],
                |r| r.get(0),
            )
            .optional()?
            .flatten())
    }

    /// Records a reminder as sent (bit `bit` of `sent`) for the turn at `ply`.
    pub fn mark_sent(&mut self, game: i64, ply: u32, bit: u8) -> Result<()> {
        self.conn.execute(
            "UPDATE clock_turns SET sent = sent | ?3 WHERE game = ?1 AND ply = ?2",
            params![game, ply, bit],
        )?;
        Ok(())
    }

    pub fn set_expired(&mut self, game: i64, ply: u32) -> Result<()> {
        self.conn.execute(
            "UPDATE clock_turns SET expired = 1, left_ms = 0 WHERE game = ?1 AND ply = ?2",
            params![game, ply],
        )?;
        Ok(())
    }

    /// Records `voter`'s vote for the turn at `ply`; false if they had already voted.
    pub fn add_vote(&mut self, game: i64, ply: u32, voter: &str) -> Result<bool> {
        Ok(self.conn.execute(
            "INSERT INTO clock_votes (game, ply, voter) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING",
            params![game, ply, voter],
        )? == 1)
    }

    pub fn votes(&self, game: i64, ply: u32) -> Result<Vec<String>> {
        let mut st = self.conn.prepare_cached(
            "SELECT voter FROM clock_votes WHERE game = ?1 AND ply = ?2 ORDER BY voter",
        )?;
        let rows = st.query_map(params![game, ply], |r| r.get(0))?;
        Ok(rows.collect::<super::db::Result<_>>()?)
    }

    pub fn settings(&self, user: &str) -> Result<UserSettings> {
        Ok(self
            .conn
            .query_row(
                "SELECT reminders, digest, tz_min, quiet_from, quiet_to, tz_name \
                 FROM user_settings WHERE user_id = ?1",
                [user],
                |r| {
                    let from: Option<u16> = r.get(3)?;
                    let to: Option<u16> = r.get(4)?;
                    Ok(UserSettings {
                        reminders: r.get::<_, i64>(0)? != 0,
                        digest: r.get::<_, i64>(1)? != 0,
                        tz_min: r.get(2)?,
                        tz_name: r.get(5)?,
                        quiet: from.zip(to),
                    })
                },
            )
            .optional()?
            .unwrap_or_default())
    }

    pub fn put_settings(&mut self, user: &str, s: &UserSettings) -> Result<()> {
        if let Some(f) = &mut self.foresight {
            f.forget_user(user);
        }
        self.conn.execute(
            "INSERT INTO user_settings (user_id, reminders, digest, tz_min, quiet_from, \
             quiet_to, tz_name) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) \
             ON CONFLICT (user_id) DO UPDATE SET reminders = excluded.reminders, \
             digest = excluded.digest, tz_min = excluded.tz_min, \
             quiet_from = excluded.quiet_from, quiet_to = excluded.quiet_to, \
             tz_name = excluded.tz_name",
            params![
                user,
                s.reminders as i64,
                s.digest as i64,
                s.tz_min,
                s.quiet.map(|q| q.0),
                s.quiet.map(|q| q.1),
                s.tz_name
            ],
        )?;
        Ok(())
    }

    /// When the user's current vacation started, if they are on one.
    pub fn vacation(&self, user: &str) -> Result<Option<i64>> {
        Ok(self
            .conn
            .query_row(
                "SELECT started_ms FROM vacations WHERE user_id = ?1 AND ended_ms IS NULL",
                [user],
                |r| r.get(0),
            )
            .optional()?)
    }

    /// Vacation time used by vacations started in `[from, to)`; a running one counts up to
    /// `now`.
    pub fn vacation_used(&self, user: &str, from_ms: i64, to_ms: i64, now_ms: i64) -> Result<i64> {
        Ok(self.conn.query_row(
            "SELECT CAST(coalesce(sum(coalesce(ended_ms, ?4) - started_ms), 0) AS BIGINT) FROM vacations \
             WHERE user_id = ?1 AND started_ms >= ?2 AND started_ms < ?3",
            params![user, from_ms, to_ms, now_ms],
            |r| r.get(0),
        )?)
    }

    pub fn start_vacation(&mut self, user: &str, name: &str, now_ms: i64) -> Result<()> {
        self.conn.execute(
            "INSERT INTO vacations (user_id, started_ms, name) VALUES (?1, ?2, ?3) \
             ON CONFLICT DO NOTHING",
            params![user, now_ms, name],
        )?;
        Ok(())
    }

    /// Ends the user's vacation; false if they were not on one.
    pub fn end_vacation(&mut self, user: &str, now_ms: i64) -> Result<bool> {
        Ok(self.conn.execute(
            "UPDATE vacations SET ended_ms = CASE WHEN ?2 > started_ms THEN ?2 ELSE started_ms END \
             WHERE user_id = ?1 AND ended_ms IS NULL",
            params![user, now_ms],
        )? > 0)
    }

    /// The kind and seat of the game's last action.
    pub fn last_action(&self, game: i64) -> Result<Option<(super::ActionKind, Option<u8>)>> {
        Ok(self
            .conn
            .query_row(
                "SELECT kind, seat FROM actions WHERE game = ?1 ORDER BY ply DESC LIMIT 1",
                [game],
                |r| Ok((super::ActionKind::read(&r.get::<_, String>(0)?)?, r.get(1)?)),
            )
            .optional()?)
    }

    /// The name the user had when their current vacation started.
    pub fn vacation_name(&self, user: &str) -> Result<Option<String>> {
        Ok(self
            .conn
            .query_row(
                "SELECT name FROM vacations WHERE user_id = ?1 AND ended_ms IS NULL",
                [user],
                |r| r.get(0),
            )
            .optional()?)
    }

    /// Records that the scheduler ran at `now`.
    pub fn set_last_tick(&mut self, now_ms: i64) -> Result<()> {
        self.conn.execute(
            "INSERT INTO clock_meta (key, value) VALUES ('last_tick', ?1) \
             ON CONFLICT (key) DO UPDATE SET value = CASE WHEN excluded.value > clock_meta.value \
             THEN excluded.value ELSE clock_meta.value END",
            [now_ms],
        )?;
        Ok(())
    }

    /// The latest time the clock tables know of (last tick, vacations).
    pub fn clock_latest_ms(&self) -> Result<Option<i64>> {
        Ok(self.conn.query_row(
            "SELECT max(t) FROM (SELECT value AS t FROM clock_meta WHERE key = 'last_tick' \
             UNION ALL SELECT max(started_ms) FROM vacations \
             UNION ALL SELECT max(ended_ms) FROM vacations) AS latest",
            (),
            |r| r.get(0),
        )?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::NewGame;

    fn with_game(mut s: Store) -> (Store, i64) {
        let id = s
            .create_game(&NewGame {
                seed: 7,
                ..crate::store::testing::pikemen_table("c")
            })
            .unwrap();
        (s, id)
    }

    fn turn(game: i64, ply: u32) -> TurnRow {
        TurnRow {
            game,
            ply,
            seat: 1,
            user_id: "u1".into(),
            started_ms: 0,
            deadline_ms: Some(100),
            left_ms: 100,
            total_ms: 100,
            sent: 0,
            expired: false,
        }
    }

    /// A new turn replaces the previous turn's timers; user timers stay.
    #[test]
    fn turns_replace_their_timers_and_timers_fire_once() {
        crate::store::testing::each_store(|s| {
            let (mut s, g) = with_game(s);
            s.add_timer(10, TimerKind::Digest, None, None, Some("u1"))
                .unwrap();
            s.put_turn(
                &turn(g, 0),
                &[(50, TimerKind::Half), (100, TimerKind::Deadline)],
            )
            .unwrap();
            s.put_turn(
                &turn(g, 1),
                &[(70, TimerKind::Half), (120, TimerKind::Deadline)],
            )
            .unwrap();
            let due = s.due_timers(1000).unwrap();
            let kinds: Vec<(i64, TimerKind)> = due.iter().map(|t| (t.due_ms, t.kind)).collect();
            assert_eq!(
                kinds,
                vec![
                    (10, TimerKind::Digest),
                    (70, TimerKind::Half),
                    (120, TimerKind::Deadline)
                ]
            );
            assert_eq!(due[1].ply, Some(1));
            assert!(s.take_timer(due[0].id).unwrap());
            assert!(!s.take_timer(due[0].id).unwrap(), "only one taker");
            assert_eq!(s.due_timers(69).unwrap().len(), 0);
            s.mark_sent(g, 1, 2).unwrap();
            s.mark_sent(g, 0, 4).unwrap(); // an old turn's reminder changes nothing
            assert_eq!(s.turn(g).unwrap().unwrap().sent, 2);
            assert_eq!(s.bank(g, 1).unwrap(), (None, None));
            s.set_bank(g, 1, Some(4000), 3000).unwrap();
            s.set_bank(g, 2, None, 500).unwrap();
            assert_eq!(s.bank(g, 1).unwrap(), (Some(4000), Some(3000)));
            assert_eq!(s.bank(g, 2).unwrap(), (None, Some(500)));
            s.clear_turn(g).unwrap();
            assert!(s.turn(g).unwrap().is_none());
            assert!(s.due_timers(1000).unwrap().is_empty());
        });
    }

    #[test]
    fn votes_settings_and_vacations() {
        crate::store::testing::each_store(|s| {
            let (mut s, g) = with_game(s);
            assert!(s.add_vote(g, 3, "u2").unwrap());
            assert!(!s.add_vote(g, 3, "u2").unwrap());
            assert!(s.add_vote(g, 3, "u3").unwrap());
            assert_eq!(s.votes(g, 3).unwrap().len(), 2);
            assert!(s.votes(g, 4).unwrap().is_empty());

            assert_eq!(s.settings("u1").unwrap(), UserSettings::default());
            let mine = UserSettings {
                reminders: false,
                digest: true,
                tz_min: -300,
                tz_name: Some("America/New_York".into()),
                quiet: Some((1320, 420)),
            };
            s.put_settings("u1", &mine).unwrap();
            assert_eq!(s.settings("u1").unwrap(), mine);

            s.start_vacation("u1", "alice", 1000).unwrap();
            assert_eq!(s.vacation("u1").unwrap(), Some(1000));
            assert_eq!(s.vacation_used("u1", 0, 10_000, 4000).unwrap(), 3000);
            assert!(s.end_vacation("u1", 5000).unwrap());
            assert!(!s.end_vacation("u1", 6000).unwrap());
            s.start_vacation("u1", "alice", 8000).unwrap();
            assert_eq!(s.vacation_used("u1", 0, 10_000, 9000).unwrap(), 5000);
            assert_eq!(s.vacation_used("u1", 10_000, 20_000, 9000).unwrap(), 0);
            assert_eq!(s.clock_latest_ms().unwrap(), Some(8000));
            s.set_last_tick(50_000).unwrap();
            s.set_last_tick(40_000).unwrap();
            assert_eq!(s.clock_latest_ms().unwrap(), Some(50_000));
        });
    }
}
