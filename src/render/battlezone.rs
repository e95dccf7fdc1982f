//! The Battle Zone board: a header with both players (name, colours exited), the turn's dice
//! (spent ones greyed and crossed), the 8x8 board with coordinates on every edge, the supply
//! per colour and size, and the last action.
//!
//! Nothing relies on hue alone: every pyramid carries its colour's letter (R B G Y K), its
//! size as 1-3 pips and a body of three lengths, and its state as a shape: a square seen from
//! above when upright (nobody's), a triangle pointing up (toward North: South's) or down
//! (North's) when lying (D1). The last activation's range is hatched; the last action's
//! squares are outlined.

use super::canvas::{regular, rgb, Align, Canvas};
use super::palette::{self, darker, ink_on};
use super::View;
use crate::engine::battlezone::{Battlezone, Colour, LastAction, Move, Piece};
use crate::engine::board::{Size, Square};
use crate::engine::Game;
use image::{Rgba, RgbaImage};

const CELL: f32 = 84.0;
const MARGIN: f32 = 34.0;
const BOARD_TOP: f32 = 222.0;
const SUPPLY_H: f32 = 150.0;
const FOOTER: f32 = 110.0;

/// Pyramid colours: strong, distinct in lightness as well as hue.
pub fn colour_rgb(c: Colour) -> Rgba<u8> {
    match c {
        Colour::Red => rgb(0xD55E00),
        Colour::Blue => rgb(0x0072B2),
        Colour::Green => rgb(0x009E73),
        Colour::Yellow => rgb(0xF0E442),
        Colour::Black => rgb(0x2B2B2B),
    }
}

const GREYED: Rgba<u8> = rgb(0xCFCAC0);

pub fn draw(g: &Battlezone, view: &View) -> RgbaImage {
    let board = CELL * 8.0;
    let w = (board + MARGIN * 2.0) as u32;
    let h = (BOARD_TOP + board + MARGIN + SUPPLY_H + FOOTER) as u32;
    let mut c = Canvas::new(w, h, palette::BACKGROUND);
    header(&mut c, g, view);
    dice(&mut c, g, 122.0);
    squares(&mut c);
    coordinates(&mut c);
    activation(&mut c, g);
    last_action(&mut c, g);
    for sq in Square::all(8, 8) {
        if let Some(p) = g.piece(sq) {
            let (cx, cy) = centre(sq);
            pyramid(&mut c, cx, cy, p, CELL);
        }
    }
    action_badges(&mut c, g);
    let y = BOARD_TOP + board + MARGIN;
    supply(&mut c, g, y + 6.0);
    footer(&mut c, g, view, y + SUPPLY_H);
    c.img
}

fn centre(sq: Square) -> (f32, f32) {
    (
        MARGIN + (sq.file() as f32 + 0.5) * CELL,
        BOARD_TOP + (7.0 - sq.rank() as f32 + 0.5) * CELL,
    )
}

fn corner(sq: Square) -> (i32, i32) {
    (
        (MARGIN + sq.file() as f32 * CELL) as i32,
        (BOARD_TOP + (7 - sq.rank()) as f32 * CELL) as i32,
    )
}

fn squares(c: &mut Canvas) {
    for sq in Square::all(8, 8) {
        let (x, y) = corner(sq);
        let colour = if (sq.file() + sq.rank()) % 2 == 0 {
            palette::DARK_SQUARE
        } else {
            palette::LIGHT_SQUARE
        };
        c.rect(x, y, CELL as u32, CELL as u32, colour);
    }
    let b = (CELL * 8.0) as u32;
    c.frame(
        MARGIN as i32 - 2,
        BOARD_TOP as i32 - 2,
        b + 4,
        b + 4,
        2,
        palette::GRID,
    );
    // The starting lines: South's rank 1, North's rank 8, marked by a thick edge.
    c.rect(
        MARGIN as i32 - 2,
        BOARD_TOP as i32 + b as i32,
        b + 4,
        5,
        palette::INK,
    );
    c.rect(
        MARGIN as i32 - 2,
        BOARD_TOP as i32 - 7,
        b + 4,
        5,
        palette::INK,
    );
}

fn coordinates(c: &mut Canvas) {
    let board = CELL * 8.0;
    for i in 0..8 {
        let file = ((b'a' + i as u8) as char).to_string();
        let rank = (8 - i).to_string();
        let x = MARGIN + (i as f32 + 0.5) * CELL;
        let y = BOARD_TOP + (i as f32 + 0.5) * CELL;
        let m = palette::MUTED;
        c.text_centered(x, BOARD_TOP - MARGIN / 2.0 - 3.0, 22.0, true, m, &file);
        c.text_centered(
            x,
            BOARD_TOP + board + MARGIN / 2.0 + 3.0,
            22.0,
            true,
            m,
            &file,
        );
        c.text_centered(MARGIN / 2.0, y, 22.0, true, m, &rank);
        c.text_centered(MARGIN + board + MARGIN / 2.0, y, 22.0, true, m, &rank);
    }
}

/// Diagonal hatching over one square, so the range reads without colour.
fn hatch(c: &mut Canvas, x: i32, y: i32, colour: Rgba<u8>) {
    let s = CELL;
    let (x, y) = (x as f32, y as f32);
    let mut k = 10.0;
    while k < 2.0 * s {
        let a = if k <= s {
            (x + k, y)
        } else {
            (x + s, y + k - s)
        };
        let b = if k <= s {
            (x, y + k)
        } else {
            (x + k - s, y + s)
        };
        // Aliased lines: crisp, and they keep the PNG small.
        imageproc::drawing::draw_line_segment_mut(&mut c.img, a, b, colour);
        k += 14.0;
    }
}

/// The range of the open transport step, else of the last activation of this or the previous
/// turn (older ones no longer explain the board).
fn activation(c: &mut Canvas, g: &Battlezone) {
    let (square, radius, colour) = match (g.transport_step(), g.last_activation()) {
        (Some(t), _) => (t.square, t.radius, Colour::Yellow),
        (None, Some(a)) if a.turn + 1 >= g.turn() => (a.square, a.radius, a.colour),
        _ => return,
    };
    let tint = match colour {
        Colour::Yellow => rgb(0xB8A800),
        Colour::Black => rgb(0x555555),
        other => colour_rgb(other),
    };
    for sq in Battlezone::range_squares(square, radius) {
        let (x, y) = corner(sq);
        c.shade(x, y, CELL as u32, CELL as u32, tint, 0.22);
        hatch(c, x, y, darker(tint, 0.8));
    }
    // Outline of the whole (clipped) range.
    let f0 = square.file().saturating_sub(radius);
    let f1 = (square.file() + radius).min(7);
    let r0 = square.rank().saturating_sub(radius);
    let r1 = (square.rank() + radius).min(7);
    let (x0, y0) = corner(Square::new(f0, r1));
    let w = ((f1 - f0 + 1) as f32 * CELL) as u32;
    let h = ((r1 - r0 + 1) as f32 * CELL) as u32;
    c.frame(x0, y0, w, h, 3, darker(tint, 0.7));
}

/// The actions the picture recalls: the turn in progress, or the whole previous turn when the
/// new one has not started acting yet.
fn recent(g: &Battlezone) -> (Vec<LastAction>, bool) {
    let now: Vec<LastAction> = g.turn_actions().collect();
    if now.is_empty() {
        (g.previous_turn_actions().collect(), false)
    } else {
        (now, true)
    }
}

/// Outlines the squares of the recent actions, numbered in order; the latest is the boldest.
fn last_action(c: &mut Canvas, g: &Battlezone) {
    let (actions, _) = recent(g);
    let n = actions.len();
    for (k, a) in actions.iter().enumerate() {
        let latest = k + 1 == n;
        let t = if latest { 5 } else { 3 };
        let sqs: Vec<Square> = a.squares.iter().flatten().copied().collect();
        for (i, sq) in sqs.iter().enumerate() {
            let (x, y) = corner(*sq);
            if i == 0 && sqs.len() == 2 {
                c.shade(
                    x,
                    y,
                    CELL as u32,
                    CELL as u32,
                    palette::HIGHLIGHT_FILL,
                    0.45,
                );
            }
            c.frame(x, y, CELL as u32, CELL as u32, t, palette::HIGHLIGHT);
        }
        if let [a, b] = sqs[..] {
            c.thick_line(centre(a), centre(b), t as f32 - 1.0, palette::HIGHLIGHT);
        }
        // An exit: an arrow from the square off the far edge.
        if let (Move::Move { from, dir, .. }, 1) = (a.mv, sqs.len()) {
            // An arrowhead on the board's edge, pointing off it.
            let (cx, cy) = centre(from);
            let (dx, dy) = dir.delta();
            let (ux, uy) = (dx as f32, -dy as f32);
            let len = (ux * ux + uy * uy).sqrt();
            let (ux, uy) = (ux / len, uy / len);
            let reach = CELL * 0.5 * len;
            let tip = (cx + ux * (reach + 4.0), cy + uy * (reach + 4.0));
            let back = (cx + ux * (reach - 16.0), cy + uy * (reach - 16.0));
            c.thick_line((cx, cy), back, 5.0, palette::HIGHLIGHT);
            c.polygon(
                &[
                    tip,
                    (back.0 - uy * 11.0, back.1 + ux * 11.0),
                    (back.0 + uy * 11.0, back.1 - ux * 11.0),
                ],
                palette::HIGHLIGHT,
                Some(palette::HIGHLIGHT),
            );
        }
    }
}

/// The order badges go on top of the pyramids.
fn action_badges(c: &mut Canvas, g: &Battlezone) {
    let (actions, _) = recent(g);
    if actions.len() < 2 {
        return;
    }
    let mut used: Vec<Square> = Vec::new();
    for (k, a) in actions.iter().enumerate() {
        let Some(sq) = a.squares[1].or(a.squares[0]) else {
            continue;
        };
        // Several actions on one square: the badges step down its left edge.
        let stack = used.iter().filter(|&&s| s == sq).count() as f32;
        used.push(sq);
        let (x, y) = corner(sq);
        let (bx, by) = (x as f32 + 13.0, y as f32 + 13.0 + stack * 22.0);
        c.disc(bx, by, 10.0, palette::HIGHLIGHT);
        c.text_centered(bx, by, 14.0, true, palette::WHITE, &(k + 1).to_string());
    }
}

/// Half-size of a pyramid's body by size, as a fraction of `cell`.
fn extent(size: Size) -> f32 {
    match size {
        Size::Small => 0.25,
        Size::Medium => 0.32,
        Size::Large => 0.40,
    }
}

/// One pyramid centred on (`cx`, `cy`): upright square, or a triangle pointing toward the
/// controller's opponent; colour letter and size pips on it.
pub fn pyramid(c: &mut Canvas, cx: f32, cy: f32, p: Piece, cell: f32) {
    let fill = colour_rgb(p.colour);
    let edge = if p.colour == Colour::Black {
        rgb(0x9A9A9A)
    } else {
        darker(fill, 0.45)
    };
    let ink = ink_on(fill);
    let r = extent(p.size) * cell;
    let scale = cell / CELL;
    match p.ctrl {
        None => {
            let pts = [
                (cx - r, cy - r),
                (cx + r, cy - r),
                (cx + r, cy + r),
                (cx - r, cy + r),
            ];
            c.polygon(&pts, fill, Some(edge));
            c.line((cx - r, cy - r), (cx + r, cy + r), darker(fill, 0.7));
            c.line((cx + r, cy - r), (cx - r, cy + r), darker(fill, 0.7));
            c.frame(
                (cx - r) as i32,
                (cy - r) as i32,
                (2.0 * r) as u32 + 1,
                (2.0 * r) as u32 + 1,
                2,
                edge,
            );
            let font = (12.0 + 6.0 * p.size.pips() as f32) * scale;
            c.rect(
                (cx - font * 0.45) as i32,
                (cy - font * 0.62) as i32,
                (font * 0.9) as u32,
                (font * 1.05) as u32,
                fill,
            );
            c.text_centered(
                cx,
                cy - r * 0.1,
                font,
                true,
                ink,
                &p.colour.letter().to_string(),
            );
            pips(c, cx, cy + r * 0.62, p.size, ink, scale);
        }
        Some(seat) => {
            // South's point up the picture (toward rank 8), North's down.
            let up = if seat == 1 { -1.0 } else { 1.0 };
            let half_w = r * 1.2;
            let height = r * 2.3;
            let base_y = cy - up * height * 0.45;
            let at = |t: f32| base_y + up * height * t;
            let pts = [(cx, at(1.0)), (cx + half_w, base_y), (cx - half_w, base_y)];
            c.polygon(&pts, fill, Some(edge));
            c.thick_line(
                (cx - half_w, base_y),
                (cx + half_w, base_y),
                4.0 * scale,
                edge,
            );
            let font = (12.0 + 4.0 * p.size.pips() as f32) * scale;
            c.text_centered(cx, at(0.3), font, true, ink, &p.colour.letter().to_string());
            pips(c, cx, at(0.64), p.size, ink, scale);
        }
    }
}

fn pips(c: &mut Canvas, cx: f32, cy: f32, size: Size, colour: Rgba<u8>, scale: f32) {
    let n = size.pips() as i32;
    let gap = 8.0 * scale;
    for i in 0..n {
        let off = (i as f32 - (n - 1) as f32 / 2.0) * gap;
        let pts = regular(cx + off, cy, 2.6 * scale.max(0.8), 8, 0.0);
        c.polygon(&pts, colour, Some(colour));
    }
}

fn player_name(g: &Battlezone, view: &View, seat: u8) -> String {
    match view.name(seat) {
        Some(n) if !n.is_empty() => format!("{n} ({})", g.seat_label(seat)),
        _ => g.seat_label(seat),
    }
}

/// A small controller mark: a triangle up for South, down for North.
fn seat_mark(c: &mut Canvas, cx: f32, cy: f32, seat: u8, s: f32, colour: Rgba<u8>) {
    let up = if seat == 1 { -1.0 } else { 1.0 };
    c.polygon(
        &[
            (cx, cy + up * s),
            (cx + s, cy - up * s * 0.8),
            (cx - s, cy - up * s * 0.8),
        ],
        colour,
        Some(colour),
    );
}

fn header(c: &mut Canvas, g: &Battlezone, view: &View) {
    let width = c.width() as f32 - 2.0 * MARGIN;
    let title = match g.outcome() {
        Some(o) if o.winners.len() == 1 => {
            format!("Battle Zone · {} wins", player_name(g, view, o.winners[0]))
        }
        Some(_) => "Battle Zone · drawn".to_string(),
        None => format!(
            "Battle Zone · turn {} · {} to play",
            g.turn() + 1,
            player_name(g, view, g.current_seat())
        ),
    };
    c.text(
        MARGIN,
        8.0,
        24.0,
        true,
        Align::Left,
        palette::INK,
        &fit(&title, 24.0, width),
    );
    let box_w = width / 2.0;
    for seat in 1..=2u8 {
        let x = MARGIN + (seat - 1) as f32 * box_w;
        let y = 42.0;
        let active = g.to_move() == Some(seat);
        if active {
            c.rect(x as i32, y as i32, (box_w - 8.0) as u32, 70, palette::WHITE);
            c.frame(
                x as i32,
                y as i32,
                (box_w - 8.0) as u32,
                70,
                3,
                palette::INK,
            );
        }
        seat_mark(c, x + 20.0, y + 20.0, seat, 11.0, palette::INK);
        let line = if seat == 1 {
            "from rank 1"
        } else {
            "from rank 8"
        };
        let name = fit(&player_name(g, view, seat), 20.0, box_w - 130.0);
        c.text(
            x + 38.0,
            y + 8.0,
            20.0,
            true,
            Align::Left,
            palette::INK,
            &name,
        );
        c.text(
            x + box_w - 18.0,
            y + 10.0,
            16.0,
            false,
            Align::Right,
            palette::MUTED,
            line,
        );
        // Exited colours: five slots, filled when that colour has exited.
        c.text(
            x + 10.0,
            y + 42.0,
            16.0,
            false,
            Align::Left,
            palette::MUTED,
            "exited",
        );
        let exited: Vec<Colour> = g.exited_colours(seat).collect();
        for (i, col) in Colour::ALL.into_iter().enumerate() {
            let sx = x + 70.0 + i as f32 * 34.0;
            let sy = y + 38.0;
            let letter = col.letter().to_string();
            if exited.contains(&col) {
                let f = colour_rgb(col);
                c.rect(sx as i32, sy as i32, 28, 26, f);
                c.frame(sx as i32, sy as i32, 28, 26, 2, palette::INK);
                c.text_centered(sx + 14.0, sy + 13.0, 17.0, true, ink_on(f), &letter);
            } else {
                c.frame(sx as i32, sy as i32, 28, 26, 1, palette::GRID);
                c.text_centered(sx + 14.0, sy + 13.0, 15.0, false, GREYED, &letter);
            }
        }
        let score = format!("{}/5", exited.len());
        c.text(
            x + box_w - 18.0,
            y + 38.0,
            24.0,
            true,
            Align::Right,
            palette::INK,
            &score,
        );
    }
}

/// Standard pip layout of a die face, in units of the face's side.
fn die_pips(v: u8) -> &'static [(f32, f32)] {
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

fn dice(c: &mut Canvas, g: &Battlezone, y: f32) {
    let label = if g.outcome().is_some() {
        "Last roll".to_string()
    } else {
        format!("{}'s dice", g.seat_label(g.current_seat()))
    };
    c.text(
        MARGIN,
        y + 8.0,
        20.0,
        true,
        Align::Left,
        palette::INK,
        &label,
    );
    let dice = g.dice();
    let used = g.dice_used();
    let side = 50.0;
    for i in 0..3 {
        let x = MARGIN + 160.0 + i as f32 * 96.0;
        let v = dice[i];
        let colour = Colour::from_die(v);
        let (face, ink) = match (used[i], colour) {
            (true, _) => (rgb(0xE4E0D8), GREYED),
            (false, Some(col)) => (colour_rgb(col), ink_on(colour_rgb(col))),
            (false, None) => (palette::WHITE, palette::INK),
        };
        c.rect(x as i32, y as i32 - 6, side as u32, side as u32, face);
        let edge = if used[i] { GREYED } else { palette::INK };
        c.frame(x as i32, y as i32 - 6, side as u32, side as u32, 2, edge);
        for (px, py) in die_pips(v) {
            c.disc(x + px * side, y - 6.0 + py * side, 4.5, ink);
        }
        let name = match colour {
            Some(col) => col.name(),
            None => "joker",
        };
        let text = if used[i] && g.outcome().is_none() {
            format!("{name} · used")
        } else {
            name.to_string()
        };
        c.text_centered(
            x + side / 2.0,
            y + side + 4.0,
            14.0,
            !used[i],
            if used[i] {
                palette::MUTED
            } else {
                palette::INK
            },
            &text,
        );
        if used[i] {
            c.thick_line(
                (x + 4.0, y - 2.0),
                (x + side - 4.0, y + side - 10.0),
                3.0,
                palette::MUTED,
            );
        }
    }
    let note = match (g.outcome(), g.transport_step()) {
        (Some(_), _) => "game over".to_string(),
        (None, Some(t)) => format!("transport from {}: {} left", t.square, t.left),
        (None, None) => {
            let left = g.dice_left();
            if left.is_empty() {
                String::new()
            } else {
                format!("{} to use", left.len())
            }
        }
    };
    let room = c.width() as f32 - MARGIN - (MARGIN + 160.0 + 3.0 * 96.0);
    c.text(
        c.width() as f32 - MARGIN,
        y + 10.0,
        17.0,
        true,
        Align::Right,
        palette::INK,
        &fit(&note, 17.0, room),
    );
}

fn supply(c: &mut Canvas, g: &Battlezone, y: f32) {
    c.text(MARGIN, y, 18.0, true, Align::Left, palette::INK, "Supply");
    c.text(
        MARGIN + 72.0,
        y + 2.0,
        15.0,
        false,
        Align::Left,
        palette::MUTED,
        "pyramids left by colour and size (small, medium, large)",
    );
    let col_w = (c.width() as f32 - 2.0 * MARGIN) / 5.0;
    for (i, col) in Colour::ALL.into_iter().enumerate() {
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
            palette::INK,
        );
        c.text_centered(
            x + (col_w - 10.0) / 2.0,
            top + 13.0,
            15.0,
            true,
            ink_on(f),
            &format!("{} {}", col.letter(), col.name()),
        );
        for (j, size) in Size::ALL.into_iter().enumerate() {
            let sx = x + 4.0 + j as f32 * (col_w - 10.0) / 3.0;
            let n = g.supply(col, size);
            let cell = 44.0;
            let p = Piece::new(col, size, None);
            if n > 0 {
                pyramid(c, sx + 12.0, top + 52.0, p, cell);
            } else {
                let r = extent(size) * cell;
                c.frame(
                    (sx + 12.0 - r) as i32,
                    (top + 52.0 - r) as i32,
                    (2.0 * r) as u32 + 1,
                    (2.0 * r) as u32 + 1,
                    1,
                    GREYED,
                );
            }
            let ink = if n == 0 { palette::MUTED } else { palette::INK };
            c.text_centered(sx + 12.0, top + 86.0, 17.0, n > 0, ink, &format!("{n}"));
        }
    }
}

fn footer(c: &mut Canvas, g: &Battlezone, view: &View, y: f32) {
    let (actions, now) = recent(g);
    let text = match actions.first() {
        Some(first) => {
            let list: Vec<String> = actions
                .iter()
                .enumerate()
                .map(|(k, a)| {
                    let exit = match a.mv {
                        Move::Move { .. } if a.squares[1].is_none() => " (exits)",
                        _ => "",
                    };
                    let n = if actions.len() > 1 {
                        format!("{} ", k + 1)
                    } else {
                        String::new()
                    };
                    format!("{n}{}{exit}", a.mv)
                })
                .collect();
            let when = if now && g.outcome().is_none() {
                "this turn"
            } else {
                "last turn"
            };
            format!(
                "{} {when}: {}",
                player_name(g, view, first.seat),
                list.join(" · ")
            )
        }
        None => "No action yet: the board starts empty".to_string(),
    };
    let width = c.width() as f32 - 2.0 * MARGIN;
    let lines = if g.outcome().is_some() { 1 } else { 2 };
    for (i, line) in wrap(&text, 19.0, width, lines).iter().enumerate() {
        c.text(
            MARGIN,
            y + 6.0 + 30.0 * i as f32,
            19.0,
            false,
            Align::Left,
            palette::INK,
            line,
        );
    }
    if let Some(o) = g.outcome() {
        c.text(
            MARGIN,
            y + 36.0,
            19.0,
            true,
            Align::Left,
            palette::INK,
            &fit(&o.reason, 19.0, width),
        );
    }
    legend(c, y + 84.0);
}

/// What the shapes mean, drawn with the same shapes.
fn legend(c: &mut Canvas, y: f32) {
    let m = palette::MUTED;
    let mut x = MARGIN + 10.0;
    let items: [(u8, &str); 3] = [(1, "South's"), (2, "North's"), (0, "upright: nobody's")];
    for (kind, label) in items {
        match kind {
            0 => c.frame(x as i32 - 8, y as i32 - 8, 17, 17, 2, m),
            seat => seat_mark(c, x, y, seat, 9.0, m),
        }
        x += 16.0;
        x += c.text(x, y - 10.0, 16.0, false, Align::Left, m, label) as f32 + 26.0;
    }
    let (hx, hy) = (x - 8.0, y - 10.0);
    c.frame(hx as i32, hy as i32, 20, 20, 1, m);
    c.line((hx + 4.0, hy + 20.0), (hx + 20.0, hy + 4.0), m);
    c.line((hx, hy + 12.0), (hx + 12.0, hy), m);
    c.text(
        hx + 28.0,
        y - 10.0,
        16.0,
        false,
        Align::Left,
        m,
        "last activation's range",
    );
}

/// Breaks `text` at spaces into at most `max` lines of `width` pixels, the last one shortened
/// with an ellipsis if need be.
fn wrap(text: &str, size: f32, width: f32, max: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut rest = text.trim();
    while !rest.is_empty() {
        if lines.len() + 1 == max || Canvas::text_width(size, true, rest) as f32 <= width {
            lines.push(fit(rest, size, width));
            break;
        }
        let cut = rest
            .char_indices()
            .filter(|&(i, ch)| {
                ch == ' ' && Canvas::text_width(size, true, &rest[..i]) as f32 <= width
            })
            .map(|(i, _)| i)
            .next_back()
            .unwrap_or(rest.len());
        lines.push(rest[..cut].to_string());
        rest = rest[cut..].trim_start();
    }
    lines
}

/// Shortens `text` with an ellipsis until it fits `width` pixels.
fn fit(text: &str, size: f32, width: f32) -> String {
    if Canvas::text_width(size, true, text) as f32 <= width {
        return text.to_string();
    }
    let mut s: String = text.to_string();
    while !s.is_empty() && Canvas::text_width(size, true, &(s.clone() + "…")) as f32 > width {
        s.pop();
    }
    s + "…"
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{AnyGame, GameKind, Setup};

    /// The reference pictures of `renders/battlezone.txt`: name, seed, turn limit, history.
    pub(crate) const SAMPLES: &[(&str, u64, u32, &str)] = &[
        ("battlezone-opening", 0, 0, ""),
        (
            "battlezone-transport",
            3,
            0,
            "place a1 yellow; move a1 ne; upgrade b2; place f8 yellow; place c8 blue; \
             place g8 red; place h1 black; place c1 green; place a1 red; activate f8",
        ),
        (
            "battlezone-midgame",
            3,
            0,
            "place a1 yellow; move a1 ne; upgrade b2; place f8 yellow; place c8 blue; \
             place g8 red; place h1 black; place c1 green; place a1 red; activate f8; \
             transport g8 g7; move g7 e; move h7 w; place d1 black; upgrade d1; place g1 blue; \
             move c8 sw; upgrade g7; place c8 black; move c1 ne; move d2 e; move g1 w; \
             move b7 e; move g7 w; place e8 yellow; move e2 ne joker; move f3 nw; move h1 w; \
             place d8 red; activate c7",
        ),
        (
            "battlezone-turn-limit",
            3,
            4,
            "place a1 yellow; move a1 ne; upgrade b2; place f8 yellow; place c8 blue; \
             place g8 red; place h1 black; place c1 green; place a1 red; activate f8; \
             transport g8 g7; move g7 e; move h7 w",
        ),
    ];

    fn sample(seed: u64, limit: u32, history: &str) -> AnyGame {
        let options = if limit > 0 {
            vec![("turn_limit".to_string(), limit.to_string())]
        } else {
            vec![]
        };
        let setup = Setup {
            players: 2,
            seed,
            options: crate::engine::Options::parse(
                "Battle Zone",
                crate::engine::battlezone::OPTIONS,
                &options,
            )
            .unwrap(),
        };
        let moves: Vec<&str> = history
            .split(';')
            .map(str::trim)
            .filter(|m| !m.is_empty())
            .collect();
        AnyGame::replay(GameKind::Battlezone, &setup, &moves).unwrap()
    }

    #[test]
    fn pictures_are_small_and_fast() {
        let (_, seed, limit, hist) = SAMPLES[2];
        let g = sample(seed, limit, hist);
        let t = std::time::Instant::now();
        let png = crate::render::png(&g, &View::default());
        let elapsed = t.elapsed();
        assert!(png.len() < 200 * 1024, "{} bytes", png.len());
        let img = image::load_from_memory(&png).unwrap();
        assert!((700..=900).contains(&img.width()));
        assert!(elapsed.as_millis() < 500, "{elapsed:?}");
    }

    /// `renders/battlezone.txt` draws the same positions as [`SAMPLES`].
    #[test]
    fn reference_list_matches_the_samples() {
        let text = include_str!("../../renders/battlezone.txt");
        let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        assert_eq!(lines.len(), SAMPLES.len());
        for (line, (name, seed, limit, hist)) in lines.iter().zip(SAMPLES) {
            let (n, args) = line.split_once(": ").unwrap();
            assert_eq!(n, *name);
            assert!(
                args.starts_with(&format!("battlezone --seed {seed}")),
                "{line}"
            );
            assert_eq!(
                args.contains(&format!("turn_limit={limit}")),
                *limit > 0,
                "{line}"
            );
            let history = args
                .split_once("--history ")
                .map_or("", |(_, h)| h.trim_matches('"'));
            let squash = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
            assert_eq!(squash(history), squash(hist), "{line}");
            sample(*seed, *limit, hist);
        }
    }

    #[test]
    #[ignore]
    fn write_samples() {
        let names = View {
            names: vec!["alice".into(), "bob".into()],
        };
        for (name, seed, limit, hist) in SAMPLES {
            let g = sample(*seed, *limit, hist);
            std::fs::write(format!("/tmp/{name}.png"), crate::render::png(&g, &names)).unwrap();
        }
    }
}
