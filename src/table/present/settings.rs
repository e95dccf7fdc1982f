//! What /settings says: a player's settings shown and changed, and its refusals. A vacation's
//! words are `vacation.rs`.

use crate::i18n::{Lang, Msg};
use crate::store::clocks::UserSettings;
use crate::table::policy::quiet::offset_at;
use crate::{msg, tr};

/// `follow-bad-notify`: “"{ $value }" is not a choice for notify: write channel, dm or both.”
pub(crate) fn follow_bad_notify(value: &str) -> Msg {
    msg!("follow-bad-notify", value = value)
}

/// `follow-notify-line`: “Turn notices: a ping in the game's channel.”
pub(crate) fn follow_notify_line(lang: Lang, notify: &str) -> String {
    tr!(lang, "follow-notify-line", notify = notify)
}

/// `settings-bad-language`: “{ $name } is { $languages } or auto, not "{ $value }", e.g. /settings
/// { $name }:fr.”
pub(crate) fn bad_language(name: &str, value: String, languages: String) -> Msg {
    msg!(
        "settings-bad-language",
        name = name,
        value = value,
        languages = languages
    )
}

/// `settings-bad-quiet`: “quiet is a span of local time like 22:00-08:00 (or off), not
/// "{ $value }", e.g. /settings quiet:22:00-08:00 timezone:Europe/Paris.”
pub(crate) fn bad_quiet(value: &str) -> Msg {
    msg!("settings-bad-quiet", value = value)
}

/// `settings-bad-theme`: “{ $name } is dark, light or auto, not "{ $value }", e.g. /settings
/// { $name }:light.”
pub(crate) fn bad_theme(name: &str, value: &str) -> Msg {
    msg!("settings-bad-theme", name = name, value = value)
}

/// `settings-bad-zone`: “timezone is a time zone name like Europe/Paris or America/New_York (which
/// follows daylight saving), or an offset from UTC like +01:00, UTC-5 or UTC, not "{ $value }",
/// e.g. /settings timezone:Europe/Paris.”
pub(crate) fn bad_zone(value: &str) -> Msg {
    msg!("settings-bad-zone", value = value)
}

/// `settings-describe`: “reminders off; pings in the game's channel (no digest); quiet hours
/// { $quiet }; time zone { $zone }.”
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
        quiet = quiet,
        zone = zone
    )
}

/// `settings-language-manage`: “{ $name } sets the language of everyone's messages here: it needs
/// the Manage Channels permission.”
pub(crate) fn language_manage(name: &str) -> Msg {
    msg!("settings-language-manage", name = name)
}

/// `settings-languages`: “Language: yours { $mine }, this server's { $server }, this channel's
/// { $channel } (messages here are in { $now }). Change with /settings language:fr|en|auto (the
/// server-language and channel-language options need Manage Channels).”
pub(crate) fn languages(lang: Lang, mine: &str, server: &str, channel: &str, now: &str) -> String {
    tr!(
        lang,
        "settings-languages",
        mine = mine,
        server = server,
        channel = channel,
        now = now
    )
}

/// `settings-next-digest`: “Next digest { $at }.”
pub(crate) fn next_digest(lang: Lang, at: String) -> String {
    tr!(lang, "settings-next-digest", at = at)
}

/// `settings-no-option`: “/settings has no option "{ $name }": it takes reminders, digest, quiet,
/// timezone, language, server-language, channel-language, seeks, theme, server-theme and notify.”
pub(crate) fn no_option(name: &str) -> Msg {
    msg!("settings-no-option", name = name)
}

/// `settings-on-off`: “{ $name } is on or off, not "{ $value }", e.g. /settings { $name }:off.”
pub(crate) fn on_off(name: &str, value: &str) -> Msg {
    msg!("settings-on-off", name = name, value = value)
}

/// `settings-quiet-off`: “off”
pub(crate) fn quiet_off(lang: Lang) -> String {
    tr!(lang, "settings-quiet-off")
}

/// `settings-saved`: “Saved. Your settings: { $settings }”
pub(crate) fn saved(lang: Lang, settings: String) -> String {
    tr!(lang, "settings-saved", settings = settings)
}

/// `settings-saved-language`: “Saved. { $languages }”
pub(crate) fn saved_language(lang: Lang, languages: &str) -> String {
    tr!(lang, "settings-saved-language", languages = languages)
}

/// `settings-show`: “Your settings: { $settings } Change them with /settings reminders:on|off
/// digest:on|off quiet:22:00-08:00|off timezone:Europe/Paris notify:channel|dm|both
/// theme:dark|light language:fr|en|auto (seeks:here|off announces this server's seeks in a channel:
/// Manage Channels).”
pub(crate) fn show(lang: Lang, settings: String) -> String {
    tr!(lang, "settings-show", settings = settings)
}

/// `settings-theme-manage`: “{ $name } sets the colours of everyone's boards here: it needs the
/// Manage Channels permission.”
pub(crate) fn theme_manage(name: &str) -> Msg {
    msg!("settings-theme-manage", name = name)
}

/// `settings-themes`: “Boards: yours { $mine }, this server's { $server } (boards here are dark;
/// pictures only you see are dark). Change with /settings theme:dark|light|auto (server-theme needs
/// Manage Channels).”
pub(crate) fn themes(lang: Lang, mine: &str, server: &str, public: &str, private: &str) -> String {
    tr!(
        lang,
        "settings-themes",
        mine = mine,
        server = server,
        public = public,
        private = private
    )
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
