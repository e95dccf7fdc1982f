//! Offers between the players of a game: undo requests, draw offers and pauses of the clocks
//! (`/draw`, `/pause` in `pause.rs`, `/accept`, `/decline`), and `/abort` before the first
//! moves (`/rematch` after the end is in `rematch.rs`).
//!
//! An offer waits in the store (one at a time per game) until every opponent still playing
//! accepts it, one declines it, its author withdraws it (`/decline` by the author), or the
//! game changes under it: a move by an opponent declines a draw offer (the offerer's own move
//! does not: offering a draw with one's move is the custom), and any move or take-back makes
//! an undo request moot.

use crate::engine::{AnyGame, Seat};
use crate::i18n::{Arg, Join, Lang, Msg};
use crate::store::{ActionRow, NewOffer, OfferKind, OfferRow, OfferStatus, Status, StoreError};
use crate::table::answer::{store_failure, Answer, Refusal};
use crate::table::api::Context;
use crate::table::change::{Change, OfferEffect};
use crate::table::live::{Live, Slot};
use crate::table::log::{effective, seats_in_play, ActionKind};
use crate::table::present::board::with_note;
use crate::table::present::lobby::no_game_here;
use crate::table::present::lobby::running_check;
use crate::table::present::moves::taken_texts;
use crate::table::present::{accept_decline, public};
use crate::table::{lock, GameGuard, Table};
use crate::{msg, tr};
use std::sync::Arc;

impl Table {
    /// Records a pending offer by `seat` and asks the opponents to answer it.
    pub(crate) fn make_offer(
        &self,
        ctx: &Context,
        slot: &Arc<Slot>,
        mut live: GameGuard<'_>,
        seat: Seat,
        kind: OfferKind,
        target: Option<u32>,
    ) -> Answer {
        let game = live.game.as_ref().expect("running games have a state");
        let actions = self.store().actions(live.id).map_err(store_failure)?;
        let opponents: Vec<Seat> = seats_in_play(live.seated(), &actions)
            .into_iter()
            .filter(|&s| s != seat)
            .collect();
        let pending = self.store().pending_offer(live.id).map_err(store_failure)?;
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
            now_ms: self.now_ms(),
        };
        // Bound first: the store's guard must be gone before `reload` takes it again.
        let created = self.store().create_offer(&offer);
        match created {
            Ok(_) => {}
            Err(StoreError::Conflict) => {
                self.reload(slot, &mut live);
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
            .map(|s| crate::table::markup::person(&s.user_id, &s.name))
            .collect();
        let text = if kind == OfferKind::Pause {
            tr!(
                lang,
                "pause-offered",
                who = who,
                pings = pings.join(", "),
                opponents = opponents.len()
            )
        } else {
            tr!(
                lang,
                "offer-made",
                kind = kind_word(kind),
                who = who,
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

    pub(crate) fn draw(&self, ctx: &Context) -> Answer {
        let (slot, seat) = self.running(ctx)?;
        let live = lock(&slot.live);
        running_check(&live)?;
        let game = live.game.as_ref().expect("running games have a state");
        if let Err(e) = game.clone().agree_draw() {
            return Err(msg!("offer-no-draw", error = e.msg()).into());
        }
        self.make_offer(ctx, &slot, live, seat, OfferKind::Draw, None)
    }

    pub(crate) fn accept(&self, ctx: &Context) -> Answer {
        let (slot, seat) = self.running(ctx)?;
        let live = lock(&slot.live);
        running_check(&live)?;
        let offer = self.pending(&live)?;
        let game = live.game.as_ref().expect("running games have a state");
        // Moves settle offers as they land; anything else that changed the game since (a
        // removal on time, say) leaves an offer that no longer fits the position.
        let moot = match offer.kind {
            OfferKind::Undo => offer.ply != live.ply,
            OfferKind::Draw => game.clone().agree_draw().is_err(),
            OfferKind::Pause => self.pause_moot(&live)?,
        };
        if moot {
            let _ = self.lapse_pending(ctx.langs.channel, &live, &ctx.user.id);
            return Err(msg!("offer-moot").into());
        }
        let actions = self.store().actions(live.id).map_err(store_failure)?;
        let me = ctx.langs.user;
        if offer.user_id == ctx.user.id {
            return Err(msg!(
                "offer-yours",
                offer = describe(me, &live, game, &offer, &actions, false)
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
        let now = self.now_ms();
        let mut accepted = offer.accepted_by.clone();
        accepted.push(ctx.user.id.clone());
        let waiting: Vec<Seat> = opponents
            .iter()
            .copied()
            .filter(|&s| {
                // Computer players agree to every take-back (they are there for practice), and
                // to every pause (they have no clock).
                live.at_seat(s).is_some_and(|r| {
                    let agrees = matches!(offer.kind, OfferKind::Undo | OfferKind::Pause)
                        && crate::ai::Occupant::of(&r.user_id).is_bot();
                    !accepted.contains(&r.user_id) && !agrees
                })
            })
            .collect();
        let lang = ctx.langs.channel;
        let who = live.who(lang, game, seat);
        if !waiting.is_empty() {
            let accepted = self.store().accept_offer(offer.id, &ctx.user.id, now);
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
                    who = who,
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
            who = who,
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
                self.take_back(
                    &requester,
                    &slot,
                    live,
                    (offer.seat, from),
                    &actions,
                    accepted,
                    Some(head),
                )
            }
            OfferKind::Draw => self.agree_draw(ctx, &slot, live, head, offer.id),
            OfferKind::Pause => self.agree_pause(ctx, live, head, offer.id),
        };
        done
    }

    /// Ends the game as a draw by agreement.
    fn agree_draw(
        &self,
        ctx: &Context,
        slot: &Arc<Slot>,
        mut live: GameGuard<'_>,
        head: String,
        offer: i64,
    ) -> Answer {
        let mut next = live.game.clone().expect("running games have a state");
        next.agree_draw()
            .map_err(|e| msg!("offer-draw-failed", error = e.msg()))?;
        let action = ActionRow {
            ply: live.ply + 1,
            kind: ActionKind::Draw,
            text: "draw".into(),
            user_id: None,
            seat: None,
            at_ms: self.now_ms(),
        };
        let accepted = OfferEffect::Accepted {
            offer,
            by: ctx.user.id.clone(),
        };
        let written = self.commit(slot, &mut live, Change::new(action, next).offers(accepted))?;
        let head = with_note(ctx.langs.channel, head, written.notes);
        self.after_change(slot, live, ctx, head, &written.news, written.tournament)
    }

    pub(crate) fn decline(&self, ctx: &Context) -> Answer {
        let (slot, seat) = self.running(ctx)?;
        let live = lock(&slot.live);
        running_check(&live)?;
        let offer = self.pending(&live)?;
        let game = live.game.as_ref().expect("running games have a state");
        let actions = self.store().actions(live.id).map_err(store_failure)?;
        let lang = ctx.langs.channel;
        let who = live.who(lang, game, seat);
        let (status, text) = if offer.user_id == ctx.user.id {
            let what = describe(lang, &live, game, &offer, &actions, true);
            (
                OfferStatus::Withdrawn,
                tr!(lang, "offer-withdraws", who = who, offer = what),
            )
        } else if seats_in_play(live.seated(), &actions).contains(&seat) {
            let what = describe(lang, &live, game, &offer, &actions, false);
            (
                OfferStatus::Declined,
                tr!(lang, "offer-declines", who = who, offer = what),
            )
        } else {
            return Err(msg!("offer-not-playing").into());
        };
        let resolved = self
            .store()
            .resolve_offer(offer.id, status, &ctx.user.id, self.now_ms());
        match resolved {
            Ok(()) => Ok(vec![public(ctx, text)]),
            Err(StoreError::Conflict) => Err(msg!("offer-answer-race").into()),
            Err(e) => Err(store_failure(e)),
        }
    }

    fn pending(&self, live: &Live) -> Result<OfferRow, Refusal> {
        self.store()
            .pending_offer(live.id)
            .map_err(store_failure)?
            .ok_or_else(|| Refusal(msg!("offer-none")))
    }

    /// Lapses the game's pending offer (the position it was made in is gone).
    pub(crate) fn lapse_pending(&self, lang: Lang, live: &Live, by: &str) -> Option<String> {
        // The action that made the offer moot is already stored: a failure here must not undo
        // it, but it is logged, and the offer then lapses when next looked at (it no longer
        // fits the position).
        let pending = self.store().pending_offer(live.id);
        let offer = match pending {
            Ok(offer) => offer?,
            Err(e) => {
                tracing::error!("game {}: reading its pending offer: {e}", live.id);
                return None;
            }
        };
        let lapsed = self
            .store()
            .resolve_offer(offer.id, OfferStatus::Lapsed, by, self.now_ms());
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

    /// `/abort`: ends a lobby or a game before every player has moved, without a result.
    /// Its host (lobby) or players (game) may; a moderator (`can_manage`) may abort any
    /// open game, at any time, to clear an abandoned table.
    pub(crate) fn abort(&self, ctx: &Context) -> Answer {
        let slot = match self.open_slot(ctx) {
            Ok(slot) => slot,
            Err(refusal) if ctx.can_manage => return self.abort_damaged(ctx, refusal),
            Err(refusal) => return Err(refusal),
        };
        let mut live = lock(&slot.live);
        let now = self.now_ms();
        let who = ctx.user.name.as_str();
        let lang = ctx.langs.channel;
        match live.status {
            Status::Lobby => {
                if live.host != ctx.user.id && !ctx.can_manage {
                    return Err(msg!("offer-abort-host-only", host = live.host_name()).into());
                }
                let aborted = self.store().abort_lobby(live.id, now);
                match aborted {
                    Ok(()) => {}
                    Err(StoreError::Conflict) => {
                        self.reload(&slot, &mut live);
                        return Err(msg!("offer-abort-race-table").into());
                    }
                    Err(e) => return Err(store_failure(e)),
                }
                live.status = Status::Aborted;
                let text = tr!(
                    lang,
                    "offer-aborts-table",
                    who = who,
                    game = live.kind.title()
                );
                let ended = live.clone();
                drop(live);
                self.remove_slot(&ended.channel.id, &slot);
                let mut replies = vec![public(ctx, text.clone())];
                replies.extend(self.mail_end(&ended, &text));
                Ok(replies)
            }
            Status::Active => {
                if self.is_tournament_game(live.id) {
                    return Err(msg!("tournament-no-abort").into());
                }
                let actions = self.store().actions(live.id).map_err(store_failure)?;
                let seated = live.is_seated(&ctx.user.id);
                let players = live.seats.iter().filter(|s| s.seat.is_some()).count();
                let mut moved: Vec<Seat> = effective(&actions)
                    .iter()
                    .filter(|a| a.kind == ActionKind::Move)
                    .filter_map(|a| a.seat)
                    .collect();
                moved.sort_unstable();
                moved.dedup();
                if !ctx.can_manage {
                    if !seated {
                        let names: Vec<&str> = live.seats.iter().map(|s| s.name.as_str()).collect();
                        return Err(msg!("offer-abort-not-yours", names = names.join(", ")).into());
                    }
                    if moved.len() >= players {
                        return Err(msg!("offer-abort-too-late").into());
                    }
                }
                let action = ActionRow {
                    ply: live.ply + 1,
                    kind: ActionKind::Abort,
                    text: "abort".into(),
                    user_id: Some(ctx.user.id.clone()),
                    seat: live.seat_of(&ctx.user.id),
                    at_ms: now,
                };
                let next = live.game.clone().expect("running games have a state");
                let change = Change {
                    aborted: true,
                    offers: OfferEffect::Lapse {
                        by: ctx.user.id.clone(),
                    },
                    ..Change::new(action, next)
                };
                self.commit(&slot, &mut live, change)?;
                let text = tr!(
                    lang,
                    "offer-aborts-game",
                    who = who,
                    game = live.kind.title(),
                    id = live.id
                );
                let ended = live.clone();
                drop(live);
                self.remove_slot(&ended.channel.id, &slot);
                let mut replies = vec![public(ctx, text.clone())];
                replies.extend(self.mail_end(&ended, &text));
                Ok(replies)
            }
            _ => Err(no_game_here().into()),
        }
    }

    /// A moderator's `/abort` of a game whose record cannot be loaded: it is closed in the
    /// store as it stands (its log is kept for whoever investigates), so the channel is free.
    fn abort_damaged(&self, ctx: &Context, refusal: Refusal) -> Answer {
        let row = self
            .store()
            .open_game_in(&ctx.channel.id)
            .map_err(store_failure)?;
        let Some(row) = row else {
            return Err(refusal);
        };
        let closed = self.store().close_damaged(row.id, self.now_ms());
        closed.map_err(store_failure)?;
        tracing::warn!(game = row.id, by = %ctx.user.id, "damaged game aborted by a moderator");
        Ok(vec![public(
            ctx,
            tr!(
                ctx.langs.channel,
                "offer-aborts-damaged",
                who = ctx.user.name.as_str(),
                id = row.id
            ),
        )])
    }
}

/// `alice (Orange)'s draw offer`, `bob (Blue)'s request to take back turn d1 e`; with `own`,
/// `the draw offer` (its author speaking of it).
fn describe(
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
        return msg!(
            "pause-describe",
            own = own,
            who = live.who(lang, game, o.seat)
        );
    }
    msg!(
        "offer-describe",
        kind = kind_word(o.kind),
        own = own,
        who = live.who(lang, game, o.seat),
        moves = Arg::list(taken, Join::And)
    )
}

fn kind_word(kind: OfferKind) -> &'static str {
    match kind {
        OfferKind::Draw => "draw",
        OfferKind::Undo => "undo",
        OfferKind::Pause => "pause",
    }
}

/// The people among `seats`, by user id: whom a post may ping (a computer player is named).
fn humans(live: &Live, seats: &[Seat]) -> Vec<String> {
    seats
        .iter()
        .filter_map(|&s| live.at_seat(s))
        .filter_map(|s| {
            crate::ai::Occupant::of(&s.user_id)
                .human()
                .map(str::to_string)
        })
        .collect()
}
