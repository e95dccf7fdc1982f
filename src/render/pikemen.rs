//! The Pikemen board: an 8x8 grid with coordinates on every edge, a header with each seat's
//! name, colour and score, the last move outlined and what it captured marked on its square.
//!
//! Drawn for a phone: the picture is 572 pixels wide and its smallest text 15 pixels tall, so
//! that shown 400 pixels wide (Discord's phone app) every word is at least 10 pixels tall.
//! The board turns so that the seat it is drawn for has its side at the bottom.
//!
//! A pyramid is told apart without hue: upright ones are squares seen from above (with the
//! faces' diagonals), lying ones are triangles pointing along their facing; the three sizes
//! differ in length and carry 1-3 pips; every piece shows its seat number. Every piece stays
//! inside its square, a large one lying diagonally included.

use super::board::{Coordinates, Grid, Turn, Turned};
use super::canvas::{Align, Area, Canvas};
use super::fit::{ellipsis, wrap};
use super::headline;
use super::layers::{self, Key};
use super::palette::{darker, seat_colour, text_on};
use super::panel::SeatBox;
use super::pyramid::{self, Snap, Upright};
use super::view::View;
use crate::engine::board::{Orient, Size, Square};
use crate::engine::pikemen::{Move, Piece, Pikemen};
use crate::engine::Game;
use crate::tr;
use image::Rgba;

const CELL: f32 = 64.0;
/// The band around the board that holds the coordinates.
const MARGIN: f32 = 30.0;
const BOARD: f32 = CELL * 8.0;
const WIDTH: f32 = BOARD + 2.0 * MARGIN;
const TOP: f32 = 8.0;
const TITLE: f32 = 18.0;
const TITLE_STEP: f32 = 23.0;
const SEAT_H: f32 = 34.0;
const SEAT_GAP: f32 = 6.0;
const NAME: f32 = 16.0;
const SCORE: f32 = 18.0;
/// The smallest text: 10.5 pixels tall at phone width.
const SMALL: f32 = 15.0;
const FOOT: f32 = 16.0;
const FOOT_STEP: f32 = 21.0;
/// Room kept between a piece and its square's edges.
const PAD: f32 = 3.0;

/// Where the parts of the picture go. They depend on the player count alone, never on the
/// position or the names, so that the frames of a replay share one layout: the title is
/// fitted to one line and the footer has room for two.
struct Frame {
    title: (String, f32),
    footer: Vec<String>,
    /// Seats a row of the header: two, so that four names fit.
    columns: u8,
    seats_top: f32,
    board_top: f32,
    footer_top: f32,
    height: f32,
}

fn frame(g: &Pikemen, view: &View) -> Frame {
    let footer = wrap(&footer_text(g, view), FOOT, BOARD, 2);
    let columns = g.players().min(2);
    let seat_rows = g.players().div_ceil(columns);
    let seats_top = TOP + TITLE_STEP + 4.0;
    let board_top = seats_top + seat_rows as f32 * (SEAT_H + SEAT_GAP) + MARGIN;
    let footer_top = board_top + BOARD + MARGIN + 2.0;
    let height = footer_top + FOOT_STEP * 2.0 + 6.0;
    Frame {
        title: title(g, view),
        footer,
        columns,
        seats_top,
        board_top,
        footer_top,
        height,
    }
}

pub fn draw(g: &Pikemen, view: &View) -> Canvas {
    let f = frame(g, view);
    let grid = Grid::eight(MARGIN, f.board_top, CELL);
    let board = grid.turned(turn(g.players(), view.side));
    // The squares and coordinates never change within a game: kept, and the rest drawn on
    // a copy (none of it overlaps them before the marks and pieces).
    let key = Key::new("pikemen", WIDTH as u32, f.height as u32, view, false).shape([
        u32::from(g.players()),
        0,
        0,
    ]);
    let mut c = layers::base(key, view, |c| {
        board.checker(c);
        let muted = c.pal.muted;
        board.coordinates(
            c,
            &Coordinates {
                above: Some(MARGIN / 2.0),
                below: Some(MARGIN / 2.0),
                left: Some(MARGIN / 2.0),
                right: Some(MARGIN / 2.0),
                size: 16.0,
                colour: muted,
            },
        );
    });
    let (title, size) = f.title;
    c.text(MARGIN, TOP, size, true, Align::Left, c.pal.ink, &title);
    seats(&mut c, g, view, f.seats_top, f.columns);
    if let Some(mv) = g.last_move() {
        let squares = match mv {
            Move::Turn { square, .. } => vec![square],
            Move::Charge { from, to, .. } => vec![from, to],
        };
        board.mark_move(&mut c, &squares, 4, 0.55);
    }
    for sq in Square::all(8, 8) {
        if let Some(p) = g.piece(sq) {
            piece(&mut c, &board, sq, p);
        }
    }
    if let (Some(Move::Charge { to, .. }), Some(taken)) = (g.last_move(), g.last_capture()) {
        captured(&mut c, &board, to, taken);
    }
    let ink = c.pal.muted;
    for (i, line) in f.footer.iter().enumerate() {
        let y = f.footer_top + FOOT_STEP * i as f32;
        c.text(MARGIN, y, FOOT, false, Align::Left, ink, line);
    }
    c
}

/// How far the board turns for `side` to be at the bottom. Two players face each other
/// across the board (seat 1 from the h1 corner); with three, seat 3's home is the bottom
/// edge, seat 1's the top and seat 2's the right; with four, each seat's home corner comes to
/// the bottom right, where seat 3's is (rules, section 3).
pub fn turn(players: u8, side: Option<u8>) -> Turn {
    let q = match (players, side) {
        (_, None) => 0,
        (2, Some(2)) => 2,
        (3, Some(1)) => 2,
        (3, Some(2)) => 1,
        (4, Some(1)) => 2,
        (4, Some(2)) => 1,
        (4, Some(4)) => 3,
        _ => 0,
    };
    Turn::quarters(q)
}

/// Who is to move, or who won and why, on one line.
fn title(g: &Pikemen, view: &View) -> (String, f32) {
    let player = |seat| view.player(seat, g.seat_label(seat));
    let fit = |make: &dyn Fn(&str) -> String, names: &str| {
        headline::fitted(make, names, TITLE, SMALL, true, BOARD)
    };
    match g.outcome() {
        Some(o) => {
            let names: Vec<String> = o.winners.iter().map(|&s| player(s)).collect();
            let make = |n: &str| {
                tr!(
                    view.lang,
                    "board-pikemen-won",
                    names = n,
                    count = names.len(),
                    reason = o.reason.clone()
                )
            };
            fit(&make, &names.join(" & "))
        }
        None => {
            let make = |n: &str| {
                tr!(
                    view.lang,
                    "board-pikemen-title",
                    target = g.target(),
                    name = n
                )
            };
            fit(&make, &player(g.to_move().unwrap_or(1)))
        }
    }
}

fn footer_text(g: &Pikemen, view: &View) -> String {
    let Some(m) = g.last_move() else {
        return tr!(view.lang, "board-pikemen-no-move");
    };
    let mv = tr!(view.lang, "board-last-move", mv = m.to_string());
    match g.last_capture() {
        Some(p) => tr!(
            view.lang,
            "board-pikemen-took",
            mv,
            size = p.size,
            who = view.say(&g.seat_label(p.seat)),
            points = p.size.pips()
        ),
        None => mv,
    }
}

/// Each seat's box: its colour and number, its player, its score; two boxes a row.
fn seats(c: &mut Canvas, g: &Pikemen, view: &View, top: f32, columns: u8) {
    let share = BOARD / columns as f32;
    let look = SeatBox::plain(c.pal);
    for seat in 1..=g.players() {
        let i = seat - 1;
        let x = MARGIN + (i % columns) as f32 * share;
        let y = top + (i / columns) as f32 * (SEAT_H + SEAT_GAP);
        let w = share - SEAT_GAP;
        let to_move = g.to_move() == Some(seat);
        look.draw(c, x as i32, y as i32, w as u32, SEAT_H as u32, to_move);
        let colour = seat_colour(seat);
        c.rect(x as i32 + 5, y as i32 + 5, 24, 24, colour);
        c.frame(x as i32 + 5, y as i32 + 5, 24, 24, 2, darker(colour, 0.45));
        let n = seat.to_string();
        c.text_centered(x + 17.0, y + 17.0, SMALL, true, text_on(colour), &n);
        let name = view.player(seat, g.seat_label(seat));
        let score = g.score(seat).to_string();
        let score_w = Canvas::text_width(SCORE, true, &score) as f32;
        let room = w - 36.0 - score_w - 16.0;
        // A long name is shortened, never the word saying it resigned.
        let name = if g.is_resigned(seat) {
            let make = |n: &str| tr!(view.lang, "board-resigned", name = n);
            headline::fitted(make, &name, NAME, NAME, true, room).0
        } else {
            ellipsis(&name, NAME, true, room)
        };
        let ink = c.pal.ink;
        c.text(x + 36.0, y + 8.0, NAME, to_move, Align::Left, ink, &name);
        c.text(x + w - 8.0, y + 6.0, SCORE, true, Align::Right, ink, &score);
    }
}

/// Half-side of an upright piece by size.
fn upright_half(size: Size) -> f32 {
    match size {
        Size::Small => 15.0,
        Size::Medium => 20.0,
        Size::Large => 25.0,
    }
}

fn number_size(size: Size) -> f32 {
    match size {
        Size::Small => SMALL,
        Size::Medium => 17.0,
        Size::Large => 19.0,
    }
}

/// The seat's number on an upright piece, on a patch of the piece's colour that hides the
/// faces' diagonals behind it: at phone width a digit crossed by dark lines is hard to read.
fn number(c: &mut Canvas, x: f32, y: f32, size: Size, fill: Rgba<u8>, ink: Rgba<u8>, n: &str) {
    let font = number_size(size);
    let w = Canvas::text_width(font, true, n) as f32;
    // `text_centered` puts the digits' middle about a tenth of their size above `y`; digits
    // are about 0.63 of the size tall.
    let (mid, half) = (y - 0.1 * font, 0.32 * font + 2.0);
    c.rect(
        (x - w / 2.0 - 2.0).round() as i32,
        (mid - half).round() as i32,
        (w + 4.0).round() as u32,
        (2.0 * half).round() as u32,
        fill,
    );
    c.text_centered(x, y, font, true, ink, n);
}

/// The position with a move being chosen marked on it (the move picker, see [`marks`]).
pub fn draw_marked(g: &Pikemen, view: &View, marks: &super::Marks) -> Canvas {
    let mut c = draw(g, view);
    let board_top = frame(g, view).board_top;
    let grid = Grid::eight(MARGIN, board_top, CELL);
    let board = grid.turned(turn(g.players(), view.side));
    super::marks::draw(&mut c, marks, view.theme, CELL, |sq| Some(board.centre(sq)));
    c
}

/// A square's box on the picture.
fn cell_area(board: &Turned, sq: Square) -> Area {
    let (x, y) = board.corner(sq);
    Area {
        x,
        y,
        w: CELL,
        h: CELL,
    }
}

/// One piece on its square. An upright piece is stamped (`stamp`) where its centre lies on
/// whole pixels (every square of a picture): it looks the same on every square, so it is kept
/// once for all of them. A lying one is drawn each time: its rounding differs from square to
/// square, and a stamp for each square, facing and side would crowd the other games' stamps
/// (and the letters') out of the cache. `stamps_move_from_square_to_square` checks every
/// square.
fn piece(c: &mut Canvas, board: &Turned, sq: Square, p: Piece) {
    let (cx, cy) = board.centre(sq);
    let angle = match p.orient {
        Orient::Up => None,
        Orient::Lying(d) => Some((d.degrees() + board.turn.degrees()).to_radians()),
    };
    let drawn = if angle.is_none() && cx.fract() == 0.0 && cy.fract() == 0.0 {
        let kind = u64::from(p.seat) | u64::from(p.size.pips()) << 8;
        c.stamp_moved(
            (cx as i32, cy as i32),
            "pikemen-upright",
            None,
            [kind, 0, 0, 0],
            |c| {
                draw_piece(c, cx, cy, p, angle);
            },
        );
        upright_area(cx, cy, p.size)
    } else {
        draw_piece(c, cx, cy, p, angle)
    };
    c.note_piece(drawn, cell_area(board, sq));
}

/// The box an upright piece of `size` centred on (`cx`, `cy`) covers.
fn upright_area(cx: f32, cy: f32, size: Size) -> Area {
    let r = upright_half(size);
    Area {
        x: (cx - r).floor(),
        y: (cy - r).floor(),
        w: 2.0 * r + 1.0,
        h: 2.0 * r + 1.0,
    }
}

/// Draws `p` centred on (`cx`, `cy`): upright, or lying along `angle` (radians, on the
/// picture); returns the box it covers.
fn draw_piece(c: &mut Canvas, cx: f32, cy: f32, p: Piece, angle: Option<f32>) -> Area {
    let fill = seat_colour(p.seat);
    let edge = darker(fill, 0.45);
    let ink = text_on(fill);
    match angle {
        None => {
            let r = upright_half(p.size);
            Upright {
                fill,
                outline: Some(edge),
                faces: true,
                diagonals: edge,
                frame: edge,
                snap: Snap::Cover,
            }
            .draw(c, cx, cy, r);
            pyramid::pips(c, cx, cy + r * 0.55, p.size.pips(), 6.5, 2.2, 0.0, ink);
            number(c, cx, cy - r * 0.15, p.size, fill, ink, &p.seat.to_string());
            upright_area(cx, cy, p.size)
        }
        Some(a) => {
            let shape = Lying::new(p.size, a, cx, cy);
            pyramid::lying(c, shape.apex, shape.base, fill, edge, Some(3.0));
            let (nx, ny) = shape.along(0.38);
            c.text_centered(nx, ny, number_size(p.size), true, ink, &p.seat.to_string());
            let (px, py) = shape.along(0.09);
            // Pips closer together across a turned piece; one pointing up the picture lies
            // straight.
            let gap = if a.sin().abs() < 0.01 { 6.5 } else { 5.5 };
            pyramid::pips(c, px, py, p.size.pips(), gap, 2.2, a, ink);
            shape.area()
        }
    }
}

/// A lying piece: a triangle from its base to its apex along its facing, sized for its size
/// and then shrunk as the large piece at the same angle must be to fit a square, and centred
/// in its square.
struct Lying {
    apex: (f32, f32),
    base: [(f32, f32); 2],
    /// The unit vector along the facing.
    u: (f32, f32),
    /// The middle of the base, and the length from it to the apex.
    back: (f32, f32),
    len: f32,
}

impl Lying {
    fn new(size: Size, a: f32, cx: f32, cy: f32) -> Lying {
        // Length and half-base before fitting: the small one large enough for its number.
        let dims = |size: Size| {
            let r = match size {
                Size::Small => 21.0,
                Size::Medium => 24.0,
                Size::Large => 27.0,
            };
            (2.0 * r + 8.0, 0.9 * r + 3.0)
        };
        let (len, half_base) = dims(Size::Large);
        let large = Lying::at(a, len, half_base, (0.0, 0.0)).area();
        let k = ((CELL - 2.0 * PAD) / large.w.max(large.h)).min(1.0);
        let (len, half_base) = dims(size);
        let (len, half_base) = (len * k, half_base * k);
        // Centre the piece's box, not its base, on the square's centre.
        let first = Lying::at(a, len, half_base, (0.0, 0.0)).area();
        let (mx, my) = (first.x + first.w / 2.0, first.y + first.h / 2.0);
        Lying::at(a, len, half_base, (cx - mx, cy - my))
    }

    /// The triangle pointing at angle `a` (clockwise from up the picture), its base's middle
    /// `0.42 len` behind `o` and its apex `0.58 len` ahead.
    fn at(a: f32, len: f32, half_base: f32, o: (f32, f32)) -> Lying {
        let u = (a.sin(), -a.cos());
        let p = (-u.1, u.0);
        let back = (o.0 - u.0 * len * 0.42, o.1 - u.1 * len * 0.42);
        let apex = (o.0 + u.0 * len * 0.58, o.1 + u.1 * len * 0.58);
        Lying {
            apex,
            base: [
                (back.0 + p.0 * half_base, back.1 + p.1 * half_base),
                (back.0 - p.0 * half_base, back.1 - p.1 * half_base),
            ],
            u,
            back,
            len,
        }
    }

    /// The point a fraction `t` of the way from the base to the apex.
    fn along(&self, t: f32) -> (f32, f32) {
        (
            self.back.0 + self.u.0 * self.len * t,
            self.back.1 + self.u.1 * self.len * t,
        )
    }

    /// The box of every pixel drawn: the triangle, its base drawn 3 pixels thick (half of it
    /// behind the base) and a pixel of anti-aliasing.
    fn area(&self) -> Area {
        let (ux, uy) = (self.u.0 * 1.5, self.u.1 * 1.5);
        let pts = [
            self.apex,
            (self.base[0].0 - ux, self.base[0].1 - uy),
            (self.base[1].0 - ux, self.base[1].1 - uy),
            (self.base[0].0 + ux, self.base[0].1 + uy),
            (self.base[1].0 + ux, self.base[1].1 + uy),
        ];
        let x0 = pts.iter().map(|p| p.0).fold(f32::MAX, f32::min) - 1.0;
        let y0 = pts.iter().map(|p| p.1).fold(f32::MAX, f32::min) - 1.0;
        let x1 = pts.iter().map(|p| p.0).fold(f32::MIN, f32::max) + 1.0;
        let y1 = pts.iter().map(|p| p.1).fold(f32::MIN, f32::max) + 1.0;
        Area {
            x: x0,
            y: y0,
            w: x1 - x0,
            h: y1 - y0,
        }
    }
}

/// What the last move took, in the corner of the square it was taken on: a small piece of
/// the captured seat's colour with its number, crossed out.
fn captured(c: &mut Canvas, board: &Turned, sq: Square, taken: Piece) {
    let (x, y) = board.corner(sq);
    let side = 20.0;
    let (bx, by) = (x + CELL - side - 2.0, y + 2.0);
    let colour = seat_colour(taken.seat);
    let hl = c.pal.highlight;
    c.rect(
        bx as i32 - 2,
        by as i32 - 2,
        side as u32 + 4,
        side as u32 + 4,
        hl,
    );
    c.rect(bx as i32, by as i32, side as u32, side as u32, colour);
    let cross: Rgba<u8> = c.pal.highlight;
    let (x0, y0, x1, y1) = (bx + 2.0, by + 2.0, bx + side - 2.0, by + side - 2.0);
    c.thick_line((x0, y0), (x1, y1), 3.0, cross);
    c.thick_line((x1, y0), (x0, y1), 3.0, cross);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{AnyGame, GameKind};
    use crate::i18n::Lang;
    use crate::render::checks::problems;
    use crate::render::tests::sample;
    use crate::render::Theme;

    /// An upright piece replayed from its stamp gives the very pixels drawing it gives, on
    /// every square, for every seat and size, from every side, at both picture heights and in
    /// both themes, on a plain ground and a varied one. (A lying one did not: its rounding
    /// differs from square to square, so it is drawn each time.)
    #[test]
    fn stamps_move_from_square_to_square() {
        use crate::render::canvas::rgb;
        use crate::render::{palette, stamp};
        for players in [2, 4] {
            let AnyGame::Pikemen(g) = sample(GameKind::Pikemen, players, 0, &[], "") else {
                unreachable!()
            };
            let f = frame(&g, &View::default());
            let (w, h) = (WIDTH as u32, f.height as u32);
            let [flat, varied] = crate::render::tests::stamp_grounds(w, h);
            let mut direct = Canvas::new(w, h, rgb(0));
            let mut stamped = Canvas::new(w, h, rgb(0));
            let grid = Grid::eight(MARGIN, f.board_top, CELL);
            let mut k = 0;
            for pal in [&palette::LIGHT, &palette::DARK] {
                (direct.pal, stamped.pal) = (pal, pal);
                for side in [None, Some(2), Some(3), Some(4)] {
                    let board = grid.turned(turn(4, side));
                    for seat in 1..=players {
                        for size in Size::ALL {
                            k += 1;
                            let ground = if k % 2 == 0 { &flat } else { &varied };
                            direct.img.clone_from(ground);
                            stamped.img.clone_from(ground);
                            let p = Piece {
                                seat,
                                size,
                                orient: Orient::Up,
                            };
                            for sq in Square::all(8, 8) {
                                stamp::uncached(|| piece(&mut direct, &board, sq, p));
                                piece(&mut stamped, &board, sq, p);
                            }
                            assert!(direct.img == stamped.img, "{p:?} from {side:?}");
                            assert_eq!(direct.layout.pieces, stamped.layout.pieces);
                        }
                    }
                }
            }
        }
    }

    /// The positions most likely to crowd the picture: the most players, lying pieces at
    /// every angle (large ones diagonally), a capture, a finished game, long names.
    fn hard_positions() -> Vec<(u8, AnyGame)> {
        vec![
            (
                2,
                sample(
                    GameKind::Pikemen,
                    2,
                    0,
                    &[],
                    "turn h1 nw; turn b8 se; turn g1 ne; turn a8 se; turn h3 sw; turn a6 ne; \
                     turn f1 w; turn c8 n",
                ),
            ),
            (
                2,
                sample(
                    GameKind::Pikemen,
                    2,
                    0,
                    &[],
                    "turn g4 w; turn c6 se; move g4 c4; move c6 e4 up; turn h3 nw; turn a6 e; \
                     move h3 d7 s; turn b5 ne; move c4 b4",
                ),
            ),
            (
                3,
                sample(
                    GameKind::Pikemen,
                    3,
                    0,
                    &[],
                    "turn d6 se; turn f5 w; turn d3 ne; move d6 e5",
                ),
            ),
            (
                4,
                sample(
                    GameKind::Pikemen,
                    4,
                    0,
                    &[],
                    "turn c7 se; turn f7 sw; turn f2 nw; turn c2 ne; move c7 e5; move f7 e6; \
                     move f2 e3 ne; move c2 d3",
                ),
            ),
            (2, won()),
            (4, resigned()),
        ]
    }

    /// Four players, seat 3 resigned (its pieces gone) after a capture.
    fn resigned() -> AnyGame {
        let history = "turn c7 se; turn f7 sw; turn f2 nw; turn c2 ne; move c7 e5; move f7 e6";
        let mut g = sample(GameKind::Pikemen, 4, 0, &[], history);
        g.resign(3, crate::engine::Leave::Resigned).unwrap();
        g
    }

    /// A game just won by a capture (seat 2 had 11 points).
    fn won() -> AnyGame {
        let history = "turn g4 w; turn c6 s; move g4 c4";
        let mut g = sample(GameKind::Pikemen, 2, 0, &[], history);
        if let AnyGame::Pikemen(p) = &mut g {
            p.set_score(2, 11);
        }
        g.play("move c6 c4").unwrap();
        assert!(g.outcome().is_some());
        g
    }

    /// At phone width every word is readable, no label runs into another and every piece
    /// stays in its square: every player count's sides, both themes, both languages, long
    /// names. And a player count's pictures are all the same size, as a replay's frames must.
    #[test]
    fn phone_width_layout_holds_for_every_side_theme_and_language() {
        let mut sizes = std::collections::HashMap::new();
        for (players, g) in hard_positions() {
            for view in crate::render::tests::phone_views(players) {
                let c = crate::render::drawn(&g, &view);
                let found = problems(&c);
                let (theme, lang, side) = (view.theme, view.lang, view.side);
                assert!(
                    found.is_empty(),
                    "{players} players, {theme:?}, {lang:?}, side {side:?}: {found:#?}"
                );
                assert_eq!(c.layout.pieces.len(), on_board(&g));
                let size = c.img.dimensions();
                assert_eq!(*sizes.entry(players).or_insert(size), size);
            }
        }
    }

    /// Writes the hardest headers to /tmp for a look (long names, a resigned seat, a win):
    /// `cargo test --lib render::pikemen -- --ignored`. The reference pictures of `renders/`
    /// are drawn by `renders/regenerate.sh`.
    #[test]
    #[ignore]
    fn write_pictures() {
        let names = |n: usize| {
            let mut v = vec!["Bartholomew Fitzgerald-Wolfeschlegel".to_string(); n];
            v[1] = "Plateau (difficile)".into();
            v
        };
        for (file, g, players) in [("resigned", resigned(), 4), ("won", won(), 2)] {
            let view = View {
                names: names(players),
                lang: Lang::parse("fr").unwrap(),
                theme: Theme::Dark,
                side: Some(2),
            };
            let png = crate::render::png(&g, &view);
            std::fs::write(format!("/tmp/pikemen-{file}.png"), png).unwrap();
        }
    }

    fn on_board(g: &AnyGame) -> usize {
        let AnyGame::Pikemen(p) = g else {
            unreachable!()
        };
        Square::all(8, 8).filter(|&s| p.piece(s).is_some()).count()
    }

    /// Pictures stay small enough for chat (under 200 KB) at the most players, in both themes.
    #[test]
    fn pictures_are_small_pngs() {
        for (_, g) in hard_positions() {
            for theme in Theme::ALL {
                let view = View {
                    theme,
                    ..View::default()
                };
                let png = crate::render::png(&g, &view);
                assert!(
                    png.len() < crate::render::tests::LIMIT,
                    "{} bytes",
                    png.len()
                );
            }
        }
    }

    /// Each seat of a 4-player game sees its home corner at the bottom right; 2 players face
    /// each other; 3 players' homes (top, right, bottom) come to the bottom.
    #[test]
    fn each_seat_sees_its_home_at_the_bottom() {
        let grid = Grid::eight(0.0, 0.0, 1.0);
        let bottom_right = |players, seat, sq: &str| {
            let t = grid.turned(turn(players, Some(seat)));
            t.place(Square::parse(sq, 8, 8).unwrap())
        };
        assert_eq!(bottom_right(2, 1, "h1"), (7, 7));
        assert_eq!(bottom_right(2, 2, "a8"), (7, 7));
        for (seat, corner) in [(1, "a8"), (2, "h8"), (3, "h1"), (4, "a1")] {
            assert_eq!(bottom_right(4, seat, corner), (7, 7), "seat {seat}");
        }
        // Three players: the home edge's squares are on the bottom row.
        for (seat, home) in [(1, "b8"), (2, "h5"), (3, "b1")] {
            assert_eq!(bottom_right(3, seat, home).1, 7, "seat {seat}");
        }
    }

    /// Pixel by pixel, a lone large piece lying at any angle, on any side, paints nothing
    /// outside its square: every other pixel of the board is its square's colour.
    #[test]
    fn a_lying_large_piece_paints_only_its_own_square() {
        use crate::engine::board::Dir;
        use crate::engine::pikemen::OPTIONS;
        use crate::engine::{Options, Setup};
        let setup = Setup {
            players: 4,
            seed: 0,
            options: Options::parse("Pikemen", OPTIONS, &[]).unwrap(),
        };
        for name in ["b8", "h1", "d4"] {
            let sq = Square::parse(name, 8, 8).unwrap();
            for d in Dir::ALL {
                let mut g = Pikemen::empty(&setup).unwrap();
                let orient = Orient::Lying(d);
                g.put(
                    sq,
                    Some(Piece {
                        seat: 2,
                        size: Size::Large,
                        orient,
                    }),
                );
                for side in [None, Some(1), Some(2), Some(4)] {
                    let view = View {
                        side,
                        ..View::default()
                    };
                    let c = draw(&g, &view);
                    let board = Grid::eight(MARGIN, frame(&g, &view).board_top, CELL);
                    let board = board.turned(turn(4, side));
                    for other in Square::all(8, 8).filter(|&o| o != sq) {
                        let (x, y) = board.corner(other);
                        let ground = if (other.file() + other.rank()) % 2 == 0 {
                            c.pal.dark_square
                        } else {
                            c.pal.light_square
                        };
                        for py in y as u32..(y + CELL) as u32 {
                            for px in x as u32..(x + CELL) as u32 {
                                assert_eq!(
                                    *c.img.get_pixel(px, py),
                                    ground,
                                    "{name} facing {d:?}, side {side:?}: {other} at ({px}, {py})"
                                );
                            }
                        }
                    }
                }
            }
        }
    }

    /// A capture's square shows the piece taken, and the footer names it.
    #[test]
    fn a_capture_is_marked_and_named() {
        let g = sample(
            GameKind::Pikemen,
            2,
            0,
            &[],
            "turn g4 w; turn c6 s; move g4 c4; move c6 c4",
        );
        let AnyGame::Pikemen(p) = &g else {
            unreachable!()
        };
        assert_eq!(
            p.last_capture().map(|t| (t.seat, t.size)),
            Some((1, Size::Small))
        );
        let c = crate::render::drawn(&g, &View::default());
        let texts: Vec<&str> = c.layout.texts.iter().map(|t| t.2.as_str()).collect();
        assert!(
            texts
                .iter()
                .any(|t| t.contains("captured Orange's small, worth 1 point")),
            "{texts:?}"
        );
        // The crossed-out badge in the corner of c4, whose piece is noted in square order.
        let c4 = Square::parse("c4", 8, 8).unwrap();
        let index = Square::all(8, 8)
            .filter(|&s| p.piece(s).is_some())
            .position(|s| s == c4)
            .unwrap();
        let cell = c.layout.pieces[index].1;
        let centre = c
            .img
            .get_pixel((cell.x + CELL - 12.0) as u32, (cell.y + 12.0) as u32);
        assert_eq!(*centre, c.pal.highlight);
    }
}
