//! Sprawl boards, drawn to be read on a phone (issue 26): 520 pixels wide, so that Discord's
//! phone app, which shows a picture 400 wide, keeps every word at least 10 pixels tall.
//!
//! Files: `pieces` (towers as nested squares with their sizes written top first, branches as
//! lying pyramids) and `text` (the header, one line per seat under the board, the legend);
//! this file lays the board out and marks the last move and what it neutralized.
//!
//! Sprawl has no sides: every seat plays on the whole board, so [`View::side`] is ignored and
//! the board is always drawn as its notation reads (rank 1 at the bottom).

mod pieces;
mod text;

use crate::engine::board::Square;
use crate::engine::sprawl::{Cell, Move, Sprawl};
use crate::render::board::{Coordinates, Grid};
use crate::render::canvas::Canvas;
use crate::render::layers::{self, Key};
use crate::render::view::View;
use text::{header, legend, seats};

/// The picture's width: at phone width (400) a 13-pixel text is 10 pixels tall.
pub(super) const WIDTH: u32 = 520;
/// Margins: rank numbers on the left, a little room on the right.
pub(super) const LEFT: f32 = 26.0;
const RIGHT: f32 = 10.0;
/// The largest square, so that small boards do not grow needlessly tall.
const MAX_CELL: f32 = 80.0;

/// The letter drawn on every piece of a seat: the colour's initial in the picture's language.
pub(super) fn letter(lang: crate::i18n::Lang, seat: u8) -> String {
    crate::tr!(lang, "board-sprawl-letter", seat)
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

/// The towers the last move neutralized: neutralized now, live in the position before it
/// (the same board without the piece it placed).
pub(super) fn neutralized_by_last(g: &Sprawl) -> u64 {
    let Some(m) = g.last_move() else { return 0 };
    let Some(sq) = move_square(&m) else { return 0 };
    let mut before = *g.pos();
    match (m, before.cell(sq)) {
        (Move::Build { .. }, Cell::Tower(mut t)) if t.height > 1 => {
            t.height -= 1;
            before.board[sq.index()] = Cell::Tower(t);
        }
        (Move::Build { .. }, _) => return 0,
        _ => before.board[sq.index()] = Cell::Empty,
    }
    g.neutral_mask() & !before.neutral_mask(g.rules())
}

/// Where the board's squares are on the picture.
fn grid(g: &Sprawl, view: &View) -> Grid {
    let r = *g.rules();
    let (files, ranks) = (r.files, r.ranks);
    let room = WIDTH as f32 - LEFT - RIGHT;
    let cell = (room / files as f32).min(MAX_CELL).floor();
    let left = LEFT + ((room - cell * files as f32) / 2.0).floor();
    Grid {
        left,
        top: text::header_height(g, view),
        cell,
        files,
        ranks,
    }
}

/// The position with a move being chosen marked on it (the move picker, see
/// [`crate::render::marks`]): the tower or square chosen, where its branches can reach,
/// the towers a move would neutralise.
pub fn draw_marked(g: &Sprawl, view: &View, marks: &crate::render::Marks) -> Canvas {
    let mut c = draw(g, view);
    let geo = grid(g, view);
    crate::render::marks::draw(&mut c, marks, view.theme, geo.cell, |sq| {
        Some(geo.centre(sq))
    });
    c
}

pub fn draw(g: &Sprawl, view: &View) -> Canvas {
    let geo = grid(g, view);
    let (files, ranks, cell, top) = (geo.files, geo.ranks, geo.cell, geo.top);
    let below = top + geo.height() + 30.0;
    let height = below + text::seats_height(g, view) + text::legend_height(g, view) + 10.0;
    // The empty board is the same for every position of a board size and header: kept, and
    // the header and everything on the board drawn on a copy. The layer ends where the seats
    // begin, whose height changes during a game.
    let key = Key::new("sprawl", WIDTH, below as u32, view, false).shape([
        u32::from(files),
        u32::from(ranks),
        top.to_bits(),
    ]);
    let mut c = layers::base_above(key, height as u32, view, |c| board(c, &geo));
    header(&mut c, g, view);
    let last = g.last_move().as_ref().and_then(move_square);
    if let Some(sq) = last {
        let (x, y) = geo.corner(sq);
        let fill = c.pal.highlight_fill;
        c.rect(
            x as i32 + 1,
            y as i32 + 1,
            cell as u32 - 1,
            cell as u32 - 1,
            fill,
        );
    }
    pieces::spore_rings(&mut c, g, &geo);
    pieces::all(&mut c, g, view, &geo);

    // The last move framed on top of the pieces, and the towers it neutralized framed thinner.
    let hit = neutralized_by_last(g);
    for sq in Square::all(files, ranks).filter(|s| hit & (1u64 << s.index()) != 0) {
        let (x, y) = geo.corner(sq);
        let h = c.pal.highlight;
        c.frame(x as i32, y as i32, cell as u32 + 1, cell as u32 + 1, 3, h);
    }
    if let Some(sq) = last {
        let (x, y) = geo.corner(sq);
        let h = c.pal.highlight;
        c.frame(
            x as i32 - 1,
            y as i32 - 1,
            cell as u32 + 3,
            cell as u32 + 3,
            5,
            h,
        );
    }

    let y = seats(&mut c, g, view, below);
    legend(&mut c, g, view, y + 6.0);
    c
}

/// The squares, the grid, the frame and the coordinates.
fn board(c: &mut Canvas, geo: &Grid) {
    let (w, h) = (geo.width(), geo.height());
    let (l, t) = (geo.left as i32, geo.top as i32);
    c.rect(l, t, w as u32, h as u32, c.pal.light_square);
    for sq in Square::all(geo.files, geo.ranks) {
        let (x, y) = geo.corner(sq);
        let side = geo.cell as u32 + 1;
        c.frame(x as i32, y as i32, side, side, 1, c.pal.grid);
    }
    c.frame(l - 2, t - 2, w as u32 + 5, h as u32 + 5, 3, c.pal.ink);
    geo.coordinates(
        c,
        &Coordinates {
            above: None,
            below: Some(14.0),
            left: Some((geo.left - 4.0) / 2.0 + 1.0),
            right: None,
            size: 16.0,
            colour: c.pal.ink,
        },
    );
}

#[cfg(test)]
mod tests;
