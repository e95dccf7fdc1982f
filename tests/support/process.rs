//! The bot as a separate process (the `plateau` binary), serving this fake Discord: for tests
//! that kill it and start it again.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

/// A running `plateau serve`; killed (SIGKILL) when dropped, so that a failing test leaves no
/// process behind.
pub struct BotProcess {
    child: Child,
}

impl BotProcess {
    /// Starts `binary serve --config CONFIG` with a token, its logs in `log`.
    pub fn start(binary: &Path, config: &Path, log: &Path) -> BotProcess {
        BotProcess::start_with(binary, config, log, &[], &[])
    }

    /// As [`BotProcess::start`] with more arguments (`--shards`) and environment variables.
    pub fn start_with(
        binary: &Path,
        config: &Path,
        log: &Path,
        args: &[&str],
        env: &[(&str, String)],
    ) -> BotProcess {
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(log)
            .expect("the bot's log file");
        let child = Command::new(binary)
            .args(["serve", "--config"])
            .arg(config)
            .args(args)
            .envs(env.iter().map(|(k, v)| (k, v)))
            .env("DISCORD_TOKEN", "fake-token")
            .env("RUST_LOG", "plateau=info,serenity=warn,poise=warn")
            .stdin(Stdio::null())
            .stdout(log.try_clone().expect("log"))
            .stderr(log)
            .spawn()
            .expect("the bot starts");
        BotProcess { child }
    }

    /// SIGKILL: no shutdown, no flush, as a crash or an OOM kill.
    pub fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// The operating system's process id (for reading its CPU time in `/proc`).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    pub fn is_running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }
}

impl Drop for BotProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The `plateau` binary cargo built for this test run (the same sources and `serve` as the
/// release build, with debug assertions, so the lock-order checks run too). Building a
/// separate release binary here compiled every dependency a third time and put CI over its
/// 30 minutes (measured on 2026-11-26: the kill tests waited minutes for it).
pub fn served_binary() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_plateau"))
}

/// Writes the `config.toml` of a bot process in `dir` that talks to the fake Discord at
/// `proxy`, with the `[store]` line `store` (`path = "..."` or `url = "..."`): a tick a
/// second, seats in join order, and no game pages (several processes share one machine);
/// its path.
pub fn write_config(dir: &Path, proxy: &str, store: &str) -> PathBuf {
    let config = dir.join("config.toml");
    std::fs::write(
        &config,
        format!(
            "[discord]\nproxy = \"{proxy}\"\ntick_seconds = 1\n\n[store]\n{store}\n\n\
             [web]\nlisten = \"off\"\n\n[defaults]\norder = \"join\"\n"
        ),
    )
    .unwrap();
    config
}
