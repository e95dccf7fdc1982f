//! The scheduler: [`Table::tick`] runs every timer of the store that fell due on the service's
//! clock (reminders, deadlines, digests, vacations running out). When pings and reminders may
//! go out is the pure policy of `policy/quiet.rs`.
//!
//! Timers live only in SQLite; a tick first re-derives every turn that is behind its game's
//! log, so a restarted service (or one that crashed between a move and its clock) re-arms
//! everything before firing anything. A timer is deleted by the one tick that fires it.

use super::answer::{logged, Refusal};
use super::api::{Button, Reply};
use super::lock;
use super::markup::{mention, person, stamp};
use super::policy::quiet::{in_quiet, next_digest, quiet_end, settings_allow};
use super::policy::{GameSettings, Timeout};
use super::present::{direct, post};
use crate::engine::Seat;
use crate::i18n::Lang;
use crate::store::clocks::TimerRow;
use crate::store::{Notify, SeatRow, TimerKind};
use crate::table::cmd::claim;
use crate::table::cmd::settings;
use crate::table::languages_of;
use crate::table::pausing;
use crate::table::Service;
use crate::tr;

/// How long a claimed timer stays this process's: a process that dies after claiming leaves
/// its timers to another after this (firing takes milliseconds; ticks come every ~30 s).
pub(crate) const CLAIM_LEASE_MS: i64 = 60_000;

/// Runs whatever fell due by the clock's time and returns what the bot posts. Each timer
/// is consumed in the same transaction as what it changes, so it fires once; one that
/// fails (the store refused) is retried at the next tick, not in a loop.
pub(crate) fn run_due(svc: &Service) -> Vec<Reply> {
    let now = svc.now_ms();
    let mut out = Vec::new();
    let ticked = svc.store().set_last_tick(now);
    if let Err(e) = ticked {
        tracing::error!("scheduler: {e}");
    }
    let mut failed: Vec<i64> = Vec::new();
    let mut claimed = 0;
    // Firing can arm more timers (a reminder held back by quiet hours); they are later
    // than now, so a few rounds always finish.
    for _ in 0..8 {
        let due = svc
            .store()
            .claim_due_timers(now, &svc.owner, now + CLAIM_LEASE_MS, svc.shards);
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
            out.extend(fire(svc, t, now, superseded));
            if matches!(svc.store().timer_exists(t.id), Ok(true)) {
                failed.push(t.id);
            }
        }
    }
    crate::ops::metrics::timers_due(claimed);
    out
}

fn fire(svc: &Service, t: &TimerRow, now: i64, superseded: bool) -> Vec<Reply> {
    use TimerKind::*;
    match (t.kind, t.game, t.ply, t.user_id.as_deref()) {
        (Deadline, Some(g), Some(p), _) => fire_deadline(svc, t.id, g, p),
        (Half | Quarter | TwelveHours | Ping, Some(g), Some(p), _) => {
            fire_reminder(svc, t, g, p, now, superseded)
        }
        (Digest, None, _, Some(u)) => fire_digest(svc, t.id, u, now),
        (VacationEnd, None, _, Some(u)) => settings::vacation_ran_out(svc, t.id, u),
        (PauseEnd, Some(g), _, _) => pausing::pause_ran_out(svc, t.id, g),
        _ => {
            tracing::error!("unknown timer {t:?}");
            drop_timer(svc, t.id)
        }
    }
}

fn fire_reminder(
    svc: &Service,
    t: &TimerRow,
    game: i64,
    ply: u32,
    now: i64,
    superseded: bool,
) -> Vec<Reply> {
    // Bound first: a guard alive in a `match` scrutinee lives through its arms.
    let turn = svc.store().turn(game);
    let turn = match turn {
        Ok(Some(turn)) if turn.ply == ply && !turn.expired => turn,
        Ok(_) => return drop_timer(svc, t.id),
        Err(e) => {
            tracing::error!("scheduler: {e}");
            return Vec::new();
        }
    };
    if t.kind != TimerKind::Ping && turn.deadline_ms.is_none_or(|d| now >= d) {
        return drop_timer(svc, t.id);
    }
    let bit = t.kind.sent_bit();
    let settings =
        logged("reading settings", svc.store().settings(&turn.user_id)).unwrap_or_default();
    let quiet = !superseded && settings_allow(&settings, t.kind) && in_quiet(&settings, now);
    // Held back until quiet hours end (if that is before the deadline), or sent now.
    let later = quiet
        .then(|| quiet_end(&settings, now))
        .filter(|end| turn.deadline_ms.is_none_or(|d| *end < d));
    let taken = svc.store().atomically(|s| {
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
    let Some(slot) = svc.slot_of_game(game) else {
        return Vec::new();
    };
    let live = lock(&slot.live);
    if live.ply != ply {
        return Vec::new();
    }
    let lang = languages_of::channel_lang(svc, &live.channel);
    let (game_title, id) = (live.kind.title(), live.id);
    let say = |lang, who: String| match (t.kind, turn.deadline_ms) {
        (TimerKind::Ping, d) => tr!(
            lang,
            "reminder-ping",
            who,
            game = game_title,
            id,
            timed = if d.is_some() { "yes" } else { "no" },
            until = d.map(stamp).unwrap_or_default()
        ),
        (k, d) => tr!(
            lang,
            "reminder",
            who,
            game = game_title,
            id,
            left = k.as_str(),
            until = stamp(d.unwrap_or(now))
        ),
    };
    // Where the player takes turn notices (`/settings notify:`): a direct message names
    // them and says where the game is; the channel's reminder pings them.
    let notify = logged("reading notify", svc.store().notify(&turn.user_id)).unwrap_or_default();
    let mut out = Vec::new();
    if notify.by_dm() {
        let ulang = languages_of::user_lang_or(svc, &turn.user_id, lang);
        let name = live
            .seats
            .iter()
            .find(|s| s.user_id == turn.user_id)
            .map_or_else(|| turn.user_id.clone(), |s| s.name.clone());
        let place = super::markup::channel_link(
            &live.channel.id,
            live.channel.guild.as_deref(),
            &live.channel.name,
        );
        let text = format!("{} {}", say(ulang, name), tr!(ulang, "follow-where", place));
        let mut dm = direct(&turn.user_id, text);
        dm.channel = live.channel.clone();
        out.push(dm);
    }
    if notify.in_channel() {
        let mut r = post(&live.channel, say(lang, mention(&turn.user_id)));
        r.mentions = vec![turn.user_id.clone()];
        r.buttons.push(Button {
            label: tr!(lang, "button-moves"),
            command: "/moves".into(),
            game: Some((live.id, live.ply)),
        });
        out.push(r);
    }
    out
}

fn fire_digest(svc: &Service, timer: i64, user: &str, now: i64) -> Vec<Reply> {
    let settings = logged("reading settings", svc.store().settings(user)).unwrap_or_default();
    let taken = svc.store().atomically(|s| {
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
    let text = digest_text(svc, user);
    text.map(|t| vec![direct(user, t)]).unwrap_or_default()
}

/// "Your move in 2 games: ...", or `None` when it is the user's move in no game.
pub(crate) fn digest_text(svc: &Service, user: &str) -> Option<String> {
    let turns = logged("reading turns", svc.store().turns_of(user))?;
    let lang = languages_of::user_lang_for(svc, user, turns.first().map(|t| t.game));
    let mut lines = Vec::new();
    for t in &turns {
        let Ok(Some(row)) = svc.store().game(t.game) else {
            continue;
        };
        let title = row.kind.title();
        // Bound first: a guard alive in an `if let` scrutinee lives through its body.
        let paused = svc.store().pause(t.game);
        if let Ok(Some(p)) = paused {
            lines.push(tr!(
                lang,
                "pause-digest-line",
                game = title,
                id = row.id,
                channel = row.channel_name.as_str(),
                left = crate::table::markup::span(lang, t.left_ms),
                until = stamp(p.until_ms)
            ));
            continue;
        }
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
            state,
            until
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

/// A deadline fell due: a soft timeout opens the claim, a hard one removes the player.
/// The timer is consumed in the same transaction as what it does, so a crash can neither
/// lose a deadline nor fire it twice.
pub(crate) fn fire_deadline(svc: &Service, timer: i64, game: i64, ply: u32) -> Vec<Reply> {
    // Bound first: a guard alive in a `match` scrutinee lives through its arms.
    let turn = svc.store().turn(game);
    let turn = match turn {
        Ok(Some(t)) if t.ply == ply && !t.expired && t.deadline_ms.is_some() => t,
        Ok(_) => return drop_timer(svc, timer),
        Err(e) => {
            tracing::error!("clock of game {game}: {e}");
            return Vec::new();
        }
    };
    let Some(slot) = svc.slot_of_game(game) else {
        return drop_timer(svc, timer);
    };
    let GameSettings {
        clock: kind,
        timeout,
        ..
    } = lock(&slot.live).settings;
    if timeout == Timeout::Hard {
        return match claim::remove_on_time(svc, &slot, &turn, None, kind, Some(timer)) {
            Ok(replies) => replies,
            Err(Refusal(why)) => {
                tracing::warn!("deadline of game {game}: {}", why.english());
                drop_timer(svc, timer)
            }
        };
    }
    let expired = svc.store().atomically(|s| {
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
        let lang = languages_of::channel_lang(svc, &live.channel);
        let out: Vec<Seat> = live.left_seats.clone();
        let others: Vec<SeatRow> = live
            .seats
            .iter()
            .filter(|s| s.seat.is_some_and(|x| x != turn.seat && !out.contains(&x)))
            .cloned()
            .collect();
        // The player out of time as each language names them (direct messages are in
        // their reader's).
        let whos: Vec<(Lang, String)> = Lang::all()
            .map(|l| (l, live.who(l, g, turn.seat)))
            .collect();
        (
            whos,
            g.players(),
            others,
            live.channel.clone(),
            (live.id, live.ply),
            lang,
        )
    };
    let (whos, players, others, channel, version, lang) = notice;
    // Named in the text, but pinged only outside their quiet hours, when they take
    // channel pings (not the daily digest) and their notices in the channel
    // (`/settings notify:`); those who take them by direct message are named without a
    // ping and told there.
    let now = svc.now_ms();
    let reach = |s: &SeatRow| -> Option<Notify> {
        let u = s.occupant().human()?;
        let settings = logged("reading settings", svc.store().settings(u)).unwrap_or_default();
        if settings.digest || in_quiet(&settings, now) {
            return None;
        }
        Some(logged("reading notify", svc.store().notify(u)).unwrap_or_default())
    };
    let reached: Vec<(String, Notify)> = others
        .iter()
        .filter_map(|s| reach(s).map(|n| (s.user_id.clone(), n)))
        .collect();
    let pings: Vec<String> = others
        .iter()
        .map(|s| {
            let by_dm_only = reached
                .iter()
                .any(|(r, n)| *r == s.user_id && !n.in_channel());
            if by_dm_only {
                s.name.clone()
            } else {
                person(s)
            }
        })
        .collect();
    let ran_out = |lang: Lang| {
        let who = whos
            .iter()
            .find(|(l, _)| *l == lang)
            .map(|(_, w)| w.clone());
        tr!(
            lang,
            "clock-ran-out",
            who = who.unwrap_or_default(),
            clock = kind.id(),
            two = if players == 2 { "yes" } else { "no" },
            pings = if players == 2 {
                pings.first().cloned().unwrap_or_default()
            } else {
                pings.join(", ")
            }
        )
    };
    let mut r = post(&channel, ran_out(lang));
    let mut out = Vec::new();
    for (u, notify) in reached {
        if notify.in_channel() {
            r.mentions.push(u.clone());
        }
        if notify.by_dm() {
            let ulang = languages_of::user_lang_or(svc, &u, lang);
            let place =
                super::markup::channel_link(&channel.id, channel.guild.as_deref(), &channel.name);
            let text = format!("{}\n{}", ran_out(ulang), tr!(ulang, "follow-where", place));
            let mut dm = direct(&u, text);
            dm.channel = channel.clone();
            out.push(dm);
        }
    }
    r.buttons.push(Button {
        label: tr!(lang, "button-claim"),
        command: "/claim".into(),
        game: Some(version),
    });
    out.insert(0, r);
    out
}

/// Forgets a timer that has nothing left to do (its turn is over).
pub(crate) fn drop_timer(svc: &Service, timer: i64) -> Vec<Reply> {
    let taken = svc.store().take_timer(timer);
    if let Err(e) = taken {
        tracing::error!("scheduler: {e}");
    }
    Vec::new()
}
