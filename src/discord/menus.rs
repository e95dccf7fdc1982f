//! Select menus: the service's [`Menu`]s as Discord string selects (component type 3), the
//! custom ids that carry their command, and the command a choice runs.
//!
//! Discord's limits (components/reference#string-select; its OpenAPI description says the
//! same): a custom id of 1-100 characters, unique in its message; 1-25 options; an option's
//! label and value 1-100 characters, its description at most 100; a placeholder at most 150;
//! a select alone in its action row, at most 5 rows. A menu that cannot keep them (its id too
//! long, too many options, a value that does not fit) is not sent at all: a clipped value
//! would run another command than the one offered, and a payload Discord refuses would lose
//! the whole message. The message says instead how to type the choice.

use crate::table::Menu;
use serenity::all::{CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption};

/// A button's custom id too: [`encode_id`] writes both.
pub const MAX_CUSTOM_ID: usize = 100;
pub const MAX_OPTIONS: usize = 25;
pub const MAX_OPTION_TEXT: usize = 100;
pub const MAX_PLACEHOLDER: usize = 150;

/// `KIND|GAME|MOVES|COMMAND`, or `KIND|||COMMAND` without a game: a menu's or a button's
/// custom id (one form, so that a click is read the same way whichever component it came
/// from); `None` over Discord's 100 characters.
pub fn encode_id(kind: &str, game: Option<(i64, u32)>, command: &str) -> Option<String> {
    let (g, m) = match game {
        Some((g, m)) => (g.to_string(), m.to_string()),
        None => (String::new(), String::new()),
    };
    let id = format!("{kind}|{g}|{m}|{command}");
    (id.len() <= MAX_CUSTOM_ID).then_some(id)
}

/// What an id from [`encode_id`] says.
pub struct Decoded<'a> {
    pub kind: &'a str,
    pub game: Option<(i64, u32)>,
    pub command: String,
}

/// `None` for an id not from [`encode_id`] (one of an older version, a command that is not
/// one).
pub fn decode_id(id: &str) -> Option<Decoded<'_>> {
    let mut parts = id.splitn(4, '|');
    let kind = parts.next()?;
    let g = parts.next()?;
    let m = parts.next()?;
    let command = parts.next()?.to_string();
    let game = if g.is_empty() && m.is_empty() {
        None
    } else {
        Some((g.parse().ok()?, m.parse().ok()?))
    };
    command.starts_with('/').then_some(Decoded {
        kind,
        game,
        command,
    })
}

/// What a choice in a menu does: run `command` followed by the chosen value, checked by the
/// service against the game and move count the menu was posted with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MenuId {
    pub game: Option<(i64, u32)>,
    pub command: String,
}

impl MenuId {
    pub fn for_menu(m: &Menu) -> MenuId {
        MenuId {
            game: m.game,
            command: m.command.clone(),
        }
    }

    /// `s|GAME|MOVES|COMMAND`, `s|||COMMAND` without a game; `None` over 100 characters.
    pub fn encode(&self) -> Option<String> {
        encode_id("s", self.game, &self.command)
    }

    pub fn decode(id: &str) -> Option<MenuId> {
        let id = decode_id(id)?;
        (id.kind == "s").then_some(MenuId {
            game: id.game,
            command: id.command,
        })
    }

    /// The command a choice runs: the menu's, then the value as one more word. A value is
    /// one of the words the bot offered (Discord sends only those), so anything else (empty,
    /// several words, too long) is refused rather than run.
    pub fn chosen(&self, value: &str) -> Option<String> {
        let ok = !value.is_empty()
            && value.chars().count() <= MAX_OPTION_TEXT
            && !value.chars().any(char::is_whitespace);
        ok.then(|| format!("{} {value}", self.command))
    }
}

/// Why a menu was not sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    IdTooLong,
    Options(usize),
    BadValue(String),
    DuplicateValue(String),
    /// Another component of the message has its custom id.
    Duplicate,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::IdTooLong => write!(f, "its custom id would be over 100 characters"),
            Refusal::Options(n) => write!(f, "{n} options (Discord takes 1 to 25)"),
            Refusal::BadValue(v) => {
                write!(f, "the value {v:?} is not one word of 1-100 characters")
            }
            Refusal::DuplicateValue(v) => write!(f, "the value {v:?} is offered twice"),
            Refusal::Duplicate => write!(f, "another component of the message has its custom id"),
        }
    }
}

/// `text` in at most `max` characters, an ellipsis marking a cut.
pub fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut out: String = text.chars().take(max - 1).collect();
    out.push('…');
    out
}

/// The string select of `menu`, within Discord's limits, or why it cannot be. Labels,
/// descriptions and the placeholder are clipped (they are only shown); values never are.
pub fn select(menu: &Menu) -> Result<CreateSelectMenu, Refusal> {
    let id = MenuId::for_menu(menu).encode().ok_or(Refusal::IdTooLong)?;
    let n = menu.options.len();
    if !(1..=MAX_OPTIONS).contains(&n) {
        return Err(Refusal::Options(n));
    }
    let mut seen: Vec<&str> = Vec::with_capacity(n);
    let mut options = Vec::with_capacity(n);
    for o in &menu.options {
        if MenuId::for_menu(menu).chosen(&o.value).is_none() {
            return Err(Refusal::BadValue(o.value.clone()));
        }
        // Discord refuses a select offering one value twice (50035,
        // SELECT_COMPONENT_OPTION_VALUE_DUPLICATED), and the choice would be ambiguous anyway.
        if seen.contains(&o.value.as_str()) {
            return Err(Refusal::DuplicateValue(o.value.clone()));
        }
        seen.push(&o.value);
        let label = if o.label.trim().is_empty() {
            &o.value
        } else {
            &o.label
        };
        let mut option = CreateSelectMenuOption::new(clip(label, MAX_OPTION_TEXT), &o.value);
        if let Some(d) = o.description.as_deref().filter(|d| !d.trim().is_empty()) {
            option = option.description(clip(d, MAX_OPTION_TEXT));
        }
        options.push(option);
    }
    let mut select = CreateSelectMenu::new(id, CreateSelectMenuKind::String { options });
    if !menu.placeholder.trim().is_empty() {
        select = select.placeholder(clip(&menu.placeholder, MAX_PLACEHOLDER));
    }
    Ok(select)
}
