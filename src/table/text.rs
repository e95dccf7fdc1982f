//! `/rules` and `/help`, in the author's language.

use super::{ephemeral, Answer, Context, Table};
use crate::engine::{GameKind, VerbSpec};
use crate::i18n::{say, Lang};
use crate::{msg, tr};

impl Table {
    pub(crate) fn rules(&self, ctx: &Context, game: Option<&str>) -> Answer {
        let lang = ctx.langs.user;
        let kind = match game {
            Some(g) => Some(
                GameKind::parse(g)
                    .ok_or_else(|| msg!("rules-no-such-game", game = g, games = game_list()))?,
            ),
            None => self.channel_game(ctx),
        };
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

    pub(crate) fn help_text(&self, ctx: &Context) -> String {
        let lang = ctx.langs.user;
        let tail = match self.channel_game(ctx) {
            Some(k) => tr!(
                lang,
                "help-channel-game",
                game = k.title(),
                commands = verbs_line(lang, k)
            ),
            None => tr!(lang, "help-games", games = game_list()),
        };
        format!("{}\n{tail}", tr!(lang, "help-text"))
    }
}

fn game_list() -> String {
    GameKind::ALL
        .iter()
        .map(|k| k.id())
        .collect::<Vec<_>>()
        .join(", ")
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
