//! What /leaderboard and the ratings chart say in words.

use crate::i18n::{Lang, Msg};
use crate::{msg, tr};

pub(crate) fn alt_chart(lang: Lang, who: &str) -> String {
    tr!(lang, "alt-chart", who)
}

pub(crate) fn which_game(games: String) -> Msg {
    msg!("leaderboard-which-game", games)
}
