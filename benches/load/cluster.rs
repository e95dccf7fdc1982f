//! The bot processes under load: K `plateau serve` on one database, each with its range of
//! Discord's shards, connected to the fake Discord exactly as `tests/shards.rs` connects them;
//! and the throw-away PostgreSQL server they share.

use crate::support::process::BotProcess;
use crate::support::FakeDiscord;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// Shards each process runs when there are several (a range, as a large bot's processes do).
const SHARDS_PER_PROCESS: u32 = 2;

/// The bots' clock runs this much faster than real time, so that a fast clock's day (its
/// turn) passes in ten seconds and clocked games' timers fall due within a rate's run.
pub const CLOCK_RATE: i64 = 8_640;

pub enum Db {
    Sqlite(PathBuf),
    /// `dir`: the server `.ci/postgres` started for this run (stopped at the end), if any.
    Postgres {
        url: String,
        dir: Option<String>,
    },
}

impl Db {
    pub fn url(&self) -> Option<&str> {
        match self {
            Db::Postgres { url, .. } => Some(url),
            Db::Sqlite(_) => None,
        }
    }

    /// The postmaster's process id, read from its data folder: its children are the server's
    /// processes whose CPU time the run reports.
    pub fn postmaster(&self) -> Option<u32> {
        let Db::Postgres { dir: Some(dir), .. } = self else {
            return None;
        };
        let pid = std::fs::read_to_string(Path::new(dir).join("data/postmaster.pid")).ok()?;
        pid.lines().next()?.trim().parse().ok()
    }

    /// A PostgreSQL server of its own (`.ci/postgres`, fsync off, on loopback) with
    /// pg_stat_statements loaded, unless `LOAD_PG_URL` names one.
    pub fn postgres() -> Db {
        if let Ok(url) = std::env::var("LOAD_PG_URL") {
            return Db::Postgres { url, dir: None };
        }
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join(".ci/postgres");
        let out = std::process::Command::new(script)
            .env(
                "PLATEAU_PG_OPTS",
                "-c shared_preload_libraries=pg_stat_statements",
            )
            .output()
            .expect(".ci/postgres runs");
        assert!(out.status.success(), ".ci/postgres failed: {out:?}");
        let line = String::from_utf8_lossy(&out.stdout).trim().to_string();
        let (url, dir) = line.split_once(' ').expect(".ci/postgres prints URL DIR");
        Db::Postgres {
            url: url.to_string(),
            dir: Some(dir.to_string()),
        }
    }

    /// Stops the server this run started.
    pub fn stop(&self) {
        if let Db::Postgres { dir: Some(dir), .. } = self {
            let script = Path::new(env!("CARGO_MANIFEST_DIR")).join(".ci/postgres");
            let _ = std::process::Command::new(script)
                .args(["stop", dir])
                .status();
        }
    }
}

/// One `serve` process: its shards (all of them when alone) and how often it identified.
struct Proc {
    range: Option<(u32, u32)>,
    bot: Option<BotProcess>,
    identified: u32,
}

pub struct Cluster {
    pub fake: FakeDiscord,
    binary: PathBuf,
    config: PathBuf,
    dir: PathBuf,
    clock: String,
    procs: Vec<Proc>,
    pub total_shards: u32,
    /// The live process ids by process, for the CPU sampler.
    pub pids: Arc<Mutex<Vec<Option<u32>>>>,
}

impl Cluster {
    /// Starts `k` processes on `db` and waits until every shard is connected.
    pub async fn start(db: &Db, k: usize, dir: &Path) -> Cluster {
        let fake = FakeDiscord::start().await;
        fake.fake.forget_files();
        let store = match db {
            Db::Sqlite(path) => format!("path = \"{}\"", path.display()),
            Db::Postgres { url, .. } => format!("url = \"{url}\""),
        };
        let config = crate::support::process::write_config(dir, &fake.url, &store);
        // Each process's threads for Discord's events: the cores shared among the processes
        // (`LOAD_BOT_WORKERS` to choose), as docs/hosting.md advises.
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let workers = std::env::var("LOAD_BOT_WORKERS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or((cores / k).max(1));
        let text = std::fs::read_to_string(&config).unwrap();
        let text = text.replacen(
            "[discord]\n",
            &format!("[discord]\nworkers = {workers}\n"),
            1,
        );
        assert!(
            text.contains("workers = "),
            "the bots' config has a [discord] table"
        );
        std::fs::write(&config, text).unwrap();
        let anchor = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_millis();
        let sharded = k > 1;
        let total_shards = if sharded {
            SHARDS_PER_PROCESS * k as u32
        } else {
            1
        };
        let procs = (0..k as u32)
            .map(|i| Proc {
                range: sharded.then(|| {
                    let first = i * SHARDS_PER_PROCESS;
                    (first, first + SHARDS_PER_PROCESS - 1)
                }),
                bot: None,
                identified: 0,
            })
            .collect();
        let mut c = Cluster {
            fake,
            binary: PathBuf::from(env!("CARGO_BIN_EXE_plateau")),
            config,
            dir: dir.to_path_buf(),
            clock: format!("{CLOCK_RATE}@{anchor}"),
            procs,
            total_shards,
            pids: Arc::new(Mutex::new(vec![None; k])),
        };
        for i in 0..k {
            c.launch(i).await;
        }
        c
    }

    /// Starts process `i` and waits until each of its shards has identified once more.
    async fn launch(&mut self, i: usize) {
        let p = &mut self.procs[i];
        let range = p.range.map(|(a, b)| format!("{a}-{b}"));
        let total = self.total_shards.to_string();
        let args: Vec<&str> = match &range {
            Some(r) => vec!["--shards", r, "--total-shards", &total],
            None => vec![],
        };
        let bot = BotProcess::start_with(
            &self.binary,
            &self.config,
            &self.dir.join(format!("process{i}.log")),
            &args,
            &[("PLATEAU_CLOCK_RATE", self.clock.clone())],
        );
        self.pids.lock().unwrap()[i] = Some(bot.pid());
        p.bot = Some(bot);
        p.identified += 1;
        let (first, last) = p.range.unwrap_or((0, 0));
        for shard in first..=last {
            self.fake
                .fake
                .wait_shard_identified(shard, p.identified)
                .await;
        }
    }

    /// SIGKILL process `i` (no shutdown, as an OOM kill), then starts it again at once; returns
    /// when its shards are connected again, with the moment it was dead (reaped).
    pub async fn kill_and_restart(&mut self, i: usize) -> std::time::Instant {
        if let Some(bot) = self.procs[i].bot.take() {
            bot.kill();
        }
        let dead = std::time::Instant::now();
        self.pids.lock().unwrap()[i] = None;
        self.launch(i).await;
        dead
    }

    /// Which process serves a server, as a function the traffic can keep.
    pub fn router(&self) -> Box<dyn Fn(u64) -> usize + Send + Sync> {
        let total = self.total_shards;
        Box::new(move |guild| process_of(guild, total))
    }
}

/// The process serving a server: its shard by Discord's rule, `(id >> 22) % total`, and the
/// process running that shard.
pub fn process_of(guild: u64, total_shards: u32) -> usize {
    let shard = ((guild >> 22) % u64::from(total_shards)) as u32;
    (shard / SHARDS_PER_PROCESS.min(total_shards)) as usize
}
