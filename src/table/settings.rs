//! `/settings` (reminders, daily digest, quiet hours, time zone) and `/vacation`.
//!
//! A vacation freezes the player's clock in every game where they are to move (and in every
//! turn they get while it lasts); it draws on a bank of 30 days per UTC calendar year, each
//! vacation charged to the year it started in, and ends by itself when the bank runs dry.

use super::clocks::{direct, post, span, stamp, turn_timers, DAY, HOUR};
use super::reminders::next_digest;
use super::{ephemeral, lock, store_failure, Answer, Context, Refusal, Reply, Table};
use crate::store::clocks::{TurnRow, UserSettings};
use crate::store::{Store, StoreError};

/// Vacation days per year.
pub(crate) const VACATION_BANK: i64 = 30 * DAY;

/// The UTC calendar year around `now`, as `[start, end)` in ms, and its number.
pub(crate) fn year_of(now_ms: i64) -> (i64, i64, i64) {
    let y = civil_year(now_ms.div_euclid(DAY));
    (
        days_from_civil(y, 1, 1) * DAY,
        days_from_civil(y + 1, 1, 1) * DAY,
        y,
    )
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The year of a day number (the inverse of [`days_from_civil`], year only).
fn civil_year(days: i64) -> i64 {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    yoe + era * 400 + if m <= 2 { 1 } else { 0 }
}

fn on_off(name: &str, v: &str) -> Result<bool, String> {
    match v.trim().to_ascii_lowercase().as_str() {
        "on" | "yes" | "true" => Ok(true),
        "off" | "no" | "false" => Ok(false),
        _ => Err(format!(
            "{name} is on or off, not \"{v}\", e.g. /settings {name}:off."
        )),
    }
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
pub(crate) fn parse_quiet(v: &str) -> Result<Option<(u16, u16)>, String> {
    let v = v.trim().to_ascii_lowercase();
    if v == "off" || v == "none" {
        return Ok(None);
    }
    let bad = || {
        format!(
            "quiet is a span of local time like 22:00-08:00 (or off), not \"{v}\", e.g. \
             /settings quiet:22:00-08:00 timezone:+01:00."
        )
    };
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
pub(crate) fn parse_zone(v: &str) -> Result<i32, String> {
    let bad = || {
        format!(
            "timezone is an offset from UTC like +01:00, UTC-5 or UTC, not \"{v}\", e.g. \
             /settings timezone:+01:00."
        )
    };
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

fn zone_text(tz: i32) -> String {
    if tz == 0 {
        return "UTC".into();
    }
    let (sign, m) = if tz < 0 { ('-', -tz) } else { ('+', tz) };
    format!("UTC{sign}{:02}:{:02}", m / 60, m % 60)
}

fn hm(m: u16) -> String {
    format!("{:02}:{:02}", m / 60, m % 60)
}

fn describe(s: &UserSettings) -> String {
    format!(
        "reminders {}; {}; quiet hours {}; time zone {}.",
        if s.reminders { "on" } else { "off" },
        if s.digest {
            "a daily direct-message digest instead of channel pings"
        } else {
            "pings in the game's channel (no digest)"
        },
        match s.quiet {
            Some((a, b)) => format!("{}-{}", hm(a), hm(b)),
            None => "off".into(),
        },
        zone_text(s.tz_min)
    )
}

impl Table {
    /// `/settings [reminders:on|off] [digest:on|off] [quiet:22:00-08:00|off] [timezone:+01:00]`.
    pub(crate) fn settings_cmd(&self, ctx: &Context, options: &[(String, String)]) -> Answer {
        let user = &ctx.user.id;
        let mut s = self.store().settings(user).map_err(store_failure)?;
        for (name, value) in options {
            match name.as_str() {
                "reminders" => s.reminders = on_off("reminders", value)?,
                "digest" => s.digest = on_off("digest", value)?,
                "quiet" => s.quiet = parse_quiet(value)?,
                "timezone" => s.tz_min = parse_zone(value)?,
                other => {
                    return Err(format!(
                        "/settings has no option \"{other}\": it takes reminders, digest, \
                         quiet and timezone."
                    )
                    .into())
                }
            }
        }
        if options.is_empty() {
            return Ok(vec![ephemeral(
                ctx,
                format!(
                    "Your settings: {}\nChange them with /settings reminders:on|off \
                     digest:on|off quiet:22:00-08:00|off timezone:+01:00.",
                    describe(&s)
                ),
            )]);
        }
        let now = self.now_ms();
        {
            let mut store = self.store();
            store.put_settings(user, &s).map_err(store_failure)?;
            store
                .drop_user_timers(user, "digest")
                .map_err(store_failure)?;
            if s.digest {
                store
                    .add_timer(next_digest(&s, now), "digest", None, None, Some(user))
                    .map_err(store_failure)?;
            }
        }
        let mut text = format!("Saved. Your settings: {}", describe(&s));
        if s.digest {
            let next = self.store().user_timer(user, "digest");
            if let Ok(Some(at)) = next {
                text.push_str(&format!(" Next digest {}.", stamp(at)));
            }
        }
        Ok(vec![ephemeral(ctx, text)])
    }

    /// Vacation time left this year for `user`.
    fn vacation_left(&self, user: &str, now: i64) -> Result<(i64, i64), Refusal> {
        let (from, to, year) = year_of(now);
        let used = self
            .store()
            .vacation_used(user, from, to, now)
            .map_err(store_failure)?;
        Ok(((VACATION_BANK - used).max(0), year))
    }

    /// `/vacation [start|end]`.
    pub(crate) fn vacation(&self, ctx: &Context, action: Option<&str>) -> Answer {
        let user = &ctx.user.id;
        let now = self.now_ms();
        let since = self.store().vacation(user).map_err(store_failure)?;
        let (left, year) = self.vacation_left(user, now)?;
        match action.map(|a| a.trim().to_ascii_lowercase()).as_deref() {
            None | Some("") => {
                let state = match since {
                    Some(t) => format!(
                        "You are on vacation since {}; it ends by itself {} or with /vacation \
                         end.",
                        stamp(t),
                        stamp(now + left)
                    ),
                    None => "You are not on vacation. /vacation start freezes your clocks in \
                             all your games."
                        .into(),
                };
                Ok(vec![ephemeral(
                    ctx,
                    format!(
                        "{state} Vacation left in {year}: {} of 30 days.",
                        span(left)
                    ),
                )])
            }
            Some("start") => {
                if let Some(t) = since {
                    return Err(format!(
                        "You are already on vacation (since {}). End it with /vacation end.",
                        stamp(t)
                    )
                    .into());
                }
                if left < HOUR {
                    return Err(format!(
                        "You have used your 30 vacation days for {year}; the bank fills again \
                         on 1 January."
                    )
                    .into());
                }
                // The vacation, its end and every frozen clock: one transaction.
                let frozen = self
                    .store()
                    .atomically(|s| {
                        s.start_vacation(user, &ctx.user.name, now)?;
                        s.drop_user_timers(user, "vacation_end")?;
                        s.add_timer(now + left, "vacation_end", None, None, Some(user))?;
                        freeze_turns(s, user, now)
                    })
                    .map_err(store_failure)?;
                let mut replies = vec![ephemeral(
                    ctx,
                    format!(
                        "Your vacation starts now: your clocks are frozen in all your games \
                         until you come back with /vacation end, or {} when the {} left in \
                         your {year} bank of 30 days run out.",
                        stamp(now + left),
                        span(left)
                    ),
                )];
                replies.extend(self.frozen_notices(&ctx.user.name, &frozen));
                Ok(replies)
            }
            Some("end") => {
                if since.is_none() {
                    return Err("You are not on vacation; /vacation start begins one.".into());
                }
                let mut replies = vec![ephemeral(
                    ctx,
                    "Welcome back: your vacation is over and your clocks run again.",
                )];
                let running = self
                    .store()
                    .atomically(|s| end_vacation(s, user, now))
                    .map_err(store_failure)?;
                replies.extend(self.running_notices(&ctx.user.name, now, &running));
                Ok(replies)
            }
            Some(other) => Err(format!(
                "/vacation takes start or end, not \"{other}\", e.g. /vacation start."
            )
            .into()),
        }
    }

    /// Tells each game's channel that `name`'s clock is frozen there.
    fn frozen_notices(&self, name: &str, frozen: &[TurnRow]) -> Vec<Reply> {
        frozen
            .iter()
            .filter_map(|t| {
                let ch = self.channel_of(t.game)?;
                Some(post(
                    &ch,
                    format!(
                        "{name} is on vacation: their clock in this game is frozen with {} left.",
                        span(t.left_ms)
                    ),
                ))
            })
            .collect()
    }

    /// Tells each game's channel that `name`'s clock runs again.
    fn running_notices(&self, name: &str, now: i64, running: &[TurnRow]) -> Vec<Reply> {
        running
            .iter()
            .filter_map(|t| {
                let ch = self.channel_of(t.game)?;
                Some(post(
                    &ch,
                    format!(
                        "{name} is back from vacation: their clock runs again; they have until \
                         {} to move.",
                        stamp(now + t.left_ms)
                    ),
                ))
            })
            .collect()
    }

    /// The vacation bank ran dry: the vacation ends by itself (with its timer, at once).
    pub(crate) fn vacation_ran_out(&self, timer: i64, user: &str) -> Vec<Reply> {
        let now = self.now_ms();
        let name = super::logged("reading a player's name", self.store().vacation_name(user))
            .flatten()
            .unwrap_or_else(|| user.to_string());
        let ended = self.store().atomically(|s| {
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
        let mut out = vec![direct(
            user,
            "Your vacation days for this year are used up, so your vacation has ended: your \
             clocks run again.",
        )];
        out.extend(self.running_notices(&name, now, &running));
        out
    }

    fn channel_of(&self, game: i64) -> Option<super::ChannelRef> {
        let slot = self.slot_of_game(game)?;
        let live = lock(&slot.live);
        Some(live.channel.clone())
    }
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
    s.drop_user_timers(user, "vacation_end")?;
    let mut running = Vec::new();
    for t in s.turns_of(user)? {
        if t.deadline_ms.is_some() || t.total_ms <= 0 || t.expired {
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
        assert_eq!(zone_text(-210), "UTC-03:30");
        assert!(on_off("digest", "maybe").is_err());
    }
}
