//! Where a store lives and how it is opened: a SQLite file (the default), a private in-memory
//! SQLite database, or a PostgreSQL server (a `postgres://...` URL or a keyword connection
//! string, `host=... dbname=...`), each brought to the latest schema. The two engines' migrations are kept in step by a test (`schema_parity`).

use super::db::Conn;
use super::foresight::Foresight;
use super::{checkpoint, lock, secret, Result, Store, StoreError};
use include_dir::{include_dir, Dir};
use rusqlite::Connection;
use rusqlite_migration::Migrations;
use std::path::{Path, PathBuf};
use std::sync::LazyLock;
use std::time::Duration;

pub(super) static MIGRATIONS_DIR: Dir = include_dir!("$CARGO_MANIFEST_DIR/migrations");
pub(super) static PG_MIGRATIONS_DIR: Dir = include_dir!("$CARGO_MANIFEST_DIR/migrations-postgres");

static MIGRATIONS: LazyLock<Migrations<'static>> = LazyLock::new(|| {
    Migrations::from_directory(&MIGRATIONS_DIR).expect("migrations/ holds NN-name/up.sql files")
});

/// How long a write waits for another writer of the file before it gives up.
const BUSY_FOR: Duration = Duration::from_secs(5);

/// Prepared statements the SQLite connection keeps. rusqlite keeps 16 by default, fewer than
/// a game's life uses (a move alone runs about ten), so the rarer ones (a game's end, its
/// ratings) were compiled again each time they ran: about a millisecond on the move that
/// ends a game. The store's statements number about two hundred, a few kilobytes each.
const STATEMENTS_KEPT: usize = 256;

/// How long opening waits for a PostgreSQL server that does not answer.
const CONNECT_FOR: Duration = Duration::from_secs(5);

/// Where the store is, as `--db` or `[store]` give it. Its `Debug` masks a server's
/// password, as [`Location::display`] does.
#[derive(Clone, PartialEq, Eq)]
pub enum Location {
    File(PathBuf),
    Memory,
    Postgres(String),
}

impl Location {
    /// `postgres://` or `postgresql://` is a server, and so is a keyword connection string
    /// (`host=h user=bot password=... dbname=d`, which was once taken for a file name and
    /// created a file named after the password); `:memory:` a private database, anything else
    /// a SQLite file.
    pub fn parse(s: &Path) -> Location {
        match s.to_str() {
            Some(":memory:") => Location::Memory,
            Some(url) if is_url(url) || secret::is_keyword_string(url) => {
                Location::Postgres(url.to_string())
            }
            _ => Location::File(s.to_path_buf()),
        }
    }

    /// For messages: a server's address without its password.
    pub fn display(&self) -> String {
        match self {
            Location::File(p) => p.display().to_string(),
            Location::Memory => ":memory:".into(),
            Location::Postgres(url) => secret::location(url),
        }
    }
}

impl std::fmt::Debug for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            Location::File(p) => f.debug_tuple("File").field(p).finish(),
            Location::Memory => f.write_str("Memory"),
            Location::Postgres(_) => f.debug_tuple("Postgres").field(&self.display()).finish(),
        }
    }
}

/// The driver knows the schemes in lower case only; `POSTGRES://` is the same server.
fn lower_scheme(url: &str) -> String {
    match url.split_once("://") {
        Some((scheme, rest)) if is_url(url) => format!("{}://{rest}", scheme.to_ascii_lowercase()),
        _ => url.to_string(),
    }
}

fn is_url(s: &str) -> bool {
    let s = s.to_ascii_lowercase();
    s.starts_with("postgres://") || s.starts_with("postgresql://")
}

impl Store {
    /// Opens the store at `location`. A SQLite file is locked to this process
    /// ([`StoreError::InUse`] while another has it); a PostgreSQL database is shared by
    /// design (processes split the servers between them by shard).
    pub fn at(location: &Location) -> Result<Store> {
        match location {
            Location::File(p) => Store::open(p),
            Location::Memory => Store::open_in_memory(),
            Location::Postgres(url) => Store::open_postgres(url),
        }
    }

    /// Opens (creating if needed) the SQLite database at `path` and brings its schema up to
    /// date. Refused with [`StoreError::InUse`] while another process has it open this way.
    pub fn open(path: &Path) -> Result<Store> {
        if let Location::Postgres(url) = Location::parse(path) {
            return Store::open_postgres(&url);
        }
        let lock = lock::ProcessLock::acquire(path)?;
        let mut store = Store::open_shared(path)?;
        store._lock = Some(lock);
        // The serving process checkpoints from a thread; SQLite's own stays as a backstop.
        match checkpoint::Checkpointer::start(path) {
            Ok(checkpoints) => {
                store.conn.execute_batch(&format!(
                    "PRAGMA wal_autocheckpoint = {}",
                    checkpoint::BACKSTOP_PAGES
                ))?;
                store._checkpoints = Some(checkpoints);
            }
            Err(e) => tracing::warn!("checkpoints stay on the move's path: {e}"),
        }
        Ok(store)
    }

    /// Opens the database without the one-process lock: for tests that play a second
    /// process on purpose (the version checks still keep two writers from both landing).
    pub fn open_shared(path: &Path) -> Result<Store> {
        if let Location::Postgres(url) = Location::parse(path) {
            return Store::open_postgres(&url);
        }
        Connection::open(path)
            .map_err(StoreError::from)
            .and_then(Store::setup_sqlite)
            .map_err(|e| unusable(path, e))
    }

    /// A private database that disappears with the store (tests, `plateau script`).
    pub fn open_in_memory() -> Result<Store> {
        Store::setup_sqlite(Connection::open_in_memory()?)
    }

    fn setup_sqlite(mut conn: Connection) -> Result<Store> {
        conn.busy_timeout(BUSY_FOR)?;
        conn.set_prepared_statement_cache_capacity(STATEMENTS_KEPT);
        let found: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
        let (found, known) = (found.max(0) as usize, MIGRATIONS_DIR.dirs().count());
        if found > known {
            return Err(StoreError::TooNew { found, known });
        }
        // WAL lets readers run during a write; NORMAL sync is durable across a process crash,
        // which is what a chat bot needs, and keeps a move's commit well under a millisecond.
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        MIGRATIONS.to_latest(&mut conn)?;
        Ok(Store {
            conn: Conn::sqlite(conn),
            foresight: None,
            _checkpoints: None,
            _lock: None,
        })
    }

    /// Connects to PostgreSQL and applies the migrations it lacks, one process at a time
    /// (an advisory lock held for the migration's transaction).
    pub fn open_postgres(url: &str) -> Result<Store> {
        let fail = |e: super::db::DbError| StoreError::Server {
            url: secret::location(url),
            why: secret::text(&e.to_string()),
        };
        let mut config: tokio_postgres::Config = lower_scheme(url)
            .parse()
            .map_err(|e: postgres::Error| fail(e.into()))?;
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(CONNECT_FOR);
        }
        let conn = Conn::postgres(&config).map_err(fail)?;
        migrate_postgres(&conn).map_err(|e| match e {
            StoreError::Sql(e @ super::db::DbError::Postgres(_)) => fail(e),
            e => e,
        })?;
        Ok(Store {
            _checkpoints: None,
            conn,
            foresight: Some(Foresight::default()),
            _lock: None,
        })
    }
}

/// The PostgreSQL migrations, numbered as SQLite's: `plateau_schema` holds how many ran.
fn migrate_postgres(conn: &Conn) -> Result<()> {
    let tx = conn.savepoint()?;
    // Any constant shared by every Plateau process: two starting together migrate in turn.
    tx.execute("SELECT pg_advisory_xact_lock(1885956974)", ())?;
    tx.execute_batch("CREATE TABLE IF NOT EXISTS plateau_schema (version BIGINT NOT NULL)")?;
    let found: i64 = tx.query_row(
        "SELECT coalesce(max(version), 0) FROM plateau_schema",
        (),
        |r| r.get(0),
    )?;
    let mut dirs: Vec<_> = PG_MIGRATIONS_DIR.dirs().collect();
    dirs.sort_by_key(|d| d.path().to_path_buf());
    let (found, known) = (found.max(0) as usize, dirs.len());
    if found > known {
        return Err(StoreError::TooNew { found, known });
    }
    for (i, dir) in dirs.iter().enumerate().skip(found) {
        let up = dir
            .get_file(dir.path().join("up.sql"))
            .and_then(|f| f.contents_utf8())
            .expect("migrations-postgres/ holds NN-name/up.sql files");
        tx.execute_batch(up)?;
        tx.execute(
            "INSERT INTO plateau_schema (version) VALUES (?1)",
            [i as i64 + 1],
        )?;
    }
    tx.commit()?;
    Ok(())
}

/// An error met while opening `path`, said so that whoever starts the bot knows what to do.
fn unusable(path: &Path, e: StoreError) -> StoreError {
    use rusqlite::ErrorCode as C;
    let why = match &e {
        StoreError::Sql(super::db::DbError::Sqlite(rusqlite::Error::SqliteFailure(f, _))) => {
            match f.code {
                C::ReadOnly => "is read-only: Plateau writes every move to it; check the file's \
                                and its folder's permissions"
                    .to_string(),
                C::DatabaseBusy | C::DatabaseLocked => format!(
                    "stayed locked by another program for {} s: try again once it is done with \
                     the file",
                    BUSY_FOR.as_secs()
                ),
                C::NotADatabase | C::DatabaseCorrupt => format!(
                    "is not a Plateau database, or it is damaged ({e}): point [store] path (or \
                     --db) at the right file, or restore a backup"
                ),
                C::CannotOpen => format!("cannot be opened ({e}): check that its folder exists"),
                _ => return e,
            }
        }
        StoreError::TooNew { .. } => e.to_string(),
        _ => return e,
    };
    StoreError::Unusable {
        path: path.display().to_string(),
        why,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locations_and_redaction() {
        assert_eq!(Location::parse(Path::new(":memory:")), Location::Memory);
        assert_eq!(
            Location::parse(Path::new("postgresql://h/db")),
            Location::Postgres("postgresql://h/db".into())
        );
        assert_eq!(
            Location::parse(Path::new("data/plateau.db")),
            Location::File("data/plateau.db".into())
        );
        let keywords = "host=h user=bot password=hunter2 dbname=p";
        assert_eq!(
            Location::parse(Path::new(keywords)),
            Location::Postgres(keywords.into())
        );
        let shown = format!(
            "{:?} {}",
            Location::parse(Path::new(keywords)),
            Location::parse(Path::new("postgres://bot:hunter2@h/p")).display()
        );
        assert!(!shown.contains("hunter2"), "{shown}");
    }
}
