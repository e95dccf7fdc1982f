//! `/undo`: taking back moves. A player takes back their own last move freely until another
//! player has moved; after that, `/undo` asks the opponents (an offer, see `offers.rs`), and
//! takes back everything from the player's last move on once they all accept. The arithmetic
//! of the log (what counts, what `/undo` would take back) is `log.rs`.

use crate::engine::GameKind;
use crate::store::OfferKind;
use crate::table::answer::{store_failure, Answer, Refusal};
use crate::table::api::Context;
use crate::table::change::OfferEffect;
use crate::table::log::{seats_in_play, undo_plan};
use crate::table::offering;
use crate::table::present;
use crate::table::running::{Held, Running};
use crate::table::service::Bare;
use crate::table::spec;
use crate::table::spec::CommandSpec;
use crate::table::taking_back::take_back;
use crate::table::Command;
use crate::table::Service;

pub(crate) fn undo(svc: &Service, ctx: &Context) -> Answer {
    let running = Running::of(svc, ctx)?;
    let held = running.lock()?;
    let (live, seat) = (&held.live, held.seat);
    // Battle Zone: once a turn has passed, the next dice are on the board, and the seed
    // would roll them again: a turn taken back would be replayed knowing them. Actions
    // within one's own turn reveal nothing new and stay free to take back.
    let game = held.game();
    if live.kind == GameKind::Battlezone && game.to_move() != Some(seat) {
        let next = game.to_move().unwrap_or(seat);
        return Err(present::undo::dice_rolled(live.who(ctx.langs.user, game, next)).into());
    }
    let actions = svc.store().actions(live.id).map_err(store_failure)?;
    let (from, others) = undo_plan(&actions, seat).map_err(Refusal)?;
    // Computer players agree to every take-back: only people are asked.
    let people_to_ask = seats_in_play(live.seated(), &actions)
        .into_iter()
        .any(|s| s != seat && live.at_seat(s).is_some_and(|r| !r.is_bot()));
    if others && people_to_ask {
        return offering::make_offer(svc, ctx, held, OfferKind::Undo, Some(from));
    }
    // A free undo changes the position a pending offer was made in: it lapses.
    let offers = OfferEffect::Lapse {
        by: ctx.user.id.clone(),
    };
    let Held { slot, live, seat } = held;
    take_back(svc, ctx, slot, live, (seat, from), &actions, offers, None)
}

// The commands of this file, as the registry (`cmd/mod.rs`) lists them.

const UNDO: CommandSpec = spec::cmd("undo", &[], &[spec::play(5, "help-undo")]);

/// `/undo`: takes back one's last move.
pub(crate) static UNDO_CMD: Bare = Bare::new(&UNDO, Command::Undo, undo);
