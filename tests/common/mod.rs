//! Helpers shared by the service-level test binaries (each binary uses some of them).
#![allow(dead_code)]

use plateau::table::{ManualClock, Reply, Table, Visibility};
use std::path::Path;
use std::sync::Arc;

/// 2026-01-01T00:00:00Z: the manual clock's start in every service test.
pub const START_MS: i64 = 1_767_225_600_000;

/// A table on `path` whose clock reads [`START_MS`].
pub fn open(path: &Path) -> Table {
    Table::open(path, Arc::new(ManualClock::new(START_MS))).unwrap()
}

/// One message everyone in the channel sees.
pub fn is_public(r: &[Reply]) -> bool {
    r.len() == 1 && r[0].visibility == Visibility::Public
}

/// One private answer without a picture: a refusal.
pub fn is_refusal(r: &[Reply]) -> bool {
    r.len() == 1 && r[0].visibility == Visibility::Ephemeral && r[0].image.is_none()
}
