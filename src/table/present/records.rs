//! What /history, /export, /replay and /mygames say: the history's lines and pages, the record's
//! refusals, the list of a player's games.

use crate::i18n::{Lang, Msg};
use crate::{msg, tr};

/// `alt-replay`: “The moves of { $game } game { $id } one after another, as an animation.”
pub(crate) fn alt_replay(lang: Lang, game: &str, id: i64) -> String {
    tr!(lang, "alt-replay", game = game, id = id)
}

/// `button-earlier`: “Earlier”
pub(crate) fn button_earlier(lang: Lang) -> String {
    tr!(lang, "button-earlier")
}

/// `button-later`: “Later”
pub(crate) fn button_later(lang: Lang) -> String {
    tr!(lang, "button-later")
}

/// `follow-mygames-head`: “Games you follow ({ $n }):”
fn follow_mygames_head(lang: Lang, n: usize) -> String {
    tr!(lang, "follow-mygames-head", n = n)
}

/// `/mygames`' section of the games the author follows: its heading, then a line each.
pub(crate) fn followed(lang: Lang, lines: &[String]) -> String {
    format!(
        "{}\n{}",
        follow_mygames_head(lang, lines.len()),
        lines.join("\n")
    )
}

/// `history-aborted`: “Aborted, without a result.”
pub(crate) fn aborted(lang: Lang) -> String {
    tr!(lang, "history-aborted")
}

/// `history-action`: “({ $kind })”
pub(crate) fn action(lang: Lang, kind: &str) -> String {
    tr!(lang, "history-action", kind = kind)
}

/// `history-head`: “{ $game } game { $id }: { $players }. { $n } actions, page { $page } of
/// { $pages } (see /history PAGE).”
pub(crate) fn head(
    lang: Lang,
    game: &str,
    id: i64,
    players: String,
    n: usize,
    page: usize,
    pages: usize,
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

/// `history-line`: “{ $ply }. { $who }: { $what }”
pub(crate) fn line(lang: Lang, ply: u32, who: String, what: String) -> String {
    tr!(lang, "history-line", ply = ply, who = who, what = what)
}

/// `history-offer-draw`: “{ $who } offers a draw”
pub(crate) fn offer_draw(lang: Lang, who: String) -> String {
    tr!(lang, "history-offer-draw", who = who)
}

/// `history-offer-end`: “lapsed”
pub(crate) fn offer_end(lang: Lang, status: &str, by: String) -> String {
    tr!(lang, "history-offer-end", status = status, by = by)
}

/// `history-offer-line`: “· { $what }: { $end }”
pub(crate) fn offer_line(lang: Lang, what: String, end: String) -> String {
    tr!(lang, "history-offer-line", what = what, end = end)
}

/// `history-offer-pause`: “{ $who } offers to pause the clocks”
pub(crate) fn offer_pause(lang: Lang, who: String) -> String {
    tr!(lang, "history-offer-pause", who = who)
}

/// `history-offer-undo`: “{ $who } asks to take back actions { $from } to { $to }”
pub(crate) fn offer_undo(lang: Lang, who: String, from: u32, to: u32, one: bool) -> String {
    tr!(
        lang,
        "history-offer-undo",
        who = who,
        from = from,
        to = to,
        one = if one { "yes" } else { "no" }
    )
}

/// `history-offer-undo-any`: “{ $who } asks to take back”
pub(crate) fn offer_undo_any(lang: Lang, who: String) -> String {
    tr!(lang, "history-offer-undo-any", who = who)
}

/// `history-pause`: “· the clocks are paused by agreement: still paused”
pub(crate) fn pause(lang: Lang, by_moderator: bool, who: &str, how: &str, ender: String) -> String {
    tr!(
        lang,
        "history-pause",
        by = if by_moderator {
            "moderator"
        } else {
            "agreement"
        },
        who = who,
        how = how,
        ender = ender
    )
}

/// `history-pause-moderator`: “a moderator”
pub(crate) fn pause_moderator(lang: Lang) -> String {
    tr!(lang, "history-pause-moderator")
}

/// `history-someone`: “someone”
pub(crate) fn someone(lang: Lang) -> String {
    tr!(lang, "history-someone")
}

/// `history-taken-back`: “{ $mv } (taken back)”
pub(crate) fn taken_back(lang: Lang, mv: &str) -> String {
    tr!(lang, "history-taken-back", mv = mv)
}

/// `history-the-table`: “the table”
pub(crate) fn the_table(lang: Lang) -> String {
    tr!(lang, "history-the-table")
}

/// `history-timeout`: “(ran out of time)”
pub(crate) fn timeout(lang: Lang) -> String {
    tr!(lang, "history-timeout")
}

/// `history-undo`: “takes back actions { $from } to { $to }”
pub(crate) fn undo(lang: Lang, from: u32, to: u32, one: bool) -> String {
    tr!(
        lang,
        "history-undo",
        from = from,
        to = to,
        one = if one { "yes" } else { "no" }
    )
}

/// `mygames-challenge-from`: “#{ $id }: your challenge ({ $what }, in { $place }) waits for an
/// answer (expires { $expires }).”
pub(crate) fn challenge_from(
    lang: Lang,
    id: i64,
    what: &str,
    place: &str,
    open: bool,
    expires: &str,
) -> String {
    tr!(
        lang,
        "mygames-challenge-from",
        id = id,
        what = what,
        place = place,
        open = if open { "yes" } else { "no" },
        expires = expires
    )
}

/// `mygames-challenge-to`: “#{ $id }: { $author } challenges you to { $what } in { $place }
/// (expires { $expires }). Answer with /accept challenge:{ $id } or /decline challenge:{ $id }.”
pub(crate) fn challenge_to(
    lang: Lang,
    id: i64,
    author: &str,
    what: &str,
    place: &str,
    expires: &str,
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

/// `mygames-challenges-head`: “Challenges ({ $n }):”
pub(crate) fn challenges_head(lang: Lang, n: usize) -> String {
    tr!(lang, "mygames-challenges-head", n = n)
}

/// `mygames-head`: “Your games ({ $n }): your move in { $mine }.”
pub(crate) fn mygames_head(lang: Lang, n: usize, mine: usize) -> String {
    tr!(lang, "mygames-head", n = n, mine = mine)
}

/// `mygames-lobby`: “{ $game } game { $id } in { $place }: waiting to start”
pub(crate) fn lobby(lang: Lang, game: &str, id: i64, place: &str) -> String {
    tr!(lang, "mygames-lobby", game = game, id = id, place = place)
}

/// `mygames-move`: “{ $game } game { $id } in { $place }: { $who } to move”
pub(crate) fn mygames_move(
    lang: Lang,
    mine: bool,
    game: &str,
    id: i64,
    place: &str,
    who: String,
    due: Option<&str>,
) -> String {
    tr!(
        lang,
        "mygames-move",
        mine = if mine { "yes" } else { "no" },
        game = game,
        id = id,
        place = place,
        who = who,
        due = due.unwrap_or_default(),
        timed = if due.is_some() { "yes" } else { "no" }
    )
}

/// `mygames-none`: “You have no open games. Open one with /new GAME in a channel, e.g. /new pikemen
/// 2, or /join one.”
pub(crate) fn mygames_none(lang: Lang) -> String {
    tr!(lang, "mygames-none")
}

/// `outcome-draw-agreed`: “draw by agreement”
pub(crate) fn outcome_draw_agreed(lang: Lang) -> String {
    tr!(lang, "outcome-draw-agreed")
}

/// `pause-mygames`: “· paused since { $since }”
pub(crate) fn pause_mygames(lang: Lang, since: String) -> String {
    tr!(lang, "pause-mygames", since = since)
}

/// `record-cannot-draw`: “The replay cannot be drawn: { $error }.”
pub(crate) fn cannot_draw(error: String) -> Msg {
    msg!("record-cannot-draw", error = error)
}

/// `record-cannot-replay`: “The game cannot be replayed: { $error }.”
pub(crate) fn cannot_replay(error: String) -> Msg {
    msg!("record-cannot-replay", error = error)
}

/// `record-export`: “The record of { $game } game { $id } ({ $n } moves): load it back with
/// `plateau replay { $file }`.”
/// `rated`: whether the game counts for ratings; `running`: whether it is still being played,
/// since an unrated game is told as "is not rated" while it runs and "was not rated" after.
pub(crate) fn export(
    lang: Lang,
    game: &str,
    id: i64,
    n: usize,
    file: &str,
    rated: bool,
    running: bool,
) -> String {
    let rated = match (rated, running) {
        (true, _) => "rated",
        (false, true) => "unrated-running",
        (false, false) => "unrated",
    };
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

/// `record-replay`: “Replay of { $game } game { $id } ({ $frames } of its { $positions } positions,
/// to fit the attachment limit).”
pub(crate) fn replay(
    lang: Lang,
    game: &str,
    id: i64,
    frames: usize,
    positions: usize,
    all: bool,
) -> String {
    tr!(
        lang,
        "record-replay",
        game = game,
        id = id,
        frames = frames,
        positions = positions,
        all = if all { "yes" } else { "no" }
    )
}
