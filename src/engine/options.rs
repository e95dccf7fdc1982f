//! Typed game options: each game declares a table of [`OptionSpec`]s; user input is checked
//! against it once, at game creation, with messages that say what is allowed.

use crate::i18n::{Arg, Join, Msg};
use crate::msg;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use thiserror::Error;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    Bool,
    Int { min: i64, max: i64 },
    Choice(&'static [&'static str]),
}

/// One option of a game, as its rules document names it.
#[derive(Clone, Copy, Debug)]
pub struct OptionSpec {
    pub key: &'static str,
    pub kind: OptionKind,
    /// Shown in help; the real default may depend on the player count (the game decides).
    pub default: &'static str,
    /// The message (commands.ftl) describing the option.
    pub message: &'static str,
}

#[derive(Error, Debug, Clone, PartialEq, Eq)]
#[error("{}", self.msg().english())]
pub enum OptionError {
    Unknown {
        key: String,
        game: &'static str,
        /// The game's option keys (empty when it has none).
        known: Vec<&'static str>,
    },
    BadValue {
        key: String,
        value: String,
        expected: Msg,
    },
    Malformed(String),
}

impl OptionError {
    pub fn msg(&self) -> Msg {
        match self {
            OptionError::Unknown { key, game, known } => msg!(
                "option-unknown",
                key,
                game = *game,
                known = Arg::list(known.iter().copied(), Join::Comma),
                count = known.len()
            ),
            OptionError::BadValue {
                key,
                value,
                expected,
            } => msg!("option-bad-value", key, value, expected = expected.clone()),
            OptionError::Malformed(w) => msg!("option-malformed", word = w),
        }
    }
}

/// Validated options: only the keys the user gave, in canonical text (`true`, `15`, `free`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Options(pub BTreeMap<String, String>);

impl Options {
    /// Checks `pairs` against `specs` and normalises their values.
    pub fn parse(
        game: &'static str,
        specs: &[OptionSpec],
        pairs: &[(String, String)],
    ) -> Result<Options, OptionError> {
        let mut map = BTreeMap::new();
        for (k, v) in pairs {
            let key = k.trim().to_ascii_lowercase().replace('-', "_");
            let spec = specs.iter().find(|s| s.key == key).ok_or_else(|| {
                let known: Vec<&str> = specs.iter().map(|s| s.key).collect();
                OptionError::Unknown {
                    key: key.clone(),
                    game,
                    known,
                }
            })?;
            map.insert(key, normalise(spec, v)?);
        }
        Ok(Options(map))
    }

    /// Parses `key=value` words.
    pub fn parse_words(
        game: &'static str,
        specs: &[OptionSpec],
        words: &[String],
    ) -> Result<Options, OptionError> {
        let mut pairs = Vec::new();
        for w in words {
            let (k, v) = w
                .split_once(['=', ':'])
                .ok_or_else(|| OptionError::Malformed(w.clone()))?;
            pairs.push((k.to_string(), v.to_string()));
        }
        Options::parse(game, specs, &pairs)
    }

    pub fn get(&self, key: &str) -> Option<&str> {
        self.0.get(key).map(String::as_str)
    }
    pub fn bool(&self, key: &str, default: bool) -> bool {
        self.get(key).map(|v| v == "true").unwrap_or(default)
    }
    pub fn int(&self, key: &str, default: i64) -> i64 {
        self.get(key)
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    }
    pub fn choice<'a>(&'a self, key: &str, default: &'a str) -> &'a str {
        self.get(key).unwrap_or(default)
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// `key=value` words in key order, for display and records.
    pub fn to_words(&self) -> Vec<String> {
        self.0.iter().map(|(k, v)| format!("{k}={v}")).collect()
    }
}

fn normalise(spec: &OptionSpec, value: &str) -> Result<String, OptionError> {
    let v = value.trim().to_ascii_lowercase();
    let bad = |expected: Msg| OptionError::BadValue {
        key: spec.key.to_string(),
        value: value.to_string(),
        expected,
    };
    match spec.kind {
        OptionKind::Bool => match v.as_str() {
            "true" | "yes" | "on" | "1" | "oui" | "vrai" => Ok("true".into()),
            "false" | "no" | "off" | "0" | "non" | "faux" => Ok("false".into()),
            _ => Err(bad(msg!("option-expect-bool"))),
        },
        OptionKind::Int { min, max } => match v.parse::<i64>() {
            Ok(n) if (min..=max).contains(&n) => Ok(n.to_string()),
            _ => Err(bad(msg!("option-expect-int", min, max))),
        },
        OptionKind::Choice(choices) => {
            if choices.contains(&v.as_str()) {
                Ok(v)
            } else {
                Err(bad(msg!(
                    "option-expect-choice",
                    choices = Arg::list(choices.iter().copied(), Join::Or)
                )))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPECS: &[OptionSpec] = &[
        OptionSpec {
            key: "target",
            kind: OptionKind::Int { min: 12, max: 30 },
            default: "12",
            message: "",
        },
        OptionSpec {
            key: "rps",
            kind: OptionKind::Bool,
            default: "false",
            message: "",
        },
        OptionSpec {
            key: "setup",
            kind: OptionKind::Choice(&["standard", "free"]),
            default: "standard",
            message: "",
        },
    ];

    fn p(k: &str, v: &str) -> (String, String) {
        (k.into(), v.into())
    }

    #[test]
    fn values_are_checked_and_normalised() {
        let o = Options::parse("x", SPECS, &[p("target", "15"), p("RPS", "Yes")]).unwrap();
        assert_eq!(o.int("target", 12), 15);
        assert!(o.bool("rps", false));
        assert_eq!(o.choice("setup", "standard"), "standard");
        assert_eq!(
            Options::parse("x", SPECS, &[p("target", "40")])
                .unwrap_err()
                .to_string(),
            "option target must be a whole number from 12 to 30, not \"40\""
        );
        assert_eq!(
            Options::parse("x", SPECS, &[p("colour", "red")])
                .unwrap_err()
                .to_string(),
            "unknown option \"colour\" for x: the options are target, rps, setup"
        );
        assert!(Options::parse("x", SPECS, &[p("setup", "weird")]).is_err());
    }
}
