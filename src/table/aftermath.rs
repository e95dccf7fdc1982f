//! What follows a committed change, for every command that makes one: the game released (and
//! forgotten once it has ended), then the board posted with the direct messages it brings
//! and, when a tournament's game ended, its next round.

use crate::i18n::{say, Msg};
use crate::msg;
use crate::store::ActionRow;
use crate::store::Status;
use crate::table::answer::{Answer, Refusal};
use crate::table::api::{Context, Reply};
use crate::table::change::{self, Change, OfferEffect, Written};
use crate::table::compete;
use crate::table::followers;
use crate::table::live::{Live, Slot};
use crate::table::log::ActionKind;
use crate::table::present::board::{Look, Snap};
use crate::table::present::public;
use crate::table::rounds;
use crate::table::themes_of;
use crate::table::GameGuard;
use crate::table::Service;
use std::sync::Arc;

/// Releases a game that closed without a board (aborted, or left to computer players
/// alone), forgets it, and tells the channel and its followers `text`.
pub(crate) fn closed(
    svc: &Service,
    slot: &Arc<Slot>,
    live: GameGuard<'_>,
    ctx: &Context,
    text: String,
) -> Vec<Reply> {
    let ended = live.clone();
    drop(live);
    svc.remove_slot(&ended.channel.id, slot);
    let mut replies = vec![public(ctx, text.clone())];
    replies.extend(followers::mail_end(svc, &ended, &text));
    replies
}

/// Releases the game after a committed change, forgets it if it ended, and posts the new
/// board with what the change wrote (its news; a tournament's game ended: its round may be
/// complete).
pub(crate) fn after_change(
    svc: &Service,
    slot: &Arc<Slot>,
    live: GameGuard<'_>,
    ctx: &Context,
    head: String,
    written: &Written,
) -> Answer {
    let (news, tournament) = (&written.news, written.tournament);
    let mut live = live;
    if let Some(end) = end_if_only_bots(svc, slot, &mut live)? {
        let text = format!("{head}\n{}", say(ctx.langs.channel, &end));
        return Ok(closed(svc, slot, live, ctx, text));
    }
    let snap = Snap::of(&live);
    let ended = live.status != Status::Active;
    let channel = live.channel.id.clone();
    let game = live.id;
    drop(live);
    if ended {
        svc.remove_slot(&channel, slot);
    }
    let look = Look::public(themes_of::public_theme(svc, &ctx.channel));
    let mut replies = followers::posted(svc, ctx, &snap, head, news, look);
    if ended && tournament {
        // The game may have been its tournament's last of the round.
        replies.extend(rounds::advance_tournament_of(svc, game));
    }
    Ok(replies)
}

/// A running game in which no person is left to play (the others resigned or ran out of
/// time) ends at once, without a result: computer players alone would play it out in
/// public, and a game with a computer player is never rated anyway. Returns the sentence
/// that says so, once the abort is committed. Tournament games are left to their
/// tournament.
pub(crate) fn end_if_only_bots(
    svc: &Service,
    slot: &Slot,
    live: &mut Live,
) -> Result<Option<Msg>, Refusal> {
    if live.status != Status::Active {
        return Ok(None);
    }
    let game = live.running_game();
    let person_left = live.seats.iter().any(|r| {
        r.seat.is_some_and(|s| {
            !live.left_seats.contains(&s) && !crate::engine::events::knocked_out(game, s)
        }) && !r.is_bot()
    });
    if person_left || compete::is_tournament_game(svc, live.id) {
        return Ok(None);
    }
    let action = ActionRow {
        ply: live.ply + 1,
        kind: ActionKind::Abort,
        text: "abort".into(),
        user_id: None,
        seat: None,
        at_ms: svc.now_ms(),
    };
    let next = live.running_game().clone();
    let change = Change {
        aborted: true,
        offers: OfferEffect::Lapse {
            by: "plateau".into(),
        },
        ..Change::new(action, next)
    };
    change::commit(svc, slot, live, change)?;
    Ok(Some(msg!("ai-only-bots-left")))
}
