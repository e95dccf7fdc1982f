//! The flags that set a game up and reach a position (`GAME [OPTS] [--history ...]`,
//! conventions §1), shared by the subcommands that read positions.

use super::failure::Failure;
use clap::Args;
use plateau::engine::{AnyGame, GameKind, Options, Setup};

#[derive(Args)]
pub struct GameOpts {
    /// Player count (default: the game's smallest).
    #[arg(long)]
    players: Option<u8>,
    /// The game's random seed.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// A game option, key=value (repeatable).
    #[arg(long = "option", value_name = "KEY=VALUE")]
    options: Vec<String>,
}

#[derive(Args)]
pub struct GameArgs {
    game: String,
    #[command(flatten)]
    pub opts: GameOpts,
    /// Moves to play first, separated by semicolons.
    #[arg(long, default_value = "")]
    history: String,
}

pub fn kind(word: &str) -> Result<GameKind, Failure> {
    GameKind::parse(word).ok_or_else(|| {
        let games: Vec<&str> = GameKind::ALL.iter().map(|k| k.id()).collect();
        Failure::Usage(format!(
            "unknown game \"{word}\": the games are {}",
            games.join(", ")
        ))
    })
}

pub fn setup(kind: GameKind, opts: &GameOpts) -> Result<Setup, Failure> {
    let options = Options::parse_words(kind.title(), kind.option_specs(), &opts.options)
        .map_err(|e| Failure::Usage(e.to_string()))?;
    Ok(Setup {
        players: opts.players.unwrap_or(kind.players().0),
        seed: opts.seed,
        options,
    })
}

pub fn start(game: &str, opts: &GameOpts) -> Result<AnyGame, Failure> {
    let kind = kind(game)?;
    AnyGame::new(kind, &setup(kind, opts)?).map_err(|e| Failure::Usage(e.to_string()))
}

pub fn position(args: &GameArgs) -> Result<AnyGame, Failure> {
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
