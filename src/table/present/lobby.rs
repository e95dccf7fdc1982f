//! The lobby's lines and buttons, the refusals about a channel's game (none here, one
//! already open, one not started yet, one whose record is damaged, a player not seated in it),
//! and what `/new`, `/join`, `/leave` and `/start` say.

use crate::engine::GameKind;
use crate::i18n::{Lang, Msg};
use crate::msg;
use crate::store::Status;
use crate::table::api::{Button, Context, Reply, SeatOrder};
use crate::table::live::{Live, TableError};
use crate::table::present::public;
use crate::table::Refusal;
use crate::tr;

pub(crate) fn no_game_here() -> Msg {
    let games: Vec<&str> = GameKind::ALL.iter().map(|k| k.id()).collect();
    msg!("lobby-no-game", games = games.join(", "))
}

pub(crate) fn already_running(live: &Live) -> Refusal {
    match live.status {
        Status::Lobby => msg!(
            "lobby-already-open",
            game = live.kind.title(),
            host = live.host_name()
        ),
        _ => msg!("lobby-already-running", game = live.kind.title()),
    }
    .into()
}

/// A lobby is refused apart from no game at all: its players learn whose `/start` it awaits.
pub(crate) fn running_check(live: &Live) -> Result<(), Refusal> {
    match live.status {
        Status::Active => Ok(()),
        Status::Lobby => Err(msg!(
            "play-not-started-join",
            game = live.kind.title(),
            host = live.host_name()
        )
        .into()),
        _ => Err(no_game_here().into()),
    }
}

pub(crate) fn not_a_player(live: &Live) -> Refusal {
    let names: Vec<&str> = live.seats.iter().map(|s| s.name.as_str()).collect();
    Refusal(msg!("play-not-a-player", names = names.join(", ")))
}

/// `Players (1/2): alice. alice starts with /start.`
pub(crate) fn lobby_status(lang: Lang, live: &Live) -> String {
    let names: Vec<&str> = live.seats.iter().map(|s| s.name.as_str()).collect();
    let (min, max) = live.kind.players();
    let n = names.len() as u8;
    let count = match live.players {
        Some(p) => format!("{n}/{p}"),
        // A game for exactly two has no range to show (`1/2`, not `1 of 2-2`).
        None if min == max => format!("{n}/{max}"),
        None => tr!(lang, "lobby-count-range", n, min, max),
    };
    let ready = match live.players {
        Some(p) => n == p,
        None => n >= min,
    };
    let next = if ready {
        tr!(lang, "lobby-ready", host = live.host_name())
    } else {
        tr!(lang, "lobby-join-hint")
    };
    tr!(lang, "lobby-status", count, names = names.join(", "), next)
}

/// The lobby's post, with only the buttons that can act: Join while a seat is free, Start
/// once the table has enough players.
pub(crate) fn lobby_reply(ctx: &Context, live: &Live, text: String) -> Reply {
    let mut r = public(ctx, text);
    let tag = Some((live.id, live.ply));
    let lang = ctx.langs.channel;
    let (min, max) = live.kind.players();
    let n = live.seats.len() as u8;
    let (room, ready) = match live.players {
        Some(p) => (n < p, n == p),
        None => (n < max, n >= min),
    };
    if room {
        r.buttons.push(Button {
            label: tr!(lang, "button-join"),
            command: "/join".into(),
            game: tag,
        });
    }
    if ready {
        r.buttons.push(Button {
            label: tr!(lang, "button-start"),
            command: "/start".into(),
            game: tag,
        });
    }
    r
}

/// The answer for a game whose record cannot be rebuilt.
pub(crate) fn damaged(game: i64, e: &TableError) -> Refusal {
    let why = match e {
        TableError::Corrupt { reason, .. } => reason.clone(),
        other => other.to_string(),
    };
    Refusal(msg!("lobby-damaged", game, why))
}

fn clock_chosen(lang: Lang, clock: Msg, timeout: &str) -> String {
    tr!(lang, "clock-chosen", clock, timeout)
}

pub(crate) fn bad_order(value: &str) -> Msg {
    msg!("command-bad-order", value)
}

pub(crate) fn new_needs_game() -> Msg {
    msg!("command-new-no-game")
}

pub(crate) fn common_players(n: u8) -> Msg {
    msg!("common-players", n)
}

fn hint_lobby_on(lang: Lang) -> String {
    tr!(lang, "hint-lobby-on")
}

pub(crate) fn already_joined(status: String) -> Msg {
    msg!("lobby-already-joined", status)
}

/// `seats`: who sits in each seat, from the first.
pub(crate) fn begins(lang: Lang, game: &str, order: SeatOrder, seats: &[String]) -> String {
    let seats: Vec<String> = seats
        .iter()
        .enumerate()
        .map(|(i, who)| format!("{}. {who}", i + 1))
        .collect();
    let order = match order {
        SeatOrder::Random => "random",
        SeatOrder::Join => "join",
    };
    tr!(lang, "lobby-begins", game, order, seats = seats.join(", "))
}

pub(crate) fn cannot_set_up(game: &str, error: Msg) -> Msg {
    msg!("lobby-cannot-set-up", game, error)
}

pub(crate) fn full(n: u8) -> Msg {
    msg!("lobby-full", n)
}

pub(crate) fn leave_not_joined() -> Msg {
    msg!("lobby-leave-not-joined")
}

pub(crate) fn leave_started() -> Msg {
    msg!("lobby-leave-started")
}

pub(crate) fn leaves(lang: Lang, who: &str) -> String {
    tr!(lang, "lobby-leaves", who)
}

pub(crate) fn leaves_closed(who: &str) -> Msg {
    msg!("lobby-leaves-closed", who)
}

pub(crate) fn new_host(lang: Lang, host: &str) -> String {
    tr!(lang, "lobby-new-host", host)
}

pub(crate) fn not_ready(game: &str, need: Msg, n: u8) -> Msg {
    msg!("lobby-not-ready", game, need, n)
}

fn opens(lang: Lang, who: &str, game: &str, size: Msg, options: String, count: usize) -> String {
    tr!(lang, "lobby-opens", who, game, size, options, count)
}

pub(crate) fn race(command: &str) -> Msg {
    msg!("lobby-race", command)
}

pub(crate) fn race_new() -> Msg {
    msg!("lobby-race-new")
}

pub(crate) fn size(n: u8) -> Msg {
    msg!("lobby-size", n)
}

pub(crate) fn size_range(range: Msg) -> Msg {
    msg!("lobby-size-range", range)
}

pub(crate) fn start_host_only(host: &str) -> Msg {
    msg!("lobby-start-host-only", host)
}

/// A lobby's opening post: who opens which table, its size and options, its status, that
/// hints are on, and its clock (`clock`: the clock's words and the timeout's kind) when timed.
pub(crate) fn opening(
    lang: Lang,
    live: &Live,
    host: &str,
    size: Msg,
    hints: bool,
    clock: Option<(Msg, &str)>,
) -> String {
    let words = live.options.to_words();
    let mut text = format!(
        "{}\n{}",
        opens(
            lang,
            host,
            live.kind.title(),
            size,
            words.join(", "),
            words.len()
        ),
        lobby_status(lang, live)
    );
    if hints {
        text = format!("{text}\n{}", hint_lobby_on(lang));
    }
    if let Some((clock, timeout)) = clock {
        text = format!("{text}\n{}", clock_chosen(lang, clock, timeout));
    }
    text
}
