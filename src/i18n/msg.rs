//! [`Msg`]: a sentence not yet put into words, so that the layers below the service (the
//! engines, the pictures' data) can say what happened without choosing a language.

use serde::{Deserialize, Serialize};
use std::borrow::Cow;

/// A message id of `locales/*/*.ftl` with its variables. Rendered by [`super::say`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Msg {
    pub id: Cow<'static, str>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub args: Vec<(Cow<'static, str>, Arg)>,
}

/// A variable's value. Numbers stay numbers so that Fluent can choose plural forms; a nested
/// message or a list is rendered in the same language before the outer one.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Arg {
    Num(i64),
    Text(String),
    Msg(Msg),
    List { items: Vec<Arg>, join: Join },
}

/// How a list reads: `a, b and c` or `a, b or c` (words from `common.ftl`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Join {
    And,
    Or,
    /// `a, b, c`.
    Comma,
    /// `a; b; c`.
    Semicolon,
    /// `a b c` (sentences one after the other).
    Space,
    /// `a/b/c`.
    Slash,
}

impl Msg {
    pub const fn new(id: &'static str) -> Msg {
        Msg {
            id: Cow::Borrowed(id),
            args: Vec::new(),
        }
    }

    /// Adds a variable (`$name` in the .ftl files).
    pub fn with(mut self, name: &'static str, value: impl Into<Arg>) -> Msg {
        self.args.push((Cow::Borrowed(name), value.into()));
        self
    }

    pub fn arg(&self, name: &str) -> Option<&Arg> {
        self.args.iter().find(|(n, _)| n == name).map(|(_, a)| a)
    }

    /// The message in English, for logs, the command line and tests.
    pub fn english(&self) -> String {
        super::say(super::Lang::EN, self)
    }
}

impl Arg {
    pub fn list<T: Into<Arg>>(items: impl IntoIterator<Item = T>, join: Join) -> Arg {
        Arg::List {
            items: items.into_iter().map(Into::into).collect(),
            join,
        }
    }
}

impl From<Msg> for Arg {
    fn from(m: Msg) -> Arg {
        Arg::Msg(m)
    }
}

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Text(s.to_string())
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Text(s)
    }
}

impl From<&String> for Arg {
    fn from(s: &String) -> Arg {
        Arg::Text(s.clone())
    }
}

macro_rules! numbers {
    ($($t:ty),*) => {
        $(impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                Arg::Num(n as i64)
            }
        })*
    };
}
numbers!(i64, i32, u8, u16, u32, u64, usize);

/// `msg!(ID, name = value, ..)` builds a [`Msg`] (ID a string literal). A variable named as
/// the message's argument may stand alone, as in `format!`: `msg!(ID, who, id)` is
/// `msg!(ID, who, id)`.
#[macro_export]
macro_rules! msg {
    ($id:literal $(, $name:ident $(= $value:expr)?)* $(,)?) => {
        $crate::i18n::Msg::new($id)$(.with(stringify!($name), $crate::msg_arg!($name $(= $value)?)))*
    };
}

/// An argument of [`msg!`]: its value, or the variable of its name.
#[doc(hidden)]
#[macro_export]
macro_rules! msg_arg {
    ($name:ident) => {
        $name
    };
    ($name:ident = $value:expr) => {
        $value
    };
}

/// `tr!(lang, ID, name = value, ..)` renders a message at once (arguments as in [`msg!`]).
#[macro_export]
macro_rules! tr {
    ($lang:expr, $id:literal $(, $name:ident $(= $value:expr)?)* $(,)?) => {
        $crate::i18n::say($lang, &$crate::msg!($id $(, $name = $crate::msg_arg!($name $(= $value)?))*))
    };
}
