//! Helpers shared by the service-level test binaries (each binary uses some of them).
#![allow(dead_code)]

use plateau::table::{ManualClock, Reply, Table, Visibility};
use std::path::Path;
use std::sync::Arc;

/// 2026-01-01T00:00:00Z: the manual clock's start in every service test.
pub const START_MS: i64 = 1_767_225_600_000;

/// A table on `path` (`:memory:` for a private one) whose clock reads [`START_MS`]; on
/// PostgreSQL when `PLATEAU_TEST_BACKEND=postgres` (`plateau::store::testing`).
pub fn open(path: &Path) -> Table {
    Table::open(location(path), Arc::new(ManualClock::new(START_MS))).unwrap()
}

/// Where the test's store at `path` is on the backend under test.
pub fn location(path: &Path) -> std::path::PathBuf {
    plateau::store::testing::location(path)
}

/// Whether the service tests run on PostgreSQL this time.
pub fn on_postgres() -> bool {
    location(Path::new(":memory:")) != Path::new(":memory:")
}

/// One message everyone in the channel sees.
pub fn is_public(r: &[Reply]) -> bool {
    r.len() == 1 && r[0].visibility == Visibility::Public
}

/// One board only the asker sees: `/board` (issue 26).
pub fn is_own_board(r: &[Reply]) -> bool {
    r.len() == 1 && r[0].visibility == Visibility::Ephemeral && r[0].image.is_some()
}

/// One private answer without a picture: a refusal.
pub fn is_refusal(r: &[Reply]) -> bool {
    r.len() == 1 && r[0].visibility == Visibility::Ephemeral && r[0].image.is_none()
}

use plateau::table::{Arg, ChannelRef, Command, Context, Request, UserRef};

/// `user` in `channel` (ids `u-NAME`, `c-NAME`), in one server.
pub fn ctx(user: &str, channel: &str) -> Context {
    Context {
        user: UserRef {
            id: format!("u-{user}"),
            name: user.into(),
        },
        channel: ChannelRef {
            id: format!("c-{channel}"),
            name: channel.into(),
            guild: Some("g".into()),
        },
        can_manage: false,
        ..Default::default()
    }
}

pub fn send(t: &Table, user: &str, channel: &str, command: Command) -> Vec<Reply> {
    t.handle(&Request {
        ctx: ctx(user, channel),
        command,
        from_button: None,
    })
}

/// A command line as typed (`new pikemen 2 clock:fast`), read by the service.
pub fn typed(t: &Table, user: &str, channel: &str, line: &str) -> Vec<Reply> {
    let mut words = line.split_whitespace();
    let name = words.next().expect("a command name");
    let args: Vec<Arg> = words
        .map(|w| match w.split_once(':') {
            Some((n, v)) if !n.is_empty() => Arg::named(n, v),
            _ => Arg::positional(w),
        })
        .collect();
    let c = ctx(user, channel);
    match t.command(&c, name, &args) {
        Ok(command) => send(t, user, channel, command),
        Err(why) => panic!("/{line}: {why}"),
    }
}

/// Runs `f` on its own thread and fails the test if it has not finished within `secs`
/// seconds: a hang becomes a failure that names what hung, instead of a stuck test run.
pub fn within<T: Send + 'static>(
    secs: u64,
    what: &str,
    f: impl FnOnce() -> T + Send + 'static,
) -> T {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    match rx.recv_timeout(std::time::Duration::from_secs(secs)) {
        Ok(v) => v,
        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
            panic!("{what} did not finish within {secs} s: the service hangs")
        }
        Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => panic!("{what} panicked"),
    }
}
