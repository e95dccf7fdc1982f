//! The board post: the head, the scores and status lines, whose turn it is (pinged, unless the
//! player holds pings) or the outcome, the rating changes of a game that ended, the clock line,
//! the picture and its buttons. Built once, from what the change that made it wrote
//! ([`TurnNews`]); never edited afterwards.

use crate::engine::{AnyGame, Outcome, Seat};
use crate::i18n::{say, Arg, Join, Lang, Msg};
use crate::rating::{views, Applied};
use crate::render::{self, Theme};
use crate::store::Status;
use crate::table::api::{Button, Context, Image, Reply};
use crate::table::live::Live;
use crate::table::markup::{span, stamp};
use crate::table::present::{alt, for_asker, happened, public};
use crate::table::turns::{ClockNews, TurnNews};
use crate::{msg, tr};

/// Longest status line, in bytes (Battle Zone's can list many uses of its dice).
const STATUS_MAX: usize = 1400;

/// What a reply about a position needs, copied out of the game's lock so that the picture is
/// drawn after it is released.
pub(crate) struct Snap {
    pub live: Live,
    pub game: AnyGame,
}

impl Snap {
    /// Only for a started game.
    pub fn of(live: &Live) -> Snap {
        Snap {
            live: live.clone(),
            game: live.game.clone().expect("a started game has a state"),
        }
    }
}

/// How a board is shown: in which colours, from whose side, and to whom.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Look {
    pub theme: Theme,
    /// The seat at the bottom of the picture (`None`: as the notation reads).
    pub side: Option<u8>,
    /// Only the asker sees it, in their language, pinging nobody.
    pub private: bool,
}

impl Look {
    /// A board everyone in the channel sees.
    pub fn public(theme: Theme) -> Look {
        Look {
            theme,
            side: None,
            private: false,
        }
    }
}

pub(crate) fn board(
    ctx: &Context,
    snap: &Snap,
    head: String,
    news: &TurnNews,
    look: Look,
) -> Reply {
    let (live, game) = (&snap.live, &snap.game);
    let lang = if look.private {
        ctx.langs.user
    } else {
        ctx.langs.channel
    };
    let (text, mentions) = words(lang, snap, head, news, news.ping && !look.private);
    // A computer player that opens the game posts the board with its move a moment later:
    // one picture a turn in the channel.
    let bot_opens = !look.private
        && live.ply == 0
        && game
            .to_move()
            .and_then(|s| live.at_seat(s))
            .is_some_and(|s| s.is_bot());
    if bot_opens {
        return Reply {
            mentions,
            ..public(ctx, text)
        };
    }
    let view = render::View {
        names: live.names_by_seat(),
        lang,
        theme: look.theme,
        side: look.side,
    };
    let png = render::png(game, &view);
    // A private board has a name of its own, so that the local channel's files (named after
    // the attachment) keep the public picture of the same position.
    let name = match (look.private, look.side) {
        (false, _) => format!("game-{}-ply-{}.png", live.id, live.ply),
        (true, Some(seat)) => format!("game-{}-ply-{}-side-{seat}.png", live.id, live.ply),
        (true, None) => format!("game-{}-ply-{}-private.png", live.id, live.ply),
    };
    let buttons = buttons(lang, live, game, look.private);
    let mut r = if look.private {
        // The asker's answer (`/board`): shared, it is posted for everyone as it is.
        for_asker(ctx, text, buttons)
    } else {
        Reply {
            buttons,
            mentions,
            ..public(ctx, text)
        }
    };
    r.image = Some(Image {
        name,
        png,
        description: alt::describe(lang, game),
    });
    r
}

/// A board's buttons: play on from it, or a rematch once the game is over.
fn buttons(lang: Lang, live: &Live, game: &AnyGame, private: bool) -> Vec<Button> {
    let mut buttons = Vec::new();
    if game.outcome().is_none() && live.status != Status::Aborted {
        buttons.push(Button {
            label: tr!(lang, "button-move"),
            command: "/pick".into(),
            game: Some((live.id, live.ply)),
        });
        buttons.push(Button {
            label: tr!(lang, "button-moves"),
            command: "/moves".into(),
            game: Some((live.id, live.ply)),
        });
        buttons.push(Button {
            label: tr!(lang, "button-resign"),
            command: "/resign".into(),
            game: Some((live.id, live.ply)),
        });
        if !private {
            // Untagged: an older board's button shows the position as it is now.
            buttons.push(Button {
                label: tr!(lang, "button-my-view"),
                command: "/board".into(),
                game: None,
            });
        }
    } else {
        // Untagged: the finished game is no longer open, so a tagged button would always
        // be "out of date"; /rematch checks for itself that the channel is free.
        buttons.push(Button {
            label: tr!(lang, "button-rematch"),
            command: "/rematch".into(),
            game: None,
        });
    }
    buttons
}

/// The board's words for a direct message (a follower's copy, a turn notice): the same as
/// the channel's, naming the player to move instead of pinging them.
pub(crate) fn direct_words(lang: Lang, snap: &Snap, head: String, news: &TurnNews) -> String {
    words(lang, snap, head, news, false).0
}

/// The board's text and whom it pings (the player to move when `ping` and they hold no
/// pings).
fn words(
    lang: Lang,
    snap: &Snap,
    head: String,
    news: &TurnNews,
    ping: bool,
) -> (String, Vec<String>) {
    let (live, game) = (&snap.live, &snap.game);
    let mut text = head;
    for line in happened::sentences(lang, live, game, &news.happened) {
        text.push(' ');
        text.push_str(&line);
    }
    let mut mentions = Vec::new();
    let scores = game.scores();
    if scores.iter().any(|&s| s != 0) {
        let parts: Vec<String> = scores
            .iter()
            .enumerate()
            .map(|(i, s)| format!("{} {s}", say(lang, &game.seat_label(i as Seat + 1))))
            .collect();
        text.push('\n');
        text.push_str(&tr!(lang, "play-scores", scores = parts.join(", ")));
    }
    for line in game.status() {
        text.push('\n');
        text.push_str(&cut(lang, say(lang, &line)));
    }
    match (game.outcome(), game.to_move()) {
        _ if live.status == Status::Aborted => {
            text.push('\n');
            text.push_str(&tr!(lang, "play-stopped"));
        }
        (Some(o), _) => {
            text.push('\n');
            text.push_str(&outcome_line(lang, live, game, o));
        }
        (None, Some(seat)) if ping && !news.hold_ping => {
            text.push('\n');
            text.push_str(&tr!(
                lang,
                "play-to-move",
                who = live.ping(lang, game, seat)
            ));
            let human = live.at_seat(seat).and_then(|s| s.occupant().human());
            mentions.extend(human.map(str::to_string));
        }
        (None, Some(seat)) => {
            text.push('\n');
            text.push_str(&tr!(
                lang,
                "play-to-move",
                who = live.who_by_seat(lang, game, seat)
            ));
        }
        (None, None) => {}
    }
    if let Some(applied) = &news.ratings {
        text.push('\n');
        text.push_str(&say(lang, &rating_changes(applied)));
    } else if news.unrated_early {
        text.push('\n');
        text.push_str(&tr!(lang, "play-unrated-early"));
    }
    if let Some(clock) = &news.clock {
        if let Some(line) = clock_line(lang, live, game, clock) {
            text.push('\n');
            text.push_str(&line);
        }
    }
    (text, mentions)
}

/// `Game over, alice (Orange) wins: Blue resigned.`
pub(crate) fn outcome_line(lang: Lang, live: &Live, game: &AnyGame, o: &Outcome) -> String {
    let names: Vec<String> = o.winners.iter().map(|&s| live.who(lang, game, s)).collect();
    let kind = match names.len() {
        0 => "nobody",
        1 => "one",
        n if n == game.players() as usize => "draw",
        _ => "shared",
    };
    let join = if kind == "draw" {
        Join::Comma
    } else {
        Join::And
    };
    tr!(
        lang,
        "play-game-over",
        kind,
        names = Arg::list(names, join),
        reason = o.reason.clone()
    )
}

/// The clock line of a board: whose clock runs until when, frozen, paused or expired; and who
/// else is away.
fn clock_line(lang: Lang, live: &Live, game: &AnyGame, c: &ClockNews) -> Option<String> {
    let name = &live.at_seat(c.turn.seat)?.name;
    let label = say(lang, &game.seat_label(c.turn.seat));
    let t = &c.turn;
    if let Some(p) = &c.paused {
        return Some(tr!(
            lang,
            "pause-clock-line",
            clock = c.kind.id(),
            since = stamp(p.started_ms),
            by = p.by.as_ref().map(|b| b.1.as_str()).unwrap_or_default(),
            moderator = if p.by.is_some() { "yes" } else { "no" },
            label,
            name = name.as_str(),
            left = span(lang, t.left_ms),
            until = stamp(p.until_ms)
        ));
    }
    let (state, until, left) = match t.deadline_ms {
        _ if t.expired => ("expired", String::new(), String::new()),
        Some(d) => ("running", stamp(d), String::new()),
        None => ("frozen", String::new(), span(lang, t.left_ms)),
    };
    let mut line = tr!(
        lang,
        "clock-line",
        clock = c.kind.id(),
        state,
        name = name.as_str(),
        label,
        until,
        left
    );
    if !c.away.is_empty() {
        line.push(' ');
        line.push_str(&tr!(lang, "clock-others-away", names = c.away.join(", ")));
    }
    Some(line)
}

/// `Ratings: alice 1500 -> 1516 (+16) and bob ...`.
pub(crate) fn rating_changes(applied: &[Applied]) -> Msg {
    let list: Vec<Msg> = applied
        .iter()
        .map(|a| {
            let delta = a.after.rating.round() as i64 - a.before.rating.round() as i64;
            msg!(
                "rating-change",
                who = a.name.as_str(),
                before = a.before.shown(),
                after = a.after.shown(),
                delta = views::signed(delta)
            )
        })
        .collect();
    msg!("rating-changes", list = Arg::list(list, Join::And))
}

/// Appends `notes` (sentences about the offer a change settled) to `head`, in `lang`.
pub(crate) fn with_note(lang: Lang, mut head: String, notes: &[Msg]) -> String {
    for n in notes {
        head.push(' ');
        head.push_str(&say(lang, n));
    }
    head
}

/// A status line cut to [`STATUS_MAX`] bytes, pointing to `/moves` for the rest.
fn cut(lang: Lang, mut line: String) -> String {
    if line.len() <= STATUS_MAX {
        return line;
    }
    let mut at = STATUS_MAX - 40;
    while !line.is_char_boundary(at) {
        at -= 1;
    }
    line.truncate(at);
    line.push(' ');
    line.push_str(&tr!(lang, "play-status-cut"));
    line
}
