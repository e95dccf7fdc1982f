//! The words of /rules and /help: a game's rules and verbs, the help's headings and lines.

use crate::engine::{GameKind, VerbSpec};
use crate::i18n::say;
use crate::i18n::{Lang, Msg};
use crate::table::parse::game_list;
use crate::table::safety::CONTENT_MAX;
use crate::table::spec::{self, CommandSpec, Section};
use crate::{msg, tr};

/// `/rules` in `lang`: `kind`'s rules in short and its verbs, or the games when none is named
/// or played in the channel.
pub(crate) fn rules(lang: Lang, kind: Option<GameKind>) -> String {
    match kind {
        Some(k) => rules_text(lang, k.rules_summary(), verbs_line(lang, k)),
        None => rules_games(lang, game_list()),
    }
}

/// `/help`'s messages in `lang`, in a channel playing `game`: the lines of the registry (`cmd/mod.rs`), a message
/// for each section (playing, play over days and weeks, competing), the channel's game's
/// verbs (or the games) after the first. A section that outgrows a message's [`CONTENT_MAX`] characters is cut
/// between lines, so that every command keeps its line.
pub(crate) fn messages(
    lang: Lang,
    game: Option<GameKind>,
    commands: &[&CommandSpec],
) -> Vec<String> {
    let line = |id: &'static str| say(lang, &Msg::new(id));
    let mut play = vec![intro(lang)];
    play.extend(
        spec::help_lines(commands.iter().copied(), Section::Play)
            .into_iter()
            .map(line),
    );
    play.push(match game {
        Some(k) => channel_game(lang, k.title(), verbs_line(lang, k)),
        None => games(lang, game_list()),
    });
    // The sections after the first open with a heading: each is a message of its own.
    let headed = |heading: String, section: Section| -> Vec<String> {
        std::iter::once(heading)
            .chain(
                spec::help_lines(commands.iter().copied(), section)
                    .into_iter()
                    .map(line),
            )
            .collect()
    };
    let correspondence = headed(heading_correspondence(lang), Section::Correspondence);
    let compete = headed(heading_compete(lang), Section::Compete);
    let mut messages = Vec::new();
    for section in [play, correspondence, compete] {
        let mut message = String::new();
        for line in section {
            let units = |s: &str| s.encode_utf16().count();
            if !message.is_empty() && units(&message) + 1 + units(&line) > CONTENT_MAX {
                messages.push(std::mem::take(&mut message));
            }
            if !message.is_empty() {
                message.push('\n');
            }
            message.push_str(&line);
        }
        if !message.is_empty() {
            messages.push(message);
        }
    }
    messages
}

/// `/turn SQUARE DIRECTION, /move FROM [TO] [DIRECTION]` (the option names in the reader's
/// language, written as placeholders).
fn verbs_line(lang: Lang, kind: GameKind) -> String {
    let usages: Vec<String> = kind.verbs().iter().map(|v| verb_usage(lang, v)).collect();
    if usages.is_empty() {
        play_only(lang)
    } else {
        verbs(lang, usages.join(", "))
    }
}

fn verb_usage(lang: Lang, v: &VerbSpec) -> String {
    let mut s = format!("/{}", v.name);
    for p in v.params {
        let word = say(lang, &option_placeholder(p.name));
        if p.required {
            s.push_str(&format!(" {word}"));
        } else {
            s.push_str(&format!(" [{word}]"));
        }
    }
    s
}

fn channel_game(lang: Lang, game: &str, commands: String) -> String {
    tr!(lang, "help-channel-game", game, commands)
}

fn games(lang: Lang, games: String) -> String {
    tr!(lang, "help-games", games)
}

pub(crate) fn heading_compete(lang: Lang) -> String {
    tr!(lang, "help-heading-compete")
}

pub(crate) fn heading_correspondence(lang: Lang) -> String {
    tr!(lang, "help-heading-correspondence")
}

fn intro(lang: Lang) -> String {
    tr!(lang, "help-intro")
}

fn option_placeholder(name: &str) -> Msg {
    msg!("option-placeholder", name)
}

fn rules_games(lang: Lang, games: String) -> String {
    tr!(lang, "rules-games", games)
}

pub(crate) fn no_such_game(game: &str, games: String) -> Msg {
    msg!("rules-no-such-game", game, games)
}

fn play_only(lang: Lang) -> String {
    tr!(lang, "rules-play-only")
}

fn rules_text(lang: Lang, summary: Msg, commands: String) -> String {
    tr!(lang, "rules-text", summary, commands)
}

fn verbs(lang: Lang, verbs: String) -> String {
    tr!(lang, "rules-verbs", verbs)
}
