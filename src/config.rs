//! `plateau serve`'s configuration: the `[discord]` table of the config file (format in
//! `config.example.toml`) plus the `DISCORD_TOKEN` environment variable.

use crate::table::SeatOrder;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// The environment variable that holds the bot token; it wins over the file's `token`.
pub const TOKEN_VAR: &str = "DISCORD_TOKEN";

/// A bot token. Its `Debug` and `Display` never show it, so it cannot leak into logs.
#[derive(Clone, Deserialize, PartialEq, Eq, Default)]
#[serde(transparent)]
pub struct Token(String);

impl Token {
    pub fn new(token: impl Into<String>) -> Token {
        Token(token.into())
    }
    /// The secret itself, for serenity's `Http` only.
    pub fn expose(&self) -> &str {
        &self.0
    }
    fn is_empty(&self) -> bool {
        self.0.trim().is_empty()
    }
}

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("Token(<redacted>)")
    }
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("<redacted>")
    }
}

#[derive(Clone, Debug, Deserialize, PartialEq, Eq, Default)]
#[serde(deny_unknown_fields)]
pub struct ServerConfig {
    /// `/new` opens a thread for the game unless told `thread:false`.
    #[serde(default)]
    pub threads: Option<bool>,
}

/// The `[discord]` table.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct DiscordConfig {
    #[serde(default)]
    pub token: Option<Token>,
    /// Register the commands in this server only (instant), instead of globally (up to an hour).
    #[serde(default, deserialize_with = "snowflake_opt")]
    pub dev_guild: Option<u64>,
    /// A twilight-http-proxy-style proxy for every REST call; it then owns rate limiting.
    #[serde(default, deserialize_with = "text_opt")]
    pub proxy: Option<String>,
    /// Whether `/new` opens a thread when not told (servers may override it).
    #[serde(default)]
    pub threads: bool,
    /// Per-server settings, keyed by server id.
    #[serde(default)]
    pub servers: BTreeMap<String, ServerConfig>,
    /// How often reminders and time-outs are looked for, in seconds.
    #[serde(default = "default_tick")]
    pub tick_seconds: u64,
    /// Threads reading Discord's events and sending the answers; 0: one per core. Drawing
    /// and the store run in a pool of their own whatever this says.
    #[serde(default)]
    pub workers: usize,
    /// The range of shards this process runs (`plateau serve --shards`); none: one shard.
    #[serde(skip)]
    pub shards: Option<crate::store::Shards>,
}

fn default_tick() -> u64 {
    30
}

impl Default for DiscordConfig {
    fn default() -> DiscordConfig {
        DiscordConfig {
            token: None,
            dev_guild: None,
            proxy: None,
            threads: false,
            servers: BTreeMap::new(),
            tick_seconds: default_tick(),
            workers: 0,
            shards: None,
        }
    }
}

/// An empty string means "not set", as the example file writes it.
fn text_opt<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    Ok(Option::<String>::deserialize(d)?.filter(|s| !s.trim().is_empty()))
}

fn snowflake_opt<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
    // Ids are written either as TOML integers or as strings (they exceed JavaScript's range,
    // so people copy them as strings).
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Id {
        Int(u64),
        Text(String),
    }
    match Option::<Id>::deserialize(d)? {
        None => Ok(None),
        Some(Id::Int(n)) => Ok(Some(n)),
        Some(Id::Text(s)) if s.trim().is_empty() => Ok(None),
        Some(Id::Text(s)) => s
            .trim()
            .parse()
            .map(Some)
            .map_err(|_| serde::de::Error::custom(format!("\"{s}\" is not a Discord id"))),
    }
}

/// The `[store]` table.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct StoreConfig {
    /// The SQLite database.
    #[serde(default = "default_database")]
    pub path: PathBuf,
    /// A PostgreSQL server (`postgres://user:password@host/db`) instead of the SQLite file,
    /// for several processes sharing one database (shard ranges).
    #[serde(default, deserialize_with = "text_opt")]
    pub url: Option<String>,
    /// How many open games stay in memory (the least recently used are dropped first).
    #[serde(default = "default_cache")]
    pub cache: usize,
    /// Connections to the PostgreSQL server: moves of different games commit on different
    /// ones at once. SQLite has one writer, so one connection whatever this says.
    #[serde(default = "default_pool")]
    pub pool: usize,
}

fn default_pool() -> usize {
    crate::table::DEFAULT_POOL
}

fn default_cache() -> usize {
    crate::table::DEFAULT_CACHE
}

impl StoreConfig {
    /// Where the store is, as `Table::open` takes it: the server when `url` is set.
    pub fn location(&self) -> PathBuf {
        match &self.url {
            Some(url) => PathBuf::from(url),
            None => self.path.clone(),
        }
    }
}

fn default_database() -> PathBuf {
    PathBuf::from("plateau.db")
}

impl Default for StoreConfig {
    fn default() -> StoreConfig {
        StoreConfig {
            path: default_database(),
            url: None,
            cache: default_cache(),
            pool: default_pool(),
        }
    }
}

/// The whole file; sections other than `[discord]` and `[store]` belong to other parts of
/// Plateau and are left to them.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq, Default)]
pub struct Config {
    #[serde(default)]
    pub store: StoreConfig,
    #[serde(default)]
    pub discord: DiscordConfig,
    #[serde(default)]
    pub defaults: DefaultsConfig,
    #[serde(default)]
    pub ops: OpsConfig,
    #[serde(default)]
    pub web: WebConfig,
}

/// The `[web]` table: the game pages (`src/web/`).
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct WebConfig {
    /// Where the pages are served: `127.0.0.1:8080` unless set; `off` serves none.
    #[serde(default = "default_web_listen", deserialize_with = "listen_or_default")]
    pub listen: String,
    /// The pages' address as players reach it (`https://plateau.example.org`), for the
    /// links on boards; not set: boards carry no link.
    #[serde(default, deserialize_with = "text_opt")]
    pub public_url: Option<String>,
}

impl Default for WebConfig {
    fn default() -> WebConfig {
        WebConfig {
            listen: default_web_listen(),
            public_url: None,
        }
    }
}

impl WebConfig {
    /// The address to listen on; `None` when the pages are off.
    pub fn address(&self) -> Option<&str> {
        (!self.listen.eq_ignore_ascii_case("off")).then_some(self.listen.as_str())
    }
}

/// The address `[web] listen` defaults to: loopback, for a reverse proxy in front.
pub const DEFAULT_WEB_LISTEN: &str = "127.0.0.1:8080";

fn default_web_listen() -> String {
    DEFAULT_WEB_LISTEN.to_string()
}

/// An empty `listen` is the default address, as the example file leaves it.
fn listen_or_default<'de, D: serde::Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    Ok(text_opt(d)?.unwrap_or_else(default_web_listen))
}

/// The `[ops] table`: what the people running the bot watch.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq, Default)]
#[serde(deny_unknown_fields)]
pub struct OpsConfig {
    /// Where `GET /metrics` (Prometheus) and `GET /healthz` are served, such as
    /// `127.0.0.1:9100`; off when not set.
    #[serde(default, deserialize_with = "text_opt")]
    pub listen: Option<String>,
}

/// The `[defaults]` table: settings a game gets when its commands do not give them.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq, Default)]
#[serde(deny_unknown_fields)]
pub struct DefaultsConfig {
    /// Seat order at `/start`: random (drawn from the game's seed) or join (host first).
    #[serde(default)]
    pub order: SeatOrder,
}

#[derive(Error, Debug)]
pub enum ConfigError {
    #[error("cannot read {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}: {message}")]
    Parse { path: PathBuf, message: String },
    #[error(
        "no Discord token: set the {TOKEN_VAR} environment variable (or `token` under [discord] \
         in the config file). To play without Discord, run `plateau play`."
    )]
    NoToken,
    #[error("[discord] proxy must be an http:// or https:// URL, not \"{0}\"")]
    Proxy(String),
    #[error("[web] public_url must be an http:// or https:// URL, not \"{0}\"")]
    PublicUrl(String),
}

impl Config {
    pub fn parse(text: &str, path: &Path) -> Result<Config, ConfigError> {
        let config: Config = toml::from_str(text).map_err(|e| ConfigError::Parse {
            path: path.to_path_buf(),
            message: e.message().to_string(),
        })?;
        if let Some(url) = &config.web.public_url {
            if !(url.starts_with("http://") || url.starts_with("https://")) {
                return Err(ConfigError::PublicUrl(url.clone()));
            }
        }
        if let Some(proxy) = &config.discord.proxy {
            if !(proxy.starts_with("http://") || proxy.starts_with("https://")) {
                return Err(ConfigError::Proxy(proxy.clone()));
            }
        }
        Ok(config)
    }

    /// Reads `path`, or the defaults without one.
    pub fn load(path: Option<&Path>) -> Result<Config, ConfigError> {
        match path {
            None => Ok(Config::default()),
            Some(path) => {
                let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Read {
                    path: path.to_path_buf(),
                    source,
                })?;
                Config::parse(&text, path)
            }
        }
    }

    /// The token: `env` (the value of `DISCORD_TOKEN`) when set and not empty, else the file's.
    pub fn token(&self, env: Option<String>) -> Result<Token, ConfigError> {
        env.map(Token)
            .filter(|t| !t.is_empty())
            .or_else(|| self.discord.token.clone().filter(|t| !t.is_empty()))
            .ok_or(ConfigError::NoToken)
    }

    /// Whether a server turned threads off itself (`threads = false` in its own section):
    /// then a game a challenge, a seek or a tournament decides opens in the channel where it
    /// was decided, when that channel is free. Otherwise such games open in threads, since a
    /// channel holds one game and a tournament round has several.
    pub fn threads_refused_in(&self, guild: Option<&str>) -> bool {
        guild
            .and_then(|g| self.discord.servers.get(g))
            .and_then(|s| s.threads)
            == Some(false)
    }

    /// Whether `/new` in `guild` opens a thread when the command does not say.
    pub fn threads_in(&self, guild: Option<&str>) -> bool {
        guild
            .and_then(|g| self.discord.servers.get(g))
            .and_then(|s| s.threads)
            .unwrap_or(self.discord.threads)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn example_config_parses() {
        let text = std::fs::read_to_string("config.example.toml").unwrap();
        let c = Config::parse(&text, Path::new("config.example.toml")).unwrap();
        assert_eq!(c.discord.tick_seconds, 30);
        // One thread a core, unless told.
        assert_eq!(c.discord.workers, 0);
        let one = text.replace("workers = 0", "workers = 1");
        let c1 = Config::parse(&one, Path::new("config.example.toml")).unwrap();
        assert_eq!(c1.discord.workers, 1);
        assert_eq!(c.store.path, Path::new("plateau.db"));
        // Its empty strings mean "not set".
        assert_eq!(
            (c.discord.proxy.as_deref(), c.discord.dev_guild),
            (None, None)
        );
        assert!(c.token(None).is_err(), "the example must not carry a token");
        assert_eq!(c.defaults.order, crate::table::SeatOrder::Random);
        assert_eq!((c.store.url.as_deref(), c.store.cache), (None, 10_000));
        assert_eq!(c.store.location(), Path::new("plateau.db"));
        assert_eq!(c.ops.listen, None);
        assert_eq!(c.web, WebConfig::default());
    }

    #[test]
    fn a_postgres_url_replaces_the_file() {
        let c = Config::parse(
            "[store]\nurl = \"postgres://bot@db/plateau\"\ncache = 500\n[ops]\nlisten = \"127.0.0.1:9100\"\n",
            Path::new("x.toml"),
        )
        .unwrap();
        assert_eq!(c.store.location(), Path::new("postgres://bot@db/plateau"));
        assert_eq!(c.store.cache, 500);
        assert_eq!(c.ops.listen.as_deref(), Some("127.0.0.1:9100"));
        assert!(Config::parse("[ops]\nport = 3\n", Path::new("x.toml")).is_err());
        // The pages: on loopback unless told; "off" turns them off; links need a URL.
        assert_eq!(c.web.address(), Some(DEFAULT_WEB_LISTEN));
        let off = Config::parse("[web]\nlisten = \"off\"\n", Path::new("x.toml")).unwrap();
        assert_eq!(off.web.address(), None);
        let empty = Config::parse("[web]\nlisten = \"\"\n", Path::new("x.toml")).unwrap();
        assert_eq!(empty.web.address(), Some(DEFAULT_WEB_LISTEN));
        assert!(
            Config::parse("[web]\npublic_url = \"plateau.org\"\n", Path::new("x.toml")).is_err()
        );
        assert!(Config::parse("[web]\nport = 3\n", Path::new("x.toml")).is_err());
    }

    #[test]
    fn default_seat_order_is_read() {
        let c = Config::parse("[defaults]\norder = \"join\"\n", Path::new("x.toml")).unwrap();
        assert_eq!(c.defaults.order, crate::table::SeatOrder::Join);
        assert!(
            Config::parse("[defaults]\norder = \"alphabetic\"\n", Path::new("x.toml")).is_err()
        );
    }

    #[test]
    fn token_from_environment_wins_and_never_shows() {
        let text = "[discord]\ntoken = \"from-file\"\ndev_guild = \"123\"\n";
        let c = Config::parse(text, Path::new("x.toml")).unwrap();
        assert_eq!(c.discord.dev_guild, Some(123));
        assert_eq!(
            c.token(Some("from-env".into())).unwrap().expose(),
            "from-env"
        );
        assert_eq!(c.token(Some("  ".into())).unwrap().expose(), "from-file");
        let t = c.token(None).unwrap();
        assert_eq!(t.expose(), "from-file");
        assert!(!format!("{t:?} {t} {c:?}").contains("from-file"));
    }

    #[test]
    fn missing_token_names_the_variable_and_play() {
        let e = Config::default().token(None).unwrap_err();
        let msg = e.to_string();
        assert!(
            msg.contains("DISCORD_TOKEN") && msg.contains("plateau play"),
            "{msg}"
        );
    }

    #[test]
    fn bad_config_is_reported() {
        let e = Config::parse("[discord]\nproxy = \"ftp://x\"\n", Path::new("c.toml")).unwrap_err();
        assert!(e.to_string().contains("proxy"), "{e}");
        let e = Config::parse("[discord]\ntokn = \"x\"\n", Path::new("c.toml")).unwrap_err();
        assert!(e.to_string().contains("c.toml"), "{e}");
    }

    #[test]
    fn threads_default_per_server() {
        let text = "[discord]\nthreads = false\n[discord.servers.\"42\"]\nthreads = true\n";
        let c = Config::parse(text, Path::new("x.toml")).unwrap();
        assert!(c.threads_in(Some("42")));
        assert!(!c.threads_in(Some("43")));
        assert!(!c.threads_in(None));
    }
}
