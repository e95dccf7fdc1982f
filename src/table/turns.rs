//! Whose turn it is and until when: the clock row of a running game, written in the same
//! transaction as the change that moved the game on (a move, a resignation, an undo, a
//! start), so that a crash leaves the game and its clock both before or both after.
//!
//! [`advance`] is the one place that computes a turn. It runs inside [`Store::atomically`]
//! with the change itself; [`crate::table::turns::repair_clock`] runs it on its own for rows written by an
//! older version (which stored the clock after the move) or damaged by hand.

use super::live::{Live, TableError};
use super::policy::clock::{turn_timers, ClockKind};
use super::policy::quiet::{in_quiet, quiet_end};
use crate::engine::{events::Event, Seat};
use crate::rating::Applied;
use crate::store::clocks::TurnRow;
use crate::store::{ActionKind, MoveReads, SeatRow, Status, Store, StoreError, TimerKind};
use crate::table::Service;

/// What a change did to a game, as the clock needs it.
pub(crate) struct TurnInput<'a> {
    pub game: i64,
    /// The game's version after the change.
    pub ply: u32,
    pub status: Status,
    pub clock: ClockKind,
    /// The seat to move after the change and who sits there.
    pub mover: Option<(Seat, &'a SeatRow)>,
    /// When the change happened: the new turn starts then.
    pub at_ms: i64,
    /// The kind and seat of the action that made the change (`None` at the start).
    pub last: Option<(ActionKind, Option<Seat>)>,
}

/// Brings the game's turn row (and its timers and the standard clock's banks) to the state
/// after the change described by `c`. Idempotent: a row already at `c.ply` is left alone.
pub(crate) fn advance(s: &mut Store, c: &TurnInput) -> Result<(), StoreError> {
    advance_knowing(s, c, None).map(drop)
}

/// [`advance`], given what the change read before (`Store::move_reads`, about `c.mover`, and
/// with the turn unchanged since: no pause ended), and returning the turn row it leaves.
pub(crate) fn advance_knowing(
    s: &mut Store,
    c: &TurnInput,
    known: Option<&MoveReads>,
) -> Result<Option<TurnRow>, StoreError> {
    let prev = match known {
        Some(k) => k.turn.clone(),
        None => s.turn(c.game)?,
    };
    if c.status != Status::Active {
        if prev.is_some() {
            s.clear_turn(c.game)?;
        }
        return Ok(None);
    }
    if prev.as_ref().is_some_and(|p| p.ply == c.ply) {
        return Ok(prev);
    }
    // A computer player has no clock: it never times out, nor is it reminded.
    let Some((seat, user)) = c
        .mover
        .and_then(|(seat, r)| Some((seat, r.occupant().human()?)))
    else {
        // Running but nobody to time (a computer player's turn; otherwise never seen, but a
        // clock must not guess).
        if prev.is_some() {
            s.clear_turn(c.game)?;
        }
        return Ok(None);
    };
    // What was read is about this seat and user only.
    let known = known.filter(|k| k.seat == seat && k.user == user);
    let t = c.at_ms;
    if let Some(p) = prev.as_ref().filter(|p| p.seat == seat) {
        // The same player is still to move (another player left): the turn goes on.
        let same = TurnRow {
            ply: c.ply,
            ..p.clone()
        };
        s.put_turn(&same, &turn_timers(&same))?;
        return Ok(Some(same));
    }
    // Only a move earns the standard clock's day (not an undo, nor someone leaving).
    let moved = prev
        .as_ref()
        .filter(|p| matches!(c.last, Some((ActionKind::Move, s)) if s == Some(p.seat)));
    if let Some(p) = moved.filter(|p| p.total_ms > 0) {
        let left = match p.deadline_ms {
            _ if p.expired => 0,
            Some(d) => d - t,
            None => p.left_ms,
        }
        .max(0);
        let bank = (c.clock == ClockKind::Standard).then(|| ClockKind::bank_after(left));
        s.set_bank(c.game, p.seat, bank, left)?;
    }
    // The seat's bank is not the one just set: that was the previous mover's, another seat.
    let (bank, left_at_move) = match known {
        Some(k) => k.bank,
        None => s.bank(c.game, seat)?,
    };
    let total = c.clock.turn_time(bank);
    // A taken-back move resumes its player's turn with the time they had when they made it,
    // so that an undo never buys time.
    let undone = matches!(c.last, Some((ActionKind::Undo, _)));
    let left = match left_at_move {
        Some(l) if undone && total > 0 => l.min(total),
        _ => total,
    };
    // A turn that begins while the game is paused waits, frozen whole, for the clocks.
    // A game without a pause when the change began has none now.
    let frozen = total > 0
        && (s.vacation(user)?.is_some()
            || (known.is_none_or(|k| k.pause) && super::pauses::paused(s, c.game)?));
    let turn = TurnRow {
        game: c.game,
        ply: c.ply,
        seat,
        user_id: user.to_string(),
        started_ms: t,
        deadline_ms: (total > 0 && !frozen).then_some(t + left),
        left_ms: left,
        total_ms: total,
        sent: 0,
        expired: false,
    };
    let mut timers = turn_timers(&turn);
    // The turn-start ping of a player in quiet hours waits for them to end (the board that
    // announces the turn names them without a ping: `Table::decorate`).
    let settings = match known {
        Some(k) => k.settings.clone(),
        None => s.settings(user)?,
    };
    if !settings.digest && in_quiet(&settings, t) {
        let end = quiet_end(&settings, t);
        if turn.deadline_ms.is_none_or(|d| end < d) {
            timers.push((end, TimerKind::Ping));
        }
    }
    s.put_turn(&turn, &timers)?;
    Ok(Some(turn))
}

/// What a board says beyond the position, read in the transaction of the change that made it
/// (or once, for a board shown again): whom it pings, its clock line, the rating changes.
#[derive(Clone, Debug, Default)]
pub(crate) struct TurnNews {
    /// The player to move is pinged (a new turn); false for a board shown again on request.
    pub ping: bool,
    /// The player to move takes no ping now (the daily digest instead, or quiet hours when the
    /// turn began): named, not mentioned; their ping timer was armed with the turn.
    pub hold_ping: bool,
    /// The player to move takes turn notices by direct message (`/settings notify:`), and
    /// may be sent one now (not on the digest nor in quiet hours).
    pub notify_dm: bool,
    /// Who follows the game (`/follow`): its board goes to them by direct message.
    pub followers: Vec<String>,
    /// The running clock of a timed game.
    pub clock: Option<ClockNews>,
    /// The rating changes of the game the change ended.
    pub ratings: Option<Vec<Applied>>,
    /// A rated game ended before every player had made a move, so it was not rated.
    pub unrated_early: bool,
    /// What the move did (captures, towers neutralised, players out), for a fresh board.
    pub happened: Vec<Event>,
}

impl TurnNews {
    /// A board shown again: nobody pinged.
    pub fn quiet(self) -> TurnNews {
        TurnNews {
            ping: false,
            ..self
        }
    }
}

/// A timed game's turn as its board shows it.
#[derive(Clone, Debug)]
pub(crate) struct ClockNews {
    pub kind: ClockKind,
    pub turn: TurnRow,
    /// Names of the other players on vacation (their clocks freeze when their turn comes).
    pub away: Vec<String>,
    /// The pause that stops the game's clocks.
    pub paused: Option<crate::store::PauseRow>,
}

/// The first turn of a game just started (`/start`, or a game a challenge, a seek or a tournament
/// opened): its row and timers, inside the start's transaction, and what its board says (the
/// first player pinged unless they hold pings).
pub(crate) fn first_turn(
    s: &mut Store,
    started: &Live,
    at_ms: i64,
) -> Result<TurnNews, StoreError> {
    let mover = started
        .game
        .as_ref()
        .and_then(|g| g.to_move())
        .and_then(|seat| started.at_seat(seat).map(|r| (seat, r)));
    advance(
        s,
        &TurnInput {
            game: started.id,
            ply: started.ply,
            status: Status::Active,
            clock: started.settings.clock,
            mover,
            at_ms,
            last: None,
        },
    )?;
    Ok(TurnNews {
        ping: true,
        ..turn_news(s, started)?
    })
}

/// What a board says about the game's turn, read from the store (inside the transaction of the
/// change that made the board, or once for a board shown again). Reads that fail only thin
/// out the board; they never refuse the change.
pub(crate) fn turn_news(s: &Store, live: &Live) -> Result<TurnNews, StoreError> {
    turn_news_knowing(s, live, None)
}

/// [`turn_news`], given what the change read and wrote: its first read (`Store::move_reads`)
/// and the turn row its last `advance_knowing` left.
pub(crate) fn turn_news_knowing(
    s: &Store,
    live: &Live,
    known: Option<(&MoveReads, Option<TurnRow>)>,
) -> Result<TurnNews, StoreError> {
    // Read here, in the change's transaction, for the direct messages its board brings.
    let followers = match known {
        Some((k, _)) if !k.followers => Vec::new(),
        _ => s.followers(live.id)?,
    };
    let turn = match &known {
        Some((_, turn)) => turn.clone(),
        None => s.turn(live.id)?,
    };
    let Some(turn) = turn else {
        return Ok(TurnNews {
            followers,
            ..TurnNews::default()
        });
    };
    let (settings, notify) = match known {
        Some((k, _)) if k.user == turn.user_id => (k.settings.clone(), k.notify),
        _ => (
            s.settings(&turn.user_id).unwrap_or_default(),
            s.notify(&turn.user_id).unwrap_or_default(),
        ),
    };
    // The turn's start is the moment `advance` judged quiet hours by.
    let held = settings.digest || in_quiet(&settings, turn.started_ms);
    // A player who takes turn notices by direct message is named on the board, not pinged.
    let hold_ping = held || !notify.in_channel();
    let clock = (live.settings.clock != ClockKind::Untimed).then(|| {
        // The others' vacations show too: their clocks will be frozen when their turn comes.
        let away = live
            .seats
            .iter()
            .filter(|r| r.seat.is_some() && r.seat != Some(turn.seat))
            .filter(|r| matches!(s.vacation(&r.user_id), Ok(Some(_))))
            .map(|r| r.name.clone())
            .collect();
        ClockNews {
            kind: live.settings.clock,
            turn: turn.clone(),
            away,
            paused: s.pause(live.id).ok().flatten(),
        }
    });
    Ok(TurnNews {
        ping: false,
        hold_ping,
        notify_dm: !held && notify.by_dm(),
        followers,
        clock,
        ratings: None,
        unrated_early: false,
        happened: Vec::new(),
    })
}

/// Re-derives the turn row of `game` from its log when it is missing or behind (rows
/// written by an older version, which stored the clock after the move). The game's lock is
/// taken first and the store's inside it, the service's lock order.
pub(crate) fn repair_clock(svc: &Service, game: i64) -> Result<(), TableError> {
    let Some(slot) = svc.slot_of_game(game) else {
        // Finished, aborted or damaged: a finished game keeps no turn.
        let mut store = svc.store();
        let row = store.game(game)?;
        if row.is_some_and(|r| r.status != Status::Active) && store.turn(game)?.is_some() {
            store.clear_turn(game)?;
        }
        return Ok(());
    };
    let live = super::lock(&slot.live);
    let mut store = svc.store();
    let last = store.last_action(game)?;
    let mover = live
        .game
        .as_ref()
        .and_then(|g| g.to_move())
        .and_then(|seat| live.at_seat(seat).map(|r| (seat, r)));
    let at_ms = match store.game(game)? {
        Some(row) => row.updated_ms,
        None => return Ok(()),
    };
    let input = TurnInput {
        game,
        ply: live.ply,
        status: live.status,
        clock: live.settings.clock,
        mover,
        at_ms,
        last,
    };
    store.atomically(|s| advance(s, &input))?;
    Ok(())
}
