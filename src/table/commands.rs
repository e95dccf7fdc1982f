//! From a slash command as a transport received it (a name and its options, positional or
//! named) to a [`Command`]. Conventions §4b fixes the option names and their order. Game
//! verbs (`/turn`, `/spore`, ..) become [`Command::Play`] with the move text of the channel's
//! game, so one `/move` serves every game.

use super::api::{
    AnalyseAction, Command, ConditionalAction, SeatOrder, TournamentAction, TournamentSettings,
    VacationAction,
};
use super::spec::{self, CommandSpec, COMMANDS};
use crate::ai::Level;
use crate::competition::Format;
use crate::engine::{GameKind, VerbSpec};
use crate::i18n::Msg;
use crate::msg;
use crate::rating::views::{self, Scope};

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

/// Builds the command `/name args..`; `game` is the kind of the channel's game, which decides
/// what a game verb means. The error says what was wrong and how to write it.
pub fn build(game: Option<GameKind>, name: &str, args: &[Arg]) -> Result<Command, Msg> {
    let name = name.trim().trim_start_matches('/').to_ascii_lowercase();
    // In a channel whose game has a verb of this name, the verb wins: Sprawl's `/challenge`
    // (counting coup, rule R17) is a move there; elsewhere `/challenge` finds opponents.
    if let Some(verb) = game.and_then(|k| k.verbs().iter().find(|v| v.name == name)) {
        if spec::find(&name).is_some() && names_a_game_or_player(args) {
            return Err(msg!(
                "command-verb-here",
                name = name.as_str(),
                game = game.map_or("", |k| k.title())
            ));
        }
        return Ok(Command::Play {
            text: verb_move_text(verb, args)?,
        });
    }
    if let Some(spec) = spec::find(&name) {
        return service(spec, args);
    }
    if let Some(verb) = find_verb(game, &name) {
        return Ok(Command::Play {
            text: verb_move_text(verb, args)?,
        });
    }
    let mut names: Vec<String> = COMMANDS.iter().map(|c| format!("/{}", c.name)).collect();
    if let Some(kind) = game {
        names.extend(kind.verbs().iter().map(|v| format!("/{}", v.name)));
    }
    Err(msg!(
        "command-unknown",
        name = name.as_str(),
        commands = names.join(", ")
    ))
}

/// Whether a command's options name a game or a player, as `/challenge pikemen @ben` does and
/// Sprawl's `/challenge 2` does not.
fn names_a_game_or_player(args: &[Arg]) -> bool {
    args.iter().any(|a| {
        let v = a.value.trim();
        matches!(a.name.as_deref(), Some("game" | "opponent"))
            || is_mention(v)
            || GameKind::parse(v).is_some()
    })
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

/// What `/new`, `/challenge` and `/seek` were given: the game's name and the player count
/// (by name or in that order), the other options by name, and the users mentioned without a
/// name (`/challenge @ben pikemen`).
struct Opening {
    game: Option<String>,
    players: Option<u8>,
    options: Vec<(String, String)>,
    mentioned: Vec<String>,
}

/// Reads an opening command's words as the bot itself writes them: `sky scrapers` in two
/// words, a bare switch (`rated`) meaning it is on, and a mention anywhere.
fn opening(spec: &CommandSpec, args: &[Arg]) -> Result<Opening, Msg> {
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
            None => return Err(msg!("command-new-unnamed", command = command, value = v)),
        }
    }
    let players = match players {
        None => None,
        Some(p) => Some(p.parse::<u8>().map_err(|_| {
            msg!(
                "command-bad-players",
                command = command,
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
fn is_mention(word: &str) -> bool {
    word.starts_with('@') || (word.starts_with("<@") && word.ends_with('>'))
}

/// `/conditional [add|list|clear] [line:MOVES]`: bare words after the action are the line
/// (`/conditional add move h3 h5 n; turn c4 e`); a line alone is added, nothing lists.
fn conditional(args: &[Arg], declared: &[&str]) -> Result<Command, Msg> {
    let mut action: Option<String> = None;
    let mut words: Vec<String> = Vec::new();
    for a in args {
        let v = a.value.trim();
        match a.name.as_deref().map(str::to_ascii_lowercase).as_deref() {
            Some("action") => action = Some(v.to_ascii_lowercase()),
            Some("line") => words.push(v.to_string()),
            Some(n) => return Err(unknown_option("conditional", n, declared)),
            None if action.is_none()
                && words.is_empty()
                && spec::CONDITIONAL_ACTIONS.contains(&v.to_ascii_lowercase().as_str()) =>
            {
                action = Some(v.to_ascii_lowercase())
            }
            None => words.push(v.to_string()),
        }
    }
    let line = words.join(" ").trim().to_string();
    let action = match (action.as_deref(), line.is_empty()) {
        (None | Some("list"), true) => ConditionalAction::List,
        (Some("clear"), true) => ConditionalAction::Clear,
        (None | Some("add"), false) => ConditionalAction::Add(line),
        (Some("add"), true) => return Err(msg!("conditional-add-what")),
        (Some(a @ ("list" | "clear")), false) => {
            return Err(msg!("conditional-no-line-wanted", action = a))
        }
        (Some(other), _) => return Err(msg!("conditional-bad-action", value = other)),
    };
    Ok(Command::Conditional { action })
}

/// `/analyse [move:N] [try:MOVE] [step:back|forward|reset|close]`, or the board's own
/// components: `/analyse > back`, `/analyse > pick WORDS`, `/analyse > try MOVE`. Bare words
/// are a move to try (`/analyse turn d1 e`), or a number the move to start from.
fn analyse(args: &[Arg], declared: &[&str]) -> Result<Command, Msg> {
    let mut action = None;
    let mut words: Vec<String> = Vec::new();
    for a in args {
        let v = a.value.trim();
        match a.name.as_deref().map(str::to_ascii_lowercase).as_deref() {
            Some("move") => {
                let n = v
                    .parse::<u32>()
                    .map_err(|_| msg!("analyse-bad-move", value = v))?;
                action = Some(AnalyseAction::Open { from: Some(n) });
            }
            Some("try") if !v.is_empty() => action = Some(AnalyseAction::Try(v.to_string())),
            Some("step") => {
                action = Some(match v.to_ascii_lowercase().as_str() {
                    "back" => AnalyseAction::Back,
                    "forward" => AnalyseAction::Forward,
                    "reset" => AnalyseAction::Reset,
                    "close" => AnalyseAction::Close,
                    _ => return Err(msg!("analyse-bad-step", value = v)),
                })
            }
            Some("try") => {}
            Some(n) => return Err(unknown_option("analyse", n, declared)),
            None => words.extend(v.split_whitespace().map(str::to_string)),
        }
    }
    let inside = words.first().is_some_and(|w| w == ">");
    if inside {
        words.remove(0);
    }
    if action.is_none() {
        let first = words.first().map(|w| w.to_ascii_lowercase());
        let rest = || words[1..].join(" ");
        action = Some(match first.as_deref() {
            None => AnalyseAction::Open { from: None },
            Some("back") => AnalyseAction::Back,
            Some("forward") => AnalyseAction::Forward,
            Some("reset") => AnalyseAction::Reset,
            Some("close") => AnalyseAction::Close,
            Some("show") => AnalyseAction::Show,
            Some("pick") => AnalyseAction::Pick(rest()),
            Some("try") => AnalyseAction::Try(rest()),
            Some(w) if words.len() == 1 && w.parse::<u32>().is_ok() => AnalyseAction::Open {
                from: w.parse().ok(),
            },
            Some(_) => AnalyseAction::Try(words.join(" ")),
        });
    }
    Ok(Command::Analyse {
        action: action.expect("set above"),
        inside,
    })
}

/// The games' names, as refusals list them.
pub(super) fn game_list() -> String {
    GameKind::ALL
        .iter()
        .map(|k| k.id())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The game `/new`, `/challenge`, `/seek` and `/tournament` open; a refusal's example is
/// the command that was typed.
fn game_to_open(command: &str, word: &str) -> Result<GameKind, Msg> {
    GameKind::parse(word).ok_or_else(|| {
        msg!(
            "lobby-no-such-game",
            command = command,
            game = word,
            games = game_list()
        )
    })
}

/// `/tournament`'s numbers, refused by the option's name.
fn tournament_number<T: std::str::FromStr>(
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
            .ok_or_else(|| msg!("tournament-bad-number", option = option, value = v.as_str())),
    }
}

/// Whether `word` continues a game's name begun with `so_far` (`sky` + `scrapers`).
fn more_of_the_name(so_far: Option<&str>, word: &str) -> bool {
    so_far.is_some_and(|g| {
        GameKind::parse(g).is_none() && GameKind::parse(&format!("{g} {word}")).is_some()
    })
}

/// Whether `word` names an on/off option of `/new` or of the game (`rated`, `sprawlgami`).
fn is_switch(spec: &CommandSpec, game: Option<&str>, word: &str) -> bool {
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

fn service(spec: &CommandSpec, args: &[Arg]) -> Result<Command, Msg> {
    let name = spec.name;
    let declared = spec.option_names();
    match name {
        "new" => {
            let o = opening(spec, args)?;
            if !o.mentioned.is_empty() {
                return Err(msg!("command-new-mention"));
            }
            let game = o.game.ok_or_else(|| msg!("command-new-no-game"))?;
            Ok(Command::New {
                game: game_to_open(name, &game)?,
                players: o.players,
                options: o.options,
            })
        }
        "challenge" => {
            let mut o = opening(spec, args)?;
            let at = o.options.iter().position(|(n, _)| n == "opponent");
            let named = at.map(|i| o.options.remove(i).1);
            let mut opponents: Vec<String> = named.into_iter().chain(o.mentioned).collect();
            if opponents.len() > 1 {
                return Err(msg!("challenge-two-opponents"));
            }
            let game = o.game.ok_or_else(|| msg!("challenge-no-game"))?;
            Ok(Command::Challenge {
                game: game_to_open(name, &game)?,
                opponent: opponents.pop(),
                players: o.players,
                options: o.options,
            })
        }
        "seek" => {
            let o = opening(spec, args)?;
            if !o.mentioned.is_empty() {
                return Err(msg!("seek-mention"));
            }
            Ok(Command::Seek {
                game: o
                    .game
                    .as_deref()
                    .map(|g| game_to_open(name, g))
                    .transpose()?,
                players: o.players,
                options: o.options,
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
            let action = action.ok_or_else(|| msg!("tournament-no-action"))?;
            let action = TournamentAction::parse(&action).ok_or_else(|| {
                msg!(
                    "tournament-bad-action",
                    action = action.to_ascii_lowercase()
                )
            })?;
            let mut take = |k: &str| {
                let at = options.iter().position(|(n, _)| n == k)?;
                Some(options.remove(at).1)
            };
            let game = take("game");
            let format = take("format");
            let players = take("players");
            let rounds = take("rounds");
            let settings = TournamentSettings {
                game: game.as_deref().map(|g| game_to_open(name, g)).transpose()?,
                format: format
                    .map(|f| {
                        Format::parse(&f)
                            .ok_or_else(|| msg!("tournament-bad-format", value = f.as_str()))
                    })
                    .transpose()?,
                players: tournament_number("players", players, |_: &u8| true)?,
                rounds: tournament_number("rounds", rounds, |r: &u32| (1..=50).contains(r))?,
                options,
            };
            Ok(Command::Tournament { action, settings })
        }
        "play" => {
            // Free text: unquoted words after /play are all the move.
            let mut text = Vec::new();
            for a in args {
                match a.name.as_deref() {
                    Some("move") | None => text.push(a.value.trim().to_string()),
                    Some(n) => return Err(unknown_option("play", n, &declared)),
                }
            }
            if text.iter().all(|t| t.is_empty()) {
                return Err(msg!("command-play-empty"));
            }
            Ok(Command::Play {
                text: text.join(" "),
            })
        }
        "analyse" => analyse(args, &declared),
        "conditional" => conditional(args, &declared),
        "pick" => {
            // Free text like /play's move; none opens the picker at its first step.
            let mut path = Vec::new();
            for a in args {
                match a.name.as_deref() {
                    Some("move") | None => path.push(a.value.trim().to_string()),
                    Some(n) => return Err(unknown_option("pick", n, &declared)),
                }
            }
            Ok(Command::Pick {
                path: path.join(" ").trim().to_string(),
            })
        }
        _ => {
            let values = assign(name, &declared, args)?;
            let get = |k: &str| values.iter().find(|(n, _)| n == k).map(|(_, v)| v.trim());
            // `share:true` on an answer that informs its asker: posted for everyone (issue 27).
            let share = get("share").is_some_and(|v| {
                matches!(
                    v.to_ascii_lowercase().as_str(),
                    "" | "true" | "yes" | "1" | "oui"
                )
            });
            let command = match name {
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
                "rating" => {
                    let (mut user, mut game) = (given(get("user")), given(get("game")));
                    // `/rating pikemen`: a game where a player was expected.
                    if game.is_none()
                        && user
                            .as_deref()
                            .is_some_and(|u| GameKind::parse(u).is_some())
                    {
                        (user, game) = (None, user);
                    }
                    Command::Rating {
                        user,
                        game: game.as_deref().map(views::game_of).transpose()?,
                    }
                }
                "leaderboard" => Command::Leaderboard {
                    game: given(get("game"))
                        .as_deref()
                        .map(views::game_of)
                        .transpose()?,
                    scope: given(get("scope"))
                        .map(|s| Scope::parse(Some(&s)))
                        .transpose()?,
                    page: page(get("page"))?,
                },
                "stats" => Command::Stats {
                    user: given(get("user")),
                },
                "addbot" => Command::AddBot {
                    level: given(get("level"))
                        .map(|w| {
                            Level::parse(&w)
                                .filter(|l| Level::OFFERED.contains(l))
                                .ok_or_else(|| msg!("ai-bad-level", level = w.as_str()))
                        })
                        .transpose()?,
                },
                "hint" => Command::Hint,
                "undo" => Command::Undo,
                "draw" => Command::Draw,
                "accept" | "decline" => {
                    let accept = name == "accept";
                    match given(get("challenge")) {
                        Some(id) => Command::AnswerChallenge {
                            id: id
                                .trim_start_matches('#')
                                .parse()
                                .map_err(|_| msg!("challenge-bad-id", value = id.as_str()))?,
                            accept,
                        },
                        None if accept => Command::Accept,
                        None => Command::Decline,
                    }
                }
                "unseek" => Command::Unseek {
                    user: given(get("user")),
                },
                "rematch" => Command::Rematch,
                "abort" => Command::Abort,
                "mygames" => Command::MyGames,
                "export" => Command::Export,
                "replay" => Command::Replay,
                "rules" => Command::Rules {
                    game: given(get("game"))
                        .map(|g| {
                            GameKind::parse(&g).ok_or_else(|| {
                                msg!("rules-no-such-game", game = g.as_str(), games = game_list())
                            })
                        })
                        .transpose()?,
                },
                "claim" => Command::Claim,
                "pause" => Command::Pause,
                "resume" => Command::Resume,
                "vacation" => Command::Vacation {
                    action: match given(get("action"))
                        .map(|a| a.to_ascii_lowercase())
                        .as_deref()
                    {
                        None => None,
                        Some("start") => Some(VacationAction::Start),
                        Some("end") => Some(VacationAction::End),
                        Some(other) => return Err(msg!("vacation-bad-action", value = other)),
                    },
                },
                "follow" | "unfollow" => {
                    let game = match given(get("game")) {
                        Some(g) => Some(
                            g.trim_start_matches('#')
                                .parse::<i64>()
                                .map_err(|_| msg!("follow-bad-id", value = g.as_str()))?,
                        ),
                        None => None,
                    };
                    if name == "follow" {
                        Command::Follow { game }
                    } else {
                        Command::Unfollow { game }
                    }
                }
                "settings" => Command::Settings {
                    options: values
                        .iter()
                        .map(|(n, v)| (n.clone(), v.trim().to_string()))
                        .collect(),
                },
                _ => Command::Help,
            };
            Ok(if share {
                Command::Shared(Box::new(command))
            } else {
                command
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
                game: GameKind::Pikemen,
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

    /// Issue 27: every spelling the bot itself writes names a game, and a bare switch is on.
    #[test]
    fn new_reads_games_in_words_and_bare_switches() {
        for words in [
            &["sky", "scrapers"][..],
            &["Sky", "Scrapers"],
            &["skyscrapers"],
        ] {
            let mut args: Vec<Arg> = words.iter().map(|w| p(w)).collect();
            args.push(p("2"));
            assert_eq!(
                build(None, "new", &args),
                Ok(Command::New {
                    game: GameKind::Skyscrapers,
                    players: Some(2),
                    options: vec![],
                }),
                "{words:?}"
            );
        }
        assert!(matches!(
            build(None, "new", &[p("battle"), p("zone")]),
            Ok(Command::New {
                game: GameKind::Battlezone,
                players: None,
                ..
            })
        ));
        assert_eq!(
            build(None, "new", &[p("pikemen"), p("2"), p("rated")]),
            Ok(Command::New {
                game: GameKind::Pikemen,
                players: Some(2),
                options: vec![("rated".into(), "true".into())],
            })
        );
        assert_eq!(
            build(None, "new", &[p("sprawl"), p("sprawlgami"), p("4")]),
            Ok(Command::New {
                game: GameKind::Sprawl,
                players: Some(4),
                options: vec![("sprawlgami".into(), "true".into())],
            })
        );
        // A word that is neither stays a clear refusal.
        assert!(build(None, "new", &[p("pikemen"), p("2"), p("fast")]).is_err());
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

    fn refusal(name: &str, args: &[Arg]) -> String {
        build(None, name, args).unwrap_err().english()
    }

    #[test]
    fn values_arrive_typed_and_wrong_ones_are_refused_as_before() {
        assert_eq!(
            build(None, "rules", &[p("Sky-Scrapers")]),
            Ok(Command::Rules {
                game: Some(GameKind::Skyscrapers)
            })
        );
        assert!(refusal("rules", &[p("chess")]).contains("There is no game called \"chess\""));
        assert!(refusal("new", &[p("chess")]).contains("E.g. /new pikemen 2"));
        assert!(refusal("challenge", &[p("chess")]).contains("\"chess\""));
        assert_eq!(
            build(None, "addbot", &[p("HARD")]),
            Ok(Command::AddBot {
                level: Some(Level::Hard)
            })
        );
        // The arena's yardstick is no level for players.
        assert!(refusal("addbot", &[p("random")]).contains("no level \"random\""));
        assert_eq!(
            build(None, "leaderboard", &[p("sprawl"), p("global"), p("2")]),
            Ok(Command::Leaderboard {
                game: Some(GameKind::Sprawl),
                scope: Some(Scope::Global),
                page: Some(2)
            })
        );
        assert!(refusal("leaderboard", &[p("sprawl"), p("world")]).contains("not \"world\""));
        assert_eq!(
            build(None, "rating", &[p("pikemen")]),
            Ok(Command::Rating {
                user: None,
                game: Some(GameKind::Pikemen)
            })
        );
        assert_eq!(
            build(None, "accept", &[Arg::named("challenge", "#12")]),
            Ok(Command::AnswerChallenge {
                id: 12,
                accept: true
            })
        );
        assert!(refusal("decline", &[p("twelve")]).contains("not a challenge number"));
        assert_eq!(
            build(None, "vacation", &[p("End")]),
            Ok(Command::Vacation {
                action: Some(VacationAction::End)
            })
        );
        assert!(refusal("vacation", &[p("later")]).contains("not \"later\""));
        assert_eq!(
            build(None, "seek", &[]),
            Ok(Command::Seek {
                game: None,
                players: None,
                options: vec![]
            })
        );
    }

    #[test]
    fn tournaments_read_their_settings_once() {
        assert_eq!(
            build(
                None,
                "tournament",
                &[
                    p("create"),
                    p("pikemen"),
                    p("knockout"),
                    Arg::named("clock", "fast")
                ]
            ),
            Ok(Command::Tournament {
                action: TournamentAction::Create,
                settings: TournamentSettings {
                    game: Some(GameKind::Pikemen),
                    format: Some(Format::Knockout),
                    rounds: None,
                    players: None,
                    options: vec![("clock".into(), "fast".into())],
                },
            })
        );
        assert!(
            refusal("tournament", &[p("dance")]).contains("\"dance\" is not a tournament action")
        );
        assert!(
            refusal("tournament", &[p("create"), Arg::named("format", "league")])
                .contains("\"league\" is not a format")
        );
        assert!(
            refusal("tournament", &[p("create"), Arg::named("rounds", "99")])
                .contains("rounds is a number, not \"99\"")
        );
    }

    /// Each command of the table is labelled by its name (metrics count them so).
    #[test]
    fn labels_are_the_commands_names() {
        // The required options and the game, with values they take.
        let minimal = |c: &CommandSpec| -> Vec<Arg> {
            c.options
                .iter()
                .filter(|o| o.required || o.ty == spec::OptionType::Game)
                .map(|o| match o.ty {
                    spec::OptionType::Game => Arg::named(o.name, "pikemen"),
                    spec::OptionType::Choice(words) => Arg::named(o.name, words[0]),
                    _ => Arg::named(o.name, "h3"),
                })
                .collect()
        };
        for c in COMMANDS {
            let label = build(None, c.name, &minimal(c)).map(|b| b.label());
            let expected = if c.name == "play" { "move" } else { c.name };
            assert_eq!(label, Ok(expected), "/{}", c.name);
        }
    }
}
