//! What /conditional says: the stored lines, their refusals, and what a player reads of them.

use crate::i18n::{Lang, Msg};
use crate::{msg, tr};

/// “Write the line to add: /conditional add THEIR-MOVE; YOUR-REPLY (e.g. /conditional add move h3
/// h5 n; turn c4 e).”
pub(crate) fn add_what() -> Msg {
    msg!("conditional-add-what")
}

/// “Saved: { $line }. You have { $n ->”
pub(crate) fn added(lang: Lang, line: Msg, n: usize) -> String {
    tr!(lang, "conditional-added", line = line, n = n)
}

/// “"{ $value }" is not something /conditional does: add, list or clear.”
pub(crate) fn bad_action(value: &str) -> Msg {
    msg!("conditional-bad-action", value = value)
}

/// “Your opponent is a computer player: it answers at once, so there is nothing to prepare.”
pub(crate) fn bot() -> Msg {
    msg!("conditional-bot")
}

/// “{ $n ->”
pub(crate) fn cleared(lang: Lang, n: usize) -> String {
    tr!(lang, "conditional-cleared", n = n)
}

/// “You already have that: { $line }.”
pub(crate) fn known(lang: Lang, line: Msg) -> String {
    tr!(lang, "conditional-known", line = line)
}

/// “{ $n ->”
pub(crate) fn list_head(lang: Lang, n: usize) -> String {
    tr!(lang, "conditional-list-head", n = n)
}

/// “/conditional { $action } takes no line: /conditional add LINE adds one.”
pub(crate) fn no_line_wanted(action: &str) -> Msg {
    msg!("conditional-no-line-wanted", action = action)
}

/// “You have no conditional moves in this game. Add one on your opponent's turn: /conditional add
/// THEIR-MOVE; YOUR-REPLY”
pub(crate) fn conditional_none(lang: Lang) -> String {
    tr!(lang, "conditional-none")
}

/// “Conditional moves are for two-player games: here, more than one player moves before you again.”
pub(crate) fn two_players() -> Msg {
    msg!("conditional-two-players")
}

/// “It is your turn: play your move now. Conditional moves are entered while your opponent thinks.”
pub(crate) fn your_turn() -> Msg {
    msg!("conditional-your-turn")
}
