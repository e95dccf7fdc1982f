//! One connection to either engine the store runs on: SQLite (the embedded default) or
//! PostgreSQL (`[store] url`, for several processes sharing one database, issue 16).
//!
//! The store's SQL is written once, in the subset both engines read alike (upserts with
//! `ON CONFLICT`, `CASE` instead of SQLite's two-argument `max`, casts around aggregates that
//! PostgreSQL widens to `numeric`). The only rewriting done here is the placeholders (`?1`
//! becomes `$1`). Values cross as [`Value`], so the store's row mappers do not know the engine.

mod pg;
mod sqlite;
mod value;

pub use value::{FromValue, Params, Row, ToValue, Value};

use std::cell::Cell;
use thiserror::Error;

#[derive(Error, Debug)]
pub enum DbError {
    #[error("{0}")]
    Sqlite(#[from] rusqlite::Error),
    #[error("{}", pg::describe(.0))]
    Postgres(#[from] postgres::Error),
    #[error("query returned no rows")]
    NoRows,
    /// The client could not be set up on this machine (no runtime for its socket).
    #[error("{0}")]
    Client(String),
    #[error("column {index}: {why}")]
    Column { index: usize, why: String },
    /// A write that had to change a row changed none, or broke a constraint: another writer
    /// came first ([`Expect::Change`]).
    #[error("another writer came first")]
    Conflict,
    /// A guard ([`Expect::Fresh`]) found the rows it checks other than the store foresaw:
    /// another writer changed them since; the transaction is rolled back.
    #[error("what the store foresaw had changed")]
    Stale,
    /// A row the code cannot read (a game of an unknown kind): that row alone is refused.
    #[error("row {row}: {why}")]
    Damaged { row: i64, why: String },
}

pub type Result<T, E = DbError> = std::result::Result<T, E>;

impl DbError {
    /// A unique, foreign-key or check constraint refused the write.
    pub fn is_constraint(&self) -> bool {
        match self {
            DbError::Sqlite(rusqlite::Error::SqliteFailure(f, _)) => {
                f.code == rusqlite::ErrorCode::ConstraintViolation
            }
            DbError::Postgres(e) => pg::is_constraint(e),
            _ => false,
        }
    }
}

/// `rusqlite`'s `optional()`, for the store's single-row reads.
pub trait OptionalExtension<T> {
    fn optional(self) -> Result<Option<T>>;
}

impl<T> OptionalExtension<T> for Result<T> {
    fn optional(self) -> Result<Option<T>> {
        match self {
            Ok(v) => Ok(Some(v)),
            Err(DbError::NoRows) => Ok(None),
            Err(e) => Err(e),
        }
    }
}

/// What a held-back write must do, checked when its answer comes back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expect {
    /// Anything but an error.
    Anything,
    /// Change at least one row without breaking a constraint: otherwise another writer came
    /// first ([`DbError::Conflict`]).
    Change,
    /// A guard: a read that fails its transaction on the server (by a division by zero) when
    /// it does not find what was foreseen ([`DbError::Stale`]). Written to vouch for the
    /// writes held back before it too (failing when they did not change what they had to),
    /// so that a commit after it needs no round trip of its own to judge them.
    Fresh,
}

impl Expect {
    /// The write's outcome as the store sees it.
    pub fn judge(self, r: Result<usize>) -> Result<usize> {
        match (self, r) {
            (Expect::Change, Ok(0)) => Err(DbError::Conflict),
            (Expect::Change, Err(e)) if e.is_constraint() => Err(DbError::Conflict),
            (Expect::Fresh, Err(DbError::Postgres(e))) if pg::is_guard_failure(&e) => {
                Err(DbError::Stale)
            }
            (_, r) => r,
        }
    }
}

/// Which engine a connection speaks to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    Sqlite,
    Postgres,
}

enum Inner {
    Sqlite(rusqlite::Connection),
    Postgres(Box<std::cell::RefCell<pg::PgConn>>),
}

/// A connection with nested transactions: the outermost level is a transaction, inner levels
/// are savepoints, so store methods that need atomicity nest inside `Store::atomically`.
pub struct Conn {
    inner: Inner,
    depth: Cell<u32>,
    /// SQLite's answers to [`Conn::query_later`], by ticket, until taken.
    kept: std::cell::RefCell<Vec<(u32, Vec<Row>)>>,
    next_ticket: Cell<u32>,
}

/// A read held back by [`Conn::query_later`], whose rows [`Conn::take_later`] gives.
#[derive(Debug)]
pub struct Later(u32);

impl Conn {
    pub fn sqlite(conn: rusqlite::Connection) -> Conn {
        Conn {
            inner: Inner::Sqlite(conn),
            depth: Cell::new(0),
            kept: Default::default(),
            next_ticket: Cell::new(0),
        }
    }

    pub fn postgres(config: &tokio_postgres::Config) -> Result<Conn> {
        Ok(Conn {
            inner: Inner::Postgres(Box::new(std::cell::RefCell::new(pg::PgConn::connect(
                config,
            )?))),
            depth: Cell::new(0),
            kept: Default::default(),
            next_ticket: Cell::new(0),
        })
    }

    pub fn engine(&self) -> Engine {
        match self.inner {
            Inner::Sqlite(_) => Engine::Sqlite,
            Inner::Postgres(_) => Engine::Postgres,
        }
    }

    /// The round trips this connection has made to its server so far: `None` on SQLite,
    /// which has no server to wait for.
    pub fn round_trips(&self) -> Option<u64> {
        match &self.inner {
            Inner::Sqlite(_) => None,
            Inner::Postgres(c) => Some(c.borrow().round_trips()),
        }
    }

    pub fn execute(&self, sql: &str, params: impl Params) -> Result<usize> {
        let values = params.into_values();
        match &self.inner {
            Inner::Sqlite(c) => sqlite::execute(c, sql, &values),
            Inner::Postgres(c) => c.borrow_mut().execute(sql, &values),
        }
    }

    /// A write whose answer the caller does not wait for: inside a transaction on PostgreSQL
    /// it is sent with the next statement that needs an answer, or the commit (one round trip
    /// for all, issue 30), and `expect` is judged then; anywhere else it runs now. Its error
    /// (a [`DbError::Conflict`] when `expect` is not met) may therefore reach a later statement
    /// of the transaction, which then fails as a whole: for writes whose failure fails it
    /// anyway, as [`Conn::unit`]'s.
    pub fn send(&self, sql: &str, params: impl Params, expect: Expect) -> Result<()> {
        let values = params.into_values();
        match &self.inner {
            Inner::Postgres(c) if self.depth.get() > 0 => c.borrow_mut().queue(sql, values, expect),
            Inner::Postgres(c) => expect.judge(c.borrow_mut().execute(sql, &values)).map(drop),
            Inner::Sqlite(c) => expect.judge(sqlite::execute(c, sql, &values)).map(drop),
        }
    }

    /// A read whose rows are wanted only once the transaction is over (the log a move's reply
    /// tells): inside a transaction on PostgreSQL it is sent with the next round trip (the
    /// commit's, at the latest), anywhere else it runs now. [`Conn::take_later`] gives its rows.
    pub fn query_later(&self, sql: &str, params: impl Params) -> Result<Later> {
        let values = params.into_values();
        match &self.inner {
            Inner::Postgres(c) if self.depth.get() > 0 => {
                c.borrow_mut().query_later(sql, values).map(Later)
            }
            _ => {
                let rows = self.query_all(sql, values, |r| Ok(r.clone()))?;
                let ticket = self.next_ticket.get();
                self.next_ticket.set(ticket.wrapping_add(1));
                self.kept.borrow_mut().push((ticket, rows));
                Ok(Later(ticket))
            }
        }
    }

    /// The rows of a read held back by [`Conn::query_later`]; [`DbError::NoRows`] when its
    /// transaction rolled back before they came.
    pub fn take_later(&self, later: Later) -> Result<Vec<Row>> {
        let mut kept = self.kept.borrow_mut();
        if let Some(at) = kept.iter().position(|(t, _)| *t == later.0) {
            return Ok(kept.swap_remove(at).1);
        }
        match &self.inner {
            Inner::Postgres(c) => c.borrow_mut().take_later(later.0).ok_or(DbError::NoRows),
            Inner::Sqlite(_) => Err(DbError::NoRows),
        }
    }

    /// Whether a transaction is open.
    pub fn in_transaction(&self) -> bool {
        self.depth.get() > 0
    }

    /// As [`Conn::execute`], in a level of its own: a refused write (a constraint) undoes only
    /// itself. PostgreSQL otherwise aborts the whole enclosing transaction on any error, where
    /// the store's callers go on after a conflict.
    pub fn execute_alone(&self, sql: &str, params: impl Params) -> Result<usize> {
        let tx = self.savepoint()?;
        let n = tx.execute(sql, params)?;
        tx.commit()?;
        Ok(n)
    }

    /// Every row, mapped.
    pub fn query_all<T>(
        &self,
        sql: &str,
        params: impl Params,
        mut f: impl FnMut(&Row) -> Result<T>,
    ) -> Result<Vec<T>> {
        let values = params.into_values();
        match &self.inner {
            Inner::Sqlite(c) => sqlite::query(c, sql, &values, &mut f),
            Inner::Postgres(c) => c.borrow_mut().query(sql, &values, &mut f),
        }
    }

    /// The first row, mapped; [`DbError::NoRows`] when there is none.
    pub fn query_row<T>(
        &self,
        sql: &str,
        params: impl Params,
        f: impl FnOnce(&Row) -> Result<T>,
    ) -> Result<T> {
        let mut f = Some(f);
        let mut first = None;
        self.query_all(sql, params, |r| {
            if let Some(f) = f.take() {
                first = Some(f(r)?);
            }
            Ok(())
        })?;
        first.ok_or(DbError::NoRows)
    }

    /// A statement run several times (the engines cache the prepared form by its text).
    pub fn prepare_cached(&self, sql: &str) -> Result<Statement<'_>> {
        Ok(Statement {
            conn: self,
            sql: sql.to_string(),
        })
    }

    /// Statements without parameters, separated by `;`.
    pub fn execute_batch(&self, sql: &str) -> Result<()> {
        match &self.inner {
            Inner::Sqlite(c) => Ok(c.execute_batch(sql)?),
            Inner::Postgres(c) => c.borrow_mut().batch(sql),
        }
    }

    /// The id given to the row just inserted (PostgreSQL: the session's last sequence value,
    /// which every table's `BIGSERIAL` id draws from).
    pub fn last_insert_rowid(&self) -> Result<i64> {
        match &self.inner {
            Inner::Sqlite(c) => Ok(c.last_insert_rowid()),
            Inner::Postgres(c) => c.borrow_mut().last_value(),
        }
    }

    /// Opens a transaction level, closed by [`Tx::commit`] or rolled back when dropped.
    pub fn savepoint(&self) -> Result<Tx<'_>> {
        Ok(Tx {
            conn: self,
            depth: Some(self.open_level()?),
            done: false,
        })
    }

    /// A transaction of its own when none is open; inside one, nothing: the writes join the
    /// caller's transaction, which every error of theirs fails (it reaches the caller, whose
    /// transaction then rolls back). For the writes of a move (issue 30): a savepoint costs
    /// two round trips on PostgreSQL, and a move made three of them inside its transaction.
    /// A caller that goes on after such an error must use [`Conn::savepoint`].
    pub fn unit(&self) -> Result<Tx<'_>> {
        if self.depth.get() > 0 {
            return Ok(Tx {
                conn: self,
                depth: None,
                done: false,
            });
        }
        self.savepoint()
    }

    /// Begins a level and returns its depth, for [`Conn::close_level`]. SQLite's outermost
    /// savepoint is a transaction; PostgreSQL needs a `BEGIN` before any savepoint.
    pub fn open_level(&self) -> Result<u32> {
        let depth = self.depth.get();
        if depth == 0 {
            // Held-back rows nobody took by the next transaction are nobody's.
            self.kept.borrow_mut().clear();
        }
        match (&self.inner, depth) {
            // Sent with the transaction's first statement.
            (Inner::Postgres(c), 0) => c.borrow_mut().begin(),
            _ => self.execute_batch(&format!("SAVEPOINT level{depth}"))?,
        }
        self.depth.set(depth + 1);
        Ok(depth)
    }

    /// Commits or rolls back the level at `depth` and every level inside it. A commit that
    /// fails rolls back, so the connection is never left inside a half-closed transaction.
    pub fn close_level(&self, depth: u32, commit: bool) -> Result<()> {
        self.depth.set(depth);
        if commit {
            let done = match (&self.inner, depth) {
                (Inner::Postgres(c), 0) => c.borrow_mut().commit(),
                _ => self.execute_batch(&format!("RELEASE level{depth}")),
            };
            if let Err(e) = done {
                self.roll_back_to(depth);
                return Err(e);
            }
            return Ok(());
        }
        self.roll_back_to(depth);
        Ok(())
    }

    fn roll_back_to(&self, depth: u32) {
        let done = match (&self.inner, depth) {
            (Inner::Postgres(c), 0) => c.borrow_mut().roll_back(),
            _ => self.execute_batch(&format!("ROLLBACK TO level{depth}; RELEASE level{depth}")),
        };
        // Nothing is left to undo when the engine already ended the transaction itself.
        if let Err(e) = done {
            tracing::debug!("rolling back: {e}");
        }
    }
}

/// A statement bound to its connection, as `rusqlite::CachedStatement` is used by the store.
pub struct Statement<'c> {
    conn: &'c Conn,
    sql: String,
}

impl Statement<'_> {
    pub fn execute(&mut self, params: impl Params) -> Result<usize> {
        self.conn.execute(&self.sql, params)
    }

    pub fn query_map<T>(
        &mut self,
        params: impl Params,
        f: impl FnMut(&Row) -> Result<T>,
    ) -> Result<std::vec::IntoIter<Result<T>>> {
        let rows = self.conn.query_all(&self.sql, params, f)?;
        Ok(rows.into_iter().map(Ok).collect::<Vec<_>>().into_iter())
    }

    pub fn query_row<T>(
        &mut self,
        params: impl Params,
        f: impl FnOnce(&Row) -> Result<T>,
    ) -> Result<T> {
        self.conn.query_row(&self.sql, params, f)
    }
}

/// One open transaction level (`depth`), or a unit inside the caller's (`None`).
pub struct Tx<'c> {
    conn: &'c Conn,
    depth: Option<u32>,
    done: bool,
}

impl Tx<'_> {
    pub fn commit(mut self) -> Result<()> {
        self.done = true;
        match self.depth {
            Some(depth) => self.conn.close_level(depth, true),
            None => Ok(()),
        }
    }
}

impl Drop for Tx<'_> {
    fn drop(&mut self) {
        if let (false, Some(depth)) = (self.done, self.depth) {
            let _ = self.conn.close_level(depth, false);
        }
    }
}

impl std::ops::Deref for Tx<'_> {
    type Target = Conn;
    fn deref(&self) -> &Conn {
        self.conn
    }
}

/// `rusqlite::params!`: a list of values of mixed types.
#[macro_export]
macro_rules! params {
    ($($x:expr),* $(,)?) => {
        &[$(&$x as &dyn $crate::store::db::ToValue),*] as &[&dyn $crate::store::db::ToValue]
    };
}
pub use crate::params;
