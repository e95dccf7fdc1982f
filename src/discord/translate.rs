//! A slash command's option values, as Discord delivers them, turned into the service's
//! [`Command`]; and the words a verb's option may take, for autocomplete.

use super::commands::{Action, CommandDef, MAX_CHOICES};
use crate::engine::{GameKind, VerbSpec};
use crate::table::{Command, SeatOrder};

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

fn get<'a>(values: &'a [(String, Raw)], name: &str) -> Option<&'a Raw> {
    values.iter().find(|(n, _)| n == name).map(|(_, v)| v)
}

/// The spec of `verb` for the channel's game, or the first game's that has it (the service
/// then answers that the channel's game has no such verb, or that there is no game).
pub fn verb_spec(verb: &str, game: Option<GameKind>) -> Option<&'static VerbSpec> {
    let find = |k: GameKind| k.verbs().iter().find(|v| v.name == verb);
    game.and_then(find)
        .or_else(|| GameKind::ALL.into_iter().find_map(find))
}

/// Translates a command and its option values into the service's [`Command`].
pub fn to_command(def: &CommandDef, values: &[(String, Raw)], game: Option<GameKind>) -> Command {
    let text = |name: &str| get(values, name).map(Raw::text).filter(|t| !t.is_empty());
    match def.action {
        Action::New => Command::New {
            game: text("game").unwrap_or_default(),
            players: match get(values, "players") {
                Some(Raw::Int(n)) => u8::try_from(*n).ok(),
                Some(other) => other.text().parse().ok(),
                None => None,
            },
            options: def
                .params
                .iter()
                .filter(|p| p.name != "game" && p.name != "players")
                .flat_map(|p| match (p.name.as_str(), text(&p.name)) {
                    (_, None) => Vec::new(),
                    ("options", Some(words)) => words
                        .split_whitespace()
                        .map(|w| match w.split_once(['=', ':']) {
                            Some((k, v)) => (k.to_string(), v.to_string()),
                            None => (w.to_string(), String::new()),
                        })
                        .collect(),
                    (name, Some(v)) => vec![(name.to_string(), v)],
                })
                .collect(),
        },
        Action::Join => Command::Join,
        Action::Leave => Command::Leave,
        Action::Start => Command::Start {
            order: text("order").map(|o| {
                if o.eq_ignore_ascii_case("join") {
                    SeatOrder::Join
                } else {
                    SeatOrder::Random
                }
            }),
        },
        Action::Board => Command::Board,
        Action::Moves => Command::Moves,
        Action::Resign => Command::Resign,
        Action::History => Command::History {
            page: text("page").and_then(|p| p.parse().ok()),
        },
        Action::Rules => Command::Rules { game: text("game") },
        Action::Help => Command::Help,
        Action::Play => Command::Play {
            text: text("move").unwrap_or_default(),
        },
        Action::Verb => {
            let owned: Vec<(String, String)> =
                values.iter().map(|(n, v)| (n.clone(), v.text())).collect();
            let pairs: Vec<(&str, &str)> = owned
                .iter()
                .map(|(n, v)| (n.as_str(), v.as_str()))
                .collect();
            let text = match verb_spec(&def.name, game) {
                Some(spec) => spec.move_text(&pairs),
                None => def.name.clone(),
            };
            Command::Play { text }
        }
    }
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
