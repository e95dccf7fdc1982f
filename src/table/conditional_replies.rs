//! What a move brings to conditional moves' authors (issue 28), for the commands that move or
//! take back (`/play`, `/undo`): the one public board of a move and the reply it triggered,
//! and direct messages to the authors whose lines were dropped as illegal or cleared.

use crate::engine::{AnyGame, Seat};
use crate::i18n::{Arg, Join, Lang};
use crate::table::aftermath;
use crate::table::answer::Answer;
use crate::table::api::{Context, Reply};
use crate::table::change::{Answered, Written};
use crate::table::languages_of;
use crate::table::live::{Live, Slot};
use crate::table::policy::conditional::{describe, Dropped};
use crate::table::present::board::with_note;
use crate::table::present::{direct, happened};
use crate::table::GameGuard;
use crate::table::Service;
use crate::tr;
use std::sync::Arc;

/// The lines a committed move dropped as no longer legal, with the names they read.
pub(crate) fn dropped_lines(live: &Live, written: &Written) -> Vec<Dropped> {
    let game = live.game.as_ref().expect("state");
    written
        .dropped
        .iter()
        .map(|(user, lines)| Dropped {
            user: user.clone(),
            them: match live.seat_of(user) {
                Some(seat) => opponent_name(live, game, seat, Lang::EN),
                None => String::new(),
            },
            lines: lines.clone(),
        })
        .collect()
}

/// The one public post of a move and the conditional reply it triggered: both moves, the
/// board after the reply, the opponent pinged again.
#[allow(clippy::too_many_arguments)]
pub(crate) fn conditional_board(
    svc: &Service,
    slot: &Arc<Slot>,
    live: GameGuard<'_>,
    ctx: &Context,
    mover: Seat,
    played: &str,
    p: &Answered,
    written: Written,
) -> Answer {
    let lang = ctx.langs.channel;
    let game = live.game.as_ref().expect("state");
    let mut first = tr!(
        lang,
        "play-played",
        who = live.who(lang, game, mover),
        mv = Arg::list(vec![played.to_string()], Join::And)
    );
    for sentence in happened::sentences(lang, &live, &p.after_move, &p.events) {
        first.push(' ');
        first.push_str(&sentence);
    }
    let author = p.reply.seat.expect("a reply has its seat");
    let second = tr!(
        lang,
        "conditional-played",
        who = live.who(lang, game, author),
        mv = p.reply.text.as_str()
    );
    let head = with_note(lang, format!("{first}\n{second}"), &written.notes);
    aftermath::after_change(svc, slot, live, ctx, head, &written)
}

/// Direct messages to the authors of lines dropped as no longer legal.
pub(crate) fn conditional_dropped(svc: &Service, game: i64, dropped: &[Dropped]) -> Vec<Reply> {
    dropped
        .iter()
        .filter(|d| !d.lines.is_empty())
        .map(|d| {
            let lang = languages_of::user_lang_for(svc, &d.user, Some(game));
            let lines: Vec<crate::i18n::Msg> =
                d.lines.iter().map(|l| describe(l, &d.them)).collect();
            direct(
                &d.user,
                tr!(
                    lang,
                    "conditional-dropped",
                    id = game,
                    n = d.lines.len(),
                    lines = Arg::list(lines, Join::Semicolon)
                ),
            )
        })
        .collect()
}

/// Direct messages to the players whose lines a take-back cleared.
pub(crate) fn conditional_cleared(svc: &Service, game: i64, users: &[String]) -> Vec<Reply> {
    users
        .iter()
        .map(|user| {
            let lang = languages_of::user_lang_for(svc, user, Some(game));
            direct(user, tr!(lang, "conditional-undone", id = game))
        })
        .collect()
}

/// The other seat of a two-player game.
pub(crate) fn other(seat: Seat) -> Seat {
    if seat == 1 {
        2
    } else {
        1
    }
}

/// The name of the opponent of `seat`, as a line names them.
pub(crate) fn opponent_name(live: &Live, game: &AnyGame, seat: Seat, lang: Lang) -> String {
    match live.at_seat(other(seat)) {
        Some(r) => r.name.clone(),
        None => crate::i18n::say(lang, &game.seat_label(other(seat))),
    }
}
