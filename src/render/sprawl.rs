//! Sprawl boards: towers seen from above as nested squares (one per stacked piece, largest at
//! the bottom), branches as lying pyramids (triangles) pointing their way, each piece in its
//! owner's colour with the owner's letter; neutralized towers crossed out and their branches
//! washed out; the squares the player to move can spore to ringed; a side panel with every
//! player's stash and score; the last move framed.

use super::canvas::{rgb, Align, Canvas};
use super::palette::{self, darker, ink_on, seat_colour};
use super::View;
use crate::engine::board::{Dir, Size, Square};
use crate::engine::sprawl::{Cell, Move, Sprawl, SEAT_COLOURS};
use crate::engine::Game;
use image::{Rgba, RgbaImage};

const WIDTH: u32 = 900;
const HEADER: f32 = 92.0;
const LEFT: f32 = 40.0;
const PANEL_W: f32 = 290.0;
const NEUTRAL_WASH: Rgba<u8> = rgb(0x8A8A8A);

/// The letter drawn on every piece of a seat (colour names' initials; Grey is K as in blacK).
pub const SEAT_LETTERS: [char; 8] = ['O', 'B', 'G', 'P', 'Y', 'S', 'V', 'K'];

fn letter(seat: u8) -> String {
    SEAT_LETTERS[seat as usize - 1].to_string()
}

fn name(g: &Sprawl, view: &View, seat: u8) -> String {
    match view.name(seat) {
        Some(n) if !n.is_empty() => n.to_string(),
        _ => g.seat_label(seat),
    }
}

struct Geo {
    cell: f32,
    top: f32,
    ranks: u8,
}

impl Geo {
    /// Top-left corner of a square.
    fn corner(&self, sq: Square) -> (f32, f32) {
        (
            LEFT + sq.file() as f32 * self.cell,
            self.top + (self.ranks - 1 - sq.rank()) as f32 * self.cell,
        )
    }
    fn centre(&self, sq: Square) -> (f32, f32) {
        let (x, y) = self.corner(sq);
        (x + self.cell / 2.0, y + self.cell / 2.0)
    }
}

fn move_square(m: &Move) -> Option<Square> {
    match *m {
        Move::Tower { square, .. }
        | Move::Build { square, .. }
        | Move::Branch { square, .. }
        | Move::Spore { square, .. } => Some(square),
        _ => None,
    }
}

pub fn draw(g: &Sprawl, view: &View) -> RgbaImage {
    let r = *g.rules();
    let (files, ranks) = (r.files, r.ranks);
    let board_w = WIDTH as f32 - LEFT - PANEL_W - 24.0;
    let cell = (board_w / files as f32).min(600.0 / ranks as f32).floor();
    let geo = Geo {
        cell,
        top: HEADER,
        ranks,
    };
    let board_h = cell * ranks as f32;
    let height = (HEADER + board_h + 36.0 + 62.0).max(HEADER + 80.0 * g.players() as f32 + 40.0);
    let mut c = Canvas::new(WIDTH, height as u32, palette::BACKGROUND);

    header(&mut c, g, view);

    // Board.
    c.rect(
        LEFT as i32,
        geo.top as i32,
        (cell * files as f32) as u32,
        board_h as u32,
        palette::LIGHT_SQUARE,
    );
    for sq in Square::all(files, ranks) {
        let (x, y) = geo.corner(sq);
        c.frame(
            x as i32,
            y as i32,
            cell as u32 + 1,
            cell as u32 + 1,
            1,
            palette::GRID,
        );
    }
    c.frame(
        LEFT as i32 - 2,
        geo.top as i32 - 2,
        (cell * files as f32) as u32 + 5,
        board_h as u32 + 5,
        3,
        palette::INK,
    );
    let coord = (cell * 0.28).clamp(18.0, 26.0);
    for f in 0..files {
        let x = LEFT + (f as f32 + 0.5) * cell;
        c.text_centered(
            x,
            geo.top + board_h + 20.0,
            coord,
            true,
            palette::INK,
            &((b'a' + f) as char).to_string(),
        );
    }
    for rk in 0..ranks {
        let y = geo.top + (ranks - 1 - rk) as f32 * cell + cell / 2.0;
        c.text_centered(
            LEFT / 2.0,
            y,
            coord,
            true,
            palette::INK,
            &(rk + 1).to_string(),
        );
    }

    // Last move.
    if let Some(sq) = g.last_move().as_ref().and_then(move_square) {
        let (x, y) = geo.corner(sq);
        c.rect(
            x as i32 + 1,
            y as i32 + 1,
            cell as u32 - 1,
            cell as u32 - 1,
            palette::HIGHLIGHT_FILL,
        );
    }

    // Spore squares of the player to move.
    // While a challenge awaits its answer nobody may spore: no rings then.
    let pending = g.window().is_some_and(|w| w.challenger.is_some());
    let mover = g.to_move().filter(|_| !pending);
    if let Some(m) = mover {
        let col = seat_colour(m);
        for q in g.spore_targets(m) {
            let (cx, cy) = geo.centre(q);
            let rad = cell * 0.3;
            c.ring(cx, cy, rad + 3.0, 3.0, palette::INK);
            c.ring(cx, cy, rad, 5.0, col);
            c.disc(cx, cy, cell * 0.09, col);
            c.ring(cx, cy, cell * 0.09, 1.5, palette::INK);
        }
    }

    let nm = g.neutral_mask();
    for sq in Square::all(files, ranks) {
        match g.pos().cell(sq) {
            Cell::Tower(t) => {
                let (cx, cy) = geo.centre(sq);
                for p in t.stack() {
                    let half = cell * side(p.size) / 2.0;
                    let col = seat_colour(p.seat);
                    // Seen from above: a square with the pyramid's edges to its apex.
                    c.polygon(&square_pts(cx, cy, half), col, None);
                    let dk = darker(col, 0.65);
                    c.line((cx - half, cy - half), (cx + half, cy + half), dk);
                    c.line((cx - half, cy + half), (cx + half, cy - half), dk);
                    let (x0, y0) = (cx - half, cy - half);
                    c.frame(
                        x0.round() as i32,
                        y0.round() as i32,
                        (2.0 * half).round() as u32,
                        (2.0 * half).round() as u32,
                        2,
                        palette::INK,
                    );
                }
                let (x, y) = geo.corner(sq);
                let dead = nm & (1u64 << sq.index()) != 0;
                if dead {
                    neutral_mark(&mut c, x, y, cell);
                }
                let top = t.top();
                let inner = cell * side(top.size) / 2.0;
                let col = seat_colour(top.seat);
                if dead {
                    c.disc(cx, cy, inner * 0.62, col);
                    c.ring(cx, cy, inner * 0.62, 2.0, palette::INK);
                }
                c.text_centered(
                    cx,
                    cy,
                    (inner * 1.1).clamp(14.0, 34.0),
                    true,
                    ink_on(col),
                    &letter(top.seat),
                );
                // Sizes bottom to top, for readers who cannot compare the squares.
                let label: String = t
                    .stack()
                    .iter()
                    .map(|p| char::from(b'0' + p.size.pips()))
                    .collect();
                let fs = (cell * 0.17).clamp(12.0, 17.0);
                let tw = Canvas::text_width(fs, true, &label) as f32;
                let (bx, by) = (x + cell - tw - 9.0, y + cell - fs - 8.0);
                c.rect(
                    bx as i32,
                    by as i32,
                    tw as u32 + 7,
                    fs as u32 + 5,
                    palette::WHITE,
                );
                c.frame(
                    bx as i32,
                    by as i32,
                    tw as u32 + 7,
                    fs as u32 + 5,
                    1,
                    palette::INK,
                );
                c.text(
                    bx + 3.5,
                    by + 1.0,
                    fs,
                    true,
                    Align::Left,
                    palette::INK,
                    &label,
                );
            }
            Cell::Branch(b) => {
                let (cx, cy) = geo.centre(sq);
                let dead = nm & (1u64 << b.root.index()) != 0;
                let col = if dead {
                    blend(seat_colour(b.seat), NEUTRAL_WASH, 0.55)
                } else {
                    seat_colour(b.seat)
                };
                let pts = lying(cx, cy, cell, b.size, b.dir);
                c.polygon(&pts, col, Some(palette::INK));
                let (lx, ly) = (
                    (pts[0].0 + pts[1].0 + pts[2].0) / 3.0,
                    (pts[0].1 + pts[1].1 + pts[2].1) / 3.0,
                );
                let fs = (cell * 0.13 * (1.0 + b.size.pips() as f32 * 0.25)).clamp(12.0, 26.0);
                c.text_centered(lx, ly, fs, true, ink_on(col), &letter(b.seat));
                if dead {
                    let (x, y) = geo.corner(sq);
                    let fs = (cell * 0.17).clamp(12.0, 17.0);
                    c.text(x + 4.0, y + 3.0, fs, true, Align::Left, palette::INK, "✕");
                }
            }
            Cell::Empty => {}
        }
    }

    // Last move frame on top of the pieces.
    if let Some(sq) = g.last_move().as_ref().and_then(move_square) {
        let (x, y) = geo.corner(sq);
        c.frame(
            x as i32 - 1,
            y as i32 - 1,
            cell as u32 + 3,
            cell as u32 + 3,
            5,
            palette::HIGHLIGHT,
        );
    }

    legend(&mut c, g, view, geo.top + board_h + 40.0);
    panel(&mut c, g, view, LEFT + cell * files as f32 + 24.0);
    c.img
}

fn side(s: Size) -> f32 {
    match s {
        Size::Large => 0.82,
        Size::Medium => 0.60,
        Size::Small => 0.38,
    }
}

fn square_pts(cx: f32, cy: f32, h: f32) -> [(f32, f32); 4] {
    [
        (cx - h, cy - h),
        (cx + h, cy - h),
        (cx + h, cy + h),
        (cx - h, cy + h),
    ]
}

/// A lying pyramid on a square: apex toward `d`, length by size.
fn lying(cx: f32, cy: f32, cell: f32, size: Size, d: Dir) -> [(f32, f32); 3] {
    let (len, wid) = match size {
        Size::Large => (0.92, 0.62),
        Size::Medium => (0.72, 0.48),
        Size::Small => (0.52, 0.34),
    };
    let (dx, dy) = d.delta();
    let (ux, uy) = (dx as f32, -(dy as f32));
    let back = (cx - ux * cell * 0.46, cy - uy * cell * 0.46);
    let apex = (back.0 + ux * cell * len, back.1 + uy * cell * len);
    let (px, py) = (-uy, ux);
    let w = cell * wid / 2.0;
    [
        apex,
        (back.0 + px * w, back.1 + py * w),
        (back.0 - px * w, back.1 - py * w),
    ]
}

fn blend(a: Rgba<u8>, b: Rgba<u8>, t: f32) -> Rgba<u8> {
    let m = |x: u8, y: u8| (x as f32 * (1.0 - t) + y as f32 * t) as u8;
    Rgba([m(a[0], b[0]), m(a[1], b[1]), m(a[2], b[2]), 255])
}

/// A neutralized tower: grey wash and a bold cross, readable in greyscale.
fn neutral_mark(c: &mut Canvas, x: f32, y: f32, cell: f32) {
    c.shade(
        x as i32 + 2,
        y as i32 + 2,
        cell as u32 - 3,
        cell as u32 - 3,
        NEUTRAL_WASH,
        0.3,
    );
    let m = cell * 0.06;
    let (a, b) = ((x + m, y + m), (x + cell - m, y + cell - m));
    let (a2, b2) = ((x + m, y + cell - m), (x + cell - m, y + m));
    c.thick_line(a, b, cell * 0.09, palette::WHITE);
    c.thick_line(a2, b2, cell * 0.09, palette::WHITE);
    c.thick_line(a, b, cell * 0.05, palette::INK);
    c.thick_line(a2, b2, cell * 0.05, palette::INK);
}

fn swatch(c: &mut Canvas, x: f32, y: f32, s: f32, seat: u8) {
    let col = seat_colour(seat);
    c.rect(x as i32, y as i32, s as u32, s as u32, col);
    c.frame(x as i32, y as i32, s as u32, s as u32, 2, palette::INK);
    c.text_centered(
        x + s / 2.0,
        y + s / 2.0,
        s * 0.62,
        true,
        ink_on(col),
        &letter(seat),
    );
}

fn header(c: &mut Canvas, g: &Sprawl, view: &View) {
    let mut x = 16.0;
    x += c.text(x, 12.0, 30.0, true, Align::Left, palette::INK, "Sprawl") as f32 + 18.0;
    match g.outcome() {
        Some(o) => {
            let names: Vec<String> = o.winners.iter().map(|&s| name(g, view, s)).collect();
            let verb = if o.winners.len() > 1 {
                "share the win"
            } else {
                "wins"
            };
            for &s in &o.winners {
                swatch(c, x, 14.0, 30.0, s);
                x += 36.0;
            }
            c.text(
                x,
                16.0,
                24.0,
                true,
                Align::Left,
                palette::INK,
                &format!("{} {verb}", names.join(" and ")),
            );
        }
        None => {
            if let Some(m) = g.to_move() {
                swatch(c, x, 14.0, 30.0, m);
                x += 38.0;
                let what = match g.window() {
                    Some(w) if w.challenger.is_some() => "must answer a challenge",
                    _ => "to move",
                };
                c.text(
                    x,
                    16.0,
                    24.0,
                    true,
                    Align::Left,
                    palette::INK,
                    &format!("{} {what}", name(g, view, m)),
                );
            }
        }
    }
    let mut line = match g.last_move() {
        Some(m) => format!("Last: {m}"),
        None => "New game: each player places a starting tower".to_string(),
    };
    let status = g.status();
    if let Some(first) = status.lines().next() {
        line = format!("{line}  ·  {first}");
    }
    let mut size = 18.0;
    while size > 12.0 && Canvas::text_width(size, false, &line) as f32 > WIDTH as f32 - 32.0 {
        size -= 1.0;
    }
    c.text(16.0, 56.0, size, false, Align::Left, palette::INK, &line);
}

fn legend(c: &mut Canvas, g: &Sprawl, view: &View, y: f32) {
    let fs = 15.0;
    let mut lines = vec![
        "Nested squares: a tower, one square per piece (corner: sizes bottom-top, 3 = large)."
            .to_string(),
        "Triangles: branches pointing their way.  ✕: neutralized (its branches faded).".to_string(),
    ];
    let pending = g.window().is_some_and(|w| w.challenger.is_some());
    if let Some(m) = g.to_move().filter(|_| !pending) {
        lines.push(format!(
            "Rings: squares where {} can spore.  Framed: the last move.",
            name(g, view, m)
        ));
    }
    for (i, l) in lines.iter().enumerate() {
        c.text(
            LEFT - 24.0,
            y + i as f32 * (fs + 5.0),
            fs,
            false,
            Align::Left,
            palette::MUTED,
            l,
        );
    }
}

fn panel(c: &mut Canvas, g: &Sprawl, view: &View, x: f32) {
    let over = g.outcome().is_some();
    let places = g.places();
    let scores = g.scores();
    let w = WIDTH as f32 - x - 12.0;
    let mut y = HEADER - 2.0;
    c.text(
        x,
        y,
        17.0,
        true,
        Align::Left,
        palette::INK,
        if over {
            "Final scores (lowest wins)"
        } else {
            "Stash pips (lowest wins)"
        },
    );
    y += 26.0;
    let row = 78.0;
    for seat in 1..=g.players() {
        let to_move = g.to_move() == Some(seat);
        if to_move {
            c.rect(
                x as i32 - 6,
                y as i32 - 4,
                w as u32 + 6,
                row as u32 - 6,
                palette::HIGHLIGHT_FILL,
            );
        }
        c.frame(
            x as i32 - 6,
            y as i32 - 4,
            w as u32 + 6,
            row as u32 - 6,
            if to_move { 3 } else { 1 },
            if to_move {
                palette::HIGHLIGHT
            } else {
                palette::GRID
            },
        );
        swatch(c, x, y + 2.0, 34.0, seat);
        let mut nm = name(g, view, seat);
        let colour = SEAT_COLOURS[seat as usize - 1];
        if view.name(seat).is_some_and(|n| !n.is_empty()) {
            nm = format!("{nm} ({colour})");
        }
        let mut fs = 18.0;
        while fs > 12.0 && Canvas::text_width(fs, true, &nm) as f32 > w - 100.0 {
            fs -= 1.0;
        }
        c.text(x + 42.0, y + 2.0, fs, true, Align::Left, palette::INK, &nm);
        c.text(
            x + w - 10.0,
            y,
            28.0,
            true,
            Align::Right,
            palette::INK,
            &scores[seat as usize - 1].to_string(),
        );
        // Stash: L M S counts.
        let st = g.pos().stash[seat as usize - 1];
        let mut notes = format!("stash L{} M{} S{}", st[2], st[1], st[0]);
        let cards = g.cards(seat).len();
        if g.rules().counting_coup && cards > 0 {
            notes.push_str(&format!(
                " · {cards} card{}",
                if cards == 1 { "" } else { "s" }
            ));
        }
        if let Some(p) = places.as_ref() {
            notes.push_str(&format!(" · {}", ordinal(p[seat as usize - 1])));
        }
        if g.is_resigned(seat) {
            notes.push_str(" · resigned");
        } else if g.trigger() == Some(seat) && !over {
            notes.push_str(" · stuck");
        }
        c.text(
            x + 42.0,
            y + 28.0,
            15.0,
            false,
            Align::Left,
            palette::INK,
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
                    palette::MUTED,
                    &format!(
                        "neutralized {towers} tower{} ({pips} pips)",
                        if towers == 1 { "" } else { "s" }
                    ),
                );
            }
        }
        y += row;
    }
}

fn ordinal(n: u8) -> String {
    let suffix = match n {
        1 => "st",
        2 => "nd",
        3 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{AnyGame, GameKind};

    fn replay(players: u8, opts: &[(&str, &str)], moves: &[&str]) -> AnyGame {
        let pairs: Vec<(String, String)> = opts
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let mut g = AnyGame::create(GameKind::Sprawl, players, 0, &pairs).unwrap();
        for m in moves {
            g.play(m).unwrap();
        }
        g
    }

    /// Renders every line of `renders/sprawl.txt` (`NAME: sprawl ARGS`) to `/tmp/NAME.png` for a
    /// look (`cargo test --lib render::sprawl -- --ignored`); copy them to `renders/` when good.
    #[test]
    #[ignore]
    fn write_pictures() {
        for line in include_str!("../../renders/sprawl.txt").lines() {
            let Some((name, args)) = line.split_once(": ") else {
                continue;
            };
            let (players, opts, history) = parse_args(args);
            let opts: Vec<(&str, &str)> =
                opts.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
            let moves: Vec<&str> = history
                .split(';')
                .map(str::trim)
                .filter(|m| !m.is_empty())
                .collect();
            let g = replay(players, &opts, &moves);
            let t = std::time::Instant::now();
            let png = crate::render::png(&g, &View::default());
            eprintln!(
                "{name}: {} bytes in {:?}; moves {:?}",
                png.len(),
                t.elapsed(),
                g.legal_moves()
                    .iter()
                    .filter(|m| m.starts_with("challenge"))
                    .collect::<Vec<_>>()
            );
            std::fs::write(format!("/tmp/{name}.png"), png).unwrap();
        }
    }

    fn parse_args(args: &str) -> (u8, Vec<(String, String)>, String) {
        let mut players = 3;
        let mut opts = Vec::new();
        let mut history = String::new();
        let mut rest = args.trim_start_matches("sprawl").trim();
        while !rest.is_empty() {
            let (flag, after) = rest.split_once(' ').unwrap_or((rest, ""));
            let after = after.trim_start();
            let (value, next) = if let Some(q) = after.strip_prefix('"') {
                let end = q.find('"').unwrap();
                (&q[..end], &q[end + 1..])
            } else {
                after.split_once(' ').unwrap_or((after, ""))
            };
            match flag {
                "--players" => players = value.parse().unwrap(),
                "--option" => {
                    let (k, v) = value.split_once('=').unwrap();
                    opts.push((k.to_string(), v.to_string()));
                }
                "--history" => history = value.to_string(),
                _ => panic!("unknown flag {flag}"),
            }
            rest = next.trim();
        }
        (players, opts, history)
    }

    #[test]
    fn draws_every_board_size() {
        for p in [3u8, 5, 8] {
            let g = replay(p, &[], &[]);
            let img = crate::render::image(&g, &View::default());
            assert_eq!(img.width(), WIDTH);
        }
    }
}
