//! What /conditional says: the stored lines, their refusals, and what a player reads of them.

use crate::i18n::{say, Lang, Msg};
use crate::{msg, tr};

pub(crate) fn add_what() -> Msg {
    msg!("conditional-add-what")
}

pub(crate) fn added(lang: Lang, line: Msg, n: usize) -> String {
    tr!(lang, "conditional-added", line, n)
}

pub(crate) fn bad_action(value: &str) -> Msg {
    msg!("conditional-bad-action", value)
}

pub(crate) fn opponent_bot() -> Msg {
    msg!("conditional-bot")
}

pub(crate) fn cleared(lang: Lang, n: usize) -> String {
    tr!(lang, "conditional-cleared", n)
}

pub(crate) fn known(lang: Lang, line: Msg) -> String {
    tr!(lang, "conditional-known", line)
}

fn list_head(lang: Lang, n: usize) -> String {
    tr!(lang, "conditional-list-head", n)
}

/// The player's conditional lines, numbered under their heading.
pub(crate) fn list(lang: Lang, lines: &[Msg]) -> String {
    let mut text = list_head(lang, lines.len());
    for (i, line) in lines.iter().enumerate() {
        text.push_str(&format!("\n{}. {}", i + 1, say(lang, line)));
    }
    text
}

pub(crate) fn no_line_wanted(action: &str) -> Msg {
    msg!("conditional-no-line-wanted", action)
}

pub(crate) fn no_lines(lang: Lang) -> String {
    tr!(lang, "conditional-none")
}

pub(crate) fn two_players() -> Msg {
    msg!("conditional-two-players")
}

pub(crate) fn your_turn() -> Msg {
    msg!("conditional-your-turn")
}
