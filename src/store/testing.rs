//! Stores for tests, on every engine this machine offers: SQLite always, PostgreSQL when
//! `PLATEAU_TEST_POSTGRES` names a server (`.ci/test` starts one and sets it). Each store on
//! PostgreSQL gets a schema of its own, so tests run in parallel on one database and a
//! store reopened at the same name finds what it wrote (a restart).

use super::{Location, Store};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// The environment variable that names the test server (`postgres://user@host/db`).
pub const POSTGRES_ENV: &str = "PLATEAU_TEST_POSTGRES";

/// When set to `postgres`, [`location`] puts every test store on the server, so the service
/// tests run on PostgreSQL unchanged.
pub const BACKEND_ENV: &str = "PLATEAU_TEST_BACKEND";

/// The test server's address, if there is one.
pub fn postgres_url() -> Option<String> {
    std::env::var(POSTGRES_ENV).ok().filter(|u| !u.is_empty())
}

/// Runs `f` on a fresh SQLite store, then on a fresh PostgreSQL store when the test server
/// is configured. The engine is passed so a failure says which one.
pub fn each_store(mut f: impl FnMut(Store)) {
    f(Store::open_in_memory().expect("an in-memory SQLite store opens"));
    if let Some(url) = postgres_url() {
        f(Store::open_postgres(&schema_url(&url, &fresh_name()))
            .unwrap_or_else(|e| panic!("the test PostgreSQL server: {e}")));
    }
}

/// Where a test keeps the store it would keep at `path` (`:memory:` for a private one): the
/// path itself, or on PostgreSQL (when [`BACKEND_ENV`] says so) a schema named after the path,
/// so reopening the same path is a restart and different paths never meet.
pub fn location(path: &Path) -> PathBuf {
    let on_postgres = std::env::var(BACKEND_ENV).is_ok_and(|b| b == "postgres");
    match (on_postgres, postgres_url()) {
        (false, _) => path.to_path_buf(),
        (true, None) => panic!("{BACKEND_ENV}=postgres needs {POSTGRES_ENV}"),
        (true, Some(url)) => {
            let name = match Location::parse(path) {
                Location::Memory => fresh_name(),
                _ => format!("p{:016x}", fnv(path.to_string_lossy().as_bytes())),
            };
            PathBuf::from(schema_url(&url, &name))
        }
    }
}

/// A fresh schema on the test server, as a URL for `[store] url`, when there is a server.
pub fn fresh_postgres() -> Option<String> {
    postgres_url().map(|url| schema_url(&url, &fresh_name()))
}

/// Creates the schema if needed and returns a URL whose connections use it.
fn schema_url(url: &str, schema: &str) -> String {
    let mut client = postgres::Client::connect(url, postgres::NoTls).unwrap_or_else(|e| {
        let at = Location::Postgres(url.to_string()).display();
        panic!("the test PostgreSQL server at {at}: {e}")
    });
    client
        .batch_execute(&format!("CREATE SCHEMA IF NOT EXISTS {schema}"))
        .expect("a test schema is created");
    let sep = if url.contains('?') { '&' } else { '?' };
    format!("{url}{sep}options=-c%20search_path%3D{schema}")
}

fn fresh_name() -> String {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    format!(
        "t{}_{}_{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed),
        nanos % 1_000_000_000
    )
}

/// FNV-1a: a stable name for a path (std's hasher is seeded per process).
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// A 2-player Pikemen table opened by alice (`u1`) in `channel` at 1 s: what a store test
/// needs of a game; a test changes the fields it cares about with `..pikemen_table(c)`.
#[cfg(test)]
pub(crate) fn pikemen_table(channel: &str) -> super::NewGame {
    super::NewGame {
        channel: channel.into(),
        channel_name: "tavern".into(),
        guild: None,
        kind: crate::engine::GameKind::Pikemen,
        players: Some(2),
        options: "{}".into(),
        settings: "{}".into(),
        seed: u64::MAX - 3,
        host_id: "u1".into(),
        host_name: "alice".into(),
        now_ms: 1000,
    }
}
