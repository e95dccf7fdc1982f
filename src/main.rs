//! `plateau`: the command line of conventions §1.
//!
//! Error contract: a user error (unknown game or option, a bad move in `--history`, an
//! unreadable transcript) exits with status 2 and one line on stderr, nothing on stdout.

use anyhow::Context as _;
use clap::{Args, Parser, Subcommand};
use plateau::config::{Config, ConfigError, TOKEN_VAR};
use plateau::engine::{AnyGame, GameKind, Options, Setup};
use plateau::i18n::{say, Lang};
use plateau::local::Session;
use plateau::render;
use plateau::store::{secret, Location};
use plateau::table::records::{animate, Record, ATTACHMENT_LIMIT};
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

#[derive(Parser)]
#[command(
    name = "plateau",
    version,
    about = "Play-by-post abstract board games: Pikemen, Sprawl, Sky Scrapers, Battle Zone"
)]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Subcommand)]
enum RatingsCmd {
    /// Recomputes every rating from the finished games, in the order they ended (the bot
    /// must be stopped: one process per database).
    Rebuild {
        /// The database: a SQLite file, or a PostgreSQL server (postgres://... or
        /// "host=... dbname=...").
        #[arg(long, default_value = "plateau.db")]
        db: PathBuf,
    },
}

#[derive(Subcommand)]
enum Cmd {
    /// Runs the Discord bot.
    Serve {
        #[arg(long)]
        config: Option<PathBuf>,
        /// The range of Discord shards this process runs, FIRST-LAST (with --total-shards).
        #[arg(long, requires = "total_shards")]
        shards: Option<String>,
        /// How many shards the bot has in all, across its processes.
        #[arg(long, requires = "shards")]
        total_shards: Option<u32>,
    },
    /// A local chat channel in the terminal: type transcript lines as any user.
    Play {
        /// The database: a SQLite file, or a PostgreSQL server (postgres://... or
        /// "host=... dbname=...").
        #[arg(long, default_value = "plateau.db")]
        db: PathBuf,
        /// Where board pictures are written.
        #[arg(long, default_value = "boards")]
        renders: PathBuf,
    },
    /// Ratings, derived from the finished games.
    Ratings {
        #[command(subcommand)]
        action: RatingsCmd,
    },
    /// Runs a transcript file, printing every reply.
    Script {
        file: PathBuf,
        /// The database: a SQLite file or a PostgreSQL server (default: a fresh one in
        /// memory).
        #[arg(long)]
        db: Option<PathBuf>,
        /// Where board pictures are written (default: not written).
        #[arg(long)]
        renders: Option<PathBuf>,
    },
    /// Loads a game record (from /export) and prints its final position as JSON; with
    /// --out, also writes the final board (NAME.png) and an animated replay (NAME.gif).
    Replay {
        file: PathBuf,
        #[arg(long)]
        out: Option<PathBuf>,
        /// The language of the pictures' words (a folder of locales/: en, fr).
        #[arg(long, default_value = "en")]
        lang: String,
    },
    /// Lists the legal moves of the position reached, sorted, one per line.
    Moves(GameArgs),
    /// Prints the position as one JSON object.
    State {
        #[command(flatten)]
        game: GameArgs,
        #[arg(long)]
        json: bool,
    },
    /// Draws the position as a PNG.
    Render {
        #[command(flatten)]
        game: GameArgs,
        #[arg(long)]
        out: PathBuf,
        /// The language of the picture's words (a folder of locales/: en, fr).
        #[arg(long, default_value = "en")]
        lang: String,
        /// light or dark.
        #[arg(long, default_value = "light")]
        theme: String,
        /// The seat whose side of the board is at the bottom (1 = as the notation reads).
        #[arg(long)]
        side: Option<u8>,
    },
    /// Counts the move sequences of length DEPTH from the start.
    Perft {
        game: String,
        depth: u32,
        #[command(flatten)]
        opts: GameOpts,
    },
    /// Prints the move the computer plays in the position reached (the search seed is
    /// --seed, the game's own); with --explain, the expected standing of every seat.
    Ai {
        #[command(flatten)]
        game: GameArgs,
        /// easy, medium or hard (random plays a uniformly random move).
        #[arg(long, default_value = "hard")]
        level: String,
        /// A playout budget instead of a level: no time cap, the same move every time.
        #[arg(long, conflicts_with = "level")]
        playouts: Option<u32>,
        #[arg(long)]
        explain: bool,
    },
    /// Plays level A against level B: A takes one seat (alternating with two players, going
    /// round the table with more), B every other; prints A's win rate with a 95% interval
    /// and the time each level took a move.
    Arena {
        game: String,
        #[command(flatten)]
        opts: GameOpts,
        /// The level that takes one seat: random, easy, medium or hard.
        #[arg(long)]
        a: String,
        /// The level that takes every other seat: random, easy, medium or hard.
        #[arg(long)]
        b: String,
        /// How many games to play (at least 1).
        #[arg(long, default_value_t = 100, value_parser = games_count)]
        games: u32,
        /// Games played at once (each on its own thread).
        #[arg(long, default_value_t = 2)]
        threads: usize,
    },
    /// Prints the rules summary.
    Rules {
        game: String,
        /// The summary's language (a folder of locales/: en, fr).
        #[arg(long, default_value = "en")]
        lang: String,
    },
}

#[derive(Args)]
struct GameOpts {
    /// Player count (default: the game's smallest).
    #[arg(long)]
    players: Option<u8>,
    /// The game's random seed.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// A game option, key=value (repeatable).
    #[arg(long = "option", value_name = "KEY=VALUE")]
    options: Vec<String>,
}

#[derive(Args)]
struct GameArgs {
    game: String,
    #[command(flatten)]
    opts: GameOpts,
    /// Moves to play first, separated by semicolons.
    #[arg(long, default_value = "")]
    history: String,
}

/// How a command fails: a user error (status 2, one line) or anything else (status 1).
enum Failure {
    Usage(String),
    Other(anyhow::Error),
}

impl From<anyhow::Error> for Failure {
    fn from(e: anyhow::Error) -> Failure {
        Failure::Other(e)
    }
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        Failure::Other(e.into())
    }
}

fn main() -> ExitCode {
    hide_passwords_in_panics();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage_error(e),
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Usage(line)) => {
            eprintln!("{}", one_line(&secret::text(&line)));
            ExitCode::from(2)
        }
        // A reader that stops early (`plateau moves ... | head`) is not an error.
        Err(Failure::Other(e))
            if e.downcast_ref::<io::Error>().map(io::Error::kind)
                == Some(io::ErrorKind::BrokenPipe) =>
        {
            ExitCode::SUCCESS
        }
        Err(Failure::Other(e)) => {
            eprintln!("plateau: {}", one_line(&secret::text(&causes(&e))));
            ExitCode::from(1)
        }
    }
}

/// An error about the database at `shown`, which names it once.
fn at(shown: &str, e: impl std::fmt::Display) -> Failure {
    let e = e.to_string();
    Failure::Usage(if e.contains(shown) {
        e
    } else {
        format!("{shown}: {e}")
    })
}

/// A panic prints as Rust's own hook would, with any database password masked: a panic's
/// message may quote a location or a driver's error.
fn hide_passwords_in_panics() {
    std::panic::set_hook(Box::new(|info| {
        let thread = std::thread::current();
        let name = thread.name().unwrap_or("<unnamed>");
        eprintln!("\nthread '{name}' {}", secret::text(&info.to_string()));
        let trace = std::backtrace::Backtrace::capture();
        if trace.status() == std::backtrace::BacktraceStatus::Captured {
            eprintln!("{}", secret::text(&trace.to_string()));
        }
    }));
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

/// The error and each cause once: our messages already quote their source
/// (`cannot open the database: file is not a database`), so a cause whose text is already
/// in the line is not repeated.
fn causes(e: &anyhow::Error) -> String {
    let mut line = e.to_string();
    for cause in e.chain().skip(1) {
        let text = cause.to_string();
        if !line.contains(&text) {
            line.push_str(": ");
            line.push_str(&text);
        }
    }
    line
}

/// The error contract is one line: what a user typed is echoed with its line breaks,
/// control characters and direction overrides escaped (`\n`, `\u{1b}`, `\u{202e}`).
fn one_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() || is_bidi_control(c) => {
                out.push_str(&format!("\\u{{{:x}}}", c as u32))
            }
            c => out.push(c),
        }
    }
    out
}

/// Unicode's explicit direction controls, which can make a line read in another order.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{200e}' | '\u{200f}' | '\u{061c}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// Help and version print as clap prints them; a usage error keeps the contract: one line,
/// status 2.
/// The pictures' folder, made if missing and tried with a file, so that a folder the bot
/// cannot use is named at the start rather than at the first board.
fn writable(dir: &Path) -> Result<(), Failure> {
    let probe = dir.join(".plateau-write-test");
    std::fs::create_dir_all(dir)
        .and_then(|()| std::fs::write(&probe, b""))
        .and_then(|()| std::fs::remove_file(&probe))
        .map_err(|e| {
            Failure::Usage(format!(
                "--renders {}: the pictures cannot be written there ({e}); give a folder you \
                 can write to, e.g. --renders boards",
                dir.display()
            ))
        })
}

/// `--games`: a count of games to play, from 1.
fn games_count(value: &str) -> Result<u32, String> {
    match value.parse::<u32>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err("the number of games to play, at least 1 (e.g. --games 100)".into()),
    }
}

/// clap's error in one line: what was wrong, with the missing arguments it lists under it,
/// then how the command is written (`plateau arena --a <A> ...`).
fn usage_line(text: &str) -> String {
    let mut lines = text.lines();
    let first = lines.next().unwrap_or("bad arguments");
    let mut what = first.strip_prefix("error: ").unwrap_or(first).to_string();
    let listed: Vec<&str> = text
        .lines()
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .map(str::trim)
        .collect();
    if !listed.is_empty() {
        what = format!(
            "{} {}",
            what.trim_end_matches(':').to_string() + ":",
            listed.join(", ")
        );
    }
    match text.lines().find_map(|l| l.strip_prefix("Usage: ")) {
        Some(usage) => {
            let command: Vec<&str> = usage.split_whitespace().take(2).collect();
            format!("{what} (usage: {usage}; see {} --help)", command.join(" "))
        }
        None => format!("{what} (see plateau --help)"),
    }
}

fn usage_error(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => e.exit(),
        _ => {
            eprintln!("{}", usage_line(&e.render().to_string()));
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> Result<(), Failure> {
    match cli.command {
        Cmd::Serve {
            config,
            shards,
            total_shards,
        } => {
            let shards = match (shards, total_shards) {
                (Some(range), Some(total)) => Some(shard_range(&range, total)?),
                _ => None,
            };
            serve(config.as_deref(), shards).map_err(|e| {
                if e.is_usage() {
                    Failure::Usage(format!("plateau serve: {e}"))
                } else {
                    Failure::Other(e.into())
                }
            })
        }
        Cmd::Play { db, renders } => {
            writable(&renders)?;
            let shown = Location::parse(&db).display();
            let session =
                Session::open(Some(&db), Some(renders.clone())).map_err(|e| at(&shown, e))?;
            eprintln!(
                "Plateau local channel on {shown} (pictures in {}/). Type lines like \
                 `@alice #tavern /new pikemen 2`, `/help` for the commands; Ctrl-D quits.",
                renders.display()
            );
            let stdin = io::stdin();
            // A terminal shows what was typed already; piped input is echoed as a transcript.
            let echo = !stdin.is_terminal();
            session.interactive(&mut stdin.lock(), &mut io::stdout().lock(), echo)?;
            Ok(())
        }
        Cmd::Ratings {
            action: RatingsCmd::Rebuild { db },
        } => {
            let location = Location::parse(&db);
            let shown = location.display();
            if matches!(location, Location::File(_)) && !db.exists() {
                return Err(Failure::Usage(format!(
                    "{shown}: no such database (give the bot's file or server with --db FILE \
                     or --db postgres://...)"
                )));
            }
            let mut store = plateau::store::Store::at(&location).map_err(|e| at(&shown, e))?;
            let rated = plateau::rating::rebuild(&mut store).map_err(|e| at(&shown, e))?;
            let games = if rated == 1 { "game" } else { "games" };
            println!("Ratings rebuilt from {rated} rated {games}.");
            Ok(())
        }
        Cmd::Script { file, db, renders } => {
            if let Some(dir) = &renders {
                writable(dir)?;
            }
            let text = std::fs::read_to_string(&file)
                .map_err(|e| Failure::Usage(format!("{}: {e}", file.display())))?;
            let session = Session::open(db.as_deref(), renders)
                .map_err(|e| Failure::Usage(format!("{e}")))?;
            let mut out = io::BufWriter::new(io::stdout().lock());
            // Parse errors come before any output, so stdout stays empty on them.
            session.script(&text, &mut out).map_err(|e| match e {
                plateau::local::LocalError::Io(e) => Failure::Other(e.into()),
                e => Failure::Usage(format!("{}: {e}", file.display())),
            })?;
            out.flush()?;
            Ok(())
        }
        Cmd::Replay { file, out, lang } => {
            let lang = language(&lang)?;
            let text = std::fs::read_to_string(&file)
                .map_err(|e| Failure::Usage(format!("{}: {e}", file.display())))?;
            let record = Record::parse(&text)
                .map_err(|e| Failure::Usage(format!("{}: {e}", file.display())))?;
            let positions = record
                .positions()
                .map_err(|e| Failure::Usage(format!("{}: {e}", file.display())))?;
            let last = positions.last().expect("the set-up is a position");
            if let Some(dir) = out {
                let stem = file
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_else(|| "game".into());
                std::fs::create_dir_all(&dir)
                    .with_context(|| format!("creating {}", dir.display()))?;
                let png = dir.join(format!("{stem}.png"));
                let view = render::View {
                    lang,
                    ..record.view()
                };
                std::fs::write(&png, render::png(last, &view))
                    .with_context(|| format!("writing {}", png.display()))?;
                let gif = animate(&positions, &view, ATTACHMENT_LIMIT)
                    .map_err(|e| anyhow::anyhow!("drawing the replay: {e}"))?;
                let path = dir.join(format!("{stem}.gif"));
                std::fs::write(&path, gif.bytes)
                    .with_context(|| format!("writing {}", path.display()))?;
            }
            println!("{}", last.state_json());
            Ok(())
        }
        Cmd::Moves(args) => {
            let g = position(&args)?;
            let mut out = io::BufWriter::new(io::stdout().lock());
            for m in g.legal_moves() {
                writeln!(out, "{m}")?;
            }
            out.flush()?;
            Ok(())
        }
        Cmd::State { game, .. } => {
            let g = position(&game)?;
            writeln!(io::stdout(), "{}", g.state_json())?;
            Ok(())
        }
        Cmd::Render {
            game,
            out,
            lang,
            theme,
            side,
        } => {
            let lang = language(&lang)?;
            let g = position(&game)?;
            let theme = render::Theme::parse(&theme).ok_or_else(|| {
                Failure::Usage(format!("--theme {theme}: the themes are light and dark"))
            })?;
            if let Some(s) = side.filter(|&s| s == 0 || s > g.players()) {
                return Err(Failure::Usage(format!(
                    "--side {s}: this game's seats are 1 to {}",
                    g.players()
                )));
            }
            let png = render::png(
                &g,
                &render::View {
                    lang,
                    theme,
                    side,
                    ..Default::default()
                },
            );
            std::fs::write(&out, png).with_context(|| format!("writing {}", out.display()))?;
            Ok(())
        }
        Cmd::Perft { game, depth, opts } => {
            let g = start(&game, &opts)?;
            writeln!(io::stdout(), "{}", g.perft(depth))?;
            Ok(())
        }
        Cmd::Ai {
            game,
            level,
            playouts,
            explain,
        } => {
            let level = level_of(&level)?;
            let g = position(&game)?;
            let Some(choice) = plateau::ai::choose(&g, level, playouts, game.opts.seed) else {
                return Err(Failure::Usage(
                    "the game is over: there is no move to choose".into(),
                ));
            };
            let mut out = io::stdout().lock();
            writeln!(out, "{}", choice.mv)?;
            if explain {
                for (i, v) in choice.values.iter().enumerate() {
                    let seat = i as u8 + 1;
                    let name = say(Lang::EN, &g.seat_label(seat));
                    writeln!(out, "seat {seat} ({name}): {v:.3}")?;
                }
                writeln!(out, "playouts: {}", choice.playouts)?;
            }
            Ok(())
        }
        Cmd::Arena {
            game,
            opts,
            a,
            b,
            games,
            threads,
        } => {
            let (a, b) = (level_of(&a)?, level_of(&b)?);
            let kind = kind(&game)?;
            let setup = setup(kind, &opts)?;
            let progress = |done: u32, r: &plateau::ai::arena::Report| {
                if done.is_multiple_of(10) && done < games {
                    eprintln!("{done}/{games} games, {} won by {}", r.wins, a.id());
                }
            };
            let report = plateau::ai::arena::run(kind, &setup, a, b, games, threads, &progress)
                .map_err(|e| Failure::Usage(e.to_string()))?;
            for line in report.lines(a, b) {
                println!("{line}");
            }
            Ok(())
        }
        Cmd::Rules { game, lang } => {
            let lang = language(&lang)?;
            writeln!(io::stdout(), "{}", say(lang, &kind(&game)?.rules_summary()))?;
            Ok(())
        }
    }
}

fn language(code: &str) -> Result<Lang, Failure> {
    Lang::parse(code).ok_or_else(|| {
        let all: Vec<&str> = Lang::all().map(Lang::code).collect();
        Failure::Usage(format!(
            "unknown language \"{code}\": the languages are {}",
            all.join(", ")
        ))
    })
}

fn level_of(word: &str) -> Result<plateau::ai::Level, Failure> {
    plateau::ai::Level::parse(word).ok_or_else(|| {
        Failure::Usage(format!(
            "unknown level \"{word}\": the levels are random, easy, medium, hard"
        ))
    })
}

fn kind(word: &str) -> Result<GameKind, Failure> {
    GameKind::parse(word).ok_or_else(|| {
        let games: Vec<&str> = GameKind::ALL.iter().map(|k| k.id()).collect();
        Failure::Usage(format!(
            "unknown game \"{word}\": the games are {}",
            games.join(", ")
        ))
    })
}

fn setup(kind: GameKind, opts: &GameOpts) -> Result<Setup, Failure> {
    let options = Options::parse_words(kind.title(), kind.option_specs(), &opts.options)
        .map_err(|e| Failure::Usage(e.to_string()))?;
    Ok(Setup {
        players: opts.players.unwrap_or(kind.players().0),
        seed: opts.seed,
        options,
    })
}

fn start(game: &str, opts: &GameOpts) -> Result<AnyGame, Failure> {
    let kind = kind(game)?;
    AnyGame::new(kind, &setup(kind, opts)?).map_err(|e| Failure::Usage(e.to_string()))
}

fn position(args: &GameArgs) -> Result<AnyGame, Failure> {
    let kind = kind(&args.game)?;
    let setup = setup(kind, &args.opts)?;
    let history: Vec<&str> = args
        .history
        .split(';')
        .map(str::trim)
        .filter(|m| !m.is_empty())
        .collect();
    AnyGame::replay(kind, &setup, &history).map_err(|e| Failure::Usage(e.to_string()))
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
    /// A setting unusable at start: the `[ops] listen` address, the clock rate.
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

/// `plateau serve [--config FILE]`: the bot on the real clock until Ctrl-C.
///
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
        .with_cache_size(config.store.cache)
        .with_shards(shards.unwrap_or(plateau::store::Shards::ALL));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(ServeError::Runtime)?;
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
