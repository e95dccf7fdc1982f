//! The text around the board: header (turn, last move, status), legend, and the side panel
//! with every player's stash and score.

use super::{letter, HEADER, LEFT, WIDTH};
use crate::engine::sprawl::Sprawl;
use crate::engine::Game;
use crate::render::canvas::{Align, Canvas};
use crate::render::fit::shrink;
use crate::render::palette::{ink_on, seat_colour, Palette};
use crate::render::panel::{Lines, SeatBox};
use crate::render::view::View;
use crate::tr;

/// A seat's box in the side panel: the seat to move in the last move's colours.
fn seat_box(pal: &Palette) -> SeatBox {
    SeatBox {
        fill: pal.highlight_fill,
        frame: (3, pal.highlight),
        idle: Some((1, pal.grid)),
    }
}

pub(super) fn swatch(c: &mut Canvas, view: &View, x: f32, y: f32, s: f32, seat: u8) {
    let col = seat_colour(seat);
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

pub(super) fn header(c: &mut Canvas, g: &Sprawl, view: &View) {
    let mut x = 16.0;
    x += c.text(x, 12.0, 30.0, true, Align::Left, c.pal.ink, "Sprawl") as f32 + 18.0;
    let (seats, step, text) = match (g.outcome(), g.to_move()) {
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
            (o.winners.clone(), 36.0, Some(text))
        }
        (None, Some(m)) => {
            let answer = g.window().is_some_and(|w| w.challenger.is_some());
            let text = tr!(
                view.lang,
                "board-sprawl-to-move",
                who = view.player(m, g.seat_label(m)),
                answer = if answer { "yes" } else { "no" }
            );
            (vec![m], 38.0, Some(text))
        }
        (None, None) => (Vec::new(), 0.0, None),
    };
    for &s in &seats {
        swatch(c, view, x, 14.0, 30.0, s);
        x += step;
    }
    if let Some(text) = text {
        c.text(x, 16.0, 24.0, true, Align::Left, c.pal.ink, &text);
    }
    let mut line = match g.last_move() {
        Some(m) => tr!(view.lang, "board-sprawl-last", mv = m.to_string()),
        None => tr!(view.lang, "board-sprawl-new-game"),
    };
    if let Some(first) = g.status().first() {
        line = format!("{line}  ·  {}", view.say(first));
    }
    let size = shrink(&line, 18.0, false, WIDTH as f32 - 32.0);
    c.text(16.0, 56.0, size, false, Align::Left, c.pal.ink, &line);
}

pub(super) fn legend(c: &mut Canvas, g: &Sprawl, view: &View, y: f32) {
    let fs = 15.0;
    let mut lines = vec![
        tr!(view.lang, "board-sprawl-legend-towers"),
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
    let at = Lines {
        x: LEFT - 24.0,
        y,
        step: fs + 5.0,
        size: fs,
        bold: false,
        align: Align::Left,
        colour: c.pal.muted,
    };
    at.draw(c, &lines);
}

pub(super) fn panel(c: &mut Canvas, g: &Sprawl, view: &View, x: f32) {
    let over = g.outcome().is_some();
    let places = g.places();
    let scores = g.scores();
    let w = WIDTH as f32 - x - 12.0;
    let mut y = HEADER - 2.0;
    let title = tr!(
        view.lang,
        "board-sprawl-panel-title",
        over = if over { "yes" } else { "no" }
    );
    let ts = shrink(&title, 17.0, true, w);
    c.text(x, y, ts, true, Align::Left, c.pal.ink, &title);
    y += 26.0;
    let row = 78.0;
    for seat in 1..=g.players() {
        let to_move = g.to_move() == Some(seat);
        let (bx, by) = (x as i32 - 6, y as i32 - 4);
        seat_box(c.pal).draw(c, bx, by, w as u32 + 6, row as u32 - 6, to_move);
        swatch(c, view, x, y + 2.0, 34.0, seat);
        let nm = view.labelled(seat, g.seat_label(seat));
        let fs = shrink(&nm, 18.0, true, w - 100.0);
        c.text(x + 42.0, y + 2.0, fs, true, Align::Left, c.pal.ink, &nm);
        c.text(
            x + w - 10.0,
            y,
            28.0,
            true,
            Align::Right,
            c.pal.ink,
            &scores[seat as usize - 1].to_string(),
        );
        // Stash: L M S counts.
        let st = g.pos().stash[seat as usize - 1];
        let mut notes = vec![tr!(
            view.lang,
            "board-sprawl-stash",
            large = st[2],
            medium = st[1],
            small = st[0]
        )];
        let cards = g.cards(seat).len();
        if g.rules().counting_coup && cards > 0 {
            notes.push(tr!(view.lang, "board-sprawl-cards", n = cards));
        }
        if let Some(p) = places.as_ref() {
            notes.push(tr!(view.lang, "board-ordinal", n = p[seat as usize - 1]));
        }
        if g.is_resigned(seat) {
            notes.push(tr!(view.lang, "board-sprawl-resigned"));
        } else if g.trigger() == Some(seat) && !over {
            notes.push(tr!(view.lang, "board-sprawl-stuck"));
        }
        let notes = notes.join(" · ");
        c.text(
            x + 42.0,
            y + 28.0,
            15.0,
            false,
            Align::Left,
            c.pal.ink,
            &notes,
        );
        if let Some((pips, towers)) = g.credits(seat) {
            if towers > 0 {
                c.text(
                    x + 42.0,
                    y + 48.0,
                    14.0,
                    false,
                    Align::Left,
                    c.pal.muted,
                    &tr!(
                        view.lang,
                        "board-sprawl-credits",
                        towers = towers,
                        pips = pips
                    ),
                );
            }
        }
        y += row;
    }
}
