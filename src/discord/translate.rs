//! A slash command's option values, as Discord delivers them, turned into the service's
//! [`Command`]; and the words a verb's option may take, for autocomplete.

use super::commands::{CommandDef, MAX_CHOICES};
use crate::engine::{GameKind, Msg, VerbSpec};
use crate::table::commands::{self};
use crate::table::Arg;
use crate::table::Command;

/// An option's value as Discord delivers it.
#[derive(Clone, Debug, PartialEq)]
pub enum Raw {
    Text(String),
    Int(i64),
    Bool(bool),
}

impl Raw {
    pub fn text(&self) -> String {
        match self {
            Raw::Text(s) => s.trim().to_string(),
            Raw::Int(n) => n.to_string(),
            Raw::Bool(b) => b.to_string(),
        }
    }
}

/// The spec of `verb` for the channel's game, or the first game's that has it (the service
/// then answers that the channel's game has no such verb, or that there is no game).
pub fn verb_spec(verb: &str, game: Option<GameKind>) -> Option<&'static VerbSpec> {
    let find = |k: GameKind| k.verbs().iter().find(|v| v.name == verb);
    game.and_then(find)
        .or_else(|| GameKind::ALL.into_iter().find_map(find))
}

/// The option values as named arguments, the way the service reads a typed command. Empty
/// values are left out; `/new`'s catch-all `options` (used only when the games' options
/// outnumber Discord's 25) is split into its `name=value` words.
pub fn to_args(values: &[(String, Raw)]) -> Vec<Arg> {
    let mut out = Vec::new();
    for (name, raw) in values {
        let value = raw.text();
        if value.is_empty() {
            continue;
        }
        if name == "options" {
            for w in value.split_whitespace() {
                let (k, v) = w.split_once(['=', ':']).unwrap_or((w, ""));
                out.push(Arg::named(k, v));
            }
        } else {
            out.push(Arg::named(name.as_str(), value));
        }
    }
    out
}

/// Translates a command and its option values into the service's [`Command`] with the
/// service's own reader, so that both transports mean the same by a command. The error is
/// the message of an ephemeral answer, for the service to put in the user's words.
pub fn to_command(
    def: &CommandDef,
    values: &[(String, Raw)],
    game: Option<GameKind>,
) -> Result<Command, Msg> {
    commands::build(game, &def.name, &to_args(values))
}

/// For the autocomplete of a verb's option: the text to ask the service for (the verb, the
/// values given to the options before `focused`, then what is typed), and how many words of a
/// listed move come before the focused option's value.
pub fn verb_query(
    spec: &VerbSpec,
    values: &[(String, String)],
    focused: &str,
    typed: &str,
) -> Option<(String, usize)> {
    let pos = spec.params.iter().position(|p| p.name == focused)?;
    let before: Vec<(&str, &str)> = values
        .iter()
        .filter(|(n, _)| spec.params[..pos].iter().any(|p| p.name == *n))
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .collect();
    let mut base = spec.move_text(&before);
    if spec.params[pos].written == crate::engine::Written::Keyword {
        base.push(' ');
        base.push_str(focused);
    }
    let skip = base.split_whitespace().count();
    Some((format!("{base} {}", typed.trim()), skip))
}

/// The distinct words at position `skip` of the listed moves that extend `query`'s first
/// `skip` words and start with its typed word (if any), in listing order, at most 25.
pub fn words_at(moves: &[String], query: &str, skip: usize) -> Vec<String> {
    let query = query.to_lowercase();
    let words: Vec<&str> = query.split_whitespace().collect();
    let base = &words[..skip.min(words.len())];
    let typed = words.get(skip).copied().unwrap_or("");
    let mut out: Vec<String> = Vec::new();
    for m in moves {
        let w: Vec<&str> = m.split_whitespace().collect();
        if w.len() <= skip || w[..skip] != *base || !w[skip].starts_with(typed) {
            continue;
        }
        if !out.iter().any(|o| o == w[skip]) {
            out.push(w[skip].to_string());
        }
        if out.len() == MAX_CHOICES {
            break;
        }
    }
    out
}
