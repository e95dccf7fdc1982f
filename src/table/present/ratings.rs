//! What /leaderboard and the ratings chart say in words.

use crate::i18n::{Arg, Lang, Msg};
use crate::{msg, tr};

/// “{ $who }'s ratings over time, game by game.”
pub(crate) fn alt_chart(lang: Lang, who: impl Into<Arg>) -> String {
    tr!(lang, "alt-chart", who = who)
}

/// “Which game? Name one: /leaderboard GAME, with GAME one of { $games }.”
pub(crate) fn which_game(games: impl Into<Arg>) -> Msg {
    msg!("leaderboard-which-game", games = games)
}
