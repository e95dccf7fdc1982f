//! What /claim says: the claim and the vote on a player out of time, the removal on time, and their
//! refusals.

use crate::i18n::{Lang, Msg};
use crate::{msg, tr};

/// `button-claim`: “Claim”
pub(crate) fn button_claim(lang: Lang) -> String {
    tr!(lang, "button-claim")
}

/// `clock-cannot-leave`: “The rules do not let this player leave now: { $error }.”
pub(crate) fn cannot_leave(error: Msg) -> Msg {
    msg!("clock-cannot-leave", error = error)
}

/// `clock-claim-no-game`: “There is no running game here to claim.”
pub(crate) fn no_game() -> Msg {
    msg!("clock-claim-no-game")
}

/// `clock-claim-nobody`: “Nobody is to move, so there is nothing to claim.”
pub(crate) fn nobody() -> Msg {
    msg!("clock-claim-nobody")
}

/// `clock-claim-not-player`: “Only the players of this game can claim a timeout.”
pub(crate) fn not_player() -> Msg {
    msg!("clock-claim-not-player")
}

/// `clock-claim-out`: “You are no longer in this game, so there is nothing for you to claim.”
pub(crate) fn out() -> Msg {
    msg!("clock-claim-out")
}

/// `clock-claim-own-turn`: “It is your own turn: play a move instead of claiming.”
pub(crate) fn own_turn() -> Msg {
    msg!("clock-claim-own-turn")
}

/// `clock-claim-still-time`: “The player to move still has time: it runs out { $until }. You can
/// /claim after that.”
pub(crate) fn still_time(until: String) -> Msg {
    msg!("clock-claim-still-time", until = until)
}

/// `clock-claim-untimed`: “This game is untimed: there is no time to run out, so nothing to claim.”
pub(crate) fn untimed() -> Msg {
    msg!("clock-claim-untimed")
}

/// `clock-claim-vacation`: “The player to move is on vacation: their clock is frozen, so there is
/// nothing to claim.”
pub(crate) fn vacation() -> Msg {
    msg!("clock-claim-vacation")
}

/// `clock-claimed`: “{ $claimer } claims the win: { $who } ran out of time.”
pub(crate) fn claimed(lang: Lang, claimer: &str, who: String) -> String {
    tr!(lang, "clock-claimed", claimer = claimer, who = who)
}

/// `clock-hard-timeout`: “{ $who } ran out of time ({ $clock } clock, hard timeout).”
pub(crate) fn hard_timeout(lang: Lang, who: String, clock: &str) -> String {
    tr!(lang, "clock-hard-timeout", who = who, clock = clock)
}

/// `clock-moved-on`: “The game has moved on since; see /board.”
pub(crate) fn moved_on() -> Msg {
    msg!("clock-moved-on")
}

/// `clock-no-state`: “The game has no state.”
pub(crate) fn no_state() -> Msg {
    msg!("clock-no-state")
}

/// `clock-vote`: “{ $voter } has already voted to remove { $name }, who ran out of time: { $votes }
/// of the { $need } votes needed. The others vote with /claim.”
pub(crate) fn vote(
    lang: Lang,
    voter: &str,
    fresh: bool,
    name: String,
    votes: usize,
    need: usize,
) -> String {
    tr!(
        lang,
        "clock-vote",
        voter = voter,
        fresh = if fresh { "yes" } else { "no" },
        name = name,
        votes = votes,
        need = need
    )
}

/// `clock-voted-out`: “{ $who } ran out of time and is removed from the game by vote.”
pub(crate) fn voted_out(lang: Lang, who: String) -> String {
    tr!(lang, "clock-voted-out", who = who)
}
