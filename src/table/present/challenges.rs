//! What /challenge says: a challenge made, accepted, declined or withdrawn, and its refusals.

use crate::i18n::{Lang, Msg};
use crate::table::api::Button;
use crate::{msg, tr};

/// `challenge-accepted-already`: “You have already accepted challenge #{ $id }: the game opens when
/// every seat is taken.”
pub(crate) fn accepted_already(id: i64) -> Msg {
    msg!("challenge-accepted-already", id = id)
}

/// `challenge-bad-id`: “"{ $value }" is not a challenge number: use the number the challenge shows,
/// e.g. /accept challenge:3.”
pub(crate) fn bad_id(value: &str) -> Msg {
    msg!("challenge-bad-id", value = value)
}

/// `challenge-bot`: “Computer players do not take challenges: open a table with /new and seat one
/// with /addbot.”
pub(crate) fn no_bots() -> Msg {
    msg!("challenge-bot")
}

/// `challenge-bot-account`: “You named a bot account: nobody can answer a challenge for it. To play
/// the computer, open a table with /new and seat a computer player with /addbot.”
pub(crate) fn bot_account() -> Msg {
    msg!("challenge-bot-account")
}

/// `challenge-closed`: “Challenge #{ $id } is no longer open ({ $status }).”
pub(crate) fn closed(id: i64, status: &str) -> Msg {
    msg!("challenge-closed", id = id, status = status)
}

/// `challenge-direct`: “{ $who } challenges { $opponent } to { $what } (challenge #{ $id }, expires
/// { $expires }). Answer with /accept challenge:{ $id } or /decline challenge:{ $id }.”
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

/// `challenge-direct-dm`: “{ $who } challenges you to { $what } in { $channel }. Answer there with
/// /accept challenge:{ $id } or /decline challenge:{ $id }.”
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

/// `challenge-direct-two`: “A challenge to one player is a two-player game, and { $game } here
/// would need more: leave out opponent for an open challenge, e.g. /challenge { $id } players:4.”
pub(crate) fn direct_two(game: &str, id: &str) -> Msg {
    msg!("challenge-direct-two", game = game, id = id)
}

/// `challenge-ended`: “{ $who } declines challenge #{ $id } from { $author } ({ $game }).”
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

/// `challenge-expired`: “Challenge #{ $id } from { $author } ({ $game }) expired unanswered.”
pub(crate) fn expired(lang: Lang, id: i64, author: &str, game: &str) -> String {
    tr!(
        lang,
        "challenge-expired",
        id = id,
        author = author,
        game = game
    )
}

/// `challenge-full`: “{ $who } accepts challenge #{ $id }: the { $game } game opens now (players:
/// { $players }).”
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

/// `challenge-list-item`: “#{ $id } from { $author }, { $what }”
pub(crate) fn list_item(lang: Lang, id: i64, author: &str, what: String) -> String {
    tr!(
        lang,
        "challenge-list-item",
        id = id,
        author = author,
        what = what
    )
}

/// `challenge-no-game`: “Which game? e.g. /challenge pikemen opponent:@bob, or /challenge sprawl
/// players:4 for an open challenge.”
pub(crate) fn needs_game() -> Msg {
    msg!("challenge-no-game")
}

/// `challenge-none`: “There is no challenge #{ $id } on this server.”
pub(crate) fn no_challenge(id: i64) -> Msg {
    msg!("challenge-none", id = id)
}

/// `challenge-not-for-you`: “Challenge #{ $id } is addressed to another player.”
pub(crate) fn not_for_you(id: i64) -> Msg {
    msg!("challenge-not-for-you", id = id)
}

/// `challenge-not-yours`: “Challenge #{ $id } is not addressed to you: only its author can withdraw
/// it, and only the challenged player can decline it.”
pub(crate) fn not_yours(id: i64) -> Msg {
    msg!("challenge-not-yours", id = id)
}

/// `challenge-open`: “{ $who } opens a challenge: { $what } (challenge #{ $id }, expires
/// { $expires }). { $seats } seats are free: /accept challenge:{ $id } takes one.”
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

/// `challenge-own`: “You made challenge #{ $id }: wait for others to accept it, or withdraw it with
/// /decline challenge:{ $id }.”
pub(crate) fn own(id: i64) -> Msg {
    msg!("challenge-own", id = id)
}

/// `challenge-seat-taken`: “{ $who } accepts challenge #{ $id }. { $left } seats are still free.”
pub(crate) fn seat_taken(lang: Lang, who: &str, id: i64, left: usize) -> String {
    tr!(
        lang,
        "challenge-seat-taken",
        who = who,
        id = id,
        left = left
    )
}

/// `challenge-self`: “You cannot challenge yourself: name another player, or leave out opponent for
/// an open challenge.”
pub(crate) fn not_yourself() -> Msg {
    msg!("challenge-self")
}

/// `challenge-two-opponents`: “A challenge names one opponent: /challenge pikemen @bob. For more
/// players, leave the opponent out for an open challenge, e.g. /challenge sprawl players:4.”
pub(crate) fn two_opponents() -> Msg {
    msg!("challenge-two-opponents")
}

/// `challenge-which`: “Several challenges are addressed to you: { $list }. Say which, e.g.
/// /{ $command } challenge:{ $id }.”
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
