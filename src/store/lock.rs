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

pub(super) struct ProcessLock {
    _file: File,
}

impl ProcessLock {
    pub fn acquire(db: &Path) -> Result<ProcessLock> {
        let path = lock_path(db);
        let fail = |error: std::io::Error| StoreError::Lock {
            path: path.display().to_string(),
            error,
        };
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(fail)?;
        match file.try_lock() {
            Ok(()) => Ok(ProcessLock { _file: file }),
            Err(TryLockError::WouldBlock) => Err(StoreError::InUse(db.display().to_string())),
            Err(TryLockError::Error(e)) => Err(fail(e)),
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
