//! `/pause` and `/resume` (issue 28 item 4): the players of a timed game agree to stop its
//! clocks, or a moderator who does not play in it stops them alone; any player (or a moderator)
//! starts them again at once, a move by a person does too (`change.rs`), and so does the
//! pause's time limit (`scheduler.rs` calls [`crate::table::cmd::pausing::pause_ran_out`]).
//!
//! `/pause` is an offer like a draw offer (`offers.rs`: `/accept`, `/decline`, the buttons; an
//! opponent's move declines it); computer players agree to it, having no clock. When the last
//! player accepts, [`crate::table::cmd::pausing::agree_pause`] carries it out. The rules (who may pause, how long,
//! how often) are `policy/pause.rs`; the store's side is `pauses.rs`.

use crate::store::{OfferKind, PauseEnding, StoreError};
use crate::table::answer::{store_failure, Answer};
use crate::table::api::Context;
use crate::table::lock;
use crate::table::offering;
use crate::table::pauses::start_clocks;
use crate::table::pausing::{asker, pausable, pause_resumes, playing, stop_now, Asker};
use crate::table::present;
use crate::table::present::lobby::running_check;
use crate::table::running;
use crate::table::running::Held;
use crate::table::service::Bare;
use crate::table::spec;
use crate::table::spec::CommandSpec;
use crate::table::Command;
use crate::table::Service;

/// `/pause`: offers the opponents to stop the clocks, or stops them at once when nobody
/// has to agree (a moderator, or only computer players to ask).
pub(crate) fn pause(svc: &Service, ctx: &Context) -> Answer {
    let slot = running::open_slot(svc, ctx)?;
    let live = lock(&slot.live);
    running_check(&live)?;
    let playing = playing(svc, &live)?;
    let asker = asker(svc, ctx, &live, &playing)?;
    pausable(svc, &live, matches!(asker, Asker::Moderator))?;
    match asker {
        Asker::Player(seat) => {
            let people_to_ask = playing
                .iter()
                .any(|&s| s != seat && live.at_seat(s).is_some_and(|r| !r.is_bot()));
            if people_to_ask {
                let held = Held {
                    slot: &slot,
                    live,
                    seat,
                };
                return offering::make_offer(svc, ctx, held, OfferKind::Pause, None);
            }
            stop_now(svc, ctx, live, None)
        }
        Asker::Moderator => {
            let by = (ctx.user.id.as_str(), ctx.user.name.as_str());
            stop_now(svc, ctx, live, Some(by))
        }
    }
}

/// `/resume`: the clocks start again at once, the player to move with the time they had.
pub(crate) fn resume(svc: &Service, ctx: &Context) -> Answer {
    let slot = running::open_slot(svc, ctx)?;
    let live = lock(&slot.live);
    running_check(&live)?;
    let playing = playing(svc, &live)?;
    asker(svc, ctx, &live, &playing)?;
    let now = svc.now_ms();
    let started = svc
        .store()
        .atomically(|s| start_clocks(s, live.id, now, PauseEnding::Resume, Some(&ctx.user.id)));
    let turn = match started {
        Ok(Some((_, turn))) => turn,
        Ok(None) => return Err(present::pause::not_paused().into()),
        Err(StoreError::Conflict) => return Err(present::pause::race().into()),
        Err(e) => return Err(store_failure(e)),
    };
    let who = (ctx.user.id.as_str(), ctx.user.name.as_str());
    let lang = ctx.langs.channel;
    let mut r = pause_resumes(svc, lang, &live, turn.as_ref(), Some(who), now);
    r.channel = ctx.channel.clone();
    Ok(vec![r])
}

// The commands of this file, as the registry (`cmd/mod.rs`) lists them.

const PAUSE: CommandSpec = spec::cmd(
    "pause",
    &[],
    &[spec::HelpLine(
        spec::Section::Correspondence,
        20,
        "help-pause",
    )],
);

/// `/pause`: offers to stop the clocks.
pub(crate) static PAUSE_CMD: Bare = Bare::new(&PAUSE, Command::Pause, pause);

const RESUME: CommandSpec = spec::cmd(
    "resume",
    &[],
    &[spec::HelpLine(
        spec::Section::Correspondence,
        20,
        "help-pause",
    )],
);

/// `/resume`: starts the clocks again.
pub(crate) static RESUME_CMD: Bare = Bare::new(&RESUME, Command::Resume, resume);
