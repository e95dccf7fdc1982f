//! What /draw, /accept, /decline and /abort say: their refusals and the lines that tell a table or
//! a game was aborted.

use crate::i18n::{Lang, Msg};
use crate::{msg, tr};

/// `offer-abort-host-only`: “Only the host, { $host }, or a moderator can abort this table; you can
/// /leave it.”
pub(crate) fn abort_host_only(host: &str) -> Msg {
    msg!("offer-abort-host-only", host = host)
}

/// `offer-abort-not-yours`: “This is not your game (the players are { $names }): only its players,
/// before everyone has moved, or a moderator can abort it.”
pub(crate) fn abort_not_yours(names: String) -> Msg {
    msg!("offer-abort-not-yours", names = names)
}

/// `offer-abort-race-table`: “The table changed at the same moment; try again.”
pub(crate) fn abort_race_table() -> Msg {
    msg!("offer-abort-race-table")
}

/// `offer-abort-too-late`: “Every player has moved, so the game can no longer be aborted: play on,
/// offer a draw with /draw, or /resign.”
pub(crate) fn abort_too_late() -> Msg {
    msg!("offer-abort-too-late")
}

/// `offer-aborts-damaged`: “{ $who } aborts game { $id }, whose record could not be loaded. /new
/// starts another here.”
pub(crate) fn aborts_damaged(who: &str, id: i64) -> Msg {
    msg!("offer-aborts-damaged", who = who, id = id)
}

/// `offer-aborts-game`: “{ $who } aborts the { $game } game { $id }: it ends without a result.
/// /rematch plays it again with the same players, /new starts another.”
pub(crate) fn aborts_game(lang: Lang, who: &str, game: &str, id: i64) -> String {
    tr!(lang, "offer-aborts-game", who = who, game = game, id = id)
}

/// `offer-aborts-table`: “{ $who } aborts the { $game } table. Start another with /new.”
pub(crate) fn aborts_table(lang: Lang, who: &str, game: &str) -> String {
    tr!(lang, "offer-aborts-table", who = who, game = game)
}

/// `offer-no-draw`: “A draw cannot be offered in this game: { $error }.”
pub(crate) fn no_draw(error: Msg) -> Msg {
    msg!("offer-no-draw", error = error)
}

/// `tournament-no-abort`: “This is a tournament game: it ends by play, resignation or time, not
/// /abort (its round would never end). The organiser can cancel the whole tournament.”
pub(crate) fn tournament_no_abort() -> Msg {
    msg!("tournament-no-abort")
}
