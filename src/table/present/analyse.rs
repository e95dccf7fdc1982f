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

/// `analyse-at-end`: “There is no move to step forward to: try one with the Try a move button or
/// /analyse try:MOVE.”
pub(crate) fn at_end() -> Msg {
    msg!("analyse-at-end")
}

/// `analyse-at-start`: “This is where your board starts: there is nothing to step back to. Reset or
/// close it, or /analyse move:N to start from another move.”
pub(crate) fn at_start() -> Msg {
    msg!("analyse-at-start")
}

/// `analyse-bad-move`: “move is the number of the game's move to start from, e.g. /analyse move:12
/// (not "{ $value }").”
pub(crate) fn bad_move(value: &str) -> Msg {
    msg!("analyse-bad-move", value = value)
}

/// `analyse-bad-pick`: “That choice no longer fits your board's position: press Try a move again.”
pub(crate) fn bad_pick() -> Msg {
    msg!("analyse-bad-pick")
}

/// `analyse-bad-step`: “step is back, forward, reset or close, not "{ $value }", e.g. /analyse
/// step:back.”
pub(crate) fn bad_step(value: &str) -> Msg {
    msg!("analyse-bad-step", value = value)
}

/// `analyse-cannot-play`: “"{ $text }" cannot be played on your board: { $error }. Try a move with
/// the button, which offers only legal moves.”
pub(crate) fn cannot_play(text: &str, error: Msg) -> Msg {
    msg!("analyse-cannot-play", text = text, error = error)
}

/// `analyse-no-such-move`: “This game's record has { $total } moves, so there is no move { $move }:
/// give a number from 0 (the start) to { $total }.”
pub(crate) fn no_such_move(played: u32, total: u32) -> Msg {
    msg!("analyse-no-such-move", move = played, total = total)
}

/// `analyse-none`: “You have no analysis board open. /analyse opens one at this game's position,
/// /analyse move:12 after its 12th move.”
pub(crate) fn no_board() -> Msg {
    msg!("analyse-none")
}

/// `analyse-over`: “The game is over in this position: step back, reset, or start from another move
/// with /analyse move:N.”
pub(crate) fn over() -> Msg {
    msg!("analyse-over")
}
