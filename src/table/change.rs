//! One change of a running game and everything that belongs to it, committed together.
//!
//! A move, a resignation, an undo, an agreed draw, a removal on time or an abort is one
//! [`Change`]: the action appended to the log (with the game's version check), the game row,
//! the clock turn with its timers and banks (`turns::advance`), the pending offer it settles,
//! and the timer that caused it. [`Table::commit`] writes all of it in one
//! [`Store::atomically`](crate::store::Store::atomically) transaction while the game's lock is
//! held, so a crash (even SIGKILL) leaves the game either before or after the change, never in
//! between. Later features that must land with a game's end (rating changes, a tournament's
//! round) add their writes to that same transaction, next to `turns::advance`.

use super::live::{Live, Slot};
use super::play::Snap;
use super::ratings::settle_ended;
use super::turns::{advance, TurnInput};
use super::{store_failure, Answer, Context, GameGuard, Refusal, Table};
use crate::engine::{AnyGame, Seat};
use crate::i18n::{say, Lang, Msg};
use crate::msg;
use crate::store::{
    ActionKind, ActionRow, GameUpdate, OfferKind, OfferRow, OfferStatus, Status, Store,
};
use crate::store::{Result as StoreResult, StoreError};
use std::sync::Arc;

/// What a change does to the game's pending offer (undo request or draw offer).
#[derive(Clone, Debug)]
pub(crate) enum OfferEffect {
    /// Nothing.
    Keep,
    /// `seat` moved or resigned: a draw offered by someone else is declined by it, one's own
    /// stays, an undo request lapses; everything lapses when the game ends.
    Settle { seat: Seat, user: String },
    /// Whatever waits lapses: the position it was made in is gone.
    Lapse { by: String },
    /// The offer this change carries out is accepted.
    Accepted { offer: i64, by: String },
}

pub(crate) struct Change {
    pub action: ActionRow,
    pub next: AnyGame,
    /// `/abort`: the game ends without a result.
    pub aborted: bool,
    pub offers: OfferEffect,
    /// The timer that made this change (a deadline), consumed with it.
    pub timer: Option<i64>,
}

impl Change {
    pub fn new(action: ActionRow, next: AnyGame) -> Change {
        Change {
            action,
            next,
            aborted: false,
            offers: OfferEffect::Keep,
            timer: None,
        }
    }

    pub fn offers(self, offers: OfferEffect) -> Change {
        Change { offers, ..self }
    }
}

/// How a settled offer ends and the sentence that says so, or `None` if it stays.
fn settle(
    offer: &OfferRow,
    effect: &OfferEffect,
    over: bool,
) -> Option<(OfferStatus, Option<Msg>)> {
    let lapses = |o: &OfferRow| {
        Some(match o.kind {
            OfferKind::Draw => msg!("offer-draw-lapses"),
            OfferKind::Undo => msg!("offer-undo-lapses"),
        })
    };
    match effect {
        OfferEffect::Keep => None,
        OfferEffect::Accepted { offer: id, .. } if *id == offer.id => {
            Some((OfferStatus::Accepted, None))
        }
        OfferEffect::Accepted { .. } | OfferEffect::Lapse { .. } => {
            Some((OfferStatus::Lapsed, lapses(offer)))
        }
        OfferEffect::Settle { seat, .. } => match offer.kind {
            _ if over => Some((OfferStatus::Lapsed, lapses(offer))),
            OfferKind::Draw if offer.seat != *seat => Some((
                OfferStatus::Declined,
                Some(msg!("offer-draw-declined-by-move")),
            )),
            OfferKind::Draw => None,
            OfferKind::Undo => Some((OfferStatus::Lapsed, lapses(offer))),
        },
    }
}

fn effect_user(effect: &OfferEffect) -> &str {
    match effect {
        OfferEffect::Keep => "",
        OfferEffect::Settle { user, .. } => user,
        OfferEffect::Lapse { by } | OfferEffect::Accepted { by, .. } => by,
    }
}

/// Everything `change` writes, inside one transaction; the sentences about what else it
/// did (the offer it settled, the rating changes of a game it ended).
fn write(
    s: &mut Store,
    live: &Live,
    change: &Change,
    update: &GameUpdate,
) -> StoreResult<Vec<Msg>> {
    if let Some(timer) = change.timer {
        if !s.take_timer(timer)? {
            // Someone else fired it: nothing to do twice.
            return Err(StoreError::Conflict);
        }
    }
    let action = &change.action;
    s.append(live.id, action, update)?;
    let mut note = None;
    if let Some(offer) = s.pending_offer(live.id)? {
        let over = update.status != Status::Active;
        if let Some((status, sentence)) = settle(&offer, &change.offers, over) {
            let by = effect_user(&change.offers);
            s.resolve_offer(offer.id, status, by, action.at_ms)?;
            note = sentence;
        }
    }
    let mover = change
        .next
        .to_move()
        .and_then(|seat| live.at_seat(seat).map(|r| (seat, r.user_id.as_str())));
    advance(
        s,
        &TurnInput {
            game: live.id,
            ply: action.ply,
            status: update.status,
            clock: live.clock.0,
            mover,
            at_ms: action.at_ms,
            last: Some((action.kind, action.seat)),
        },
    )?;
    let mut notes: Vec<Msg> = note.into_iter().collect();
    if update.status == Status::Finished {
        notes.extend(settle_ended(s, live, &change.next, action.at_ms)?);
        if let Some(places) = change.next.places() {
            super::competing::settle_tournament_game(s, live.id, &places)?;
        }
    }
    Ok(notes)
}

impl Table {
    /// Logs the change and installs its state, or leaves everything as it was. Returns the
    /// sentence about the offer it settled, if any; the rating changes of a game it ended
    /// wait in `live.ended_note` for the board's last line.
    pub(crate) fn commit(
        &self,
        slot: &Slot,
        live: &mut Live,
        change: Change,
    ) -> Result<Vec<Msg>, Refusal> {
        let next = &change.next;
        let status = if change.aborted {
            Status::Aborted
        } else if next.outcome().is_some() {
            Status::Finished
        } else {
            Status::Active
        };
        let update = GameUpdate {
            status,
            outcome: next.outcome().map(|o| {
                // An archive column for people reading the database: English words.
                serde_json::json!({"winners": o.winners, "reason": o.reason.english()}).to_string()
            }),
            snapshot: Some(serde_json::to_string(next).expect("game states serialise")),
        };
        let r = self
            .store()
            .atomically(|s| write(s, live, &change, &update));
        let mut notes = match r {
            Ok(notes) => notes,
            Err(StoreError::Conflict) => {
                self.reload(slot, live);
                return Err(msg!("play-race").into());
            }
            Err(e) => return Err(store_failure(e)),
        };
        if let Some(at) = notes.iter().position(|n| n.id == "rating-changes") {
            live.ended_note = Some(notes.remove(at));
        }
        live.ply = change.action.ply;
        if change.action.kind == ActionKind::Resign {
            live.left_seats.extend(change.action.seat);
        }
        live.game = Some(change.next);
        live.status = status;
        Table::refresh_auto(slot, live);
        Ok(notes)
    }

    /// Releases the game, forgets it if it ended, and posts the new board.
    pub(crate) fn after_change(
        &self,
        slot: &Arc<Slot>,
        mut live: GameGuard<'_>,
        ctx: &Context,
        head: String,
    ) -> Answer {
        let ratings = live.ended_note.take();
        let snap = Snap::of(&live);
        let ended = live.status != Status::Active;
        let channel = live.channel.id.clone();
        let game = live.id;
        drop(live);
        if ended {
            self.remove_slot(&channel, slot);
        }
        let mut reply = snap.board_reply(ctx, head);
        if let Some(r) = ratings {
            reply.text.push('\n');
            reply.text.push_str(&say(ctx.langs.channel, &r));
        }
        let mut replies = vec![reply];
        if ended {
            // The game may have been a tournament's last of its round.
            replies.extend(self.advance_tournament_of(game));
        }
        Ok(replies)
    }
}

/// Appends `notes` (sentences about the offer a change settled) to `head`, in `lang`.
pub(crate) fn with_note(lang: Lang, mut head: String, notes: Vec<Msg>) -> String {
    for n in notes {
        head.push(' ');
        head.push_str(&say(lang, &n));
    }
    head
}
