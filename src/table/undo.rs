//! `/undo`: taking back moves. A player takes back their own last move freely until another
//! player has moved; after that, `/undo` asks the opponents (an offer, see `offers.rs`), and
//! takes back everything from the player's last move on once they all accept.
//!
//! The log is never rewritten: an `undo N` row says that the actions from ply N on no longer
//! count, and the state is rebuilt by replaying the log without them ([`effective`]).

use super::change::{with_note, Change, OfferEffect};
use super::live::{Live, Slot};
use super::play::running_check;
use super::{lock, store_failure, Answer, Context, GameGuard, Refusal, Table};
use crate::engine::AnyGame;
use crate::engine::Seat;
use crate::i18n::{say, Arg, Join, Lang, Msg};
use crate::store::{ActionKind, ActionRow, OfferKind};
use crate::{msg, tr};
use std::sync::Arc;

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
pub(crate) fn seats_in_play(live: &Live, actions: &[ActionRow]) -> Vec<Seat> {
    let eff = effective(actions);
    let players = live.seats.iter().filter(|s| s.seat.is_some()).count() as Seat;
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

impl Table {
    pub(crate) fn undo(&self, ctx: &Context) -> Answer {
        let (slot, seat) = self.running(ctx)?;
        let live = lock(&slot.live);
        running_check(&live)?;
        let actions = self.store().actions(live.id).map_err(store_failure)?;
        let (from, others) = undo_plan(&actions, seat).map_err(Refusal)?;
        // Computer players agree to every take-back: only people are asked.
        let people_to_ask = seats_in_play(&live, &actions).into_iter().any(|s| {
            s != seat
                && live
                    .at_seat(s)
                    .is_some_and(|r| !crate::ai::is_bot(&r.user_id))
        });
        if others && people_to_ask {
            return self.make_offer(ctx, &slot, live, seat, OfferKind::Undo, Some(from));
        }
        // A free undo changes the position a pending offer was made in: it lapses.
        let offers = OfferEffect::Lapse {
            by: ctx.user.id.clone(),
        };
        self.take_back(ctx, &slot, live, seat, from, &actions, offers)
    }

    /// Logs `undo FROM` for `seat` and posts the position it returns to; `offers` says what
    /// happens to the pending offer in the same transaction.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn take_back(
        &self,
        ctx: &Context,
        slot: &Arc<Slot>,
        mut live: GameGuard<'_>,
        seat: Seat,
        from: u32,
        actions: &[ActionRow],
        offers: OfferEffect,
    ) -> Answer {
        let lang = ctx.langs.channel;
        let game = live.game.as_ref().expect("running games have a state");
        let requester = live.who(lang, game, seat);
        let taken = taken_texts(lang, &live, game, actions, from, seat);
        let action = ActionRow {
            ply: live.ply + 1,
            kind: ActionKind::Undo,
            text: format!("undo {from}"),
            user_id: Some(ctx.user.id.clone()),
            seat: Some(seat),
            at_ms: self.now_ms(),
        };
        let mut all = actions.to_vec();
        all.push(action.clone());
        let next = live
            .replay(&all)
            .map_err(|e| msg!("undo-cannot", error = e))?;
        let note = self.commit(slot, &mut live, Change::new(action, next).offers(offers))?;
        let head = with_note(
            lang,
            tr!(
                lang,
                "undo-takes-back",
                who = requester,
                moves = Arg::list(taken, Join::And)
            ),
            note,
        );
        self.after_change(slot, live, ctx, head)
    }
}

/// The moves from ply `from` on, those of other seats than `seat` with their player.
pub(crate) fn taken_texts(
    lang: Lang,
    live: &Live,
    game: &AnyGame,
    actions: &[ActionRow],
    from: u32,
    seat: Seat,
) -> Vec<String> {
    effective(actions)
        .iter()
        .filter(|a| a.ply >= from)
        .map(|a| match a.seat {
            Some(s) if s != seat => {
                let who = match live.at_seat(s) {
                    Some(r) => r.name.clone(),
                    None => say(lang, &game.seat_label(s)),
                };
                tr!(lang, "undo-whose-move", who = who, mv = a.text.as_str())
            }
            _ => a.text.clone(),
        })
        .collect()
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
