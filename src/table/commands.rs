//! From a slash command as a transport received it (a name and its options, positional or
//! named) to a [`Command`]. Conventions §4b fixes the option names and their order. Game
//! verbs (`/turn`, `/spore`, ..) become [`Command::Play`] with the move text of the channel's
//! game, so one `/move` serves every game.

use super::api::Command;
use super::cmd;
use super::parse::{assign, is_mention, Arg, Values};
use crate::engine::{GameKind, VerbSpec};
use crate::i18n::Msg;
use crate::msg;

/// Builds the command `/name args..`; `game` is the kind of the channel's game, which decides
/// what a game verb means. The error says what was wrong and how to write it.
pub fn build(game: Option<GameKind>, name: &str, args: &[Arg]) -> Result<Command, Msg> {
    let name = name.trim().trim_start_matches('/').to_ascii_lowercase();
    // In a channel whose game has a verb of this name, the verb wins: Sprawl's `/challenge`
    // (counting coup, rule R17) is a move there; elsewhere `/challenge` finds opponents.
    if let Some(verb) = game.and_then(|k| k.verbs().iter().find(|v| v.name == name)) {
        if cmd::find(&name).is_some() && names_a_game_or_player(args) {
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
    if let Some(handler) = cmd::find(&name) {
        let command = handler.parse(args)?;
        return Ok(if asks_to_share(handler.spec(), args)? {
            Command::Shared(Box::new(command))
        } else {
            command
        });
    }
    if let Some(verb) = find_verb(game, &name) {
        return Ok(Command::Play {
            text: verb_move_text(verb, args)?,
        });
    }
    let mut names: Vec<String> = cmd::specs().map(|c| format!("/{}", c.name)).collect();
    if let Some(kind) = game {
        names.extend(kind.verbs().iter().map(|v| format!("/{}", v.name)));
    }
    Err(msg!(
        "command-unknown",
        name = name.as_str(),
        commands = names.join(", ")
    ))
}

/// `share:true` on an answer that informs its asker: posted for everyone (issue 27).
fn asks_to_share(spec: &super::spec::CommandSpec, args: &[Arg]) -> Result<bool, Msg> {
    if !spec.options.iter().any(|o| o.name == "share") {
        return Ok(false);
    }
    let values = Values::of(spec, args)?;
    Ok(values.get("share").is_some_and(|v| {
        matches!(
            v.to_ascii_lowercase().as_str(),
            "" | "true" | "yes" | "1" | "oui"
        )
    }))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;
    use crate::competition::Format;
    use crate::rating::views::Scope;
    use crate::table::api::{SeatOrder, TournamentAction, TournamentSettings, VacationAction};
    use crate::table::spec::{self, CommandSpec};

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
        for c in cmd::specs() {
            let label = build(None, c.name, &minimal(c)).map(|b| cmd::label(&b));
            let expected = if c.name == "play" { "move" } else { c.name };
            assert_eq!(label, Ok(expected), "/{}", c.name);
        }
    }
}
