//! What /challenge says: a challenge made, accepted, declined or withdrawn, and its refusals.

use crate::i18n::{Lang, Msg};
use crate::table::api::Button;
use crate::{msg, tr};

pub(crate) fn accepted_already(id: i64) -> Msg {
    msg!("challenge-accepted-already", id = id)
}

pub(crate) fn bad_id(value: &str) -> Msg {
    msg!("challenge-bad-id", value = value)
}

pub(crate) fn no_bots() -> Msg {
    msg!("challenge-bot")
}

pub(crate) fn bot_account() -> Msg {
    msg!("challenge-bot-account")
}

pub(crate) fn closed(id: i64, status: &str) -> Msg {
    msg!("challenge-closed", id = id, status = status)
}

pub(crate) fn direct(who: &str, opponent: String, what: &str, id: i64, expires: &str) -> Msg {
    msg!(
        "challenge-direct",
        who = who,
        opponent = opponent,
        what = what,
        id = id,
        expires = expires
    )
}

pub(crate) fn direct_dm(lang: Lang, who: &str, what: &str, channel: String, id: i64) -> String {
    tr!(
        lang,
        "challenge-direct-dm",
        who = who,
        what = what,
        channel = channel,
        id = id
    )
}

pub(crate) fn direct_two(game: &str, id: &str) -> Msg {
    msg!("challenge-direct-two", game = game, id = id)
}

pub(crate) fn ended(
    lang: Lang,
    status: &str,
    who: &str,
    author: &str,
    game: &str,
    id: i64,
) -> String {
    tr!(
        lang,
        "challenge-ended",
        status = status,
        who = who,
        author = author,
        game = game,
        id = id
    )
}

pub(crate) fn expired(lang: Lang, id: i64, author: &str, game: &str) -> String {
    tr!(
        lang,
        "challenge-expired",
        id = id,
        author = author,
        game = game
    )
}

pub(crate) fn full(lang: Lang, who: &str, id: i64, game: &str, players: String) -> String {
    tr!(
        lang,
        "challenge-full",
        who = who,
        id = id,
        game = game,
        players = players
    )
}

pub(crate) fn list_item(lang: Lang, id: i64, author: &str, what: String) -> String {
    tr!(
        lang,
        "challenge-list-item",
        id = id,
        author = author,
        what = what
    )
}

pub(crate) fn needs_game() -> Msg {
    msg!("challenge-no-game")
}

pub(crate) fn no_challenge(id: i64) -> Msg {
    msg!("challenge-none", id = id)
}

pub(crate) fn not_for_you(id: i64) -> Msg {
    msg!("challenge-not-for-you", id = id)
}

pub(crate) fn not_yours(id: i64) -> Msg {
    msg!("challenge-not-yours", id = id)
}

pub(crate) fn open(who: &str, what: &str, id: i64, seats: u8, expires: &str) -> Msg {
    msg!(
        "challenge-open",
        who = who,
        what = what,
        id = id,
        seats = seats,
        expires = expires
    )
}

pub(crate) fn own(id: i64) -> Msg {
    msg!("challenge-own", id = id)
}

pub(crate) fn seat_taken(lang: Lang, who: &str, id: i64, left: usize) -> String {
    tr!(
        lang,
        "challenge-seat-taken",
        who = who,
        id = id,
        left = left
    )
}

pub(crate) fn not_yourself() -> Msg {
    msg!("challenge-self")
}

pub(crate) fn two_opponents() -> Msg {
    msg!("challenge-two-opponents")
}

pub(crate) fn which(list: String, id: i64, accept: bool) -> Msg {
    msg!(
        "challenge-which",
        list = list,
        id = id,
        command = if accept { "accept" } else { "decline" }
    )
}

/// A challenge's Accept and Decline buttons, which type `/accept challenge:ID` and
/// `/decline challenge:ID`.
pub(crate) fn buttons(lang: Lang, id: i64) -> Vec<Button> {
    vec![
        Button {
            label: tr!(lang, "challenge-button-accept"),
            command: format!("/accept challenge:{id}"),
            game: None,
        },
        Button {
            label: tr!(lang, "challenge-button-decline"),
            command: format!("/decline challenge:{id}"),
            game: None,
        },
    ]
}
