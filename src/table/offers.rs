//! Offers between the players of a game: undo requests and draw offers (`/draw`, `/accept`,
//! `/decline`), and the two ways to end or restart a game by choice: `/abort` before the
//! first moves and `/rematch` after the end.
//!
//! An offer waits in the store (one at a time per game) until every opponent still playing
//! accepts it, one declines it, its author withdraws it (`/decline` by the author), or the
//! game changes under it: a move by an opponent declines a draw offer (the offerer's own move
//! does not: offering a draw with one's move is the custom), and any move or take-back makes
//! an undo request moot.

use super::live::{Live, Slot};
use super::lobby::{new_seed, no_game_here};
use super::play::{running_check, Snap};
use super::undo::{effective, seats_in_play, taken_texts};
use super::{lock, public, store_failure, Answer, Button, Context, Refusal, Table};
use crate::engine::rng::SplitMix64;
use crate::engine::{AnyGame, Seat};
use crate::i18n::{Arg, Join, Lang, Msg};
use crate::store::{
    ActionRow, GameUpdate, NewGame, NewOffer, OfferKind, OfferRow, OfferStatus, Status, StoreError,
};
use crate::{msg, tr};
use std::sync::{Arc, MutexGuard};

impl Table {
    /// Records a pending offer by `seat` and asks the opponents to answer it.
    pub(crate) fn make_offer(
        &self,
        ctx: &Context,
        slot: &Arc<Slot>,
        mut live: MutexGuard<'_, Live>,
        seat: Seat,
        kind: OfferKind,
        target: Option<u32>,
    ) -> Answer {
        let game = live.game.as_ref().expect("running games have a state");
        let actions = self.store().actions(live.id).map_err(store_failure)?;
        let opponents: Vec<Seat> = seats_in_play(&live, &actions)
            .into_iter()
            .filter(|&s| s != seat)
            .collect();
        if let Some(o) = self.store().pending_offer(live.id).map_err(store_failure)? {
            return Err(msg!(
                "offer-still-pending",
                offer = describe(ctx.langs.user, &live, game, &o, &actions, false)
            )
            .into());
        }
        let offer = NewOffer {
            game: live.id,
            kind,
            user_id: &ctx.user.id,
            seat,
            ply: live.ply,
            target,
            now_ms: self.now_ms(),
        };
        match self.store().create_offer(&offer) {
            Ok(_) => {}
            Err(StoreError::Conflict) => {
                self.reload(slot, &mut live);
                return Err(msg!("offer-race").into());
            }
            Err(e) => return Err(store_failure(e)),
        }
        let lang = ctx.langs.channel;
        let who = live.who(lang, game, seat);
        let taken = match kind {
            OfferKind::Draw => Vec::new(),
            OfferKind::Undo => taken_texts(lang, &live, game, &actions, target.unwrap_or(0), seat),
        };
        let pings: Vec<String> = opponents
            .iter()
            .filter_map(|&s| live.at_seat(s))
            .map(|s| format!("<@{}>", s.user_id))
            .collect();
        let text = tr!(
            lang,
            "offer-made",
            kind = kind_word(kind),
            who = who,
            moves = Arg::list(taken, Join::And),
            pings = pings.join(", "),
            opponents = opponents.len()
        );
        let mut r = public(ctx, text);
        r.mentions = opponents
            .iter()
            .filter_map(|&s| live.at_seat(s))
            .map(|s| s.user_id.clone())
            .collect();
        r.buttons = answer_buttons(lang, &live);
        Ok(vec![r])
    }

    pub(crate) fn draw(&self, ctx: &Context) -> Answer {
        let (slot, seat) = self.running(ctx)?;
        let live = lock(&slot.live);
        running_check(&live)?;
        let game = live.game.as_ref().expect("running games have a state");
        if let Err(e) = game.clone().agree_draw() {
            return Err(msg!("offer-no-draw", error = e.msg()).into());
        }
        self.make_offer(ctx, &slot, live, seat, OfferKind::Draw, None)
    }

    pub(crate) fn accept(&self, ctx: &Context) -> Answer {
        let (slot, seat) = self.running(ctx)?;
        let live = lock(&slot.live);
        running_check(&live)?;
        let offer = self.pending(&live)?;
        let game = live.game.as_ref().expect("running games have a state");
        // Moves settle offers as they land; anything else that changed the game since (a
        // removal on time, say) leaves an offer that no longer fits the position.
        let moot = match offer.kind {
            OfferKind::Undo => offer.ply != live.ply,
            OfferKind::Draw => game.clone().agree_draw().is_err(),
        };
        if moot {
            let _ = self.lapse_pending(ctx.langs.channel, &live, &ctx.user.id);
            return Err(msg!("offer-moot").into());
        }
        let actions = self.store().actions(live.id).map_err(store_failure)?;
        let me = ctx.langs.user;
        if offer.user_id == ctx.user.id {
            return Err(msg!(
                "offer-yours",
                offer = describe(me, &live, game, &offer, &actions, false)
            )
            .into());
        }
        let opponents: Vec<Seat> = seats_in_play(&live, &actions)
            .into_iter()
            .filter(|&s| s != offer.seat)
            .collect();
        if !opponents.contains(&seat) {
            return Err(msg!("offer-not-playing").into());
        }
        if offer.accepted_by.contains(&ctx.user.id) {
            return Err(msg!(
                "offer-already-accepted",
                offer = describe(me, &live, game, &offer, &actions, false)
            )
            .into());
        }
        let now = self.now_ms();
        let mut accepted = offer.accepted_by.clone();
        accepted.push(ctx.user.id.clone());
        let waiting: Vec<Seat> = opponents
            .iter()
            .copied()
            .filter(|&s| {
                live.at_seat(s)
                    .is_some_and(|r| !accepted.contains(&r.user_id))
            })
            .collect();
        let lang = ctx.langs.channel;
        let who = live.who(lang, game, seat);
        if !waiting.is_empty() {
            match self.store().accept_offer(offer.id, &ctx.user.id, now) {
                Ok(()) => {}
                Err(StoreError::Conflict) => return Err(msg!("offer-answer-race").into()),
                Err(e) => return Err(store_failure(e)),
            }
            let names: Vec<String> = waiting.iter().map(|&s| live.ping(lang, game, s)).collect();
            let mut r = public(
                ctx,
                tr!(
                    lang,
                    "offer-accepts-waiting",
                    who = who,
                    offer = describe(lang, &live, game, &offer, &actions, false),
                    waiting = Arg::list(names, Join::And)
                ),
            );
            r.mentions = waiting
                .iter()
                .filter_map(|&s| live.at_seat(s))
                .map(|s| s.user_id.clone())
                .collect();
            r.buttons = answer_buttons(lang, &live);
            return Ok(vec![r]);
        }
        let head = tr!(
            lang,
            "offer-accepted",
            everyone = if opponents.len() > 1 { "yes" } else { "no" },
            who = who,
            offer = describe(lang, &live, game, &offer, &actions, false)
        );
        // The last acceptance carries the change out first and closes the offer after, so
        // that an offer marked accepted always took effect (a failed change leaves it open).
        let done = match offer.kind {
            OfferKind::Undo => {
                let offerer = live
                    .at_seat(offer.seat)
                    .map(|s| s.user_id.clone())
                    .unwrap_or_default();
                let from = offer.target.unwrap_or(live.ply + 1);
                let requester = Context {
                    user: super::UserRef {
                        id: offerer,
                        name: String::new(),
                    },
                    ..ctx.clone()
                };
                // (The requester's context keeps this request's languages: the board goes to
                // the channel.)
                self.take_back(&requester, &slot, live, offer.seat, from, &actions, None)
                    .map(|mut replies| {
                        for r in &mut replies {
                            r.text = format!("{head}\n{}", r.text);
                        }
                        replies
                    })
            }
            OfferKind::Draw => self.agree_draw(ctx, &slot, live, head),
        };
        if done.is_ok() {
            if let Err(e) =
                self.store()
                    .resolve_offer(offer.id, OfferStatus::Accepted, &ctx.user.id, now)
            {
                tracing::error!("closing accepted offer {}: {e}", offer.id);
            }
        }
        done
    }

    /// Ends the game as a draw by agreement.
    fn agree_draw(
        &self,
        ctx: &Context,
        slot: &Arc<Slot>,
        mut live: MutexGuard<'_, Live>,
        head: String,
    ) -> Answer {
        let mut next = live.game.clone().expect("running games have a state");
        next.agree_draw()
            .map_err(|e| msg!("offer-draw-failed", error = e.msg()))?;
        let action = ActionRow {
            ply: live.ply + 1,
            kind: "draw".into(),
            text: "draw".into(),
            user_id: None,
            seat: None,
            at_ms: self.now_ms(),
        };
        self.commit(slot, &mut live, action, next)?;
        self.after_change(slot, live, ctx, head)
    }

    pub(crate) fn decline(&self, ctx: &Context) -> Answer {
        let (slot, seat) = self.running(ctx)?;
        let live = lock(&slot.live);
        running_check(&live)?;
        let offer = self.pending(&live)?;
        let game = live.game.as_ref().expect("running games have a state");
        let actions = self.store().actions(live.id).map_err(store_failure)?;
        let lang = ctx.langs.channel;
        let who = live.who(lang, game, seat);
        let (status, text) = if offer.user_id == ctx.user.id {
            let what = describe(lang, &live, game, &offer, &actions, true);
            (
                OfferStatus::Withdrawn,
                tr!(lang, "offer-withdraws", who = who, offer = what),
            )
        } else if seats_in_play(&live, &actions).contains(&seat) {
            let what = describe(lang, &live, game, &offer, &actions, false);
            (
                OfferStatus::Declined,
                tr!(lang, "offer-declines", who = who, offer = what),
            )
        } else {
            return Err(msg!("offer-not-playing").into());
        };
        match self
            .store()
            .resolve_offer(offer.id, status, &ctx.user.id, self.now_ms())
        {
            Ok(()) => Ok(vec![public(ctx, text)]),
            Err(StoreError::Conflict) => Err(msg!("offer-answer-race").into()),
            Err(e) => Err(store_failure(e)),
        }
    }

    fn pending(&self, live: &Live) -> Result<OfferRow, Refusal> {
        self.store()
            .pending_offer(live.id)
            .map_err(store_failure)?
            .ok_or_else(|| Refusal(msg!("offer-none")))
    }

    /// After `seat` changed the game (a move, a resignation): a pending draw offer by someone
    /// else is declined by it, an undo request lapses, and any offer lapses when the game
    /// ended. Returns the sentence to add to the announcement.
    pub(crate) fn settle_offers(
        &self,
        lang: Lang,
        live: &Live,
        seat: Seat,
        user: &str,
    ) -> Option<String> {
        let offer = match self.store().pending_offer(live.id) {
            Ok(Some(o)) => o,
            Ok(None) => return None,
            Err(e) => {
                tracing::error!("pending offer of game {}: {e}", live.id);
                return None;
            }
        };
        let over = live.status != Status::Active;
        let (status, note) = match offer.kind {
            OfferKind::Draw if over => (OfferStatus::Lapsed, msg!("offer-draw-lapses")),
            OfferKind::Draw if offer.seat != seat => {
                (OfferStatus::Declined, msg!("offer-draw-declined-by-move"))
            }
            OfferKind::Draw => return None,
            OfferKind::Undo => (OfferStatus::Lapsed, msg!("offer-undo-lapses")),
        };
        match self
            .store()
            .resolve_offer(offer.id, status, user, self.now_ms())
        {
            Ok(()) => Some(crate::i18n::say(lang, &note)),
            Err(e) => {
                tracing::error!("closing offer {}: {e}", offer.id);
                None
            }
        }
    }

    /// Lapses the game's pending offer (the position it was made in is gone).
    pub(crate) fn lapse_pending(&self, lang: Lang, live: &Live, by: &str) -> Option<String> {
        // The action that made the offer moot is already stored: a failure here must not undo
        // it, but it is logged, and the offer then lapses when next looked at (it no longer
        // fits the position).
        let offer = match self.store().pending_offer(live.id) {
            Ok(offer) => offer?,
            Err(e) => {
                tracing::error!("game {}: reading its pending offer: {e}", live.id);
                return None;
            }
        };
        if let Err(e) = self
            .store()
            .resolve_offer(offer.id, OfferStatus::Lapsed, by, self.now_ms())
        {
            tracing::error!("game {}: letting offer {} lapse: {e}", live.id, offer.id);
            return None;
        }
        Some(match offer.kind {
            OfferKind::Draw => tr!(lang, "offer-draw-lapses"),
            OfferKind::Undo => tr!(lang, "offer-undo-lapses"),
        })
    }

    /// `/abort`: ends a lobby or a game before every player has moved, without a result.
    /// Its host (lobby) or players (game) may; a moderator (`can_manage`) may abort any
    /// open game, at any time, to clear an abandoned table.
    pub(crate) fn abort(&self, ctx: &Context) -> Answer {
        let slot = self.open_slot(ctx)?;
        let mut live = lock(&slot.live);
        let now = self.now_ms();
        let who = ctx.user.name.as_str();
        let lang = ctx.langs.channel;
        match live.status {
            Status::Lobby => {
                if live.host != ctx.user.id && !ctx.can_manage {
                    return Err(msg!("offer-abort-host-only", host = live.host_name()).into());
                }
                match self.store().abort_lobby(live.id, now) {
                    Ok(()) => {}
                    Err(StoreError::Conflict) => {
                        self.reload(&slot, &mut live);
                        return Err(msg!("offer-abort-race-table").into());
                    }
                    Err(e) => return Err(store_failure(e)),
                }
                live.status = Status::Aborted;
                let text = tr!(
                    lang,
                    "offer-aborts-table",
                    who = who,
                    game = live.kind.title()
                );
                let channel = live.channel.id.clone();
                drop(live);
                self.remove_slot(&channel, &slot);
                Ok(vec![public(ctx, text)])
            }
            Status::Active => {
                let actions = self.store().actions(live.id).map_err(store_failure)?;
                let seated = live.is_seated(&ctx.user.id);
                let players = live.seats.iter().filter(|s| s.seat.is_some()).count();
                let mut moved: Vec<Seat> = effective(&actions)
                    .iter()
                    .filter(|a| a.kind == "move")
                    .filter_map(|a| a.seat)
                    .collect();
                moved.sort_unstable();
                moved.dedup();
                if !ctx.can_manage {
                    if !seated {
                        let names: Vec<&str> = live.seats.iter().map(|s| s.name.as_str()).collect();
                        return Err(msg!("offer-abort-not-yours", names = names.join(", ")).into());
                    }
                    if moved.len() >= players {
                        return Err(msg!("offer-abort-too-late").into());
                    }
                }
                let action = ActionRow {
                    ply: live.ply + 1,
                    kind: "abort".into(),
                    text: "abort".into(),
                    user_id: Some(ctx.user.id.clone()),
                    seat: live.seat_of(&ctx.user.id),
                    at_ms: now,
                };
                let update = GameUpdate {
                    status: Status::Aborted,
                    outcome: None,
                    snapshot: live
                        .game
                        .as_ref()
                        .map(|g| serde_json::to_string(g).expect("game states serialise")),
                };
                match self.store().append(live.id, &action, &update) {
                    Ok(()) => {}
                    Err(StoreError::Conflict) => {
                        self.reload(&slot, &mut live);
                        return Err(msg!("offer-abort-race-game").into());
                    }
                    Err(e) => return Err(store_failure(e)),
                }
                live.ply = action.ply;
                live.status = Status::Aborted;
                let _ = self.lapse_pending(lang, &live, &ctx.user.id);
                let text = tr!(
                    lang,
                    "offer-aborts-game",
                    who = who,
                    game = live.kind.title(),
                    id = live.id
                );
                let channel = live.channel.id.clone();
                drop(live);
                self.remove_slot(&channel, &slot);
                Ok(vec![public(ctx, text)])
            }
            _ => Err(no_game_here().into()),
        }
    }

    /// `/rematch`: the channel's last game again, same players, options and settings, seats
    /// rotated by one (seat 2 moves first), with a new seed. It starts at once; anyone who
    /// does not want it can `/abort` it before the first moves.
    pub(crate) fn rematch(&self, ctx: &Context) -> Answer {
        if let Ok(slot) = self.open_slot(ctx) {
            let live = lock(&slot.live);
            return Err(msg!("offer-rematch-open", game = live.kind.title()).into());
        }
        let (old, seats) = {
            let store = self.store();
            let row = store
                .last_ended_in(&ctx.channel.id)
                .map_err(store_failure)?
                .ok_or_else(|| msg!("offer-rematch-none"))?;
            let seats = store.seats(row.id).map_err(store_failure)?;
            (row, seats)
        };
        if !seats.iter().any(|s| s.user_id == ctx.user.id) {
            return Err(msg!("offer-rematch-not-yours", id = old.id).into());
        }
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
        let now = self.now_ms();
        // Mixed with the old seed so that a rematch at the same instant still differs.
        let seed = SplitMix64::new(old.seed ^ new_seed(&ctx.channel.id, now)).next();
        let kind = crate::engine::GameKind::parse(&old.kind)
            .ok_or_else(|| msg!("offer-rematch-unknown"))?;
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
            kind: old.kind.clone(),
            players: old.players,
            options: old.options.clone(),
            settings: old.settings.clone(),
            seed,
            host_id: ctx.user.id.clone(),
            host_name: ctx.user.name.clone(),
            now_ms: now,
        };
        let live = {
            let mut store = self.store();
            let id = match store.create_started(&row, &rotated, &snapshot) {
                Ok(id) => id,
                Err(StoreError::Conflict) => return Err(msg!("offer-rematch-race").into()),
                Err(e) => return Err(store_failure(e)),
            };
            let row = store
                .game(id)
                .map_err(store_failure)?
                .ok_or_else(|| msg!("offer-rematch-vanished"))?;
            Live::load(&store, &row)
                .map_err(|e| Refusal(msg!("lobby-cannot-load", error = e.to_string())))?
        };
        let snap = Snap::of(&live);
        self.insert_slot(live);
        let g = &snap.game;
        let lang = ctx.langs.channel;
        let order: Vec<String> = (1..=g.players())
            .map(|s| format!("{s}. {}", snap.live.who(lang, g, s)))
            .collect();
        let head = tr!(
            lang,
            "offer-rematch",
            who = ctx.user.name.as_str(),
            old = old.id,
            game = kind.title(),
            id = snap.live.id,
            seats = order.join(", ")
        );
        Ok(vec![snap.board_reply(ctx, head)])
    }
}

/// `alice (Orange)'s draw offer`, `bob (Blue)'s request to take back turn d1 e`; with `own`,
/// `the draw offer` (its author speaking of it).
fn describe(
    lang: Lang,
    live: &Live,
    game: &AnyGame,
    o: &OfferRow,
    actions: &[ActionRow],
    own: bool,
) -> Msg {
    let taken = match o.kind {
        OfferKind::Draw => Vec::new(),
        OfferKind::Undo => taken_texts(lang, live, game, actions, o.target.unwrap_or(0), o.seat),
    };
    msg!(
        "offer-describe",
        kind = kind_word(o.kind),
        own = if own { "yes" } else { "no" },
        who = live.who(lang, game, o.seat),
        moves = Arg::list(taken, Join::And)
    )
}

fn kind_word(kind: OfferKind) -> &'static str {
    match kind {
        OfferKind::Draw => "draw",
        OfferKind::Undo => "undo",
    }
}

fn answer_buttons(lang: Lang, live: &Live) -> Vec<Button> {
    let tag = Some((live.id, live.ply));
    vec![
        Button {
            label: tr!(lang, "button-accept"),
            command: "/accept".into(),
            game: tag,
        },
        Button {
            label: tr!(lang, "button-decline"),
            command: "/decline".into(),
            game: tag,
        },
    ]
}
