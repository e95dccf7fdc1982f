//! The local channel's messages with buttons and menus, kept in a file beside a SQLite
//! database: on Discord a posted message keeps its components after the bot restarts, so
//! `[press Move]` after restarting `plateau play` finds the button it found before.

use super::Posted;
use crate::store::Location;
use std::path::{Path, PathBuf};

/// How many messages the file keeps, newest last: enough for every open game's board and a
/// few pickers; a chat client scrolls older ones away.
const KEEP: usize = 500;

/// The file for the database at `db`: `plateau.db` keeps `plateau.db.messages.json`. A
/// database in memory or on PostgreSQL keeps none.
pub(super) fn file_for(db: Option<&Path>) -> Option<PathBuf> {
    match Location::parse(db?) {
        Location::File(path) => {
            let mut name = path.into_os_string();
            name.push(".messages.json");
            Some(name.into())
        }
        Location::Memory | Location::Postgres(_) => None,
    }
}

/// The messages kept at `path`; none when it is missing or unreadable (a file from another
/// version is not worth refusing to start for).
pub(super) fn load(path: &Path) -> Vec<Posted> {
    std::fs::read(path)
        .ok()
        .and_then(|bytes| serde_json::from_slice(&bytes).ok())
        .unwrap_or_default()
}

/// Writes the newest [`KEEP`] of `posted` to `path`, through a temporary file so that a
/// crash leaves the old file or the new one.
pub(super) fn save(path: &Path, posted: &[Posted]) {
    let newest = &posted[posted.len().saturating_sub(KEEP)..];
    let Ok(json) = serde_json::to_vec(newest) else {
        return;
    };
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    // A file that cannot be written costs the buttons after a restart, not the session.
    if let Err(e) = std::fs::write(&tmp, json).and_then(|()| std::fs::rename(&tmp, path)) {
        tracing::warn!(file = %path.display(), "the local channel's buttons were not kept: {e}");
    }
}
