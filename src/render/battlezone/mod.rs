//! The Battle Zone board: a header with both players (name, colours exited), the turn's dice
//! (spent ones greyed and crossed), the 8x8 board with coordinates on every edge, the supply
//! per colour and size, and the actions of the turn (numbered on the board and listed below).
//!
//! Nothing relies on hue alone: every pyramid carries its colour's letter (R B G Y K), its
//! size as 1-3 pips and a body of three lengths, and its state as a shape: a square seen from
//! above when upright (nobody's), a triangle pointing up (toward North: South's) or down
//! (North's) when lying (D1). The last activation's range is striped and outlined.
//!
//! Drawn for North (`view.side == Some(2)`), the board turns half round so that North's rank 8
//! is at the bottom, and every triangle then points the other way up the picture.
//! Files: `pieces` (the pyramids), `panels` (around the board); `render` calls `draw`.

mod panels;
mod pieces;

pub use pieces::{colour_rgb, pyramid};

use super::board::{Coordinates, Grid, Turn, Turned};
use super::canvas::{rgb, Canvas};
use super::layers::{self, Key};
use super::palette::{self, darker};
use super::view::View;
use crate::engine::battlezone::{Battlezone, Colour, LastAction, Move, Piece};
use crate::engine::board::Square;
use image::Rgba;
use panels::{dice, footer, header, supply};

/// 60 rather than 64: at the phone's 400 px a square is as large (the picture is narrower),
/// the words larger, and the busiest late positions well under 200 KB (issue 43).
pub(super) const CELL: f32 = 60.0;
pub(super) const MARGIN: f32 = 30.0;
const BOARD_TOP: f32 = 274.0;
const SUPPLY_H: f32 = 150.0;
const FOOTER: f32 = 136.0;

const GRID: Grid = Grid::eight(MARGIN, BOARD_TOP, CELL);

/// The board as `view.side` sees it: North's (seat 2) picture is turned half round so that
/// its rank 8 is at the bottom; the coordinates, the marks and the triangles' points follow.
fn board(view: &View) -> Turned<'static> {
    let grid: &'static Grid = &GRID;
    grid.turned(if turned(view) { Turn::HALF } else { Turn::NONE })
}

fn turned(view: &View) -> bool {
    view.side == Some(2)
}

/// The seat whose triangles point as `seat`'s do in this picture: they point toward the
/// opponent's edge, which is at the top for North once the board is turned.
pub(super) fn drawn_seat(seat: u8, view: &View) -> u8 {
    if turned(view) {
        3 - seat
    } else {
        seat
    }
}

pub fn draw(g: &Battlezone, view: &View) -> Canvas {
    let side = CELL * 8.0;
    let w = (side + MARGIN * 2.0) as u32;
    let h = (BOARD_TOP + side + MARGIN + SUPPLY_H + FOOTER) as u32;
    let b = board(view);
    // The squares and coordinates are the same in every position: kept, and the header,
    // dice and everything on the board drawn on a copy.
    let key = Key::new("battlezone", w, h, view, false).shape([u32::from(turned(view)), 0, 0]);
    let mut c = layers::base(key, view, |c| {
        squares(c, &b);
        b.coordinates(
            c,
            &Coordinates {
                above: Some(MARGIN / 2.0 + 3.0),
                below: Some(MARGIN / 2.0 + 3.0),
                left: Some(MARGIN / 2.0),
                right: Some(MARGIN / 2.0),
                size: 18.0,
                colour: view.palette().muted,
            },
        );
    });
    header(&mut c, g, view);
    dice(&mut c, g, view, 146.0);
    activation(&mut c, g, &b);
    last_action(&mut c, g, &b);
    for sq in Square::all(8, 8) {
        if let Some(p) = g.piece(sq) {
            let (cx, cy) = b.centre(sq);
            let p = Piece {
                ctrl: p.ctrl.map(|s| drawn_seat(s, view)),
                ..p
            };
            pyramid(&mut c, cx, cy, p, CELL, view.lang);
        }
    }
    action_badges(&mut c, g, &b);
    let y = BOARD_TOP + side + MARGIN;
    supply(&mut c, g, view, y + 6.0);
    footer(&mut c, g, view, y + SUPPLY_H);
    c
}

/// The position with a move being chosen marked on it (the move picker, see
/// [`super::marks`]): the pyramid chosen, the squares it can reach, those whose pyramids an
/// activation would hit.
pub fn draw_marked(g: &Battlezone, view: &View, marks: &super::Marks) -> Canvas {
    let mut c = draw(g, view);
    let b = board(view);
    super::marks::draw(&mut c, marks, view.theme, CELL, |sq| Some(b.centre(sq)));
    c
}

fn corner(b: &Turned, sq: Square) -> (i32, i32) {
    let (x, y) = b.corner(sq);
    (x as i32, y as i32)
}

fn squares(c: &mut Canvas, b: &Turned) {
    b.checker(c);
    // The starting lines: South's rank 1, North's rank 8, marked by a thick edge.
    let b = (CELL * 8.0) as u32;
    c.rect(
        MARGIN as i32 - 2,
        BOARD_TOP as i32 + b as i32,
        b + 4,
        5,
        c.pal.ink,
    );
    c.rect(MARGIN as i32 - 2, BOARD_TOP as i32 - 7, b + 4, 5, c.pal.ink);
}

/// Level stripes across one square, so the range reads without colour: 2 px high, 20 px
/// apart, meeting their neighbours' across the range. Level, because the PNG's row filter
/// predicts a level line whole, where diagonal hatching cost a few bytes on every row it
/// crossed: the busiest late positions, a range over most of the board, then came to over
/// 200 KB from the fast compressor and were compressed again (3-4.5 ms).
fn stripes(c: &mut Canvas, x: i32, y: i32, colour: Rgba<u8>) {
    let s = CELL as i32;
    for k in (9..s).step_by(20) {
        c.rect(x, y + k, s as u32, 2, colour);
    }
}

/// The range of the open transport step, else of the last activation of this or the previous
/// turn (older ones no longer explain the board).
fn activation(c: &mut Canvas, g: &Battlezone, b: &Turned) {
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
        let (x, y) = corner(b, sq);
        c.shade(x, y, CELL as u32, CELL as u32, tint, 0.22);
        stripes(c, x, y, darker(tint, 0.8));
    }
    // Outline of the whole (clipped) range.
    let f0 = square.file().saturating_sub(radius);
    let f1 = (square.file() + radius).min(7);
    let r0 = square.rank().saturating_sub(radius);
    let r1 = (square.rank() + radius).min(7);
    // The range's top left corner in the picture, whichever way the board is turned.
    let (xa, ya) = corner(b, Square::new(f0, r1));
    let (xb, yb) = corner(b, Square::new(f1, r0));
    let (x0, y0) = (xa.min(xb), ya.min(yb));
    let w = ((f1 - f0 + 1) as f32 * CELL) as u32;
    let h = ((r1 - r0 + 1) as f32 * CELL) as u32;
    c.frame(x0, y0, w, h, 3, darker(tint, 0.7));
}

/// The actions the picture recalls: the turn in progress, or the whole previous turn when the
/// new one has not started acting yet.
pub(super) fn recent(g: &Battlezone) -> (Vec<LastAction>, bool) {
    let now: Vec<LastAction> = g.turn_actions().collect();
    if now.is_empty() {
        (g.previous_turn_actions().collect(), false)
    } else {
        (now, true)
    }
}

/// Outlines the squares of the recent actions, numbered in order; the latest is the boldest.
fn last_action(c: &mut Canvas, g: &Battlezone, b: &Turned) {
    let (actions, _) = recent(g);
    let n = actions.len();
    for (k, a) in actions.iter().enumerate() {
        let latest = k + 1 == n;
        let t = if latest { 5 } else { 3 };
        let sqs: Vec<Square> = a.squares.iter().flatten().copied().collect();
        b.mark_move(c, &sqs, t, 0.45);
        // An exit: an arrow from the square off the far edge.
        if let (Move::Move { from, dir, .. }, 1) = (a.mv, sqs.len()) {
            // An arrowhead on the board's edge, pointing off it.
            let (cx, cy) = b.centre(from);
            let (dx, dy) = dir.delta();
            // Half turned, every direction on the board points the other way in the picture.
            let k = if b.turn == Turn::HALF { -1.0 } else { 1.0 };
            let (ux, uy) = (k * dx as f32, -k * dy as f32);
            let len = (ux * ux + uy * uy).sqrt();
            let (ux, uy) = (ux / len, uy / len);
            let reach = CELL * 0.5 * len;
            let tip = (cx + ux * (reach + 4.0), cy + uy * (reach + 4.0));
            let back = (cx + ux * (reach - 16.0), cy + uy * (reach - 16.0));
            c.thick_line((cx, cy), back, 5.0, c.pal.highlight);
            c.polygon(
                &[
                    tip,
                    (back.0 - uy * 11.0, back.1 + ux * 11.0),
                    (back.0 + uy * 11.0, back.1 - ux * 11.0),
                ],
                c.pal.highlight,
                Some(c.pal.highlight),
            );
        }
    }
}

/// The order badges go on top of the pyramids.
fn action_badges(c: &mut Canvas, g: &Battlezone, b: &Turned) {
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
        let (x, y) = corner(b, sq);
        let (bx, by) = (x as f32 + 13.0, y as f32 + 13.0 + stack * 24.0);
        c.disc(bx, by, 11.0, c.pal.highlight);
        c.text_centered(bx, by, 15.0, true, palette::WHITE, &(k + 1).to_string());
    }
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::GameKind;
    use crate::render::tests::sample;

    /// Pictures stay small for chat (their speed is benchmarked, not tested).
    #[test]
    fn pictures_are_small() {
        let history = "place a1 yellow; move a1 ne; upgrade b2; place f8 yellow; place c8 blue; \
             place g8 red; place h1 black; place c1 green; place a1 red; activate f8; \
             transport g8 g7; move g7 e; move h7 w; place d1 black; upgrade d1; place g1 blue; \
             move c8 sw; upgrade g7; place c8 black; move c1 ne; move d2 e; move g1 w; \
             move b7 e; move g7 w; place e8 yellow; move e2 ne joker; move f3 nw; move h1 w; \
             place d8 red; activate c7";
        let g = sample(GameKind::Battlezone, 2, 3, &[], history);
        let png = crate::render::png(&g, &View::default());
        assert!(
            png.len() < crate::render::tests::LIMIT,
            "{} bytes",
            png.len()
        );
        let img = image::load_from_memory(&png).unwrap();
        // Issue 26: narrow enough to read on a phone.
        assert!((520..=600).contains(&img.width()));
    }

    /// Issue 30: stamped pyramids, supply and legend give the very pixels drawing them afresh
    /// gives, at every position of whole games (pyramids on striped, shaded and outlined
    /// squares, supplies running out), in both themes and languages, from either side.
    #[test]
    fn stamps_draw_the_same_pixels_as_drawing_afresh() {
        use crate::engine::rng::SplitMix64;
        use crate::render::{image, layers::uncached, Theme};
        for seed in [3, 8] {
            let mut g = sample(GameKind::Battlezone, 2, seed, &[("turn_limit", "40")], "");
            let mut rng = SplitMix64::new(seed);
            let mut ply = 0;
            while !g.is_over() {
                let view = View {
                    theme: Theme::ALL[ply % 2],
                    lang: crate::i18n::Lang::all().nth(ply / 2 % 2).unwrap(),
                    side: [None, Some(1), Some(2)][ply % 3],
                    ..View::default()
                };
                let fresh = uncached(|| image(&g, &view));
                assert!(image(&g, &view) == fresh, "seed {seed} ply {ply}");
                assert!(image(&g, &view) == fresh, "seed {seed} ply {ply}, kept");
                let moves = g.legal_moves();
                g.play(&moves[rng.below(moves.len() as u64) as usize])
                    .unwrap();
                ply += 1;
            }
            assert!(ply > 60, "seed {seed}: {ply} plies");
        }
    }

    /// A pyramid is stamped once for every square (`pieces::pyramid`): on every square, each
    /// pyramid in each language and theme paints what drawing it there paints, over flat
    /// and varied ground.
    #[test]
    fn stamps_move_from_square_to_square() {
        use crate::engine::board::Size;
        use crate::render::{palette, stamp};
        let (w, h) = (572, 1078);
        let [flat, varied] = crate::render::tests::stamp_grounds(w, h);
        let mut direct = Canvas::new(w, h, rgb(0));
        let mut stamped = Canvas::new(w, h, rgb(0));
        for pal in [&palette::LIGHT, &palette::DARK] {
            (direct.pal, stamped.pal) = (pal, pal);
            for lang in crate::i18n::Lang::all() {
                for colour in Colour::ALL {
                    for size in Size::ALL {
                        for ctrl in [None, Some(1), Some(2)] {
                            let p = Piece::new(colour, size, ctrl);
                            for (k, sq) in Square::all(8, 8).enumerate() {
                                let ground = if k % 2 == 0 { &flat } else { &varied };
                                direct.img.clone_from(ground);
                                stamped.img.clone_from(ground);
                                let (cx, cy) = GRID.turned(Turn::NONE).centre(sq);
                                stamp::uncached(|| pyramid(&mut direct, cx, cy, p, CELL, lang));
                                pyramid(&mut stamped, cx, cy, p, CELL, lang);
                                assert!(direct.img == stamped.img, "{p:?} on {sq} in {lang:?}");
                            }
                        }
                    }
                }
            }
        }
    }

    /// A long computer player's name is shortened before the rank line, in either language
    /// (issue 26: it ran into it, and over it in French).
    #[test]
    fn long_names_stop_before_the_rank_line() {
        let g = sample(GameKind::Battlezone, 2, 3, &[], "");
        for lang in crate::i18n::Lang::all() {
            let view = View {
                names: vec!["Plateau (hard)".into(), "Plateau (hard) again".into()],
                lang,
                ..View::default()
            };
            let c = crate::render::drawn(&g, &view);
            let header: Vec<_> = c.layout.texts.iter().filter(|t| t.0.y < 80.0).collect();
            for (i, a) in header.iter().enumerate() {
                for b in &header[i + 1..] {
                    assert!(!a.0.overlaps(&b.0), "{lang:?}: {} over {}", a.2, b.2);
                }
            }
        }
    }

    /// Issue 43: at phone width a computer player's name and level read whole, each name
    /// with its seat (`ana (Sou…` and `Plateau …` were cut off), in both languages and
    /// themes, and the picture passes the phone-width checks.
    #[test]
    fn names_with_their_seat_and_level_read_whole() {
        let g = sample(GameKind::Battlezone, 2, 3, &[], "place a1 yellow");
        for lang in crate::i18n::Lang::all() {
            for theme in crate::render::Theme::ALL {
                let view = View {
                    names: vec!["ana".into(), "Plateau hard".into()],
                    lang,
                    theme,
                    side: None,
                };
                let c = crate::render::drawn(&g, &view);
                let texts: Vec<&str> = c.layout.texts.iter().map(|t| t.2.as_str()).collect();
                for whole in ["ana", "Plateau hard"] {
                    assert!(texts.contains(&whole), "{lang:?} {theme:?}: {texts:?}");
                }
                for (seat, label) in [(1, "South"), (2, "North")] {
                    let side = crate::tr!(
                        lang,
                        "board-battlezone-side",
                        label = g.seat_label(seat),
                        rank = if seat == 1 { 1 } else { 8 }
                    );
                    assert!(texts.contains(&side.as_str()), "{lang:?}: no {label} line");
                }
                let problems = crate::render::checks::problems(&c);
                assert!(problems.is_empty(), "{lang:?} {theme:?}: {problems:#?}");
            }
        }
    }
}
