//! The clocks of a paused game, in the store: stopping them (the pause, its time limit and the
//! frozen turn) and starting them again (the turn restarted where it stopped, unless its player
//! is on vacation). Each runs inside the transaction of what caused it — the accepted offer,
//! a moderator's `/pause`, a `/resume`, the limit's timer, or a move (`change.rs`) — so that a
//! crash leaves the game paused with a frozen turn, or running with a running one.
//!
//! The arithmetic is `policy/pause.rs`; the commands are `cmd/pause.rs`.

use super::log::ActionKind;
use super::policy::clock::turn_timers;
use super::policy::pause::{restarted, stopped, PAUSE_LIMIT};
use crate::i18n::Msg;
use crate::msg;
use crate::store::clocks::TurnRow;
use crate::store::{ActionRow, NewPause, PauseEnding, PauseRow, Status, Store, StoreError};

/// Stops the clocks of `game` at `now`: the pause (by agreement, or by the moderator `by`),
/// its time limit and the frozen turn. The turn as it now stands, if there is one.
pub(crate) fn stop_clocks(
    s: &mut Store,
    game: i64,
    now: i64,
    by: Option<(&str, &str)>,
) -> Result<Option<TurnRow>, StoreError> {
    s.start_pause(&NewPause {
        game,
        now_ms: now,
        until_ms: now + PAUSE_LIMIT,
        by,
    })?;
    let Some(turn) = s.turn(game)? else {
        return Ok(None);
    };
    let frozen = stopped(&turn, now);
    if frozen != turn {
        s.put_turn(&frozen, &turn_timers(&frozen))?;
    }
    Ok(Some(frozen))
}

/// Starts the clocks of `game` again at `now`: the pause ends (`how`, `by` who), and the turn
/// runs where it stopped unless its player is on vacation (then it stays frozen until they
/// come back). The pause that ended and the turn as it now stands; `None` when no pause lasted.
pub(crate) fn start_clocks(
    s: &mut Store,
    game: i64,
    now: i64,
    how: PauseEnding,
    by: Option<&str>,
) -> Result<Option<(PauseRow, Option<TurnRow>)>, StoreError> {
    let Some(pause) = s.end_pause(game, now, how, by)? else {
        return Ok(None);
    };
    let turn = match s.turn(game)? {
        Some(t) if s.vacation(&t.user_id)?.is_none() => {
            let running = restarted(&t, pause.started_ms, now);
            if running != t {
                s.put_turn(&running, &turn_timers(&running))?;
            }
            Some(running)
        }
        other => other,
    };
    Ok(Some((pause, turn)))
}

/// What a change of the game does to its pause, inside the change's transaction and before its
/// turn is computed: a person's move or take-back ends it (the game goes on: the clocks run
/// again, which the board says), the end of the game closes it, and anything else (a
/// computer player's move, a resignation in a game that goes on) leaves it, the next turn
/// frozen in its turn. `by_person`: a person, not a computer player, made the action.
pub(crate) fn settle(
    s: &mut Store,
    game: i64,
    action: &ActionRow,
    by_person: bool,
    status: Status,
) -> Result<Option<Msg>, StoreError> {
    if status != Status::Active {
        s.end_pause(game, action.at_ms, PauseEnding::End, None)?;
        return Ok(None);
    }
    if !matches!(action.kind, ActionKind::Move | ActionKind::Undo) || !by_person {
        return Ok(None);
    }
    let ended = start_clocks(
        s,
        game,
        action.at_ms,
        PauseEnding::Move,
        action.user_id.as_deref(),
    )?;
    Ok(ended.map(|_| msg!("pause-ended-by-move")))
}

/// Whether `game`'s clocks are paused (read by the turn that begins during a pause).
pub(crate) fn paused(s: &Store, game: i64) -> Result<bool, StoreError> {
    Ok(s.pause(game)?.is_some())
}
