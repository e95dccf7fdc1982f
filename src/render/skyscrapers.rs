//! The Sky Scrapers board: the hexagon of 42 triangles with every vertex named, a header with
//! each player's skyscraper count and tallest stack, and the last move's path.
//!
//! Nothing relies on hue alone: Green stacks are dark with white digits, White stacks light
//! with black digits; every stack shows its height as a number and, beside it, a strip with one
//! band per pawn, bottom to top; skyscrapers (4 or more) are hexagonal towers instead of discs.

use super::canvas::{regular, Align, Canvas};
use super::fit::ellipsis;
use super::palette::{self, darker, ink_on};
use super::panel::{title, Lines, SeatBox, SeatRow};
use super::view::View;
use crate::engine::skyscrapers::{Move, Skyscrapers, Stack, Vertex, SKYSCRAPER};
use crate::engine::Game;
use crate::tr;
use image::Rgba;

const WIDTH: f32 = 840.0;
/// Triangle side in pixels.
const SIDE: f32 = 124.0;
const HEADER: f32 = 150.0;
const FOOTER: f32 = 62.0;
/// Space between the header and row 7 (stacks and their strips reach above the vertex).
const TOP_GAP: f32 = 74.0;
/// How far the board's tray extends beyond the outer lines.
const TRAY: f32 = 62.0;
const DISC: f32 = 28.0;
const TOWER: f32 = 36.0;
const STRIP_W: f32 = 14.0;
const STRIP_H: f32 = 60.0;

const GREEN: Rgba<u8> = palette::SEATS[2].0;
const WHITE_PAWN: Rgba<u8> = palette::WHITE;

fn seat_fill(seat: u8) -> Rgba<u8> {
    if seat == 1 {
        GREEN
    } else {
        WHITE_PAWN
    }
}

fn row_height() -> f32 {
    SIDE * 3f32.sqrt() / 2.0
}

/// Pixel position of a vertex: row 7 at the top, doubled X scaled to half a side.
fn point(v: Vertex) -> (f32, f32) {
    (
        WIDTH / 2.0 + v.x2() as f32 * SIDE / 2.0,
        HEADER + TOP_GAP + (6 - v.row()) as f32 * row_height(),
    )
}

pub fn draw(g: &Skyscrapers, view: &View) -> Canvas {
    let h = HEADER + TOP_GAP + 6.0 * row_height() + TRAY + 12.0 + FOOTER;
    let mut c = Canvas::themed(WIDTH as u32, h as u32, view);
    header(&mut c, g, view);
    board(&mut c);
    if let Some(mv) = g.last_move() {
        last_move_under(&mut c, g, mv);
    }
    for v in Vertex::all() {
        let s = g.stack(v);
        if s.height == 0 {
            let (x, y) = point(v);
            c.disc(x, y, 6.0, c.pal.grid);
        }
    }
    if let Some(mv) = g.last_move() {
        last_move_over(&mut c, g, mv);
    }
    for v in Vertex::all() {
        let s = g.stack(v);
        if s.height > 0 {
            stack(&mut c, v, s);
        }
    }
    // Names last: the last move's ring must not hide them.
    for v in Vertex::all() {
        label(&mut c, v);
    }
    footer(&mut c, view, h - FOOTER);
    c
}

fn board(c: &mut Canvas) {
    let corners = ["a1", "c1", "f4", "c7", "a7", "a4"].map(|n| {
        let v = Vertex::parse(n).expect("corner names are vertices");
        let (x, y) = point(v);
        // Offset every side outward by TRAY: the corner moves TRAY / sin 60 along its
        // bisector (every interior angle is 120 degrees), so outer names sit on the board.
        let (cx, cy) = (WIDTH / 2.0, HEADER + TOP_GAP + 3.0 * row_height());
        let (dx, dy) = (x - cx, y - cy);
        let len = (dx * dx + dy * dy).sqrt();
        let k = TRAY / (std::f32::consts::PI / 3.0).sin();
        (x + dx / len * k, y + dy / len * k)
    });
    c.polygon(&corners, c.pal.light_square, Some(c.pal.grid));
    for v in Vertex::all() {
        for d in [
            crate::engine::skyscrapers::HexDir::E,
            crate::engine::skyscrapers::HexDir::Ne,
            crate::engine::skyscrapers::HexDir::Nw,
        ] {
            if let Some(n) = v.step(d) {
                // Bars, not anti-aliased lines: the board's 71 lines stay crisp, the PNG small.
                c.bar(point(v), point(n), 3.0, c.pal.grid);
            }
        }
    }
}

/// The vertex name just below the vertex, where no edge runs.
fn label(c: &mut Canvas, v: Vertex) {
    let (x, y) = point(v);
    let name = v.to_string();
    let w = Canvas::text_width(19.0, true, &name) as f32;
    let top = y + TOWER + 2.0;
    c.rect(
        (x - w / 2.0 - 3.0) as i32,
        top as i32 - 1,
        (w + 6.0) as u32,
        22,
        c.pal.light_square,
    );
    c.text(x, top, 19.0, true, Align::Center, c.pal.ink, &name);
}

fn last_move_under(c: &mut Canvas, g: &Skyscrapers, mv: Move) {
    if let Move::Move { from, to } = mv {
        let a = point(from);
        let b = point(to);
        c.thick_line(a, b, 9.0, c.pal.highlight_fill);
        c.thick_line(a, b, 4.0, c.pal.highlight);
        // Vertices jumped over get a tick so the step count reads off the picture.
        if let Some((d, k)) = from.line_to(to) {
            for i in 1..k {
                if let Some(p) = from.reach(d, i) {
                    if g.height(p) == 0 {
                        let (x, y) = point(p);
                        c.disc(x, y, 9.0, c.pal.highlight);
                    }
                }
            }
        }
        let (x, y) = a;
        c.disc(x, y, 22.0, c.pal.highlight_fill);
        c.ring(x, y, 22.0, 5.0, c.pal.highlight);
    }
}

fn last_move_over(c: &mut Canvas, g: &Skyscrapers, mv: Move) {
    let v = match mv {
        Move::Place { vertex } => vertex,
        Move::Move { from, to } => {
            // An arrowhead on the path, just before the destination's stack.
            let (ax, ay) = point(from);
            let (bx, by) = point(to);
            let len = ((bx - ax).powi(2) + (by - ay).powi(2)).sqrt().max(1.0);
            let (ux, uy) = ((bx - ax) / len, (by - ay) / len);
            let tip = (bx - ux * (TOWER + 10.0), by - uy * (TOWER + 10.0));
            let back = (tip.0 - ux * 22.0, tip.1 - uy * 22.0);
            let (nx, ny) = (-uy * 12.0, ux * 12.0);
            c.polygon(
                &[tip, (back.0 + nx, back.1 + ny), (back.0 - nx, back.1 - ny)],
                c.pal.highlight,
                Some(c.pal.highlight),
            );
            to
        }
    };
    let (x, y) = point(v);
    let r = if g.height(v) >= SKYSCRAPER {
        TOWER + 9.0
    } else {
        DISC + 9.0
    };
    c.ring(x, y, r, 6.0, c.pal.highlight);
}

fn stack(c: &mut Canvas, v: Vertex, s: Stack) {
    let (x, y) = point(v);
    let owner = s.owner().unwrap_or(1);
    let fill = seat_fill(owner);
    let edge = c.pal.ink;
    let body_r = if s.height >= SKYSCRAPER {
        // A tower: hexagon with a double outline.
        let outer = regular(x, y, TOWER + 1.0, 6, 0.0);
        c.polygon(&outer, edge, Some(edge));
        let inner = regular(x, y, TOWER - 3.0, 6, 0.0);
        c.polygon(&inner, fill, Some(edge));
        let core = regular(x, y, TOWER - 8.0, 6, 0.0);
        c.polygon(&core, fill, Some(darker(fill, 0.55)));
        TOWER
    } else {
        c.disc(x, y, DISC + 2.0, edge);
        c.disc(x, y, DISC - 1.0, fill);
        DISC
    };
    let digits = s.height.to_string();
    let size = if s.height >= 10 { 26.0 } else { 32.0 };
    c.text_centered(x, y + 2.0, size, true, ink_on(fill), &digits);
    if s.height > 1 {
        strip(c, x + body_r + 4.0, y, s);
    }
}

/// One band per pawn, bottom to top, so mixed stacks show every layer.
fn strip(c: &mut Canvas, left: f32, cy: f32, s: Stack) {
    let top = cy - STRIP_H / 2.0;
    c.rect(
        left as i32 - 2,
        top as i32 - 2,
        STRIP_W as u32 + 4,
        STRIP_H as u32 + 4,
        c.pal.ink,
    );
    let band = STRIP_H / s.height as f32;
    for i in 0..s.height {
        let y1 = cy + STRIP_H / 2.0 - (i as f32 + 1.0) * band;
        let y0 = y1.round() as i32;
        let y_end = (y1 + band).round() as i32;
        let gap = if band >= 4.0 && i + 1 < s.height {
            1
        } else {
            0
        };
        c.rect(
            left as i32,
            y0 + gap,
            STRIP_W as u32,
            (y_end - y0 - gap).max(1) as u32,
            seat_fill(s.layer(i)),
        );
    }
}

// Sky Scrapers names seats by its own rule, kept so that its pictures stay as they were: a
// name is shown even when empty, and a player named as their colour is not labelled twice
// (`View::player` and `View::labelled`, which the other games use, do both).
fn player_name(g: &Skyscrapers, view: &View, seat: u8) -> String {
    view.name(seat)
        .map(str::to_string)
        .unwrap_or_else(|| view.say(&g.seat_label(seat)))
}

fn header(c: &mut Canvas, g: &Skyscrapers, view: &View) {
    let margin = 24.0;
    let width = WIDTH - 2.0 * margin;
    let (text, sub) = match g.outcome() {
        Some(o) => {
            let t = if o.winners.len() == 1 {
                let w = o.winners[0];
                tr!(view.lang, "board-wins", who = who(g, view, w))
            } else {
                tr!(view.lang, "board-draw")
            };
            (t, view.say(&o.reason))
        }
        None => {
            let seat = g.to_move().unwrap_or(1);
            let status: Vec<String> = g.status().iter().map(|m| view.say(m)).collect();
            (
                tr!(
                    view.lang,
                    "board-skyscrapers-title",
                    who = who(g, view, seat),
                    placing = if g.placing() { "yes" } else { "no" }
                ),
                status.join(" "),
            )
        }
    };
    title(c, margin, 8.0, 26.0, width, &text);
    if !sub.is_empty() {
        c.text(
            margin,
            40.0,
            17.0,
            false,
            Align::Left,
            c.pal.ink,
            &ellipsis(&sub, 17.0, false, width),
        );
    }
    let tally = g.tally();
    let row = SeatRow {
        left: margin,
        width,
        y: 68.0,
        gap: 10.0,
        height: 72,
        look: SeatBox {
            fill: palette::WHITE,
            frame: (4, c.pal.ink),
            idle: Some((1, c.pal.grid)),
        },
    };
    row.draw(c, 2, g.to_move(), |c, s| {
        let (x, y, seat) = (s.x, s.y, s.seat);
        let bw = s.share - row.gap;
        let fill = seat_fill(seat);
        c.disc(x + 34.0, y + 36.0, 23.0, c.pal.ink);
        c.disc(x + 34.0, y + 36.0, 20.0, fill);
        c.text_centered(
            x + 34.0,
            y + 37.0,
            20.0,
            true,
            ink_on(fill),
            &tr!(view.lang, "board-skyscrapers-initial", seat = seat),
        );
        let name = player_name(g, view, seat);
        c.text(
            x + 66.0,
            y + 8.0,
            21.0,
            true,
            Align::Left,
            c.pal.ink,
            &ellipsis(&name, 21.0, true, bw - 76.0),
        );
        let t = tally[seat as usize - 1];
        let line = if g.placing() {
            tr!(
                view.lang,
                "board-skyscrapers-placed",
                placed = g.placed(seat),
                pawns = g.pawns()
            )
        } else {
            tr!(
                view.lang,
                "board-skyscrapers-tally",
                n = t.skyscrapers,
                tallest = t.tallest
            )
        };
        c.text(
            x + 66.0,
            y + 40.0,
            19.0,
            false,
            Align::Left,
            c.pal.ink,
            &ellipsis(&line, 19.0, false, bw - 76.0),
        );
    });
}

fn footer(c: &mut Canvas, view: &View, y: f32) {
    let legend = [
        tr!(view.lang, "board-skyscrapers-legend-stacks"),
        tr!(view.lang, "board-skyscrapers-legend-owner"),
    ];
    let at = Lines {
        x: WIDTH / 2.0,
        y: y + 8.0,
        step: 24.0,
        size: 17.0,
        bold: false,
        align: Align::Center,
        colour: c.pal.ink,
    };
    at.draw(c, &legend);
}

/// `alice (Green)`, or the seat's label alone when it has no player's name.
fn who(g: &Skyscrapers, view: &View, seat: u8) -> String {
    let name = player_name(g, view, seat);
    let label = view.say(&g.seat_label(seat));
    if name == label {
        name
    } else {
        tr!(view.lang, "board-name-label", name = name, label = label)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{AnyGame, GameKind};
    use crate::render::tests::sample;

    /// Renders stay small enough for a chat reply (their speed is benchmarked, not tested).
    #[test]
    fn render_size() {
        let g = sample(
            GameKind::Skyscrapers,
            2,
            0,
            &[],
            "move d2 d3; move c4 c3; move c5 d4",
        );
        let png = super::super::png(&g, &View::default());
        assert!(png.len() < 200_000, "{} bytes", png.len());
    }

    /// Writes the rules' example 6 (the original's end position) to /tmp for a look:
    /// `cargo test --lib render::skyscrapers -- --ignored`. The reference pictures of
    /// `renders/` are drawn by `renders/regenerate.sh`.
    #[test]
    #[ignore]
    fn write_pictures() {
        let view = View {
            names: vec!["alice".into(), "bob".into()],
            ..Default::default()
        };
        let mut g = Skyscrapers::empty();
        for (n, l) in [
            ("c3", "WWGGWG"),
            ("a5", "GGWGW"),
            ("f4", "WGWG"),
            ("c4", "GWGWW"),
            ("a7", "GGWWW"),
            ("b7", "GWWG"),
            ("d5", "G"),
        ] {
            g.put(Vertex::parse(n).unwrap(), Stack::from_letters(l).unwrap());
        }
        g.begin(1);
        let png = super::super::png(&AnyGame::Skyscrapers(g), &view);
        std::fs::write("/tmp/skyscrapers-end.png", png).unwrap();
    }
}
