//! What /settings says: a player's settings shown and changed, and its refusals. A vacation's
//! words are `vacation.rs`.

use crate::i18n::{Lang, Msg};
use crate::store::clocks::UserSettings;
use crate::table::policy::quiet::offset_at;
use crate::{msg, tr};

pub(crate) fn follow_bad_notify(value: &str) -> Msg {
    msg!("follow-bad-notify", value)
}

pub(crate) fn follow_notify_line(lang: Lang, notify: &str) -> String {
    tr!(lang, "follow-notify-line", notify)
}

pub(crate) fn bad_language(name: &str, value: String, languages: String) -> Msg {
    msg!("settings-bad-language", name, value, languages)
}

pub(crate) fn bad_quiet(value: &str) -> Msg {
    msg!("settings-bad-quiet", value)
}

pub(crate) fn bad_theme(name: &str, value: &str) -> Msg {
    msg!("settings-bad-theme", name, value)
}

pub(crate) fn bad_zone(value: &str) -> Msg {
    msg!("settings-bad-zone", value)
}

fn settings_lines(
    lang: Lang,
    reminders: bool,
    digest: bool,
    quiet: String,
    zone: String,
) -> String {
    tr!(
        lang,
        "settings-describe",
        reminders = if reminders { "on" } else { "off" },
        digest = if digest { "on" } else { "off" },
        quiet,
        zone
    )
}

pub(crate) fn language_manage(name: &str) -> Msg {
    msg!("settings-language-manage", name)
}

pub(crate) fn languages(lang: Lang, mine: &str, server: &str, channel: &str, now: &str) -> String {
    tr!(lang, "settings-languages", mine, server, channel, now)
}

pub(crate) fn next_digest(lang: Lang, at: String) -> String {
    tr!(lang, "settings-next-digest", at)
}

pub(crate) fn no_option(name: &str) -> Msg {
    msg!("settings-no-option", name)
}

pub(crate) fn on_off(name: &str, value: &str) -> Msg {
    msg!("settings-on-off", name, value)
}

pub(crate) fn quiet_off(lang: Lang) -> String {
    tr!(lang, "settings-quiet-off")
}

pub(crate) fn saved(lang: Lang, settings: String) -> String {
    tr!(lang, "settings-saved", settings)
}

pub(crate) fn saved_language(lang: Lang, languages: &str) -> String {
    tr!(lang, "settings-saved-language", languages)
}

pub(crate) fn show(lang: Lang, settings: String) -> String {
    tr!(lang, "settings-show", settings)
}

pub(crate) fn theme_manage(name: &str) -> Msg {
    msg!("settings-theme-manage", name)
}

pub(crate) fn themes(lang: Lang, mine: &str, server: &str, public: &str, private: &str) -> String {
    tr!(lang, "settings-themes", mine, server, public, private)
}

/// `UTC+01:00`, or a named zone with its offset now: `Europe/Paris (UTC+02:00 now)`.
pub(crate) fn zone_text(s: &UserSettings, now_ms: i64) -> String {
    let offset = |tz: i32| {
        if tz == 0 {
            return "UTC".to_string();
        }
        let (sign, m) = if tz < 0 { ('-', -tz) } else { ('+', tz) };
        format!("UTC{sign}{:02}:{:02}", m / 60, m % 60)
    };
    match &s.tz_name {
        Some(name) => format!("{name} ({} now)", offset(offset_at(s, now_ms))),
        None => offset(s.tz_min),
    }
}

fn hm(m: u16) -> String {
    format!("{:02}:{:02}", m / 60, m % 60)
}

/// A player's settings, each on its line, the time zone with its offset now.
pub(crate) fn describe(lang: Lang, s: &UserSettings, now_ms: i64) -> String {
    settings_lines(
        lang,
        s.reminders,
        s.digest,
        match s.quiet {
            Some((a, b)) => format!("{}-{}", hm(a), hm(b)),
            None => quiet_off(lang),
        },
        zone_text(s, now_ms),
    )
}
