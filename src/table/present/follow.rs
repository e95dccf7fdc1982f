//! What /follow and /unfollow say.

use crate::i18n::{Lang, Msg};
use crate::{msg, tr};

/// `follow-already`: “You already follow { $game } game { $id } in { $place }.”
pub(crate) fn already(game: &str, id: i64, place: String) -> Msg {
    msg!("follow-already", game = game, id = id, place = place)
}

/// `follow-bad-id`: “"{ $value }" is not a game number: give the game's number, e.g. game:12.”
pub(crate) fn bad_id(value: &str) -> Msg {
    msg!("follow-bad-id", value = value)
}

/// `follow-done`: “You follow { $game } game { $id } in { $place }: after each turn, and at its
/// end, its board comes to you by direct message. /unfollow stops it.”
pub(crate) fn done(lang: Lang, game: &str, id: i64, place: &str) -> String {
    tr!(lang, "follow-done", game = game, id = id, place = place)
}

/// `follow-no-game`: “There is no open game { $id } on this server.”
pub(crate) fn no_game(id: i64) -> Msg {
    msg!("follow-no-game", id = id)
}

/// `follow-not-following`: “You do not follow game { $id }.”
pub(crate) fn not_following(id: i64) -> Msg {
    msg!("follow-not-following", id = id)
}

/// `follow-player`: “You play in { $game } game { $id }: its boards reach you in its channel
/// already. To get your turn notices by direct message, use /settings notify:dm.”
pub(crate) fn player(game: &str, id: i64) -> Msg {
    msg!("follow-player", game = game, id = id)
}

/// `follow-stopped`: “You no longer follow game { $id }.”
pub(crate) fn stopped(lang: Lang, id: i64) -> String {
    tr!(lang, "follow-stopped", id = id)
}

/// `follow-welcome`: “You follow { $game } game { $id } in { $place }. Its board will come here
/// after each turn, and at its end. /unfollow game:{ $id } stops it.”
pub(crate) fn welcome(lang: Lang, game: &str, id: i64, place: &str) -> String {
    tr!(lang, "follow-welcome", game = game, id = id, place = place)
}
