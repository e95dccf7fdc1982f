//! A game's log, pure: what each row did ([`ActionKind`]), the actions that make the current
//! state once `undo` rows have taken some back, and what `/undo` would take back.
//!
//! The log is never rewritten: an `undo N` row says that the actions from ply N on no longer
//! count, and the state is rebuilt by replaying the log without them ([`effective`]).

use crate::engine::{Leave, Seat};
use crate::i18n::Msg;
use crate::msg;
pub(crate) use crate::store::ActionKind;
use crate::store::ActionRow;

/// The actions that make the current state, in order: the log without the actions taken back
/// by `undo` rows, the `undo` rows themselves and the `abort` row (which ends a game without
/// changing its position).
pub(crate) fn effective(actions: &[ActionRow]) -> Vec<&ActionRow> {
    let mut out: Vec<&ActionRow> = Vec::with_capacity(actions.len());
    for a in actions {
        match a.kind {
            ActionKind::Undo => {
                if let Some(from) = undo_from(&a.text) {
                    out.retain(|e| e.ply < from);
                }
            }
            ActionKind::Abort => {}
            _ => out.push(a),
        }
    }
    out
}

/// The first ply an `undo N` row takes back.
pub(crate) fn undo_from(text: &str) -> Option<u32> {
    text.strip_prefix("undo ")?.trim().parse().ok()
}

/// Plies taken back by some `undo` row.
pub(crate) fn undone(actions: &[ActionRow]) -> Vec<u32> {
    let kept: Vec<u32> = effective(actions).iter().map(|a| a.ply).collect();
    actions
        .iter()
        .filter(|a| {
            !matches!(a.kind, ActionKind::Undo | ActionKind::Abort) && !kept.contains(&a.ply)
        })
        .map(|a| a.ply)
        .collect()
}

/// Seats still playing: every seat but those removed by an action (resigned, timed out).
pub(crate) fn seats_in_play(players: Seat, actions: &[ActionRow]) -> Vec<Seat> {
    let eff = effective(actions);
    (1..=players)
        .filter(|&s| {
            !eff.iter().any(|a| {
                a.seat == Some(s) && !matches!(a.kind, ActionKind::Move | ActionKind::Draw)
            })
        })
        .collect()
}

/// What `/undo` by `seat` would take back: the ply of the seat's last move, and whether
/// another player has moved since (then the opponents must agree).
pub(crate) fn undo_plan(actions: &[ActionRow], seat: Seat) -> Result<(u32, bool), Msg> {
    let eff = effective(actions);
    let Some(pos) = eff
        .iter()
        .rposition(|a| a.kind == ActionKind::Move && a.seat == Some(seat))
    else {
        return Err(msg!("undo-nothing"));
    };
    if let Some(a) = eff[pos + 1..].iter().find(|a| a.kind != ActionKind::Move) {
        return Err(msg!("undo-blocked", ply = a.ply, kind = a.kind.as_str()));
    }
    let others = eff[pos + 1..].iter().any(|a| a.seat != Some(seat));
    Ok((eff[pos].ply, others))
}

/// How a logged `resign` action left the game: its text is `timeout` for a removal on time.
pub(crate) fn leave_of(text: &str) -> Leave {
    if text == "timeout" {
        Leave::TimedOut
    } else {
        Leave::Resigned
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(ply: u32, kind: ActionKind, text: &str, seat: Option<u8>) -> ActionRow {
        ActionRow {
            ply,
            kind,
            text: text.into(),
            user_id: None,
            seat,
            at_ms: 0,
        }
    }

    #[test]
    fn undo_rows_hide_what_they_take_back_and_nothing_else() {
        let log = vec![
            row(1, ActionKind::Move, "a", Some(1)),
            row(2, ActionKind::Move, "b", Some(2)),
            row(3, ActionKind::Undo, "undo 2", Some(2)),
            row(4, ActionKind::Move, "c", Some(2)),
            row(5, ActionKind::Move, "d", Some(1)),
            row(6, ActionKind::Move, "e", Some(2)),
            row(7, ActionKind::Undo, "undo 5", Some(1)),
        ];
        let texts: Vec<&str> = effective(&log).iter().map(|a| a.text.as_str()).collect();
        assert_eq!(texts, ["a", "c"]);
        assert_eq!(undone(&log), [2, 5, 6]);
    }

    #[test]
    fn own_last_move_is_free_until_another_player_moved() {
        let log = vec![
            row(1, ActionKind::Move, "a", Some(1)),
            row(2, ActionKind::Move, "b", Some(2)),
        ];
        assert_eq!(undo_plan(&log, 2), Ok((2, false)));
        assert_eq!(undo_plan(&log, 1), Ok((1, true)));
        assert!(undo_plan(&log[..1], 2)
            .unwrap_err()
            .english()
            .contains("no move"));
        // Several moves of one turn are taken back one at a time, freely.
        let turn = vec![
            row(1, ActionKind::Move, "a", Some(1)),
            row(2, ActionKind::Move, "b", Some(1)),
        ];
        assert_eq!(undo_plan(&turn, 1), Ok((2, false)));
    }

    #[test]
    fn a_resignation_cannot_be_undone_across() {
        let log = vec![
            row(1, ActionKind::Move, "a", Some(1)),
            row(2, ActionKind::Resign, "resign", Some(3)),
            row(3, ActionKind::Move, "b", Some(2)),
        ];
        assert!(undo_plan(&log, 1)
            .unwrap_err()
            .english()
            .contains("cannot be taken back"));
        assert_eq!(undo_plan(&log, 2), Ok((3, false)));
    }
}
