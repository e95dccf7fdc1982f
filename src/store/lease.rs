//! A process's claim on its shards in a shared PostgreSQL database (issue 29): two processes
//! serving the same servers each keep their own copy of the games and refuse each other's
//! moves, so the second to start is refused, naming the process that holds the range.
//!
//! The claim is a row of `shard_claims` (migration 08) on a connection of its own, kept by a
//! thread that renews the row's lease every [`RENEW_EVERY`] and deletes it when the lease is
//! dropped. A claim counts while its lease holds and its process still holds the advisory lock
//! named in the row: PostgreSQL releases that lock as soon as the process's connection closes,
//! so a crashed process's range is free at once, and a hung one's when its lease runs out.
//! SQLite needs none of this: its file lock already keeps a database to one process.

use super::db::params;
use super::{Location, Result, Shards, Store, StoreError};
use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long a claim holds without renewal.
pub const LEASE: Duration = Duration::from_secs(60);

/// How often the lease is renewed: several renewals fit in one lease, so a slow database
/// costs nothing.
const RENEW_EVERY: Duration = Duration::from_secs(15);

/// How long a claimant waits for a holder that may be dying: PostgreSQL ends a killed
/// process's session a moment after the kill, and a restart can be quicker than that.
const GRACE: Duration = Duration::from_secs(2);

/// The class (first key) of every claim's advisory lock; the second key is the claim's own.
const LOCK_CLASS: i32 = 1_885_956_975;

/// The database server's clock in milliseconds: the one every process sharing it reads alike.
const NOW_MS: &str = "SELECT CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000 AS BIGINT)";

/// A held claim; dropping it releases the claim.
pub struct ShardLease {
    keeper: Option<(mpsc::Sender<()>, JoinHandle<()>)>,
}

/// This process's claim, as its row says it.
#[derive(Clone, Debug)]
struct Claim {
    owner: String,
    shards: Shards,
    pid: u32,
    host: String,
    lock_key: i32,
}

/// Another process's live claim.
struct Holder {
    owner: String,
    shards: Shards,
    pid: i64,
    host: String,
    lock_key: i32,
    until_ms: i64,
}

impl ShardLease {
    /// Claims `shards` for this process for as long as the lease is kept. On PostgreSQL,
    /// refused with [`StoreError::ShardsHeld`] while another live process holds any of them;
    /// elsewhere nothing to claim.
    pub fn claim(location: &Location, shards: Shards) -> Result<ShardLease> {
        ShardLease::claim_for(location, shards, LEASE, RENEW_EVERY)
    }

    /// As [`ShardLease::claim`] with a lease and renewal of one's own (tests).
    pub fn claim_for(
        location: &Location,
        shards: Shards,
        lease: Duration,
        renew_every: Duration,
    ) -> Result<ShardLease> {
        let Location::Postgres(url) = location else {
            return Ok(ShardLease { keeper: None });
        };
        let mut store = Store::open_postgres(url)?;
        let claim = Claim {
            owner: format!("{}:{}", std::process::id(), nanos()),
            shards,
            pid: std::process::id(),
            host: host_name(),
            lock_key: lock_own_key(&store)?,
        };
        let deadline = Instant::now() + GRACE;
        loop {
            match try_claim(&mut store, &claim, lease) {
                Err(StoreError::ShardsHeld { .. }) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(100))
                }
                r => break r?,
            }
        }
        let (stop, stopped) = mpsc::channel();
        let keeper = std::thread::Builder::new()
            .name("shard-lease".into())
            .spawn({
                let url = url.clone();
                move || keep(&url, store, claim, lease, renew_every, stopped)
            })
            .map_err(|e| StoreError::Server {
                url: Location::Postgres(url.clone()).display(),
                why: format!("cannot start the thread that renews the shard claim: {e}"),
            })?;
        Ok(ShardLease {
            keeper: Some((stop, keeper)),
        })
    }
}

impl Drop for ShardLease {
    fn drop(&mut self) {
        if let Some((stop, keeper)) = self.keeper.take() {
            let _ = stop.send(());
            let _ = keeper.join();
        }
    }
}

/// Renews the claim until told to stop (or the lease is dropped), then deletes it. A claim
/// found gone (this process hung past its lease and another took the range) is claimed again
/// when it can be, and said loudly when it cannot. A lost connection (the server restarted)
/// took the claim's lock with it, so the claim is made again on a new one, lock included.
fn keep(
    url: &str,
    mut store: Store,
    mut claim: Claim,
    lease: Duration,
    every: Duration,
    stopped: mpsc::Receiver<()>,
) {
    let what = claim.shards.describe();
    while let Err(mpsc::RecvTimeoutError::Timeout) = stopped.recv_timeout(every) {
        match renew(&store, &claim, lease) {
            Ok(true) => {}
            Ok(false) => match try_claim(&mut store, &claim, lease) {
                Ok(()) => tracing::warn!("the claim on {what} had lapsed and was taken again"),
                Err(e) => tracing::error!("the claim on {what} was lost: {e}"),
            },
            Err(e) => {
                tracing::error!("renewing the claim on {what}: {e}");
                let again = Store::open_postgres(url).and_then(|mut fresh| {
                    claim.lock_key = lock_own_key(&fresh)?;
                    try_claim(&mut fresh, &claim, lease)?;
                    Ok(fresh)
                });
                match again {
                    Ok(fresh) => {
                        store = fresh;
                        tracing::warn!("the claim on {what} is held again on a new connection");
                    }
                    Err(e) => tracing::error!("claiming {what} again: {e}"),
                }
            }
        }
    }
    if let Err(e) = store
        .conn
        .execute("DELETE FROM shard_claims WHERE owner = ?1", [&claim.owner])
    {
        // The lease runs out by itself, and the advisory lock goes with the connection.
        tracing::warn!("releasing the claim on {what}: {e}");
    }
}

fn renew(store: &Store, claim: &Claim, lease: Duration) -> Result<bool> {
    let n = store.conn.execute(
        &format!("UPDATE shard_claims SET until_ms = ({NOW_MS}) + ?2 WHERE owner = ?1"),
        params![claim.owner, lease.as_millis() as i64],
    )?;
    Ok(n == 1)
}

/// Takes this session's own advisory lock, which names the claim while the process lives.
fn lock_own_key(store: &Store) -> Result<i32> {
    let mut key = ((nanos() as i32 ^ std::process::id() as i32) & i32::MAX).max(1);
    loop {
        let got: bool = store.conn.query_row(
            "SELECT pg_try_advisory_lock(?1, ?2)",
            params![LOCK_CLASS, key],
            |r| r.get(0),
        )?;
        if got {
            return Ok(key);
        }
        key = (key % i32::MAX) + 1;
    }
}

/// One attempt: clears the claims whose process is gone or whose lease ran out, refuses if a
/// live one overlaps `claim`, else writes it. Claimants take their turn on the table.
fn try_claim(store: &mut Store, claim: &Claim, lease: Duration) -> Result<()> {
    store.atomically(|s| {
        s.conn
            .execute_batch("LOCK TABLE shard_claims IN SHARE ROW EXCLUSIVE MODE")?;
        let now: i64 = s.conn.query_row(NOW_MS, (), |r| r.get(0))?;
        let rows = s.conn.query_all(
            "SELECT owner, first_shard, last_shard, total_shards, pid, host, lock_key, until_ms \
             FROM shard_claims WHERE owner <> ?1",
            [&claim.owner],
            |r| {
                let shard = |i| r.get::<_, i64>(i).map(|v| v as u32);
                Ok(Holder {
                    owner: r.get(0)?,
                    shards: Shards {
                        first: shard(1)?,
                        last: shard(2)?,
                        total: shard(3)?,
                    },
                    pid: r.get(4)?,
                    host: r.get(5)?,
                    lock_key: r.get(6)?,
                    until_ms: r.get(7)?,
                })
            },
        )?;
        let mut live = Vec::new();
        for h in rows {
            if h.until_ms >= now && !lock_is_free(s, h.lock_key)? {
                live.push(h);
            } else {
                s.conn
                    .execute("DELETE FROM shard_claims WHERE owner = ?1", [&h.owner])?;
            }
        }
        if let Some(h) = live.iter().find(|h| h.shards.overlaps(claim.shards)) {
            return Err(StoreError::ShardsHeld {
                wanted: claim.shards.describe(),
                held: h.shards.describe(),
                pid: h.pid,
                host: h.host.clone(),
                until: crate::calendar::utc(h.until_ms),
            });
        }
        s.conn.execute(
            "INSERT INTO shard_claims (owner, first_shard, last_shard, total_shards, pid, \
             host, lock_key, claimed_ms, until_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9) \
             ON CONFLICT (owner) DO UPDATE SET until_ms = excluded.until_ms, \
             lock_key = excluded.lock_key",
            params![
                claim.owner,
                claim.shards.first,
                claim.shards.last,
                claim.shards.total,
                claim.pid,
                claim.host,
                claim.lock_key,
                now,
                now + lease.as_millis() as i64
            ],
        )?;
        Ok(())
    })
}

/// Whether nobody holds the claim lock `key` (its process is gone): taking it tells, and it
/// is given back at once.
fn lock_is_free(s: &Store, key: i32) -> Result<bool> {
    let free: bool = s.conn.query_row(
        "SELECT pg_try_advisory_lock(?1, ?2)",
        params![LOCK_CLASS, key],
        |r| r.get(0),
    )?;
    if free {
        s.conn.query_row(
            "SELECT pg_advisory_unlock(?1, ?2)",
            params![LOCK_CLASS, key],
            |r| r.get::<_, bool>(0),
        )?;
    }
    Ok(free)
}

fn nanos() -> u128 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos())
}

/// The machine's name, for the message that tells a second claimant where the first runs.
fn host_name() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .or_else(|| std::env::var("HOSTNAME").ok())
        .map(|h| h.trim().to_string())
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "an unnamed host".into())
}
