//! What /tournament says: a tournament created, joined, left, started, its standings and rounds,
//! and its refusals.

use crate::i18n::{Lang, Msg};
use crate::{msg, tr};

pub(crate) fn clock_describe(clock: String) -> Msg {
    msg!("clock-describe", clock)
}

pub(crate) fn too_many_values(command: &str, options: String, count: usize, value: &str) -> Msg {
    msg!("command-too-many", command, options, count, value)
}

pub(crate) fn bad_action(action: String) -> Msg {
    msg!("tournament-bad-action", action)
}

pub(crate) fn bad_format(value: &str) -> Msg {
    msg!("tournament-bad-format", value)
}

pub(crate) fn button_join(lang: Lang) -> String {
    tr!(lang, "tournament-button-join")
}

pub(crate) fn cancelled(id: i64, who: &str) -> Msg {
    msg!("tournament-cancelled", id, who)
}

pub(crate) fn created(
    id: i64,
    who: &str,
    game: &str,
    format: &str,
    per: u8,
    clock: Msg,
    timeout: String,
) -> Msg {
    msg!(
        "tournament-created",
        id,
        who,
        game,
        format,
        per,
        clock,
        timeout
    )
}

pub(crate) fn exists() -> Msg {
    msg!("tournament-exists")
}

pub(crate) fn joined_already(id: i64) -> Msg {
    msg!("tournament-joined-already", id)
}

pub(crate) fn joins(who: &str, id: i64, n: usize) -> Msg {
    msg!("tournament-joins", who, id, n)
}

pub(crate) fn knockout_two(game: &str) -> Msg {
    msg!("tournament-knockout-two", game)
}

pub(crate) fn leave_running() -> Msg {
    msg!("tournament-leave-running")
}

pub(crate) fn leaves(who: &str, id: i64) -> Msg {
    msg!("tournament-leaves", who, id)
}

pub(crate) fn manage_only() -> Msg {
    msg!("tournament-manage-only")
}

pub(crate) fn no_action() -> Msg {
    msg!("tournament-no-action")
}

pub(crate) fn needs_game() -> Msg {
    msg!("tournament-no-game")
}

pub(crate) fn no_tournament() -> Msg {
    msg!("tournament-none")
}

pub(crate) fn not_entered(id: i64) -> Msg {
    msg!("tournament-not-entered", id)
}

pub(crate) fn not_signup(status: &str) -> Msg {
    msg!("tournament-not-signup", status)
}

pub(crate) fn organiser_only(who: &str) -> Msg {
    msg!("tournament-organiser-only", who)
}

pub(crate) fn starts(lang: Lang, id: i64, n: usize, rounds: i64) -> String {
    tr!(lang, "tournament-starts", id, n, rounds)
}

pub(crate) fn too_few(n: usize, need: usize) -> Msg {
    msg!("tournament-too-few", n, need)
}

pub(crate) fn withdraw_not_running() -> Msg {
    msg!("tournament-withdraw-not-running")
}

pub(crate) fn withdrawn_already(id: i64) -> Msg {
    msg!("tournament-withdrawn-already", id)
}

pub(crate) fn withdraws(who: &str, id: i64) -> Msg {
    msg!("tournament-withdraws", who, id)
}
