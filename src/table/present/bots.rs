//! What /addbot and /hint say: a computer player seated, a hint, and their refusals.

use crate::i18n::{Lang, Msg};
use crate::{msg, tr};

/// `ai-bad-level`: “There is no level "{ $level }": the levels are easy, medium and hard, e.g.
/// /addbot hard.”
pub(crate) fn bad_level(level: &str) -> Msg {
    msg!("ai-bad-level", level = level)
}

/// `ai-host-only`: “Only the host, { $host }, can seat a computer player.”
pub(crate) fn host_only(host: &str) -> Msg {
    msg!("ai-host-only", host = host)
}

/// `ai-name`: “Plateau { $level } #{ $n }”
pub(crate) fn name(lang: Lang, level: &str, n: usize) -> String {
    tr!(lang, "ai-name", level = level, n = n)
}

/// `hint-move`: “Hint: { $mv } (the medium level's move). Its estimate of your standing: { $value }
/// out of 100 (100 is first place, 0 last).”
pub(crate) fn hint_move(lang: Lang, mv: &str, value: i64, players: u8) -> String {
    tr!(lang, "hint-move", mv = mv, value = value, players = players)
}

/// `hint-not-your-turn`: “A hint is for your own turn: ask again when it is your move.”
pub(crate) fn hint_not_your_turn() -> Msg {
    msg!("hint-not-your-turn")
}

/// `hint-off`: “Hints are off in this game. Players agree to them when the game is opened, with
/// /new GAME hints:true (such a game is not rated).”
pub(crate) fn hint_off() -> Msg {
    msg!("hint-off")
}
