//! What /leaderboard and the ratings chart say in words.

use crate::i18n::{Lang, Msg};
use crate::{msg, tr};

/// `alt-chart`: “{ $who }'s ratings over time, game by game.”
pub(crate) fn alt_chart(lang: Lang, who: &str) -> String {
    tr!(lang, "alt-chart", who = who)
}

/// `leaderboard-which-game`: “Which game? Name one: /leaderboard GAME, with GAME one of
/// { $games }.”
pub(crate) fn which_game(games: String) -> Msg {
    msg!("leaderboard-which-game", games = games)
}
