//! The analysis board's message: which game and from which move, the moves tried, whose
//! move it is there (or how that line ended), the picture from the asker's side, and the
//! buttons that try a move (the picker), step back and forward, reset and close. Only the
//! asker sees it; a button's answer replaces the message. Also `/analyse`'s refusals.

use crate::engine::AnyGame;
use crate::i18n::{say, Msg};
use crate::render;
use crate::table::api::{Button, Context, Image, Reply};
use crate::table::live::Live;
use crate::table::present::board::outcome_line;
use crate::table::present::ephemeral;
use crate::{msg, tr};

/// What the message shows.
pub(crate) struct Board<'a> {
    pub live: &'a Live,
    /// The move the board started from, and how many the game's record has.
    pub from: u32,
    pub total: u32,
    /// The moves tried, and how many of them are on the board.
    pub line: &'a [String],
    pub at: u32,
    /// The position on the board.
    pub game: &'a AnyGame,
    /// Whether chance decides what comes (dice, cards): the board then says its own decide.
    pub own_chance: bool,
    pub side: Option<u8>,
    pub theme: render::Theme,
}

pub(crate) fn board(ctx: &Context, b: &Board, update: bool) -> Reply {
    let lang = ctx.langs.user;
    let live = b.live;
    let mut lines = vec![tr!(
        lang,
        "analyse-head",
        game = live.kind.title(),
        id = live.id,
        from = b.from,
        total = b.total
    )];
    if b.own_chance {
        lines.push(tr!(lang, "analyse-own-chance"));
    }
    let (played, ahead) = b.line.split_at(b.at as usize);
    if !played.is_empty() {
        lines.push(tr!(lang, "analyse-played", moves = played.join(", ")));
    }
    if !ahead.is_empty() {
        lines.push(tr!(lang, "analyse-ahead", moves = ahead.join(", ")));
    }
    // What the position shows besides the picture (a Battle Zone roll, a Sprawl challenge),
    // in words as on the game's board.
    if b.game.outcome().is_none() {
        lines.extend(b.game.status().iter().map(|m| say(lang, m)));
    }
    lines.push(match (b.game.outcome(), b.game.to_move()) {
        (Some(o), _) => outcome_line(lang, live, b.game, o),
        (None, Some(seat)) => tr!(lang, "analyse-to-move", who = live.who(lang, b.game, seat)),
        (None, None) => tr!(lang, "analyse-no-move"),
    });
    let mut r = ephemeral(ctx, lines.join("\n"));
    r.update = update;
    let view = render::View {
        names: live.names_by_seat(),
        lang,
        theme: b.theme,
        side: b.side,
    };
    r.image = Some(Image {
        name: format!("analysis-{}-{}-{}.png", live.id, b.from, b.at),
        png: render::png(b.game, &view),
        description: super::alt::describe(lang, b.game),
    });
    let tag = Some((live.id, 0));
    let mut button = |label: Msg, command: &str| {
        r.buttons.push(Button {
            label: say(lang, &label),
            command: command.into(),
            game: tag,
        })
    };
    if b.game.outcome().is_none() && b.game.to_move().is_some() {
        button(msg!("analyse-button-try"), "/analyse > pick");
    }
    if b.at > 0 {
        button(msg!("analyse-button-back"), "/analyse > back");
    }
    if (b.at as usize) < b.line.len() {
        button(msg!("analyse-button-forward"), "/analyse > forward");
    }
    if !b.line.is_empty() {
        button(msg!("analyse-button-reset"), "/analyse > reset");
    }
    button(msg!("analyse-button-close"), "/analyse > close");
    r
}

/// The board closed.
pub(crate) fn closed(ctx: &Context, update: bool) -> Reply {
    let mut r = ephemeral(ctx, tr!(ctx.langs.user, "analyse-closed"));
    r.update = update;
    r
}

pub(crate) fn at_end() -> Msg {
    msg!("analyse-at-end")
}

pub(crate) fn at_start() -> Msg {
    msg!("analyse-at-start")
}

pub(crate) fn bad_move(value: &str) -> Msg {
    msg!("analyse-bad-move", value)
}

pub(crate) fn bad_pick() -> Msg {
    msg!("analyse-bad-pick")
}

pub(crate) fn bad_step(value: &str) -> Msg {
    msg!("analyse-bad-step", value)
}

pub(crate) fn cannot_play(text: &str, error: Msg) -> Msg {
    msg!("analyse-cannot-play", text, error)
}

pub(crate) fn no_such_move(played: u32, total: u32) -> Msg {
    msg!("analyse-no-such-move", move = played, total)
}

pub(crate) fn no_board() -> Msg {
    msg!("analyse-none")
}

pub(crate) fn over() -> Msg {
    msg!("analyse-over")
}
