//! What /seek and /unseek say: the queue, a place taken or left, a game found, and their refusals.

use crate::i18n::{Lang, Msg};
use crate::{msg, tr};

/// `seek-already`: “You are already seeking { $what }, since { $since }: your place in the queue is
/// kept. /unseek leaves it.”
pub(crate) fn already(lang: Lang, what: String, since: String) -> String {
    tr!(lang, "seek-already", what = what, since = since)
}

/// `seek-left`: “You left the queue.”
pub(crate) fn left(lang: Lang) -> String {
    tr!(lang, "seek-left")
}

/// `seek-matched`: “Seekers matched: { $what } for { $players }.”
pub(crate) fn matched(lang: Lang, what: &str, players: String) -> String {
    tr!(lang, "seek-matched", what = what, players = players)
}

/// `seek-none`: “You are not in the queue on this server: /seek GAME puts you in it.”
pub(crate) fn not_queued() -> Msg {
    msg!("seek-none")
}

/// `seek-none-of`: “{ $who } is not in the queue on this server.”
pub(crate) fn not_queued_who(who: &str) -> Msg {
    msg!("seek-none-of", who = who)
}

/// `seek-none-of-unknown`: “That player is not in the queue on this server.”
pub(crate) fn not_queued_unknown() -> Msg {
    msg!("seek-none-of-unknown")
}

/// `seek-placed`: “{ $who } seeks a game: { $what }. /seek with the same options joins them.”
pub(crate) fn placed(lang: Lang, who: &str, what: &str) -> String {
    tr!(lang, "seek-placed", who = who, what = what)
}

/// `seek-queue`: “{ $n } players are seeking games:”
fn queue_head(lang: Lang, n: usize) -> String {
    tr!(lang, "seek-queue", n = n)
}

/// The queue: its heading, then a seeker's line each ([`queue_line`]).
pub(crate) fn queue(lang: Lang, lines: &[String]) -> String {
    format!("{}\n{}", queue_head(lang, lines.len()), lines.join("\n"))
}

/// `seek-queue-empty`: “Nobody is seeking a game on this server. /seek GAME puts you in the queue.”
pub(crate) fn queue_empty(lang: Lang) -> String {
    tr!(lang, "seek-queue-empty")
}

/// `seek-queue-line`: “- { $who } seeks { $what } (queued { $since })”
pub(crate) fn queue_line(lang: Lang, who: &str, what: String, since: String) -> String {
    tr!(
        lang,
        "seek-queue-line",
        who = who,
        what = what,
        since = since
    )
}

/// `seek-remove-manage`: “Only a moderator (Manage Channels) can take someone else out of the
/// queue; /unseek alone leaves it yourself.”
pub(crate) fn remove_manage() -> Msg {
    msg!("seek-remove-manage")
}

/// `seek-removed`: “{ $who } is out of the queue; they have been told by direct message.”
pub(crate) fn removed(lang: Lang, who: &str) -> String {
    tr!(lang, "seek-removed", who = who)
}

/// `seek-removed-dm`: “{ $by } took your seek out of the queue in { $channel }. /seek there puts
/// you back in it.”
pub(crate) fn removed_dm(lang: Lang, by: &str, channel: String) -> String {
    tr!(lang, "seek-removed-dm", by = by, channel = channel)
}

/// `seek-replaced`: “{ $who } now seeks { $what }, instead of { $old }. /seek with the same options
/// joins them.”
pub(crate) fn replaced(lang: Lang, who: &str, what: &str, old: String) -> String {
    tr!(lang, "seek-replaced", who = who, what = what, old = old)
}

/// `seek-what`: “{ $game } { $size }, untimed, casual”
pub(crate) fn what(lang: Lang, game: &str, size: Msg, clock: &str, rated: bool) -> String {
    tr!(
        lang,
        "seek-what",
        game = game,
        size = size,
        clock = clock,
        rated = if rated { "rated" } else { "casual" }
    )
}
