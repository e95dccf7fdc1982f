//! Computer players at a table (issue 13): `/addbot`, their moves, `/hint`.
//!
//! A computer player is a seat whose user id is `bot:LEVEL:N` ([`ai::bot_id`]). Its move is
//! searched with no lock held, then played through [`Table::handle`] as a person's `/play`,
//! tagged with the version of the game the search saw: if the game changed meanwhile (an
//! undo, a resignation), the stale move is refused like a stale button and searched again.
//! Searching takes up to the level's time cap, so transports call [`Table::play_bots`] and
//! [`Table::play_bots_in`] off the request path; a restarted bot finds the computer players
//! whose turn it is on its first tick. Computer players have no clock (`turns.rs`), are
//! named and never pinged (`markup::person`), agree to every take-back (`undo.rs`) and
//! never make a game rated (`rating::counts`).

use crate::ai::{self, Level};
use crate::engine::AnyGame;
use crate::i18n::Msg;
use crate::store::ActionRow;
use crate::store::Status;
use crate::table::answer::{Answer, Refusal};
use crate::table::api::{ChannelRef, Command, Context, Reply, Request, UserRef, Visibility};
use crate::table::change::{Change, OfferEffect};
use crate::table::live::{Live, Slot};
use crate::table::log::ActionKind;
use crate::table::present::ephemeral;
use crate::table::present::lobby::running_check;
use crate::table::running::in_lobby;
use crate::table::{lock, Table};
use crate::{msg, tr};
use std::sync::atomic::Ordering;
use std::sync::Arc;

/// Rounds of computer moves one call plays at most: a table of computer players alone would
/// otherwise play to its end in one call (the next call goes on).
const ROUNDS_PER_CALL: usize = 40;

/// The level `/addbot` seats when none is given.
const DEFAULT_LEVEL: Level = Level::Medium;

/// The level `/hint` searches with.
const HINT_LEVEL: Level = Level::Medium;

/// Mixed into a hint's search seed, so that a hint is not the bot's own search.
const HINT_SALT: u64 = 0x6869_6e74; // "hint"

/// A computer player's turn, copied out of the game's lock for the search.
struct BotTurn {
    game: i64,
    ply: u32,
    channel: ChannelRef,
    user: UserRef,
    level: Level,
    state: AnyGame,
    seed: u64,
}

impl Table {
    /// `/addbot [level]`: the host seats a computer player (several may be seated).
    pub(crate) fn add_bot(&self, ctx: &Context, level: Option<Level>) -> Answer {
        let level = level.unwrap_or(DEFAULT_LEVEL);
        let slot = self.open_slot(ctx)?;
        let live = lock(&slot.live);
        in_lobby(&live, "addbot")?;
        if live.host != ctx.user.id && !ctx.can_manage {
            return Err(msg!("ai-host-only", host = live.host_name()).into());
        }
        if live.seats.len() >= live.capacity() as usize {
            return Err(msg!("lobby-full", n = live.capacity()).into());
        }
        let order = live.seats.last().map(|s| s.join_order + 1).unwrap_or(1);
        let id = ai::bot_id(level, order);
        let same = live
            .seats
            .iter()
            .filter(|s| ai::bot_level(&s.user_id) == Some(level))
            .count();
        // No brackets in the name: the seat's colour follows it in brackets.
        let name = tr!(
            ctx.langs.channel,
            "ai-name",
            level = level.id(),
            n = same + 1
        );
        self.take_seat(ctx, &slot, live, &id, &name, "/addbot")
    }

    /// Plays the computer players whose turn it is in every open game, and returns the boards
    /// to post. Slow (each move is a search): call it off the request path.
    pub fn play_bots(&self) -> Vec<Reply> {
        self.bot_rounds(|t| t.all_bot_turns())
    }

    /// As [`Table::play_bots`], for the game of one channel (after a move there).
    pub fn play_bots_in(&self, channel: &str) -> Vec<Reply> {
        self.bot_rounds(|t| {
            t.slot(channel)
                .and_then(|s| bot_turn(&s))
                .into_iter()
                .collect()
        })
    }

    /// Searching without the time caps makes every computer move reproducible (transcripts,
    /// tests); a real bot keeps them (a move within the level's time).
    pub fn set_ai_timed(&self, timed: bool) {
        self.ai_timed.store(timed, Ordering::Relaxed);
    }

    fn bot_rounds(&self, find: impl Fn(&Table) -> Vec<BotTurn>) -> Vec<Reply> {
        let mut out = Vec::new();
        // Positions whose computer move was refused: searched once per call, not every round
        // (a stale move is refused at its old version; the new one is searched afresh).
        let mut refused = std::collections::HashSet::new();
        for _ in 0..ROUNDS_PER_CALL {
            let mut moved = false;
            for turn in find(self) {
                if refused.contains(&(turn.game, turn.ply)) {
                    continue;
                }
                // Another caller (the tick, a move's follow-up) may be searching this game.
                if !self.thinking().insert(turn.game) {
                    continue;
                }
                let replies = self.bot_move(&turn);
                self.thinking().remove(&turn.game);
                if self.moved_on(&turn) {
                    moved = true;
                } else {
                    let why: Vec<&str> = replies.iter().map(|r| r.text.as_str()).collect();
                    tracing::warn!(
                        game = turn.game,
                        ply = turn.ply,
                        "computer move refused: {why:?}"
                    );
                    refused.insert((turn.game, turn.ply));
                }
                out.extend(
                    replies
                        .into_iter()
                        // The boards, and the direct messages they bring (`follow.rs`).
                        .filter(|r| r.visibility != Visibility::Ephemeral),
                );
            }
            if !moved {
                break;
            }
        }
        out
    }

    /// Whether the game of `turn` is no longer at the version its search saw (the move
    /// landed; its answer may be private, when the same or another computer player acts next).
    fn moved_on(&self, turn: &BotTurn) -> bool {
        match self.cached(&turn.channel.id) {
            Some(slot) => {
                let live = lock(&slot.live);
                live.id != turn.game || live.ply != turn.ply
            }
            None => true,
        }
    }

    fn thinking(&self) -> std::sync::MutexGuard<'_, std::collections::HashSet<i64>> {
        self.thinking.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The games in memory and those the store says a computer player is to move in (a
    /// game need not be in memory: after a restart, or once evicted).
    fn all_bot_turns(&self) -> Vec<BotTurn> {
        let mut slots: Vec<Arc<Slot>> = self.channels.read().values().cloned().collect();
        let waiting = crate::table::logged(
            "finding computer players to move",
            self.store().channels_to_move(ai::BOT_PREFIX, self.shards),
        );
        for channel in waiting.unwrap_or_default() {
            if let Some(s) = self.slot(&channel) {
                if !slots.iter().any(|x| Arc::ptr_eq(x, &s)) {
                    slots.push(s);
                }
            }
        }
        slots.iter().filter_map(|s| bot_turn(s)).collect()
    }

    /// Searches and plays one computer move; the replies of the move (a refusal if the game
    /// moved on meanwhile).
    fn bot_move(&self, turn: &BotTurn) -> Vec<Reply> {
        let playouts = self.fixed_budget(turn.level);
        let seed = turn.seed ^ (turn.ply as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let Some(choice) = ai::choose(&turn.state, turn.level, playouts, seed) else {
            return Vec::new();
        };
        tracing::debug!(
            game = turn.game,
            mv = %choice.mv,
            playouts = choice.playouts,
            "computer move"
        );
        let ctx = Context {
            user: turn.user.clone(),
            channel: turn.channel.clone(),
            ..Context::default()
        };
        self.handle(&Request {
            ctx,
            command: Command::Play { text: choice.mv },
            from_button: Some((turn.game, turn.ply)),
        })
    }

    fn fixed_budget(&self, level: Level) -> Option<u32> {
        (!self.ai_timed.load(Ordering::Relaxed)).then(|| level.limits().0)
    }

    /// `/hint`: the move the medium level would play for the author, and its estimate; only
    /// on the author's turn in a game opened with `hints:true`.
    pub(crate) fn hint(&self, ctx: &Context) -> Answer {
        let (slot, seat) = self.running(ctx)?;
        let (state, hints, ply, seed) = {
            let live = lock(&slot.live);
            running_check(&live)?;
            let state = live.game.clone().expect("running games have a state");
            (
                state,
                live.settings.hints && !live.settings.rated,
                live.ply,
                live.seed,
            )
        };
        if !hints {
            return Err(msg!("hint-off").into());
        }
        if state.to_move() != Some(seat) {
            return Err(msg!("hint-not-your-turn").into());
        }
        let seed = seed ^ HINT_SALT ^ (ply as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let choice = ai::choose(&state, HINT_LEVEL, self.fixed_budget(HINT_LEVEL), seed)
            .ok_or_else(|| Refusal(msg!("play-game-over-short")))?;
        let value = choice.values.get(seat as usize - 1).copied().unwrap_or(0.5);
        let text = tr!(
            ctx.langs.user,
            "hint-move",
            mv = choice.mv.as_str(),
            value = (value * 100.0).round() as i64,
            players = state.players()
        );
        Ok(vec![ephemeral(ctx, text)])
    }
}

impl Table {
    /// A running game in which no person is left to play (the others resigned or ran out of
    /// time) ends at once, without a result: computer players alone would play it out in
    /// public, and a game with a computer player is never rated anyway. Returns the sentence
    /// that says so, once the abort is committed. Tournament games are left to their
    /// tournament.
    pub(crate) fn end_if_only_bots(
        &self,
        slot: &Slot,
        live: &mut Live,
    ) -> Result<Option<Msg>, Refusal> {
        if live.status != Status::Active {
            return Ok(None);
        }
        let game = live.game.as_ref().expect("running games have a state");
        let person_left = live.seats.iter().any(|r| {
            r.seat.is_some_and(|s| {
                !live.left_seats.contains(&s) && !crate::engine::events::knocked_out(game, s)
            }) && !ai::Occupant::of(&r.user_id).is_bot()
        });
        if person_left || self.is_tournament_game(live.id) {
            return Ok(None);
        }
        let action = ActionRow {
            ply: live.ply + 1,
            kind: ActionKind::Abort,
            text: "abort".into(),
            user_id: None,
            seat: None,
            at_ms: self.now_ms(),
        };
        let next = live.game.clone().expect("running games have a state");
        let change = Change {
            aborted: true,
            offers: OfferEffect::Lapse {
                by: "plateau".into(),
            },
            ..Change::new(action, next)
        };
        self.commit(slot, live, change)?;
        Ok(Some(msg!("ai-only-bots-left")))
    }
}

/// The computer player to move in this slot's running game, if any.
impl Table {
    /// Whether a computer player is to move in the channel's game (read from memory).
    pub(crate) fn bot_to_move(&self, channel: &str) -> bool {
        let Some(slot) = self.channels.read().get(channel) else {
            return false;
        };
        let live = lock(&slot.live);
        live.status == Status::Active
            && live
                .game
                .as_ref()
                .and_then(|g| g.to_move())
                .and_then(|seat| live.at_seat(seat))
                .is_some_and(|r| ai::Occupant::of(&r.user_id).is_bot())
    }
}

fn bot_turn(slot: &Slot) -> Option<BotTurn> {
    let live = lock(&slot.live);
    if live.status != Status::Active {
        return None;
    }
    let state = live.game.as_ref()?;
    let seat = state.to_move()?;
    let row = live.at_seat(seat)?;
    let level = ai::bot_level(&row.user_id)?;
    Some(BotTurn {
        game: live.id,
        ply: live.ply,
        channel: live.channel.clone(),
        user: UserRef {
            id: row.user_id.clone(),
            name: row.name.clone(),
        },
        level,
        state: state.clone(),
        seed: live.seed,
    })
}
