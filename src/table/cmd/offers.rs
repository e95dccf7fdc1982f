//! Offers between the players of a game: undo requests, draw offers and pauses of the clocks
//! (`/draw`, `/pause` in `pause.rs`, `/accept`, `/decline`), and `/abort` before the first
//! moves (`/rematch` after the end is in `rematch.rs`).
//!
//! An offer waits in the store (one at a time per game) until every opponent still playing
//! accepts it, one declines it, its author withdraws it (`/decline` by the author), or the
//! game changes under it: a move by an opponent declines a draw offer (the offerer's own move
//! does not: offering a draw with one's move is the custom), and any move or take-back makes
//! an undo request moot.

use crate::engine::Seat;
use crate::store::{ActionRow, OfferKind, Status, StoreError};
use crate::table::aftermath;
use crate::table::answer::{store_failure, Answer, Refusal};
use crate::table::api::Context;
use crate::table::change;
use crate::table::change::{Change, OfferEffect};
use crate::table::compete;
use crate::table::lock;
use crate::table::log::{effective, ActionKind};
use crate::table::offering::make_offer;
use crate::table::present;
use crate::table::present::announce;
use crate::table::present::lobby::no_game_here;
use crate::table::running;
use crate::table::running::Running;
use crate::table::service::Bare;
use crate::table::spec;
use crate::table::spec::CommandSpec;
use crate::table::Command;
use crate::table::Service;

pub(crate) fn draw(svc: &Service, ctx: &Context) -> Answer {
    let running = Running::of(svc, ctx)?;
    let held = running.lock()?;
    if let Err(e) = held.game().clone().agree_draw() {
        return Err(present::offers::no_draw(e.msg()).into());
    }
    make_offer(svc, ctx, held, OfferKind::Draw, None)
}

/// `/abort`: ends a lobby or a game before every player has moved, without a result.
/// Its host (lobby) or players (game) may; a moderator (`can_manage`) may abort any
/// open game, at any time, to clear an abandoned table.
pub(crate) fn abort(svc: &Service, ctx: &Context) -> Answer {
    let slot = match running::open_slot(svc, ctx) {
        Ok(slot) => slot,
        Err(refusal) if ctx.can_manage => return abort_damaged(svc, ctx, refusal),
        Err(refusal) => return Err(refusal),
    };
    let mut live = lock(&slot.live);
    let now = svc.now_ms();
    let who = ctx.user.name.as_str();
    let lang = ctx.langs.channel;
    match live.status {
        Status::Lobby => {
            if live.host != ctx.user.id && !ctx.can_manage {
                return Err(present::offers::abort_host_only(live.host_name()).into());
            }
            let aborted = svc.store().abort_lobby(live.id, now);
            match aborted {
                Ok(()) => {}
                Err(StoreError::Conflict) => {
                    svc.reload(&slot, &mut live);
                    return Err(present::offers::abort_race_table().into());
                }
                Err(e) => return Err(store_failure(e)),
            }
            live.status = Status::Aborted;
            let text = present::offers::aborts_table(lang, who, live.kind.title());
            Ok(aftermath::closed(svc, &slot, live, ctx, text))
        }
        Status::Active => {
            if compete::is_tournament_game(svc, live.id) {
                return Err(present::offers::tournament_no_abort().into());
            }
            let actions = svc.store().actions(live.id).map_err(store_failure)?;
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
                    return Err(present::offers::abort_not_yours(names.join(", ")).into());
                }
                if moved.len() >= players {
                    return Err(present::offers::abort_too_late().into());
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
            let next = live.running_game().clone();
            let change = Change {
                aborted: true,
                offers: OfferEffect::Lapse {
                    by: ctx.user.id.clone(),
                },
                ..Change::new(action, next)
            };
            change::commit(svc, &slot, &mut live, change)?;
            let text = present::offers::aborts_game(lang, who, live.kind.title(), live.id);
            Ok(aftermath::closed(svc, &slot, live, ctx, text))
        }
        _ => Err(no_game_here().into()),
    }
}

/// A moderator's `/abort` of a game whose record cannot be loaded: it is closed in the
/// store as it stands (its log is kept for whoever investigates), so the channel is free.
fn abort_damaged(svc: &Service, ctx: &Context, refusal: Refusal) -> Answer {
    let row = svc
        .store()
        .open_game_in(&ctx.channel.id)
        .map_err(store_failure)?;
    let Some(row) = row else {
        return Err(refusal);
    };
    let closed = svc.store().close_damaged(row.id, svc.now_ms());
    closed.map_err(store_failure)?;
    tracing::warn!(game = row.id, by = %ctx.user.id, "damaged game aborted by a moderator");
    Ok(vec![announce(
        ctx,
        present::offers::aborts_damaged(ctx.user.name.as_str(), row.id),
    )])
}

// The commands of this file, as the registry (`cmd/mod.rs`) lists them.

const DRAW: CommandSpec = spec::cmd("draw", &[], &[spec::play(6, "help-draw")]);

/// `/draw`: offers a draw.
pub(crate) static DRAW_CMD: Bare = Bare::new(&DRAW, Command::Draw, draw);

const ABORT: CommandSpec = spec::cmd("abort", &[], &[spec::play(7, "help-abort")]);

/// `/abort`: ends a game before its first moves.
pub(crate) static ABORT_CMD: Bare = Bare::new(&ABORT, Command::Abort, abort);
