//! What a running game's commands say outside the board: a move, /resign, /board and /moves
//! refused, and their short lines.

use crate::i18n::{Arg, Join, Lang, Msg};
use crate::table::present::moves::group_moves;
use crate::{msg, tr};

pub(crate) fn play_needs_move() -> Msg {
    msg!("command-play-empty")
}

pub(crate) fn board_head(lang: Lang, game: &str, id: i64, n: usize) -> String {
    tr!(lang, "play-board-head", game, id, n)
}

pub(crate) fn cannot_play(text: &str, error: Msg, illegal: bool) -> Msg {
    msg!(
        "play-cannot-play",
        text,
        error,
        illegal = if illegal { "yes" } else { "no" }
    )
}

pub(crate) fn cannot_resign(error: Msg) -> Msg {
    msg!("play-cannot-resign", error)
}

pub(crate) fn game_over_short() -> Msg {
    msg!("play-game-over-short")
}

fn moves_head(lang: Lang, mine: bool, who: String, n: usize) -> String {
    tr!(
        lang,
        "play-moves-head",
        mine = if mine { "yes" } else { "no" },
        who,
        n
    )
}

pub(crate) fn not_your_turn(who: String, me: Msg) -> Msg {
    msg!("play-not-your-turn", who, me)
}

pub(crate) fn only_seat(who: String, text: &str, me: Msg) -> Msg {
    msg!("play-only-seat", who, text, me)
}

pub(crate) fn played(lang: Lang, who: String, moves: &[String]) -> String {
    tr!(
        lang,
        "play-played",
        who,
        mv = Arg::list(moves.iter().cloned(), Join::And)
    )
}

pub(crate) fn resigns(lang: Lang, who: String) -> String {
    tr!(lang, "play-resigns", who)
}

pub(crate) fn you_played(lang: Lang, mv: &str) -> String {
    tr!(lang, "play-you-played", mv)
}

pub(crate) fn you_played_bot_next(lang: Lang, mv: &str, bot: String) -> String {
    tr!(lang, "play-you-played-bot-next", mv, bot)
}

/// Room for `/moves` in one message (Discord allows 2000 characters).
const MOVES_ROOM: usize = 1800;

/// `/moves`: whose move it is (`mine` when the asker's), then the legal moves in compact
/// lines within a message's room.
pub(crate) fn moves(lang: Lang, mine: bool, who: String, moves: &[String]) -> String {
    format!(
        "{}\n{}",
        moves_head(lang, mine, who, moves.len()),
        group_moves(lang, moves, MOVES_ROOM)
    )
}
