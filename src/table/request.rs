//! A request's way through the service: its languages, the check of a button's version, the
//! dispatch to its command (for its audience), the safety pass over every reply.

use super::present::ephemeral;
use super::service::{lock, Service};
use super::*;
use crate::table::cmd::competing::challenges;
use crate::table::cmd::competing::seeks;
use crate::table::cmd::pick;
use crate::table::followers;
use crate::table::languages_of;
use crate::table::openings;
use crate::table::rounds;
use crate::table::scheduler;

pub(crate) fn answer(svc: &Service, req: &Request) -> Vec<Reply> {
    let mut req = req.clone();
    req.ctx.langs = crate::table::languages_of::langs_of(svc, &req.ctx);
    let req = &req;
    let started = std::time::Instant::now();
    let before = svc.slot(&req.ctx.channel.id).map(|s| {
        let live = lock(&s.live);
        (live.id, live.kind, live.ply)
    });
    let answer = match pick::stale_confirm(svc, req) {
        Some(replies) => Ok(replies),
        None => check_button(svc, req).and_then(|()| cmd::dispatch(svc, req)),
    };
    let mut replies = match answer {
        Ok(replies) => replies,
        Err(Refusal(m)) => vec![ephemeral(&req.ctx, say(req.ctx.langs.user, &m))],
    };
    replies.extend(followers::waiting_notice(svc, &req.ctx));
    svc.make_safe(&mut replies);
    if let (Command::Play { .. }, Some((id, kind, ply))) = (&req.command, before) {
        // The game moved on from the version it was at (or ended and left memory): the
        // move landed.
        let after = svc.cached(&req.ctx.channel.id).map(|s| {
            let live = lock(&s.live);
            (live.id, live.ply)
        });
        if after != Some((id, ply)) {
            crate::ops::metrics::moved(kind.id());
        }
    }
    crate::ops::metrics::request(cmd::label(&req.command), started.elapsed());
    replies
}

/// A button posted with an earlier board acts only if the game has not moved since.
pub(crate) fn check_button(svc: &Service, req: &Request) -> Result<(), Refusal> {
    let Some((game, ply)) = req.from_button else {
        return Ok(());
    };
    // The picker answers an out-of-date component itself, with a fresh Move button; an
    // analysis board is the asker's own and never out of date.
    if matches!(req.command, Command::Pick { .. } | Command::Analyse { .. }) {
        return Ok(());
    }
    let current = svc.slot(&req.ctx.channel.id).map(|s| {
        let live = lock(&s.live);
        (live.id, live.ply, live.status.is_open())
    });
    match current {
        Some((id, p, true)) if id == game && p == ply => Ok(()),
        _ => Err(msg!("error-stale-button").into()),
    }
}

/// Runs whatever fell due by the clock's time (reminders, deadlines, digests, vacations
/// running out) and returns what the bot posts (the scheduler, `reminders.rs`). `serve` calls it every
/// ~30 s, `!advance` after moving the clock.
pub(crate) fn tick(svc: &Service) -> Vec<Reply> {
    let mut replies = scheduler::run_due(svc);
    replies.extend(challenges::expire_challenges(svc));
    replies.extend(seeks::match_seeks(svc, None));
    replies.extend(rounds::advance_tournaments(svc));
    // What a transport failed to open last time is read again.
    openings::retry_openings(svc);
    svc.make_safe(&mut replies);
    crate::ops::metrics::open_games(svc.cached_games());
    replies
}

/// As [`Table::handle`], with the work the request leaves for the transport to start once it
/// has answered (a computer player to move, games waiting for their channels).
pub(crate) fn serve(svc: &Service, req: &Request) -> (Vec<Reply>, FollowUps) {
    let replies = answer(svc, req);
    let follow = FollowUps {
        bots_in: computer::bot_to_move(svc, &req.ctx.channel.id)
            .then(|| req.ctx.channel.id.clone()),
        openings: svc
            .openings_waiting
            .load(std::sync::atomic::Ordering::Acquire),
    };
    (replies, follow)
}

/// Turns `/name args..` as typed into a command, reading game verbs with the channel's game.
/// The error is the text of an ephemeral answer.
pub(crate) fn command(
    svc: &Service,
    ctx: &Context,
    name: &str,
    args: &[Arg],
) -> Result<Command, String> {
    let lang = languages_of::langs_of(svc, ctx).user;
    commands::build(svc.channel_game(&ctx.channel.id), name, args).map_err(|why| {
        let mut r = ephemeral(ctx, say(lang, &why));
        svc.make_safe(std::slice::from_mut(&mut r));
        r.text
    })
}

/// Answers one request (`Table::handle`): what a computer player's move goes through too.
pub(crate) fn handle(svc: &Service, req: &Request) -> Vec<Reply> {
    serve(svc, req).0
}
