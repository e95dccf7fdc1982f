//! `/rules` and `/help`, in the author's language. `/help` is made of the lines that
//! `spec::COMMANDS` names, so that it presents every command.

use super::answer::Answer;
use super::api::Context;
use super::commands::game_list;
use super::present::ephemeral;
use super::safety::CONTENT_MAX;
use super::spec::{self, Section};
use super::Table;
use crate::engine::{GameKind, VerbSpec};
use crate::i18n::{say, Lang, Msg};
use crate::{msg, tr};

impl Table {
    pub(crate) fn rules(&self, ctx: &Context, game: Option<GameKind>) -> Answer {
        let lang = ctx.langs.user;
        let kind = game.or_else(|| self.channel_game(ctx));
        let text = match kind {
            Some(k) => tr!(
                lang,
                "rules-text",
                summary = k.rules_summary(),
                commands = verbs_line(lang, k)
            ),
            None => tr!(lang, "rules-games", games = game_list()),
        };
        Ok(vec![ephemeral(ctx, text)])
    }

    /// `/help`: one message, or several where one would pass a message's limit.
    pub(crate) fn help_text(&self, ctx: &Context) -> Vec<String> {
        help(ctx.langs.user, self.channel_game(ctx))
    }
}

/// `/help` in `lang`, in a channel playing `game`: the lines of `spec::COMMANDS`, a message
/// for each section (playing, play over days and weeks, competing), the channel's game's
/// verbs (or the games) after the first. A section that outgrows a message's [`CONTENT_MAX`] characters is cut
/// between lines, so that every command keeps its line.
pub fn help(lang: Lang, game: Option<GameKind>) -> Vec<String> {
    let line = |id: &'static str| say(lang, &Msg::new(id));
    let mut play = vec![tr!(lang, "help-intro")];
    play.extend(spec::help_lines(Section::Play).into_iter().map(line));
    play.push(match game {
        Some(k) => tr!(
            lang,
            "help-channel-game",
            game = k.title(),
            commands = verbs_line(lang, k)
        ),
        None => tr!(lang, "help-games", games = game_list()),
    });
    // The sections after the first open with a heading: each is a message of its own.
    let headed = |heading: String, section: Section| -> Vec<String> {
        std::iter::once(heading)
            .chain(spec::help_lines(section).into_iter().map(line))
            .collect()
    };
    let correspondence = headed(
        tr!(lang, "help-heading-correspondence"),
        Section::Correspondence,
    );
    let compete = headed(tr!(lang, "help-heading-compete"), Section::Compete);
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
    let verbs: Vec<String> = kind.verbs().iter().map(|v| verb_usage(lang, v)).collect();
    if verbs.is_empty() {
        tr!(lang, "rules-play-only")
    } else {
        tr!(lang, "rules-verbs", verbs = verbs.join(", "))
    }
}

fn verb_usage(lang: Lang, v: &VerbSpec) -> String {
    let mut s = format!("/{}", v.name);
    for p in v.params {
        let word = say(lang, &msg!("option-placeholder", name = p.name));
        if p.required {
            s.push_str(&format!(" {word}"));
        } else {
            s.push_str(&format!(" [{word}]"));
        }
    }
    s
}

/// Whether `text` names `/name` as a command (not as the start of a longer word).
#[cfg(test)]
pub(crate) fn names_command(text: &str, name: &str) -> bool {
    let word = format!("/{name}");
    text.match_indices(&word).any(|(at, _)| {
        text[at + word.len()..]
            .chars()
            .next()
            .is_none_or(|c| !(c.is_alphanumeric() || c == '-' || c == '_'))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn help_lists_every_command_in_every_language() {
        let places: Vec<Option<GameKind>> = std::iter::once(None)
            .chain(GameKind::ALL.into_iter().map(Some))
            .collect();
        for lang in Lang::all() {
            for &game in &places {
                let text = help(lang, game).join("\n");
                for c in spec::COMMANDS {
                    assert!(
                        names_command(&text, c.name),
                        "{lang}, {game:?}: /{}",
                        c.name
                    );
                }
                for v in game.map(|k| k.verbs()).unwrap_or_default() {
                    assert!(
                        names_command(&text, v.name),
                        "{lang}, {game:?}: /{}",
                        v.name
                    );
                }
            }
        }
    }

    #[test]
    fn help_messages_fit_a_chat_message() {
        for lang in Lang::all() {
            for game in std::iter::once(None).chain(GameKind::ALL.into_iter().map(Some)) {
                for m in help(lang, game) {
                    assert!(m.encode_utf16().count() <= CONTENT_MAX, "{lang}: {m}");
                }
            }
        }
        assert!(names_command("/seek [GAME]; /unseek", "seek"));
        assert!(!names_command("/unseek", "seek"));
        assert!(!names_command("/stats", "start"));
    }

    /// A section is one message, never cut inside: playing, then play over days and weeks,
    /// then competing, each after the first under its heading.
    #[test]
    fn help_is_one_message_a_section() {
        for lang in Lang::all() {
            for game in std::iter::once(None).chain(GameKind::ALL.into_iter().map(Some)) {
                let m = help(lang, game);
                assert_eq!(m.len(), 3, "{lang}, {game:?}");
                assert!(names_command(&m[0], "play") && names_command(&m[0], "analyse"));
                assert!(m[1].starts_with(&tr!(lang, "help-heading-correspondence")));
                for c in [
                    "claim",
                    "vacation",
                    "settings",
                    "follow",
                    "conditional",
                    "pause",
                ] {
                    assert!(names_command(&m[1], c), "{lang}: /{c}");
                }
                assert!(m[2].starts_with(&tr!(lang, "help-heading-compete")));
                assert!(names_command(&m[2], "tournament"));
            }
        }
    }
}
