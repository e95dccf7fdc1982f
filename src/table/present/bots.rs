//! What /addbot and /hint say: a computer player seated, a hint, and their refusals.

use crate::i18n::{Lang, Msg};
use crate::{msg, tr};

pub(crate) fn bad_level(level: &str) -> Msg {
    msg!("ai-bad-level", level)
}

pub(crate) fn host_only(host: &str) -> Msg {
    msg!("ai-host-only", host)
}

pub(crate) fn name(lang: Lang, level: &str, n: usize) -> String {
    tr!(lang, "ai-name", level, n)
}

pub(crate) fn hint_move(lang: Lang, mv: &str, value: i64, players: u8) -> String {
    tr!(lang, "hint-move", mv, value, players)
}

pub(crate) fn hint_not_your_turn() -> Msg {
    msg!("hint-not-your-turn")
}

pub(crate) fn hint_off() -> Msg {
    msg!("hint-off")
}
