//! The scheduler: [`Table::tick`] runs every timer of the store that fell due on the service's
//! clock (reminders, deadlines, digests, vacations running out), and the turn-start ping is
//! adjusted to each player's `/settings` (quiet hours, digest instead of pings).
//!
//! Timers live only in SQLite; a tick first re-derives every turn that is behind its game's
//! log, so a restarted service (or one that crashed between a move and its clock) re-arms
//! everything before firing anything. A timer is deleted by the one tick that fires it.

use super::clocks::{direct, post, stamp, ClockKind, MINUTE};
use super::{lock, Button, ChannelRef, Command, Reply, Request, Table, Visibility};
use crate::store::clocks::{TimerRow, UserSettings};
use crate::store::TimerKind;
use crate::tr;

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

/// How long a claimed timer stays this process's: a process that dies after claiming leaves
/// its timers to another after this (firing takes milliseconds; ticks come every ~30 s).
pub(crate) const CLAIM_LEASE_MS: i64 = 60_000;

impl Table {
    /// Runs whatever fell due by the clock's time and returns what the bot posts. Each timer
    /// is consumed in the same transaction as what it changes, so it fires once; one that
    /// fails (the store refused) is retried at the next tick, not in a loop.
    pub(crate) fn run_due(&self) -> Vec<Reply> {
        let now = self.now_ms();
        let mut out = Vec::new();
        let ticked = self.store().set_last_tick(now);
        if let Err(e) = ticked {
            tracing::error!("scheduler: {e}");
        }
        let mut failed: Vec<i64> = Vec::new();
        let mut claimed = 0;
        // Firing can arm more timers (a reminder held back by quiet hours); they are later
        // than now, so a few rounds always finish.
        for _ in 0..8 {
            let due =
                self.store()
                    .claim_due_timers(now, &self.owner, now + CLAIM_LEASE_MS, self.shards);
            let due: Vec<TimerRow> = match due {
                Ok(d) => d.into_iter().filter(|t| !failed.contains(&t.id)).collect(),
                Err(e) => {
                    tracing::error!("scheduler: {e}");
                    break;
                }
            };
            if due.is_empty() {
                break;
            }
            claimed += due.len();
            for (i, t) in due.iter().enumerate() {
                // After a long silence several reminders of one turn fall due at once: only
                // the latest speaks (and none once the deadline itself is due).
                let superseded = t.kind.is_reminder()
                    && due[i + 1..]
                        .iter()
                        .any(|u| u.game == t.game && u.ply == t.ply && u.kind != TimerKind::Ping);
                out.extend(self.fire(t, now, superseded));
                if matches!(self.store().timer_exists(t.id), Ok(true)) {
                    failed.push(t.id);
                }
            }
        }
        crate::ops::metrics::timers_due(claimed);
        out
    }

    fn fire(&self, t: &TimerRow, now: i64, superseded: bool) -> Vec<Reply> {
        use TimerKind::*;
        match (t.kind, t.game, t.ply, t.user_id.as_deref()) {
            (Deadline, Some(g), Some(p), _) => self.fire_deadline(t.id, g, p),
            (Half | Quarter | TwelveHours | Ping, Some(g), Some(p), _) => {
                self.fire_reminder(t, g, p, now, superseded)
            }
            (Digest, None, _, Some(u)) => self.fire_digest(t.id, u, now),
            (VacationEnd, None, _, Some(u)) => self.vacation_ran_out(t.id, u),
            _ => {
                tracing::error!("unknown timer {t:?}");
                self.drop_timer(t.id)
            }
        }
    }

    fn fire_reminder(
        &self,
        t: &TimerRow,
        game: i64,
        ply: u32,
        now: i64,
        superseded: bool,
    ) -> Vec<Reply> {
        // Bound first: a guard alive in a `match` scrutinee lives through its arms.
        let turn = self.store().turn(game);
        let turn = match turn {
            Ok(Some(turn)) if turn.ply == ply && !turn.expired => turn,
            Ok(_) => return self.drop_timer(t.id),
            Err(e) => {
                tracing::error!("scheduler: {e}");
                return Vec::new();
            }
        };
        if t.kind != TimerKind::Ping && turn.deadline_ms.is_none_or(|d| now >= d) {
            return self.drop_timer(t.id);
        }
        let bit = t.kind.sent_bit();
        let settings = super::logged("reading settings", self.store().settings(&turn.user_id))
            .unwrap_or_default();
        let quiet = !superseded && settings_allow(&settings, t.kind) && in_quiet(&settings, now);
        // Held back until quiet hours end (if that is before the deadline), or sent now.
        let later = quiet
            .then(|| quiet_end(&settings, now))
            .filter(|end| turn.deadline_ms.is_none_or(|d| *end < d));
        let taken = self.store().atomically(|s| {
            if !s.take_timer(t.id)? {
                return Ok(false);
            }
            match later {
                Some(end) => s.add_timer(end, t.kind, Some(game), Some(ply), Some(&turn.user_id)),
                None => s.mark_sent(game, ply, bit),
            }?;
            Ok(true)
        });
        match taken {
            Ok(true) => {}
            Ok(false) => return Vec::new(),
            Err(e) => {
                tracing::error!("scheduler: {e}");
                return Vec::new();
            }
        }
        if later.is_some() || superseded || quiet || !settings_allow(&settings, t.kind) {
            return Vec::new();
        }
        let Some(slot) = self.slot_of_game(game) else {
            return Vec::new();
        };
        let live = lock(&slot.live);
        if live.ply != ply {
            return Vec::new();
        }
        let lang = self.channel_lang(&live.channel);
        let who = format!("<@{}>", turn.user_id);
        let (game_title, id) = (live.kind.title(), live.id);
        let text = match (t.kind, turn.deadline_ms) {
            (TimerKind::Ping, d) => tr!(
                lang,
                "reminder-ping",
                who = who,
                game = game_title,
                id = id,
                timed = if d.is_some() { "yes" } else { "no" },
                until = d.map(stamp).unwrap_or_default()
            ),
            (k, d) => tr!(
                lang,
                "reminder",
                who = who,
                game = game_title,
                id = id,
                left = k.as_str(),
                until = stamp(d.unwrap_or(now))
            ),
        };
        let mut r = post(&live.channel, text);
        r.mentions = vec![turn.user_id.clone()];
        r.buttons.push(Button {
            label: tr!(lang, "button-moves"),
            command: "/moves".into(),
            game: Some((live.id, live.ply)),
        });
        vec![r]
    }

    fn fire_digest(&self, timer: i64, user: &str, now: i64) -> Vec<Reply> {
        let settings =
            super::logged("reading settings", self.store().settings(user)).unwrap_or_default();
        let taken = self.store().atomically(|s| {
            if !s.take_timer(timer)? {
                return Ok(false);
            }
            if settings.digest {
                s.add_timer(
                    next_digest(&settings, now),
                    TimerKind::Digest,
                    None,
                    None,
                    Some(user),
                )?;
            }
            Ok(true)
        });
        match taken {
            Ok(true) if settings.digest => {}
            Ok(_) => return Vec::new(),
            Err(e) => {
                tracing::error!("scheduler: {e}");
                return Vec::new();
            }
        }
        let text = self.digest_text(user);
        text.map(|t| vec![direct(user, t)]).unwrap_or_default()
    }

    /// "Your move in 2 games: ...", or `None` when it is the user's move in no game.
    pub(crate) fn digest_text(&self, user: &str) -> Option<String> {
        let lang = self.user_lang(user);
        let turns = super::logged("reading turns", self.store().turns_of(user))?;
        let mut lines = Vec::new();
        for t in &turns {
            let Ok(Some(row)) = self.store().game(t.game) else {
                continue;
            };
            let title = row.kind.title();
            let (state, until) = match t.deadline_ms {
                _ if t.expired => ("expired", String::new()),
                Some(d) => ("running", stamp(d)),
                None if t.total_ms > 0 => ("frozen", String::new()),
                None => ("untimed", String::new()),
            };
            lines.push(tr!(
                lang,
                "digest-line",
                game = title,
                id = row.id,
                channel = row.channel_name.as_str(),
                state = state,
                until = until
            ));
        }
        if lines.is_empty() {
            return None;
        }
        Some(format!(
            "{}\n{}",
            tr!(lang, "digest-head", n = lines.len()),
            lines.join("\n")
        ))
    }

    /// After a request: shows the clock on the boards it posted and names (without a ping)
    /// a player in quiet hours or on the daily digest. The clock itself was written with the
    /// change (`turns.rs`).
    pub(crate) fn clock_after(&self, req: &Request, before: Option<i64>, replies: &mut [Reply]) {
        let after = self.slot(&req.ctx.channel.id).map(|s| lock(&s.live).id);
        let Some(id) = after.or(before) else {
            return;
        };
        if let Command::New { .. } = req.command {
            if let Ok((kind, timeout)) = self.clock_kind(id) {
                if kind != ClockKind::Untimed {
                    if let Some(r) = replies
                        .iter_mut()
                        .find(|r| r.visibility == Visibility::Public)
                    {
                        r.text.push('\n');
                        r.text.push_str(&tr!(
                            req.ctx.langs.channel,
                            "clock-chosen",
                            clock = kind.describe(),
                            timeout = timeout.id()
                        ));
                    }
                }
            }
        }
        self.decorate(id, &req.ctx.channel, replies);
    }

    /// Adds the clock line to the boards of `game` among `replies` and takes the ping out for
    /// a player on the digest or in quiet hours (their ping timer was armed with the turn).
    pub(crate) fn decorate(&self, game: i64, channel: &ChannelRef, replies: &mut [Reply]) {
        let boards = replies.iter_mut().filter(|r| {
            r.visibility == Visibility::Public && r.image.is_some() && r.channel.id == channel.id
        });
        let lang = self.channel_lang(channel);
        for r in boards {
            if let Some(line) = self.clock_status(lang, game) {
                // A board decorated once already (a time-out's board, fired again) keeps
                // its one clock line.
                if !r.text.contains(&line) {
                    r.text.push('\n');
                    r.text.push_str(&line);
                }
            }
            let Ok(Some(turn)) = self.store().turn(game) else {
                continue;
            };
            if !r.mentions.contains(&turn.user_id) {
                continue;
            }
            let settings = super::logged("reading settings", self.store().settings(&turn.user_id))
                .unwrap_or_default();
            // The turn's start is the moment `turns::advance` judged quiet hours by.
            if !settings.digest && !in_quiet(&settings, turn.started_ms) {
                continue;
            }
            let name = self
                .slot_of_game(game)
                .and_then(|s| lock(&s.live).at_seat(turn.seat).map(|s| s.name.clone()))
                .unwrap_or_default();
            r.text = r.text.replace(&format!("<@{}>", turn.user_id), &name);
            r.mentions.retain(|m| *m != turn.user_id);
        }
    }

    /// The deadline of the player to move in `game`, if it runs (for `/mygames`).
    pub fn deadline_of(&self, game: i64) -> Option<i64> {
        super::logged("reading a turn", self.store().turn(game))??.deadline_ms
    }
}

/// Whether a reminder of `kind` goes out at all under these settings (the turn-start ping
/// always does, unless the digest replaces it).
fn settings_allow(s: &UserSettings, kind: TimerKind) -> bool {
    !s.digest && (kind == TimerKind::Ping || s.reminders)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::clocks::HOUR;

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
