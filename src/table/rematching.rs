//! A rematch between the same players: its offer, its answers (`/accept`, `/decline`, the
//! buttons), and the new game it opens once everyone said yes.

use crate::engine::rng::SplitMix64;
use crate::engine::AnyGame;
use crate::store::{GameRow, NewGame, RematchEnd, RematchRow, SeatRow, Status, StoreError};
use crate::table::answer::{store_failure, Answer};
use crate::table::api::Context;
use crate::table::followers;
use crate::table::live::Live;
use crate::table::lock;
use crate::table::markup;
use crate::table::policy::GameSettings;
use crate::table::present::board::{Look, Snap};
use crate::table::present::lobby::damaged;
use crate::table::present::{accept_decline, announce, public};
use crate::table::running;
use crate::table::themes_of;
use crate::table::turns::{advance, turn_news, TurnInput, TurnNews};
use crate::table::Service;
use crate::{msg, tr};

/// A bare `/accept` or `/decline` in a channel whose last game has a rematch waiting
/// (`None`: there is none, or the asker did not play).
pub(crate) fn answer_rematch(svc: &Service, ctx: &Context, accept: bool) -> Option<Answer> {
    let (old, seats) = rematch_of(svc, ctx).ok()?;
    let now = svc.now_ms();
    let offer = waiting_rematch(svc, &old, now).ok()??;
    if !people(&seats).iter().any(|(id, _)| *id == ctx.user.id) {
        return None;
    }
    if accept {
        return Some(rematch(svc, ctx));
    }
    let closed = svc
        .store()
        .close_rematch(offer.id, RematchEnd::Declined, &ctx.user.id, now, None);
    Some(match closed {
        Ok(()) => Ok(vec![announce(
            ctx,
            msg!(
                "rematch-declined",
                who = ctx.user.name.as_str(),
                own = if offer.user_id == ctx.user.id {
                    "yes"
                } else {
                    "no"
                },
                old = old.id
            ),
        )]),
        Err(StoreError::Conflict) => Err(msg!("rematch-race").into()),
        Err(e) => Err(store_failure(e)),
    })
}

/// The channel's last game and its seats, when no game is open here.
pub(crate) fn rematch_of(
    svc: &Service,
    ctx: &Context,
) -> Result<(GameRow, Vec<SeatRow>), crate::table::Refusal> {
    if let Some(slot) = running::find_slot(svc, ctx)? {
        let live = lock(&slot.live);
        return Err(msg!("offer-rematch-open", game = live.kind.title()).into());
    }
    let store = svc.store();
    let row = store
        .last_ended_in(&ctx.channel.id)
        .map_err(store_failure)?
        .ok_or_else(|| msg!("offer-rematch-none"))?;
    let seats = store.seats(row.id).map_err(store_failure)?;
    Ok((row, seats))
}

/// The offer waiting after `old`; one past its time lapses here.
pub(crate) fn waiting_rematch(
    svc: &Service,
    old: &GameRow,
    now: i64,
) -> Result<Option<RematchRow>, crate::table::Refusal> {
    let found = svc.store().pending_rematch(old.id).map_err(store_failure)?;
    match found {
        Some(r) if now - r.created_ms >= WAIT_MS => {
            let lapsed = svc
                .store()
                .close_rematch(r.id, RematchEnd::Lapsed, "", now, None);
            match lapsed {
                Ok(()) | Err(StoreError::Conflict) => Ok(None),
                Err(e) => Err(store_failure(e)),
            }
        }
        other => Ok(other),
    }
}

/// Starts the rematch (closing the offer `agreed` in the same transaction).
pub(crate) fn open_rematch(
    svc: &Service,
    ctx: &Context,
    old: &GameRow,
    seats: &[SeatRow],
    agreed: Option<i64>,
) -> Answer {
    let n = seats.iter().filter(|s| s.seat.is_some()).count() as u8;
    let rotated: Vec<(String, String, u8)> = seats
        .iter()
        .filter_map(|s| {
            let seat = s.seat?;
            Some((
                s.user_id.clone(),
                s.name.clone(),
                if seat == 1 { n } else { seat - 1 },
            ))
        })
        .collect();
    let now = svc.now_ms();
    // Mixed with the old seed so that a rematch at the same instant still differs.
    let seed = SplitMix64::new(old.seed ^ svc.new_seed(&ctx.channel.id)).next();
    let kind = old.kind;
    let options: crate::engine::Options = serde_json::from_str(&old.options)
        .map_err(|e| msg!("lobby-cannot-load", error = e.to_string()))?;
    let setup = crate::engine::Setup {
        players: n,
        seed,
        options,
    };
    let game = AnyGame::new(kind, &setup)
        .map_err(|e| msg!("lobby-cannot-set-up", game = kind.title(), error = e.msg()))?;
    let snapshot = serde_json::to_string(&game).expect("game states serialise");
    let row = NewGame {
        channel: ctx.channel.id.clone(),
        channel_name: ctx.channel.name.clone(),
        guild: ctx.channel.guild.clone(),
        kind: old.kind,
        players: old.players,
        options: old.options.clone(),
        settings: old.settings.clone(),
        seed,
        host_id: ctx.user.id.clone(),
        host_name: ctx.user.name.clone(),
        now_ms: now,
    };
    // `rotated` follows the seated rows in order.
    let mover = game.to_move().and_then(|seat| {
        rotated
            .iter()
            .zip(seats.iter().filter(|s| s.seat.is_some()))
            .find(|(r, _)| r.2 == seat)
            .map(|(_, s)| (seat, s))
    });
    let clock = GameSettings::parse(&old.settings).clock;
    let (live, news) = {
        let mut store = svc.store();
        // The game and its first player's clock: one transaction.
        let created = store.atomically(|s| {
            let id = s.create_started(&row, &rotated, &snapshot)?;
            if let Some(r) = agreed {
                s.close_rematch(r, RematchEnd::Accepted, &ctx.user.id, now, Some(id))?;
            }
            let input = TurnInput {
                game: id,
                ply: 0,
                status: Status::Active,
                clock,
                mover,
                at_ms: now,
                last: None,
            };
            advance(s, &input)?;
            Ok(id)
        });
        let id = match created {
            Ok(id) => id,
            Err(StoreError::Conflict) => return Err(msg!("offer-rematch-race").into()),
            Err(e) => return Err(store_failure(e)),
        };
        let row = store
            .game(id)
            .map_err(store_failure)?
            .ok_or_else(|| msg!("offer-rematch-vanished"))?;
        let live = Live::load(&store, &row).map_err(|e| damaged(row.id, &e))?;
        let news = turn_news(&store, &live).map_err(store_failure)?;
        (live, news)
    };
    let snap = Snap::of(&live);
    svc.insert_slot(live);
    let g = &snap.game;
    let lang = ctx.langs.channel;
    let order: Vec<String> = (1..=g.players())
        .map(|s| format!("{s}. {}", snap.live.who(lang, g, s)))
        .collect();
    let head = tr!(
        lang,
        "offer-rematch",
        agreed = if agreed.is_some() { "yes" } else { "no" },
        who = ctx.user.name.as_str(),
        old = old.id,
        game = kind.title(),
        id = snap.live.id,
        seats = order.join(", ")
    );
    let news = TurnNews { ping: true, ..news };
    let look = Look::public(themes_of::public_theme(svc, &ctx.channel));
    Ok(followers::posted(svc, ctx, &snap, head, &news, look))
}

/// The people who played `seats` (computer players need no asking), by id and name.
pub(crate) fn people(seats: &[SeatRow]) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for s in seats.iter().filter(|s| s.seat.is_some()) {
        let human = !s.is_bot();
        if human && !out.iter().any(|(id, _)| *id == s.user_id) {
            out.push((s.user_id.clone(), s.name.clone()));
        }
    }
    out
}

/// The names of the people who have not said yes (`also`: one more who just did).
pub(crate) fn names_not_in(
    people: &[(String, String)],
    yes: &[String],
    also: Option<&str>,
) -> String {
    people
        .iter()
        .filter(|(id, _)| !yes.contains(id) && Some(id.as_str()) != also)
        .map(|(_, name)| name.clone())
        .collect::<Vec<_>>()
        .join(", ")
}

/// `/rematch`: offers the channel's last game again, or accepts the offer waiting.
pub(crate) fn rematch(svc: &Service, ctx: &Context) -> Answer {
    let (old, seats) = rematch_of(svc, ctx)?;
    let now = svc.now_ms();
    let humans = people(&seats);
    if !humans.iter().any(|(id, _)| *id == ctx.user.id) {
        return Err(msg!("offer-rematch-not-yours", id = old.id).into());
    }
    let waiting = waiting_rematch(svc, &old, now)?;
    let lang = ctx.langs.channel;
    let Some(offer) = waiting else {
        if humans.len() == 1 {
            return open_rematch(svc, ctx, &old, &seats, None);
        }
        let offered = svc.store().offer_rematch(old.id, &ctx.user.id, now);
        match offered {
            Ok(_) => {}
            Err(StoreError::Conflict) => return Err(msg!("rematch-race").into()),
            Err(e) => return Err(store_failure(e)),
        }
        let others: Vec<&(String, String)> =
            humans.iter().filter(|(id, _)| *id != ctx.user.id).collect();
        let mut r = public(
            ctx,
            tr!(
                lang,
                "rematch-offered",
                who = ctx.user.name.as_str(),
                old = old.id,
                game = old.kind.title(),
                others = others
                    .iter()
                    .map(|(id, _)| markup::mention(id))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        );
        r.mentions = others.iter().map(|(id, _)| id.clone()).collect();
        r.buttons = accept_decline(lang, "/rematch", None);
        return Ok(vec![r]);
    };
    if offer.accepted_by.contains(&ctx.user.id) {
        return Err(msg!(
            "rematch-said-yes",
            waiting = names_not_in(&humans, &offer.accepted_by, None)
        )
        .into());
    }
    let still = names_not_in(&humans, &offer.accepted_by, Some(&ctx.user.id));
    if still.is_empty() {
        return open_rematch(svc, ctx, &old, &seats, Some(offer.id));
    }
    let accepted = svc.store().accept_rematch(offer.id, &ctx.user.id, now);
    match accepted {
        Ok(()) => {}
        Err(StoreError::Conflict) => return Err(msg!("rematch-race").into()),
        Err(e) => return Err(store_failure(e)),
    }
    Ok(vec![public(
        ctx,
        tr!(
            lang,
            "rematch-accepts",
            who = ctx.user.name.as_str(),
            waiting = still
        ),
    )])
}

/// A week, as a challenge waits.
pub const WAIT_MS: i64 = 7 * 86_400_000;
