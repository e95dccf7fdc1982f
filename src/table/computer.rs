//! Computer players' turns: found on the shards this process serves, searched with no lock
//! held, then played through the request path (`request.rs`) as a person's `/play` would
//! be. Searching takes up to the level's time cap, so transports call them off the request
//! path (`Table::play_bots`, `Table::play_bots_in`).

use crate::ai::{self, Level};
use crate::engine::AnyGame;
use crate::store::Status;
use crate::table::api::{ChannelRef, Command, Context, Reply, Request, UserRef, Visibility};
use crate::table::live::Slot;
use crate::table::lock;
use crate::table::request;
use crate::table::Service;
use std::sync::Arc;

/// Rounds of computer moves one call plays at most: a table of computer players alone would
/// otherwise play to its end in one call (the next call goes on).
pub(crate) const ROUNDS_PER_CALL: usize = 40;

/// A computer player's turn, copied out of the game's lock for the search.
pub(crate) struct BotTurn {
    game: i64,
    ply: u32,
    channel: ChannelRef,
    user: UserRef,
    level: Level,
    state: AnyGame,
    seed: u64,
}

/// Plays the computer players whose turn it is in every open game, and returns the boards
/// to post. Slow (each move is a search): call it off the request path.
pub fn play_bots(svc: &Service) -> Vec<Reply> {
    bot_rounds(svc, all_bot_turns)
}

/// As [`crate::table::cmd::bots::play_bots`], for the game of one channel (after a move there).
pub fn play_bots_in(svc: &Service, channel: &str) -> Vec<Reply> {
    bot_rounds(svc, |t| {
        t.slot(channel)
            .and_then(|s| bot_turn(&s))
            .into_iter()
            .collect()
    })
}

pub(crate) fn bot_rounds(svc: &Service, find: impl Fn(&Service) -> Vec<BotTurn>) -> Vec<Reply> {
    let mut out = Vec::new();
    // Positions whose computer move was refused: searched once per call, not every round
    // (a stale move is refused at its old version; the new one is searched afresh).
    let mut refused = std::collections::HashSet::new();
    for _ in 0..ROUNDS_PER_CALL {
        let mut moved = false;
        for turn in find(svc) {
            if refused.contains(&(turn.game, turn.ply)) {
                continue;
            }
            // Another caller (the tick, a move's follow-up) may be searching this game.
            if !thinking(svc).insert(turn.game) {
                continue;
            }
            let replies = bot_move(svc, &turn);
            thinking(svc).remove(&turn.game);
            if moved_on(svc, &turn) {
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
pub(crate) fn moved_on(svc: &Service, turn: &BotTurn) -> bool {
    match svc.cached(&turn.channel.id) {
        Some(slot) => {
            let live = lock(&slot.live);
            live.id != turn.game || live.ply != turn.ply
        }
        None => true,
    }
}

pub(crate) fn thinking(svc: &Service) -> std::sync::MutexGuard<'_, std::collections::HashSet<i64>> {
    svc.thinking.lock().unwrap_or_else(|e| e.into_inner())
}

/// The games in memory and those the store says a computer player is to move in (a
/// game need not be in memory: after a restart, or once evicted).
pub(crate) fn all_bot_turns(svc: &Service) -> Vec<BotTurn> {
    let mut slots: Vec<Arc<Slot>> = svc.channels.read().values().cloned().collect();
    let waiting = crate::table::logged(
        "finding computer players to move",
        svc.store().channels_to_move(ai::BOT_PREFIX, svc.shards),
    );
    for channel in waiting.unwrap_or_default() {
        if let Some(s) = svc.slot(&channel) {
            if !slots.iter().any(|x| Arc::ptr_eq(x, &s)) {
                slots.push(s);
            }
        }
    }
    slots.iter().filter_map(|s| bot_turn(s)).collect()
}

/// Searches and plays one computer move; the replies of the move (a refusal if the game
/// moved on meanwhile).
pub(crate) fn bot_move(svc: &Service, turn: &BotTurn) -> Vec<Reply> {
    let playouts = svc.ai_budget(turn.level);
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
    request::handle(
        svc,
        &Request {
            ctx,
            command: Command::Play { text: choice.mv },
            from_button: Some((turn.game, turn.ply)),
        },
    )
}

/// The computer player to move in this slot's running game, if any.
/// Whether a computer player is to move in the channel's game (read from memory).
pub(crate) fn bot_to_move(svc: &Service, channel: &str) -> bool {
    let Some(slot) = svc.channels.read().get(channel) else {
        return false;
    };
    let live = lock(&slot.live);
    live.status == Status::Active
        && live
            .game
            .as_ref()
            .and_then(|g| g.to_move())
            .and_then(|seat| live.at_seat(seat))
            .is_some_and(|r| r.is_bot())
}

pub(crate) fn bot_turn(slot: &Slot) -> Option<BotTurn> {
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
