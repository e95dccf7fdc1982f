//! A take-back carried out: by its author while nobody has moved since, or once the opponents
//! accepted the request.

use crate::engine::Seat;
use crate::i18n::{Arg, Join};
use crate::store::ActionRow;
use crate::table::aftermath;
use crate::table::answer::Answer;
use crate::table::api::Context;
use crate::table::change;
use crate::table::change::{Change, OfferEffect};
use crate::table::conditional_replies;
use crate::table::live::Slot;
use crate::table::log::ActionKind;
use crate::table::present::board::with_note;
use crate::table::present::moves::taken_texts;
use crate::table::GameGuard;
use crate::table::Service;
use crate::{msg, tr};
use std::sync::Arc;

/// Logs `undo FROM` for `seat` and posts the position it returns to; `offers` says what
/// happens to the pending offer in the same transaction; `lead` opens the board's text (an
/// accepted request says so first).
#[allow(clippy::too_many_arguments)]
pub(crate) fn take_back(
    svc: &Service,
    ctx: &Context,
    slot: &Arc<Slot>,
    mut live: GameGuard<'_>,
    (seat, from): (Seat, u32),
    actions: &[ActionRow],
    offers: OfferEffect,
    lead: Option<String>,
) -> Answer {
    let lang = ctx.langs.channel;
    let game = live.running_game();
    let requester = live.who(lang, game, seat);
    let taken = taken_texts(lang, &live, game, actions, from, seat);
    let action = ActionRow {
        ply: live.ply + 1,
        kind: ActionKind::Undo,
        text: format!("undo {from}"),
        user_id: Some(ctx.user.id.clone()),
        seat: Some(seat),
        at_ms: svc.now_ms(),
    };
    let mut all = actions.to_vec();
    all.push(action.clone());
    let next = live
        .replay(&all)
        .map_err(|e| msg!("undo-cannot", error = e))?;
    let written = change::commit(
        svc,
        slot,
        &mut live,
        Change::new(action, next).offers(offers),
    )?;
    let head = with_note(
        lang,
        tr!(
            lang,
            "undo-takes-back",
            who = requester,
            moves = Arg::list(taken, Join::And)
        ),
        &written.notes,
    );
    let head = match lead {
        Some(lead) => format!("{lead}\n{head}"),
        None => head,
    };
    let game = live.id;
    let mut replies = aftermath::after_change(svc, slot, live, ctx, head, &written)?;
    // The conditional moves made for the positions taken back are gone: their authors
    // are told.
    replies.extend(conditional_replies::conditional_cleared(
        svc,
        game,
        &written.cleared,
    ));
    Ok(replies)
}
