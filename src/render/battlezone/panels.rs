//! Everything around the board: the players and their exits, the dice, the supply, the
//! turn's actions and the legend.

use super::pieces::{colour_letter, colour_rgb, extent, pyramid, seat_mark};
use super::{drawn_seat, recent, MARGIN};
use crate::engine::battlezone::{Battlezone, Colour, Hit, Move, Piece};
use crate::engine::board::Size;
use crate::engine::Game;
use crate::render::canvas::{Align, Canvas};
use crate::render::fit::{ellipsis, shrink, wrap};
use crate::render::palette::{self, ink_on};
use crate::render::panel::{title, Lines, SeatRow};
use crate::render::view::View;
use crate::tr;

/// The height of a seat's box: the name, the seat and its rank, the colours exited.
pub(super) const SEAT_H: u32 = 94;
/// How far the row of exited colours is below the other lines of a seat's box.
const EXITED_Y: f32 = 24.0;

fn player_name(g: &Battlezone, view: &View, seat: u8) -> String {
    view.labelled(seat, g.seat_label(seat))
}

pub(super) fn header(c: &mut Canvas, g: &Battlezone, view: &View) {
    let width = c.width() as f32 - 2.0 * MARGIN;
    let text = match g.outcome() {
        Some(o) if o.winners.len() == 1 => tr!(
            view.lang,
            "board-battlezone-won",
            who = player_name(g, view, o.winners[0])
        ),
        Some(_) => tr!(view.lang, "board-battlezone-drawn"),
        // The player's name alone: their seat is in their box, framed as the one to move
        // (with it, a computer player's name and level no longer fitted at phone width).
        None => tr!(
            view.lang,
            "board-battlezone-title",
            turn = g.turn() + 1,
            who = view.player(g.current_seat(), g.seat_label(g.current_seat()))
        ),
    };
    // A size or two smaller before an ellipsis: the player to move is the title's point.
    let size = shrink(&text, 24.0, true, width).max(20.0);
    title(c, MARGIN, 8.0, size, width, &text);
    SeatRow::white(c.pal, MARGIN, width, 42.0, SEAT_H).draw(c, 2, g.to_move(), |c, s| {
        let (x, y, seat, box_w) = (s.x, s.y, s.seat, s.share);
        seat_mark(
            c,
            x + 20.0,
            y + 20.0,
            drawn_seat(seat, view),
            11.0,
            c.pal.ink,
        );
        // The name has a line of its own, the whole box wide, and the seat with its rank the
        // next: side by side a computer player's level was cut off (issue 43).
        let rank = if seat == 1 { 1 } else { 8 };
        let (name, side) = match view.name(seat).filter(|n| !n.is_empty()) {
            Some(n) => (
                n.to_string(),
                tr!(
                    view.lang,
                    "board-battlezone-side",
                    label = g.seat_label(seat),
                    rank
                ),
            ),
            None => (
                view.say(&g.seat_label(seat)),
                tr!(view.lang, "board-battlezone-from-rank", rank),
            ),
        };
        let room = box_w - 38.0 - 16.0;
        let name = ellipsis(&name, 20.0, true, room);
        c.text(x + 38.0, y + 8.0, 20.0, true, Align::Left, c.pal.ink, &name);
        // The count of colours exited ends the seat's line, clear of the row of slots.
        let score = format!("{}/5", g.exited_colours(seat).count());
        let score_w = c.text(
            x + box_w - 20.0,
            y + 32.0,
            20.0,
            true,
            Align::Right,
            c.pal.ink,
            &score,
        ) as f32;
        let side = ellipsis(&side, 16.0, false, box_w - 40.0 - score_w);
        c.text(
            x + 10.0,
            y + 35.0,
            16.0,
            false,
            Align::Left,
            c.pal.muted,
            &side,
        );
        let y = y + EXITED_Y;
        // Exited colours: five slots, filled when that colour has exited.
        c.text(
            x + 10.0,
            y + 42.0,
            16.0,
            false,
            Align::Left,
            c.pal.muted,
            &tr!(view.lang, "board-battlezone-exited"),
        );
        let exited: Vec<Colour> = g.exited_colours(seat).collect();
        for (i, col) in Colour::ALL.into_iter().enumerate() {
            let sx = x + 72.0 + i as f32 * 28.0;
            let sy = y + 38.0;
            let letter = colour_letter(view.lang, col);
            if exited.contains(&col) {
                let f = colour_rgb(col);
                c.rect(sx as i32, sy as i32, 25, 26, f);
                c.frame(sx as i32, sy as i32, 25, 26, 2, c.pal.ink);
                c.text_centered(sx + 12.5, sy + 13.0, 17.0, true, ink_on(f), &letter);
            } else {
                c.frame(sx as i32, sy as i32, 25, 26, 1, c.pal.grid);
                c.text_centered(sx + 12.5, sy + 13.0, 16.0, false, c.pal.muted, &letter);
            }
        }
    });
}

/// Standard pip layout of a die face, in units of the face's side.
pub(super) fn die_pips(v: u8) -> &'static [(f32, f32)] {
    const L: f32 = 0.26;
    const M: f32 = 0.5;
    const R: f32 = 0.74;
    match v {
        1 => &[(M, M)],
        2 => &[(L, L), (R, R)],
        3 => &[(L, L), (M, M), (R, R)],
        4 => &[(L, L), (R, L), (L, R), (R, R)],
        5 => &[(L, L), (R, L), (M, M), (L, R), (R, R)],
        _ => &[(L, L), (R, L), (L, M), (R, M), (L, R), (R, R)],
    }
}

pub(super) fn dice(c: &mut Canvas, g: &Battlezone, view: &View, y: f32) {
    let label = if g.outcome().is_some() {
        tr!(view.lang, "board-battlezone-last-roll")
    } else {
        tr!(
            view.lang,
            "board-battlezone-dice-of",
            who = g.seat_label(g.current_seat())
        )
    };
    c.text(MARGIN, y + 8.0, 20.0, true, Align::Left, c.pal.ink, &label);
    let dice = g.dice();
    let used = g.dice_used();
    let side = 50.0;
    for i in 0..3 {
        let x = MARGIN + 150.0 + i as f32 * 108.0;
        let v = dice[i];
        let colour = Colour::from_die(v);
        let (face, ink) = match (used[i], colour) {
            (true, _) => (c.pal.panel, c.pal.muted),
            (false, Some(col)) => (colour_rgb(col), ink_on(colour_rgb(col))),
            (false, None) => (palette::WHITE, c.pal.ink),
        };
        c.rect(x as i32, y as i32 - 6, side as u32, side as u32, face);
        let edge = if used[i] { c.pal.muted } else { c.pal.ink };
        c.frame(x as i32, y as i32 - 6, side as u32, side as u32, 2, edge);
        for (px, py) in die_pips(v) {
            c.disc(x + px * side, y - 6.0 + py * side, 4.5, ink);
        }
        let name = tr!(
            view.lang,
            "board-battlezone-die-colour",
            colour = colour.map_or("joker", Colour::name)
        );
        let text = if used[i] && g.outcome().is_none() {
            tr!(view.lang, "board-battlezone-die-used", name)
        } else {
            name
        };
        c.text_centered(
            x + side / 2.0,
            y + side + 4.0,
            16.0,
            !used[i],
            if used[i] { c.pal.muted } else { c.pal.ink },
            &text,
        );
        if used[i] {
            c.thick_line(
                (x + 4.0, y - 2.0),
                (x + side - 4.0, y + side - 10.0),
                3.0,
                c.pal.muted,
            );
        }
    }
    let note = match (g.outcome(), g.transport_step()) {
        (Some(_), _) => tr!(view.lang, "board-battlezone-game-over"),
        (None, Some(t)) => tr!(
            view.lang,
            "board-battlezone-transport",
            square = t.square,
            left = t.left
        ),
        (None, None) => {
            let left = g.dice_left();
            if left.is_empty() {
                String::new()
            } else {
                tr!(view.lang, "board-battlezone-to-use", n = left.len())
            }
        }
    };
    // Under the dice, across the whole width: beside them it had no room at phone width.
    let room = c.width() as f32 - 2.0 * MARGIN;
    c.text(
        MARGIN,
        y + side + 22.0,
        17.0,
        true,
        Align::Left,
        c.pal.ink,
        &ellipsis(&note, 17.0, true, room),
    );
}

/// The supply, stamped (`stamp`) a colour at a time: a colour's column changes only when
/// one of its pyramids is placed.
pub(super) fn supply(c: &mut Canvas, g: &Battlezone, view: &View, y: f32) {
    let at = u64::from(y.to_bits());
    c.stamp("battlezone-supply", Some(view.lang), [at, 0, 0, 0], |c| {
        let heading = tr!(view.lang, "board-battlezone-supply");
        let w = c.text(MARGIN, y, 18.0, true, Align::Left, c.pal.ink, &heading);
        let x = (MARGIN + 72.0).max(MARGIN + w as f32 + 10.0);
        let room = c.width() as f32 - MARGIN - x;
        let note = tr!(view.lang, "board-battlezone-supply-note");
        // No smaller than 15: muted text needs 11 px at phone width.
        let size = shrink(&note, 16.0, false, room).max(15.0);
        let note = ellipsis(&note, size, false, room);
        c.text(x, y + 2.0, size, false, Align::Left, c.pal.muted, &note);
    });
    for (i, col) in Colour::ALL.into_iter().enumerate() {
        let counts = Size::ALL.map(|size| g.supply(col, size));
        let packed = counts.iter().fold(0, |all, &n| all << 8 | u64::from(n));
        let args = [at, i as u64, packed, 0];
        c.stamp("battlezone-supply-colour", Some(view.lang), args, |c| {
            supply_colour(c, view, y, i, col, counts);
        });
    }
}

/// The supply of `col`, the `i`th colour: `counts` by size.
fn supply_colour(c: &mut Canvas, view: &View, y: f32, i: usize, col: Colour, counts: [u8; 3]) {
    let col_w = (c.width() as f32 - 2.0 * MARGIN) / 5.0;
    let x = MARGIN + i as f32 * col_w;
    let top = y + 28.0;
    let f = colour_rgb(col);
    c.rect(x as i32, top as i32, (col_w - 10.0) as u32, 26, f);
    c.frame(
        x as i32,
        top as i32,
        (col_w - 10.0) as u32,
        26,
        1,
        c.pal.ink,
    );
    c.text_centered(
        x + (col_w - 10.0) / 2.0,
        top + 13.0,
        15.0,
        true,
        ink_on(f),
        &tr!(
            view.lang,
            "board-battlezone-supply-colour",
            letter = colour_letter(view.lang, col),
            colour = col.name()
        ),
    );
    for (j, size) in Size::ALL.into_iter().enumerate() {
        let sx = x + 4.0 + j as f32 * (col_w - 10.0) / 3.0;
        let n = counts[j];
        let cell = 44.0;
        let p = Piece::new(col, size, None);
        if n > 0 {
            pyramid(c, sx + 12.0, top + 52.0, p, cell, view.lang);
        } else {
            let r = extent(size) * cell;
            c.frame(
                (sx + 12.0 - r) as i32,
                (top + 52.0 - r) as i32,
                (2.0 * r) as u32 + 1,
                (2.0 * r) as u32 + 1,
                1,
                c.pal.muted,
            );
        }
        let ink = if n == 0 { c.pal.muted } else { c.pal.ink };
        c.text_centered(sx + 12.0, top + 86.0, 17.0, n > 0, ink, &format!("{n}"));
    }
}

pub(super) fn footer(c: &mut Canvas, g: &Battlezone, view: &View, y: f32) {
    let (actions, now) = recent(g);
    let text = match actions.first() {
        Some(first) => {
            let list: Vec<String> = actions
                .iter()
                .enumerate()
                .map(|(k, a)| {
                    let exits = matches!(a.mv, Move::Move { .. } if a.squares[1].is_none());
                    let n = if actions.len() > 1 {
                        format!("{} ", k + 1)
                    } else {
                        String::new()
                    };
                    let mv = format!("{n}{}", a.mv);
                    if exits {
                        tr!(view.lang, "board-battlezone-exits", mv)
                    } else {
                        with_hit(view, mv, a.hit)
                    }
                })
                .collect();
            tr!(
                view.lang,
                "board-battlezone-actions",
                who = player_name(g, view, first.seat),
                now = if now && g.outcome().is_none() {
                    "yes"
                } else {
                    "no"
                },
                actions = list.join(" · ")
            )
        }
        None => tr!(view.lang, "board-battlezone-no-action"),
    };
    let width = c.width() as f32 - 2.0 * MARGIN;
    let lines = if g.outcome().is_some() { 1 } else { 2 };
    let at = Lines {
        x: MARGIN,
        y: y + 6.0,
        step: 30.0,
        size: 19.0,
        bold: false,
        align: Align::Left,
        colour: c.pal.ink,
    };
    at.draw(c, &wrap(&text, 19.0, width, lines));
    if let Some(o) = g.outcome() {
        c.text(
            MARGIN,
            y + 36.0,
            19.0,
            true,
            Align::Left,
            c.pal.ink,
            &ellipsis(&view.say(&o.reason), 19.0, true, width),
        );
    }
    legend(c, view, y + 84.0);
}

/// An activation's action followed by what it did to the pyramids in its range, so that a
/// capture is named on the picture as in the text: `activate e4 (2 destroyed)`.
fn with_hit(view: &View, mv: String, hit: Hit) -> String {
    let mut said = Vec::new();
    if hit.destroyed > 0 {
        said.push(tr!(
            view.lang,
            "board-battlezone-destroyed",
            n = hit.destroyed
        ));
    }
    if hit.controlled > 0 {
        said.push(tr!(
            view.lang,
            "board-battlezone-controlled",
            n = hit.controlled
        ));
    }
    if hit.frozen > 0 {
        said.push(tr!(view.lang, "board-battlezone-frozen", n = hit.frozen));
    }
    if said.is_empty() {
        mv
    } else {
        format!("{mv} ({})", said.join(", "))
    }
}

/// What the shapes mean, drawn with the same shapes; stamped (`stamp`), as it never changes.
pub(super) fn legend(c: &mut Canvas, view: &View, y: f32) {
    let args = [u64::from(y.to_bits()), u64::from(drawn_seat(1, view)), 0, 0];
    c.stamp("battlezone-legend", Some(view.lang), args, |c| {
        draw_legend(c, view, y);
    });
}

fn draw_legend(c: &mut Canvas, view: &View, y: f32) {
    let m = c.pal.muted;
    let right = c.width() as f32 - MARGIN;
    let (mut x, mut y) = (MARGIN + 10.0, y);
    let items: [(u8, String); 4] = [
        (1, tr!(view.lang, "board-battlezone-legend-south")),
        (2, tr!(view.lang, "board-battlezone-legend-north")),
        (0, tr!(view.lang, "board-battlezone-legend-upright")),
        (3, tr!(view.lang, "board-battlezone-legend-range")),
    ];
    for (kind, label) in items {
        // At phone width the four items take two lines.
        let room = 16.0 + 12.0 + Canvas::text_width(16.0, false, &label) as f32;
        if x + room > right {
            x = MARGIN + 10.0;
            y += 26.0;
        }
        match kind {
            0 => c.frame(x as i32 - 8, y as i32 - 8, 17, 17, 2, m),
            3 => {
                let (hx, hy) = (x - 8.0, y - 10.0);
                c.frame(hx as i32, hy as i32, 20, 20, 1, m);
                // The range's stripes.
                c.rect(hx as i32, hy as i32 + 5, 20, 2, m);
                c.rect(hx as i32, hy as i32 + 13, 20, 2, m);
                x += 4.0;
            }
            seat => seat_mark(c, x, y, drawn_seat(seat, view), 9.0, m),
        }
        x += 16.0;
        x += c.text(x, y - 10.0, 16.0, false, Align::Left, m, &label) as f32 + 26.0;
    }
}
