//! `plateau serve [--config FILE] [--shards FIRST-LAST --total-shards N]`: the bot on the real
//! clock until Ctrl-C.

use super::failure::Failure;
use clap::Args;
use plateau::config::{Config, ConfigError, TOKEN_VAR};
use std::path::{Path, PathBuf};
use std::sync::Arc;

#[derive(Args)]
pub struct Serve {
    #[arg(long)]
    config: Option<PathBuf>,
    /// The range of Discord shards this process runs, FIRST-LAST (with --total-shards).
    #[arg(long, requires = "total_shards")]
    shards: Option<String>,
    /// How many shards the bot has in all, across its processes.
    #[arg(long, requires = "shards")]
    total_shards: Option<u32>,
}

pub fn run(args: Serve) -> Result<(), Failure> {
    let shards = match (args.shards, args.total_shards) {
        (Some(range), Some(total)) => Some(shard_range(&range, total)?),
        _ => None,
    };
    serve(args.config.as_deref(), shards).map_err(|e| {
        if e.is_usage() {
            Failure::Usage(format!("plateau serve: {e}"))
        } else {
            Failure::Other(e.into())
        }
    })
}

/// `--shards FIRST-LAST` (or one shard, `N`) of `--total-shards`.
fn shard_range(range: &str, total: u32) -> Result<plateau::store::Shards, Failure> {
    let bad = |why: String| Failure::Usage(format!("plateau serve: --shards {range}: {why}"));
    let number = |s: &str| {
        s.trim()
            .parse::<u32>()
            .map_err(|_| bad("give FIRST-LAST, such as --shards 0-3".into()))
    };
    let (first, last) = match range.split_once('-') {
        Some((a, b)) => (number(a)?, number(b)?),
        None => (number(range)?, number(range)?),
    };
    plateau::store::Shards::new(first, last, total).map_err(bad)
}

#[derive(thiserror::Error, Debug)]
enum ServeError {
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// A database that cannot be used (unreadable, locked by another process, from a newer
    /// version): the person starting the bot must act, so it is a usage error (status 2).
    #[error("cannot open the database: {0}")]
    Table(#[from] plateau::table::TableError),
    #[error(transparent)]
    Bot(#[from] plateau::discord::BotError),
    #[error("cannot start the async runtime: {0}")]
    Runtime(std::io::Error),
    /// A setting unusable at start: the `[ops]` or `[web] listen` address, the clock rate.
    #[error("{0}")]
    Start(String),
}

impl ServeError {
    /// A mistake of the person starting the bot (no token, a bad config file): exit status 2.
    fn is_usage(&self) -> bool {
        matches!(
            self,
            ServeError::Config(_) | ServeError::Table(_) | ServeError::Start(_)
        )
    }
}

/// With `shards`, the process runs that range of Discord's shards and serves only their
/// servers; several such processes share one PostgreSQL database (`[store] url`).
fn serve(
    config_path: Option<&Path>,
    shards: Option<plateau::store::Shards>,
) -> Result<(), ServeError> {
    let mut config = Config::load(config_path)?;
    config.discord.shards = shards;
    let token = config.token(std::env::var(TOKEN_VAR).ok())?;
    let _ = tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "plateau=info,serenity=warn,poise=warn".into()),
        )
        .with_writer(|| plateau::store::secret::Masked(std::io::stdout()))
        .try_init();
    let clock: Arc<dyn plateau::table::Clock> = match std::env::var(plateau::table::CLOCK_RATE_VAR)
    {
        Ok(v) if !v.trim().is_empty() => {
            Arc::new(plateau::table::ScaledClock::parse(&v).map_err(ServeError::Start)?)
        }
        _ => Arc::new(plateau::table::SystemClock),
    };
    // Claimed before anything is read: a second process on the same shards is turned away.
    let location = plateau::store::Location::parse(&config.store.location());
    let served_shards = shards.unwrap_or(plateau::store::Shards::ALL);
    let _claim = plateau::store::ShardLease::claim(&location, served_shards)
        .map_err(|e| ServeError::Start(e.to_string()))?;
    let table = plateau::table::Table::open(config.store.location(), clock)?
        .with_default_order(config.defaults.order)
        .with_pool(config.store.location(), config.store.pool)?
        .with_cache_size(config.store.cache)
        .with_shards(shards.unwrap_or(plateau::store::Shards::ALL));
    let mut runtime = tokio::runtime::Builder::new_multi_thread();
    if config.discord.workers > 0 {
        runtime.worker_threads(config.discord.workers);
    }
    let runtime = runtime.enable_all().build().map_err(ServeError::Runtime)?;
    let database = location.display();
    let shards = shards.map(|s| format!("{}-{} of {}", s.first, s.last, s.total));
    tracing::info!(%database, shards = shards.as_deref().unwrap_or("all"), "serving Discord");
    let table = Arc::new(table);
    let served = runtime.block_on(async {
        if let Some(addr) = &config.ops.listen {
            plateau::ops::metrics::install();
            let listener = tokio::net::TcpListener::bind(addr)
                .await
                .map_err(|e| ServeError::Start(format!("[ops] listen {addr}: {e}")))?;
            tracing::info!(%addr, "metrics on /metrics, readiness on /healthz");
            tokio::spawn(plateau::ops::endpoint::serve(listener));
        }
        if let Some(addr) = config.web.address() {
            pages(addr, table.clone()).await?;
        }
        plateau::discord::serve_with(config, token, table.clone()).await?;
        Ok::<(), ServeError>(())
    });
    // The runtime's tasks go first; the service is dropped last, outside any runtime: the
    // synchronous PostgreSQL client closes its connection by blocking, which a runtime's own
    // threads must not do.
    drop(runtime);
    drop(table);
    served
}

/// Serves the game pages on `addr` beside the bot. An address given in the file that cannot
/// be had is refused at start; the default one, taken by another process on the machine
/// (several `serve` on one host), only leaves this process without pages.
async fn pages(addr: &str, table: Arc<plateau::table::Table>) -> Result<(), ServeError> {
    match tokio::net::TcpListener::bind(addr).await {
        Ok(listener) => {
            tracing::info!(%addr, "game pages on /g/TOKEN");
            tokio::spawn(plateau::web::serve(
                listener,
                Arc::new(move || table.clone()),
            ));
            Ok(())
        }
        Err(e) if addr == plateau::config::DEFAULT_WEB_LISTEN => {
            tracing::warn!(%addr, "no game pages: {e}");
            Ok(())
        }
        Err(e) => Err(ServeError::Start(format!("[web] listen {addr}: {e}"))),
    }
}
