//! `/claim` after a soft timeout (issue 7): the opponent claims the win (two players) or the
//! others vote the player out (three or more); and the removal on time itself, which a hard
//! timeout's deadline also makes (`scheduler.rs`).

use crate::engine::Leave;
use crate::store::clocks::TurnRow;
use crate::store::{ActionRow, Status};
use crate::table::aftermath;
use crate::table::answer::{store_failure, Answer, Refusal};
use crate::table::api::{Button, Context};
use crate::table::change;
use crate::table::change::{Change, OfferEffect};
use crate::table::languages_of;
use crate::table::live::Slot;
use crate::table::lock;
use crate::table::log::ActionKind;
use crate::table::markup::stamp;
use crate::table::policy::ClockKind;
use crate::table::present;
use crate::table::present::board::with_note;
use crate::table::present::{bot_context, post};
use crate::table::running;
use crate::table::service::Bare;
use crate::table::spec;
use crate::table::spec::CommandSpec;
use crate::table::Command;
use crate::table::Service;
use std::sync::Arc;

/// Takes the timed-out seat out of the game through the engine's resignation (the game
/// ends if the rules say so) and posts the board. `timer`: the deadline that did it,
/// consumed in the same transaction.
pub(crate) fn remove_on_time(
    svc: &Service,
    slot: &Arc<Slot>,
    turn: &TurnRow,
    by: Option<&Context>,
    kind: ClockKind,
    timer: Option<i64>,
) -> Answer {
    let mut live = lock(&slot.live);
    if live.status != Status::Active || live.ply != turn.ply {
        return Err(present::claim::moved_on().into());
    }
    let game = live.game.as_ref().ok_or_else(present::claim::no_state)?;
    let mut next = game.clone();
    next.resign(turn.seat, Leave::TimedOut)
        .map_err(|e| present::claim::cannot_leave(e.msg()))?;
    let ctx = by.cloned().unwrap_or_else(|| {
        bot_context(
            &live.channel,
            languages_of::channel_lang(svc, &live.channel),
        )
    });
    let lang = ctx.langs.channel;
    let who = live.who(lang, game, turn.seat);
    let action = ActionRow {
        ply: live.ply + 1,
        kind: ActionKind::Resign,
        text: "timeout".into(),
        user_id: by.map(|c| c.user.id.clone()),
        seat: Some(turn.seat),
        at_ms: svc.now_ms(),
    };
    let by_user = by.map_or_else(|| "plateau".to_string(), |c| c.user.id.clone());
    let change = Change {
        timer,
        // The seat the offer was made for is gone: whatever waited lapses.
        offers: OfferEffect::Lapse { by: by_user },
        ..Change::new(action, next)
    };
    let written = change::commit(svc, slot, &mut live, change)?;
    let mut head = match by {
        None => present::claim::hard_timeout(lang, who, kind.id()),
        Some(c) if live.game.as_ref().is_some_and(|g| g.players() == 2) => {
            present::claim::claimed(lang, c.user.name.as_str(), who)
        }
        Some(_) => present::claim::voted_out(lang, who),
    };
    head = with_note(lang, head, &written.notes);
    aftermath::after_change(svc, slot, live, &ctx, head, &written)
}

/// `/claim`: after a soft timeout, the opponent claims the win (2 players) or the others
/// vote the player out (a majority of them).
pub(crate) fn claim(svc: &Service, ctx: &Context) -> Answer {
    let slot = running::open_slot(svc, ctx)?;
    let (id, seat, players, claimers, kind, out) = {
        let live = lock(&slot.live);
        if live.status != Status::Active {
            return Err(present::claim::no_game().into());
        }
        let seat = live
            .seat_of(&ctx.user.id)
            .ok_or_else(|| Refusal(present::claim::not_player()))?;
        let g = live.game.as_ref().ok_or_else(present::claim::no_state)?;
        (
            live.id,
            seat,
            g.players(),
            live.seats.len(),
            live.settings.clock,
            live.left_seats.clone(),
        )
    };
    if kind == ClockKind::Untimed {
        return Err(present::claim::untimed().into());
    }
    if out.contains(&seat) {
        return Err(present::claim::out().into());
    }
    let turn = svc
        .store()
        .turn(id)
        .map_err(store_failure)?
        .ok_or_else(present::claim::nobody)?;
    if turn.seat == seat {
        return Err(present::claim::own_turn().into());
    }
    if !turn.expired {
        return Err(match turn.deadline_ms {
            Some(d) => present::claim::still_time(stamp(d)),
            None => present::claim::vacation(),
        }
        .into());
    }
    if players == 2 {
        return remove_on_time(svc, &slot, &turn, Some(ctx), kind, None);
    }
    // Those still in the game besides the one out of time decide.
    let voters = (claimers as u8).saturating_sub(1 + out.len() as u8).max(1) as usize;
    let need = voters / 2 + 1;
    let (fresh, votes) = svc
        .store()
        .atomically(|s| {
            let fresh = s.add_vote(id, turn.ply, &ctx.user.id)?;
            Ok((fresh, s.votes(id, turn.ply)?))
        })
        .map_err(store_failure)?;
    if votes.len() >= need {
        return remove_on_time(svc, &slot, &turn, Some(ctx), kind, None);
    }
    let live = lock(&slot.live);
    let name = live
        .at_seat(turn.seat)
        .map(|s| s.name.clone())
        .unwrap_or_default();
    let lang = ctx.langs.channel;
    let text = present::claim::vote(lang, ctx.user.name.as_str(), fresh, name, votes.len(), need);
    let mut r = post(&live.channel, text);
    r.buttons.push(Button {
        label: present::claim::button_claim(lang),
        command: "/claim".into(),
        game: Some((live.id, live.ply)),
    });
    Ok(vec![r])
}

// The commands of this file, as the registry (`cmd/mod.rs`) lists them.

const CLAIM: CommandSpec = spec::cmd(
    "claim",
    &[],
    &[spec::HelpLine(
        spec::Section::Correspondence,
        12,
        "help-claim",
    )],
);

/// `/claim`: after a soft time-out, the win or a vote.
pub(crate) static CLAIM_CMD: Bare = Bare::new(&CLAIM, Command::Claim, claim);
