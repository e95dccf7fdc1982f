//! What /seek and /unseek say: the queue, a place taken or left, a game found, and their refusals.

use crate::i18n::{Lang, Msg};
use crate::{msg, tr};

pub(crate) fn already(lang: Lang, what: String, since: String) -> String {
    tr!(lang, "seek-already", what, since)
}

pub(crate) fn left(lang: Lang) -> String {
    tr!(lang, "seek-left")
}

pub(crate) fn matched(lang: Lang, what: &str, players: String) -> String {
    tr!(lang, "seek-matched", what, players)
}

pub(crate) fn not_queued() -> Msg {
    msg!("seek-none")
}

pub(crate) fn not_queued_who(who: &str) -> Msg {
    msg!("seek-none-of", who)
}

pub(crate) fn not_queued_unknown() -> Msg {
    msg!("seek-none-of-unknown")
}

pub(crate) fn placed(lang: Lang, who: &str, what: &str) -> String {
    tr!(lang, "seek-placed", who, what)
}

fn queue_head(lang: Lang, n: usize) -> String {
    tr!(lang, "seek-queue", n)
}

/// The queue: its heading, then a seeker's line each ([`queue_line`]).
pub(crate) fn queue(lang: Lang, lines: &[String]) -> String {
    format!("{}\n{}", queue_head(lang, lines.len()), lines.join("\n"))
}

pub(crate) fn queue_empty(lang: Lang) -> String {
    tr!(lang, "seek-queue-empty")
}

pub(crate) fn queue_line(lang: Lang, who: &str, what: String, since: String) -> String {
    tr!(lang, "seek-queue-line", who, what, since)
}

pub(crate) fn remove_manage() -> Msg {
    msg!("seek-remove-manage")
}

pub(crate) fn removed(lang: Lang, who: &str) -> String {
    tr!(lang, "seek-removed", who)
}

pub(crate) fn removed_dm(lang: Lang, by: &str, channel: String) -> String {
    tr!(lang, "seek-removed-dm", by, channel)
}

pub(crate) fn replaced(lang: Lang, who: &str, what: &str, old: String) -> String {
    tr!(lang, "seek-replaced", who, what, old)
}

pub(crate) fn what(lang: Lang, game: &str, size: Msg, clock: &str, rated: bool) -> String {
    tr!(
        lang,
        "seek-what",
        game,
        size,
        clock,
        rated = if rated { "rated" } else { "casual" }
    )
}
