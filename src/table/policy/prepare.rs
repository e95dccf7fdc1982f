//! A game's set-up as `/new` asks for it, checked before anything is stored: the game and its
//! player count, the game's own options, the clock, `rated` and `hints`, and the seed. The games
//! that challenges, seeks and tournaments open go through the same checks.

use super::clock::split_options;
use super::settings::GameSettings;
use crate::engine::{AnyGame, GameKind, Options};
use crate::i18n::Msg;
use crate::msg;

/// A game's set-up as `/new` and the games opened by challenges, seeks and tournaments read
/// it from the options as given: checked, and set up once so that what cannot be played is
/// refused now rather than at the start.
pub(crate) struct Prepared {
    pub kind: GameKind,
    pub players: Option<u8>,
    pub opts: Options,
    pub settings: GameSettings,
    pub seed: u64,
}

/// `seed` is the new game's, from the service's clock (`Table::new_seed`).
pub(crate) fn prepare(
    seed: u64,
    game: &str,
    players: Option<u8>,
    options: &[(String, String)],
) -> Result<Prepared, Msg> {
    let kind = GameKind::parse(game).ok_or_else(|| {
        let games: Vec<&str> = GameKind::ALL.iter().map(|k| k.id()).collect();
        msg!(
            "lobby-no-such-game",
            command = "new",
            game,
            games = games.join(", ")
        )
    })?;
    let (min, max) = kind.players();
    if let Some(p) = players {
        if p < min || p > max {
            return Err(msg!(
                "lobby-bad-player-count",
                game = kind.title(),
                range = count_range(min, max),
                got = p,
                id = kind.id(),
                min
            ));
        }
    }
    let mut options = options.to_vec();
    let asked_rated = asks_rated(&options);
    let rated = rated_option(&mut options)?;
    let hints = hints_option(&mut options)?;
    if hints && asked_rated {
        return Err(msg!("hint-rated-conflict"));
    }
    // Hints help the players: a game with them is never rated.
    let rated = rated && !hints;
    let ((clock, timeout), options) = split_options(&options)?;
    let opts = Options::parse(kind.title(), kind.option_specs(), &options).map_err(|e| {
        msg!(
            "lobby-bad-option",
            error = e.msg(),
            id = kind.id(),
            min,
            example = example_option(kind)
        )
    })?;
    // Set the game up once now so that a game or options that cannot be played are
    // refused at /new rather than at /start.
    AnyGame::new(
        kind,
        &crate::engine::Setup {
            players: players.unwrap_or(min),
            seed,
            options: opts.clone(),
        },
    )
    .map_err(|e| msg!("lobby-cannot-set-up", game = kind.title(), error = e.msg()))?;
    Ok(Prepared {
        kind,
        players,
        opts,
        settings: GameSettings {
            clock,
            timeout,
            rated,
            hints,
        },
        seed,
    })
}

pub(crate) fn count_range(min: u8, max: u8) -> Msg {
    if min == max {
        msg!("common-players", n = min)
    } else {
        msg!("lobby-players-range", min, max)
    }
}

fn example_option(kind: GameKind) -> String {
    match kind.option_specs().first() {
        Some(s) => format!(
            "{}:{}",
            s.key,
            s.default.split_whitespace().next().unwrap_or("")
        ),
        None => String::new(),
    }
}

/// Whether `/new`'s options ask explicitly for a rated game.
fn asks_rated(options: &[(String, String)]) -> bool {
    options
        .iter()
        .any(|(k, v)| k == "rated" && truthy(v) == Some(true))
}

/// Reads `/new`'s `hints` option out of the options (off unless it says on).
fn hints_option(options: &mut Vec<(String, String)>) -> Result<bool, Msg> {
    let Some(at) = options.iter().position(|(k, _)| k == "hints") else {
        return Ok(false);
    };
    let (_, value) = options.remove(at);
    truthy(&value).ok_or_else(|| msg!("hint-bad-option", value = value.as_str()))
}

fn truthy(value: &str) -> Option<bool> {
    match value.trim().to_ascii_lowercase().as_str() {
        "true" | "yes" | "on" | "oui" => Some(true),
        "false" | "no" | "off" | "non" => Some(false),
        _ => None,
    }
}

/// `/new`'s `rated` option, read out of the options; a clear refusal for anything else.
fn rated_option(options: &mut Vec<(String, String)>) -> Result<bool, Msg> {
    crate::rating::rated_option(options).map_err(|v| msg!("rating-bad-option", value = v.as_str()))
}
