//! `/settings` (reminders, daily digest, quiet hours, time zone) and `/vacation`.
//!
//! A vacation freezes the player's clock in every game where they are to move (and in every
//! turn they get while it lasts); it draws on a bank of 30 days per UTC calendar year, each
//! vacation charged to the year it started in, and ends by itself when the bank runs dry.

use crate::calendar::{civil_from_days, days_from_civil};
use crate::i18n::{Lang, Msg};
use crate::render::Theme;
use crate::store::clocks::{TurnRow, UserSettings};
use crate::store::{Store, StoreError, TimerKind};
use crate::table::answer::{store_failure, Answer, Refusal};
use crate::table::api::VacationAction;
use crate::table::api::{Context, Reply};
use crate::table::compete;
use crate::table::language::{server_key, CHANNEL, SERVER, USER};
use crate::table::languages_of;
use crate::table::lock;
use crate::table::markup::{span, stamp};
use crate::table::parse;
use crate::table::policy::clock::{turn_timers, DAY, HOUR};
use crate::table::policy::quiet::{named_zone, next_digest, offset_at};
use crate::table::present;
use crate::table::present::{direct, ephemeral, post};
use crate::table::service::Handler;
use crate::table::spec;
use crate::table::spec::CommandSpec;
use crate::table::theme;
use crate::table::Command;
use crate::table::Request;
use crate::table::Service;

/// Vacation days per year.
pub(crate) const VACATION_BANK: i64 = 30 * DAY;

/// The UTC calendar year around `now`, as `[start, end)` in ms, and its number.
pub(crate) fn year_of(now_ms: i64) -> (i64, i64, i64) {
    let y = civil_from_days(now_ms.div_euclid(DAY)).0;
    (
        days_from_civil(y, 1, 1) * DAY,
        days_from_civil(y + 1, 1, 1) * DAY,
        y,
    )
}

fn on_off(name: &str, v: &str) -> Result<bool, Msg> {
    match v.trim().to_ascii_lowercase().as_str() {
        "on" | "yes" | "true" => Ok(true),
        "off" | "no" | "false" => Ok(false),
        _ => Err(present::settings::on_off(name, v)),
    }
}

/// `fr`, `en` (any language of `locales/`), or `auto` (`None`: follow Discord's locale).
fn language_choice(name: &str, v: &str) -> Result<Option<Lang>, Msg> {
    let v = v.trim().to_ascii_lowercase();
    if v == "auto" {
        return Ok(None);
    }
    match Lang::all().find(|l| l.code() == v) {
        Some(l) => Ok(Some(l)),
        None => {
            let all: Vec<&str> = Lang::all().map(Lang::code).collect();
            Err(present::settings::bad_language(name, v, all.join("|")))
        }
    }
}

/// `dark`, `light`, or `auto` (`None`: follow the server's choice, else dark).
fn theme_choice(name: &str, v: &str) -> Result<Option<Theme>, Msg> {
    if v.trim().eq_ignore_ascii_case("auto") {
        return Ok(None);
    }
    Theme::parse(v)
        .map(Some)
        .ok_or_else(|| present::settings::bad_theme(name, v))
}

/// `22:00`, `22`, `7:30` as minutes after midnight.
fn clock_time(t: &str) -> Option<u16> {
    let (h, m) = match t.split_once(':') {
        Some((h, m)) => (h.parse::<u16>().ok()?, m.parse::<u16>().ok()?),
        None => (t.parse::<u16>().ok()?, 0),
    };
    (h < 24 && m < 60).then_some(h * 60 + m)
}

/// `22:00-08:00`, `22-8` or `off`.
pub(crate) fn parse_quiet(v: &str) -> Result<Option<(u16, u16)>, Msg> {
    let v = v.trim().to_ascii_lowercase();
    if v == "off" || v == "none" {
        return Ok(None);
    }
    let bad = || present::settings::bad_quiet(v.as_str());
    let (a, b) = v.split_once('-').ok_or_else(bad)?;
    let (a, b) = (
        clock_time(a.trim()).ok_or_else(bad)?,
        clock_time(b.trim()).ok_or_else(bad)?,
    );
    if a == b {
        return Err(bad());
    }
    Ok(Some((a, b)))
}

/// `UTC`, `UTC+2`, `+02:00`, `-5`, `GMT-3:30` as minutes ahead of UTC.
pub(crate) fn parse_zone(v: &str) -> Result<i32, Msg> {
    let bad = || present::settings::bad_zone(v);
    let t = v.trim().to_ascii_uppercase();
    let t = t
        .strip_prefix("UTC")
        .or_else(|| t.strip_prefix("GMT"))
        .unwrap_or(&t)
        .trim();
    if t.is_empty() || t == "Z" {
        return Ok(0);
    }
    let (sign, rest) = match t.as_bytes()[0] {
        b'+' => (1, &t[1..]),
        b'-' => (-1, &t[1..]),
        _ => (1, t),
    };
    let minutes = clock_time(rest).ok_or_else(bad)? as i32;
    if minutes > 14 * 60 {
        return Err(bad());
    }
    Ok(sign * minutes)
}

/// Sets the zone from `/settings timezone:`: an IANA name (`Europe/Paris`, which follows
/// daylight saving) or a fixed offset (`+01:00`).
fn set_zone(s: &mut UserSettings, value: &str, now_ms: i64) -> Result<(), Msg> {
    // An offset first, so that `UTC` stays the plain offset rather than the zone of that name.
    match (parse_zone(value), named_zone(value)) {
        (Ok(offset), _) => {
            s.tz_min = offset;
            s.tz_name = None;
        }
        (Err(_), Some(tz)) => {
            s.tz_name = Some(tz.name().to_string());
            s.tz_min = 0;
            s.tz_min = offset_at(s, now_ms);
        }
        (Err(e), None) => return Err(e),
    }
    Ok(())
}

/// `/settings [reminders:on|off] [digest:on|off] [quiet:22:00-08:00|off] [timezone:+01:00]`.
pub(crate) fn settings_cmd(svc: &Service, ctx: &Context, options: &[(String, String)]) -> Answer {
    // The server's seek channel is the competition room's (issue 14); the rest is here.
    // Checked first and saved last, so that a refused option saves nothing.
    if let Some((_, value)) = options.iter().find(|(n, _)| n == "seeks") {
        let here = compete::seek_channel_choice(svc, ctx, value)?;
        let rest: Vec<(String, String)> = options
            .iter()
            .filter(|(n, _)| n != "seeks")
            .cloned()
            .collect();
        let saved = if rest.is_empty() {
            None
        } else {
            Some(save_settings(svc, ctx, &rest)?)
        };
        let line = compete::set_seek_channel(svc, ctx, here)?;
        let text = match saved {
            Some(saved) => format!("{saved}\n{line}"),
            None => line,
        };
        return Ok(vec![ephemeral(ctx, text)]);
    }
    Ok(vec![ephemeral(ctx, save_settings(svc, ctx, options)?)])
}

/// Saves the `/settings` options other than `seeks`; the answer's text.
fn save_settings(
    svc: &Service,
    ctx: &Context,
    options: &[(String, String)],
) -> Result<String, Refusal> {
    let user = &ctx.user.id;
    let mut s = svc.store().settings(user).map_err(store_failure)?;
    // Languages and themes: (scope, key, choice), checked before anything is saved.
    let mut languages: Vec<(&'static str, String, Option<Lang>)> = Vec::new();
    let mut themes: Vec<(&'static str, String, Option<Theme>)> = Vec::new();
    let mut notify = None;
    for (name, value) in options {
        match name.as_str() {
            "notify" => {
                notify = Some(
                    crate::store::Notify::parse(value)
                        .ok_or_else(|| present::settings::follow_bad_notify(value.as_str()))?,
                )
            }
            "reminders" => s.reminders = on_off("reminders", value)?,
            "digest" => s.digest = on_off("digest", value)?,
            "quiet" => s.quiet = parse_quiet(value)?,
            "timezone" => set_zone(&mut s, value, svc.now_ms())?,
            "language" => {
                languages.push((USER, user.clone(), language_choice(name, value)?));
            }
            "server-language" | "channel-language" => {
                if !ctx.can_manage {
                    return Err(present::settings::language_manage(name.as_str()).into());
                }
                let choice = language_choice(name, value)?;
                if name == "channel-language" {
                    languages.push((CHANNEL, ctx.channel.id.clone(), choice));
                } else {
                    languages.push((SERVER, server_key(&ctx.channel).to_string(), choice));
                }
            }
            "theme" => themes.push((theme::USER, user.clone(), theme_choice(name, value)?)),
            "server-theme" => {
                if !ctx.can_manage {
                    return Err(present::settings::theme_manage(name.as_str()).into());
                }
                let key = server_key(&ctx.channel).to_string();
                themes.push((theme::SERVER, key, theme_choice(name, value)?));
            }
            other => return Err(present::settings::no_option(other).into()),
        }
    }
    if let Some(n) = notify {
        svc.store().set_notify(user, n).map_err(store_failure)?;
    }
    let chose_language = !languages.is_empty();
    for (scope, key, choice) in languages {
        languages_of::choose_language(svc, scope, &key, choice)?;
    }
    let chose_theme = !themes.is_empty();
    for (scope, key, choice) in themes {
        crate::table::themes_of::choose_theme(svc, scope, &key, choice)?;
    }
    // A new choice of language speaks at once.
    let lang = languages_of::langs_of(svc, ctx).user;
    let only_looks = !options.is_empty()
        && options
            .iter()
            .all(|(n, _)| n.ends_with("language") || n.ends_with("theme"));
    if only_looks {
        // Only what was just chosen is said back.
        let mut said = String::new();
        if chose_language {
            said.push_str(&language_line(svc, ctx, lang, true));
        }
        if chose_theme {
            said.push_str(&theme_line(svc, ctx, lang, true));
        }
        return Ok(present::settings::saved_language(lang, said.trim()));
    }
    let mut language_line = language_line(svc, ctx, lang, chose_language);
    language_line.push_str(&theme_line(svc, ctx, lang, chose_theme));
    language_line.push_str(&notify_line(svc, ctx, lang, notify.is_some())?);
    if options.is_empty() {
        return Ok(format!(
            "{}{language_line}",
            present::settings::show(lang, present::settings::describe(lang, &s, svc.now_ms()))
        ));
    }
    let now = svc.now_ms();
    {
        let mut store = svc.store();
        store.put_settings(user, &s).map_err(store_failure)?;
        store
            .drop_user_timers(user, TimerKind::Digest)
            .map_err(store_failure)?;
        if s.digest {
            store
                .add_timer(
                    next_digest(&s, now),
                    TimerKind::Digest,
                    None,
                    None,
                    Some(user),
                )
                .map_err(store_failure)?;
        }
    }
    let mut text =
        present::settings::saved(lang, present::settings::describe(lang, &s, svc.now_ms()));
    if s.digest {
        let next = svc.store().user_timer(user, TimerKind::Digest);
        if let Ok(Some(at)) = next {
            text.push(' ');
            text.push_str(&present::settings::next_digest(lang, stamp(at)));
        }
    }
    text.push_str(&language_line);
    Ok(text)
}

/// `\nLanguage: ...` when the user or this channel chose a language, or the answer is
/// not in English (so that an English reader who never chose sees what they always saw).
fn language_line(svc: &Service, ctx: &Context, lang: Lang, asked: bool) -> String {
    let mine = languages_of::chosen_language(svc, USER, &ctx.user.id);
    let channel = languages_of::chosen_language(svc, CHANNEL, &ctx.channel.id);
    let server = languages_of::chosen_language(svc, SERVER, server_key(&ctx.channel));
    if !asked && mine.is_none() && channel.is_none() && server.is_none() && lang == Lang::EN {
        return String::new();
    }
    let name = |l: Option<Lang>| l.map_or("auto", Lang::code);
    format!(
        "\n{}",
        present::settings::languages(
            lang,
            name(mine),
            name(server),
            name(channel),
            languages_of::channel_lang(svc, &ctx.channel).code()
        )
    )
}

/// `\nTurn notices: ...` when the user chose where they go (shown when not the channel's
/// ping, the default, or when just asked).
fn notify_line(svc: &Service, ctx: &Context, lang: Lang, asked: bool) -> Result<String, Refusal> {
    let n = svc.store().notify(&ctx.user.id).map_err(store_failure)?;
    if !asked && n == crate::store::Notify::Channel {
        return Ok(String::new());
    }
    Ok(format!(
        "\n{}",
        present::settings::follow_notify_line(lang, n.id())
    ))
}

/// `\nBoards: ...` when the user or their server chose a theme, or they asked.
fn theme_line(svc: &Service, ctx: &Context, lang: Lang, asked: bool) -> String {
    let mine = crate::table::themes_of::chosen_theme(svc, theme::USER, &ctx.user.id);
    let server =
        crate::table::themes_of::chosen_theme(svc, theme::SERVER, server_key(&ctx.channel));
    if !asked && mine.is_none() && server.is_none() {
        return String::new();
    }
    let name = |t: Option<Theme>| t.map_or("auto", Theme::name);
    format!(
        "\n{}",
        present::settings::themes(
            lang,
            name(mine),
            name(server),
            crate::table::themes_of::public_theme(svc, &ctx.channel).name(),
            crate::table::themes_of::private_theme(svc, &ctx.user.id, &ctx.channel).name()
        )
    )
}

/// Vacation time left this year for `user`.
fn vacation_left(svc: &Service, user: &str, now: i64) -> Result<(i64, i64), Refusal> {
    let (from, to, year) = year_of(now);
    let used = svc
        .store()
        .vacation_used(user, from, to, now)
        .map_err(store_failure)?;
    Ok(((VACATION_BANK - used).max(0), year))
}

/// `/vacation [start|end]`.
pub(crate) fn vacation(svc: &Service, ctx: &Context, action: Option<VacationAction>) -> Answer {
    let user = &ctx.user.id;
    let now = svc.now_ms();
    let since = svc.store().vacation(user).map_err(store_failure)?;
    let (left, year) = vacation_left(svc, user, now)?;
    match action {
        None => {
            let lang = ctx.langs.user;
            Ok(vec![ephemeral(
                ctx,
                present::vacation::state(
                    lang,
                    since.is_some(),
                    since.map(stamp).unwrap_or_default(),
                    stamp(now + left),
                    year,
                    span(lang, left),
                ),
            )])
        }
        Some(VacationAction::Start) => {
            if let Some(t) = since {
                return Err(present::vacation::already(stamp(t)).into());
            }
            if left < HOUR {
                return Err(present::vacation::used_up(year).into());
            }
            // The vacation, its end and every frozen clock: one transaction.
            let frozen = svc
                .store()
                .atomically(|s| {
                    s.start_vacation(user, &ctx.user.name, now)?;
                    s.drop_user_timers(user, TimerKind::VacationEnd)?;
                    s.add_timer(now + left, TimerKind::VacationEnd, None, None, Some(user))?;
                    freeze_turns(s, user, now)
                })
                .map_err(store_failure)?;
            let lang = ctx.langs.user;
            let mut replies = vec![ephemeral(
                ctx,
                present::vacation::starts(lang, stamp(now + left), span(lang, left), year),
            )];
            replies.extend(frozen_notices(svc, &ctx.user.name, &frozen));
            Ok(replies)
        }
        Some(VacationAction::End) => {
            if since.is_none() {
                return Err(present::vacation::not_on().into());
            }
            let mut replies = vec![ephemeral(ctx, present::vacation::ends(ctx.langs.user))];
            let running = svc
                .store()
                .atomically(|s| end_vacation(s, user, now))
                .map_err(store_failure)?;
            replies.extend(running_notices(svc, &ctx.user.name, now, &running));
            Ok(replies)
        }
    }
}

/// Tells each game's channel that `name`'s clock is frozen there.
fn frozen_notices(svc: &Service, name: &str, frozen: &[TurnRow]) -> Vec<Reply> {
    frozen
        .iter()
        .filter_map(|t| {
            let ch = channel_of(svc, t.game)?;
            let lang = languages_of::channel_lang(svc, &ch);
            Some(post(
                &ch,
                present::vacation::frozen(lang, name, span(lang, t.left_ms)),
            ))
        })
        .collect()
}

/// Tells each game's channel that `name`'s clock runs again.
fn running_notices(svc: &Service, name: &str, now: i64, running: &[TurnRow]) -> Vec<Reply> {
    running
        .iter()
        .filter_map(|t| {
            let ch = channel_of(svc, t.game)?;
            Some(post(
                &ch,
                present::vacation::back(
                    languages_of::channel_lang(svc, &ch),
                    name,
                    stamp(now + t.left_ms),
                ),
            ))
        })
        .collect()
}

/// The vacation bank ran dry: the vacation ends by itself (with its timer, at once).
pub(crate) fn vacation_ran_out(svc: &Service, timer: i64, user: &str) -> Vec<Reply> {
    let now = svc.now_ms();
    let name = crate::table::logged("reading a player's name", svc.store().vacation_name(user))
        .flatten()
        .unwrap_or_else(|| user.to_string());
    let ended = svc.store().atomically(|s| {
        if !s.take_timer(timer)? || s.vacation(user)?.is_none() {
            return Ok(None);
        }
        end_vacation(s, user, now).map(Some)
    });
    let running = match ended {
        Ok(Some(running)) => running,
        Ok(None) => return Vec::new(),
        Err(e) => {
            tracing::error!("vacation of {user}: {e}");
            return Vec::new();
        }
    };
    let lang = languages_of::user_lang_for(svc, user, running.first().map(|t| t.game));
    let mut out = vec![direct(user, present::vacation::ran_out(lang))];
    out.extend(running_notices(svc, &name, now, &running));
    out
}

fn channel_of(svc: &Service, game: i64) -> Option<crate::table::ChannelRef> {
    let slot = svc.slot_of_game(game)?;
    let live = lock(&slot.live);
    Some(live.channel.clone())
}

/// Freezes the running clocks of `user`'s turns; the turns it froze.
fn freeze_turns(s: &mut Store, user: &str, now: i64) -> Result<Vec<TurnRow>, StoreError> {
    let mut frozen = Vec::new();
    for t in s.turns_of(user)? {
        let Some(d) = t.deadline_ms.filter(|_| t.total_ms > 0 && !t.expired) else {
            continue;
        };
        let f = TurnRow {
            deadline_ms: None,
            left_ms: (d - now).max(0),
            ..t
        };
        s.put_turn(&f, &turn_timers(&f))?;
        frozen.push(f);
    }
    Ok(frozen)
}

/// Ends `user`'s vacation, restarting their frozen clocks where they stopped; the turns it
/// restarted.
fn end_vacation(s: &mut Store, user: &str, now: i64) -> Result<Vec<TurnRow>, StoreError> {
    s.end_vacation(user, now)?;
    s.drop_user_timers(user, TimerKind::VacationEnd)?;
    let mut running = Vec::new();
    for t in s.turns_of(user)? {
        // A paused game's clock waits for the pause to end (`pauses.rs`).
        if t.deadline_ms.is_some() || t.total_ms <= 0 || t.expired || s.pause(t.game)?.is_some() {
            continue;
        }
        let r = TurnRow {
            deadline_ms: Some(now + t.left_ms),
            ..t
        };
        s.put_turn(&r, &turn_timers(&r))?;
        running.push(r);
    }
    Ok(running)
}

// The commands of this file, as the registry (`cmd/mod.rs`) lists them.

/// `/vacation [start|end]`.
pub(crate) struct Vacation;

const VACATION: CommandSpec = spec::cmd(
    "vacation",
    &[spec::opt(
        "action",
        spec::OptionType::Choice(spec::VACATION_ACTIONS),
    )],
    &[spec::HelpLine(
        spec::Section::Correspondence,
        13,
        "help-vacation",
    )],
);

impl Handler for Vacation {
    fn spec(&self) -> &'static CommandSpec {
        &VACATION
    }

    fn parse(&self, args: &[parse::Arg]) -> Result<Command, Msg> {
        let v = parse::Values::of(self.spec(), args)?;
        let action = match v.given("action").map(|a| a.to_ascii_lowercase()).as_deref() {
            None => None,
            Some("start") => Some(VacationAction::Start),
            Some("end") => Some(VacationAction::End),
            Some(other) => return Err(present::vacation::bad_action(other)),
        };
        Ok(Command::Vacation { action })
    }

    fn owns(&self, command: &Command) -> bool {
        matches!(command, Command::Vacation { .. })
    }

    fn run(&self, svc: &Service, req: &Request) -> Option<Answer> {
        let Command::Vacation { action } = &req.command else {
            return None;
        };
        Some(vacation(svc, &req.ctx, *action))
    }
}

/// `/settings [options..]`.
pub(crate) struct Settings;

const SETTINGS: CommandSpec = spec::cmd(
    "settings",
    spec::SETTINGS,
    &[spec::HelpLine(
        spec::Section::Correspondence,
        15,
        "help-settings",
    )],
);

impl Handler for Settings {
    fn spec(&self) -> &'static CommandSpec {
        &SETTINGS
    }

    fn parse(&self, args: &[parse::Arg]) -> Result<Command, Msg> {
        let v = parse::Values::of(self.spec(), args)?;
        Ok(Command::Settings { options: v.all() })
    }

    fn owns(&self, command: &Command) -> bool {
        matches!(command, Command::Settings { .. })
    }

    fn run(&self, svc: &Service, req: &Request) -> Option<Answer> {
        let Command::Settings { options } = &req.command else {
            return None;
        };
        Some(settings_cmd(svc, &req.ctx, options))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn years() {
        let t0 = 1_767_225_600_000; // 2026-01-01T00:00:00Z
        assert_eq!(year_of(t0), (t0, t0 + 365 * DAY, 2026));
        assert_eq!(year_of(t0 - 1).2, 2025);
        assert_eq!(year_of(t0 - 1).1, t0);
        assert_eq!(year_of(t0 + 365 * DAY + 59 * DAY).2, 2027);
    }

    #[test]
    fn settings_values() {
        assert_eq!(parse_quiet("22:00-08:00"), Ok(Some((1320, 480))));
        assert_eq!(parse_quiet("22-7:30"), Ok(Some((1320, 450))));
        assert_eq!(parse_quiet("off"), Ok(None));
        assert!(parse_quiet("25-8").is_err());
        assert!(parse_quiet("8-8").is_err());
        assert_eq!(parse_zone("UTC"), Ok(0));
        assert_eq!(parse_zone("+02:00"), Ok(120));
        assert_eq!(parse_zone("utc-5"), Ok(-300));
        assert_eq!(parse_zone("GMT+5:30"), Ok(330));
        assert!(parse_zone("Europe/Paris").is_err());
        assert!(parse_zone("+15").is_err());
        let fixed = UserSettings {
            tz_min: -210,
            ..UserSettings::default()
        };
        assert_eq!(present::settings::zone_text(&fixed, 0), "UTC-03:30");
        // A name follows daylight saving: Paris is UTC+1 in January and UTC+2 in July 2026.
        let mut named = UserSettings::default();
        assert!(set_zone(&mut named, "Mars/Olympus", 0).is_err());
        set_zone(&mut named, "europe/paris", 1_767_225_600_000).unwrap();
        assert_eq!(named.tz_name.as_deref(), Some("Europe/Paris"));
        assert_eq!(named.tz_min, 60);
        assert_eq!(
            present::settings::zone_text(&named, 1_782_864_000_000),
            "Europe/Paris (UTC+02:00 now)"
        );
        set_zone(&mut named, "+05:30", 0).unwrap();
        assert_eq!((named.tz_name, named.tz_min), (None, 330));
        assert!(on_off("digest", "maybe").is_err());
    }
}
