//! What /draw, /accept, /decline and /abort say: their refusals and the lines that tell a table or
//! a game was aborted.

use crate::i18n::{Lang, Msg};
use crate::{msg, tr};

pub(crate) fn abort_host_only(host: &str) -> Msg {
    msg!("offer-abort-host-only", host)
}

pub(crate) fn abort_not_yours(names: String) -> Msg {
    msg!("offer-abort-not-yours", names)
}

pub(crate) fn abort_race_table() -> Msg {
    msg!("offer-abort-race-table")
}

pub(crate) fn abort_too_late() -> Msg {
    msg!("offer-abort-too-late")
}

pub(crate) fn aborts_damaged(who: &str, id: i64) -> Msg {
    msg!("offer-aborts-damaged", who, id)
}

pub(crate) fn aborts_game(lang: Lang, who: &str, game: &str, id: i64) -> String {
    tr!(lang, "offer-aborts-game", who, game, id)
}

pub(crate) fn aborts_table(lang: Lang, who: &str, game: &str) -> String {
    tr!(lang, "offer-aborts-table", who, game)
}

pub(crate) fn no_draw(error: Msg) -> Msg {
    msg!("offer-no-draw", error)
}

pub(crate) fn tournament_no_abort() -> Msg {
    msg!("tournament-no-abort")
}
