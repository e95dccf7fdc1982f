//! Issue 11, database faults: a database that cannot be used is refused at start with one
//! clear line and status 2; a write that fails while serving (a read-only file, another
//! program holding the write lock) is refused with "nothing was changed", and nothing is
//! half-applied or lost.

use plateau::table::{Command, ManualClock, Table};
use rusqlite::Connection;
use std::path::Path;
use std::process::Command as Process;
use std::sync::Arc;
use std::time::{Duration, Instant};

mod common;
use common::*;

/// `plateau script /dev/null --db DB`: the status and stderr.
fn start_on(db: &Path) -> (i32, String) {
    let out = Process::new(env!("CARGO_BIN_EXE_plateau"))
        .args(["script", "/dev/null", "--db"])
        .arg(db)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(out.stdout.is_empty(), "nothing on stdout: {:?}", out.stdout);
    (out.status.code().unwrap_or(-1), err)
}

fn assert_refused(db: &Path, says: &str) {
    let (code, err) = start_on(db);
    assert_eq!(code, 2, "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "one line: {err:?}");
    assert!(err.contains(says), "{err}");
}

/// A database with one game in `tavern`, alice to move.
fn database(dir: &Path) -> std::path::PathBuf {
    let db = dir.join("plateau.db");
    let t = open(&db);
    typed(&t, "alice", "tavern", "new pikemen 2");
    typed(&t, "bob", "tavern", "join");
    assert!(is_public(&send(
        &t,
        "alice",
        "tavern",
        Command::Start {
            order: Some(plateau::table::SeatOrder::Join)
        }
    )));
    db
}

/// Makes `path` read-only even for root (who ignores permission bits): `chattr +i` where
/// the file system allows it. `None` when this machine cannot make a read-only file.
struct ReadOnly<'a>(&'a Path);

impl<'a> ReadOnly<'a> {
    fn make(path: &'a Path) -> Option<ReadOnly<'a>> {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o444)).unwrap();
        let writable = || std::fs::OpenOptions::new().append(true).open(path).is_ok();
        if writable() {
            let _ = Process::new("chattr").arg("+i").arg(path).status();
        }
        if writable() {
            println!("this machine cannot make a read-only file here: case skipped");
            return None;
        }
        Some(ReadOnly(path))
    }
}

impl Drop for ReadOnly<'_> {
    fn drop(&mut self) {
        use std::os::unix::fs::PermissionsExt;
        let _ = Process::new("chattr").arg("-i").arg(self.0).status();
        let _ = std::fs::set_permissions(self.0, std::fs::Permissions::from_mode(0o644));
    }
}

#[test]
fn unusable_databases_are_refused_at_start_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    // Not a database at all.
    let junk = dir.path().join("junk.db");
    std::fs::write(
        &junk,
        "these are not the pages you are looking for".repeat(100),
    )
    .unwrap();
    assert_refused(&junk, "is not a Plateau database, or it is damaged");
    // A schema from a newer version.
    let newer = database(dir.path());
    Connection::open(&newer)
        .unwrap()
        .pragma_update(None, "user_version", 99)
        .unwrap();
    assert_refused(
        &newer,
        "was written by a newer version of Plateau (schema 99",
    );
    // Another Plateau process serving it.
    let sub = tempfile::tempdir().unwrap();
    let busy = database(sub.path());
    let running = open(&busy);
    assert_refused(&busy, "another Plateau process is already using");
    drop(running);
    // A read-only file (with its WAL folded in, so that opening needs to write).
    let ro_dir = tempfile::tempdir().unwrap();
    let ro = database(ro_dir.path());
    Connection::open(&ro)
        .unwrap()
        .pragma_update(None, "journal_mode", "DELETE")
        .unwrap();
    if let Some(_guard) = ReadOnly::make(&ro) {
        assert_refused(&ro, "is read-only");
    }
    // A folder that does not exist.
    assert_refused(
        &dir.path().join("no/such/folder/p.db"),
        "folder does not exist",
    );
}

#[test]
fn a_read_only_file_while_serving_refuses_the_move_and_keeps_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let db = database(dir.path());
    let t = open(&db);
    let before = t.game_info("c-tavern").unwrap().ply;
    let wal = db.with_file_name("plateau.db-wal");
    let guards = (ReadOnly::make(&db), ReadOnly::make(&wal));
    if guards.0.is_none() {
        return;
    }
    let r = typed(&t, "alice", "tavern", "play turn d1 e");
    assert!(is_refusal(&r), "{r:?}");
    assert!(r[0].text.contains("nothing was changed"), "{}", r[0].text);
    assert_eq!(t.game_info("c-tavern").unwrap().ply, before);
    drop(guards);
    // Writable again: the same move lands, once.
    let r = typed(&t, "alice", "tavern", "play turn d1 e");
    assert!(is_public(&r), "{r:?}");
    drop(t);
    assert_eq!(open(&db).game_info("c-tavern").unwrap().ply, before + 1);
}

#[test]
fn another_writer_holding_the_file_delays_then_refuses_without_half_a_move() {
    let dir = tempfile::tempdir().unwrap();
    let db = database(dir.path());
    let t = Arc::new(Table::open(&db, Arc::new(ManualClock::new(START_MS))).unwrap());
    let other = Connection::open(&db).unwrap();
    other.execute_batch("BEGIN IMMEDIATE").unwrap();
    let started = Instant::now();
    let t2 = t.clone();
    let r = within(20, "a move while the file is locked", move || {
        typed(&t2, "alice", "tavern", "play turn d1 e")
    });
    let waited = started.elapsed();
    assert!(is_refusal(&r), "{r:?}");
    assert!(r[0].text.contains("nothing was changed"), "{}", r[0].text);
    assert!(
        waited >= Duration::from_secs(4),
        "it waited for the lock: {waited:?}"
    );
    other.execute_batch("ROLLBACK").unwrap();
    // Nothing of the refused move is anywhere: not the action, not a clock row ahead.
    let c = Connection::open(&db).unwrap();
    let actions: i64 = c
        .query_row("SELECT count(*) FROM actions", [], |r| r.get(0))
        .unwrap();
    assert_eq!(actions, 0);
    let r = typed(&t, "alice", "tavern", "play turn d1 e");
    assert!(is_public(&r), "{r:?}");
}
