//! `/undo`: taking back moves. A player takes back their own last move freely until another
//! player has moved; after that, `/undo` asks the opponents (an offer, see `offers.rs`), and
//! takes back everything from the player's last move on once they all accept. The arithmetic
//! of the log (what counts, what `/undo` would take back) is `log.rs`.

use crate::engine::{GameKind, Seat};
use crate::i18n::{Arg, Join};
use crate::store::{ActionRow, OfferKind};
use crate::table::answer::{store_failure, Answer, Refusal};
use crate::table::api::Context;
use crate::table::change::{Change, OfferEffect};
use crate::table::live::Slot;
use crate::table::log::{seats_in_play, undo_plan, ActionKind};
use crate::table::present::board::with_note;
use crate::table::present::lobby::running_check;
use crate::table::present::moves::taken_texts;
use crate::table::{lock, GameGuard, Table};
use crate::{msg, tr};
use std::sync::Arc;

impl Table {
    pub(crate) fn undo(&self, ctx: &Context) -> Answer {
        let (slot, seat) = self.running(ctx)?;
        let live = lock(&slot.live);
        running_check(&live)?;
        // Battle Zone: once a turn has passed, the next dice are on the board, and the seed
        // would roll them again: a turn taken back would be replayed knowing them. Actions
        // within one's own turn reveal nothing new and stay free to take back.
        let game = live.game.as_ref().expect("running games have a state");
        if live.kind == GameKind::Battlezone && game.to_move() != Some(seat) {
            let next = game.to_move().unwrap_or(seat);
            return Err(msg!(
                "undo-dice-rolled",
                who = live.who(ctx.langs.user, game, next)
            )
            .into());
        }
        let actions = self.store().actions(live.id).map_err(store_failure)?;
        let (from, others) = undo_plan(&actions, seat).map_err(Refusal)?;
        // Computer players agree to every take-back: only people are asked.
        let people_to_ask = seats_in_play(live.seated(), &actions).into_iter().any(|s| {
            s != seat
                && live
                    .at_seat(s)
                    .is_some_and(|r| !crate::ai::Occupant::of(&r.user_id).is_bot())
        });
        if others && people_to_ask {
            return self.make_offer(ctx, &slot, live, seat, OfferKind::Undo, Some(from));
        }
        // A free undo changes the position a pending offer was made in: it lapses.
        let offers = OfferEffect::Lapse {
            by: ctx.user.id.clone(),
        };
        self.take_back(ctx, &slot, live, (seat, from), &actions, offers, None)
    }

    /// Logs `undo FROM` for `seat` and posts the position it returns to; `offers` says what
    /// happens to the pending offer in the same transaction; `lead` opens the board's text (an
    /// accepted request says so first).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn take_back(
        &self,
        ctx: &Context,
        slot: &Arc<Slot>,
        mut live: GameGuard<'_>,
        (seat, from): (Seat, u32),
        actions: &[ActionRow],
        offers: OfferEffect,
        lead: Option<String>,
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
        let written = self.commit(slot, &mut live, Change::new(action, next).offers(offers))?;
        let head = with_note(
            lang,
            tr!(
                lang,
                "undo-takes-back",
                who = requester,
                moves = Arg::list(taken, Join::And)
            ),
            written.notes,
        );
        let head = match lead {
            Some(lead) => format!("{lead}\n{head}"),
            None => head,
        };
        let game = live.id;
        let mut replies =
            self.after_change(slot, live, ctx, head, &written.news, written.tournament)?;
        // The conditional moves made for the positions taken back are gone: their authors
        // are told.
        replies.extend(self.conditional_cleared(game, &written.cleared));
        Ok(replies)
    }
}
