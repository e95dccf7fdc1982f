//! The Pikemen board: an 8x8 grid with coordinates on every edge, a header with each seat's
//! name, colour and score, and the last move outlined.
//!
//! A pyramid is told apart without hue: upright ones are squares seen from above (with the
//! faces' diagonals), lying ones are triangles pointing along their facing; the three sizes
//! differ in length and carry 1-3 pips; every piece shows its seat number.

use super::board::{Coordinates, Grid};
use super::canvas::{Align, Canvas};
use super::fit::ellipsis;
use super::palette::{darker, ink_on, seat_colour};
use super::panel::{title, SeatRow};
use super::pyramid::{self, Snap, Upright};
use super::view::View;
use crate::engine::board::{Orient, Size, Square};
use crate::engine::pikemen::{Move, Pikemen};
use crate::engine::Game;
use crate::tr;

const CELL: f32 = 88.0;
const MARGIN: f32 = 34.0;
const HEADER: f32 = 118.0;
const FOOTER: f32 = 40.0;

const GRID: Grid = Grid::eight(MARGIN, HEADER, CELL);

pub fn draw(g: &Pikemen, view: &View) -> Canvas {
    let board = CELL * 8.0;
    let w = (board + MARGIN * 2.0) as u32;
    let h = (HEADER + board + MARGIN + FOOTER) as u32;
    let mut c = Canvas::themed(w, h, view);
    header(&mut c, g, view);
    GRID.checker(&mut c);
    GRID.coordinates(
        &mut c,
        &Coordinates {
            above: Some(MARGIN / 2.0 - 2.0),
            below: Some(MARGIN / 2.0),
            left: Some(MARGIN / 2.0),
            right: Some(MARGIN / 2.0),
            size: 22.0,
            colour: view.palette().muted,
        },
    );
    if let Some(mv) = g.last_move() {
        let squares = match mv {
            Move::Turn { square, .. } => vec![square],
            Move::Charge { from, to, .. } => vec![from, to],
        };
        GRID.mark_move(&mut c, &squares, 5, 0.55);
    }
    for sq in Square::all(8, 8) {
        if let Some(p) = g.piece(sq) {
            let (cx, cy) = GRID.centre(sq);
            piece(&mut c, cx, cy, p.seat, p.size, p.orient);
        }
    }
    footer(&mut c, g, view, HEADER + board + MARGIN);
    c
}

/// Half-length of a piece's body by size, as a fraction of a cell.
fn extent(size: Size) -> f32 {
    match size {
        Size::Small => 0.25,
        Size::Medium => 0.33,
        Size::Large => 0.42,
    }
}

fn piece(c: &mut Canvas, cx: f32, cy: f32, seat: u8, size: Size, orient: Orient) {
    let fill = seat_colour(seat);
    let edge = darker(fill, 0.45);
    let ink = ink_on(fill);
    let r = extent(size) * CELL;
    match orient {
        Orient::Up => {
            Upright {
                fill,
                outline: Some(edge),
                faces: true,
                diagonals: edge,
                frame: edge,
                snap: Snap::Cover,
            }
            .draw(c, cx, cy, r);
            pyramid::pips(c, cx, cy + r * 0.55, size.pips(), 8.0, 2.6, 0.0, ink);
            seat_number(c, cx, cy - r * 0.12, seat, size, ink);
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
            let base = [
                (back.0 + px * half_base, back.1 + py * half_base),
                (back.0 - px * half_base, back.1 - py * half_base),
            ];
            pyramid::lying(c, apex, base, fill, edge, Some(4.0));
            let at = (len * 0.4).max(25.0);
            let mid = (back.0 + ux * at, back.1 + uy * at);
            seat_number(c, mid.0, mid.1, seat, size, ink);
            let pip_at = (back.0 + ux * 9.0, back.1 + uy * 9.0);
            // Pips closer together across a turned piece; one facing north lies straight.
            let gap = if a == 0.0 { 8.0 } else { 6.5 };
            pyramid::pips(c, pip_at.0, pip_at.1, size.pips(), gap, 2.6, a, ink);
        }
    }
}

fn seat_number(c: &mut Canvas, cx: f32, cy: f32, seat: u8, size: Size, ink: image::Rgba<u8>) {
    let font = match size {
        Size::Small => 15.0,
        Size::Medium => 18.0,
        Size::Large => 21.0,
    };
    c.text_centered(cx, cy, font, true, ink, &seat.to_string());
}

fn header(c: &mut Canvas, g: &Pikemen, view: &View) {
    let width = c.width() as f32 - 2.0 * MARGIN;
    let player = |seat| view.player(seat, g.seat_label(seat));
    let text = match g.outcome() {
        Some(o) => {
            let names: Vec<String> = o.winners.iter().map(|&s| player(s)).collect();
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
            name = player(g.to_move().unwrap_or(1))
        ),
    };
    title(c, MARGIN, 10.0, 24.0, width, &text);
    SeatRow::white(c.pal, MARGIN, width, 46.0, 44).draw(c, g.players(), g.to_move(), |c, s| {
        let (x, y, seat) = (s.x, s.y, s.seat);
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
        let mut name = player(seat);
        if g.is_resigned(seat) {
            name = tr!(view.lang, "board-resigned", name = name);
        }
        let score = format!("{}", g.score(seat));
        let score_w = Canvas::text_width(24.0, true, &score) as f32;
        let name_room = s.share - 8.0 - 44.0 - score_w - 16.0;
        c.text(
            x + 44.0,
            y + 10.0,
            20.0,
            s.to_move,
            Align::Left,
            c.pal.ink,
            &ellipsis(&name, 20.0, true, name_room),
        );
        c.text(
            x + s.share - 18.0,
            y + 8.0,
            24.0,
            true,
            Align::Right,
            c.pal.ink,
            &score,
        );
    });
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
        c.pal.muted,
        &text,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::GameKind;
    use crate::render::tests::sample;

    /// A typical picture stays small enough for chat (issue: under 200 KB).
    #[test]
    fn pictures_are_small_pngs() {
        let history = "turn g4 w; turn c6 se; move g4 c4; move c6 e4 up";
        let g = sample(GameKind::Pikemen, 2, 0, &[], history);
        let png = crate::render::png(&g, &View::default());
        assert!(png.len() < 200 * 1024, "{} bytes", png.len());
        let img = image::load_from_memory(&png).unwrap();
        assert!(img.width() >= 700);
    }
}
