//! One process per SQLite database. Each process keeps its open games in memory; a second
//! process on the same file would never see the first one's moves and refuse legal ones as
//! "not your turn" (issue 17). So the store takes an exclusive advisory lock on
//! `<database>.lock` while it is open and refuses to open when another process holds it.
//!
//! An OS lock (flock) rather than a PID file: the kernel releases it when the process dies,
//! even by SIGKILL, so a crash never leaves a stale lock behind.

use super::{Result, StoreError};
use std::fs::{File, OpenOptions, TryLockError};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How long a held lock is waited for before the database is called in use.
const GRACE: Duration = Duration::from_millis(500);

pub(super) struct ProcessLock {
    _file: File,
}

impl ProcessLock {
    pub fn acquire(db: &Path) -> Result<ProcessLock> {
        let path = lock_path(db);
        let fail = |error: std::io::Error| match error.kind() {
            std::io::ErrorKind::NotFound => StoreError::Unusable {
                path: db.display().to_string(),
                why: "cannot be created: its folder does not exist".into(),
            },
            _ => StoreError::Lock {
                path: path.display().to_string(),
                error,
            },
        };
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(fail)?;
        // A short grace: a process that just closed the file may still share its lock with a
        // child it was forking at that instant, until the child's exec closes it.
        let deadline = Instant::now() + GRACE;
        loop {
            match file.try_lock() {
                Ok(()) => return Ok(ProcessLock { _file: file }),
                Err(TryLockError::WouldBlock) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(20))
                }
                Err(TryLockError::WouldBlock) => {
                    return Err(StoreError::InUse(db.display().to_string()))
                }
                Err(TryLockError::Error(e)) => return Err(fail(e)),
            }
        }
    }
}

fn lock_path(db: &Path) -> PathBuf {
    let mut name = db.file_name().unwrap_or_default().to_os_string();
    name.push(".lock");
    db.with_file_name(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_opener_is_refused_until_the_first_is_gone() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("plateau.db");
        let first = ProcessLock::acquire(&db).unwrap();
        assert!(matches!(
            ProcessLock::acquire(&db),
            Err(StoreError::InUse(_))
        ));
        drop(first);
        ProcessLock::acquire(&db).unwrap();
    }
}
