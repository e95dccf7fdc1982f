//! What /tournament says: a tournament created, joined, left, started, its standings and rounds,
//! and its refusals.

use crate::i18n::{Lang, Msg};
use crate::{msg, tr};

/// `clock-describe`: “untimed”
pub(crate) fn clock_describe(clock: String) -> Msg {
    msg!("clock-describe", clock = clock)
}

/// `command-too-many`: “/{ $command } takes the options { $options }; "{ $value }" is one value too
/// many.”
pub(crate) fn too_many_values(command: &str, options: String, count: usize, value: &str) -> Msg {
    msg!(
        "command-too-many",
        command = command,
        options = options,
        count = count,
        value = value
    )
}

/// `tournament-bad-action`: “"{ $action }" is not a tournament action: they are create, join,
/// leave, start, standings, withdraw and cancel.”
pub(crate) fn bad_action(action: String) -> Msg {
    msg!("tournament-bad-action", action = action)
}

/// `tournament-bad-format`: “"{ $value }" is not a format: they are round-robin, swiss and
/// knockout.”
pub(crate) fn bad_format(value: &str) -> Msg {
    msg!("tournament-bad-format", value = value)
}

/// `tournament-button-join`: “Join”
pub(crate) fn button_join(lang: Lang) -> String {
    tr!(lang, "tournament-button-join")
}

/// `tournament-cancelled`: “{ $who } cancels tournament #{ $id }.”
pub(crate) fn cancelled(id: i64, who: &str) -> Msg {
    msg!("tournament-cancelled", id = id, who = who)
}

/// `tournament-created`: “{ $who } creates tournament #{ $id }: { $game },
/// { tournament-format-word }, { $per } players a game. Clock: { $clock }; no time limit.
/// /tournament join to enter; the organiser starts it with /tournament start.”
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
        id = id,
        who = who,
        game = game,
        format = format,
        per = per,
        clock = clock,
        timeout = timeout
    )
}

/// `tournament-exists`: “This channel already has a tournament in sign-up or running: /tournament
/// standings shows it.”
pub(crate) fn exists() -> Msg {
    msg!("tournament-exists")
}

/// `tournament-joined-already`: “You are already entered in tournament #{ $id }.”
pub(crate) fn joined_already(id: i64) -> Msg {
    msg!("tournament-joined-already", id = id)
}

/// `tournament-joins`: “{ $who } enters tournament #{ $id } ({ $n } entered).”
pub(crate) fn joins(who: &str, id: i64, n: usize) -> Msg {
    msg!("tournament-joins", who = who, id = id, n = n)
}

/// `tournament-knockout-two`: “A knockout is for two-player games. A { $game } tournament with more
/// than two players a game plays Swiss rounds of tables: use format:swiss.”
pub(crate) fn knockout_two(game: &str) -> Msg {
    msg!("tournament-knockout-two", game = game)
}

/// `tournament-leave-running`: “The tournament has started: /tournament withdraw leaves it from the
/// next round on.”
pub(crate) fn leave_running() -> Msg {
    msg!("tournament-leave-running")
}

/// `tournament-leaves`: “{ $who } leaves tournament #{ $id }.”
pub(crate) fn leaves(who: &str, id: i64) -> Msg {
    msg!("tournament-leaves", who = who, id = id)
}

/// `tournament-manage-only`: “Creating a tournament needs the Manage Channels permission on this
/// server.”
pub(crate) fn manage_only() -> Msg {
    msg!("tournament-manage-only")
}

/// `tournament-no-action`: “What should the tournament do? /tournament
/// create|join|leave|start|standings|withdraw|cancel, e.g. /tournament create pikemen round-robin.”
pub(crate) fn no_action() -> Msg {
    msg!("tournament-no-action")
}

/// `tournament-no-game`: “Which game? e.g. /tournament create pikemen format:swiss.”
pub(crate) fn needs_game() -> Msg {
    msg!("tournament-no-game")
}

/// `tournament-none`: “There is no tournament in this channel: a moderator creates one with
/// /tournament create GAME.”
pub(crate) fn no_tournament() -> Msg {
    msg!("tournament-none")
}

/// `tournament-not-entered`: “You are not entered in tournament #{ $id }.”
pub(crate) fn not_entered(id: i64) -> Msg {
    msg!("tournament-not-entered", id = id)
}

/// `tournament-not-signup`: “The tournament is { tournament-status-word }: sign-up is closed.”
pub(crate) fn not_signup(status: &str) -> Msg {
    msg!("tournament-not-signup", status = status)
}

/// `tournament-organiser-only`: “Only the organiser, { $who }, or a moderator can do that.”
pub(crate) fn organiser_only(who: &str) -> Msg {
    msg!("tournament-organiser-only", who = who)
}

/// `tournament-starts`: “Tournament #{ $id } starts with { $n } players, { $rounds } rounds. Round
/// 1:”
pub(crate) fn starts(lang: Lang, id: i64, n: usize, rounds: i64) -> String {
    tr!(lang, "tournament-starts", id = id, n = n, rounds = rounds)
}

/// `tournament-too-few`: “{ $n } entered; the tournament needs at least { $need } to start.”
pub(crate) fn too_few(n: usize, need: usize) -> Msg {
    msg!("tournament-too-few", n = n, need = need)
}

/// `tournament-withdraw-not-running`: “Only a running tournament can be withdrawn from; during
/// sign-up, /tournament leave.”
pub(crate) fn withdraw_not_running() -> Msg {
    msg!("tournament-withdraw-not-running")
}

/// `tournament-withdrawn-already`: “You have already withdrawn from tournament #{ $id }.”
pub(crate) fn withdrawn_already(id: i64) -> Msg {
    msg!("tournament-withdrawn-already", id = id)
}

/// `tournament-withdraws`: “{ $who } withdraws from tournament #{ $id }: no more pairings from the
/// next round on.”
pub(crate) fn withdraws(who: &str, id: i64) -> Msg {
    msg!("tournament-withdraws", who = who, id = id)
}
