//! Sprawl's pieces. A tower is seen from above as nested squares, one per piece in its
//! owner's colour, the owner's letter on top, and in a corner its sizes as letters, top
//! first (`M` over `L`: a medium on a large), so that nobody needs the legend to read a
//! stack. A branch is a lying pyramid pointing its way. Neutralized towers are crossed out,
//! their branches washed out.

use super::letter;
use crate::engine::board::{Dir, Size, Square};
use crate::engine::sprawl::{Cell, Sprawl, Tower};
use crate::engine::Game;
use crate::render::board::Grid;
use crate::render::canvas::{rgb, Align, Area, Canvas};
use crate::render::palette::ink_on;
use crate::render::pyramid::{self, Snap, Upright};
use crate::render::view::View;
use crate::tr;
use image::Rgba;

const NEUTRAL_WASH: Rgba<u8> = rgb(0x8A8A8A);
/// The size of the smallest words on the board (sizes, marks): 10.8 px at phone width.
const SMALL: f32 = 14.0;
/// The width kept on a tower's square for its sizes.
const COLUMN: f32 = 20.0;

/// A size's letter in the picture's language (`L`, `M`, `S`; in French `G`, `M`, `P`).
pub(super) fn size_letter(view: &View, s: Size) -> String {
    let size = match s {
        Size::Large => "large",
        Size::Medium => "medium",
        Size::Small => "small",
    };
    tr!(view.lang, "board-sprawl-size", size)
}

/// Rings on the squares where the player to move may spore; none while a challenge awaits
/// its answer, when nobody may spore.
pub(super) fn spore_rings(c: &mut Canvas, g: &Sprawl, geo: &Grid) {
    let pending = g.window().is_some_and(|w| w.challenger.is_some());
    let Some(m) = g.to_move().filter(|_| !pending) else {
        return;
    };
    let col = c.pal.seat(m);
    let cell = geo.cell;
    for q in g.spore_targets(m) {
        let (cx, cy) = geo.centre(q);
        let rad = cell * 0.3;
        c.ring(cx, cy, rad + 3.0, 3.0, c.pal.ink);
        c.ring(cx, cy, rad, 5.0, col);
        c.disc(cx, cy, cell * 0.09, col);
        c.ring(cx, cy, cell * 0.09, 1.5, c.pal.ink);
    }
}

pub(super) fn all(c: &mut Canvas, g: &Sprawl, view: &View, geo: &Grid) {
    let nm = g.neutral_mask();
    for sq in Square::all(geo.files, geo.ranks) {
        match g.pos().cell(sq) {
            Cell::Tower(t) => tower(c, view, geo, sq, &t, nm & (1u64 << sq.index()) != 0),
            Cell::Branch(b) => {
                let dead = nm & (1u64 << b.root.index()) != 0;
                branch(c, view, geo, sq, (b.seat, b.size, b.dir), dead);
            }
            Cell::Empty => {}
        }
    }
}

fn cell_area(geo: &Grid, sq: Square) -> Area {
    let (x, y) = geo.corner(sq);
    Area {
        x,
        y,
        w: geo.cell,
        h: geo.cell,
    }
}

/// A tower, stamped: a late position has dozens of them, each with its letters, and their
/// drawing was most of what made those moves a Sprawl game's slowest. Every square's corner
/// lies on whole pixels and a tower's lines run along them, so a tower drawn on one square
/// is the same moved by whole pixels on another, and one stamp serves every square
/// (`stamps_move_from_square_to_square` checks every square). Branches are drawn each time:
/// their slanted edges are anti-aliased from where they lie on the picture, and come out a
/// shade apart from square to square.
fn tower(c: &mut Canvas, view: &View, geo: &Grid, sq: Square, t: &Tower, dead: bool) {
    let (x, y) = geo.corner(sq);
    if x.fract() != 0.0 || y.fract() != 0.0 {
        return draw_tower(c, view, geo, sq, t, dead);
    }
    let stack = t.stack().iter().fold(0u64, |k, p| {
        k << 8 | u64::from(p.seat) << 2 | u64::from(p.size.pips())
    });
    // The picture's size, palette and language are the stamp's too.
    let args = [stack, u64::from(dead), u64::from(geo.cell.to_bits()), 0];
    c.stamp_moved(
        (x as i32, y as i32),
        "sprawl-tower",
        Some(view.lang),
        args,
        |c| draw_tower(c, view, geo, sq, t, dead),
    );
}

fn draw_tower(c: &mut Canvas, view: &View, geo: &Grid, sq: Square, t: &Tower, dead: bool) {
    let cell = geo.cell;
    let (x, y) = geo.corner(sq);
    // The sizes' column takes the square's right edge; the tower stands left of it.
    let room = cell - COLUMN;
    let (cx, cy) = (x + room / 2.0 + 1.0, y + cell / 2.0);
    for p in t.stack() {
        let half = room * side(p.size) / 2.0;
        let col = c.pal.seat(p.seat);
        // Flat squares: the diagonals of a pyramid seen from above were mostly noise (and
        // bytes) at this size, and the nesting already shows the stack.
        Upright {
            fill: col,
            outline: None,
            faces: false,
            diagonals: col,
            frame: c.pal.ink,
            snap: Snap::Nearest,
        }
        .draw(c, cx, cy, half);
        let piece = Area {
            x: cx - half,
            y: cy - half,
            w: 2.0 * half,
            h: 2.0 * half,
        };
        c.note_piece(piece, cell_area(geo, sq));
    }
    if dead {
        neutral_mark(c, x, y, cell);
    }
    let top = t.top();
    let inner = room * side(top.size) / 2.0;
    let col = c.pal.seat(top.seat);
    if dead {
        c.disc(cx, cy, inner * 0.62, col);
        c.ring(cx, cy, inner * 0.62, 2.0, c.pal.ink);
    }
    let fs = (inner * 1.1).clamp(SMALL, 30.0);
    c.text_centered(cx, cy, fs, true, ink_on(col), &letter(view.lang, top.seat));

    // The sizes, top first, one under the other as the pieces stand.
    let letters: Vec<String> = t
        .stack()
        .iter()
        .rev()
        .map(|p| size_letter(view, p.size))
        .collect();
    let w = letters
        .iter()
        .map(|l| Canvas::text_width(SMALL, true, l))
        .max()
        .unwrap_or(0) as f32
        + 6.0;
    let h = SMALL * letters.len() as f32 + 3.0;
    let (bx, by) = (x + cell - w - 4.0, y + cell - h - 6.0);
    c.rect(bx as i32, by as i32, w as u32, h as u32, c.pal.panel);
    c.frame(bx as i32, by as i32, w as u32, h as u32, 1, c.pal.ink);
    for (i, l) in letters.iter().enumerate() {
        let ly = by + 1.0 + SMALL * i as f32;
        c.text(bx + w / 2.0, ly, SMALL, true, Align::Center, c.pal.ink, l);
    }
}

fn branch(
    c: &mut Canvas,
    view: &View,
    geo: &Grid,
    sq: Square,
    (seat, size, dir): (u8, Size, Dir),
    dead: bool,
) {
    let cell = geo.cell;
    let (cx, cy) = geo.centre(sq);
    let col = if dead {
        blend(c.pal.seat(seat), NEUTRAL_WASH, 0.55)
    } else {
        c.pal.seat(seat)
    };
    let pts = lying(cx, cy, cell, size, dir);
    pyramid::lying(c, pts[0], [pts[1], pts[2]], col, c.pal.ink, None);
    let (x0, x1) = pts
        .iter()
        .fold((f32::MAX, f32::MIN), |(a, b), p| (a.min(p.0), b.max(p.0)));
    let (y0, y1) = pts
        .iter()
        .fold((f32::MAX, f32::MIN), |(a, b), p| (a.min(p.1), b.max(p.1)));
    let piece = Area {
        x: x0,
        y: y0,
        w: x1 - x0,
        h: y1 - y0,
    };
    c.note_piece(piece, cell_area(geo, sq));
    // The letter a little behind the centroid, where the triangle is wider.
    let (dx, dy) = unit(dir);
    let (lx, ly) = (
        (pts[0].0 + pts[1].0 + pts[2].0) / 3.0 - dx * cell * 0.05,
        (pts[0].1 + pts[1].1 + pts[2].1) / 3.0 - dy * cell * 0.05,
    );
    let fs = (cell * 0.12 * (1.0 + size.pips() as f32 * 0.25)).clamp(SMALL, 24.0);
    c.text_centered(lx, ly, fs, true, ink_on(col), &letter(view.lang, seat));
    if dead {
        let (x, y) = geo.corner(sq);
        c.text(x + 4.0, y + 3.0, SMALL, true, Align::Left, c.pal.ink, "✕");
    }
}

/// The side of a tower's piece as a fraction of the room left of the sizes' column.
fn side(s: Size) -> f32 {
    match s {
        Size::Large => 0.94,
        Size::Medium => 0.68,
        Size::Small => 0.42,
    }
}

/// The direction as a unit vector on the picture (y down).
fn unit(d: Dir) -> (f32, f32) {
    let (dx, dy) = d.delta();
    let (ux, uy) = (dx as f32, -(dy as f32));
    let len = (ux * ux + uy * uy).sqrt().max(1.0);
    (ux / len, uy / len)
}

/// A lying pyramid on a square: apex toward `d`, length and width by size.
fn lying(cx: f32, cy: f32, cell: f32, size: Size, d: Dir) -> [(f32, f32); 3] {
    let (len, wid) = match size {
        Size::Large => (0.90, 0.66),
        Size::Medium => (0.74, 0.54),
        Size::Small => (0.58, 0.44),
    };
    let (ux, uy) = unit(d);
    let back = (cx - ux * cell * 0.45, cy - uy * cell * 0.45);
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

/// A neutralized tower: grey wash and a bold cross with a halo of the ground's colour,
/// readable in greyscale and in either theme.
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
    let (halo, ink) = (c.pal.background, c.pal.ink);
    c.thick_line(a, b, cell * 0.09, halo);
    c.thick_line(a2, b2, cell * 0.09, halo);
    c.thick_line(a, b, cell * 0.05, ink);
    c.thick_line(a2, b2, cell * 0.05, ink);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::sprawl::Piece;
    use crate::engine::GameKind;
    use crate::render::tests::sample;
    use crate::render::{palette, stamp};

    /// A piece stamped on every square of every board size gives the pixels, the words and the
    /// boxes that drawing it there afresh gives, on a flat ground and a varied one, in both
    /// themes and every language: towers of one to three pieces of every seat, crossed out or
    /// not.
    #[test]
    fn stamps_move_from_square_to_square() {
        let mut k = 0;
        for players in [3u8, 5, 8] {
            let crate::engine::AnyGame::Sprawl(g) = sample(GameKind::Sprawl, players, 0, &[], "")
            else {
                unreachable!()
            };
            let view = View::default();
            let geo = super::super::grid(&g, &view);
            let (w, h) = (
                super::super::WIDTH,
                (geo.top + geo.cell * f32::from(geo.ranks)) as u32 + 20,
            );
            let [flat, varied] = crate::render::tests::stamp_grounds(w, h);
            let mut direct = Canvas::new(w, h, rgb(0));
            let mut stamped = Canvas::new(w, h, rgb(0));
            for pal in [&palette::LIGHT, &palette::DARK] {
                (direct.pal, stamped.pal) = (pal, pal);
                for lang in crate::i18n::Lang::all() {
                    let view = View {
                        lang,
                        ..View::default()
                    };
                    for seat in 1..=players {
                        let other = seat % players + 1;
                        let piece = |seat, size| Piece { seat, size };
                        let towers = [
                            vec![piece(seat, Size::Large)],
                            vec![piece(other, Size::Large), piece(seat, Size::Medium)],
                            vec![
                                piece(seat, Size::Large),
                                piece(other, Size::Medium),
                                piece(seat, Size::Small),
                            ],
                        ];
                        for (t, dead) in towers.into_iter().flat_map(|stack| {
                            let mut t = Tower::new(stack[0]);
                            for p in &stack[1..] {
                                t.pieces[t.height as usize] = *p;
                                t.height += 1;
                            }
                            [(t, false), (t, true)]
                        }) {
                            k += 1;
                            let ground = if k % 2 == 0 { &flat } else { &varied };
                            direct.img.clone_from(ground);
                            stamped.img.clone_from(ground);
                            direct.layout = Default::default();
                            stamped.layout = Default::default();
                            for sq in Square::all(geo.files, geo.ranks) {
                                stamp::uncached(|| tower(&mut direct, &view, &geo, sq, &t, dead));
                                tower(&mut stamped, &view, &geo, sq, &t, dead);
                            }
                            assert!(
                                direct.img == stamped.img,
                                "{players} players, {t:?}, crossed out: {dead}"
                            );
                            // The boxes are moved by adding the origin to the kept ones: equal
                            // to a thousandth of a pixel, not to the last bit.
                            let near = |a: &Area, b: &Area| {
                                [(a.x, b.x), (a.y, b.y), (a.w, b.w), (a.h, b.h)]
                                    .iter()
                                    .all(|(p, q)| (p - q).abs() < 1e-3)
                            };
                            let (dp, sp) = (&direct.layout.pieces, &stamped.layout.pieces);
                            assert_eq!(dp.len(), sp.len());
                            assert!(dp
                                .iter()
                                .zip(sp)
                                .all(|(a, b)| near(&a.0, &b.0) && near(&a.1, &b.1)));
                            let (dt, st) = (&direct.layout.texts, &stamped.layout.texts);
                            assert_eq!(dt.len(), st.len());
                            assert!(dt.iter().zip(st).all(|(a, b)| {
                                near(&a.0, &b.0) && (a.1, &a.2, a.3) == (b.1, &b.2, b.3)
                            }));
                        }
                    }
                }
            }
        }
    }
}
