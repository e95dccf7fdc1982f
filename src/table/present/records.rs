//! What /history, /export, /replay and /mygames say: the history's lines and pages, the record's
//! refusals, the list of a player's games.

use crate::i18n::{Arg, Lang, Msg};
use crate::{msg, tr};

/// “The moves of { $game } game { $id } one after another, as an animation.”
pub(crate) fn alt_replay(lang: Lang, game: impl Into<Arg>, id: impl Into<Arg>) -> String {
    tr!(lang, "alt-replay", game = game, id = id)
}

/// “Earlier”
pub(crate) fn button_earlier(lang: Lang) -> String {
    tr!(lang, "button-earlier")
}

/// “Later”
pub(crate) fn button_later(lang: Lang) -> String {
    tr!(lang, "button-later")
}

/// “Games you follow ({ $n }):”
pub(crate) fn follow_mygames_head(lang: Lang, n: impl Into<Arg>) -> String {
    tr!(lang, "follow-mygames-head", n = n)
}

/// “Aborted, without a result.”
pub(crate) fn aborted(lang: Lang) -> String {
    tr!(lang, "history-aborted")
}

/// “({ $kind })”
pub(crate) fn action(lang: Lang, kind: impl Into<Arg>) -> String {
    tr!(lang, "history-action", kind = kind)
}

/// “{ $game } game { $id }: { $players }. { $n } { $n ->”
pub(crate) fn head(
    lang: Lang,
    game: impl Into<Arg>,
    id: impl Into<Arg>,
    players: impl Into<Arg>,
    n: impl Into<Arg>,
    page: impl Into<Arg>,
    pages: impl Into<Arg>,
) -> String {
    tr!(
        lang,
        "history-head",
        game = game,
        id = id,
        players = players,
        n = n,
        page = page,
        pages = pages
    )
}

/// “{ $ply }. { $who }: { $what }”
pub(crate) fn line(
    lang: Lang,
    ply: impl Into<Arg>,
    who: impl Into<Arg>,
    what: impl Into<Arg>,
) -> String {
    tr!(lang, "history-line", ply = ply, who = who, what = what)
}

/// “{ $who } offers a draw”
pub(crate) fn offer_draw(lang: Lang, who: impl Into<Arg>) -> String {
    tr!(lang, "history-offer-draw", who = who)
}

/// “{ $status ->”
pub(crate) fn offer_end(lang: Lang, status: impl Into<Arg>, by: impl Into<Arg>) -> String {
    tr!(lang, "history-offer-end", status = status, by = by)
}

/// “{"   "}· { $what }: { $end }”
pub(crate) fn offer_line(lang: Lang, what: impl Into<Arg>, end: impl Into<Arg>) -> String {
    tr!(lang, "history-offer-line", what = what, end = end)
}

/// “{ $who } offers to pause the clocks”
pub(crate) fn offer_pause(lang: Lang, who: impl Into<Arg>) -> String {
    tr!(lang, "history-offer-pause", who = who)
}

/// “{ $who } asks to take back { $one ->”
pub(crate) fn offer_undo(
    lang: Lang,
    who: impl Into<Arg>,
    from: impl Into<Arg>,
    to: impl Into<Arg>,
    one: impl Into<Arg>,
) -> String {
    tr!(
        lang,
        "history-offer-undo",
        who = who,
        from = from,
        to = to,
        one = one
    )
}

/// “{ $who } asks to take back”
pub(crate) fn offer_undo_any(lang: Lang, who: impl Into<Arg>) -> String {
    tr!(lang, "history-offer-undo-any", who = who)
}

/// “{"   "}· { $by ->”
pub(crate) fn pause(
    lang: Lang,
    by: impl Into<Arg>,
    who: impl Into<Arg>,
    how: impl Into<Arg>,
    ender: impl Into<Arg>,
) -> String {
    tr!(
        lang,
        "history-pause",
        by = by,
        who = who,
        how = how,
        ender = ender
    )
}

/// “a moderator”
pub(crate) fn pause_moderator(lang: Lang) -> String {
    tr!(lang, "history-pause-moderator")
}

/// “someone”
pub(crate) fn someone(lang: Lang) -> String {
    tr!(lang, "history-someone")
}

/// “{ $mv } (taken back)”
pub(crate) fn taken_back(lang: Lang, mv: impl Into<Arg>) -> String {
    tr!(lang, "history-taken-back", mv = mv)
}

/// “the table”
pub(crate) fn the_table(lang: Lang) -> String {
    tr!(lang, "history-the-table")
}

/// “(ran out of time)”
pub(crate) fn timeout(lang: Lang) -> String {
    tr!(lang, "history-timeout")
}

/// “takes back { $one ->”
pub(crate) fn undo(
    lang: Lang,
    from: impl Into<Arg>,
    to: impl Into<Arg>,
    one: impl Into<Arg>,
) -> String {
    tr!(lang, "history-undo", from = from, to = to, one = one)
}

/// “#{ $id }: your { $open ->”
pub(crate) fn challenge_from(
    lang: Lang,
    id: impl Into<Arg>,
    what: impl Into<Arg>,
    place: impl Into<Arg>,
    open: impl Into<Arg>,
    expires: impl Into<Arg>,
) -> String {
    tr!(
        lang,
        "mygames-challenge-from",
        id = id,
        what = what,
        place = place,
        open = open,
        expires = expires
    )
}

/// “#{ $id }: { $author } challenges you to { $what } in { $place } (expires { $expires }). Answer
/// with /accept challenge:{ $id } or /decline challenge:{ $id }.”
pub(crate) fn challenge_to(
    lang: Lang,
    id: impl Into<Arg>,
    author: impl Into<Arg>,
    what: impl Into<Arg>,
    place: impl Into<Arg>,
    expires: impl Into<Arg>,
) -> String {
    tr!(
        lang,
        "mygames-challenge-to",
        id = id,
        author = author,
        what = what,
        place = place,
        expires = expires
    )
}

/// “Challenges ({ $n }):”
pub(crate) fn challenges_head(lang: Lang, n: impl Into<Arg>) -> String {
    tr!(lang, "mygames-challenges-head", n = n)
}

/// “Your games ({ $n }): your move in { $mine }.”
pub(crate) fn mygames_head(lang: Lang, n: impl Into<Arg>, mine: impl Into<Arg>) -> String {
    tr!(lang, "mygames-head", n = n, mine = mine)
}

/// “{ $game } game { $id } in { $place }: waiting to start”
pub(crate) fn lobby(
    lang: Lang,
    game: impl Into<Arg>,
    id: impl Into<Arg>,
    place: impl Into<Arg>,
) -> String {
    tr!(lang, "mygames-lobby", game = game, id = id, place = place)
}

/// “{ $mine ->”
pub(crate) fn mygames_move(
    mine: impl Into<Arg>,
    game: impl Into<Arg>,
    id: impl Into<Arg>,
    place: impl Into<Arg>,
    who: impl Into<Arg>,
    due: impl Into<Arg>,
    timed: impl Into<Arg>,
) -> Msg {
    msg!(
        "mygames-move",
        mine = mine,
        game = game,
        id = id,
        place = place,
        who = who,
        due = due,
        timed = timed
    )
}

/// “You have no open games. Open one with /new GAME in a channel, e.g. /new pikemen 2, or /join
/// one.”
pub(crate) fn mygames_none(lang: Lang) -> String {
    tr!(lang, "mygames-none")
}

/// “draw by agreement”
pub(crate) fn outcome_draw_agreed(lang: Lang) -> String {
    tr!(lang, "outcome-draw-agreed")
}

/// “{" "}· paused since { $since }”
pub(crate) fn pause_mygames(lang: Lang, since: impl Into<Arg>) -> String {
    tr!(lang, "pause-mygames", since = since)
}

/// “The replay cannot be drawn: { $error }.”
pub(crate) fn cannot_draw(error: impl Into<Arg>) -> Msg {
    msg!("record-cannot-draw", error = error)
}

/// “The game cannot be replayed: { $error }.”
pub(crate) fn cannot_replay(error: impl Into<Arg>) -> Msg {
    msg!("record-cannot-replay", error = error)
}

/// “The record of { $game } game { $id } ({ $n } { $n ->”
pub(crate) fn export(
    lang: Lang,
    game: impl Into<Arg>,
    id: impl Into<Arg>,
    n: impl Into<Arg>,
    file: impl Into<Arg>,
    rated: impl Into<Arg>,
) -> String {
    tr!(
        lang,
        "record-export",
        game = game,
        id = id,
        n = n,
        file = file,
        rated = rated
    )
}

/// “Replay of { $game } game { $id } ({ $all ->”
pub(crate) fn replay(
    lang: Lang,
    game: impl Into<Arg>,
    id: impl Into<Arg>,
    frames: impl Into<Arg>,
    positions: impl Into<Arg>,
    all: impl Into<Arg>,
) -> String {
    tr!(
        lang,
        "record-replay",
        game = game,
        id = id,
        frames = frames,
        positions = positions,
        all = all
    )
}
