//! What /follow and /unfollow say.

use crate::i18n::{Lang, Msg};
use crate::{msg, tr};

pub(crate) fn already(game: &str, id: i64, place: String) -> Msg {
    msg!("follow-already", game, id, place)
}

pub(crate) fn bad_id(value: &str) -> Msg {
    msg!("follow-bad-id", value)
}

pub(crate) fn done(lang: Lang, game: &str, id: i64, place: &str) -> String {
    tr!(lang, "follow-done", game, id, place)
}

pub(crate) fn no_game(id: i64) -> Msg {
    msg!("follow-no-game", id)
}

pub(crate) fn not_following(id: i64) -> Msg {
    msg!("follow-not-following", id)
}

pub(crate) fn player(game: &str, id: i64) -> Msg {
    msg!("follow-player", game, id)
}

pub(crate) fn stopped(lang: Lang, id: i64) -> String {
    tr!(lang, "follow-stopped", id)
}

pub(crate) fn welcome(lang: Lang, game: &str, id: i64, place: &str) -> String {
    tr!(lang, "follow-welcome", game, id, place)
}
