//! Computer players at a table (issue 13): `/addbot`, their moves, `/hint`.
//!
//! A computer player is a seat whose user id is `bot:LEVEL:N` ([`ai::bot_id`]). Its move is
//! searched with no lock held, then played through [`Table::handle`] as a person's `/play`,
//! tagged with the version of the game the search saw: if the game changed meanwhile (an
//! undo, a resignation), the stale move is refused like a stale button and searched again.
//! Searching takes up to the level's time cap, so transports call [`crate::table::cmd::bots::play_bots`] and
//! [`crate::table::cmd::bots::play_bots_in`] off the request path; a restarted bot finds the computer players
//! whose turn it is on its first tick. Computer players have no clock (`turns.rs`), are
//! named and never pinged (`markup::person`), agree to every take-back (`undo.rs`) and
//! never make a game rated (`rating::counts`).

use crate::ai::{self, Level};
use crate::i18n::Msg;
use crate::table::answer::{Answer, Refusal};
use crate::table::api::{Command, Context, Request, UserRef};
use crate::table::lock;
use crate::table::parse;
use crate::table::present;
use crate::table::present::ephemeral;
use crate::table::running;
use crate::table::running::in_lobby;
use crate::table::running::Running;
use crate::table::seating;
use crate::table::service::{Bare, Handler};
use crate::table::spec;
use crate::table::spec::CommandSpec;
use crate::table::Service;

/// The level `/addbot` seats when none is given.
const DEFAULT_LEVEL: Level = Level::Medium;

/// The level `/hint` searches with.
const HINT_LEVEL: Level = Level::Medium;

/// Mixed into a hint's search seed, so that a hint is not the bot's own search.
const HINT_SALT: u64 = 0x6869_6e74; // "hint"

/// `/addbot [level]`: the host seats a computer player (several may be seated).
pub(crate) fn add_bot(svc: &Service, ctx: &Context, level: Option<Level>) -> Answer {
    let level = level.unwrap_or(DEFAULT_LEVEL);
    let slot = running::open_slot(svc, ctx)?;
    let live = lock(&slot.live);
    in_lobby(&live, "addbot")?;
    if live.host != ctx.user.id && !ctx.can_manage {
        return Err(present::bots::host_only(live.host_name()).into());
    }
    if live.seats.len() >= live.capacity() as usize {
        return Err(present::lobby::full(live.capacity()).into());
    }
    let order = live.seats.last().map(|s| s.join_order + 1).unwrap_or(1);
    let id = ai::bot_id(level, order);
    let same = live
        .seats
        .iter()
        .filter(|s| ai::bot_level(&s.user_id) == Some(level))
        .count();
    // No brackets in the name: the seat's colour follows it in brackets.
    let name = present::bots::name(ctx.langs.channel, level.id(), same + 1);
    let who = UserRef { id, name };
    seating::take_seat(svc, ctx, &slot, live, &who, Some(level), "/addbot")
}

/// `/hint`: the move the medium level would play for the author, and its estimate; only
/// on the author's turn in a game opened with `hints:true`.
pub(crate) fn hint(svc: &Service, ctx: &Context) -> Answer {
    let running = Running::of(svc, ctx)?;
    let seat = running.seat;
    let (state, hints, ply, seed) = {
        let held = running.lock()?;
        let live = &held.live;
        let state = held.game().clone();
        (
            state,
            live.settings.hints && !live.settings.rated,
            live.ply,
            live.seed,
        )
    };
    if !hints {
        return Err(present::bots::hint_off().into());
    }
    if state.to_move() != Some(seat) {
        return Err(present::bots::hint_not_your_turn().into());
    }
    let seed = seed ^ HINT_SALT ^ (ply as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let choice = ai::choose(&state, HINT_LEVEL, svc.ai_budget(HINT_LEVEL), seed)
        .ok_or_else(|| Refusal(present::play::game_over_short()))?;
    let value = choice.values.get(seat as usize - 1).copied().unwrap_or(0.5);
    let text = present::bots::hint_move(
        ctx.langs.user,
        choice.mv.as_str(),
        (value * 100.0).round() as i64,
        state.players(),
    );
    Ok(vec![ephemeral(ctx, text)])
}

// The commands of this file, as the registry (`cmd/mod.rs`) lists them.

/// `/addbot [level]`: seats a computer player.
pub(crate) struct AddBot;

const ADDBOT: CommandSpec = spec::cmd(
    "addbot",
    &[spec::opt("level", spec::OptionType::Choice(spec::LEVELS))],
    &[spec::play(14, "help-addbot")],
);

impl Handler for AddBot {
    fn spec(&self) -> &'static CommandSpec {
        &ADDBOT
    }

    fn parse(&self, args: &[parse::Arg]) -> Result<Command, Msg> {
        let v = parse::Values::of(self.spec(), args)?;
        let level = v
            .given("level")
            .map(|w| {
                Level::parse(&w)
                    .filter(|l| Level::OFFERED.contains(l))
                    .ok_or_else(|| present::bots::bad_level(w.as_str()))
            })
            .transpose()?;
        Ok(Command::AddBot { level })
    }

    fn owns(&self, command: &Command) -> bool {
        matches!(command, Command::AddBot { .. })
    }

    fn run(&self, svc: &Service, req: &Request) -> Option<Answer> {
        let Command::AddBot { level } = &req.command else {
            return None;
        };
        Some(add_bot(svc, &req.ctx, *level))
    }
}

const HINT: CommandSpec = spec::cmd("hint", &[], &[spec::play(14, "help-addbot")]);

/// `/hint`: the move the medium level would play.
pub(crate) static HINT_CMD: Bare = Bare::new(&HINT, Command::Hint, hint);
