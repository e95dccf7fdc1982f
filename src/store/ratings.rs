//! Ratings and their history (`migrations/05-ratings`), and the reads of `/rating`,
//! `/leaderboard` and `/stats`. Leaderboards and ranks go through the partial index
//! `ratings_board`, whose condition (`deviation < 110.0`) the queries repeat word for word.

use super::db::{params, Expect, Later, OptionalExtension, Row, ToValue};
use super::{Result, Store};

/// The class (first key) of the advisory lock games ending take in turn (`mark_ended`).
const ENDINGS_LOCK_CLASS: i32 = 1_885_956_976;

fn ratings_in_sql(users: usize) -> String {
    // No user matches `IN (NULL)`, which keeps the statement valid for none.
    let marks = if users == 0 {
        "(NULL)".to_string()
    } else {
        marks(2, users)
    };
    format!("SELECT {RATING_COLUMNS} FROM ratings WHERE kind = ?1 AND user_id IN {marks}")
}

fn ratings_in_values(kind: &str, users: &[&str]) -> Vec<super::db::Value> {
    let mut values = vec![kind.to_value()];
    values.extend(users.iter().map(|u| u.to_value()));
    values
}

/// The rows `found` in the order of `users`, `None` for a user without one.
fn in_order(users: &[&str], found: Vec<RatingRow>) -> Vec<Option<RatingRow>> {
    users
        .iter()
        .map(|u| found.iter().find(|r| r.user_id == *u).cloned())
        .collect()
}

/// A user's rating in one game, with the counts `/rating` shows.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    pub user_id: String,
    pub kind: String,
    pub name: String,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub games: i64,
    pub wins: i64,
    pub draws: i64,
    pub losses: i64,
    pub streak: i64,
    pub best_win: Option<(f64, String, i64)>,
    pub updated_ms: i64,
}

/// What one rated game did to one player.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingChange {
    pub seq: i64,
    pub game: i64,
    pub user_id: String,
    pub kind: String,
    pub guild: String,
    pub seat: u8,
    pub place: u8,
    pub score: f64,
    pub before: (f64, f64),
    pub after: (f64, f64, f64),
    pub at_ms: i64,
}

/// A point of a rating's history: when, and the rating and deviation after that game.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingPoint {
    pub kind: String,
    pub at_ms: i64,
    pub rating: f64,
    pub deviation: f64,
}

/// The results of a user's finished games of one kind, rated or not.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlayedGame {
    pub kind: String,
    pub seat: u8,
    /// The outcome column: `{"winners": [seats], ...}`.
    pub outcome: String,
}

const RATING_COLUMNS: &str = "user_id, kind, name, rating, deviation, volatility, games, wins, \
                              draws, losses, streak, best_win, best_win_name, best_win_game, \
                              updated_ms";

fn rating_row(r: &Row) -> super::db::Result<RatingRow> {
    let best: Option<f64> = r.get(11)?;
    Ok(RatingRow {
        user_id: r.get(0)?,
        kind: r.get(1)?,
        name: r.get(2)?,
        rating: r.get(3)?,
        deviation: r.get(4)?,
        volatility: r.get(5)?,
        games: r.get(6)?,
        wins: r.get(7)?,
        draws: r.get(8)?,
        losses: r.get(9)?,
        streak: r.get(10)?,
        best_win: match best {
            Some(b) => Some((b, r.get(12)?, r.get(13)?)),
            None => None,
        },
        updated_ms: r.get(14)?,
    })
}

/// `guild` of a leaderboard: `None` for global, else players with a rated game there.
/// SQLite is told which index serves the settled ratings (its planner otherwise scans);
/// PostgreSQL's planner finds the partial index itself and has no such hint.
fn board_index(engine: super::db::Engine) -> &'static str {
    match engine {
        super::db::Engine::Sqlite => " INDEXED BY ratings_board",
        super::db::Engine::Postgres => "",
    }
}

/// `(?from, ..., ?{from + n - 1})`: one row's parameters in a statement of many rows.
fn marks(from: usize, n: usize) -> String {
    let each: Vec<String> = (from..from + n).map(|i| format!("?{i}")).collect();
    format!("({})", each.join(", "))
}

fn on_server(alias: &str, guild: Option<&str>) -> String {
    match guild {
        // Names the parameter anyway: PostgreSQL must learn every parameter's type.
        None => " AND CAST(?2 AS TEXT) IS NOT NULL".to_string(),
        Some(_) => format!(
            " AND EXISTS (SELECT 1 FROM rating_changes c WHERE c.guild = ?2 \
             AND c.kind = {alias}.kind AND c.user_id = {alias}.user_id)"
        ),
    }
}

impl Store {
    pub fn rating(&self, user: &str, kind: &str) -> Result<Option<RatingRow>> {
        let mut st = self.conn.prepare_cached(&format!(
            "SELECT {RATING_COLUMNS} FROM ratings WHERE user_id = ?1 AND kind = ?2"
        ))?;
        Ok(st.query_row([user, kind], rating_row).optional()?)
    }

    /// Every game's rating of `user`.
    pub fn ratings_of(&self, user: &str) -> Result<Vec<RatingRow>> {
        let mut st = self.conn.prepare_cached(&format!(
            "SELECT {RATING_COLUMNS} FROM ratings WHERE user_id = ?1 ORDER BY kind"
        ))?;
        let rows = st.query_map([user], rating_row)?;
        Ok(rows.collect::<super::db::Result<_>>()?)
    }

    /// The ratings of `users` in game `kind`, in their order (`None` for a user without one):
    /// one statement for a finished game's players, where one a player was a round trip each
    /// on PostgreSQL.
    pub fn ratings_in(&self, kind: &str, users: &[&str]) -> Result<Vec<Option<RatingRow>>> {
        if users.is_empty() {
            return Ok(Vec::new());
        }
        let mut st = self.conn.prepare_cached(&ratings_in_sql(users.len()))?;
        let found: Vec<RatingRow> = st
            .query_map(ratings_in_values(kind, users), rating_row)?
            .collect::<super::db::Result<_>>()?;
        Ok(in_order(users, found))
    }

    /// [`Store::ratings_in`] held back on PostgreSQL to go with the transaction's next round
    /// trip; [`Store::ratings_taken`] gives them.
    pub fn ratings_in_later(&self, kind: &str, users: &[&str]) -> Result<Later> {
        Ok(self
            .conn
            .query_later(&ratings_in_sql(users.len()), ratings_in_values(kind, users))?)
    }

    /// The ratings read by [`Store::ratings_in_later`] for `users`, as [`Store::ratings_in`]
    /// gives them.
    pub fn ratings_taken(&self, later: Later, users: &[&str]) -> Result<Vec<Option<RatingRow>>> {
        let found = self
            .conn
            .take_later(later)?
            .iter()
            .map(rating_row)
            .collect::<super::db::Result<_>>()?;
        Ok(in_order(users, found))
    }

    /// Inserts or replaces these ratings in one statement. Where a user and game come twice,
    /// the later row stands, as writing them one by one would leave it (and one statement may
    /// not update a row twice).
    pub fn put_ratings(&mut self, rows: &[RatingRow]) -> Result<()> {
        let rows: Vec<&RatingRow> = rows
            .iter()
            .enumerate()
            .filter(|(i, r)| {
                !rows[i + 1..]
                    .iter()
                    .any(|l| l.user_id == r.user_id && l.kind == r.kind)
            })
            .map(|(_, r)| r)
            .collect();
        if rows.is_empty() {
            return Ok(());
        }
        let mut values = Vec::with_capacity(rows.len() * 15);
        for r in &rows {
            let (best, best_name, best_game) = match &r.best_win {
                Some((b, n, g)) => (Some(*b), Some(n.as_str()), Some(*g)),
                None => (None, None, None),
            };
            values.extend([
                r.user_id.to_value(),
                r.kind.to_value(),
                r.name.to_value(),
                r.rating.to_value(),
                r.deviation.to_value(),
                r.volatility.to_value(),
                r.games.to_value(),
                r.wins.to_value(),
                r.draws.to_value(),
                r.losses.to_value(),
                r.streak.to_value(),
                best.to_value(),
                best_name.to_value(),
                best_game.to_value(),
                r.updated_ms.to_value(),
            ]);
        }
        let update: Vec<String> = RATING_COLUMNS
            .split(',')
            .map(str::trim)
            .skip(2)
            .map(|c| format!("{c} = excluded.{c}"))
            .collect();
        let tuples: Vec<String> = (0..rows.len()).map(|i| marks(1 + 15 * i, 15)).collect();
        // Held back on PostgreSQL until the transaction's next read or its commit: a game's
        // end asks nothing of this write.
        self.conn.send(
            &format!(
                "INSERT INTO ratings ({RATING_COLUMNS}) VALUES {} \
                 ON CONFLICT (user_id, kind) DO UPDATE SET {}",
                tuples.join(", "),
                update.join(", ")
            ),
            values,
            Expect::Anything,
        )?;
        Ok(())
    }

    /// Records what a game did to its players' ratings, in one statement.
    pub fn add_rating_changes(&mut self, changes: &[RatingChange]) -> Result<()> {
        if changes.is_empty() {
            return Ok(());
        }
        let mut values = Vec::with_capacity(changes.len() * 14);
        for c in changes {
            values.extend([
                c.seq.to_value(),
                c.game.to_value(),
                c.user_id.to_value(),
                c.kind.to_value(),
                c.guild.to_value(),
                c.seat.to_value(),
                c.place.to_value(),
                c.score.to_value(),
                c.before.0.to_value(),
                c.before.1.to_value(),
                c.after.0.to_value(),
                c.after.1.to_value(),
                c.after.2.to_value(),
                c.at_ms.to_value(),
            ]);
        }
        let tuples: Vec<String> = (0..changes.len()).map(|i| marks(1 + 14 * i, 14)).collect();
        self.conn.send(
            &format!(
                "INSERT INTO rating_changes (seq, game, user_id, kind, guild, seat, place, \
                 score, before, before_dev, after, after_dev, after_vol, at_ms) VALUES {}",
                tuples.join(", ")
            ),
            values,
            Expect::Anything,
        )?;
        Ok(())
    }

    /// What game `game` did to each player's rating, by seat.
    pub fn rating_changes_of_game(&self, game: i64) -> Result<Vec<RatingChange>> {
        let mut st = self.conn.prepare_cached(
            "SELECT seq, game, user_id, kind, guild, seat, place, score, before, before_dev, \
             after, after_dev, after_vol, at_ms FROM rating_changes WHERE game = ?1 ORDER BY seat",
        )?;
        let rows = st.query_map([game], |r| {
            Ok(RatingChange {
                seq: r.get(0)?,
                game: r.get(1)?,
                user_id: r.get(2)?,
                kind: r.get(3)?,
                guild: r.get(4)?,
                seat: r.get(5)?,
                place: r.get(6)?,
                score: r.get(7)?,
                before: (r.get(8)?, r.get(9)?),
                after: (r.get(10)?, r.get(11)?, r.get(12)?),
                at_ms: r.get(13)?,
            })
        })?;
        Ok(rows.collect::<super::db::Result<_>>()?)
    }

    /// Marks `game` as the latest to have ended; returns its place in that order.
    pub fn mark_ended(&mut self, game: i64) -> Result<i64> {
        Ok(self.mark_ended_with(game, |_| Ok(()))?.0)
    }

    /// [`Store::mark_ended`], with the reads `reads` holds back (`Conn::query_later`) sent
    /// after the endings' turn is taken and in the same round trip as the read of the last
    /// place; returns the place and what `reads` returned.
    ///
    /// On PostgreSQL, games ending at once on several connections (a process's pool, several
    /// processes) would each read the same last place, and then the same ratings of a player
    /// they share: the ending transactions take turns here, each holding the turn until it
    /// commits. A read of ratings held back by `reads` sees the ratings of the endings before.
    ///
    /// The lock and the write are held back on PostgreSQL: the lock goes with the read of the
    /// last place, ahead of it in the same round trip (the server runs them in order), and
    /// the write with the transaction's next round trip.
    pub fn mark_ended_with<R>(
        &mut self,
        game: i64,
        reads: impl FnOnce(&mut Self) -> Result<R>,
    ) -> Result<(i64, R)> {
        if self.engine() == super::db::Engine::Postgres {
            self.conn.send(
                "SELECT pg_advisory_xact_lock(?1, 0)",
                [ENDINGS_LOCK_CLASS],
                Expect::Anything,
            )?;
        }
        let held = reads(self)?;
        let seq: i64 = self.conn.query_row(
            "SELECT coalesce(max(ended_seq), 0) + 1 FROM games WHERE ended_seq IS NOT NULL",
            (),
            |r| r.get(0),
        )?;
        self.conn.send(
            "UPDATE games SET ended_seq = ?2 WHERE id = ?1",
            params![game, seq],
            Expect::Anything,
        )?;
        Ok((seq, held))
    }

    /// Finished games and their place in the order they ended: the input of a rebuild.
    pub fn ended_games(&self) -> Result<Vec<(i64, i64)>> {
        let mut st = self.conn.prepare_cached(
            "SELECT id, ended_seq FROM games WHERE ended_seq IS NOT NULL \
             AND status = 'finished' ORDER BY ended_seq",
        )?;
        let rows = st.query_map((), |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok(rows.collect::<super::db::Result<_>>()?)
    }

    /// Forgets every rating (before a rebuild).
    pub fn clear_ratings(&mut self) -> Result<()> {
        self.conn
            .execute_batch("DELETE FROM rating_changes; DELETE FROM ratings;")?;
        Ok(())
    }

    /// One page of settled ratings, best first; `guild` narrows it to a server's players.
    pub fn leaderboard(
        &self,
        kind: &str,
        guild: Option<&str>,
        offset: u32,
        limit: u32,
    ) -> Result<Vec<RatingRow>> {
        let cols = prefixed_columns();
        let sql = format!(
            "SELECT {} FROM ratings r{ix} \
             WHERE r.kind = ?1 AND r.deviation < 110.0{} \
             ORDER BY r.rating DESC, r.user_id LIMIT ?3 OFFSET ?4",
            cols,
            on_server("r", guild),
            ix = board_index(self.conn.engine())
        );
        let mut st = self.conn.prepare_cached(&sql)?;
        let rows = st.query_map(
            params![kind, guild.unwrap_or(""), limit, offset],
            rating_row,
        )?;
        Ok(rows.collect::<super::db::Result<_>>()?)
    }

    /// The provisional ratings of `kind` (on `guild`, if given), best first, at most `limit`:
    /// shown after the settled ones so that a new server's board is not empty.
    pub fn provisional_board(
        &self,
        kind: &str,
        guild: Option<&str>,
        limit: u32,
    ) -> Result<Vec<RatingRow>> {
        let cols = prefixed_columns();
        let sql = format!(
            "SELECT {} FROM ratings r \
             WHERE r.kind = ?1 AND r.deviation >= 110.0{} \
             ORDER BY r.rating DESC, r.user_id LIMIT ?3",
            cols,
            on_server("r", guild),
        );
        let mut st = self.conn.prepare_cached(&sql)?;
        let rows = st.query_map(params![kind, guild.unwrap_or(""), limit], rating_row)?;
        Ok(rows.collect::<super::db::Result<_>>()?)
    }

    /// How many settled ratings `kind` has (on `guild`, if given).
    pub fn leaderboard_size(&self, kind: &str, guild: Option<&str>) -> Result<u32> {
        let sql = format!(
            "SELECT count(*) FROM ratings r{ix} \
             WHERE r.kind = ?1 AND r.deviation < 110.0{}",
            on_server("r", guild),
            ix = board_index(self.conn.engine())
        );
        let n: i64 = self
            .conn
            .prepare_cached(&sql)?
            .query_row(params![kind, guild.unwrap_or("")], |r| r.get(0))?;
        Ok(n as u32)
    }

    /// The place of a settled `rating` among `kind`'s settled ratings (on `guild`).
    pub fn rank_of(&self, kind: &str, guild: Option<&str>, rating: f64) -> Result<u32> {
        let sql = format!(
            "SELECT count(*) FROM ratings r{ix} \
             WHERE r.kind = ?1 AND r.deviation < 110.0 AND r.rating > ?3{}",
            on_server("r", guild),
            ix = board_index(self.conn.engine())
        );
        let n: i64 = self
            .conn
            .prepare_cached(&sql)?
            .query_row(params![kind, guild.unwrap_or(""), rating], |r| r.get(0))?;
        Ok(n as u32 + 1)
    }

    /// `user`'s rating after each rated game, oldest first, every game.
    pub fn rating_history(&self, user: &str) -> Result<Vec<RatingPoint>> {
        let mut st = self.conn.prepare_cached(
            "SELECT kind, at_ms, after, after_dev FROM rating_changes \
             WHERE user_id = ?1 ORDER BY kind, seq",
        )?;
        let rows = st.query_map([user], |r| {
            Ok(RatingPoint {
                kind: r.get(0)?,
                at_ms: r.get(1)?,
                rating: r.get(2)?,
                deviation: r.get(3)?,
            })
        })?;
        Ok(rows.collect::<super::db::Result<_>>()?)
    }

    /// `user`'s rating in `kind` before the first rated game since `since_ms` (the start of a
    /// trend), or `None` when they have not played since.
    pub fn rating_since(&self, user: &str, kind: &str, since_ms: i64) -> Result<Option<f64>> {
        let mut st = self.conn.prepare_cached(
            "SELECT before FROM rating_changes WHERE user_id = ?1 AND kind = ?2 \
             AND at_ms >= ?3 ORDER BY seq LIMIT 1",
        )?;
        Ok(st
            .query_row(params![user, kind, since_ms], |r| r.get(0))
            .optional()?)
    }

    /// The user's finished games (rated or not) with their seat and outcome.
    pub fn played_games(&self, user: &str) -> Result<Vec<PlayedGame>> {
        let mut st = self.conn.prepare_cached(
            "SELECT g.kind, s.seat, g.outcome FROM seats s JOIN games g ON g.id = s.game \
             WHERE s.user_id = ?1 AND g.status = 'finished' AND s.seat IS NOT NULL \
             AND g.outcome IS NOT NULL ORDER BY g.id",
        )?;
        let rows = st.query_map([user], |r| {
            Ok(PlayedGame {
                kind: r.get(0)?,
                seat: r.get(1)?,
                outcome: r.get(2)?,
            })
        })?;
        Ok(rows.collect::<super::db::Result<_>>()?)
    }

    /// Per game kind: the user's moves and the average time each took (from the action
    /// before it, or the game's start for the first).
    pub fn move_times(&self, user: &str) -> Result<Vec<(String, i64, f64)>> {
        let mut st = self.conn.prepare_cached(
            "SELECT g.kind, count(*), CAST(avg(a.at_ms - coalesce(p.at_ms, g.started_ms, a.at_ms)) AS DOUBLE PRECISION) \
             FROM seats s JOIN games g ON g.id = s.game \
             JOIN actions a ON a.game = s.game AND a.user_id = s.user_id AND a.kind = 'move' \
             LEFT JOIN actions p ON p.game = a.game AND p.ply = a.ply - 1 \
             WHERE s.user_id = ?1 GROUP BY g.kind ORDER BY g.kind",
        )?;
        let rows = st.query_map([user], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
        Ok(rows.collect::<super::db::Result<_>>()?)
    }

    /// Per game kind: how many games the user lost on time.
    pub fn time_losses(&self, user: &str) -> Result<Vec<(String, i64)>> {
        let mut st = self.conn.prepare_cached(
            "SELECT g.kind, count(*) FROM seats s JOIN games g ON g.id = s.game \
             JOIN actions a ON a.game = s.game AND a.seat = s.seat \
             AND a.kind = 'resign' AND a.text = 'timeout' \
             WHERE s.user_id = ?1 GROUP BY g.kind ORDER BY g.kind",
        )?;
        let rows = st.query_map([user], |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok(rows.collect::<super::db::Result<_>>()?)
    }

    /// The people `user` finished most games with: name and count, most first.
    pub fn opponents(&self, user: &str, limit: u32) -> Result<Vec<(String, i64)>> {
        let mut st = self.conn.prepare_cached(
            "SELECT max(o.name), count(*) AS n FROM seats s \
             JOIN games g ON g.id = s.game AND g.status = 'finished' \
             JOIN seats o ON o.game = s.game AND o.user_id <> s.user_id \
             WHERE s.user_id = ?1 GROUP BY o.user_id ORDER BY n DESC, max(o.name) LIMIT ?2",
        )?;
        let rows = st.query_map(params![user, limit], |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok(rows.collect::<super::db::Result<_>>()?)
    }

    /// A player's id and latest name from a name they played under (`@bob`, `bob`).
    pub fn player_named(&self, name: &str) -> Result<Option<(String, String)>> {
        let mut st = self.conn.prepare_cached(
            "SELECT user_id, name FROM seats WHERE lower(name) = lower(?1) \
             ORDER BY joined_ms DESC LIMIT 1",
        )?;
        Ok(st
            .query_row([name], |r| Ok((r.get(0)?, r.get(1)?)))
            .optional()?)
    }

    /// The name `user` last played under.
    pub fn player_name(&self, user: &str) -> Result<Option<String>> {
        let mut st = self.conn.prepare_cached(
            "SELECT name FROM seats WHERE user_id = ?1 ORDER BY joined_ms DESC LIMIT 1",
        )?;
        Ok(st.query_row([user], |r| r.get(0)).optional()?)
    }
}

/// The rating columns of the table aliased `r`, for the boards' queries.
fn prefixed_columns() -> String {
    RATING_COLUMNS
        .split(", ")
        .map(|c| format!("r.{}", c.trim()))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::super::testing::{fresh_postgres, pikemen_table};
    use super::*;
    use std::path::Path;

    fn rated(user: &str, rating: f64) -> RatingRow {
        RatingRow {
            user_id: user.into(),
            kind: "pikemen".into(),
            name: user.into(),
            rating,
            deviation: 300.0,
            volatility: 0.06,
            games: 1,
            wins: 1,
            draws: 0,
            losses: 0,
            streak: 1,
            best_win: None,
            updated_ms: 0,
        }
    }

    /// Ends game one on a connection (`first`, in a transaction held open 300 ms after it),
    /// and meanwhile game two on another (`second`); returns what each returned. `None`
    /// without a test PostgreSQL server.
    fn ending_at_once<A: Send + 'static, B>(
        first: impl FnOnce(&mut Store, i64) -> Result<A> + Send + 'static,
        second: impl FnOnce(&mut Store, i64) -> Result<B>,
    ) -> Option<(A, B)> {
        let Some(url) = fresh_postgres() else {
            eprintln!("skipped: no test PostgreSQL server (PLATEAU_TEST_POSTGRES)");
            return None;
        };
        let mut a = Store::open(Path::new(&url)).unwrap();
        let mut b = Store::open(Path::new(&url)).unwrap();
        let one = a.create_game(&pikemen_table("c1")).unwrap();
        let two = a.create_game(&pikemen_table("c2")).unwrap();
        let (entered, enter) = std::sync::mpsc::channel();
        let held = std::thread::spawn(move || {
            a.atomically(|s| {
                let out = first(s, one)?;
                entered.send(()).unwrap();
                // The other connection ends its game while this transaction is open.
                std::thread::sleep(std::time::Duration::from_millis(300));
                Ok(out)
            })
            .unwrap()
        });
        enter.recv().unwrap();
        let then = b.atomically(|s| second(s, two)).unwrap();
        Some((held.join().unwrap(), then))
    }

    /// A game's end reads its players' ratings in the round trip that takes the endings'
    /// turn, after it: a game ending on another connection while the first holds the turn
    /// finds the ratings the first wrote, not those from before (a player in both games would
    /// otherwise be rated twice from the same rating, the first game's change lost).
    /// PostgreSQL only.
    #[test]
    fn an_ending_reads_the_ratings_the_ending_before_it_wrote() {
        let ana = |s: &mut Store, game| {
            let (_, later) =
                s.mark_ended_with(game, |s| s.ratings_in_later("pikemen", &["u-ana"]))?;
            Ok(s.ratings_taken(later, &["u-ana"])?[0]
                .as_ref()
                .map(|r| r.rating))
        };
        let first = move |s: &mut Store, game| {
            s.put_ratings(&[rated("u-ana", 1500.0)])?;
            let before = ana(s, game)?;
            s.put_ratings(&[rated("u-ana", 1600.0)])?;
            Ok(before)
        };
        let Some((before, seen)) = ending_at_once(first, ana) else {
            return;
        };
        assert_eq!(before, Some(1500.0));
        assert_eq!(seen, Some(1600.0));
    }

    /// Two games ending at once on two connections get two places in the order of endings:
    /// the second waits for the first to commit (without the turn both read the same last
    /// place). PostgreSQL only: a SQLite file has one writer at a time anyway.
    #[test]
    fn games_ending_at_once_on_two_connections_take_turns() {
        let end = |s: &mut Store, game| s.mark_ended(game);
        let Some(places) = ending_at_once(end, end) else {
            return;
        };
        assert_eq!(places, (1, 2));
    }
}
