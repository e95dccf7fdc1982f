//! The lobby's lines and buttons, and the refusals about a channel's game (none here, one
//! already open, one not started yet, one whose record is damaged, a player not seated in it).

use crate::engine::GameKind;
use crate::i18n::{Lang, Msg};
use crate::msg;
use crate::store::Status;
use crate::table::api::{Button, Context, Reply};
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
        None => tr!(lang, "lobby-count-range", n = n, min = min, max = max),
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
    tr!(
        lang,
        "lobby-status",
        count = count,
        names = names.join(", "),
        next = next
    )
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
    Refusal(msg!("lobby-damaged", game = game, why = why))
}
