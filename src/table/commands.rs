//! From a slash command as a transport received it (a name and its options, positional or
//! named) to a [`Command`]. Conventions §4b fixes the option names and their order. Game
//! verbs (`/turn`, `/spore`, ..) become [`Command::Play`] with the move text of the channel's
//! game, so one `/move` serves every game.

use super::api::{Command, SeatOrder};
use crate::engine::{GameKind, VerbSpec};
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

/// The service's own commands and their options in declared order.
pub const SERVICE_COMMANDS: &[(&str, &[&str])] = &[
    ("new", &["game", "players"]),
    ("join", &[]),
    ("leave", &[]),
    ("start", &["order"]),
    ("play", &["move"]),
    ("board", &[]),
    ("moves", &[]),
    ("resign", &[]),
    ("history", &["page"]),
    ("undo", &[]),
    ("draw", &[]),
    ("accept", &["challenge"]),
    ("decline", &["challenge"]),
    ("rematch", &[]),
    ("abort", &[]),
    ("mygames", &[]),
    ("export", &[]),
    ("replay", &[]),
    ("rules", &["game"]),
    ("help", &[]),
    ("claim", &[]),
    ("vacation", &["action"]),
    ("rating", &["user", "game"]),
    ("leaderboard", &["game", "scope", "page"]),
    ("stats", &["user"]),
    ("addbot", &["level"]),
    ("hint", &[]),
    ("challenge", &["game", "opponent", "players"]),
    ("seek", &["game", "players", "clock", "rated"]),
    ("unseek", &[]),
    (
        "tournament",
        &["action", "game", "format", "rounds", "clock", "players"],
    ),
    (
        "settings",
        &[
            "reminders",
            "digest",
            "quiet",
            "timezone",
            "language",
            "server-language",
            "channel-language",
            "seeks",
        ],
    ),
];

/// Builds the command `/name args..`; `game` is the kind of the channel's game, which decides
/// what a game verb means. The error says what was wrong and how to write it.
pub fn build(game: Option<GameKind>, name: &str, args: &[Arg]) -> Result<Command, Msg> {
    let name = name.trim().trim_start_matches('/').to_ascii_lowercase();
    // In a channel whose game has a verb of this name, the verb wins: Sprawl's `/challenge`
    // (counting coup, rule R17) is a move there; elsewhere `/challenge` finds opponents.
    if let Some(verb) = game.and_then(|k| k.verbs().iter().find(|v| v.name == name)) {
        return Ok(Command::Play {
            text: verb_move_text(verb, args)?,
        });
    }
    if let Some((_, declared)) = SERVICE_COMMANDS.iter().find(|(n, _)| *n == name) {
        return service(&name, declared, args);
    }
    if let Some(verb) = find_verb(game, &name) {
        return Ok(Command::Play {
            text: verb_move_text(verb, args)?,
        });
    }
    let mut names: Vec<String> = SERVICE_COMMANDS
        .iter()
        .map(|(n, _)| format!("/{n}"))
        .collect();
    if let Some(kind) = game {
        names.extend(kind.verbs().iter().map(|v| format!("/{}", v.name)));
    }
    Err(msg!(
        "command-unknown",
        name = name.as_str(),
        commands = names.join(", ")
    ))
}

/// The verb `name` of the channel's game; with no game in the channel, any game's verb of
/// that name (so that `/turn` in an empty channel is answered "no game here").
fn find_verb(game: Option<GameKind>, name: &str) -> Option<&'static VerbSpec> {
    let kinds: Vec<GameKind> = match game {
        Some(k) => vec![k],
        None => GameKind::ALL.to_vec(),
    };
    kinds
        .into_iter()
        .flat_map(|k| k.verbs().iter())
        .find(|v| v.name == name)
}

/// The move text of a verb: its name, then the given values in declared order.
pub fn verb_move_text(verb: &VerbSpec, args: &[Arg]) -> Result<String, Msg> {
    let declared: Vec<&str> = verb.params.iter().map(|p| p.name).collect();
    let values = assign(verb.name, &declared, args)?;
    let pairs: Vec<(&str, &str)> = values
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .collect();
    Ok(verb.move_text(&pairs))
}

/// Pairs every arg with its option name: named ones as given, positional ones in declared
/// order after them.
fn assign(command: &str, declared: &[&str], args: &[Arg]) -> Result<Vec<(String, String)>, Msg> {
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
                    command = command,
                    options = declared.join(", "),
                    count = declared.len(),
                    value = a.value.as_str()
                ))
            }
        }
    }
    Ok(out)
}

fn unknown_option(command: &str, name: &str, declared: &[&str]) -> Msg {
    msg!(
        "command-no-option",
        command = command,
        name = name,
        options = declared.join(", "),
        count = declared.len()
    )
}

/// An option's value, if given and not empty.
fn given(value: Option<&str>) -> Option<String> {
    value.filter(|v| !v.is_empty()).map(String::from)
}

/// A `page` option: a number from 1.
fn page(value: Option<&str>) -> Result<Option<u32>, Msg> {
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

/// `/new`-like options: the game and the player count first (by name or position), the rest
/// by name.
type GameOptions = (Option<String>, Option<u8>, Vec<(String, String)>);

fn game_and_options(command: &str, args: &[Arg]) -> Result<GameOptions, Msg> {
    let mut game = None;
    let mut players = None;
    let mut options = Vec::new();
    for a in args {
        match a.name.as_deref().map(str::to_ascii_lowercase) {
            Some(n) if n == "game" => game = Some(a.value.trim().to_string()),
            Some(n) if n == "players" => players = Some(a.value.trim().to_string()),
            Some(n) => options.push((n, a.value.trim().to_string())),
            None if game.is_none() => game = Some(a.value.trim().to_string()),
            None if players.is_none() => players = Some(a.value.trim().to_string()),
            None => return Err(msg!("command-new-unnamed", value = a.value.as_str())),
        }
    }
    let players = match players {
        None => None,
        Some(p) => Some(p.parse::<u8>().map_err(|_| {
            msg!(
                "command-bad-players",
                game = game.as_deref().unwrap_or(command),
                value = p.as_str()
            )
        })?),
    };
    Ok((game.filter(|g| !g.is_empty()), players, options))
}

fn service(name: &str, declared: &[&str], args: &[Arg]) -> Result<Command, Msg> {
    match name {
        "new" => {
            let mut game = None;
            let mut players = None;
            let mut options = Vec::new();
            let mut positional = 0;
            for a in args {
                match a.name.as_deref().map(str::to_ascii_lowercase) {
                    Some(n) if n == "game" => game = Some(a.value.clone()),
                    Some(n) if n == "players" => players = Some(a.value.clone()),
                    Some(n) => options.push((n, a.value.clone())),
                    None => {
                        positional += 1;
                        match positional {
                            1 if game.is_none() => game = Some(a.value.clone()),
                            _ if players.is_none() => players = Some(a.value.clone()),
                            _ => return Err(msg!("command-new-unnamed", value = a.value.as_str())),
                        }
                    }
                }
            }
            let game = game.ok_or_else(|| msg!("command-new-no-game"))?;
            let players = match players {
                None => None,
                Some(p) => Some(p.trim().parse::<u8>().map_err(|_| {
                    msg!(
                        "command-bad-players",
                        game = game.as_str(),
                        value = p.as_str()
                    )
                })?),
            };
            Ok(Command::New {
                game,
                players,
                options,
            })
        }
        "challenge" => {
            let (game, players, mut options) = game_and_options("challenge", args)?;
            let at = options.iter().position(|(n, _)| n == "opponent");
            let opponent = at.map(|i| options.remove(i).1);
            Ok(Command::Challenge {
                game: game.ok_or_else(|| msg!("challenge-no-game"))?,
                opponent,
                players,
                options,
            })
        }
        "seek" => {
            let (game, players, options) = game_and_options("seek", args)?;
            Ok(Command::Seek {
                game,
                players,
                options,
            })
        }
        "tournament" => {
            let mut action = None;
            let mut options = Vec::new();
            for a in args {
                match a.name.as_deref().map(str::to_ascii_lowercase) {
                    Some(n) if n == "action" => action = Some(a.value.trim().to_string()),
                    Some(n) => options.push((n, a.value.trim().to_string())),
                    None if action.is_none() => action = Some(a.value.trim().to_string()),
                    // `/tournament create pikemen swiss`: the rest in declared order.
                    None => {
                        let next = declared[1..]
                            .iter()
                            .find(|d| !options.iter().any(|(n, _)| n == *d))
                            .ok_or_else(|| {
                                msg!(
                                    "command-too-many",
                                    command = "tournament",
                                    options = declared.join(", "),
                                    count = declared.len(),
                                    value = a.value.as_str()
                                )
                            })?;
                        options.push((next.to_string(), a.value.trim().to_string()));
                    }
                }
            }
            Ok(Command::Tournament {
                action: action.ok_or_else(|| msg!("tournament-no-action"))?,
                options,
            })
        }
        "play" => {
            // Free text: unquoted words after /play are all the move.
            let mut text = Vec::new();
            for a in args {
                match a.name.as_deref() {
                    Some("move") | None => text.push(a.value.trim().to_string()),
                    Some(n) => return Err(unknown_option("play", n, declared)),
                }
            }
            if text.iter().all(|t| t.is_empty()) {
                return Err(msg!("command-play-empty"));
            }
            Ok(Command::Play {
                text: text.join(" "),
            })
        }
        _ => {
            let values = assign(name, declared, args)?;
            let get = |k: &str| values.iter().find(|(n, _)| n == k).map(|(_, v)| v.trim());
            Ok(match name {
                "join" => Command::Join,
                "leave" => Command::Leave,
                "start" => Command::Start {
                    order: match get("order").map(str::to_ascii_lowercase).as_deref() {
                        None | Some("") => None,
                        Some("random") => Some(SeatOrder::Random),
                        Some("join") => Some(SeatOrder::Join),
                        Some(o) => return Err(msg!("command-bad-order", value = o)),
                    },
                },
                "board" => Command::Board,
                "moves" => Command::Moves,
                "resign" => Command::Resign,
                "history" => Command::History {
                    page: page(get("page"))?,
                },
                "rating" => Command::Rating {
                    user: given(get("user")),
                    game: given(get("game")),
                },
                "leaderboard" => Command::Leaderboard {
                    game: given(get("game")),
                    scope: given(get("scope")),
                    page: page(get("page"))?,
                },
                "stats" => Command::Stats {
                    user: given(get("user")),
                },
                "addbot" => Command::AddBot {
                    level: given(get("level")),
                },
                "hint" => Command::Hint,
                "undo" => Command::Undo,
                "draw" => Command::Draw,
                "accept" => match given(get("challenge")) {
                    Some(id) => Command::AnswerChallenge { id, accept: true },
                    None => Command::Accept,
                },
                "decline" => match given(get("challenge")) {
                    Some(id) => Command::AnswerChallenge { id, accept: false },
                    None => Command::Decline,
                },
                "unseek" => Command::Unseek,
                "rematch" => Command::Rematch,
                "abort" => Command::Abort,
                "mygames" => Command::MyGames,
                "export" => Command::Export,
                "replay" => Command::Replay,
                "rules" => Command::Rules {
                    game: get("game").filter(|g| !g.is_empty()).map(String::from),
                },
                "claim" => Command::Claim,
                "vacation" => Command::Vacation {
                    action: get("action").filter(|a| !a.is_empty()).map(String::from),
                },
                "settings" => Command::Settings {
                    options: values
                        .iter()
                        .map(|(n, v)| (n.clone(), v.trim().to_string()))
                        .collect(),
                },
                _ => Command::Help,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(v: &str) -> Arg {
        Arg::positional(v)
    }

    #[test]
    fn verbs_take_values_in_declared_order_or_by_name() {
        let k = Some(GameKind::Pikemen);
        assert_eq!(
            build(k, "turn", &[p("h3"), p("n")]),
            Ok(Command::Play {
                text: "turn h3 n".into()
            })
        );
        assert_eq!(
            build(
                k,
                "/move",
                &[Arg::named("direction", "ne"), p("h3"), p("h5")]
            ),
            Ok(Command::Play {
                text: "move h3 h5 ne".into()
            })
        );
        assert!(build(k, "turn", &[p("h3"), p("n"), p("x")])
            .unwrap_err()
            .english()
            .contains("one value too many"));
        assert!(build(k, "spore", &[p("c4")])
            .unwrap_err()
            .english()
            .contains("not a command here"));
    }

    #[test]
    fn new_splits_game_players_and_options() {
        assert_eq!(
            build(
                None,
                "new",
                &[p("pikemen"), p("3"), Arg::named("target", "15")]
            ),
            Ok(Command::New {
                game: "pikemen".into(),
                players: Some(3),
                options: vec![("target".into(), "15".into())],
            })
        );
        assert!(build(None, "new", &[p("pikemen"), p("3"), p("15")]).is_err());
        assert!(build(None, "new", &[])
            .unwrap_err()
            .english()
            .contains("/new pikemen 2"));
        assert!(build(None, "new", &[p("pikemen"), p("two")]).is_err());
    }

    #[test]
    fn play_joins_free_words_and_start_checks_order() {
        assert_eq!(
            build(None, "play", &[p("move"), p("h3"), p("h5")]),
            Ok(Command::Play {
                text: "move h3 h5".into()
            })
        );
        assert_eq!(
            build(None, "start", &[p("join")]),
            Ok(Command::Start {
                order: Some(SeatOrder::Join)
            })
        );
        assert!(build(None, "start", &[p("sideways")]).is_err());
        assert!(build(None, "join", &[p("x")]).is_err());
        assert_eq!(
            build(None, "history", &[Arg::named("page", "2")]),
            Ok(Command::History { page: Some(2) })
        );
    }
}
