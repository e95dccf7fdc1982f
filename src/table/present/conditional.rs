//! What /conditional says: the stored lines, their refusals, and what a player reads of them.

use crate::i18n::{say, Lang, Msg};
use crate::{msg, tr};

/// `conditional-add-what`: “Write the line to add: /conditional add THEIR-MOVE; YOUR-REPLY (e.g.
/// /conditional add move h3 h5 n; turn c4 e).”
pub(crate) fn add_what() -> Msg {
    msg!("conditional-add-what")
}

/// `conditional-added`: “Saved: { $line }. You have { $n } lines in this game; /conditional list
/// shows them, /conditional clear forgets them. Nobody else sees them.”
pub(crate) fn added(lang: Lang, line: Msg, n: usize) -> String {
    tr!(lang, "conditional-added", line = line, n = n)
}

/// `conditional-bad-action`: “"{ $value }" is not something /conditional does: add, list or clear.”
pub(crate) fn bad_action(value: &str) -> Msg {
    msg!("conditional-bad-action", value = value)
}

/// `conditional-bot`: “Your opponent is a computer player: it answers at once, so there is nothing
/// to prepare.”
pub(crate) fn opponent_bot() -> Msg {
    msg!("conditional-bot")
}

/// `conditional-cleared`: “Your { $n } conditional moves in this game are cleared.”
pub(crate) fn cleared(lang: Lang, n: usize) -> String {
    tr!(lang, "conditional-cleared", n = n)
}

/// `conditional-known`: “You already have that: { $line }.”
pub(crate) fn known(lang: Lang, line: Msg) -> String {
    tr!(lang, "conditional-known", line = line)
}

/// `conditional-list-head`: “Your conditional moves in this game (only you see them):”
fn list_head(lang: Lang, n: usize) -> String {
    tr!(lang, "conditional-list-head", n = n)
}

/// The player's conditional lines, numbered under their heading.
pub(crate) fn list(lang: Lang, lines: &[Msg]) -> String {
    let mut text = list_head(lang, lines.len());
    for (i, line) in lines.iter().enumerate() {
        text.push_str(&format!("\n{}. {}", i + 1, say(lang, line)));
    }
    text
}

/// `conditional-no-line-wanted`: “/conditional { $action } takes no line: /conditional add LINE
/// adds one.”
pub(crate) fn no_line_wanted(action: &str) -> Msg {
    msg!("conditional-no-line-wanted", action = action)
}

/// `conditional-none`: “You have no conditional moves in this game. Add one on your opponent's
/// turn: /conditional add THEIR-MOVE; YOUR-REPLY”
pub(crate) fn no_lines(lang: Lang) -> String {
    tr!(lang, "conditional-none")
}

/// `conditional-two-players`: “Conditional moves are for two-player games: here, more than one
/// player moves before you again.”
pub(crate) fn two_players() -> Msg {
    msg!("conditional-two-players")
}

/// `conditional-your-turn`: “It is your turn: play your move now. Conditional moves are entered
/// while your opponent thinks.”
pub(crate) fn your_turn() -> Msg {
    msg!("conditional-your-turn")
}
