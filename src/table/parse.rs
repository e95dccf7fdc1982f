//! The words of a slash command as typed, read for the commands that parse them: options
//! paired with their names, numbers, games, mentions, and an opening's words (`/new`,
//! `/challenge`, `/seek`).

use super::spec::{self, CommandSpec};
use crate::engine::GameKind;
use crate::i18n::Msg;
use crate::msg;

/// One option as typed: `name:value`, or a bare value taken in declared order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arg {
    pub name: Option<String>,
    pub value: String,
}

impl Arg {
    pub fn positional(value: impl Into<String>) -> Arg {
        Arg {
            name: None,
            value: value.into(),
        }
    }
    pub fn named(name: impl Into<String>, value: impl Into<String>) -> Arg {
        Arg {
            name: Some(name.into()),
            value: value.into(),
        }
    }
}

/// Pairs every arg with its option name: named ones as given, positional ones in declared
/// order after them.
pub(crate) fn assign(
    command: &str,
    declared: &[&str],
    args: &[Arg],
) -> Result<Vec<(String, String)>, Msg> {
    let mut out: Vec<(String, String)> = Vec::new();
    for a in args.iter() {
        if let Some(n) = &a.name {
            let n = n.to_ascii_lowercase();
            if !declared.contains(&n.as_str()) {
                return Err(unknown_option(command, &n, declared));
            }
            out.push((n, a.value.clone()));
        }
    }
    let mut free = declared
        .iter()
        .filter(|d| !out.iter().any(|(n, _)| n == *d))
        .copied()
        .collect::<Vec<_>>()
        .into_iter();
    for a in args.iter().filter(|a| a.name.is_none()) {
        match free.next() {
            Some(n) => out.push((n.to_string(), a.value.clone())),
            None => {
                return Err(msg!(
                    "command-too-many",
                    command,
                    options = declared.join(", "),
                    count = declared.len(),
                    value = a.value.as_str()
                ))
            }
        }
    }
    Ok(out)
}

pub(crate) fn unknown_option(command: &str, name: &str, declared: &[&str]) -> Msg {
    msg!(
        "command-no-option",
        command,
        name,
        options = declared.join(", "),
        count = declared.len()
    )
}

/// An option's value, if given and not empty.
pub(crate) fn given(value: Option<&str>) -> Option<String> {
    value.filter(|v| !v.is_empty()).map(String::from)
}

/// A `page` option: a number from 1.
pub(crate) fn page(value: Option<&str>) -> Result<Option<u32>, Msg> {
    match value {
        None | Some("") => Ok(None),
        Some(p) => p
            .parse::<u32>()
            .ok()
            .filter(|&p| p >= 1)
            .map(Some)
            .ok_or_else(|| msg!("command-bad-page", value = p)),
    }
}

/// What `/new`, `/challenge` and `/seek` were given: the game's name and the player count
/// (by name or in that order), the other options by name, and the users mentioned without a
/// name (`/challenge @ben pikemen`).
pub(crate) struct Opening {
    pub(crate) game: Option<String>,
    pub(crate) players: Option<u8>,
    pub(crate) options: Vec<(String, String)>,
    pub(crate) mentioned: Vec<String>,
}

/// Reads an opening command's words as the bot itself writes them: `sky scrapers` in two
/// words, a bare switch (`rated`) meaning it is on, and a mention anywhere.
pub(crate) fn opening(spec: &CommandSpec, args: &[Arg]) -> Result<Opening, Msg> {
    let command = spec.name;
    let (mut game, mut players, mut options, mut mentioned) = (None, None, Vec::new(), Vec::new());
    for a in args {
        let v = a.value.trim();
        match a.name.as_deref().map(str::to_ascii_lowercase) {
            Some(n) if n == "game" => game = Some(v.to_string()),
            Some(n) if n == "players" => players = Some(v.to_string()),
            Some(n) => options.push((n, v.to_string())),
            None if is_mention(v) => mentioned.push(v.to_string()),
            None if game.is_none() => game = Some(v.to_string()),
            // `/new sky scrapers 2`: a game named in words, as the bot writes it.
            None if players.is_none() && more_of_the_name(game.as_deref(), v) => {
                game = game.map(|g| format!("{g} {v}"));
            }
            // `/new pikemen 2 rated`: a bare switch means it is on.
            None if is_switch(spec, game.as_deref(), v) => {
                options.push((v.to_ascii_lowercase(), "true".into()));
            }
            None if players.is_none() => players = Some(v.to_string()),
            None => return Err(msg!("command-new-unnamed", command, value = v)),
        }
    }
    let players = match players {
        None => None,
        Some(p) => Some(p.parse::<u8>().map_err(|_| {
            msg!(
                "command-bad-players",
                command,
                game = game.as_deref().unwrap_or("pikemen"),
                value = p.as_str()
            )
        })?),
    };
    Ok(Opening {
        game: game.filter(|g| !g.is_empty()),
        players,
        options,
        mentioned,
    })
}

/// `@ben` as typed in the local channel, `<@123>` as Discord sends a user.
pub(crate) fn is_mention(word: &str) -> bool {
    word.starts_with('@') || (word.starts_with("<@") && word.ends_with('>'))
}

/// The games' names, as refusals list them.
pub(crate) fn game_list() -> String {
    GameKind::ALL
        .iter()
        .map(|k| k.id())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The game `/new`, `/challenge`, `/seek` and `/tournament` open; a refusal's example is
/// the command that was typed.
pub(crate) fn game_to_open(command: &str, word: &str) -> Result<GameKind, Msg> {
    GameKind::parse(word).ok_or_else(|| {
        msg!(
            "lobby-no-such-game",
            command,
            game = word,
            games = game_list()
        )
    })
}

/// `/tournament`'s numbers, refused by the option's name.
pub(crate) fn tournament_number<T: std::str::FromStr>(
    option: &'static str,
    value: Option<String>,
    fits: impl Fn(&T) -> bool,
) -> Result<Option<T>, Msg> {
    match value {
        None => Ok(None),
        Some(v) => v
            .parse::<T>()
            .ok()
            .filter(|n| fits(n))
            .map(Some)
            .ok_or_else(|| msg!("tournament-bad-number", option, value = v.as_str())),
    }
}

/// Whether `word` continues a game's name begun with `so_far` (`sky` + `scrapers`).
pub(crate) fn more_of_the_name(so_far: Option<&str>, word: &str) -> bool {
    so_far.is_some_and(|g| {
        GameKind::parse(g).is_none() && GameKind::parse(&format!("{g} {word}")).is_some()
    })
}

/// Whether `word` names an on/off option of `/new` or of the game (`rated`, `sprawlgami`).
pub(crate) fn is_switch(spec: &CommandSpec, game: Option<&str>, word: &str) -> bool {
    let word = word.to_ascii_lowercase();
    let service = spec
        .options
        .iter()
        .any(|o| o.name == word && matches!(o.ty, spec::OptionType::Bool));
    let of_game = game.and_then(GameKind::parse).is_some_and(|k| {
        k.option_specs()
            .iter()
            .any(|o| o.key == word && matches!(o.kind, crate::engine::options::OptionKind::Bool))
    });
    service || of_game
}

/// A command's options paired with their names: named ones as given, bare ones in declared
/// order.
pub(crate) struct Values(Vec<(String, String)>);

impl Values {
    /// Reads `args` with `spec`'s options; an unknown name or one value too many is refused.
    pub(crate) fn of(spec: &CommandSpec, args: &[Arg]) -> Result<Values, Msg> {
        Ok(Values(assign(spec.name, &spec.option_names(), args)?))
    }

    /// The value of `name`, trimmed, if given.
    pub(crate) fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.trim())
    }

    /// The value of `name`, if given and not empty.
    pub(crate) fn given(&self, name: &str) -> Option<String> {
        given(self.get(name))
    }

    /// The `page` option: a number from 1.
    pub(crate) fn page(&self) -> Result<Option<u32>, Msg> {
        page(self.get("page"))
    }

    /// Every option given, name and trimmed value.
    pub(crate) fn all(&self) -> Vec<(String, String)> {
        self.0
            .iter()
            .map(|(n, v)| (n.clone(), v.trim().to_string()))
            .collect()
    }
}

/// The free words of `/play` and `/pick`: bare, or given as `move:`; any other option is
/// refused by name.
pub(crate) fn free_words(spec: &CommandSpec, args: &[Arg]) -> Result<Vec<String>, Msg> {
    args.iter()
        .map(|a| match a.name.as_deref() {
            Some("move") | None => Ok(a.value.trim().to_string()),
            Some(n) => Err(unknown_option(spec.name, n, &spec.option_names())),
        })
        .collect()
}

/// An opening command that names nobody (`/new`, `/seek`): a mention is refused with
/// `refusal`, which says where players are named instead.
pub(crate) fn opening_alone(
    spec: &CommandSpec,
    args: &[Arg],
    refusal: &'static str,
) -> Result<Opening, Msg> {
    let o = opening(spec, args)?;
    if !o.mentioned.is_empty() {
        return Err(Msg::new(refusal));
    }
    Ok(o)
}
