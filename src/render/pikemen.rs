//! The Pikemen board: an 8x8 grid with coordinates on every edge, a header with each seat's
//! name, colour and score, and the last move outlined.
//!
//! A pyramid is told apart without hue: upright ones are squares seen from above (with the
//! faces' diagonals), lying ones are triangles pointing along their facing; the three sizes
//! differ in length and carry 1-3 pips; every piece shows its seat number.

use super::canvas::{regular, Align, Canvas};
use super::palette::{self, darker, ink_on, seat_colour};
use super::View;
use crate::engine::board::{Orient, Size, Square};
use crate::engine::pikemen::{Move, Pikemen};
use crate::engine::Game;
use crate::tr;
use image::RgbaImage;

const CELL: f32 = 88.0;
const MARGIN: f32 = 34.0;
const HEADER: f32 = 118.0;
const FOOTER: f32 = 40.0;

pub fn draw(g: &Pikemen, view: &View) -> RgbaImage {
    let board = CELL * 8.0;
    let w = (board + MARGIN * 2.0) as u32;
    let h = (HEADER + board + MARGIN + FOOTER) as u32;
    let mut c = Canvas::new(w, h, palette::BACKGROUND);
    header(&mut c, g, view);
    let ox = MARGIN;
    let oy = HEADER;
    squares(&mut c, ox, oy);
    coordinates(&mut c, ox, oy);
    if let Some(mv) = g.last_move() {
        last_move(&mut c, ox, oy, mv);
    }
    for sq in Square::all(8, 8) {
        if let Some(p) = g.piece(sq) {
            let (cx, cy) = centre(ox, oy, sq);
            pyramid(&mut c, cx, cy, p.seat, p.size, p.orient);
        }
    }
    footer(&mut c, g, view, oy + board + MARGIN);
    c.img
}

fn centre(ox: f32, oy: f32, sq: Square) -> (f32, f32) {
    (
        ox + (sq.file() as f32 + 0.5) * CELL,
        oy + (7.0 - sq.rank() as f32 + 0.5) * CELL,
    )
}

fn squares(c: &mut Canvas, ox: f32, oy: f32) {
    for sq in Square::all(8, 8) {
        let x = ox + sq.file() as f32 * CELL;
        let y = oy + (7 - sq.rank()) as f32 * CELL;
        let colour = if (sq.file() + sq.rank()) % 2 == 0 {
            palette::DARK_SQUARE
        } else {
            palette::LIGHT_SQUARE
        };
        c.rect(x as i32, y as i32, CELL as u32, CELL as u32, colour);
    }
    c.frame(
        ox as i32 - 2,
        oy as i32 - 2,
        (CELL * 8.0) as u32 + 4,
        (CELL * 8.0) as u32 + 4,
        2,
        palette::GRID,
    );
}

fn coordinates(c: &mut Canvas, ox: f32, oy: f32) {
    let board = CELL * 8.0;
    for i in 0..8 {
        let file = ((b'a' + i as u8) as char).to_string();
        let rank = (8 - i).to_string();
        let x = ox + (i as f32 + 0.5) * CELL;
        let y = oy + (i as f32 + 0.5) * CELL;
        c.text_centered(
            x,
            oy - MARGIN / 2.0 + 2.0,
            22.0,
            true,
            palette::MUTED,
            &file,
        );
        c.text_centered(
            x,
            oy + board + MARGIN / 2.0,
            22.0,
            true,
            palette::MUTED,
            &file,
        );
        c.text_centered(ox - MARGIN / 2.0, y, 22.0, true, palette::MUTED, &rank);
        c.text_centered(
            ox + board + MARGIN / 2.0,
            y,
            22.0,
            true,
            palette::MUTED,
            &rank,
        );
    }
}

fn last_move(c: &mut Canvas, ox: f32, oy: f32, mv: Move) {
    let squares: Vec<Square> = match mv {
        Move::Turn { square, .. } => vec![square],
        Move::Charge { from, to, .. } => vec![from, to],
    };
    for (i, sq) in squares.iter().enumerate() {
        let x = ox + sq.file() as f32 * CELL;
        let y = oy + (7 - sq.rank()) as f32 * CELL;
        if i == 0 && squares.len() == 2 {
            c.shade(
                x as i32,
                y as i32,
                CELL as u32,
                CELL as u32,
                palette::HIGHLIGHT_FILL,
                0.55,
            );
        }
        c.frame(
            x as i32,
            y as i32,
            CELL as u32,
            CELL as u32,
            5,
            palette::HIGHLIGHT,
        );
    }
    if let Move::Charge { from, to, .. } = mv {
        let a = centre(ox, oy, from);
        let b = centre(ox, oy, to);
        c.thick_line(a, b, 4.0, palette::HIGHLIGHT);
    }
}

/// Half-length of a piece's body by size, as a fraction of a cell.
fn extent(size: Size) -> f32 {
    match size {
        Size::Small => 0.25,
        Size::Medium => 0.33,
        Size::Large => 0.42,
    }
}

fn pyramid(c: &mut Canvas, cx: f32, cy: f32, seat: u8, size: Size, orient: Orient) {
    let fill = seat_colour(seat);
    let edge = darker(fill, 0.45);
    let ink = ink_on(fill);
    let r = extent(size) * CELL;
    match orient {
        Orient::Up => {
            let pts = [
                (cx - r, cy - r),
                (cx + r, cy - r),
                (cx + r, cy + r),
                (cx - r, cy + r),
            ];
            c.polygon(&pts, fill, Some(edge));
            c.polygon(
                &[
                    (cx - r + 1.0, cy - r + 1.0),
                    (cx + r - 1.0, cy - r + 1.0),
                    (cx, cy),
                ],
                darker(fill, 0.88),
                None,
            );
            c.polygon(
                &[
                    (cx - r + 1.0, cy + r - 1.0),
                    (cx + r - 1.0, cy + r - 1.0),
                    (cx, cy),
                ],
                darker(fill, 0.78),
                None,
            );
            c.line((cx - r, cy - r), (cx + r, cy + r), edge);
            c.line((cx + r, cy - r), (cx - r, cy + r), edge);
            c.frame(
                (cx - r) as i32,
                (cy - r) as i32,
                (2.0 * r) as u32 + 1,
                (2.0 * r) as u32 + 1,
                2,
                edge,
            );
            pips(c, cx, cy + r * 0.55, size, ink, 0.0);
            seat_number(c, cx, cy - r * 0.12, seat, size, ink, fill);
        }
        Orient::Lying(d) => {
            // Apex toward the facing; the base is wide enough to read the seat number.
            let a = d.degrees().to_radians();
            let (ux, uy) = (a.sin(), -a.cos());
            let (px, py) = (-uy, ux);
            let len = r * 2.0 + 10.0;
            let half_base = r * 0.9 + 3.0;
            let back = (cx - ux * len * 0.42, cy - uy * len * 0.42);
            let apex = (cx + ux * len * 0.58, cy + uy * len * 0.58);
            let pts = [
                apex,
                (back.0 + px * half_base, back.1 + py * half_base),
                (back.0 - px * half_base, back.1 - py * half_base),
            ];
            c.polygon(&pts, fill, Some(edge));
            c.thick_line(
                (back.0 + px * half_base, back.1 + py * half_base),
                (back.0 - px * half_base, back.1 - py * half_base),
                4.0,
                edge,
            );
            let at = (len * 0.4).max(25.0);
            let mid = (back.0 + ux * at, back.1 + uy * at);
            seat_number(c, mid.0, mid.1, seat, size, ink, fill);
            let pip_at = (back.0 + ux * 9.0, back.1 + uy * 9.0);
            pips(c, pip_at.0, pip_at.1, size, ink, a);
        }
    }
}

/// 1-3 dots in a row across the piece (rotated with it when lying).
fn pips(c: &mut Canvas, cx: f32, cy: f32, size: Size, colour: image::Rgba<u8>, angle: f32) {
    let n = size.pips() as i32;
    let gap = if angle == 0.0 { 8.0 } else { 6.5 };
    let (px, py) = (angle.cos(), angle.sin());
    for i in 0..n {
        let off = (i as f32 - (n - 1) as f32 / 2.0) * gap;
        let pts = regular(cx + px * off, cy + py * off, 2.6, 8, 0.0);
        c.polygon(&pts, colour, Some(colour));
    }
}

fn seat_number(
    c: &mut Canvas,
    cx: f32,
    cy: f32,
    seat: u8,
    size: Size,
    ink: image::Rgba<u8>,
    _fill: image::Rgba<u8>,
) {
    let font = match size {
        Size::Small => 15.0,
        Size::Medium => 18.0,
        Size::Large => 21.0,
    };
    c.text_centered(cx, cy, font, true, ink, &seat.to_string());
}

fn header(c: &mut Canvas, g: &Pikemen, view: &View) {
    let players = g.players();
    let width = c.width() as f32 - 2.0 * MARGIN;
    let title = match g.outcome() {
        Some(o) => {
            let names: Vec<String> = o.winners.iter().map(|&s| player_name(g, view, s)).collect();
            tr!(
                view.lang,
                "board-pikemen-won",
                names = names.join(" & "),
                count = names.len(),
                reason = o.reason.clone()
            )
        }
        None => tr!(
            view.lang,
            "board-pikemen-title",
            target = g.target(),
            name = player_name(g, view, g.to_move().unwrap_or(1))
        ),
    };
    c.text(
        MARGIN,
        10.0,
        24.0,
        true,
        Align::Left,
        palette::INK,
        &fit(&title, 24.0, width),
    );
    let box_w = width / players as f32;
    for seat in 1..=players {
        let x = MARGIN + (seat - 1) as f32 * box_w;
        let y = 46.0;
        let to_move = g.to_move() == Some(seat);
        if to_move {
            c.rect(x as i32, y as i32, (box_w - 8.0) as u32, 44, palette::WHITE);
            c.frame(
                x as i32,
                y as i32,
                (box_w - 8.0) as u32,
                44,
                3,
                palette::INK,
            );
        }
        let colour = seat_colour(seat);
        c.rect(x as i32 + 8, y as i32 + 8, 28, 28, colour);
        c.frame(x as i32 + 8, y as i32 + 8, 28, 28, 2, darker(colour, 0.45));
        c.text_centered(
            x + 22.0,
            y + 22.0,
            17.0,
            true,
            ink_on(colour),
            &seat.to_string(),
        );
        let mut name = player_name(g, view, seat);
        if g.is_resigned(seat) {
            name = tr!(view.lang, "board-resigned", name = name);
        }
        let score = format!("{}", g.score(seat));
        let score_w = Canvas::text_width(24.0, true, &score) as f32;
        let name_room = box_w - 8.0 - 44.0 - score_w - 16.0;
        c.text(
            x + 44.0,
            y + 10.0,
            20.0,
            to_move,
            Align::Left,
            palette::INK,
            &fit(&name, 20.0, name_room),
        );
        c.text(
            x + box_w - 18.0,
            y + 8.0,
            24.0,
            true,
            Align::Right,
            palette::INK,
            &score,
        );
    }
}

fn footer(c: &mut Canvas, g: &Pikemen, view: &View, y: f32) {
    let text = match g.last_move() {
        Some(m) => tr!(view.lang, "board-last-move", mv = m.to_string()),
        None => tr!(view.lang, "board-pikemen-no-move"),
    };
    c.text(
        MARGIN,
        y + 4.0,
        20.0,
        false,
        Align::Left,
        palette::MUTED,
        &text,
    );
}

fn player_name(g: &Pikemen, view: &View, seat: u8) -> String {
    match view.name(seat) {
        Some(n) if !n.is_empty() => n.to_string(),
        _ => view.say(&g.seat_label(seat)),
    }
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
    use crate::engine::{AnyGame, GameKind};

    fn game(players: u8, history: &[&str]) -> AnyGame {
        let setup = crate::engine::Setup {
            players,
            ..Default::default()
        };
        AnyGame::replay(GameKind::Pikemen, &setup, history).unwrap()
    }

    /// A typical picture stays small enough for chat (issue: under 200 KB).
    #[test]
    fn pictures_are_small_pngs() {
        let g = game(
            2,
            &["turn g4 w", "turn c6 se", "move g4 c4", "move c6 e4 up"],
        );
        let png = crate::render::png(&g, &View::default());
        assert!(png.len() < 200 * 1024, "{} bytes", png.len());
        let img = image::load_from_memory(&png).unwrap();
        assert!(img.width() >= 700);
    }

    #[test]
    #[ignore]
    fn write_samples() {
        let names = View {
            names: vec!["alice".into(), "bob".into(), "carol".into(), "dave".into()],
            ..Default::default()
        };
        for (name, players, hist) in [
            ("opening2", 2, &[][..]),
            (
                "mid2",
                2,
                &[
                    "turn g4 w",
                    "turn c6 se",
                    "move g4 c4",
                    "move c6 e4 up",
                    "turn h3 nw",
                    "turn a6 e",
                    "move h3 d7 s",
                    "turn b5 ne",
                ][..],
            ),
            (
                "opening4",
                4,
                &["turn c7 se", "turn f7 sw", "turn f2 nw"][..],
            ),
        ] {
            let g = game(players, hist);
            std::fs::write(
                format!("/tmp/pikemen-{name}.png"),
                crate::render::png(&g, &names),
            )
            .unwrap();
        }
    }
}
