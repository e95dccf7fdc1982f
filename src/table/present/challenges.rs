//! What /challenge says: a challenge made, accepted, declined or withdrawn, and its refusals.

use crate::i18n::{Lang, Msg};
use crate::table::api::Button;
use crate::{msg, tr};

pub(crate) fn accepted_already(id: i64) -> Msg {
    msg!("challenge-accepted-already", id)
}

pub(crate) fn bad_id(value: &str) -> Msg {
    msg!("challenge-bad-id", value)
}

pub(crate) fn no_bots() -> Msg {
    msg!("challenge-bot")
}

pub(crate) fn bot_account() -> Msg {
    msg!("challenge-bot-account")
}

pub(crate) fn closed(id: i64, status: &str) -> Msg {
    msg!("challenge-closed", id, status)
}

pub(crate) fn direct(who: &str, opponent: String, what: &str, id: i64, expires: &str) -> Msg {
    msg!("challenge-direct", who, opponent, what, id, expires)
}

pub(crate) fn direct_dm(lang: Lang, who: &str, what: &str, channel: String, id: i64) -> String {
    tr!(lang, "challenge-direct-dm", who, what, channel, id)
}

pub(crate) fn direct_two(game: &str, id: &str) -> Msg {
    msg!("challenge-direct-two", game, id)
}

pub(crate) fn ended(
    lang: Lang,
    status: &str,
    who: &str,
    author: &str,
    game: &str,
    id: i64,
) -> String {
    tr!(lang, "challenge-ended", status, who, author, game, id)
}

pub(crate) fn expired(lang: Lang, id: i64, author: &str, game: &str) -> String {
    tr!(lang, "challenge-expired", id, author, game)
}

pub(crate) fn full(lang: Lang, who: &str, id: i64, game: &str, players: String) -> String {
    tr!(lang, "challenge-full", who, id, game, players)
}

pub(crate) fn list_item(lang: Lang, id: i64, author: &str, what: String) -> String {
    tr!(lang, "challenge-list-item", id, author, what)
}

pub(crate) fn needs_game() -> Msg {
    msg!("challenge-no-game")
}

pub(crate) fn no_challenge(id: i64) -> Msg {
    msg!("challenge-none", id)
}

pub(crate) fn not_for_you(id: i64) -> Msg {
    msg!("challenge-not-for-you", id)
}

pub(crate) fn not_yours(id: i64) -> Msg {
    msg!("challenge-not-yours", id)
}

pub(crate) fn open(who: &str, what: &str, id: i64, seats: u8, expires: &str) -> Msg {
    msg!("challenge-open", who, what, id, seats, expires)
}

pub(crate) fn own(id: i64) -> Msg {
    msg!("challenge-own", id)
}

pub(crate) fn seat_taken(lang: Lang, who: &str, id: i64, left: usize) -> String {
    tr!(lang, "challenge-seat-taken", who, id, left)
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
        list,
        id,
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
