//! Issue 29, item 8: processes sharing one PostgreSQL database claim their shards at start
//! (`store::ShardLease`, migration 08). An overlapping second claimant is refused with one
//! line naming the holder; a stopped process releases its claim, a crashed one's goes with its
//! connection, a hung one's when its lease runs out. Tried on leases in this process and on
//! `plateau serve` processes. Needs the test PostgreSQL server (`.ci/test` starts one).

use plateau::store::{Location, ShardLease, Shards, StoreError};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn server() -> Option<(String, Location)> {
    let url = plateau::store::testing::fresh_postgres()?;
    let location = Location::Postgres(url.clone());
    Some((url, location))
}

fn shards(first: u32, last: u32, total: u32) -> Shards {
    Shards::new(first, last, total).unwrap()
}

fn refused(r: Result<ShardLease, StoreError>) -> String {
    match r {
        Err(e @ StoreError::ShardsHeld { .. }) => e.to_string(),
        Err(e) => panic!("refused for another reason: {e}"),
        Ok(_) => panic!("an overlapping claim was granted"),
    }
}

#[test]
fn overlapping_claims_are_refused_and_released_claims_free_the_range() {
    let Some((_, at)) = server() else {
        eprintln!("skipped: no test PostgreSQL server (PLATEAU_TEST_POSTGRES)");
        return;
    };
    let first = ShardLease::claim(&at, shards(0, 1, 4)).unwrap();
    let why = refused(ShardLease::claim(&at, shards(1, 2, 4)));
    assert!(
        why.contains(&format!("process {} on ", std::process::id()))
            && why.contains("already serves shards 0-1 of 4")
            && why.contains("its claim lasts until 20"),
        "{why}"
    );
    // A process serving every shard overlaps everyone.
    refused(ShardLease::claim(&at, Shards::ALL));
    let other = ShardLease::claim(&at, shards(2, 3, 4)).unwrap();
    drop(first);
    let again = ShardLease::claim(&at, shards(1, 1, 4)).unwrap();
    drop((other, again));
    ShardLease::claim(&at, Shards::ALL).unwrap();
}

#[test]
fn a_lease_not_renewed_runs_out_and_a_renewed_one_holds() {
    let Some((_, at)) = server() else {
        return;
    };
    let hour = Duration::from_secs(3600);
    let renewed = ShardLease::claim_for(
        &at,
        shards(0, 0, 2),
        Duration::from_secs(1),
        Duration::from_millis(200),
    )
    .unwrap();
    // A hung process: its connection lives on, its lease is never renewed.
    let hung =
        ShardLease::claim_for(&at, shards(1, 1, 2), Duration::from_millis(300), hour).unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    // Past one lease of each: the renewed claim holds (the claimant waits out its grace and
    // is refused), the other has run out.
    refused(ShardLease::claim(&at, shards(0, 0, 2)));
    let taken = ShardLease::claim(&at, shards(1, 1, 2)).unwrap();
    drop((renewed, hung, taken));
}

#[test]
fn a_crashed_claimants_range_is_free_at_once() {
    let Some((url, at)) = server() else {
        return;
    };
    // A claim as a process writes it, whose lock dies with its connection (as a SIGKILL
    // closes it), long before its lease would run out.
    let mut crashed = postgres::Client::connect(&url, postgres::NoTls).unwrap();
    // The schema exists once a lease has opened the store.
    drop(ShardLease::claim(&at, shards(3, 3, 4)).unwrap());
    crashed
        .batch_execute(
            "SELECT pg_advisory_lock(1885956975, 4242); \
             INSERT INTO shard_claims (owner, first_shard, last_shard, total_shards, pid, host, \
             lock_key, claimed_ms, until_ms) VALUES ('crashed', 0, 0, 1, 4242, 'elsewhere', \
             4242, 0, 9999999999999)",
        )
        .unwrap();
    let why = refused(ShardLease::claim(&at, shards(0, 0, 2)));
    assert!(
        why.contains("process 4242 on elsewhere already serves every shard"),
        "{why}"
    );
    drop(crashed);
    let start = Instant::now();
    let _lease = ShardLease::claim(&at, shards(0, 0, 2)).unwrap();
    assert!(
        start.elapsed() < Duration::from_secs(3),
        "{:?}",
        start.elapsed()
    );
}

#[test]
fn a_claim_whose_connection_dropped_is_made_again() {
    let Some((url, at)) = server() else {
        return;
    };
    let _held = ShardLease::claim_for(
        &at,
        shards(0, 0, 2),
        Duration::from_secs(60),
        Duration::from_millis(200),
    )
    .unwrap();
    let mut admin = postgres::Client::connect(&url, postgres::NoTls).unwrap();
    let key = |admin: &mut postgres::Client| -> i32 {
        admin
            .query_one("SELECT lock_key FROM shard_claims", &[])
            .unwrap()
            .get(0)
    };
    // The server ends the claim's session (a restart, a network cut): its lock goes with it.
    let before = key(&mut admin);
    let ended = admin
        .query(
            "SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' \
             AND classid = 1885956975 AND objid = $1::bigint::oid AND objsubid = 2",
            &[&i64::from(before)],
        )
        .unwrap();
    assert_eq!(ended.len(), 1, "the claim's session was found");
    std::thread::sleep(Duration::from_millis(1500));
    // Renewed on a new connection, with a lock of its own again: still refused to others.
    assert_ne!(key(&mut admin), before);
    refused(ShardLease::claim(&at, shards(0, 0, 2)));
}

/// `plateau serve` on the database with Discord unreachable: it claims, then retries
/// Discord until killed.
struct Serve {
    child: Child,
    log: PathBuf,
}

impl Serve {
    fn start(config: &Path, dir: &Path, name: &str, args: &[&str]) -> Serve {
        let log = dir.join(format!("{name}.log"));
        let file = std::fs::File::create(&log).unwrap();
        let child = Command::new(env!("CARGO_BIN_EXE_plateau"))
            .args(["serve", "--config"])
            .arg(config)
            .args(args)
            .env("DISCORD_TOKEN", "not-a-real-token")
            .env("RUST_LOG", "plateau=info")
            .stdin(Stdio::null())
            .stdout(file.try_clone().unwrap())
            .stderr(file)
            .spawn()
            .expect("the binary runs");
        Serve { child, log }
    }

    fn text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// Waits until it serves (true) or exits (false).
    fn serves(&mut self) -> bool {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            if self.text().contains("serving Discord") {
                return true;
            }
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return false;
            }
            assert!(
                Instant::now() < deadline,
                "neither served nor exited: {}",
                self.text()
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn a_second_serve_on_the_same_shards_is_refused_until_the_first_dies() {
    let Some((url, _)) = server() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("config.toml");
    std::fs::write(
        &config,
        format!("[discord]\nproxy = \"http://127.0.0.1:1\"\n\n[store]\nurl = \"{url}\"\n"),
    )
    .unwrap();
    let two = |s: &'static str| ["--shards", s, "--total-shards", "2"];
    let mut first = Serve::start(&config, dir.path(), "first", &two("0-0"));
    assert!(first.serves(), "{}", first.text());
    let mut second = Serve::start(&config, dir.path(), "second", &[]);
    assert!(!second.serves(), "{}", second.text());
    let status = second.child.wait().unwrap();
    assert_eq!(status.code(), Some(2));
    let said = second.text();
    assert_eq!(said.lines().count(), 1, "{said}");
    assert!(
        said.starts_with("plateau serve: cannot serve every shard: process ")
            && said.contains(&format!("process {} on ", first.child.id()))
            && said.contains("already serves shard 0 of 2"),
        "{said}"
    );
    // Another range runs beside it.
    let mut beside = Serve::start(&config, dir.path(), "beside", &two("1-1"));
    assert!(beside.serves(), "{}", beside.text());
    // SIGKILL: no goodbye, yet its range is free for the restart straight away.
    let _ = first.child.kill();
    let _ = first.child.wait();
    let mut restarted = Serve::start(&config, dir.path(), "restarted", &two("0-0"));
    assert!(restarted.serves(), "{}", restarted.text());
}
