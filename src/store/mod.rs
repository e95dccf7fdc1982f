//! SQLite storage: the only module that speaks SQL. The schema lives in `migrations/`,
//! applied at open.
//!
//! A game is a row of `games`, its players rows of `seats`, and everything that changed it
//! once running an append-only row of `actions`. `games.ply` counts those rows: a writer
//! appends only if the count is still the one it read, so two racing moves cannot both land
//! (the primary key on `(game, ply)` backs this up).
//!
//! Files: `db` (one connection type over SQLite and PostgreSQL) <- `secret` (passwords masked),
//! `lock`, `checkpoint` (the log folded in off the move's path), `open` (where a store is, and
//! opening it) <- `kinds` (the stored words of kinds and
//! statuses, the one place they are spelled) <- the tables' files (`clocks`, `offers`,
//! `competition`, `ratings`, `choices` (languages and themes), `lease`, `shards`, `pauses`,
//! `follows`, `conditionals`), `moves` (a move's reads in one statement) and this file (games,
//! seats, actions). The room imports only `engine` (a game's kind); `table` and `rating` call
//! it, and the command line opens it; transports never do.

mod checkpoint;
mod choices;
pub mod clocks;
pub mod db;
mod foresight;
pub mod kinds;
mod lease;
mod lock;
mod open;
pub mod secret;
mod shards;
pub mod testing;
#[cfg(test)]
mod tests;

use crate::ai::{Level, Occupant};
use crate::engine::GameKind;
use db::{params, Conn, DbError, Expect, OptionalExtension, Row};
use thiserror::Error;

pub use kinds::{
    ActionKind, ChallengeStatus, ClockKind, OpeningSource, PauseEnding, Timeout, TimerKind,
    TournamentStatus,
};
pub use lease::ShardLease;
pub use open::Location;
pub use shards::Shards;

#[derive(Error, Debug)]
pub enum StoreError {
    #[error("{0}")]
    Sql(DbError),
    #[error("database migration: {0}")]
    Migration(#[from] rusqlite_migration::Error),
    /// Written by a newer version of Plateau, whose schema this one does not know.
    #[error(
        "was written by a newer version of Plateau (schema {found}; this version knows up to \
         {known}): run that version, or restore a backup"
    )]
    TooNew { found: usize, known: usize },
    /// Someone else wrote first (another move, another lobby in the channel).
    #[error("the game changed at the same moment")]
    Conflict,
    /// What the store foresaw of a game (`foresight.rs`) was no longer so: the change was
    /// rolled back, to be made again from what is there.
    #[error("the game changed since this process last read it")]
    Stale,
    /// Another process holds the database: two processes would each keep their own copy of
    /// the open games and refuse each other's moves.
    #[error(
        "another Plateau process is already using {0} (stop it first, or give this one its own \
         database with --db or [store] path)"
    )]
    InUse(String),
    /// The file cannot serve as Plateau's database; `why` says what to do about it.
    #[error("{path} {why}")]
    Unusable { path: String, why: String },
    #[error("cannot lock {path}: {error}")]
    Lock { path: String, error: std::io::Error },
    /// Another live process claimed shards this one would serve (issue 29).
    #[error(
        "cannot serve {wanted}: process {pid} on {host} already serves {held} from \
         this database (its claim lasts until {until} and is renewed while it runs): stop it, \
         or give each process its own range with --shards"
    )]
    ShardsHeld {
        wanted: String,
        held: String,
        pid: i64,
        host: String,
        until: String,
    },
    /// The PostgreSQL server of `[store] url` refused or could not be reached.
    #[error("cannot use the database at {url}: {why}")]
    Server { url: String, why: String },
}

impl From<DbError> for StoreError {
    /// A write that found another writer first is the store's conflict, whatever its table.
    fn from(e: DbError) -> StoreError {
        match e {
            DbError::Conflict => StoreError::Conflict,
            DbError::Stale => StoreError::Stale,
            e => StoreError::Sql(e),
        }
    }
}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> StoreError {
        StoreError::Sql(DbError::Sqlite(e))
    }
}

impl From<postgres::Error> for StoreError {
    fn from(e: postgres::Error) -> StoreError {
        StoreError::Sql(DbError::Postgres(e))
    }
}

pub type Result<T> = std::result::Result<T, StoreError>;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Lobby,
    Active,
    Finished,
    Aborted,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Lobby => "lobby",
            Status::Active => "active",
            Status::Finished => "finished",
            Status::Aborted => "aborted",
        }
    }
    fn parse(s: &str) -> Status {
        match s {
            "lobby" => Status::Lobby,
            "active" => Status::Active,
            "finished" => Status::Finished,
            _ => Status::Aborted,
        }
    }
    pub fn is_open(self) -> bool {
        matches!(self, Status::Lobby | Status::Active)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    pub id: i64,
    pub channel: String,
    pub channel_name: String,
    pub guild: Option<String>,
    pub kind: GameKind,
    pub players: Option<u8>,
    /// Validated game options as a JSON object of strings.
    pub options: String,
    /// Service settings (clock, thread...) as a JSON object.
    pub settings: String,
    pub seed: u64,
    pub status: Status,
    pub host: String,
    pub created_ms: i64,
    pub started_ms: Option<i64>,
    pub updated_ms: i64,
    pub ply: u32,
    pub outcome: Option<String>,
    pub snapshot: Option<String>,
}

/// A stored game kind (its command word); an unknown one is a damaged row.
pub(crate) fn game_kind(word: &str) -> db::Result<GameKind> {
    GameKind::parse(word).ok_or_else(|| DbError::Column {
        index: 0,
        why: format!("unknown game kind {word:?}"),
    })
}

/// The kind of game `row`: one it cannot name refuses that game alone, as damaged.
fn kind_of_game(row: i64, word: &str) -> db::Result<GameKind> {
    GameKind::parse(word).ok_or_else(|| DbError::Damaged {
        row,
        why: format!("unknown game {word}"),
    })
}

const GAME_COLUMNS: &str = "id, channel, channel_name, guild, kind, players, options, settings, \
     seed, status, host, created_ms, started_ms, updated_ms, ply, outcome, snapshot";

fn game_row(r: &Row) -> db::Result<GameRow> {
    Ok(GameRow {
        id: r.get(0)?,
        channel: r.get(1)?,
        channel_name: r.get(2)?,
        guild: r.get(3)?,
        kind: kind_of_game(r.get(0)?, &r.get::<_, String>(4)?)?,
        players: r.get(5)?,
        options: r.get(6)?,
        settings: r.get(7)?,
        // Seeds are u64; SQLite integers are i64: stored as the same 64 bits.
        seed: r.get::<_, i64>(8)? as u64,
        status: Status::parse(&r.get::<_, String>(9)?),
        host: r.get(10)?,
        created_ms: r.get(11)?,
        started_ms: r.get(12)?,
        updated_ms: r.get(13)?,
        ply: r.get(14)?,
        outcome: r.get(15)?,
        snapshot: r.get(16)?,
    })
}

/// A game's log, oldest first.
const ACTIONS: &str =
    "SELECT ply, kind, text, user_id, seat, at_ms FROM actions WHERE game = ?1 ORDER BY ply";

const SEATS_THAT_MOVED: &str = "SELECT DISTINCT seat FROM actions \
     WHERE game = ?1 AND kind = ?2 AND seat IS NOT NULL ORDER BY seat";

fn action_row(r: &Row) -> db::Result<ActionRow> {
    Ok(ActionRow {
        ply: r.get(0)?,
        kind: ActionKind::read(&r.get::<_, String>(1)?)?,
        text: r.get(2)?,
        user_id: r.get(3)?,
        seat: r.get(4)?,
        at_ms: r.get(5)?,
    })
}

/// What `/new` creates: the game row, with the host seated first.
#[derive(Clone, Debug)]
pub struct NewGame {
    pub channel: String,
    pub channel_name: String,
    pub guild: Option<String>,
    pub kind: GameKind,
    pub players: Option<u8>,
    pub options: String,
    pub settings: String,
    pub seed: u64,
    pub host_id: String,
    pub host_name: String,
    pub now_ms: i64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRow {
    pub user_id: String,
    pub name: String,
    pub join_order: u32,
    pub seat: Option<u8>,
    /// The computer player's level when a computer player sits here (`None`: a person), read
    /// from the user id once, where the row is made.
    pub bot: Option<Level>,
}

impl SeatRow {
    /// The row of `user_id`'s seat: the one place a seat's occupant is read from its id (a
    /// computer player's id names its level), for rows read from the database and those made
    /// from a stored opening's ids alike.
    pub fn new(user_id: String, name: String, join_order: u32, seat: Option<u8>) -> SeatRow {
        let bot = Occupant::of(&user_id).level();
        SeatRow {
            user_id,
            name,
            join_order,
            seat,
            bot,
        }
    }

    /// Whether a computer player sits here.
    pub fn is_bot(&self) -> bool {
        self.bot.is_some()
    }

    /// Who sits here.
    pub fn occupant(&self) -> Occupant<'_> {
        match self.bot {
            Some(level) => Occupant::Bot(level),
            None => Occupant::Human(&self.user_id),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionRow {
    pub ply: u32,
    pub kind: ActionKind,
    pub text: String,
    pub user_id: Option<String>,
    pub seat: Option<u8>,
    pub at_ms: i64,
}

/// The game row's fields that change with an action.
#[derive(Clone, Debug)]
pub struct GameUpdate {
    pub status: Status,
    pub outcome: Option<String>,
    pub snapshot: Option<String>,
}

pub struct Store {
    /// A serving SQLite store's log is folded in by a thread of its own (`checkpoint.rs`).
    /// Declared before `conn` so that it stops first, and the serving connection, closing
    /// last, folds in what is left and removes the log.
    _checkpoints: Option<checkpoint::Checkpointer>,
    conn: Conn,
    /// What a move will read, foreseen (PostgreSQL only: there a read is a round trip).
    foresight: Option<foresight::Foresight>,
    /// Held while a SQLite store is open: one process per database file (`lock.rs`).
    _lock: Option<lock::ProcessLock>,
}

impl Store {
    /// Runs `f` as one transaction: everything it writes through the store lands together
    /// or not at all (an error or a panic rolls it all back). This is how a change and
    /// everything that belongs to it (the action, the game row, the clock turn and its
    /// timers, the offers it settles, and later rows such as rating changes) is made atomic:
    /// the service composes the store's methods inside `f`. Methods that need a transaction
    /// of their own use savepoints, so they nest inside it.
    pub fn atomically<T>(&mut self, f: impl FnOnce(&mut Store) -> Result<T>) -> Result<T> {
        let depth = self.conn.open_level()?;
        let out = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| f(self)));
        let committed = match &out {
            Ok(Ok(_)) => self.conn.close_level(depth, true),
            _ => self.conn.close_level(depth, false),
        };
        // What the transaction told the foresight holds only if it committed.
        if let Some(f) = &mut self.foresight {
            match (&out, &committed) {
                (Ok(Ok(_)), Ok(())) if depth == 0 => f.committed(),
                (Ok(Ok(_)), Ok(())) => {}
                _ => f.rolled_back(),
            }
        }
        match out {
            Ok(Ok(value)) => committed.map(|()| value).map_err(StoreError::from),
            Ok(Err(e)) => committed.map_err(StoreError::from).and(Err(e)),
            Err(panic) => std::panic::resume_unwind(panic),
        }
    }

    /// Forgets what was foreseen of `game`: its next move reads what is there.
    pub fn forget_foreseen(&mut self, game: i64) {
        if let Some(f) = &mut self.foresight {
            f.forget(game);
        }
    }

    /// Which engine the store runs on.
    pub fn engine(&self) -> db::Engine {
        self.conn.engine()
    }

    /// The round trips made to the PostgreSQL server so far (`None` on SQLite): what a
    /// request cost is the difference before and after it.
    pub fn round_trips(&self) -> Option<u64> {
        self.conn.round_trips()
    }

    pub fn game(&self, id: i64) -> Result<Option<GameRow>> {
        Ok(self
            .conn
            .query_row(
                &format!("SELECT {GAME_COLUMNS} FROM games WHERE id = ?1"),
                [id],
                game_row,
            )
            .optional()?)
    }

    /// Every game in a lobby or running, oldest first.
    pub fn open_games(&self) -> Result<Vec<GameRow>> {
        let mut st = self.conn.prepare_cached(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE status IN ('lobby', 'active') ORDER BY id"
        ))?;
        let rows = st.query_map((), game_row)?;
        Ok(rows.collect::<db::Result<_>>()?)
    }

    pub fn open_game_in(&self, channel: &str) -> Result<Option<GameRow>> {
        Ok(self
            .conn
            .query_row(
                &format!(
                    "SELECT {GAME_COLUMNS} FROM games \
                     WHERE channel = ?1 AND status IN ('lobby', 'active')"
                ),
                [channel],
                game_row,
            )
            .optional()?)
    }

    /// The channel's most recent game that was played: running, finished, or stopped after it
    /// started (left to computer players alone, or aborted).
    pub fn last_game_in(&self, channel: &str) -> Result<Option<GameRow>> {
        Ok(self
            .conn
            .query_row(
                &format!(
                    "SELECT {GAME_COLUMNS} FROM games \
                     WHERE channel = ?1 AND status IN ('active', 'finished', 'aborted') \
                     AND started_ms IS NOT NULL ORDER BY id DESC LIMIT 1"
                ),
                [channel],
                game_row,
            )
            .optional()?)
    }

    pub fn seats(&self, game: i64) -> Result<Vec<SeatRow>> {
        let mut st = self.conn.prepare_cached(
            "SELECT user_id, name, join_order, seat FROM seats WHERE game = ?1 ORDER BY join_order",
        )?;
        let rows = st.query_map([game], |r| {
            Ok(SeatRow::new(r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
        })?;
        Ok(rows.collect::<db::Result<_>>()?)
    }

    /// The seats that have made at least one move in `game` (undone or not).
    pub fn seats_that_moved(&self, game: i64) -> Result<Vec<u8>> {
        let mut st = self.conn.prepare_cached(SEATS_THAT_MOVED)?;
        let rows = st.query_map(params![game, ActionKind::Move.as_str()], |r| r.get(0))?;
        Ok(rows.collect::<db::Result<_>>()?)
    }

    /// [`Store::seats_that_moved`] held back on PostgreSQL to go with the transaction's next
    /// round trip; [`Store::seats_taken`] gives them.
    pub fn seats_that_moved_later(&self, game: i64) -> Result<db::Later> {
        Ok(self
            .conn
            .query_later(SEATS_THAT_MOVED, params![game, ActionKind::Move.as_str()])?)
    }

    /// The seats read by [`Store::seats_that_moved_later`].
    pub fn seats_taken(&self, later: db::Later) -> Result<Vec<u8>> {
        let rows = self.conn.take_later(later)?;
        Ok(rows.iter().map(|r| r.get(0)).collect::<db::Result<_>>()?)
    }

    pub fn actions(&self, game: i64) -> Result<Vec<ActionRow>> {
        let mut st = self.conn.prepare_cached(ACTIONS)?;
        let rows = st.query_map([game], action_row)?;
        Ok(rows.collect::<db::Result<_>>()?)
    }

    /// The latest time written anywhere, so a manual clock never runs backwards on restart.
    pub fn latest_time_ms(&self) -> Result<Option<i64>> {
        Ok(self.conn.query_row(
            "SELECT max(t) FROM (SELECT max(updated_ms) AS t FROM games \
             UNION ALL SELECT max(at_ms) FROM actions \
             UNION ALL SELECT max(joined_ms) FROM seats) AS latest",
            (),
            |r| r.get(0),
        )?)
    }

    /// Creates a lobby with its host in the first seat. [`StoreError::Conflict`] when the
    /// channel already has an open game.
    pub fn create_game(&mut self, g: &NewGame) -> Result<i64> {
        let tx = self.conn.savepoint()?;
        let inserted = tx.execute(
            "INSERT INTO games (channel, channel_name, guild, kind, players, options, settings, \
             seed, status, host, created_ms, updated_ms) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 'lobby', ?9, ?10, ?10)",
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
                g.now_ms
            ],
        );
        match inserted {
            Err(e) if is_constraint(&e) => return Err(StoreError::Conflict),
            r => r?,
        };
        let id = tx.last_insert_rowid()?;
        tx.execute(
            "INSERT INTO seats (game, user_id, name, join_order, joined_ms) VALUES (?1, ?2, ?3, 1, ?4)",
            params![id, g.host_id, g.host_name, g.now_ms],
        )?;
        tx.commit()?;
        Ok(id)
    }

    pub fn join(&mut self, game: i64, user_id: &str, name: &str, now_ms: i64) -> Result<()> {
        let tx = self.conn.savepoint()?;
        let open: Option<String> = tx
            .query_row("SELECT status FROM games WHERE id = ?1", [game], |r| {
                r.get(0)
            })
            .optional()?;
        if open.as_deref() != Some("lobby") {
            return Err(StoreError::Conflict);
        }
        let r = tx.execute(
            "INSERT INTO seats (game, user_id, name, join_order, joined_ms) \
             VALUES (?1, ?2, ?3, (SELECT coalesce(max(join_order), 0) + 1 FROM seats WHERE game = ?1), ?4)",
            params![game, user_id, name, now_ms],
        );
        match r {
            Err(e) if is_constraint(&e) => return Err(StoreError::Conflict),
            r => r?,
        };
        tx.execute(
            "UPDATE games SET updated_ms = ?2 WHERE id = ?1",
            params![game, now_ms],
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Removes a player from a lobby; `new_host` passes the lobby on when the host leaves, and
    /// a lobby left empty is aborted.
    pub fn leave(
        &mut self,
        game: i64,
        user_id: &str,
        new_host: Option<&str>,
        now_ms: i64,
    ) -> Result<()> {
        let tx = self.conn.savepoint()?;
        let n = tx.execute(
            "DELETE FROM seats WHERE game = ?1 AND user_id = ?2 \
             AND (SELECT status FROM games WHERE id = ?1) = 'lobby'",
            params![game, user_id],
        )?;
        if n == 0 {
            return Err(StoreError::Conflict);
        }
        match new_host {
            Some(h) => tx.execute(
                "UPDATE games SET host = ?2, updated_ms = ?3 WHERE id = ?1",
                params![game, h, now_ms],
            )?,
            None => tx.execute(
                "UPDATE games SET status = 'aborted', updated_ms = ?2 WHERE id = ?1",
                params![game, now_ms],
            )?,
        };
        tx.commit()?;
        Ok(())
    }

    /// Turns a lobby into a running game: seat numbers by user, the initial snapshot.
    pub fn start(
        &mut self,
        game: i64,
        seats: &[(String, u8)],
        snapshot: &str,
        now_ms: i64,
    ) -> Result<()> {
        let tx = self.conn.savepoint()?;
        let n = tx.execute(
            "UPDATE games SET status = 'active', started_ms = ?2, updated_ms = ?2, \
             turn_started_ms = ?2, snapshot = ?3 WHERE id = ?1 AND status = 'lobby'",
            params![game, now_ms, snapshot],
        )?;
        if n == 0 {
            return Err(StoreError::Conflict);
        }
        {
            let mut st =
                tx.prepare_cached("UPDATE seats SET seat = ?3 WHERE game = ?1 AND user_id = ?2")?;
            for (user, seat) in seats {
                st.execute(params![game, user, seat])?;
            }
        }
        tx.commit()?;
        Ok(())
    }

    /// Appends `action` (whose `ply` must be the game's next) and updates the game row, in one
    /// transaction (the caller's, if one is open). [`StoreError::Conflict`] if another writer appended first.
    pub fn append(&mut self, game: i64, action: &ActionRow, update: &GameUpdate) -> Result<()> {
        // Inside a move's transaction, a conflict fails the whole move: no savepoint needed,
        // and on PostgreSQL both writes go with the move's next read (`Conn::send`), their
        // conflict judged there.
        let tx = self.conn.unit()?;
        tx.send(
            "UPDATE games SET ply = ?2, status = ?3, outcome = ?4, snapshot = ?5, \
             updated_ms = ?6, turn_started_ms = ?6 \
             WHERE id = ?1 AND ply = ?2 - 1 AND status = 'active'",
            params![
                game,
                action.ply,
                update.status.as_str(),
                update.outcome,
                update.snapshot,
                action.at_ms
            ],
            Expect::Change,
        )?;
        // The primary key on (game, ply) refuses a second action at the same ply.
        tx.send(
            "INSERT INTO actions (game, ply, kind, text, user_id, seat, at_ms) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                game,
                action.ply,
                action.kind.as_str(),
                action.text,
                action.user_id,
                action.seat,
                action.at_ms
            ],
            Expect::Change,
        )?;
        tx.commit()?;
        Ok(())
    }
}

fn is_constraint(e: &DbError) -> bool {
    e.is_constraint()
}

// Undo requests, draw offers and the queries of /mygames, /abort and /rematch (issue 7).
mod analyses;
mod competition;
mod conditionals;
mod follows;
mod moves;
mod offers;
mod pages;
mod pauses;
mod ratings;
mod rematches;
pub use analyses::AnalysisRow;
pub use competition::{
    ChallengeRow, EntrantRow, OpeningRow, SeekClock, SeekRow, TournamentGameRow, TournamentRow,
};
pub use follows::Notify;
pub use moves::MoveReads;
pub use offers::{NewOffer, OfferKind, OfferRow, OfferStatus, UserGame};
pub use pauses::{NewPause, PastPause, PauseRow};
pub use ratings::{PlayedGame, RatingChange, RatingPoint, RatingRow};
pub use rematches::{RematchEnd, RematchRow};
