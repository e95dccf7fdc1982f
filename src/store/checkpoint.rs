//! Folding the write-ahead log back into the database file, off the move's path.
//!
//! SQLite checkpoints the WAL itself, on the commit that takes it past 1,000 pages, and that
//! commit waits for two `fsync`s (3-5 ms on this project's machine, measured with `strace -T`
//! under `cargo bench --bench service`). A move landing on it answered late: in Sprawl, whose
//! rows of the bench hold a few hundred moves, those few were the p99. A serving store
//! therefore checkpoints from a thread of its own, with its own connection, every
//! [`EVERY`]; a PASSIVE checkpoint neither blocks nor waits for the serving connection's
//! writes (<https://www.sqlite.org/c3ref/wal_checkpoint_v2.html>). The serving connection keeps
//! SQLite's own checkpoint as a backstop, at a size the thread never lets the log reach.

use std::path::Path;
use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::Duration;

/// How often the thread folds the log in. Idle, a checkpoint finds nothing to copy and costs
/// no `fsync`; busy, half a second of moves is a few hundred pages at most.
const EVERY: Duration = Duration::from_millis(500);

/// The serving connection's own checkpoint, in pages (about 40 MB): only reached if the
/// thread cannot keep up or could not open its connection.
pub(super) const BACKSTOP_PAGES: i64 = 10_000;

/// The checkpointing thread of one store; dropping it stops the thread and waits for it.
pub(super) struct Checkpointer {
    stop: Option<mpsc::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Checkpointer {
    /// Starts checkpointing the database at `path` (already opened and migrated, in WAL mode).
    /// An error (the file cannot be opened again, no thread can start) leaves the
    /// checkpoints on the serving connection, as SQLite does by default.
    pub(super) fn start(path: &Path) -> Result<Checkpointer, String> {
        let conn = rusqlite::Connection::open(path).map_err(|e| e.to_string())?;
        let (stop, stopped) = mpsc::channel::<()>();
        let thread = std::thread::Builder::new()
            .name("sqlite-checkpoint".into())
            .spawn(move || {
                let mut failing = false;
                while let Err(mpsc::RecvTimeoutError::Timeout) = stopped.recv_timeout(EVERY) {
                    // A failed checkpoint loses nothing (the log keeps every commit); the
                    // next round, or the serving connection's backstop, tries again. Said
                    // once when it starts failing and once when it works again, not twice
                    // a second.
                    match conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(())) {
                        Err(e) if !failing => {
                            tracing::warn!("checkpointing the database's log: {e}");
                            failing = true;
                        }
                        Ok(()) if failing => {
                            tracing::info!("checkpointing the database's log works again");
                            failing = false;
                        }
                        _ => {}
                    }
                }
            })
            .map_err(|e| format!("starting a thread: {e}"))?;
        Ok(Checkpointer {
            stop: Some(stop),
            thread: Some(thread),
        })
    }
}

impl Drop for Checkpointer {
    fn drop(&mut self) {
        drop(self.stop.take());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_thread_folds_the_log_while_the_writer_never_checkpoints() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.db");
        let writer = rusqlite::Connection::open(&path).unwrap();
        writer.pragma_update(None, "journal_mode", "WAL").unwrap();
        writer.pragma_update(None, "wal_autocheckpoint", 0).unwrap();
        writer
            .execute_batch("CREATE TABLE t (x BLOB); INSERT INTO t VALUES (zeroblob(100000));")
            .unwrap();
        // Only a checkpoint writes the database file while the writer holds it open.
        let db_len = || std::fs::metadata(&path).unwrap().len();
        assert!(db_len() < 100_000, "the row is still in the log only");

        let checkpointer = Checkpointer::start(&path).unwrap();
        let waited = std::time::Instant::now();
        while db_len() < 100_000 && waited.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(20));
        }
        drop(checkpointer);
        assert!(
            db_len() >= 100_000,
            "the thread copied the log into the database"
        );
        let (frames, copied): (i64, i64) = writer
            .query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |r| {
                Ok((r.get(1)?, r.get(2)?))
            })
            .unwrap();
        assert_eq!(frames, copied, "nothing was left in the log");
    }
}
