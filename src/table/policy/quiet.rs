//! Quiet hours and the daily digest, in each player's time zone: when a ping may go out, and
//! when the next digest is due.

use super::clock::MINUTE;
use crate::store::clocks::UserSettings;
use crate::store::TimerKind;

/// Local time of day the daily digest is sent (minutes after midnight).
const DIGEST_AT: i64 = 9 * 60;
const DAY_MIN: i64 = 24 * 60;

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
    let m = local_minute(now_ms, s.tz_min);
    if from <= to {
        from <= m && m < to
    } else {
        m >= from || m < to
    }
}

/// When the quiet hours around `now` end.
pub(crate) fn quiet_end(s: &UserSettings, now_ms: i64) -> i64 {
    match s.quiet {
        Some((_, to)) => next_local(now_ms, s.tz_min, to as i64),
        None => now_ms,
    }
}

/// When the next daily digest goes out: 09:00 local, or when quiet hours end if 09:00 is
/// within them.
pub(crate) fn next_digest(s: &UserSettings, now_ms: i64) -> i64 {
    let at = next_local(now_ms, s.tz_min, DIGEST_AT);
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
}
