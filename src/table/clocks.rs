//! Correspondence clocks (issue 7): the clock chosen at `/new`, each turn's deadline kept in
//! the store, soft and hard timeouts, `/claim`, and the clock line on every board.
//!
//! Each turn's row is written with the change that starts it, in one transaction
//! (`turns.rs`); a deadline is consumed with what it does. So a crash never leaves a game and
//! its clock apart, and a deadline fires once.

use super::change::{Change, OfferEffect};
use super::live::{clock_of, Live, Slot};
use super::{lock, store_failure, Answer, Button, ChannelRef, Context, Refusal, Reply, Table};
use super::{UserRef, Visibility};
use crate::engine::{Leave, Seat};
use crate::i18n::{say, Lang, Msg};
use crate::store::clocks::TurnRow;
use crate::store::{ActionKind, ActionRow, Status, StoreError, TimerKind};
use crate::{msg, tr};
use std::sync::Arc;

pub(crate) const MINUTE: i64 = 60_000;
pub(crate) const HOUR: i64 = 60 * MINUTE;
pub(crate) const DAY: i64 = 24 * HOUR;

/// Two reminders closer than this are one (a fast clock's half is also its 12 hours).
const REMINDER_MERGE: i64 = HOUR;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClockKind {
    /// 7 days per move.
    Casual,
    /// 3 days, +1 day per move, at most 7 days banked.
    Standard,
    /// 1 day per move.
    Fast,
    Untimed,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Timeout {
    /// The others may claim the win (or vote the player out).
    Soft,
    /// The player is out as soon as their time runs out.
    Hard,
}

impl ClockKind {
    pub const ALL: [ClockKind; 4] = [
        ClockKind::Casual,
        ClockKind::Standard,
        ClockKind::Fast,
        ClockKind::Untimed,
    ];

    pub fn id(self) -> &'static str {
        match self {
            ClockKind::Casual => "casual",
            ClockKind::Standard => "standard",
            ClockKind::Fast => "fast",
            ClockKind::Untimed => "untimed",
        }
    }

    pub fn parse(word: &str) -> Option<ClockKind> {
        let w = word.trim().to_ascii_lowercase();
        ClockKind::ALL.into_iter().find(|k| k.id() == w)
    }

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

impl Timeout {
    pub fn id(self) -> &'static str {
        match self {
            Timeout::Soft => "soft",
            Timeout::Hard => "hard",
        }
    }
    pub fn parse(word: &str) -> Option<Timeout> {
        match word.trim().to_ascii_lowercase().as_str() {
            "soft" => Some(Timeout::Soft),
            "hard" => Some(Timeout::Hard),
            _ => None,
        }
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

/// `<t:1767657600:R>`: Discord shows it as "in 2 days"; the local channel prints it as is.
pub(crate) fn stamp(ms: i64) -> String {
    format!("<t:{}:R>", ms.div_euclid(1000))
}

pub(crate) use crate::i18n::span;

/// A reply in a channel, from the scheduler (no request to answer).
pub(crate) fn post(channel: &ChannelRef, text: impl Into<String>) -> Reply {
    Reply {
        channel: channel.clone(),
        visibility: Visibility::Public,
        text: text.into(),
        image: None,
        buttons: Vec::new(),
        mentions: Vec::new(),
    }
}

/// A direct message to `user`.
pub(crate) fn direct(user: &str, text: impl Into<String>) -> Reply {
    let channel = ChannelRef {
        id: format!("dm:{user}"),
        name: "dm".into(),
        guild: None,
    };
    Reply {
        visibility: Visibility::Direct(user.to_string()),
        ..post(&channel, text)
    }
}

/// The context the scheduler acts in: the bot in the game's channel, speaking its language.
pub(crate) fn bot_context(channel: &ChannelRef, lang: Lang) -> Context {
    Context {
        user: UserRef {
            id: "plateau".into(),
            name: "Plateau".into(),
        },
        channel: channel.clone(),
        can_manage: true,
        langs: super::Langs {
            user: lang,
            channel: lang,
        },
        ..Default::default()
    }
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

/// What the clock line of a board says.
pub(crate) fn clock_line(
    lang: Lang,
    kind: ClockKind,
    t: &TurnRow,
    name: &str,
    label: &str,
) -> String {
    let (state, until, left) = match t.deadline_ms {
        _ if t.expired => ("expired", String::new(), String::new()),
        Some(d) => ("running", stamp(d), String::new()),
        None => ("frozen", String::new(), span(lang, t.left_ms)),
    };
    tr!(
        lang,
        "clock-line",
        clock = kind.id(),
        state = state,
        name = name,
        label = label,
        until = until,
        left = left
    )
}

impl Table {
    /// The clock of a game, from the settings `/new` stored with it (untimed when none).
    pub(crate) fn clock_kind(&self, game: i64) -> Result<ClockChoice, StoreError> {
        let settings = self.store().game(game)?.map(|r| r.settings);
        Ok(clock_of(settings.as_deref().unwrap_or("{}")))
    }

    /// The open game with this id, from memory or the store.
    pub(crate) fn slot_of_game(&self, game: i64) -> Option<Arc<Slot>> {
        let row = super::logged("reading a game", self.store().game(game)).flatten()?;
        if let Some(s) = self.slot(&row.channel) {
            let mut live = lock(&s.live);
            if live.id == game {
                // Another process moved the game on: take the store's version.
                if live.ply != row.ply || live.status != row.status {
                    self.reload(&s, &mut live);
                }
                let open = live.status.is_open();
                drop(live);
                if !open {
                    self.remove_slot(&row.channel, &s);
                    return None;
                }
                return Some(s);
            }
        }
        if !row.status.is_open() {
            return None;
        }
        let live = {
            let store = self.store();
            match Live::load(&store, &row) {
                Ok(live) => live,
                Err(e) => {
                    tracing::error!("{e}");
                    return None;
                }
            }
        };
        self.insert_slot(live);
        self.slot(&row.channel)
    }

    /// The clock line for a game's board, if it has a clock.
    pub(crate) fn clock_status(&self, lang: Lang, game: i64) -> Option<String> {
        let (kind, _) = self.clock_kind(game).ok()?;
        if kind == ClockKind::Untimed {
            return None;
        }
        let turn = super::logged("reading a turn", self.store().turn(game))??;
        let slot = self.slot_of_game(game)?;
        // What the line needs from the game, copied out so that the store is read without it.
        let (name, label, others) = {
            let live = lock(&slot.live);
            let g = live.game.as_ref()?;
            let others: Vec<(String, String)> = live
                .seats
                .iter()
                .filter(|s| s.seat.is_some() && s.seat != Some(turn.seat))
                .map(|s| (s.user_id.clone(), s.name.clone()))
                .collect();
            (
                live.at_seat(turn.seat)?.name.clone(),
                g.seat_label(turn.seat),
                others,
            )
        };
        let mut line = clock_line(lang, kind, &turn, &name, &say(lang, &label));
        // The others' vacations show too: their clocks will be frozen when their turn comes.
        let away: Vec<&str> = others
            .iter()
            .filter(|(id, _)| matches!(self.store().vacation(id), Ok(Some(_))))
            .map(|(_, name)| name.as_str())
            .collect();
        if !away.is_empty() {
            line.push(' ');
            line.push_str(&tr!(lang, "clock-others-away", names = away.join(", ")));
        }
        Some(line)
    }

    /// A deadline fell due: a soft timeout opens the claim, a hard one removes the player.
    /// The timer is consumed in the same transaction as what it does, so a crash can neither
    /// lose a deadline nor fire it twice.
    pub(crate) fn fire_deadline(&self, timer: i64, game: i64, ply: u32) -> Vec<Reply> {
        // Bound first: a guard alive in a `match` scrutinee lives through its arms.
        let turn = self.store().turn(game);
        let turn = match turn {
            Ok(Some(t)) if t.ply == ply && !t.expired && t.deadline_ms.is_some() => t,
            Ok(_) => return self.drop_timer(timer),
            Err(e) => {
                tracing::error!("clock of game {game}: {e}");
                return Vec::new();
            }
        };
        let Some(slot) = self.slot_of_game(game) else {
            return self.drop_timer(timer);
        };
        let (kind, timeout) = lock(&slot.live).clock;
        if timeout == Timeout::Hard {
            return match self.remove_on_time(&slot, &turn, None, kind, Some(timer)) {
                Ok(replies) => replies,
                Err(Refusal(why)) => {
                    tracing::warn!("deadline of game {game}: {}", why.english());
                    self.drop_timer(timer)
                }
            };
        }
        let expired = self.store().atomically(|s| {
            if !s.take_timer(timer)? {
                return Ok(false);
            }
            s.set_expired(game, ply)?;
            Ok(true)
        });
        match expired {
            Ok(true) => {}
            Ok(false) => return Vec::new(),
            Err(e) => {
                tracing::error!("clock of game {game}: {e}");
                return Vec::new();
            }
        }
        // The notice: names from the game, then the others' settings from the store.
        let notice = {
            let live = lock(&slot.live);
            let Some(g) = live.game.as_ref() else {
                return Vec::new();
            };
            let lang = self.channel_lang(&live.channel);
            let out: Vec<Seat> = live.left_seats.clone();
            let others: Vec<String> = live
                .seats
                .iter()
                .filter(|s| s.seat.is_some_and(|x| x != turn.seat && !out.contains(&x)))
                .map(|s| s.user_id.clone())
                .collect();
            (
                live.who(lang, g, turn.seat),
                g.players(),
                others,
                live.channel.clone(),
                (live.id, live.ply),
                lang,
            )
        };
        let (who, players, others, channel, version, lang) = notice;
        let pings: Vec<String> = others.iter().map(|u| format!("<@{u}>")).collect();
        let mut r = post(
            &channel,
            tr!(
                lang,
                "clock-ran-out",
                who = who,
                clock = kind.id(),
                two = if players == 2 { "yes" } else { "no" },
                pings = if players == 2 {
                    pings.first().cloned().unwrap_or_else(|| "<@>".into())
                } else {
                    pings.join(", ")
                }
            ),
        );
        // Named in the text, but pinged only outside their quiet hours and when they take
        // channel pings (not the daily digest).
        let now = self.now_ms();
        r.mentions = others
            .into_iter()
            .filter(|u| {
                let settings =
                    super::logged("reading settings", self.store().settings(u)).unwrap_or_default();
                !settings.digest && !super::reminders::in_quiet(&settings, now)
            })
            .collect();
        r.buttons.push(Button {
            label: tr!(lang, "button-claim"),
            command: "/claim".into(),
            game: Some(version),
        });
        vec![r]
    }

    /// Forgets a timer that has nothing left to do (its turn is over).
    pub(crate) fn drop_timer(&self, timer: i64) -> Vec<Reply> {
        let taken = self.store().take_timer(timer);
        if let Err(e) = taken {
            tracing::error!("scheduler: {e}");
        }
        Vec::new()
    }

    /// Takes the timed-out seat out of the game through the engine's resignation (the game
    /// ends if the rules say so) and posts the board. `timer`: the deadline that did it,
    /// consumed in the same transaction.
    fn remove_on_time(
        &self,
        slot: &Arc<Slot>,
        turn: &TurnRow,
        by: Option<&Context>,
        kind: ClockKind,
        timer: Option<i64>,
    ) -> Answer {
        let mut live = lock(&slot.live);
        if live.status != Status::Active || live.ply != turn.ply {
            return Err(msg!("clock-moved-on").into());
        }
        let game = live.game.as_ref().ok_or_else(|| msg!("clock-no-state"))?;
        let mut next = game.clone();
        next.resign(turn.seat, Leave::TimedOut)
            .map_err(|e| msg!("clock-cannot-leave", error = e.msg()))?;
        let ctx = by
            .cloned()
            .unwrap_or_else(|| bot_context(&live.channel, self.channel_lang(&live.channel)));
        let lang = ctx.langs.channel;
        let who = live.who(lang, game, turn.seat);
        let action = ActionRow {
            ply: live.ply + 1,
            kind: ActionKind::Resign,
            text: "timeout".into(),
            user_id: by.map(|c| c.user.id.clone()),
            seat: Some(turn.seat),
            at_ms: self.now_ms(),
        };
        let by_user = by.map_or_else(|| "plateau".to_string(), |c| c.user.id.clone());
        let change = Change {
            timer,
            // The seat the offer was made for is gone: whatever waited lapses.
            offers: OfferEffect::Lapse { by: by_user },
            ..Change::new(action, next)
        };
        let note = self.commit(slot, &mut live, change)?;
        let mut head = match by {
            None => tr!(lang, "clock-hard-timeout", who = who, clock = kind.id()),
            Some(c) if live.game.as_ref().is_some_and(|g| g.players() == 2) => tr!(
                lang,
                "clock-claimed",
                claimer = c.user.name.as_str(),
                who = who
            ),
            Some(_) => tr!(lang, "clock-voted-out", who = who),
        };
        head = super::change::with_note(lang, head, note);
        let id = live.id;
        let mut replies = self.after_change(slot, live, &ctx, head)?;
        self.decorate(id, &ctx.channel, &mut replies);
        Ok(replies)
    }

    /// `/claim`: after a soft timeout, the opponent claims the win (2 players) or the others
    /// vote the player out (a majority of them).
    pub(crate) fn claim(&self, ctx: &Context) -> Answer {
        let slot = self.open_slot(ctx)?;
        let (id, seat, players, claimers, (kind, _), out) = {
            let live = lock(&slot.live);
            if live.status != Status::Active {
                return Err(msg!("clock-claim-no-game").into());
            }
            let seat = live
                .seat_of(&ctx.user.id)
                .ok_or_else(|| Refusal(msg!("clock-claim-not-player")))?;
            let g = live.game.as_ref().ok_or_else(|| msg!("clock-no-state"))?;
            (
                live.id,
                seat,
                g.players(),
                live.seats.len(),
                live.clock,
                live.left_seats.clone(),
            )
        };
        if kind == ClockKind::Untimed {
            return Err(msg!("clock-claim-untimed").into());
        }
        if out.contains(&seat) {
            return Err(msg!("clock-claim-out").into());
        }
        let turn = self
            .store()
            .turn(id)
            .map_err(store_failure)?
            .ok_or_else(|| msg!("clock-claim-nobody"))?;
        if turn.seat == seat {
            return Err(msg!("clock-claim-own-turn").into());
        }
        if !turn.expired {
            return Err(match turn.deadline_ms {
                Some(d) => msg!("clock-claim-still-time", until = stamp(d)),
                None => msg!("clock-claim-vacation"),
            }
            .into());
        }
        if players == 2 {
            return self.remove_on_time(&slot, &turn, Some(ctx), kind, None);
        }
        // Those still in the game besides the one out of time decide.
        let voters = (claimers as u8).saturating_sub(1 + out.len() as u8).max(1) as usize;
        let need = voters / 2 + 1;
        let (fresh, votes) = self
            .store()
            .atomically(|s| {
                let fresh = s.add_vote(id, turn.ply, &ctx.user.id)?;
                Ok((fresh, s.votes(id, turn.ply)?))
            })
            .map_err(store_failure)?;
        if votes.len() >= need {
            return self.remove_on_time(&slot, &turn, Some(ctx), kind, None);
        }
        let live = lock(&slot.live);
        let name = live
            .at_seat(turn.seat)
            .map(|s| s.name.clone())
            .unwrap_or_default();
        let lang = ctx.langs.channel;
        let text = tr!(
            lang,
            "clock-vote",
            voter = ctx.user.name.as_str(),
            fresh = if fresh { "yes" } else { "no" },
            name = name,
            votes = votes.len(),
            need = need
        );
        let mut r = post(&live.channel, text);
        r.buttons.push(Button {
            label: tr!(lang, "button-claim"),
            command: "/claim".into(),
            game: Some((live.id, live.ply)),
        });
        Ok(vec![r])
    }
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
    fn spans_and_stamps() {
        let en = Lang::EN;
        assert_eq!(span(en, 2 * DAY + 3 * HOUR + 5 * MINUTE), "2 days 3 hours");
        assert_eq!(span(en, DAY), "1 day");
        assert_eq!(span(en, 5 * HOUR + 30 * MINUTE), "5 hours 30 minutes");
        assert_eq!(span(en, 20 * MINUTE), "20 minutes");
        assert_eq!(span(en, -1), "0 minutes");
        let fr = Lang::parse("fr").unwrap();
        assert_eq!(span(fr, 2 * DAY + HOUR), "2 jours 1 heure");
        assert_eq!(stamp(1_767_225_600_999), "<t:1767225600:R>");
    }
}
