//! What /claim says: the claim and the vote on a player out of time, the removal on time, and their
//! refusals.

use crate::i18n::{Lang, Msg};
use crate::{msg, tr};

pub(crate) fn button_claim(lang: Lang) -> String {
    tr!(lang, "button-claim")
}

pub(crate) fn cannot_leave(error: Msg) -> Msg {
    msg!("clock-cannot-leave", error)
}

pub(crate) fn no_game() -> Msg {
    msg!("clock-claim-no-game")
}

pub(crate) fn nobody() -> Msg {
    msg!("clock-claim-nobody")
}

pub(crate) fn not_player() -> Msg {
    msg!("clock-claim-not-player")
}

pub(crate) fn out() -> Msg {
    msg!("clock-claim-out")
}

pub(crate) fn own_turn() -> Msg {
    msg!("clock-claim-own-turn")
}

pub(crate) fn still_time(until: String) -> Msg {
    msg!("clock-claim-still-time", until)
}

pub(crate) fn untimed() -> Msg {
    msg!("clock-claim-untimed")
}

pub(crate) fn vacation() -> Msg {
    msg!("clock-claim-vacation")
}

pub(crate) fn claimed(lang: Lang, claimer: &str, who: String) -> String {
    tr!(lang, "clock-claimed", claimer, who)
}

pub(crate) fn hard_timeout(lang: Lang, who: String, clock: &str) -> String {
    tr!(lang, "clock-hard-timeout", who, clock)
}

pub(crate) fn moved_on() -> Msg {
    msg!("clock-moved-on")
}

pub(crate) fn no_state() -> Msg {
    msg!("clock-no-state")
}

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
        voter,
        fresh = if fresh { "yes" } else { "no" },
        name,
        votes,
        need
    )
}

pub(crate) fn voted_out(lang: Lang, who: String) -> String {
    tr!(lang, "clock-voted-out", who)
}
