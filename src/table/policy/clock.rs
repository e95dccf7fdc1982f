//! Correspondence clocks as rules (issue 7): the clock chosen at `/new`, the time a turn
//! gets, the standard clock's bank, and the timers of a turn (reminders and deadline).

use crate::i18n::Msg;
use crate::msg;
use crate::store::clocks::TurnRow;
use crate::store::TimerKind;

// Their words are stored (a seek's clock, a game's options): they are the store's.
pub use crate::store::{ClockKind, Timeout};

pub(crate) const MINUTE: i64 = 60_000;
pub(crate) const HOUR: i64 = 60 * MINUTE;
pub(crate) const DAY: i64 = 24 * HOUR;

/// Two reminders closer than this are one (a fast clock's half is also its 12 hours).
const REMINDER_MERGE: i64 = HOUR;

impl ClockKind {
    pub fn describe(self) -> Msg {
        msg!("clock-describe", clock = self.id())
    }

    /// The time a seat starts a turn with; `bank` is the standard clock's bank of the seat.
    pub fn turn_time(self, bank: Option<i64>) -> i64 {
        match self {
            ClockKind::Casual => 7 * DAY,
            ClockKind::Standard => bank.unwrap_or(3 * DAY),
            ClockKind::Fast => DAY,
            ClockKind::Untimed => 0,
        }
    }

    /// The standard clock's bank after a move with `left` of the turn unused.
    pub fn bank_after(left: i64) -> i64 {
        (left.max(0) + DAY).min(7 * DAY)
    }
}

/// The clock and timeout chosen at `/new`.
pub(crate) type ClockChoice = (ClockKind, Timeout);

/// Takes `clock` and `timeout` out of `/new`'s options; the rest are the game's. Untimed
/// when no clock is given (the behaviour of games opened before clocks existed).
pub(crate) fn split_options(
    options: &[(String, String)],
) -> Result<(ClockChoice, Vec<(String, String)>), Msg> {
    let mut clock = None;
    let mut timeout = None;
    let mut rest = Vec::new();
    for (name, value) in options {
        match name.as_str() {
            "clock" => {
                clock = Some(
                    ClockKind::parse(value)
                        .ok_or_else(|| msg!("clock-bad-clock", value = value.as_str()))?,
                )
            }
            "timeout" => {
                timeout = Some(
                    Timeout::parse(value)
                        .ok_or_else(|| msg!("clock-bad-timeout", value = value.as_str()))?,
                )
            }
            _ => rest.push((name.clone(), value.clone())),
        }
    }
    let clock = clock.unwrap_or(ClockKind::Untimed);
    if clock == ClockKind::Untimed && timeout.is_some() {
        return Err(msg!("clock-timeout-needs-clock"));
    }
    Ok(((clock, timeout.unwrap_or(Timeout::Soft)), rest))
}

/// The reminder timers of a turn (due, kind) and its deadline: none while frozen or
/// untimed, none already sent, and never two within an hour of each other.
pub(crate) fn turn_timers(t: &TurnRow) -> Vec<(i64, TimerKind)> {
    let Some(d) = t.deadline_ms else {
        return Vec::new();
    };
    if t.total_ms <= 0 || t.expired {
        return Vec::new();
    }
    let mut due: Vec<(i64, TimerKind)> = vec![
        (d - t.total_ms / 2, TimerKind::Half),
        (d - t.total_ms / 4, TimerKind::Quarter),
        (d - 12 * HOUR, TimerKind::TwelveHours),
    ];
    due.sort_by_key(|x| x.0);
    let mut out: Vec<(i64, TimerKind)> = Vec::new();
    let mut last: Option<i64> = None;
    for (at, kind) in due {
        // Nothing before the turn began (a short bank's "12 hours before" can be).
        if at <= t.started_ms {
            continue;
        }
        if last.is_some_and(|l| at - l < REMINDER_MERGE) {
            continue;
        }
        last = Some(at);
        if t.sent & kind.sent_bit() == 0 {
            out.push((at, kind));
        }
    }
    out.push((d, TimerKind::Deadline));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn turn(total: i64, sent: u8) -> TurnRow {
        TurnRow {
            game: 1,
            ply: 3,
            seat: 2,
            user_id: "u".into(),
            started_ms: 0,
            deadline_ms: Some(total),
            left_ms: total,
            total_ms: total,
            sent,
            expired: false,
        }
    }

    /// Issue 7 item 2: half, a quarter and 12 hours before, never more.
    #[test]
    fn reminders_at_half_quarter_and_twelve_hours() {
        let t = turn(7 * DAY, 0);
        assert_eq!(
            turn_timers(&t),
            vec![
                (7 * DAY / 2, TimerKind::Half),
                (7 * DAY * 3 / 4, TimerKind::Quarter),
                (7 * DAY - 12 * HOUR, TimerKind::TwelveHours),
                (7 * DAY, TimerKind::Deadline)
            ]
        );
        // A fast clock's half is also its 12 hours: one reminder, not two.
        assert_eq!(
            turn_timers(&turn(DAY, 0)),
            vec![
                (12 * HOUR, TimerKind::Half),
                (18 * HOUR, TimerKind::Quarter),
                (DAY, TimerKind::Deadline)
            ]
        );
        // Sent ones are not sent again.
        assert_eq!(
            turn_timers(&turn(7 * DAY, 1 | 2)),
            vec![
                (7 * DAY - 12 * HOUR, TimerKind::TwelveHours),
                (7 * DAY, TimerKind::Deadline)
            ]
        );
        let frozen = TurnRow {
            deadline_ms: None,
            ..turn(DAY, 0)
        };
        assert!(turn_timers(&frozen).is_empty());
        let expired = TurnRow {
            expired: true,
            ..turn(DAY, 0)
        };
        assert!(turn_timers(&expired).is_empty());
    }

    /// Issue 7 item 1: standard is 3 days, +1 day per move, at most 7 banked.
    #[test]
    fn standard_bank() {
        assert_eq!(ClockKind::Standard.turn_time(None), 3 * DAY);
        assert_eq!(ClockKind::bank_after(3 * DAY - HOUR), 4 * DAY - HOUR);
        assert_eq!(ClockKind::bank_after(7 * DAY), 7 * DAY);
        assert_eq!(ClockKind::bank_after(-5), DAY);
        assert_eq!(ClockKind::Casual.turn_time(Some(DAY)), 7 * DAY);
        assert_eq!(ClockKind::Fast.turn_time(None), DAY);
        assert_eq!(ClockKind::Untimed.turn_time(None), 0);
    }

    #[test]
    fn clock_options_are_split_from_game_options() {
        let o = |v: &[(&str, &str)]| -> Vec<(String, String)> {
            v.iter()
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .collect()
        };
        let (c, rest) = split_options(&o(&[("clock", "Fast"), ("target", "15")])).unwrap();
        assert_eq!(c, (ClockKind::Fast, Timeout::Soft));
        assert_eq!(rest, o(&[("target", "15")]));
        let (c, _) = split_options(&o(&[("timeout", "hard"), ("clock", "casual")])).unwrap();
        assert_eq!(c, (ClockKind::Casual, Timeout::Hard));
        assert_eq!(split_options(&[]).unwrap().0 .0, ClockKind::Untimed);
        assert!(split_options(&o(&[("clock", "blitz")]))
            .unwrap_err()
            .english()
            .contains("casual"));
        assert!(split_options(&o(&[("timeout", "hard")]))
            .unwrap_err()
            .english()
            .contains("needs a clock"));
    }

    #[test]
    fn spans() {
        use crate::i18n::{span, Lang};
        let en = Lang::EN;
        assert_eq!(span(en, 2 * DAY + 3 * HOUR + 5 * MINUTE), "2 days 3 hours");
        assert_eq!(span(en, DAY), "1 day");
        assert_eq!(span(en, 5 * HOUR + 30 * MINUTE), "5 hours 30 minutes");
        assert_eq!(span(en, 20 * MINUTE), "20 minutes");
        assert_eq!(span(en, -1), "none");
        assert_eq!(span(en, 0), "none");
        assert_eq!(span(en, 59_000), "under a minute");
        let fr = Lang::parse("fr").unwrap();
        assert_eq!(span(fr, 2 * DAY + HOUR), "2 jours 1 heure");
    }
}
