//! What /settings and /vacation say: the settings shown and changed, and a vacation's start, end
//! and refusals.

use crate::i18n::{Lang, Msg};
use crate::{msg, tr};

/// “"{ $value }" is not a choice for notify: write channel, dm or both.”
pub(crate) fn follow_bad_notify(value: &str) -> Msg {
    msg!("follow-bad-notify", value = value)
}

/// “Turn notices: { $notify ->”
pub(crate) fn follow_notify_line(lang: Lang, notify: &str) -> String {
    tr!(lang, "follow-notify-line", notify = notify)
}

/// “{ $name } is { $languages } or auto, not "{ $value }", e.g. /settings { $name }:fr.”
pub(crate) fn bad_language(name: &str, value: String, languages: String) -> Msg {
    msg!(
        "settings-bad-language",
        name = name,
        value = value,
        languages = languages
    )
}

/// “quiet is a span of local time like 22:00-08:00 (or off), not "{ $value }", e.g. /settings
/// quiet:22:00-08:00 timezone:Europe/Paris.”
pub(crate) fn bad_quiet(value: &str) -> Msg {
    msg!("settings-bad-quiet", value = value)
}

/// “{ $name } is dark, light or auto, not "{ $value }", e.g. /settings { $name }:light.”
pub(crate) fn bad_theme(name: &str, value: &str) -> Msg {
    msg!("settings-bad-theme", name = name, value = value)
}

/// “timezone is a time zone name like Europe/Paris or America/New_York (which follows daylight
/// saving), or an offset from UTC like +01:00, UTC-5 or UTC, not "{ $value }", e.g. /settings
/// timezone:Europe/Paris.”
pub(crate) fn bad_zone(value: &str) -> Msg {
    msg!("settings-bad-zone", value = value)
}

/// “reminders { $reminders ->”
pub(crate) fn describe(
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

/// “{ $name } sets the language of everyone's messages here: it needs the Manage Channels
/// permission.”
pub(crate) fn language_manage(name: &str) -> Msg {
    msg!("settings-language-manage", name = name)
}

/// “Language: yours { $mine }, this server's { $server }, this channel's { $channel } (messages
/// here are in { $now ->”
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

/// “Next digest { $at }.”
pub(crate) fn next_digest(lang: Lang, at: String) -> String {
    tr!(lang, "settings-next-digest", at = at)
}

/// “/settings has no option "{ $name }": it takes reminders, digest, quiet, timezone, language,
/// server-language, channel-language, seeks, theme, server-theme and notify.”
pub(crate) fn no_option(name: &str) -> Msg {
    msg!("settings-no-option", name = name)
}

/// “{ $name } is on or off, not "{ $value }", e.g. /settings { $name }:off.”
pub(crate) fn on_off(name: &str, value: &str) -> Msg {
    msg!("settings-on-off", name = name, value = value)
}

/// “off”
pub(crate) fn quiet_off(lang: Lang) -> String {
    tr!(lang, "settings-quiet-off")
}

/// “Saved. Your settings: { $settings }”
pub(crate) fn saved(lang: Lang, settings: String) -> String {
    tr!(lang, "settings-saved", settings = settings)
}

/// “Saved. { $languages }”
pub(crate) fn saved_language(lang: Lang, languages: &str) -> String {
    tr!(lang, "settings-saved-language", languages = languages)
}

/// “Your settings: { $settings }”
pub(crate) fn show(lang: Lang, settings: String) -> String {
    tr!(lang, "settings-show", settings = settings)
}

/// “{ $name } sets the colours of everyone's boards here: it needs the Manage Channels permission.”
pub(crate) fn theme_manage(name: &str) -> Msg {
    msg!("settings-theme-manage", name = name)
}

/// “Boards: yours { $mine }, this server's { $server } (boards here are { $public ->”
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

/// “You are already on vacation (since { $since }). End it with /vacation end.”
pub(crate) fn already(since: String) -> Msg {
    msg!("vacation-already", since = since)
}

/// “{ $name } is back from vacation: their clock runs again; they have until { $until } to move.”
pub(crate) fn back(lang: Lang, name: &str, until: String) -> String {
    tr!(lang, "vacation-back", name = name, until = until)
}

/// “/vacation takes start or end, not "{ $value }", e.g. /vacation start.”
pub(crate) fn bad_action(value: &str) -> Msg {
    msg!("vacation-bad-action", value = value)
}

/// “Welcome back: your vacation is over and your clocks run again.”
pub(crate) fn ends(lang: Lang) -> String {
    tr!(lang, "vacation-ends")
}

/// “{ $name } is on vacation: their clock in this game is frozen with { $left } left.”
pub(crate) fn frozen(lang: Lang, name: &str, left: String) -> String {
    tr!(lang, "vacation-frozen", name = name, left = left)
}

/// “You are not on vacation; /vacation start begins one.”
pub(crate) fn not_on() -> Msg {
    msg!("vacation-not-on")
}

/// “Your vacation days for this year are used up, so your vacation has ended: your clocks run
/// again.”
pub(crate) fn ran_out(lang: Lang) -> String {
    tr!(lang, "vacation-ran-out")
}

/// “Your vacation starts now: your clocks are frozen in all your games until you come back with
/// /vacation end, or { $until } when the { $left } left in your { $year } bank of 30 days run out.”
pub(crate) fn starts(lang: Lang, until: String, left: String, year: i64) -> String {
    tr!(
        lang,
        "vacation-starts",
        until = until,
        left = left,
        year = year
    )
}

/// “{ $on ->”
pub(crate) fn state(
    lang: Lang,
    on: bool,
    since: String,
    ends: String,
    year: i64,
    left: String,
) -> String {
    tr!(
        lang,
        "vacation-state",
        on = if on { "yes" } else { "no" },
        since = since,
        ends = ends,
        year = year,
        left = left
    )
}

/// “You have used your 30 vacation days for { $year }; the bank fills again on 1 January.”
pub(crate) fn used_up(year: i64) -> Msg {
    msg!("vacation-used-up", year = year)
}
