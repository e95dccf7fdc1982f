//! `/new`'s `hints` option (issue 13): whether `/hint` answers in the game. A game with
//! hints is never rated, and asking for both is refused.

use crate::i18n::Msg;
use crate::msg;

/// Whether `/new`'s options ask explicitly for a rated game.
pub(super) fn asks_rated(options: &[(String, String)]) -> bool {
    options
        .iter()
        .any(|(k, v)| k == "rated" && truthy(v) == Some(true))
}

/// Reads `/new`'s `hints` option out of the options (off unless it says on).
pub(super) fn hints_option(options: &mut Vec<(String, String)>) -> Result<bool, Msg> {
    let Some(at) = options.iter().position(|(k, _)| k == "hints") else {
        return Ok(false);
    };
    let (_, value) = options.remove(at);
    truthy(&value).ok_or_else(|| msg!("hint-bad-option", value = value.as_str()))
}

fn truthy(value: &str) -> Option<bool> {
    match value.trim().to_ascii_lowercase().as_str() {
        "true" | "yes" | "on" | "oui" => Some(true),
        "false" | "no" | "off" | "non" => Some(false),
        _ => None,
    }
}
