//! Sprawl boards: towers seen from above as nested squares (one per stacked piece, largest at
//! the bottom), branches as lying pyramids (triangles) pointing their way, each piece in its
//! owner's colour with the owner's letter; neutralized towers crossed out and their branches
//! washed out; the squares the player to move can spore to ringed; a side panel with every
//! player's stash and score; the last move framed.

mod text;

use crate::engine::board::{Dir, Size, Square};
use crate::engine::sprawl::{Cell, Move, Sprawl};
use crate::engine::Game;
use crate::render::board::{Coordinates, Grid};
use crate::render::canvas::{rgb, Align, Canvas};
use crate::render::palette::{self, darker, ink_on, seat_colour};
use crate::render::pyramid::{self, Snap, Upright};
use crate::render::view::View;
use image::Rgba;
use text::{header, legend, panel};

pub(super) const WIDTH: u32 = 900;
pub(super) const HEADER: f32 = 92.0;
pub(super) const LEFT: f32 = 40.0;
const PANEL_W: f32 = 290.0;
const NEUTRAL_WASH: Rgba<u8> = rgb(0x8A8A8A);

/// The letter drawn on every piece of a seat: the colour's initial in the picture's language.
pub(super) fn letter(lang: crate::i18n::Lang, seat: u8) -> String {
    crate::tr!(lang, "board-sprawl-letter", seat = seat)
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

pub fn draw(g: &Sprawl, view: &View) -> Canvas {
    let r = *g.rules();
    let (files, ranks) = (r.files, r.ranks);
    let board_w = WIDTH as f32 - LEFT - PANEL_W - 24.0;
    let cell = (board_w / files as f32).min(600.0 / ranks as f32).floor();
    let geo = Grid {
        left: LEFT,
        top: HEADER,
        cell,
        files,
        ranks,
    };
    let board_h = geo.height();
    let height = (HEADER + board_h + 36.0 + 62.0).max(HEADER + 80.0 * g.players() as f32 + 40.0);
    let mut c = Canvas::themed(WIDTH, height as u32, view);

    header(&mut c, g, view);

    // Board.
    c.rect(
        LEFT as i32,
        geo.top as i32,
        (cell * files as f32) as u32,
        board_h as u32,
        c.pal.light_square,
    );
    for sq in Square::all(files, ranks) {
        let (x, y) = geo.corner(sq);
        c.frame(
            x as i32,
            y as i32,
            cell as u32 + 1,
            cell as u32 + 1,
            1,
            c.pal.grid,
        );
    }
    c.frame(
        LEFT as i32 - 2,
        geo.top as i32 - 2,
        (cell * files as f32) as u32 + 5,
        board_h as u32 + 5,
        3,
        c.pal.ink,
    );
    geo.coordinates(
        &mut c,
        &Coordinates {
            above: None,
            below: Some(20.0),
            left: Some(LEFT / 2.0),
            right: None,
            size: (cell * 0.28).clamp(18.0, 26.0),
            colour: view.palette().ink,
        },
    );

    // Last move.
    if let Some(sq) = g.last_move().as_ref().and_then(move_square) {
        let (x, y) = geo.corner(sq);
        c.rect(
            x as i32 + 1,
            y as i32 + 1,
            cell as u32 - 1,
            cell as u32 - 1,
            c.pal.highlight_fill,
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
            c.ring(cx, cy, rad + 3.0, 3.0, c.pal.ink);
            c.ring(cx, cy, rad, 5.0, col);
            c.disc(cx, cy, cell * 0.09, col);
            c.ring(cx, cy, cell * 0.09, 1.5, c.pal.ink);
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
                    Upright {
                        fill: col,
                        outline: None,
                        faces: false,
                        diagonals: darker(col, 0.65),
                        frame: c.pal.ink,
                        snap: Snap::Nearest,
                    }
                    .draw(&mut c, cx, cy, half);
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
                    c.ring(cx, cy, inner * 0.62, 2.0, c.pal.ink);
                }
                c.text_centered(
                    cx,
                    cy,
                    (inner * 1.1).clamp(14.0, 34.0),
                    true,
                    ink_on(col),
                    &letter(view.lang, top.seat),
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
                    c.pal.ink,
                );
                c.text(bx + 3.5, by + 1.0, fs, true, Align::Left, c.pal.ink, &label);
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
                pyramid::lying(
                    &mut c,
                    pts[0],
                    [pts[1], pts[2]],
                    col,
                    view.palette().ink,
                    None,
                );
                let (lx, ly) = (
                    (pts[0].0 + pts[1].0 + pts[2].0) / 3.0,
                    (pts[0].1 + pts[1].1 + pts[2].1) / 3.0,
                );
                let fs = (cell * 0.13 * (1.0 + b.size.pips() as f32 * 0.25)).clamp(12.0, 26.0);
                c.text_centered(lx, ly, fs, true, ink_on(col), &letter(view.lang, b.seat));
                if dead {
                    let (x, y) = geo.corner(sq);
                    let fs = (cell * 0.17).clamp(12.0, 17.0);
                    c.text(x + 4.0, y + 3.0, fs, true, Align::Left, c.pal.ink, "✕");
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
            c.pal.highlight,
        );
    }

    legend(&mut c, g, view, geo.top + board_h + 40.0);
    panel(&mut c, g, view, LEFT + cell * files as f32 + 24.0);
    c
}

fn side(s: Size) -> f32 {
    match s {
        Size::Large => 0.82,
        Size::Medium => 0.60,
        Size::Small => 0.38,
    }
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
    c.thick_line(a, b, cell * 0.05, c.pal.ink);
    c.thick_line(a2, b2, cell * 0.05, c.pal.ink);
}

#[cfg(test)]
mod tests;
