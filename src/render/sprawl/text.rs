//! The words around the board: the header (who is to move, the last move and the game's
//! status), one line per seat under the board (stash, notes and score, in type as large as
//! the board's), and the legend. Each part says how tall it will be, so that the canvas is
//! sized before anything is drawn.

use super::pieces::size_letter;
use super::{letter, WIDTH};
use crate::engine::board::Size;
use crate::engine::sprawl::Sprawl;
use crate::engine::Game;
use crate::render::canvas::{Align, Canvas};
use crate::render::fit::{ellipsis, wrap};
use crate::render::palette::ink_on;
use crate::render::view::View;
use crate::tr;

const MARGIN: f32 = 12.0;
/// Body text: 11.5 px at phone width.
const BODY: f32 = 15.0;
const LINE: f32 = 20.0;
const ROW: f32 = 30.0;
/// The height of a seat's second line (its notes), when it has one.
const NOTES: f32 = 19.0;

fn width() -> f32 {
    WIDTH as f32 - 2.0 * MARGIN
}

/// A square of the seat's colour with its letter.
pub(super) fn swatch(c: &mut Canvas, view: &View, x: f32, y: f32, s: f32, seat: u8) {
    let col = c.pal.seat(seat);
    c.rect(x as i32, y as i32, s as u32, s as u32, col);
    c.frame(x as i32, y as i32, s as u32, s as u32, 2, c.pal.ink);
    c.text_centered(
        x + s / 2.0,
        y + s / 2.0,
        s * 0.62,
        true,
        ink_on(col),
        &letter(view.lang, seat),
    );
}

/// The last move and the first status line, broken into at most two lines.
fn last_lines(g: &Sprawl, view: &View) -> Vec<String> {
    let mut line = match g.last_move() {
        Some(m) => tr!(view.lang, "board-sprawl-last", mv = m.to_string()),
        None => tr!(view.lang, "board-sprawl-new-game"),
    };
    // D6: the tower a last branch attacks, named when it stands neutralized.
    if let Some(crate::engine::sprawl::Move::Branch { square, .. }) = g.last_move() {
        let rules = g.rules();
        let target = g
            .pos()
            .branch(square)
            .and_then(|b| rules.step(square, b.dir, 1));
        if let Some((sq, t)) = target.and_then(|sq| Some((sq, g.pos().tower(sq)?))) {
            if g.neutralized(sq) {
                let owner = view.player(t.controller(), g.seat_label(t.controller()));
                let said = tr!(
                    view.lang,
                    "board-sprawl-neutralized",
                    owner,
                    square = sq.to_string()
                );
                line = format!("{line} ({said})");
            }
        }
    }
    if let Some(first) = g.status().first() {
        line = format!("{line}  ·  {}", view.say(first));
    }
    wrap(&line, BODY, width(), 2)
}

/// Where the board starts.
pub(super) fn header_height(g: &Sprawl, view: &View) -> f32 {
    44.0 + LINE * last_lines(g, view).len() as f32 + 10.0
}

pub(super) fn header(c: &mut Canvas, g: &Sprawl, view: &View) {
    let mut x = MARGIN;
    x += c.text(x, 10.0, 24.0, true, Align::Left, c.pal.ink, "Sprawl") as f32 + 12.0;
    let (seats, text) = match (g.outcome(), g.to_move()) {
        (Some(o), _) => {
            let names: Vec<String> = o
                .winners
                .iter()
                .map(|&s| view.player(s, g.seat_label(s)))
                .collect();
            let text = tr!(
                view.lang,
                "board-sprawl-won",
                names = crate::i18n::Arg::list(names.iter(), crate::i18n::Join::And),
                count = names.len()
            );
            (o.winners.clone(), Some(text))
        }
        (None, Some(m)) => {
            let answer = g.window().is_some_and(|w| w.challenger.is_some());
            let text = tr!(
                view.lang,
                "board-sprawl-to-move",
                who = view.player(m, g.seat_label(m)),
                answer = if answer { "yes" } else { "no" }
            );
            (vec![m], Some(text))
        }
        (None, None) => (Vec::new(), None),
    };
    // At most four swatches: the names follow in words.
    for &s in seats.iter().take(4) {
        swatch(c, view, x, 10.0, 26.0, s);
        x += 30.0;
    }
    if let Some(text) = text {
        let room = WIDTH as f32 - MARGIN - x - 4.0;
        let text = ellipsis(&text, 18.0, true, room);
        c.text(x + 4.0, 13.0, 18.0, true, Align::Left, c.pal.ink, &text);
    }
    for (i, line) in last_lines(g, view).iter().enumerate() {
        let y = 46.0 + LINE * i as f32;
        c.text(MARGIN, y, BODY, false, Align::Left, c.pal.ink, line);
    }
}

/// A seat's notes beyond its stash: cards, place, resigned or stuck, towers credited.
fn notes(g: &Sprawl, view: &View, seat: u8) -> Vec<String> {
    let over = g.outcome().is_some();
    let mut notes = Vec::new();
    let cards = g.cards(seat).len();
    if g.rules().counting_coup && cards > 0 {
        notes.push(tr!(view.lang, "board-sprawl-cards", n = cards));
    }
    if let Some(p) = g.places() {
        notes.push(tr!(view.lang, "board-ordinal", n = p[seat as usize - 1]));
    }
    if g.is_resigned(seat) {
        notes.push(tr!(view.lang, "board-sprawl-resigned"));
    } else if g.trigger() == Some(seat) && !over {
        notes.push(tr!(view.lang, "board-sprawl-stuck"));
    }
    if let Some((pips, towers)) = g.credits(seat) {
        if towers > 0 {
            notes.push(tr!(view.lang, "board-sprawl-credits", towers, pips));
        }
    }
    notes
}

/// The title line and one row per seat.
pub(super) fn seats_height(g: &Sprawl, view: &View) -> f32 {
    let with_notes = (1..=g.players())
        .filter(|&s| !notes(g, view, s).is_empty())
        .count();
    LINE + 6.0 + ROW * g.players() as f32 + NOTES * with_notes as f32
}

/// The seats under the board from `y`; returns where they end.
pub(super) fn seats(c: &mut Canvas, g: &Sprawl, view: &View, y: f32) -> f32 {
    let over = g.outcome().is_some();
    let title = tr!(
        view.lang,
        "board-sprawl-panel-title",
        over = if over { "yes" } else { "no" }
    );
    let title = ellipsis(&title, BODY, true, width());
    c.text(MARGIN, y, BODY, true, Align::Left, c.pal.ink, &title);
    let mut y = y + LINE + 6.0;
    let scores = g.scores();
    let score_w = 44.0;
    let name_x = MARGIN + 32.0;
    let name_w = 190.0;
    let stash_x = name_x + name_w + 10.0;
    for seat in 1..=g.players() {
        let notes = notes(g, view, seat);
        let h = ROW + if notes.is_empty() { 0.0 } else { NOTES };
        if g.to_move() == Some(seat) && !over {
            let (bx, by, bw) = (MARGIN as i32 - 4, y as i32 - 3, width() as u32 + 8);
            c.rect(bx, by, bw, h as u32, c.pal.highlight_fill);
            c.frame(bx, by, bw, h as u32, 3, c.pal.highlight);
        }
        swatch(c, view, MARGIN, y + 1.0, 24.0, seat);
        let ink = if g.to_move() == Some(seat) && !over {
            ink_on(c.pal.highlight_fill)
        } else {
            c.pal.ink
        };
        let name = ellipsis(&view.labelled(seat, g.seat_label(seat)), BODY, true, name_w);
        c.text(name_x, y + 5.0, BODY, true, Align::Left, ink, &name);
        // The title says it is the stash: the sizes' letters and counts are enough.
        let st = g.pos().stash[seat as usize - 1];
        let stash = [Size::Large, Size::Medium, Size::Small]
            .map(|s| format!("{}{}", size_letter(view, s), st[s.pips() as usize - 1]))
            .join("  ");
        let room = WIDTH as f32 - MARGIN - score_w - stash_x;
        let stash = ellipsis(&stash, BODY, false, room);
        c.text(stash_x, y + 5.0, BODY, false, Align::Left, ink, &stash);
        let score = scores[seat as usize - 1].to_string();
        let right = WIDTH as f32 - MARGIN - 4.0;
        c.text(right, y + 2.0, 20.0, true, Align::Right, ink, &score);
        if !notes.is_empty() {
            let line = ellipsis(&notes.join(" · "), BODY, false, width() - 36.0);
            c.text(name_x, y + ROW - 3.0, BODY, false, Align::Left, ink, &line);
        }
        y += h;
    }
    y
}

fn legend_lines(g: &Sprawl, view: &View) -> Vec<String> {
    let sizes = [Size::Large, Size::Medium, Size::Small].map(|s| size_letter(view, s));
    let mut lines = vec![
        tr!(
            view.lang,
            "board-sprawl-legend-towers",
            large = sizes[0].as_str(),
            medium = sizes[1].as_str(),
            small = sizes[2].as_str()
        ),
        tr!(view.lang, "board-sprawl-legend-branches"),
    ];
    let pending = g.window().is_some_and(|w| w.challenger.is_some());
    if let Some(m) = g.to_move().filter(|_| !pending) {
        lines.push(tr!(
            view.lang,
            "board-sprawl-legend-rings",
            who = view.player(m, g.seat_label(m))
        ));
    }
    lines
        .iter()
        .flat_map(|l| wrap(l, BODY, width(), 3))
        .collect()
}

pub(super) fn legend_height(g: &Sprawl, view: &View) -> f32 {
    12.0 + LINE * legend_lines(g, view).len() as f32
}

pub(super) fn legend(c: &mut Canvas, g: &Sprawl, view: &View, y: f32) {
    for (i, line) in legend_lines(g, view).iter().enumerate() {
        // The body's size, not smaller: muted grey needs it at phone width (issue 43).
        let (size, muted) = (BODY, c.pal.muted);
        let ly = y + LINE * i as f32;
        c.text(MARGIN, ly, size, false, Align::Left, muted, line);
    }
}
