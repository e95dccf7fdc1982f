//! Every sentence users read, in their language, through Fluent.
//!
//! The strings live in `locales/<lang>/<area>.ftl` (embedded at compile time); a folder is a
//! language, so a third one is added by copying `locales/en/` to `locales/<code>/` and
//! translating it (the key-parity test says what is missing). English is the fallback.
//!
//! Code never glues fragments: it names a message and gives its variables, with
//! [`tr!`](crate::tr) when it renders at once, or builds a [`Msg`] with [`msg!`](crate::msg)
//! when a lower layer (an engine) must say something without knowing the language. Plurals
//! and grammatical agreement are Fluent's selectors in the .ftl files.
//!
//! Files: `msg` (a message named with its variables) <- `bundles` (the .ftl files, loaded
//! once). This room depends on nothing else of ours; every room that puts words in front of a
//! person calls it.

mod bundles;
mod msg;

#[cfg(test)]
mod tests;

pub use msg::{Arg, Join, Msg};

use std::fmt;

/// One language of `locales/`, named by its folder (`en`, `fr`).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Lang(&'static str);

impl Lang {
    /// The fallback language, and the default everywhere nothing else is chosen.
    pub const EN: Lang = Lang("en");

    /// Every language there are files for, English first.
    pub fn all() -> impl Iterator<Item = Lang> {
        bundles::locales().iter().map(|l| Lang(l.code))
    }

    /// The folder name (`fr`), as users type it in `/settings language:fr`.
    pub fn code(self) -> &'static str {
        self.0
    }

    /// Reads a language code or a Discord locale (`fr`, `en-US`, `pt-BR`): an exact folder,
    /// else the language part before the region. `None` for a language without files.
    pub fn parse(locale: &str) -> Option<Lang> {
        let l = locale.trim().to_ascii_lowercase().replace('_', "-");
        let primary = l.split('-').next().unwrap_or("");
        let all = bundles::locales();
        all.iter()
            .find(|x| x.code.eq_ignore_ascii_case(&l))
            .or_else(|| all.iter().find(|x| x.code.eq_ignore_ascii_case(primary)))
            .map(|x| Lang(x.code))
    }

    /// The Discord locales (`fr`, `es-ES`) whose users see this language's command names,
    /// from the language's own `language-discord-locales` message; none for English, which is
    /// the commands' default.
    pub fn discord_locales(self) -> Vec<String> {
        if self == Lang::EN {
            return Vec::new();
        }
        say(self, &Msg::new("language-discord-locales"))
            .split_whitespace()
            .map(str::to_string)
            .collect()
    }

    fn index(self) -> usize {
        bundles::locales()
            .iter()
            .position(|l| l.code == self.0)
            .unwrap_or(0)
    }
}

impl fmt::Debug for Lang {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl Default for Lang {
    fn default() -> Lang {
        Lang::EN
    }
}

/// The message in `lang` (English when the language lacks it).
pub fn say(lang: Lang, msg: &Msg) -> String {
    bundles::say(lang.index(), msg)
}

/// Whether `id` (or `id.attribute`) exists in English: for ids built at run time.
pub fn exists(id: &str) -> bool {
    exists_in(Lang::EN, id)
}

/// Whether `lang`'s own files hold the message `id` (`name` or `name.attribute`), without
/// the fallback to English that [`say`] takes.
pub fn exists_in(lang: Lang, id: &str) -> bool {
    let (m, attr) = match id.split_once('.') {
        Some((m, a)) => (m, Some(a)),
        None => (id, None),
    };
    let Some(locale) = bundles::locales().iter().find(|l| l.code == lang.code()) else {
        return false;
    };
    locale.bundle.get_message(m).is_some_and(|msg| match attr {
        Some(a) => msg.get_attribute(a).is_some(),
        None => msg.value().is_some(),
    })
}

/// `2 days 3 hours`, `5 hours`, `20 minutes`: the two largest units; `under a minute`, and
/// `none` for no time at all.
pub fn span(lang: Lang, ms: i64) -> String {
    if ms <= 0 {
        return crate::tr!(lang, "time-none");
    }
    let (d, h, m) = (
        ms / 86_400_000,
        (ms % 86_400_000) / 3_600_000,
        (ms % 3_600_000) / 60_000,
    );
    let days = || crate::tr!(lang, "time-days", n = d);
    let hours = || crate::tr!(lang, "time-hours", n = h);
    let minutes = || crate::tr!(lang, "time-minutes", n = m);
    match (d, h) {
        // "0 minutes" would read as none at all: a few seconds are still some time.
        (0, 0) if m == 0 => crate::tr!(lang, "time-under-minute"),
        (0, 0) => minutes(),
        (0, _) if m > 0 => format!("{} {}", hours(), minutes()),
        (0, _) => hours(),
        (_, 0) => days(),
        _ => format!("{} {}", days(), hours()),
    }
}
