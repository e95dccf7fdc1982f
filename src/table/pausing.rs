//! A pause of the clocks carried out (`/pause` alone, or its offer accepted), ended (`/resume`,
//! or its time limit), and what the channel is told then. The rules (who may pause, how long,
//! how often) are `policy/pause.rs`'s; the stored pause and the frozen turn, `pauses.rs`'s.

use crate::engine::Seat;
use crate::i18n::Lang;
use crate::store::clocks::TurnRow;
use crate::store::{OfferKind, OfferStatus, PauseEnding, StoreError};
use crate::table::answer::{store_failure, Answer, Refusal};
use crate::table::api::{Context, Reply};
use crate::table::languages_of;
use crate::table::live::Live;
use crate::table::log::seats_in_play;
use crate::table::markup::{span, stamp};
use crate::table::pauses::{start_clocks, stop_clocks};
use crate::table::policy::clock::DAY;
use crate::table::policy::pause::{may_pause, PauseAsk, PAUSE_LIMIT};
use crate::table::policy::quiet::in_quiet;
use crate::table::present::lobby::not_a_player;
use crate::table::present::{post, public};
use crate::table::Service;
use crate::table::{lock, logged, GameGuard};
use crate::{msg, tr};

/// The last acceptance of a pause offer: the offer closes and the clocks stop, in one
/// transaction. `head` says who accepted.
pub(crate) fn agree_pause(
    svc: &Service,
    ctx: &Context,
    live: GameGuard<'_>,
    head: String,
    offer: i64,
) -> Answer {
    let now = svc.now_ms();
    let stopped = svc.store().atomically(|s| {
        s.resolve_offer(offer, OfferStatus::Accepted, &ctx.user.id, now)?;
        stop_clocks(s, live.id, now, None)
    });
    let turn = match stopped {
        Ok(turn) => turn,
        Err(StoreError::Conflict) => return Err(msg!("pause-race").into()),
        Err(e) => return Err(store_failure(e)),
    };
    let lang = ctx.langs.channel;
    let text = pause_starts(svc, lang, &live, turn.as_ref(), None, now);
    Ok(vec![public(ctx, format!("{head}\n{text}"))])
}

/// Whether a pending pause offer no longer fits the game (paused meanwhile by a moderator,
/// or the time of the player to move ran out).
pub(crate) fn pause_moot(svc: &Service, live: &Live) -> Result<bool, Refusal> {
    Ok(pausable(svc, live, false).is_err())
}

/// The pause of `game` reached its time limit: the clocks start again, with the timer, in
/// one transaction, and the channel is told.
pub(crate) fn pause_ran_out(svc: &Service, timer: i64, game: i64) -> Vec<Reply> {
    let now = svc.now_ms();
    let Some(slot) = svc.slot_of_game(game) else {
        // The game is over: its pause closes with the timer.
        let closed = svc.store().atomically(|s| {
            if s.take_timer(timer)? {
                s.end_pause(game, now, PauseEnding::End, None)?;
            }
            Ok(())
        });
        if let Err(e) = closed {
            tracing::error!("pause of game {game}: {e}");
        }
        return Vec::new();
    };
    let live = lock(&slot.live);
    let started = svc.store().atomically(|s| {
        if !s.take_timer(timer)? {
            return Ok(None);
        }
        start_clocks(s, game, now, PauseEnding::Limit, None)
    });
    match started {
        Ok(Some((_, turn))) => {
            let lang = languages_of::channel_lang(svc, &live.channel);
            vec![pause_resumes(svc, lang, &live, turn.as_ref(), None, now)]
        }
        Ok(None) => Vec::new(),
        Err(e) => {
            tracing::error!("pause of game {game}: {e}");
            Vec::new()
        }
    }
}

/// Stops the clocks at once (a moderator `by`, or a player with only computer players to
/// ask); a pending pause offer, now moot, lapses in the same transaction.
pub(crate) fn stop_now(
    svc: &Service,
    ctx: &Context,
    live: GameGuard<'_>,
    by: Option<(&str, &str)>,
) -> Answer {
    let now = svc.now_ms();
    let pending = svc
        .store()
        .pending_offer(live.id)
        .map_err(store_failure)?
        .filter(|o| o.kind == OfferKind::Pause);
    let stopped = svc.store().atomically(|s| {
        if let Some(o) = &pending {
            s.resolve_offer(o.id, OfferStatus::Lapsed, &ctx.user.id, now)?;
        }
        stop_clocks(s, live.id, now, by)
    });
    let turn = match stopped {
        Ok(turn) => turn,
        Err(StoreError::Conflict) => return Err(msg!("pause-race").into()),
        Err(e) => return Err(store_failure(e)),
    };
    let lang = ctx.langs.channel;
    let mut text = pause_starts(svc, lang, &live, turn.as_ref(), by.map(|b| b.1), now);
    if pending.is_some() {
        text.push(' ');
        text.push_str(&tr!(lang, "pause-offer-lapses"));
    }
    Ok(vec![public(ctx, text)])
}

/// The seats still playing.
pub(crate) fn playing(svc: &Service, live: &Live) -> Result<Vec<Seat>, Refusal> {
    let actions = svc.store().actions(live.id).map_err(store_failure)?;
    Ok(seats_in_play(live.seated(), &actions))
}

/// The author as a player still in the game or a moderator who does not play in it; a
/// moderator who plays asks as a player.
pub(crate) fn asker(
    _svc: &Service,
    ctx: &Context,
    live: &Live,
    playing: &[Seat],
) -> Result<Asker, Refusal> {
    match live.seat_of(&ctx.user.id) {
        Some(seat) if playing.contains(&seat) => Ok(Asker::Player(seat)),
        None if ctx.can_manage => Ok(Asker::Moderator),
        _ => Err(not_a_player(live)),
    }
}

/// Who asks: a player still in the game, or a moderator who does not play in it.
pub(crate) enum Asker {
    Player(Seat),
    Moderator,
}

/// Why the game's clocks cannot be paused now, read from the store.
pub(crate) fn pausable(svc: &Service, live: &Live, moderator: bool) -> Result<(), Refusal> {
    let store = svc.store();
    let turn = store.turn(live.id).map_err(store_failure)?;
    let paused = store.pause(live.id).map_err(store_failure)?;
    let agreed = store.agreed_pauses(live.id).map_err(store_failure)?;
    drop(store);
    may_pause(&PauseAsk {
        clock: live.settings.clock,
        turn: turn.as_ref(),
        paused_since: paused.map(|p| p.started_ms),
        agreed,
        moderator,
    })
    .map_err(Refusal)
}

/// "The clocks of this game are paused …": who paused, the time the player to move keeps,
/// and how the pause ends.
pub(crate) fn pause_starts(
    _svc: &Service,
    lang: Lang,
    live: &Live,
    turn: Option<&TurnRow>,
    moderator: Option<&str>,
    now: i64,
) -> String {
    let game = live.running_game();
    let kept = turn.filter(|t| t.total_ms > 0 && !t.expired);
    tr!(
        lang,
        "pause-starts",
        by = if moderator.is_some() {
            "moderator"
        } else {
            "agreement"
        },
        who = moderator.unwrap_or_default(),
        timed = if kept.is_some() { "yes" } else { "no" },
        mover = kept
            .map(|t| live.who_by_seat(lang, game, t.seat))
            .unwrap_or_default(),
        left = kept.map(|t| span(lang, t.left_ms)).unwrap_or_default(),
        days = PAUSE_LIMIT / DAY,
        until = stamp(now + PAUSE_LIMIT)
    )
}

/// "The clocks run again …": who resumed (id, name; none: the time limit), and until when
/// the player to move has, pinged unless they resumed themselves or hold pings.
pub(crate) fn pause_resumes(
    svc: &Service,
    lang: Lang,
    live: &Live,
    turn: Option<&TurnRow>,
    who: Option<(&str, &str)>,
    now: i64,
) -> Reply {
    let game = live.running_game();
    let state = match turn {
        Some(t) if t.total_ms <= 0 || t.expired => "none",
        Some(t) if t.deadline_ms.is_some() => "running",
        Some(_) => "vacation",
        None => "none",
    };
    let mut mentions = Vec::new();
    let mover = match turn {
        Some(t) if state == "running" => {
            let settings =
                logged("reading settings", svc.store().settings(&t.user_id)).unwrap_or_default();
            // Turn rows are written for people only, but the seat's row is what says so.
            let human = !live.at_seat(t.seat).is_some_and(|s| s.is_bot());
            let themselves = who.is_some_and(|w| w.0 == t.user_id);
            if human && !themselves && !settings.digest && !in_quiet(&settings, now) {
                mentions.push(t.user_id.clone());
                live.ping(lang, game, t.seat)
            } else {
                live.who_by_seat(lang, game, t.seat)
            }
        }
        Some(t) => live.who_by_seat(lang, game, t.seat),
        None => String::new(),
    };
    let mut r = post(
        &live.channel,
        tr!(
            lang,
            "pause-resumes",
            how = if who.is_some() { "resume" } else { "limit" },
            who = who.map(|w| w.1).unwrap_or_default(),
            days = PAUSE_LIMIT / DAY,
            turn = state,
            mover,
            left = turn.map(|t| span(lang, t.left_ms)).unwrap_or_default(),
            until = turn
                .and_then(|t| t.deadline_ms)
                .map(stamp)
                .unwrap_or_default()
        ),
    );
    r.mentions = mentions;
    r
}
