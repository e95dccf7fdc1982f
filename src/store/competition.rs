//! Challenges, seeks, tournaments and the games they open (`migrations/06-competition`).

use super::db::{params, Later, OptionalExtension, Row};
use super::{
    is_constraint, ChallengeStatus, ClockKind, OpeningSource, Result, Store, StoreError, Timeout,
    TournamentStatus,
};
use crate::competition::Format;
use crate::engine::GameKind;

/// A game decided by a challenge, a seek or a tournament, waiting for (or given) a channel.
#[derive(Clone, Debug, PartialEq)]
pub struct OpeningRow {
    pub id: i64,
    pub guild: Option<String>,
    pub parent: String,
    pub parent_name: String,
    pub title: String,
    pub slug: String,
    pub kind: GameKind,
    pub options: Vec<(String, String)>,
    /// User id and name, in seat order.
    pub seats: Vec<(String, String)>,
    pub source: OpeningSource,
    pub game: Option<i64>,
    pub created_ms: i64,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ChallengeRow {
    pub id: i64,
    pub guild: Option<String>,
    pub channel: String,
    pub channel_name: String,
    pub author_id: String,
    pub author_name: String,
    pub opponent_id: Option<String>,
    pub kind: GameKind,
    pub players: u8,
    pub options: Vec<(String, String)>,
    pub status: ChallengeStatus,
    pub created_ms: i64,
    pub expires_ms: i64,
}

#[derive(Clone, Debug, PartialEq)]
pub struct SeekRow {
    pub user_id: String,
    pub guild: String,
    pub name: String,
    pub channel: String,
    pub channel_name: String,
    pub kind: GameKind,
    pub players: u8,
    pub clock: SeekClock,
    pub rated: bool,
    pub rating: f64,
    pub since_ms: i64,
}

/// The clock a seek asks for, stored as `clock/timeout` (`standard/soft`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeekClock {
    pub clock: ClockKind,
    pub timeout: Timeout,
}

impl SeekClock {
    /// Reads a stored clock; an unknown word is a damaged row.
    pub(crate) fn read(word: &str) -> super::db::Result<SeekClock> {
        let (clock, timeout) = word.split_once('/').unwrap_or((word, ""));
        match (ClockKind::parse(clock), Timeout::parse(timeout)) {
            (Some(clock), Some(timeout)) => Ok(SeekClock { clock, timeout }),
            _ => Err(super::db::DbError::Column {
                index: 0,
                why: format!("unknown seek clock {word:?}"),
            }),
        }
    }
}

impl std::fmt::Display for SeekClock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.clock.id(), self.timeout.id())
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct TournamentRow {
    pub id: i64,
    pub guild: Option<String>,
    pub channel: String,
    pub channel_name: String,
    pub creator_id: String,
    pub creator_name: String,
    pub kind: GameKind,
    pub format: Format,
    pub per_game: u8,
    pub rounds: Option<u32>,
    pub options: Vec<(String, String)>,
    pub status: TournamentStatus,
    pub round: u32,
    pub created_ms: i64,
}

#[derive(Clone, Debug, PartialEq)]
pub struct EntrantRow {
    pub entry: usize,
    pub user_id: String,
    pub name: String,
    pub seed: Option<usize>,
    pub withdrawn: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct TournamentGameRow {
    pub id: i64,
    pub round: u32,
    pub board: u32,
    pub leg: u32,
    pub seats: Vec<usize>,
    pub places: Option<Vec<u8>>,
    pub opening: Option<i64>,
}

fn json<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_string(v).expect("plain data serialises")
}

fn unjson<T: serde::de::DeserializeOwned>(s: &str) -> super::db::Result<T> {
    serde_json::from_str(s).map_err(|e| super::db::DbError::Column {
        index: 0,
        why: format!("stored JSON: {e}"),
    })
}

/// A stored tournament format: the word `Format::id` wrote (`Format::parse` also takes what
/// players type); an unknown one is a damaged row.
fn tournament_format(word: &str) -> super::db::Result<Format> {
    Format::ALL
        .into_iter()
        .find(|f| f.id() == word)
        .ok_or_else(|| super::db::DbError::Column {
            index: 0,
            why: format!("unknown Format {word:?}"),
        })
}

const OPENING_COLUMNS: &str =
    "id, guild, parent, parent_name, title, slug, kind, options, seats, source, game, created_ms";

fn opening_of_game_sql() -> String {
    format!("SELECT {OPENING_COLUMNS} FROM openings WHERE game = ?1")
}

fn opening_row(r: &Row) -> super::db::Result<OpeningRow> {
    Ok(OpeningRow {
        id: r.get(0)?,
        guild: r.get(1)?,
        parent: r.get(2)?,
        parent_name: r.get(3)?,
        title: r.get(4)?,
        slug: r.get(5)?,
        kind: super::game_kind(&r.get::<_, String>(6)?)?,
        options: unjson(&r.get::<_, String>(7)?)?,
        seats: unjson(&r.get::<_, String>(8)?)?,
        source: OpeningSource::read(&r.get::<_, String>(9)?)?,
        game: r.get(10)?,
        created_ms: r.get(11)?,
    })
}

const CHALLENGE_COLUMNS: &str = "id, guild, channel, channel_name, author_id, author_name, \
     opponent_id, kind, players, options, status, created_ms, expires_ms";

fn challenge_row(r: &Row) -> super::db::Result<ChallengeRow> {
    Ok(ChallengeRow {
        id: r.get(0)?,
        guild: r.get(1)?,
        channel: r.get(2)?,
        channel_name: r.get(3)?,
        author_id: r.get(4)?,
        author_name: r.get(5)?,
        opponent_id: r.get(6)?,
        kind: super::game_kind(&r.get::<_, String>(7)?)?,
        players: r.get(8)?,
        options: unjson(&r.get::<_, String>(9)?)?,
        status: ChallengeStatus::read(&r.get::<_, String>(10)?)?,
        created_ms: r.get(11)?,
        expires_ms: r.get(12)?,
    })
}

const SEEK_COLUMNS: &str = "user_id, guild, name, channel, channel_name, kind, players, clock, \
     rated, rating, since_ms";

fn seek_row(r: &Row) -> super::db::Result<SeekRow> {
    Ok(SeekRow {
        user_id: r.get(0)?,
        guild: r.get(1)?,
        name: r.get(2)?,
        channel: r.get(3)?,
        channel_name: r.get(4)?,
        kind: super::game_kind(&r.get::<_, String>(5)?)?,
        players: r.get(6)?,
        clock: SeekClock::read(&r.get::<_, String>(7)?)?,
        rated: r.get(8)?,
        rating: r.get(9)?,
        since_ms: r.get(10)?,
    })
}

const TOURNAMENT_COLUMNS: &str = "id, guild, channel, channel_name, creator_id, creator_name, \
     kind, format, per_game, rounds, options, status, round, created_ms";

fn tournament_row(r: &Row) -> super::db::Result<TournamentRow> {
    Ok(TournamentRow {
        id: r.get(0)?,
        guild: r.get(1)?,
        channel: r.get(2)?,
        channel_name: r.get(3)?,
        creator_id: r.get(4)?,
        creator_name: r.get(5)?,
        kind: super::game_kind(&r.get::<_, String>(6)?)?,
        format: tournament_format(&r.get::<_, String>(7)?)?,
        per_game: r.get(8)?,
        rounds: r.get(9)?,
        options: unjson(&r.get::<_, String>(10)?)?,
        status: TournamentStatus::read(&r.get::<_, String>(11)?)?,
        round: r.get(12)?,
        created_ms: r.get(13)?,
    })
}

impl Store {
    // ---- openings

    pub fn add_opening(&mut self, o: &OpeningRow) -> Result<i64> {
        self.conn.execute(
            "INSERT INTO openings (guild, parent, parent_name, title, slug, kind, options, seats, \
             source, created_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
            params![
                o.guild,
                o.parent,
                o.parent_name,
                o.title,
                o.slug,
                o.kind.id(),
                json(&o.options),
                json(&o.seats),
                o.source.as_str(),
                o.created_ms
            ],
        )?;
        Ok(self.conn.last_insert_rowid()?)
    }

    /// Openings not yet given a game, oldest first; those of a cancelled tournament never
    /// open.
    /// Decided games not opened yet, of the servers on `shards`.
    pub fn pending_openings(&self, shards: super::Shards) -> Result<Vec<OpeningRow>> {
        let mut st = self.conn.prepare_cached(&format!(
            "SELECT {OPENING_COLUMNS} FROM openings WHERE game IS NULL AND NOT EXISTS ( \
             SELECT 1 FROM tournament_games g JOIN tournaments t ON t.id = g.tournament \
             WHERE g.opening = openings.id AND t.status = 'cancelled'){} ORDER BY id",
            shards.sql("openings")
        ))?;
        let rows = st.query_map((), opening_row)?;
        Ok(rows.collect::<super::db::Result<_>>()?)
    }

    pub fn opening(&self, id: i64) -> Result<Option<OpeningRow>> {
        Ok(self
            .conn
            .query_row(
                &format!("SELECT {OPENING_COLUMNS} FROM openings WHERE id = ?1"),
                [id],
                opening_row,
            )
            .optional()?)
    }

    pub fn opening_of_game(&self, game: i64) -> Result<Option<OpeningRow>> {
        Ok(self
            .conn
            .query_row(&opening_of_game_sql(), [game], opening_row)
            .optional()?)
    }

    /// [`Store::opening_of_game`] held back on PostgreSQL to go with the transaction's next
    /// round trip; [`Store::opening_taken`] gives it.
    pub fn opening_of_game_later(&self, game: i64) -> Result<Later> {
        Ok(self.conn.query_later(&opening_of_game_sql(), [game])?)
    }

    /// The opening read by [`Store::opening_of_game_later`].
    pub fn opening_taken(&self, later: Later) -> Result<Option<OpeningRow>> {
        let rows = self.conn.take_later(later)?;
        Ok(rows.first().map(opening_row).transpose()?)
    }

    /// Binds an opening to its game; [`StoreError::Conflict`] if it was opened already.
    pub fn mark_opened(&mut self, id: i64, game: i64) -> Result<()> {
        let n = self.conn.execute(
            "UPDATE openings SET game = ?2 WHERE id = ?1 AND game IS NULL",
            params![id, game],
        )?;
        if n == 0 {
            return Err(StoreError::Conflict);
        }
        Ok(())
    }

    // ---- challenges

    pub fn add_challenge(&mut self, c: &ChallengeRow) -> Result<i64> {
        self.conn.execute(
            "INSERT INTO challenges (guild, channel, channel_name, author_id, author_name, \
             opponent_id, kind, players, options, created_ms, expires_ms) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
            params![
                c.guild,
                c.channel,
                c.channel_name,
                c.author_id,
                c.author_name,
                c.opponent_id,
                c.kind.id(),
                c.players,
                json(&c.options),
                c.created_ms,
                c.expires_ms
            ],
        )?;
        Ok(self.conn.last_insert_rowid()?)
    }

    pub fn challenge(&self, id: i64) -> Result<Option<ChallengeRow>> {
        Ok(self
            .conn
            .query_row(
                &format!("SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE id = ?1"),
                [id],
                challenge_row,
            )
            .optional()?)
    }

    /// The open challenges addressed to `user` that have not yet expired, oldest first.
    pub fn challenges_to(&self, user: &str, now_ms: i64) -> Result<Vec<ChallengeRow>> {
        let mut st = self.conn.prepare_cached(&format!(
            "SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE status = 'open' \
             AND opponent_id = ?1 AND expires_ms > ?2 ORDER BY id"
        ))?;
        let rows = st.query_map(params![user, now_ms], challenge_row)?;
        Ok(rows.collect::<super::db::Result<_>>()?)
    }

    /// The open challenges `user` made or was named in that have not yet expired, oldest
    /// first.
    pub fn challenges_of(&self, user: &str, now_ms: i64) -> Result<Vec<ChallengeRow>> {
        let mut st = self.conn.prepare_cached(&format!(
            "SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE status = 'open' \
             AND (opponent_id = ?1 OR author_id = ?1) AND expires_ms > ?2 ORDER BY id"
        ))?;
        let rows = st.query_map(params![user, now_ms], challenge_row)?;
        Ok(rows.collect::<super::db::Result<_>>()?)
    }

    pub fn expired_challenges(
        &self,
        now_ms: i64,
        shards: super::Shards,
    ) -> Result<Vec<ChallengeRow>> {
        let mut st = self.conn.prepare_cached(&format!(
            "SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE status = 'open' \
             AND expires_ms <= ?1{} ORDER BY id",
            shards.sql("challenges")
        ))?;
        let rows = st.query_map([now_ms], challenge_row)?;
        Ok(rows.collect::<super::db::Result<_>>()?)
    }

    pub fn accepts(&self, challenge: i64) -> Result<Vec<(String, String)>> {
        let mut st = self.conn.prepare_cached(
            "SELECT user_id, name FROM challenge_accepts WHERE challenge = ?1 ORDER BY at_ms, rowid",
        )?;
        let rows = st.query_map([challenge], |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok(rows.collect::<super::db::Result<_>>()?)
    }

    /// [`StoreError::Conflict`] when the user accepted already.
    pub fn add_accept(&mut self, challenge: i64, user: &str, name: &str, at_ms: i64) -> Result<()> {
        match self.conn.execute_alone(
            "INSERT INTO challenge_accepts (challenge, user_id, name, at_ms) VALUES (?1, ?2, ?3, ?4)",
            params![challenge, user, name, at_ms],
        ) {
            Err(e) if is_constraint(&e) => Err(StoreError::Conflict),
            r => r.map(|_| ()).map_err(Into::into),
        }
    }

    /// Closes an open challenge; [`StoreError::Conflict`] when it was closed already.
    pub fn close_challenge(
        &mut self,
        id: i64,
        status: ChallengeStatus,
        at_ms: i64,
        opening: Option<i64>,
    ) -> Result<()> {
        let n = self.conn.execute(
            "UPDATE challenges SET status = ?2, closed_ms = ?3, opening = ?4 \
             WHERE id = ?1 AND status = 'open'",
            params![id, status.as_str(), at_ms, opening],
        )?;
        if n == 0 {
            return Err(StoreError::Conflict);
        }
        Ok(())
    }

    // ---- seeks

    /// Places (or replaces) the user's seek on the server.
    pub fn put_seek(&mut self, s: &SeekRow) -> Result<()> {
        self.conn.execute(
            &format!(
                "INSERT INTO seeks ({SEEK_COLUMNS}) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11) \
                 ON CONFLICT (user_id, guild) DO UPDATE SET name = excluded.name, \
                 channel = excluded.channel, channel_name = excluded.channel_name, \
                 kind = excluded.kind, players = excluded.players, clock = excluded.clock, \
                 rated = excluded.rated, rating = excluded.rating, since_ms = excluded.since_ms"
            ),
            params![
                s.user_id,
                s.guild,
                s.name,
                s.channel,
                s.channel_name,
                s.kind.id(),
                s.players,
                s.clock.to_string(),
                s.rated,
                s.rating,
                s.since_ms
            ],
        )?;
        Ok(())
    }

    /// Whether a seek was there to remove.
    pub fn remove_seek(&mut self, user: &str, guild: &str) -> Result<bool> {
        Ok(self.conn.execute(
            "DELETE FROM seeks WHERE user_id = ?1 AND guild = ?2",
            params![user, guild],
        )? > 0)
    }

    /// The queue of one server (`None`: every server), oldest first.
    /// The seeks of one server, or of every server on `shards`.
    pub fn seeks(&self, guild: Option<&str>, shards: super::Shards) -> Result<Vec<SeekRow>> {
        let mut st = self.conn.prepare_cached(&format!(
            "SELECT {SEEK_COLUMNS} FROM seeks WHERE (CAST(?1 AS TEXT) IS NULL OR guild = ?1){} \
             ORDER BY since_ms, user_id",
            shards.sql("seeks")
        ))?;
        let rows = st.query_map([guild], seek_row)?;
        Ok(rows.collect::<super::db::Result<_>>()?)
    }

    pub fn seek_channel(&self, guild: &str) -> Result<Option<(String, String)>> {
        Ok(self
            .conn
            .query_row(
                "SELECT channel, channel_name FROM seek_channels WHERE guild = ?1",
                [guild],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?)
    }

    pub fn set_seek_channel(&mut self, guild: &str, channel: Option<(&str, &str)>) -> Result<()> {
        match channel {
            Some((id, name)) => self.conn.execute(
                "INSERT INTO seek_channels (guild, channel, channel_name) VALUES (?1, ?2, ?3) \
                 ON CONFLICT (guild) DO UPDATE SET channel = excluded.channel, \
                 channel_name = excluded.channel_name",
                params![guild, id, name],
            )?,
            None => self
                .conn
                .execute("DELETE FROM seek_channels WHERE guild = ?1", [guild])?,
        };
        Ok(())
    }

    // ---- tournaments

    /// [`StoreError::Conflict`] when the channel has a tournament in sign-up or running.
    pub fn add_tournament(&mut self, t: &TournamentRow) -> Result<i64> {
        match self.conn.execute_alone(
            "INSERT INTO tournaments (guild, channel, channel_name, creator_id, creator_name, \
             kind, format, per_game, rounds, options, created_ms) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
            params![
                t.guild,
                t.channel,
                t.channel_name,
                t.creator_id,
                t.creator_name,
                t.kind.id(),
                t.format.id(),
                t.per_game,
                t.rounds,
                json(&t.options),
                t.created_ms
            ],
        ) {
            Err(e) if is_constraint(&e) => Err(StoreError::Conflict),
            r => {
                r?;
                Ok(self.conn.last_insert_rowid()?)
            }
        }
    }

    pub fn tournament(&self, id: i64) -> Result<Option<TournamentRow>> {
        Ok(self
            .conn
            .query_row(
                &format!("SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE id = ?1"),
                [id],
                tournament_row,
            )
            .optional()?)
    }

    /// The channel's tournament in sign-up or running, else its latest one.
    pub fn tournament_in(&self, channel: &str) -> Result<Option<TournamentRow>> {
        Ok(self
            .conn
            .query_row(
                &format!(
                    "SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE channel = ?1 \
                     ORDER BY status IN ('signup', 'running') DESC, id DESC LIMIT 1"
                ),
                [channel],
                tournament_row,
            )
            .optional()?)
    }

    pub fn running_tournaments(&self, shards: super::Shards) -> Result<Vec<TournamentRow>> {
        let mut st = self.conn.prepare_cached(&format!(
            "SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE status = 'running'{} ORDER BY id",
            shards.sql("tournaments")
        ))?;
        let rows = st.query_map((), tournament_row)?;
        Ok(rows.collect::<super::db::Result<_>>()?)
    }

    /// Moves a tournament on from `status`/`round`; [`StoreError::Conflict`] when another
    /// request moved it first (a round never advances twice).
    pub fn move_tournament(
        &mut self,
        id: i64,
        from: (TournamentStatus, u32),
        to: (TournamentStatus, u32),
        at_ms: i64,
    ) -> Result<()> {
        let n = self.conn.execute(
            "UPDATE tournaments SET status = ?4, round = ?5, \
             closed_ms = CASE WHEN ?4 IN ('finished', 'cancelled') THEN ?6 ELSE closed_ms END \
             WHERE id = ?1 AND status = ?2 AND round = ?3",
            params![id, from.0.as_str(), from.1, to.0.as_str(), to.1, at_ms],
        )?;
        if n == 0 {
            return Err(StoreError::Conflict);
        }
        Ok(())
    }

    pub fn entrants(&self, tournament: i64) -> Result<Vec<EntrantRow>> {
        let sql = "SELECT entry, user_id, name, seed, withdrawn FROM entrants \
                   WHERE tournament = ?1 ORDER BY entry";
        Ok(self.conn.query_all(sql, [tournament], |r| {
            Ok(EntrantRow {
                entry: r.get::<_, i64>(0)? as usize,
                user_id: r.get(1)?,
                name: r.get(2)?,
                seed: r.get::<_, Option<i64>>(3)?.map(|s| s as usize),
                withdrawn: r.get(4)?,
            })
        })?)
    }

    /// [`StoreError::Conflict`] when the user is entered already.
    pub fn add_entrant(&mut self, tournament: i64, user: &str, name: &str) -> Result<()> {
        let next: i64 = self.conn.query_row(
            "SELECT COALESCE(MAX(entry) + 1, 0) FROM entrants WHERE tournament = ?1",
            [tournament],
            |r| r.get(0),
        )?;
        match self.conn.execute_alone(
            "INSERT INTO entrants (tournament, entry, user_id, name) VALUES (?1, ?2, ?3, ?4)",
            params![tournament, next, user, name],
        ) {
            Err(e) if is_constraint(&e) => Err(StoreError::Conflict),
            r => r.map(|_| ()).map_err(Into::into),
        }
    }

    /// Leaving during sign-up: the later entrants move up, so entries stay 0..n.
    pub fn remove_entrant(&mut self, tournament: i64, user: &str) -> Result<bool> {
        let entry: Option<i64> = self
            .conn
            .query_row(
                "SELECT entry FROM entrants WHERE tournament = ?1 AND user_id = ?2",
                params![tournament, user],
                |r| r.get(0),
            )
            .optional()?;
        let Some(entry) = entry else {
            return Ok(false);
        };
        self.conn.execute(
            "DELETE FROM entrants WHERE tournament = ?1 AND entry = ?2",
            params![tournament, entry],
        )?;
        // Two steps so that the primary key holds after each statement.
        self.conn.execute(
            "UPDATE entrants SET entry = -entry - 1 WHERE tournament = ?1 AND entry > ?2",
            params![tournament, entry],
        )?;
        self.conn.execute(
            "UPDATE entrants SET entry = -entry - 2 WHERE tournament = ?1 AND entry < 0",
            [tournament],
        )?;
        Ok(true)
    }

    pub fn set_seed(&mut self, tournament: i64, entry: usize, seed: usize) -> Result<()> {
        self.conn.execute(
            "UPDATE entrants SET seed = ?3 WHERE tournament = ?1 AND entry = ?2",
            params![tournament, entry as i64, seed as i64],
        )?;
        Ok(())
    }

    pub fn withdraw_entrant(&mut self, tournament: i64, entry: usize) -> Result<()> {
        self.conn.execute(
            "UPDATE entrants SET withdrawn = 1 WHERE tournament = ?1 AND entry = ?2",
            params![tournament, entry as i64],
        )?;
        Ok(())
    }

    /// [`StoreError::Conflict`] when that game (round, board, leg) is there already.
    pub fn add_tournament_game(&mut self, tournament: i64, g: &TournamentGameRow) -> Result<i64> {
        let inserted = self.conn.execute_alone(
            "INSERT INTO tournament_games (tournament, round, board, leg, seats, places, opening) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                tournament,
                g.round,
                g.board,
                g.leg,
                json(&g.seats),
                g.places.as_ref().map(json),
                g.opening
            ],
        );
        match inserted {
            Err(e) if is_constraint(&e) => Err(StoreError::Conflict),
            r => {
                r?;
                Ok(self.conn.last_insert_rowid()?)
            }
        }
    }

    pub fn tournament_games(&self, tournament: i64) -> Result<Vec<TournamentGameRow>> {
        let mut st = self.conn.prepare_cached(
            "SELECT id, round, board, leg, seats, places, opening FROM tournament_games \
             WHERE tournament = ?1 ORDER BY round, board, leg",
        )?;
        let rows = st.query_map([tournament], |r| {
            Ok(TournamentGameRow {
                id: r.get(0)?,
                round: r.get(1)?,
                board: r.get(2)?,
                leg: r.get(3)?,
                seats: unjson(&r.get::<_, String>(4)?)?,
                places: r
                    .get::<_, Option<String>>(5)?
                    .map(|s| unjson(&s))
                    .transpose()?,
                opening: r.get(6)?,
            })
        })?;
        Ok(rows.collect::<super::db::Result<_>>()?)
    }

    /// Inside the transaction that ends a game whose opening is `opening` (read by
    /// [`Store::opening_of_game`]): its place in a tournament, if it has one; whether it had
    /// one.
    pub fn settle_tournament_of(
        &mut self,
        opening: Option<&OpeningRow>,
        places: &[u8],
    ) -> Result<bool> {
        match opening {
            Some(o) if o.source == OpeningSource::Tournament => {
                self.settle_tournament_game(o.id, places)?;
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    /// Records the places of the tournament game played as `opening`; the tournament's id
    /// when there was one still without a result.
    pub fn settle_tournament_game(&mut self, opening: i64, places: &[u8]) -> Result<Option<i64>> {
        let t: Option<i64> = self
            .conn
            .query_row(
                "SELECT tournament FROM tournament_games WHERE opening = ?1 AND places IS NULL",
                [opening],
                |r| r.get(0),
            )
            .optional()?;
        if t.is_some() {
            self.conn.execute(
                "UPDATE tournament_games SET places = ?2 WHERE opening = ?1",
                params![opening, json(&places)],
            )?;
        }
        Ok(t)
    }

    /// The tournament a game was played for, if any.
    pub fn tournament_of_game(&self, game: i64) -> Result<Option<TournamentRow>> {
        let cols = TOURNAMENT_COLUMNS
            .split(", ")
            .map(|c| format!("t.{c}"))
            .collect::<Vec<_>>()
            .join(", ");
        Ok(self
            .conn
            .query_row(
                &format!(
                    "SELECT {cols} FROM tournaments t \
                     JOIN tournament_games g ON g.tournament = t.id \
                     JOIN openings o ON o.id = g.opening WHERE o.game = ?1"
                ),
                [game],
                tournament_row,
            )
            .optional()?)
    }
}
