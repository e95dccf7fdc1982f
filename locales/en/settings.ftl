# /settings (reminders, digest, quiet hours, time zone, languages) and /vacation.

settings-on-off = { $name } is on or off, not "{ $value }", e.g. /settings { $name }:off.
settings-bad-language = { $name } is { $languages } or auto, not "{ $value }", e.g. /settings { $name }:fr.
settings-bad-quiet = quiet is a span of local time like 22:00-08:00 (or off), not "{ $value }", e.g. /settings quiet:22:00-08:00 timezone:Europe/Paris.
settings-bad-zone = timezone is a time zone name like Europe/Paris or America/New_York (which follows daylight saving), or an offset from UTC like +01:00, UTC-5 or UTC, not "{ $value }", e.g. /settings timezone:Europe/Paris.
settings-quiet-off = off
# $reminders and $digest are on or off.
settings-describe = reminders { $reminders ->
    [on] on
   *[off] off
}; { $digest ->
    [on] a daily direct-message digest instead of channel pings
   *[off] pings in the game's channel (no digest)
}; quiet hours { $quiet }; time zone { $zone }.
settings-bad-theme = { $name } is dark, light or auto, not "{ $value }", e.g. /settings { $name }:light.
settings-theme-manage = { $name } sets the colours of everyone's boards here: it needs the Manage Channels permission.
# Each choice is dark, light or auto; $public and $private are the themes in use.
settings-themes = Boards: yours { $mine }, this server's { $server } (boards here are { $public ->
    [light] light
   *[dark] dark
}; pictures only you see are { $private ->
    [light] light
   *[dark] dark
}). Change with /settings theme:dark|light|auto (server-theme needs Manage Channels).
settings-language-manage = { $name } sets the language of everyone's messages here: it needs the Manage Channels permission.
settings-no-option = /settings has no option "{ $name }": it takes reminders, digest, quiet, timezone, language, server-language, channel-language, seeks, theme, server-theme and notify.
settings-show =
    Your settings: { $settings }
    Change them with /settings reminders:on|off digest:on|off quiet:22:00-08:00|off timezone:Europe/Paris notify:channel|dm|both theme:dark|light language:fr|en|auto (seeks:here|off announces this server's seeks in a channel: Manage Channels).
settings-saved = Saved. Your settings: { $settings }
settings-saved-language = Saved. { $languages }
settings-next-digest = Next digest { $at }.
# Each choice is a language code or auto; $now is the language this channel's messages use.
settings-languages = Language: yours { $mine }, this server's { $server }, this channel's { $channel } (messages here are in { $now ->
    [en] English
    [fr] French
   *[other] { $now }
}). Change with /settings language:fr|en|auto (the server-language and channel-language options need Manage Channels).

vacation-state = { $on ->
    [yes] You are on vacation since { $since }; it ends by itself { $ends } or with /vacation end.
   *[no] You are not on vacation. /vacation start freezes your clocks in all your games.
} Vacation left in { $year }: { $left } of 30 days.
vacation-already = You are already on vacation (since { $since }). End it with /vacation end.
vacation-used-up = You have used your 30 vacation days for { $year }; the bank fills again on 1 January.
vacation-starts = Your vacation starts now: your clocks are frozen in all your games until you come back with /vacation end, or { $until } when the { $left } left in your { $year } bank of 30 days run out.
vacation-not-on = You are not on vacation; /vacation start begins one.
vacation-ends = Welcome back: your vacation is over and your clocks run again.
vacation-bad-action = /vacation takes start or end, not "{ $value }", e.g. /vacation start.
vacation-frozen = { $name } is on vacation: their clock in this game is frozen with { $left } left.
vacation-back = { $name } is back from vacation: their clock runs again; they have until { $until } to move.
vacation-ran-out = Your vacation days for this year are used up, so your vacation has ended: your clocks run again.
