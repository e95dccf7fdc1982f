//! Offers between the players of a game, below the commands that make and answer them
//! (`/draw`, `/pause`, `/undo`, `/accept`, `/decline`): an offer waits in the store (one
//! at a time per game) until every opponent still playing accepts it, one declines it, its
//! author withdraws it (`/decline` by the author), or the game changes under it: a move by an
//! opponent declines a draw offer (the offerer's own move does not: offering a draw with one's
//! move is the custom), and any move or take-back makes an undo request moot.

use crate::engine::{AnyGame, Seat};
use crate::i18n::{Arg, Join, Lang, Msg};
use crate::store::{ActionRow, NewOffer, OfferKind, OfferRow, OfferStatus, StoreError};
use crate::table::aftermath;
use crate::table::answer::{store_failure, Answer, Refusal};
use crate::table::api::Context;
use crate::table::change;
use crate::table::change::{Change, OfferEffect};
use crate::table::live::{Live, Slot};
use crate::table::log::{seats_in_play, ActionKind};
use crate::table::markup;
use crate::table::pausing;
use crate::table::present::board::with_note;
use crate::table::present::moves::taken_texts;
use crate::table::present::{accept_decline, public};
use crate::table::running::{Held, Running};
use crate::table::taking_back;
use crate::table::GameGuard;
use crate::table::Service;
use crate::{msg, tr};
use std::sync::Arc;

/// Records a pending offer by `seat` and asks the opponents to answer it.
pub(crate) fn make_offer(
    svc: &Service,
    ctx: &Context,
    held: Held<'_>,
    kind: OfferKind,
    target: Option<u32>,
) -> Answer {
    let game = held.game().clone();
    let game = &game;
    let Held {
        slot,
        mut live,
        seat,
    } = held;
    let actions = svc.store().actions(live.id).map_err(store_failure)?;
    let opponents: Vec<Seat> = seats_in_play(live.seated(), &actions)
        .into_iter()
        .filter(|&s| s != seat)
        .collect();
    let pending = svc.store().pending_offer(live.id).map_err(store_failure)?;
    if let Some(o) = pending {
        return Err(msg!(
            "offer-still-pending",
            offer = describe(ctx.langs.user, &live, game, &o, &actions, false)
        )
        .into());
    }
    let offer = NewOffer {
        game: live.id,
        kind,
        user_id: &ctx.user.id,
        seat,
        ply: live.ply,
        target,
        now_ms: svc.now_ms(),
    };
    // Bound first: the store's guard must be gone before `reload` takes it again.
    let created = svc.store().create_offer(&offer);
    match created {
        Ok(_) => {}
        Err(StoreError::Conflict) => {
            svc.reload(slot, &mut live);
            return Err(msg!("offer-race").into());
        }
        Err(e) => return Err(store_failure(e)),
    }
    let lang = ctx.langs.channel;
    let who = live.who(lang, game, seat);
    let taken = match kind {
        OfferKind::Draw | OfferKind::Pause => Vec::new(),
        OfferKind::Undo => taken_texts(lang, &live, game, &actions, target.unwrap_or(0), seat),
    };
    let pings: Vec<String> = opponents
        .iter()
        .filter_map(|&s| live.at_seat(s))
        .map(markup::person)
        .collect();
    let text = if kind == OfferKind::Pause {
        tr!(
            lang,
            "pause-offered",
            who,
            pings = pings.join(", "),
            opponents = opponents.len()
        )
    } else {
        tr!(
            lang,
            "offer-made",
            kind = kind_word(kind),
            who,
            moves = Arg::list(taken, Join::And),
            pings = pings.join(", "),
            opponents = opponents.len()
        )
    };
    let mut r = public(ctx, text);
    r.mentions = humans(&live, &opponents);
    r.buttons = accept_decline(lang, "/accept", Some((live.id, live.ply)));
    Ok(vec![r])
}

pub(crate) fn accept(svc: &Service, ctx: &Context) -> Answer {
    let running = Running::of(svc, ctx)?;
    let held = running.lock()?;
    let offer = pending(svc, &held.live)?;
    let game = held.game().clone();
    let game = &game;
    let Held { slot, live, seat } = held;
    // Moves settle offers as they land; anything else that changed the game since (a
    // removal on time, say) leaves an offer that no longer fits the position.
    let moot = match offer.kind {
        OfferKind::Undo => offer.ply != live.ply,
        OfferKind::Draw => game.clone().agree_draw().is_err(),
        OfferKind::Pause => pausing::pause_moot(svc, &live)?,
    };
    if moot {
        let _ = lapse_pending(svc, ctx.langs.channel, &live, &ctx.user.id);
        return Err(msg!("offer-moot").into());
    }
    let actions = svc.store().actions(live.id).map_err(store_failure)?;
    let me = ctx.langs.user;
    if offer.user_id == ctx.user.id {
        return Err(msg!(
            "offer-yours",
            offer = describe(me, &live, game, &offer, &actions, true)
        )
        .into());
    }
    let opponents: Vec<Seat> = seats_in_play(live.seated(), &actions)
        .into_iter()
        .filter(|&s| s != offer.seat)
        .collect();
    if !opponents.contains(&seat) {
        return Err(msg!("offer-not-playing").into());
    }
    if offer.accepted_by.contains(&ctx.user.id) {
        return Err(msg!(
            "offer-already-accepted",
            offer = describe(me, &live, game, &offer, &actions, false)
        )
        .into());
    }
    let now = svc.now_ms();
    let mut accepted = offer.accepted_by.clone();
    accepted.push(ctx.user.id.clone());
    let waiting: Vec<Seat> = opponents
        .iter()
        .copied()
        .filter(|&s| {
            // Computer players agree to every take-back (they are there for practice), and
            // to every pause (they have no clock).
            live.at_seat(s).is_some_and(|r| {
                let agrees = matches!(offer.kind, OfferKind::Undo | OfferKind::Pause) && r.is_bot();
                !accepted.contains(&r.user_id) && !agrees
            })
        })
        .collect();
    let lang = ctx.langs.channel;
    let who = live.who(lang, game, seat);
    if !waiting.is_empty() {
        let accepted = svc.store().accept_offer(offer.id, &ctx.user.id, now);
        match accepted {
            Ok(()) => {}
            Err(StoreError::Conflict) => return Err(msg!("offer-answer-race").into()),
            Err(e) => return Err(store_failure(e)),
        }
        let names: Vec<String> = waiting.iter().map(|&s| live.ping(lang, game, s)).collect();
        let mut r = public(
            ctx,
            tr!(
                lang,
                "offer-accepts-waiting",
                who,
                offer = describe(lang, &live, game, &offer, &actions, false),
                waiting = Arg::list(names, Join::And)
            ),
        );
        r.mentions = humans(&live, &waiting);
        r.buttons = accept_decline(lang, "/accept", Some((live.id, live.ply)));
        return Ok(vec![r]);
    }
    let head = tr!(
        lang,
        "offer-accepted",
        everyone = if opponents.len() > 1 { "yes" } else { "no" },
        who,
        offer = describe(lang, &live, game, &offer, &actions, false)
    );
    // The last acceptance carries the change out and closes the offer in one transaction.
    let done = match offer.kind {
        OfferKind::Undo => {
            let offerer = live
                .at_seat(offer.seat)
                .map(|s| s.user_id.clone())
                .unwrap_or_default();
            let from = offer.target.unwrap_or(live.ply + 1);
            let requester = Context {
                user: crate::table::UserRef {
                    id: offerer,
                    name: String::new(),
                },
                ..ctx.clone()
            };
            let accepted = OfferEffect::Accepted {
                offer: offer.id,
                by: ctx.user.id.clone(),
            };
            taking_back::take_back(
                svc,
                &requester,
                slot,
                live,
                (offer.seat, from),
                &actions,
                accepted,
                Some(head),
            )
        }
        OfferKind::Draw => agree_draw(svc, ctx, slot, live, head, offer.id),
        OfferKind::Pause => pausing::agree_pause(svc, ctx, live, head, offer.id),
    };
    done
}

/// Ends the game as a draw by agreement.
pub(crate) fn agree_draw(
    svc: &Service,
    ctx: &Context,
    slot: &Arc<Slot>,
    mut live: GameGuard<'_>,
    head: String,
    offer: i64,
) -> Answer {
    let mut next = live.running_game().clone();
    next.agree_draw()
        .map_err(|e| msg!("offer-draw-failed", error = e.msg()))?;
    let action = ActionRow {
        ply: live.ply + 1,
        kind: ActionKind::Draw,
        text: "draw".into(),
        user_id: None,
        seat: None,
        at_ms: svc.now_ms(),
    };
    let accepted = OfferEffect::Accepted {
        offer,
        by: ctx.user.id.clone(),
    };
    let written = change::commit(
        svc,
        slot,
        &mut live,
        Change::new(action, next).offers(accepted),
    )?;
    let head = with_note(ctx.langs.channel, head, &written.notes);
    aftermath::after_change(svc, slot, live, ctx, head, &written)
}

pub(crate) fn decline(svc: &Service, ctx: &Context) -> Answer {
    let running = Running::of(svc, ctx)?;
    let held = running.lock()?;
    let offer = pending(svc, &held.live)?;
    let game = held.game();
    let (live, seat) = (&held.live, held.seat);
    let actions = svc.store().actions(live.id).map_err(store_failure)?;
    let lang = ctx.langs.channel;
    let who = live.who(lang, game, seat);
    let (status, text) = if offer.user_id == ctx.user.id {
        let what = describe(lang, live, game, &offer, &actions, true);
        (
            OfferStatus::Withdrawn,
            tr!(lang, "offer-withdraws", who, offer = what),
        )
    } else if seats_in_play(live.seated(), &actions).contains(&seat) {
        let what = describe(lang, live, game, &offer, &actions, false);
        (
            OfferStatus::Declined,
            tr!(lang, "offer-declines", who, offer = what),
        )
    } else {
        return Err(msg!("offer-not-playing").into());
    };
    let resolved = svc
        .store()
        .resolve_offer(offer.id, status, &ctx.user.id, svc.now_ms());
    match resolved {
        Ok(()) => Ok(vec![public(ctx, text)]),
        Err(StoreError::Conflict) => Err(msg!("offer-answer-race").into()),
        Err(e) => Err(store_failure(e)),
    }
}

pub(crate) fn pending(svc: &Service, live: &Live) -> Result<OfferRow, Refusal> {
    svc.store()
        .pending_offer(live.id)
        .map_err(store_failure)?
        .ok_or_else(|| Refusal(msg!("offer-none")))
}

/// Lapses the game's pending offer (the position it was made in is gone).
pub(crate) fn lapse_pending(svc: &Service, lang: Lang, live: &Live, by: &str) -> Option<String> {
    // The action that made the offer moot is already stored: a failure here must not undo
    // it, but it is logged, and the offer then lapses when next looked at (it no longer
    // fits the position).
    let pending = svc.store().pending_offer(live.id);
    let offer = match pending {
        Ok(offer) => offer?,
        Err(e) => {
            tracing::error!("game {}: reading its pending offer: {e}", live.id);
            return None;
        }
    };
    let lapsed = svc
        .store()
        .resolve_offer(offer.id, OfferStatus::Lapsed, by, svc.now_ms());
    if let Err(e) = lapsed {
        tracing::error!("game {}: letting offer {} lapse: {e}", live.id, offer.id);
        return None;
    }
    Some(match offer.kind {
        OfferKind::Draw => tr!(lang, "offer-draw-lapses"),
        OfferKind::Undo => tr!(lang, "offer-undo-lapses"),
        OfferKind::Pause => tr!(lang, "pause-offer-lapses"),
    })
}

/// `alice (Orange)'s draw offer`, `bob (Blue)'s request to take back turn d1 e`; with `own`,
/// `the draw offer` (its author speaking of it).
pub(crate) fn describe(
    lang: Lang,
    live: &Live,
    game: &AnyGame,
    o: &OfferRow,
    actions: &[ActionRow],
    own: bool,
) -> Msg {
    let taken = match o.kind {
        OfferKind::Draw | OfferKind::Pause => Vec::new(),
        OfferKind::Undo => taken_texts(lang, live, game, actions, o.target.unwrap_or(0), o.seat),
    };
    let own = if own { "yes" } else { "no" };
    if o.kind == OfferKind::Pause {
        return msg!("pause-describe", own, who = live.who(lang, game, o.seat));
    }
    msg!(
        "offer-describe",
        kind = kind_word(o.kind),
        own,
        who = live.who(lang, game, o.seat),
        moves = Arg::list(taken, Join::And)
    )
}

pub(crate) fn kind_word(kind: OfferKind) -> &'static str {
    match kind {
        OfferKind::Draw => "draw",
        OfferKind::Undo => "undo",
        OfferKind::Pause => "pause",
    }
}

/// The people among `seats`, by user id: whom a post may ping (a computer player is named).
pub(crate) fn humans(live: &Live, seats: &[Seat]) -> Vec<String> {
    seats
        .iter()
        .filter_map(|&s| live.at_seat(s))
        .filter_map(|s| s.occupant().human().map(str::to_string))
        .collect()
}
