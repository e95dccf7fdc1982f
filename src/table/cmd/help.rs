//! `/rules` and `/help`, in the author's language. `/help` is made of the lines that
//! the registry (`cmd/mod.rs`) names, so that it presents every command.

use crate::engine::GameKind;
use crate::i18n::Msg;
use crate::table::parse;
use crate::table::present;
use crate::table::present::ephemeral;
use crate::table::service::Handler;
use crate::table::spec::{self, CommandSpec};
use crate::table::{Answer, Command, Context, Request, Service};

pub(crate) fn rules(svc: &Service, ctx: &Context, game: Option<GameKind>) -> Answer {
    let lang = ctx.langs.user;
    let kind = game.or_else(|| svc.channel_game(&ctx.channel.id));
    Ok(vec![ephemeral(ctx, present::help::rules(lang, kind))])
}

/// `/help`: one message, or several where one would pass a message's limit.
pub(crate) fn help_text(svc: &Service, ctx: &Context) -> Vec<String> {
    let commands: Vec<&CommandSpec> = svc.commands.iter().map(|h| h.spec()).collect();
    present::help::messages(ctx.langs.user, svc.channel_game(&ctx.channel.id), &commands)
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

// The commands of this file, as the registry (`cmd/mod.rs`) lists them.

/// `/rules [game]`: a game's rules in short.
pub(crate) struct Rules;

const RULES: CommandSpec = spec::cmd(
    "rules",
    &[spec::opt("game", spec::OptionType::Game)],
    &[spec::play(10, "help-resign")],
);

impl Handler for Rules {
    fn spec(&self) -> &'static CommandSpec {
        &RULES
    }

    fn parse(&self, args: &[parse::Arg]) -> Result<Command, Msg> {
        let v = parse::Values::of(self.spec(), args)?;
        let game = v
            .given("game")
            .map(|g| {
                GameKind::parse(&g)
                    .ok_or_else(|| present::help::no_such_game(g.as_str(), parse::game_list()))
            })
            .transpose()?;
        Ok(Command::Rules { game })
    }

    fn owns(&self, command: &Command) -> bool {
        matches!(command, Command::Rules { .. })
    }

    fn run(&self, svc: &Service, req: &Request) -> Option<Answer> {
        let Command::Rules { game } = &req.command else {
            return None;
        };
        Some(rules(svc, &req.ctx, *game))
    }
}

/// `/help`.
pub(crate) struct Help;

const HELP: CommandSpec = spec::cmd("help", &[], &[spec::play(10, "help-resign")]);

impl Handler for Help {
    fn spec(&self) -> &'static CommandSpec {
        &HELP
    }

    fn parse(&self, _args: &[parse::Arg]) -> Result<Command, Msg> {
        // A word after /help (`/help rating`) is a player asking about something: the help
        // it is in answers, rather than a refusal.
        Ok(Command::Help)
    }

    fn owns(&self, command: &Command) -> bool {
        matches!(command, Command::Help)
    }

    fn run(&self, svc: &Service, req: &Request) -> Option<Answer> {
        let Command::Help = &req.command else {
            return None;
        };
        Some(Ok(help_text(svc, &req.ctx)
            .into_iter()
            .map(|text| ephemeral(&req.ctx, text))
            .collect()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use crate::table::safety::CONTENT_MAX;

    /// `/help rating`: a word after /help is answered with the help, not refused.
    #[test]
    fn a_word_after_help_is_accepted() {
        let args = [parse::Arg::positional("rating")];
        assert_eq!(Help.parse(&args), Ok(Command::Help));
    }

    #[test]
    fn help_lists_every_command_in_every_language() {
        let commands: Vec<_> = crate::table::command_specs().collect();
        let places: Vec<Option<GameKind>> = std::iter::once(None)
            .chain(GameKind::ALL.into_iter().map(Some))
            .collect();
        for lang in Lang::all() {
            for &game in &places {
                let text = present::help::messages(lang, game, &commands).join("\n");
                for c in crate::table::cmd::specs() {
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
        let commands: Vec<_> = crate::table::command_specs().collect();
        for lang in Lang::all() {
            for game in std::iter::once(None).chain(GameKind::ALL.into_iter().map(Some)) {
                for m in present::help::messages(lang, game, &commands) {
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
        let commands: Vec<_> = crate::table::command_specs().collect();
        for lang in Lang::all() {
            for game in std::iter::once(None).chain(GameKind::ALL.into_iter().map(Some)) {
                let m = present::help::messages(lang, game, &commands);
                assert_eq!(m.len(), 3, "{lang}, {game:?}");
                assert!(names_command(&m[0], "play") && names_command(&m[0], "analyse"));
                assert!(m[1].starts_with(&present::help::heading_correspondence(lang)));
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
                assert!(m[2].starts_with(&present::help::heading_compete(lang)));
                assert!(names_command(&m[2], "tournament"));
            }
        }
    }
}
