//! How a command finds its game: the channel's open game, the running game with the asker's
//! seat, and the game to look at (running, or the last one played here, with its log), each
//! with the clear refusal a player reads when there is none. Every command family starts
//! here, so these live below `cmd/` rather than in the first family that needed them.

use crate::engine::{AnyGame, Seat};
use crate::msg;
use crate::store::{ActionRow, GameRow, Status};
use crate::table::answer::{store_failure, Refusal};
use crate::table::api::Context;
use crate::table::live::{Live, Slot, TableError};
use crate::table::present::board::outcome_line;
use crate::table::present::lobby::{damaged, no_game_here, not_a_player, running_check};
use crate::table::Service;
use crate::table::{lock, GameGuard};
use std::sync::Arc;

/// The channel's open game, from memory or (after another process created it) the store.
pub(crate) fn open_slot(svc: &Service, ctx: &Context) -> Result<Arc<Slot>, Refusal> {
    match find_slot(svc, ctx)? {
        Some(slot) => Ok(slot),
        None => Err(nothing_open(svc, ctx)),
    }
}

/// Why a game command finds nothing to act on: the channel's last game has ended (said
/// with its result, as a player who comes back after a week expects), or there never was
/// one.
fn nothing_open(svc: &Service, ctx: &Context) -> Refusal {
    let ended = {
        let store = svc.store();
        match store.last_game_in(&ctx.channel.id) {
            Ok(Some(row)) => Live::load(&store, &row).ok(),
            _ => None,
        }
    };
    let Some(live) = ended else {
        return Refusal(no_game_here());
    };
    if live.status == Status::Aborted {
        return msg!("lobby-game-stopped", id = live.id, game = live.kind.title()).into();
    }
    match live.game.as_ref().and_then(|g| Some((g, g.outcome()?))) {
        Some((game, o)) => msg!(
            "lobby-game-ended",
            id = live.id,
            game = live.kind.title(),
            outcome = outcome_line(ctx.langs.user, &live, game, o)
        )
        .into(),
        None => Refusal(no_game_here()),
    }
}

/// The channel's open game if it has one; an error when it cannot be read (the store
/// failed, or the game's record is damaged: then only this game is refused, with a clear
/// answer, and every other game goes on).
pub(crate) fn find_slot(svc: &Service, ctx: &Context) -> Result<Option<Arc<Slot>>, Refusal> {
    svc.load_slot(&ctx.channel.id).map_err(|e| match e {
        TableError::Store(e) => store_failure(e),
        e @ TableError::Corrupt { game, .. } => {
            tracing::error!(game, "damaged game refused: {e}");
            damaged(game, &e)
        }
    })
}

/// The channel's running game, for a command that acts in it as a player: found (from
/// memory or the store) with the asker's seat, then [`Running::lock`]ed with its position at
/// hand. Every refusal on the way is one a player reads: no game here, not started yet, not
/// a player.
pub(crate) struct Running {
    pub(crate) slot: Arc<Slot>,
    pub(crate) seat: Seat,
}

/// A running game locked for a command: the game in memory, the asker's seat, and its
/// position.
pub(crate) struct Held<'a> {
    pub(crate) slot: &'a Arc<Slot>,
    pub(crate) live: GameGuard<'a>,
    pub(crate) seat: Seat,
}

impl Running {
    pub(crate) fn of(svc: &Service, ctx: &Context) -> Result<Running, Refusal> {
        let (slot, seat) = running(svc, ctx)?;
        Ok(Running { slot, seat })
    }

    /// Takes the game's lock; refused if the game stopped running meanwhile.
    pub(crate) fn lock(&self) -> Result<Held<'_>, Refusal> {
        let live = lock(&self.slot.live);
        running_check(&live)?;
        Ok(Held {
            slot: &self.slot,
            live,
            seat: self.seat,
        })
    }
}

impl Held<'_> {
    /// The position: a running game is loaded with one (`Live::load`), which
    /// [`Running::lock`] checked was still running.
    pub(crate) fn game(&self) -> &AnyGame {
        self.live.running_game()
    }
}

/// The channel's running game, locked, and the author's seat in it.
pub(crate) fn running(svc: &Service, ctx: &Context) -> Result<(Arc<Slot>, Seat), Refusal> {
    let slot = open_slot(svc, ctx)?;
    let seat = {
        let live = lock(&slot.live);
        running_check(&live)?;
        live.seat_of(&ctx.user.id)
            .ok_or_else(|| not_a_player(&live))?
    };
    Ok((slot, seat))
}

/// The channel's running game, or else the last one played here (to look back at it).
pub(crate) fn viewable(svc: &Service, ctx: &Context) -> Result<Live, Refusal> {
    if let Some(slot) = svc.slot(&ctx.channel.id) {
        let live = lock(&slot.live);
        if live.status == Status::Active {
            return Ok(live.clone());
        }
        if live.status == Status::Lobby {
            return Err(msg!(
                "play-not-started",
                game = live.kind.title(),
                host = live.host_name()
            )
            .into());
        }
    }
    let store = svc.store();
    match store.last_game_in(&ctx.channel.id).map_err(store_failure)? {
        Some(row) => Live::load(&store, &row).map_err(|e| damaged(row.id, &e)),
        None => Err(no_game_here().into()),
    }
}

/// The channel's running game, or its last one (finished or aborted), with its log.
pub(crate) fn recorded(
    svc: &Service,
    ctx: &Context,
) -> Result<(Live, Vec<ActionRow>, GameRow), Refusal> {
    let live = match viewable(svc, ctx) {
        Ok(l) => l,
        Err(refusal) => {
            let store = svc.store();
            match store
                .last_ended_in(&ctx.channel.id)
                .map_err(store_failure)?
            {
                Some(row) => Live::load(&store, &row).map_err(|e| damaged(row.id, &e))?,
                None => return Err(refusal),
            }
        }
    };
    let store = svc.store();
    let actions = store.actions(live.id).map_err(store_failure)?;
    let row = store
        .game(live.id)
        .map_err(store_failure)?
        .ok_or_else(|| Refusal(no_game_here()))?;
    Ok((live, actions, row))
}

/// Refuses a lobby command (`what`) once the game has started.
pub(crate) fn in_lobby(live: &Live, what: &'static str) -> Result<(), Refusal> {
    match live.status {
        Status::Lobby => Ok(()),
        _ => Err(msg!("lobby-started", game = live.kind.title(), command = what).into()),
    }
}
