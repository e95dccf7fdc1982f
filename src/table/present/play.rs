//! What a running game's commands say outside the board: a move, /resign, /board and /moves
//! refused, and their short lines.

use crate::i18n::{Arg, Lang, Msg};
use crate::{msg, tr};

/// “/play needs a move, e.g. /play turn h3 n (see /moves).”
pub(crate) fn command_play_empty() -> Msg {
    msg!("command-play-empty")
}

/// “{ $game } game { $id }, after { $n } { $n ->”
pub(crate) fn board_head(
    lang: Lang,
    game: impl Into<Arg>,
    id: impl Into<Arg>,
    n: impl Into<Arg>,
) -> String {
    tr!(lang, "play-board-head", game = game, id = id, n = n)
}

/// “Cannot play "{ $text }": { $error }.{ $illegal ->”
pub(crate) fn cannot_play(
    text: impl Into<Arg>,
    error: impl Into<Arg>,
    illegal: impl Into<Arg>,
) -> Msg {
    msg!(
        "play-cannot-play",
        text = text,
        error = error,
        illegal = illegal
    )
}

/// “You cannot resign now: { $error }.”
pub(crate) fn cannot_resign(error: impl Into<Arg>) -> Msg {
    msg!("play-cannot-resign", error = error)
}

/// “The game is over.”
pub(crate) fn game_over_short() -> Msg {
    msg!("play-game-over-short")
}

/// “{ $mine ->”
pub(crate) fn moves_head(
    lang: Lang,
    mine: impl Into<Arg>,
    who: impl Into<Arg>,
    n: impl Into<Arg>,
) -> String {
    tr!(lang, "play-moves-head", mine = mine, who = who, n = n)
}

/// “It is not your turn: { $who } is to move. You play { $me }; wait for your turn.”
pub(crate) fn not_your_turn(who: impl Into<Arg>, me: impl Into<Arg>) -> Msg {
    msg!("play-not-your-turn", who = who, me = me)
}

/// “Only { $who } can play "{ $text }". You play { $me }.”
pub(crate) fn only_seat(who: impl Into<Arg>, text: impl Into<Arg>, me: impl Into<Arg>) -> Msg {
    msg!("play-only-seat", who = who, text = text, me = me)
}

/// “{ $who } played { $mv }.”
pub(crate) fn played(lang: Lang, who: impl Into<Arg>, mv: impl Into<Arg>) -> String {
    tr!(lang, "play-played", who = who, mv = mv)
}

/// “{ $who } resigns.”
pub(crate) fn resigns(lang: Lang, who: impl Into<Arg>) -> String {
    tr!(lang, "play-resigns", who = who)
}

/// “You played { $mv }.”
pub(crate) fn you_played(lang: Lang, mv: impl Into<Arg>) -> String {
    tr!(lang, "play-you-played", mv = mv)
}

/// “You played { $mv }. { $bot } moves next: its post shows the board with your move.”
pub(crate) fn you_played_bot_next(lang: Lang, mv: impl Into<Arg>, bot: impl Into<Arg>) -> String {
    tr!(lang, "play-you-played-bot-next", mv = mv, bot = bot)
}
