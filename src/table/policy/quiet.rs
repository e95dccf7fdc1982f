//! Quiet hours and the daily digest, in each player's time zone: when a ping may go out, and
//! when the next digest is due. A zone chosen by name (`Europe/Paris`) follows its
//! daylight-saving changes; a fixed offset (`+01:00`) does not.

use super::clock::MINUTE;
use crate::store::clocks::UserSettings;
use crate::store::TimerKind;

/// Local time of day the daily digest is sent (minutes after midnight).
const DIGEST_AT: i64 = 9 * 60;
const DAY_MIN: i64 = 24 * 60;

/// A time zone by its IANA name, in any letter case (`europe/paris`).
pub(crate) fn named_zone(name: &str) -> Option<chrono_tz::Tz> {
    let name = name.trim();
    name.parse().ok().or_else(|| {
        chrono_tz::TZ_VARIANTS
            .iter()
            .find(|z| z.name().eq_ignore_ascii_case(name))
            .copied()
    })
}

/// The user's offset from UTC at `at_ms`, in minutes.
pub(crate) fn offset_at(s: &UserSettings, at_ms: i64) -> i32 {
    use chrono::{Offset, TimeZone};
    let zone = s.tz_name.as_deref().and_then(named_zone);
    match (zone, chrono::DateTime::from_timestamp_millis(at_ms)) {
        (Some(tz), Some(at)) => {
            tz.offset_from_utc_datetime(&at.naive_utc())
                .fix()
                .local_minus_utc()
                / 60
        }
        _ => s.tz_min,
    }
}

/// The first instant after `now` at the user's local time `minute`: found at today's offset,
/// then moved by the change of offset if daylight saving starts or ends before it.
fn next_local_for(s: &UserSettings, now_ms: i64, minute: i64) -> i64 {
    let before = offset_at(s, now_ms);
    let at = next_local(now_ms, before, minute);
    let after = offset_at(s, at);
    if after == before {
        return at;
    }
    let moved = at - (after - before) as i64 * MINUTE;
    if moved > now_ms {
        moved
    } else {
        next_local(now_ms, after, minute)
    }
}

/// Minutes after local midnight at `now` for a zone `tz_min` minutes ahead of UTC.
pub(crate) fn local_minute(now_ms: i64, tz_min: i32) -> i64 {
    (now_ms.div_euclid(MINUTE) + tz_min as i64).rem_euclid(DAY_MIN)
}

/// The first instant after `now` at local time `minute`.
pub(crate) fn next_local(now_ms: i64, tz_min: i32, minute: i64) -> i64 {
    let start_of_minute = now_ms - now_ms.rem_euclid(MINUTE);
    let mut ahead = (minute - local_minute(now_ms, tz_min)).rem_euclid(DAY_MIN);
    if ahead == 0 {
        ahead = DAY_MIN;
    }
    start_of_minute + ahead * MINUTE
}

pub(crate) fn in_quiet(s: &UserSettings, now_ms: i64) -> bool {
    let Some((from, to)) = s.quiet else {
        return false;
    };
    let (from, to) = (from as i64, to as i64);
    let m = local_minute(now_ms, offset_at(s, now_ms));
    if from <= to {
        from <= m && m < to
    } else {
        m >= from || m < to
    }
}

/// When the quiet hours around `now` end.
pub(crate) fn quiet_end(s: &UserSettings, now_ms: i64) -> i64 {
    match s.quiet {
        Some((_, to)) => next_local_for(s, now_ms, to as i64),
        None => now_ms,
    }
}

/// When the next daily digest goes out: 09:00 local, or when quiet hours end if 09:00 is
/// within them.
pub(crate) fn next_digest(s: &UserSettings, now_ms: i64) -> i64 {
    let at = next_local_for(s, now_ms, DIGEST_AT);
    if in_quiet(s, at) {
        quiet_end(s, at)
    } else {
        at
    }
}

/// Whether a reminder of `kind` goes out at all under these settings (the turn-start ping
/// always does, unless the digest replaces it).
pub(crate) fn settings_allow(s: &UserSettings, kind: TimerKind) -> bool {
    !s.digest && (kind == TimerKind::Ping || s.reminders)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::policy::clock::HOUR;

    const T0: i64 = 1_767_225_600_000; // 2026-01-01T00:00:00Z, a Thursday

    fn quiet(from: u16, to: u16, tz: i32) -> UserSettings {
        UserSettings {
            quiet: Some((from, to)),
            tz_min: tz,
            ..UserSettings::default()
        }
    }

    #[test]
    fn quiet_hours_wrap_midnight_in_the_users_zone() {
        let s = quiet(22 * 60, 8 * 60, 120); // 22:00-08:00 at UTC+2
        assert!(in_quiet(&s, T0)); // 02:00 local
        assert!(!in_quiet(&s, T0 + 6 * HOUR)); // 08:00 local
        assert!(in_quiet(&s, T0 + 20 * HOUR)); // 22:00 local
        assert_eq!(quiet_end(&s, T0), T0 + 6 * HOUR);
        let day = quiet(13 * 60, 14 * 60, -300); // 13:00-14:00 at UTC-5
        assert!(in_quiet(&day, T0 + 18 * HOUR + 30 * MINUTE));
        assert!(!in_quiet(&day, T0 + 19 * HOUR));
        assert!(!in_quiet(&UserSettings::default(), T0));
    }

    #[test]
    fn digest_at_nine_or_when_quiet_ends() {
        let plain = UserSettings::default();
        assert_eq!(next_digest(&plain, T0), T0 + 9 * HOUR);
        assert_eq!(next_digest(&plain, T0 + 9 * HOUR), T0 + 33 * HOUR);
        let late = quiet(0, 10 * 60, 0);
        assert_eq!(next_digest(&late, T0), T0 + 10 * HOUR);
        assert_eq!(next_local(T0 + 30_000, 60, 0), T0 + 23 * HOUR);
    }

    /// 2026-03-29T01:00Z Paris goes from UTC+1 to UTC+2; 2026-10-25T01:00Z back.
    const SPRING: i64 = 1_774_746_000_000;
    const AUTUMN: i64 = 1_792_890_000_000;

    fn paris(quiet_hours: Option<(u16, u16)>) -> UserSettings {
        UserSettings {
            quiet: quiet_hours,
            tz_name: Some("Europe/Paris".into()),
            tz_min: 60,
            ..UserSettings::default()
        }
    }

    #[test]
    fn a_named_zone_follows_daylight_saving() {
        assert_eq!(named_zone("europe/paris"), Some(chrono_tz::Europe::Paris));
        assert_eq!(named_zone("Mars/Olympus"), None);
        let s = paris(None);
        assert_eq!(offset_at(&s, SPRING - MINUTE), 60);
        assert_eq!(offset_at(&s, SPRING), 120);
        assert_eq!(offset_at(&s, AUTUMN - MINUTE), 120);
        assert_eq!(offset_at(&s, AUTUMN), 60);
        // The digest stays at 09:00 in Paris: 08:00Z before the spring change, 07:00Z after.
        let saturday_noon = SPRING - 14 * HOUR;
        assert_eq!(next_digest(&s, saturday_noon), SPRING + 6 * HOUR);
        assert_eq!(next_digest(&s, SPRING - 26 * HOUR), SPRING - 17 * HOUR);
        // In autumn, 09:00 on the day of the change is 08:00Z.
        assert_eq!(next_digest(&s, AUTUMN - 2 * HOUR), AUTUMN + 7 * HOUR);
    }

    #[test]
    fn quiet_hours_in_a_named_zone_keep_their_local_times() {
        // 22:00-08:00 in Paris: 21:00Z-07:00Z in winter, 20:00Z-06:00Z in summer.
        let s = paris(Some((22 * 60, 8 * 60)));
        let winter_night = SPRING - 3 * 24 * HOUR + 20 * HOUR + 20 * MINUTE; // 21:20Z, 22:20 local
        assert!(in_quiet(&s, winter_night));
        let summer_evening = SPRING + 3 * 24 * HOUR - 4 * HOUR - 40 * MINUTE; // 20:20Z, 22:20 local
        assert!(in_quiet(&s, summer_evening));
        assert!(!in_quiet(&s, summer_evening - HOUR));
        // The night of the change: quiet from 22:00 (UTC+1) ends at 08:00 (UTC+2), 06:00Z.
        let night = SPRING - 3 * HOUR; // 22:00Z Saturday, 23:00 local
        assert!(in_quiet(&s, night));
        assert_eq!(quiet_end(&s, night), SPRING + 5 * HOUR);
    }
}
