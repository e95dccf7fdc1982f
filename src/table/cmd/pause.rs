//! `/pause` and `/resume` (issue 28 item 4): the players of a timed game agree to stop its
//! clocks, or a moderator who does not play in it stops them alone; any player (or a moderator)
//! starts them again at once, a move by a person does too (`change.rs`), and so does the
//! pause's time limit (`scheduler.rs` calls [`Table::pause_ran_out`]).
//!
//! `/pause` is an offer like a draw offer (`offers.rs`: `/accept`, `/decline`, the buttons; an
//! opponent's move declines it); computer players agree to it, having no clock. When the last
//! player accepts, [`Table::agree_pause`] carries it out. The rules (who may pause, how long,
//! how often) are `policy/pause.rs`; the store's side is `pauses.rs`.

use crate::ai::Occupant;
use crate::engine::Seat;
use crate::i18n::Lang;
use crate::store::clocks::TurnRow;
use crate::store::{OfferKind, OfferStatus, PauseEnding, StoreError};
use crate::table::answer::{store_failure, Answer, Refusal};
use crate::table::api::{Context, Reply};
use crate::table::live::Live;
use crate::table::log::seats_in_play;
use crate::table::markup::{span, stamp};
use crate::table::pauses::{start_clocks, stop_clocks};
use crate::table::policy::clock::DAY;
use crate::table::policy::pause::{may_pause, PauseAsk, PAUSE_LIMIT};
use crate::table::policy::quiet::in_quiet;
use crate::table::present::lobby::{not_a_player, running_check};
use crate::table::present::{post, public};
use crate::table::{lock, logged, GameGuard, Table};
use crate::{msg, tr};

/// Who asks: a player still in the game, or a moderator who does not play in it.
enum Asker {
    Player(Seat),
    Moderator,
}

impl Table {
    /// `/pause`: offers the opponents to stop the clocks, or stops them at once when nobody
    /// has to agree (a moderator, or only computer players to ask).
    pub(crate) fn pause(&self, ctx: &Context) -> Answer {
        let slot = self.open_slot(ctx)?;
        let live = lock(&slot.live);
        running_check(&live)?;
        let playing = self.playing(&live)?;
        let asker = self.asker(ctx, &live, &playing)?;
        self.pausable(&live, matches!(asker, Asker::Moderator))?;
        match asker {
            Asker::Player(seat) => {
                let people_to_ask = playing.iter().any(|&s| {
                    s != seat
                        && live
                            .at_seat(s)
                            .is_some_and(|r| !Occupant::of(&r.user_id).is_bot())
                });
                if people_to_ask {
                    return self.make_offer(ctx, &slot, live, seat, OfferKind::Pause, None);
                }
                self.stop_now(ctx, live, None)
            }
            Asker::Moderator => {
                let by = (ctx.user.id.as_str(), ctx.user.name.as_str());
                self.stop_now(ctx, live, Some(by))
            }
        }
    }

    /// The last acceptance of a pause offer: the offer closes and the clocks stop, in one
    /// transaction. `head` says who accepted.
    pub(crate) fn agree_pause(
        &self,
        ctx: &Context,
        live: GameGuard<'_>,
        head: String,
        offer: i64,
    ) -> Answer {
        let now = self.now_ms();
        let stopped = self.store().atomically(|s| {
            s.resolve_offer(offer, OfferStatus::Accepted, &ctx.user.id, now)?;
            stop_clocks(s, live.id, now, None)
        });
        let turn = match stopped {
            Ok(turn) => turn,
            Err(StoreError::Conflict) => return Err(msg!("pause-race").into()),
            Err(e) => return Err(store_failure(e)),
        };
        let lang = ctx.langs.channel;
        let text = self.pause_starts(lang, &live, turn.as_ref(), None, now);
        Ok(vec![public(ctx, format!("{head}\n{text}"))])
    }

    /// Whether a pending pause offer no longer fits the game (paused meanwhile by a moderator,
    /// or the time of the player to move ran out).
    pub(crate) fn pause_moot(&self, live: &Live) -> Result<bool, Refusal> {
        Ok(self.pausable(live, false).is_err())
    }

    /// `/resume`: the clocks start again at once, the player to move with the time they had.
    pub(crate) fn resume(&self, ctx: &Context) -> Answer {
        let slot = self.open_slot(ctx)?;
        let live = lock(&slot.live);
        running_check(&live)?;
        let playing = self.playing(&live)?;
        self.asker(ctx, &live, &playing)?;
        let now = self.now_ms();
        let started = self
            .store()
            .atomically(|s| start_clocks(s, live.id, now, PauseEnding::Resume, Some(&ctx.user.id)));
        let turn = match started {
            Ok(Some((_, turn))) => turn,
            Ok(None) => return Err(msg!("pause-not-paused").into()),
            Err(StoreError::Conflict) => return Err(msg!("pause-race").into()),
            Err(e) => return Err(store_failure(e)),
        };
        let who = (ctx.user.id.as_str(), ctx.user.name.as_str());
        let lang = ctx.langs.channel;
        let mut r = self.pause_resumes(lang, &live, turn.as_ref(), Some(who), now);
        r.channel = ctx.channel.clone();
        Ok(vec![r])
    }

    /// The pause of `game` reached its time limit: the clocks start again, with the timer, in
    /// one transaction, and the channel is told.
    pub(crate) fn pause_ran_out(&self, timer: i64, game: i64) -> Vec<Reply> {
        let now = self.now_ms();
        let Some(slot) = self.slot_of_game(game) else {
            // The game is over: its pause closes with the timer.
            let closed = self.store().atomically(|s| {
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
        let started = self.store().atomically(|s| {
            if !s.take_timer(timer)? {
                return Ok(None);
            }
            start_clocks(s, game, now, PauseEnding::Limit, None)
        });
        match started {
            Ok(Some((_, turn))) => {
                let lang = self.channel_lang(&live.channel);
                vec![self.pause_resumes(lang, &live, turn.as_ref(), None, now)]
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
    fn stop_now(&self, ctx: &Context, live: GameGuard<'_>, by: Option<(&str, &str)>) -> Answer {
        let now = self.now_ms();
        let pending = self
            .store()
            .pending_offer(live.id)
            .map_err(store_failure)?
            .filter(|o| o.kind == OfferKind::Pause);
        let stopped = self.store().atomically(|s| {
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
        let mut text = self.pause_starts(lang, &live, turn.as_ref(), by.map(|b| b.1), now);
        if pending.is_some() {
            text.push(' ');
            text.push_str(&tr!(lang, "pause-offer-lapses"));
        }
        Ok(vec![public(ctx, text)])
    }

    /// The seats still playing.
    fn playing(&self, live: &Live) -> Result<Vec<Seat>, Refusal> {
        let actions = self.store().actions(live.id).map_err(store_failure)?;
        Ok(seats_in_play(live.seated(), &actions))
    }

    /// The author as a player still in the game or a moderator who does not play in it; a
    /// moderator who plays asks as a player.
    fn asker(&self, ctx: &Context, live: &Live, playing: &[Seat]) -> Result<Asker, Refusal> {
        match live.seat_of(&ctx.user.id) {
            Some(seat) if playing.contains(&seat) => Ok(Asker::Player(seat)),
            None if ctx.can_manage => Ok(Asker::Moderator),
            _ => Err(not_a_player(live)),
        }
    }

    /// Why the game's clocks cannot be paused now, read from the store.
    fn pausable(&self, live: &Live, moderator: bool) -> Result<(), Refusal> {
        let store = self.store();
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
    fn pause_starts(
        &self,
        lang: Lang,
        live: &Live,
        turn: Option<&TurnRow>,
        moderator: Option<&str>,
        now: i64,
    ) -> String {
        let game = live.game.as_ref().expect("running games have a state");
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
    fn pause_resumes(
        &self,
        lang: Lang,
        live: &Live,
        turn: Option<&TurnRow>,
        who: Option<(&str, &str)>,
        now: i64,
    ) -> Reply {
        let game = live.game.as_ref().expect("running games have a state");
        let state = match turn {
            Some(t) if t.total_ms <= 0 || t.expired => "none",
            Some(t) if t.deadline_ms.is_some() => "running",
            Some(_) => "vacation",
            None => "none",
        };
        let mut mentions = Vec::new();
        let mover = match turn {
            Some(t) if state == "running" => {
                let settings = logged("reading settings", self.store().settings(&t.user_id))
                    .unwrap_or_default();
                let human = Occupant::of(&t.user_id).human().is_some();
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
                mover = mover,
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
}
