//! Taking a seat at a lobby's table, for a person's `/join` and a computer player's `/addbot`
//! alike, so that both are seated and announced the same way.

use crate::ai::Level;
use crate::store::{SeatRow, StoreError};
use crate::table::answer::{store_failure, Answer};
use crate::table::api::{Context, UserRef};
use crate::table::live::Slot;
use crate::table::present::lobby::{lobby_reply, lobby_status};
use crate::table::GameGuard;
use crate::table::Service;
use crate::{msg, tr};
use std::sync::Arc;

/// Seats `who` at the lobby's table (a person's `/join`, a computer player's `/addbot`, with
/// its `bot` level) and announces it; the checks of who may be seated come first.
pub(crate) fn take_seat(
    svc: &Service,
    ctx: &Context,
    slot: &Arc<Slot>,
    mut live: GameGuard<'_>,
    who: &UserRef,
    bot: Option<Level>,
    command: &str,
) -> Answer {
    let (user_id, name) = (who.id.as_str(), who.name.as_str());
    let now = svc.now_ms();
    let joined = svc.store().join(live.id, user_id, name, now);
    match joined {
        Ok(()) => {}
        Err(StoreError::Conflict) => {
            svc.reload(slot, &mut live);
            return Err(msg!("lobby-race", command).into());
        }
        Err(e) => return Err(store_failure(e)),
    }
    let order = live.seats.last().map(|s| s.join_order + 1).unwrap_or(1);
    live.seats.push(SeatRow {
        user_id: user_id.to_string(),
        name: name.to_string(),
        join_order: order,
        seat: None,
        bot,
    });
    let lang = ctx.langs.channel;
    let text = format!(
        "{}\n{}",
        tr!(lang, "lobby-joins", who = name, game = live.kind.title()),
        lobby_status(lang, &live)
    );
    Ok(vec![lobby_reply(ctx, &live, text)])
}
