//! Pauses by agreement, as rules (issue 28 item 4): when a game's clocks may be paused, how long
//! a pause may last and how many the players may agree to, and the time arithmetic of a turn
//! that stops and starts again.
//!
//! A pause freezes the turn of the player to move as a vacation does (no deadline, the time
//! left kept), and starting again moves the turn's deadline and the start its reminders count
//! from on by exactly the time it stood still: the player to move has the time they had, and
//! the reminders they had not had yet come as late as the pause lasted.

use super::clock::{ClockKind, DAY};
use crate::i18n::Msg;
use crate::msg;
use crate::store::clocks::TurnRow;
use crate::table::markup;

/// The longest a pause lasts: then the clocks start again by themselves.
pub(crate) const PAUSE_LIMIT: i64 = 14 * DAY;

/// How many pauses the players of one game may agree to (a moderator's are not counted).
pub(crate) const AGREED_PAUSES: u32 = 3;

/// What decides whether a game's clocks may be paused now.
pub(crate) struct PauseAsk<'a> {
    pub clock: ClockKind,
    /// The turn of the player to move (none while a computer player is to move).
    pub turn: Option<&'a TurnRow>,
    /// When the pause that lasts began.
    pub paused_since: Option<i64>,
    /// Pauses the players have agreed to so far.
    pub agreed: u32,
    /// A moderator pausing alone (not counted, not limited in number).
    pub moderator: bool,
}

/// Why the clocks cannot be paused, or `Ok` when they can.
pub(crate) fn may_pause(a: &PauseAsk) -> Result<(), Msg> {
    if a.clock == ClockKind::Untimed {
        return Err(msg!("pause-untimed"));
    }
    if let Some(since) = a.paused_since {
        return Err(msg!("pause-already", since = markup::stamp(since)));
    }
    // The time of a player who ran out is not the pause's to give back.
    if a.turn.is_some_and(|t| t.expired) {
        return Err(msg!("pause-expired"));
    }
    if !a.moderator && a.agreed >= AGREED_PAUSES {
        return Err(msg!("pause-too-many", most = AGREED_PAUSES));
    }
    Ok(())
}

/// The turn as a pause at `now` stops it: frozen, with exactly the time it had left. A turn
/// already frozen (its player on vacation), expired or untimed is left as it is.
pub(crate) fn stopped(t: &TurnRow, now: i64) -> TurnRow {
    match t.deadline_ms {
        Some(d) if t.total_ms > 0 && !t.expired => TurnRow {
            deadline_ms: None,
            left_ms: (d - now).max(0),
            ..t.clone()
        },
        _ => t.clone(),
    }
}

/// The turn as the clocks start again at `now` after a pause that began at `paused_at`: it
/// runs with the time it had left, and its start moves on by the time it stood still (since
/// the pause began, or since the turn began if that was during the pause), so that its
/// reminders keep their places. A turn that is not frozen is left as it is.
pub(crate) fn restarted(t: &TurnRow, paused_at: i64, now: i64) -> TurnRow {
    if t.deadline_ms.is_some() || t.total_ms <= 0 || t.expired {
        return t.clone();
    }
    let still = (now - paused_at.max(t.started_ms)).max(0);
    TurnRow {
        started_ms: t.started_ms + still,
        deadline_ms: Some(now + t.left_ms),
        ..t.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::super::clock::{turn_timers, HOUR, MINUTE};
    use super::*;

    fn running(started: i64, total: i64, sent: u8) -> TurnRow {
        TurnRow {
            game: 1,
            ply: 4,
            seat: 2,
            user_id: "u".into(),
            started_ms: started,
            deadline_ms: Some(started + total),
            left_ms: total,
            total_ms: total,
            sent,
            expired: false,
        }
    }

    /// The player to move gets back exactly the time they had when the pause began, and the
    /// deadline moves on by exactly the time the pause lasted.
    #[test]
    fn a_pause_keeps_the_time_left_exactly() {
        let t = running(1_000, 7 * DAY, 0);
        let at = 1_000 + 2 * DAY + 3 * HOUR + 17;
        let frozen = stopped(&t, at);
        assert_eq!(frozen.deadline_ms, None);
        assert_eq!(frozen.left_ms, 5 * DAY - 3 * HOUR - 17);
        let back = at + 9 * DAY + 41 * MINUTE + 3;
        let again = restarted(&frozen, at, back);
        assert_eq!(again.deadline_ms, Some(back + 5 * DAY - 3 * HOUR - 17));
        assert_eq!(
            again.deadline_ms.unwrap() - t.deadline_ms.unwrap(),
            back - at,
            "the deadline moves on by the pause, to the millisecond"
        );
        assert_eq!(again.started_ms, t.started_ms + (back - at));
        assert_eq!(again.left_ms, frozen.left_ms);
        // Everything else about the turn is kept.
        assert_eq!((again.ply, again.seat, again.total_ms), (4, 2, 7 * DAY));
    }

    /// Reminders not yet sent come as late as the pause lasted; those sent are not sent again.
    #[test]
    fn reminders_move_on_with_the_pause() {
        for sent in [0u8, 1, 3] {
            let t = running(0, 3 * DAY, sent);
            let at = DAY;
            let back = at + 4 * DAY + 5 * HOUR;
            let again = restarted(&stopped(&t, at), at, back);
            let shifted: Vec<_> = turn_timers(&t)
                .into_iter()
                .map(|(due, k)| (due + (back - at), k))
                .collect();
            assert_eq!(turn_timers(&again), shifted, "sent {sent}");
            assert!(
                turn_timers(&stopped(&t, at)).is_empty(),
                "nothing falls due while paused"
            );
        }
        // A short turn whose "12 hours before" fell before it began keeps it skipped.
        let short = running(0, 10 * HOUR, 0);
        let again = restarted(&stopped(&short, HOUR), HOUR, 3 * DAY);
        assert!(turn_timers(&again).iter().all(|(due, _)| *due > 3 * DAY));
    }

    /// A turn that began during the pause (a computer player moved) starts whole when the
    /// clocks start again; frozen, expired and untimed turns are left alone by a pause.
    #[test]
    fn turns_begun_during_a_pause_and_turns_left_alone() {
        let begun = TurnRow {
            deadline_ms: None,
            ..running(5 * HOUR, DAY, 0)
        };
        let again = restarted(&begun, HOUR, 2 * DAY);
        assert_eq!(again.started_ms, 2 * DAY);
        assert_eq!(again.deadline_ms, Some(3 * DAY));
        assert_eq!(turn_timers(&again), turn_timers(&running(2 * DAY, DAY, 0)));

        let expired = TurnRow {
            expired: true,
            ..running(0, DAY, 0)
        };
        assert_eq!(stopped(&expired, HOUR), expired);
        let untimed = TurnRow {
            deadline_ms: None,
            total_ms: 0,
            left_ms: 0,
            ..running(0, 0, 0)
        };
        assert_eq!(stopped(&untimed, HOUR), untimed);
        assert_eq!(restarted(&untimed, 0, HOUR), untimed);
        let live = running(0, DAY, 0);
        assert_eq!(
            restarted(&live, 0, HOUR),
            live,
            "a running turn is not moved"
        );
        // A pause at the very deadline keeps nothing, and never less than nothing.
        assert_eq!(stopped(&live, DAY + 5).left_ms, 0);
    }

    #[test]
    fn who_may_pause() {
        let t = running(0, DAY, 0);
        let ask = |clock, paused_since, agreed, moderator, expired: bool| {
            let turn = TurnRow {
                expired,
                ..t.clone()
            };
            may_pause(&PauseAsk {
                clock,
                turn: Some(&turn),
                paused_since,
                agreed,
                moderator,
            })
            .err()
            .map(|m| m.id.into_owned())
        };
        let no = |id: &str| Some(id.to_string());
        assert_eq!(ask(ClockKind::Fast, None, 0, false, false), None);
        assert_eq!(
            ask(ClockKind::Untimed, None, 0, false, false),
            no("pause-untimed")
        );
        assert_eq!(
            ask(ClockKind::Casual, Some(5), 0, true, false),
            no("pause-already")
        );
        assert_eq!(
            ask(ClockKind::Casual, None, 0, false, true),
            no("pause-expired")
        );
        assert_eq!(
            ask(ClockKind::Standard, None, AGREED_PAUSES, false, false),
            no("pause-too-many")
        );
        assert_eq!(
            ask(ClockKind::Standard, None, AGREED_PAUSES, true, false),
            None
        );
    }
}
