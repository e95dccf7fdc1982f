//! What /history, /export, /replay and /mygames say: the history's lines and pages, the record's
//! refusals, the list of a player's games.

use crate::i18n::{Lang, Msg};
use crate::{msg, tr};

pub(crate) fn alt_replay(lang: Lang, game: &str, id: i64) -> String {
    tr!(lang, "alt-replay", game, id)
}

pub(crate) fn button_earlier(lang: Lang) -> String {
    tr!(lang, "button-earlier")
}

pub(crate) fn button_later(lang: Lang) -> String {
    tr!(lang, "button-later")
}

fn follow_mygames_head(lang: Lang, n: usize) -> String {
    tr!(lang, "follow-mygames-head", n)
}

/// `/mygames`' section of the games the author follows: its heading, then a line each.
pub(crate) fn followed(lang: Lang, lines: &[String]) -> String {
    format!(
        "{}\n{}",
        follow_mygames_head(lang, lines.len()),
        lines.join("\n")
    )
}

pub(crate) fn aborted(lang: Lang) -> String {
    tr!(lang, "history-aborted")
}

pub(crate) fn action(lang: Lang, kind: &str) -> String {
    tr!(lang, "history-action", kind)
}

pub(crate) fn head(
    lang: Lang,
    game: &str,
    id: i64,
    players: String,
    n: usize,
    page: usize,
    pages: usize,
) -> String {
    tr!(lang, "history-head", game, id, players, n, page, pages)
}

pub(crate) fn line(lang: Lang, ply: u32, who: String, what: String) -> String {
    tr!(lang, "history-line", ply, who, what)
}

pub(crate) fn offer_draw(lang: Lang, who: String) -> String {
    tr!(lang, "history-offer-draw", who)
}

pub(crate) fn offer_end(lang: Lang, status: &str, by: String) -> String {
    tr!(lang, "history-offer-end", status, by)
}

pub(crate) fn offer_line(lang: Lang, what: String, end: String) -> String {
    tr!(lang, "history-offer-line", what, end)
}

pub(crate) fn offer_pause(lang: Lang, who: String) -> String {
    tr!(lang, "history-offer-pause", who)
}

pub(crate) fn offer_undo(lang: Lang, who: String, from: u32, to: u32, one: bool) -> String {
    tr!(
        lang,
        "history-offer-undo",
        who,
        from,
        to,
        one = if one { "yes" } else { "no" }
    )
}

pub(crate) fn offer_undo_any(lang: Lang, who: String) -> String {
    tr!(lang, "history-offer-undo-any", who)
}

pub(crate) fn pause(lang: Lang, by_moderator: bool, who: &str, how: &str, ender: String) -> String {
    tr!(
        lang,
        "history-pause",
        by = if by_moderator {
            "moderator"
        } else {
            "agreement"
        },
        who,
        how,
        ender
    )
}

pub(crate) fn pause_moderator(lang: Lang) -> String {
    tr!(lang, "history-pause-moderator")
}

pub(crate) fn someone(lang: Lang) -> String {
    tr!(lang, "history-someone")
}

pub(crate) fn taken_back(lang: Lang, mv: &str) -> String {
    tr!(lang, "history-taken-back", mv)
}

pub(crate) fn the_table(lang: Lang) -> String {
    tr!(lang, "history-the-table")
}

pub(crate) fn timeout(lang: Lang) -> String {
    tr!(lang, "history-timeout")
}

pub(crate) fn undo(lang: Lang, from: u32, to: u32, one: bool) -> String {
    tr!(
        lang,
        "history-undo",
        from,
        to,
        one = if one { "yes" } else { "no" }
    )
}

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
        id,
        what,
        place,
        open = if open { "yes" } else { "no" },
        expires
    )
}

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
        id,
        author,
        what,
        place,
        expires
    )
}

pub(crate) fn challenges_head(lang: Lang, n: usize) -> String {
    tr!(lang, "mygames-challenges-head", n)
}

pub(crate) fn mygames_head(lang: Lang, n: usize, mine: usize) -> String {
    tr!(lang, "mygames-head", n, mine)
}

pub(crate) fn lobby(lang: Lang, game: &str, id: i64, place: &str) -> String {
    tr!(lang, "mygames-lobby", game, id, place)
}

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
        game,
        id,
        place,
        who,
        due = due.unwrap_or_default(),
        timed = if due.is_some() { "yes" } else { "no" }
    )
}

pub(crate) fn mygames_none(lang: Lang) -> String {
    tr!(lang, "mygames-none")
}

pub(crate) fn outcome_draw_agreed(lang: Lang) -> String {
    tr!(lang, "outcome-draw-agreed")
}

pub(crate) fn pause_mygames(lang: Lang, since: String) -> String {
    tr!(lang, "pause-mygames", since)
}

pub(crate) fn cannot_draw(error: String) -> Msg {
    msg!("record-cannot-draw", error)
}

pub(crate) fn cannot_replay(error: String) -> Msg {
    msg!("record-cannot-replay", error)
}

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
    tr!(lang, "record-export", game, id, n, file, rated)
}

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
        game,
        id,
        frames,
        positions,
        all = if all { "yes" } else { "no" }
    )
}
