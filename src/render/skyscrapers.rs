//! The Sky Scrapers board: the hexagon of 42 triangles with every vertex named, a header with
//! each player's skyscraper count and tallest stack, and the last move's path.
//!
//! Drawn for a phone: 560 pixels wide, no text under 15 pixels, so that every word is at least
//! 10 pixels tall when Discord's phone app shows it 400 pixels wide. Turned half round when it
//! is drawn for White (seat 2): the hexagon maps onto itself, its vertices keep their names.
//!
//! Nothing relies on hue alone: Green stacks are dark with white digits, White stacks light
//! with black digits; every stack shows its height as a number and, beside it, a strip with one
//! band per pawn, bottom to top; skyscrapers (4 or more) are hexagonal towers instead of discs.

use super::canvas::{regular, Align, Area, Canvas};
use super::fit::{ellipsis, wrap};
use super::headline;
use super::layers::{self, Key};
use super::palette::{self, darker, ink_on, text_on};
use super::panel::SeatBox;
use super::view::View;
use crate::engine::skyscrapers::{HexDir, Move, Skyscrapers, Stack, Vertex, SKYSCRAPER};
use crate::engine::Game;
use crate::tr;
use image::Rgba;

const WIDTH: f32 = 560.0;
const MARGIN: f32 = 24.0;
const INNER: f32 = WIDTH - 2.0 * MARGIN;
/// Triangle side in pixels.
const SIDE: f32 = 80.0;
/// How far the board's tray extends beyond the outer lines: far enough to hold the names
/// under the bottom row.
const TRAY: f32 = 48.0;
const DISC: f32 = 21.0;
const TOWER: f32 = 26.0;
const STRIP_W: f32 = 11.0;
const STRIP_H: f32 = 40.0;
const TITLE: f32 = 18.0;
const TITLE_STEP: f32 = 23.0;
/// The smallest text: 10.7 pixels tall at phone width.
const SMALL: f32 = 15.0;
const SMALL_STEP: f32 = 19.0;
/// The legend is in the muted grey, which needs a size more than ink to read at phone
/// width (issue 43).
const LEGEND: f32 = 16.0;
const LEGEND_STEP: f32 = 20.0;
const SEAT_H: f32 = 34.0;
const SEAT_GAP: f32 = 6.0;
/// Vertex names.
const NAME: f32 = 15.0;

const GREEN: Rgba<u8> = palette::SEATS[2].0;
const WHITE_PAWN: Rgba<u8> = palette::WHITE;

pub(super) fn seat_fill(seat: u8) -> Rgba<u8> {
    if seat == 1 {
        GREEN
    } else {
        WHITE_PAWN
    }
}

fn row_height() -> f32 {
    SIDE * 3f32.sqrt() / 2.0
}

/// Where the board is on the picture, and whether it is turned half round.
struct Geo {
    /// The height of row 7 (row 1 when turned).
    top: f32,
    turned: bool,
}

impl Geo {
    /// Pixel position of a vertex: row 7 at the top, doubled X scaled to half a side; turned
    /// half round, row 1 at the top and the rows read right to left.
    fn point(&self, v: Vertex) -> (f32, f32) {
        let (mut x2, mut row) = (v.x2() as f32, v.row() as f32);
        if self.turned {
            (x2, row) = (-x2, 6.0 - row);
        }
        (
            WIDTH / 2.0 + x2 * SIDE / 2.0,
            self.top + (6.0 - row) * row_height(),
        )
    }

    fn centre(&self) -> (f32, f32) {
        (WIDTH / 2.0, self.top + 3.0 * row_height())
    }
}

/// The words around the board. The title is fitted to one line and the note under the board
/// (a skipped turn, how the game ended) has room for two, so that the layout never depends on
/// the position or the names: the frames of a replay share it.
struct Words {
    title: (String, f32),
    note: Vec<String>,
    legend: Vec<String>,
}

fn words(g: &Skyscrapers, view: &View) -> Words {
    let fit = |make: &dyn Fn(&str) -> String, names: &str| {
        headline::fitted(make, names, TITLE, SMALL, true, INNER)
    };
    let (title, note) = match g.outcome() {
        Some(o) => {
            let t = if o.winners.len() == 1 {
                let w = o.winners[0];
                let make = |n: &str| tr!(view.lang, "board-wins", who = n);
                fit(&make, &who(g, view, w))
            } else {
                (tr!(view.lang, "board-draw"), TITLE)
            };
            (t, view.say(&o.reason))
        }
        None => {
            let seat = g.to_move().unwrap_or(1);
            let status: Vec<String> = g.status().iter().map(|m| view.say(m)).collect();
            let placing = if g.placing() { "yes" } else { "no" };
            let make = |n: &str| tr!(view.lang, "board-skyscrapers-title", who = n, placing);
            (fit(&make, &who(g, view, seat)), status.join(" "))
        }
    };
    let mut legend = wrap(
        &tr!(view.lang, "board-skyscrapers-legend-stacks"),
        LEGEND,
        INNER,
        2,
    );
    legend.extend(wrap(
        &tr!(view.lang, "board-skyscrapers-legend-owner"),
        LEGEND,
        INNER,
        2,
    ));
    Words {
        title,
        note: wrap(&note, SMALL, INNER, 2),
        legend,
    }
}

/// Where the board is on the picture, from `view`'s side.
fn geo(view: &View) -> Geo {
    let seats_top = 8.0 + TITLE_STEP;
    Geo {
        top: seats_top + 2.0 * (SEAT_H + SEAT_GAP) + TRAY + 10.0,
        turned: view.side == Some(2),
    }
}

/// The position with a move being chosen marked on it (the move picker, see
/// [`super::marks`]): the stack chosen, the vertices it can land on, and those where it
/// would land on the opponent's stack. The marks name vertices as squares of the notation.
pub fn draw_marked(g: &Skyscrapers, view: &View, marks: &super::Marks) -> Canvas {
    let mut c = draw(g, view);
    let geo = geo(view);
    super::marks::draw(&mut c, marks, view.theme, SIDE * 0.7, |sq| {
        Vertex::parse(&sq.to_string()).ok().map(|v| geo.point(v))
    });
    c
}

pub fn draw(g: &Skyscrapers, view: &View) -> Canvas {
    let w = words(g, view);
    let seats_top = 8.0 + TITLE_STEP;
    let geo = geo(view);
    let board_top = geo.top;
    let note_top = board_top + 6.0 * row_height() + TRAY + 8.0;
    let legend_top = note_top + 2.0 * SMALL_STEP + 4.0;
    let h = legend_top + LEGEND_STEP * w.legend.len() as f32 + 8.0;
    // The hexagon and the legend under it never change within a game: kept, and the rest
    // drawn on a copy (none of it overlaps the legend, and the board only from above).
    let key = Key::new("skyscrapers", WIDTH as u32, h as u32, view, true).shape([
        u32::from(geo.turned),
        0,
        0,
    ]);
    let mut c = layers::base(key, view, |c| {
        board(c, &geo);
        let muted = c.pal.muted;
        for (i, line) in w.legend.iter().enumerate() {
            let y = legend_top + LEGEND_STEP * i as f32;
            c.text(WIDTH / 2.0, y, LEGEND, false, Align::Center, muted, line);
        }
    });
    let ink = c.pal.ink;
    let (title, size) = &w.title;
    c.text(MARGIN, 8.0, *size, true, Align::Left, ink, title);
    seats(&mut c, g, view, seats_top);
    if let Some(mv) = g.last_move() {
        last_move_under(&mut c, &geo, g, mv);
    }
    for v in Vertex::all() {
        let s = g.stack(v);
        if s.height == 0 {
            let (x, y) = geo.point(v);
            c.disc(x, y, 5.0, c.pal.grid);
        }
    }
    if let Some(mv) = g.last_move() {
        last_move_over(&mut c, &geo, g, mv);
    }
    for v in Vertex::all() {
        let s = g.stack(v);
        if s.height > 0 {
            stack(&mut c, &geo, v, s);
        }
    }
    // Names last: the last move's ring must not hide them.
    for v in Vertex::all() {
        label(&mut c, &geo, v);
    }
    for (i, line) in w.note.iter().enumerate() {
        let y = note_top + SMALL_STEP * i as f32;
        c.text(WIDTH / 2.0, y, SMALL, true, Align::Center, ink, line);
    }
    c
}

fn board(c: &mut Canvas, geo: &Geo) {
    let corners = ["a1", "c1", "f4", "c7", "a7", "a4"].map(|n| {
        let v = Vertex::parse(n).expect("corner names are vertices");
        let (x, y) = geo.point(v);
        // Offset every side outward by TRAY: the corner moves TRAY / sin 60 along its
        // bisector (every interior angle is 120 degrees), so outer names sit on the board.
        let (cx, cy) = geo.centre();
        let (dx, dy) = (x - cx, y - cy);
        let len = (dx * dx + dy * dy).sqrt();
        let k = TRAY / (std::f32::consts::PI / 3.0).sin();
        (x + dx / len * k, y + dy / len * k)
    });
    c.polygon(&corners, c.pal.light_square, Some(c.pal.grid));
    for v in Vertex::all() {
        for d in [HexDir::E, HexDir::Ne, HexDir::Nw] {
            if let Some(n) = v.step(d) {
                // Bars, not anti-aliased lines: the board's 71 lines stay crisp, the PNG small.
                c.bar(geo.point(v), geo.point(n), 3.0, c.pal.grid);
            }
        }
    }
}

/// The vertex name just below the vertex, where no edge runs.
fn label(c: &mut Canvas, geo: &Geo, v: Vertex) {
    let (x, y) = geo.point(v);
    let name = v.to_string();
    let w = Canvas::text_width(NAME, true, &name) as f32;
    let top = y + TOWER + 2.0;
    c.rect(
        (x - w / 2.0 - 3.0) as i32,
        top as i32 - 1,
        (w + 6.0) as u32,
        NAME as u32 + 3,
        c.pal.light_square,
    );
    c.text(x, top, NAME, true, Align::Center, c.pal.ink, &name);
}

fn last_move_under(c: &mut Canvas, geo: &Geo, g: &Skyscrapers, mv: Move) {
    if let Move::Move { from, to } = mv {
        let a = geo.point(from);
        let b = geo.point(to);
        c.thick_line(a, b, 7.0, c.pal.highlight_fill);
        c.thick_line(a, b, 3.0, c.pal.highlight);
        // Vertices jumped over get a tick so the step count reads off the picture.
        if let Some((d, k)) = from.line_to(to) {
            for i in 1..k {
                if let Some(p) = from.reach(d, i) {
                    if g.height(p) == 0 {
                        let (x, y) = geo.point(p);
                        c.disc(x, y, 7.0, c.pal.highlight);
                    }
                }
            }
        }
        let (x, y) = a;
        c.disc(x, y, 16.0, c.pal.highlight_fill);
        c.ring(x, y, 16.0, 4.0, c.pal.highlight);
    }
}

fn last_move_over(c: &mut Canvas, geo: &Geo, g: &Skyscrapers, mv: Move) {
    let v = match mv {
        Move::Place { vertex } => vertex,
        Move::Move { from, to } => {
            // An arrowhead on the path, just before the destination's stack.
            let (ax, ay) = geo.point(from);
            let (bx, by) = geo.point(to);
            let len = ((bx - ax).powi(2) + (by - ay).powi(2)).sqrt().max(1.0);
            let (ux, uy) = ((bx - ax) / len, (by - ay) / len);
            let tip = (bx - ux * (TOWER + 7.0), by - uy * (TOWER + 7.0));
            let back = (tip.0 - ux * 16.0, tip.1 - uy * 16.0);
            let (nx, ny) = (-uy * 9.0, ux * 9.0);
            c.polygon(
                &[tip, (back.0 + nx, back.1 + ny), (back.0 - nx, back.1 - ny)],
                c.pal.highlight,
                Some(c.pal.highlight),
            );
            to
        }
    };
    let (x, y) = geo.point(v);
    let r = if g.height(v) >= SKYSCRAPER {
        TOWER + 6.0
    } else {
        DISC + 6.0
    };
    c.ring(x, y, r, 4.0, c.pal.highlight);
}

fn stack(c: &mut Canvas, geo: &Geo, v: Vertex, s: Stack) {
    let (x, y) = geo.point(v);
    let owner = s.owner().unwrap_or(1);
    let fill = seat_fill(owner);
    let edge = c.pal.ink;
    let (body_r, body_w) = if s.height >= SKYSCRAPER {
        // A tower: hexagon with a double outline.
        let outer = regular(x, y, TOWER + 1.0, 6, 0.0);
        c.polygon(&outer, edge, Some(edge));
        let inner = regular(x, y, TOWER - 2.0, 6, 0.0);
        c.polygon(&inner, fill, Some(edge));
        let core = regular(x, y, TOWER - 6.0, 6, 0.0);
        c.polygon(&core, fill, Some(darker(fill, 0.55)));
        (TOWER + 1.0, (TOWER + 1.0) * 3f32.sqrt() / 2.0)
    } else {
        c.disc(x, y, DISC + 2.0, edge);
        c.disc(x, y, DISC - 1.0, fill);
        (DISC + 2.0, DISC + 2.0)
    };
    let digits = s.height.to_string();
    // Bold and at least 19 pixels: large text, for which white on Green's 3.4:1 passes WCAG.
    let size = if s.height >= 10 { 19.0 } else { 24.0 };
    c.text_centered(x, y + 2.0, size, true, ink_on(fill), &digits);
    let mut right = x + body_w + 1.0;
    let mut half = body_r + 1.0;
    if s.height > 1 {
        strip(c, x + body_w + 3.0, y, s);
        right = x + body_w + 3.0 + STRIP_W + 2.0;
        half = half.max(STRIP_H / 2.0 + 2.0);
    }
    let left = x - body_w - 1.0;
    c.note_piece(
        Area {
            x: left,
            y: y - half,
            w: right - left,
            h: 2.0 * half,
        },
        // Half a side either way and half a row up and down: the boxes of two neighbouring
        // vertices touch but do not overlap.
        Area {
            x: x - SIDE / 2.0,
            y: y - row_height() / 2.0,
            w: SIDE,
            h: row_height(),
        },
    );
}

/// One band per pawn, bottom to top, so mixed stacks show every layer.
fn strip(c: &mut Canvas, left: f32, cy: f32, s: Stack) {
    let top = cy - STRIP_H / 2.0;
    // Dark in both themes: the gaps between White's bands must show.
    c.rect(
        left as i32 - 2,
        top as i32 - 2,
        STRIP_W as u32 + 4,
        STRIP_H as u32 + 4,
        palette::INK,
    );
    let band = STRIP_H / s.height as f32;
    for i in 0..s.height {
        let y1 = cy + STRIP_H / 2.0 - (i as f32 + 1.0) * band;
        let y0 = y1.round() as i32;
        let y_end = (y1 + band).round() as i32;
        let gap = if band >= 3.0 && i + 1 < s.height {
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

/// A row per seat: its disc and initial, its player, and its tally (or, during a free set-up,
/// how many pawns it has placed); the seat to move framed in ink.
fn seats(c: &mut Canvas, g: &Skyscrapers, view: &View, top: f32) {
    let tally = g.tally();
    let look = SeatBox {
        fill: c.pal.panel,
        frame: (3, c.pal.ink),
        idle: Some((1, c.pal.grid)),
    };
    for seat in 1..=2u8 {
        let x = MARGIN;
        let y = top + (seat - 1) as f32 * (SEAT_H + SEAT_GAP);
        let to_move = g.to_move() == Some(seat);
        look.draw(c, x as i32, y as i32, INNER as u32, SEAT_H as u32, to_move);
        let fill = seat_fill(seat);
        let (cx, cy) = (x + 20.0, y + SEAT_H / 2.0);
        c.disc(cx, cy, 14.0, c.pal.ink);
        c.disc(cx, cy, 12.0, fill);
        let initial = tr!(view.lang, "board-skyscrapers-initial", seat);
        c.text_centered(cx, cy + 1.0, SMALL, true, text_on(fill), &initial);
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
        let ink = c.pal.ink;
        let line_w = c.text(
            x + INNER - 10.0,
            y + 9.0,
            SMALL,
            false,
            Align::Right,
            ink,
            &line,
        );
        let room = INNER - 42.0 - line_w as f32 - 24.0;
        let name = ellipsis(&player_name(g, view, seat), 16.0, true, room);
        c.text(x + 42.0, y + 8.0, 16.0, true, Align::Left, ink, &name);
    }
}

/// `alice (Green)`, or the seat's label alone when it has no player's name.
fn who(g: &Skyscrapers, view: &View, seat: u8) -> String {
    let name = player_name(g, view, seat);
    let label = view.say(&g.seat_label(seat));
    if name == label {
        name
    } else {
        tr!(view.lang, "board-name-label", name, label)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{AnyGame, GameKind};
    use crate::render::checks::problems;
    use crate::render::tests::sample;
    use crate::render::Theme;

    /// The rules' example 6 (the original's end position), with a stack of 11 beside it.
    fn end_position() -> AnyGame {
        let mut g = Skyscrapers::empty();
        let eleven = ("c1", "GWGWGWGWGWG");
        for (n, l) in crate::engine::skyscrapers::EXAMPLE_6
            .into_iter()
            .chain([eleven])
        {
            g.put(Vertex::parse(n).unwrap(), Stack::from_letters(l).unwrap());
        }
        g.begin(1);
        AnyGame::Skyscrapers(g)
    }

    /// The positions most likely to crowd the picture: the opening (a stack on every vertex),
    /// a midgame, a finished game, a free set-up, the tall stacks of the rules' example 6.
    fn hard_positions() -> Vec<AnyGame> {
        let kind = GameKind::Skyscrapers;
        vec![
            sample(kind, 2, 0, &[], ""),
            sample(
                kind,
                2,
                0,
                &[],
                "move a7 b7; move a1 a2; move b3 a3; move a4 a3; move c5 d4; move a6 b5; \
                 move d2 c2; move c3 b2; move d4 b4; move e4 e3; move f4 e5; move e3 c1; \
                 move b4 b7; move c4 b5; move a5 b5; move c6 d5",
            ),
            sample(
                kind,
                2,
                0,
                &[],
                "move b2 b3; move c6 c7; move d4 c4; move d5 d6; move a7 b7; move c2 c1; \
                 move b1 c1; move a1 a2; move a5 b4; move b5 b6; move d2 d3; move c3 b3; \
                 move d3 c5; move a2 c4; move e5 e4; move a4 b4; move c1 c4; move a6 b6; \
                 move f4 e4; move b4 e4; move b6 a3; move a3 e3; move c7 c5; move b3 e3",
            ),
            sample(
                kind,
                2,
                0,
                &[("setup", "free"), ("pawns", "11")],
                "place c4; place d4; place c3; place d3; place b4",
            ),
            end_position(),
        ]
    }

    /// At phone width every word is readable, no label runs into another and every stack
    /// stays around its vertex: both sides, both themes, both languages, long names. And a
    /// language's pictures are all the same size, as a replay's frames must.
    #[test]
    fn phone_width_layout_holds_for_every_side_theme_and_language() {
        let mut sizes = std::collections::HashMap::new();
        for g in hard_positions() {
            let AnyGame::Skyscrapers(s) = &g else {
                unreachable!()
            };
            let stacks = Vertex::all().filter(|&v| s.height(v) > 0).count();
            for view in crate::render::tests::phone_views(2) {
                let c = crate::render::drawn(&g, &view);
                let found = problems(&c);
                let (theme, lang, side) = (view.theme, view.lang, view.side);
                assert!(
                    found.is_empty(),
                    "{theme:?}, {lang:?}, side {side:?}: {found:#?}"
                );
                assert_eq!(c.layout.pieces.len(), stacks);
                let size = c.img.dimensions();
                assert_eq!(*sizes.entry(lang).or_insert(size), size);
            }
        }
    }

    /// Pictures stay small enough for a chat reply (under 200 KB), in both themes.
    #[test]
    fn render_size() {
        for g in hard_positions() {
            for theme in Theme::ALL {
                let view = View {
                    theme,
                    ..View::default()
                };
                let png = super::super::png(&g, &view);
                assert!(png.len() < 200_000, "{} bytes", png.len());
            }
        }
    }

    /// Drawn for White, the board is turned half round: a1 is at the top right, and its name
    /// still reads "a1" under it.
    #[test]
    fn whites_side_turns_the_board_half_round() {
        let g = sample(GameKind::Skyscrapers, 2, 0, &[], "");
        let at = |side| {
            let view = View {
                side,
                ..View::default()
            };
            let c = crate::render::drawn(&g, &view);
            let a1 = c.layout.texts.iter().find(|t| t.2 == "a1").unwrap().0;
            let f4 = c.layout.texts.iter().find(|t| t.2 == "f4").unwrap().0;
            (a1, f4)
        };
        let (a1, f4) = at(None);
        assert!(a1.y > f4.y && a1.x < f4.x, "{a1:?} {f4:?}");
        let (a1, f4) = at(Some(2));
        assert!(a1.y < f4.y && a1.x > f4.x, "{a1:?} {f4:?}");
        assert_eq!(at(Some(1)), at(None));
    }

    /// Writes the rules' example 6 to /tmp for a look: `cargo test --lib render::skyscrapers
    /// -- --ignored`. The reference pictures of `renders/` are drawn by
    /// `renders/regenerate.sh`.
    #[test]
    #[ignore]
    fn write_pictures() {
        let view = View {
            names: vec!["alice".into(), "bob".into()],
            ..Default::default()
        };
        let png = super::super::png(&end_position(), &view);
        std::fs::write("/tmp/skyscrapers-end.png", png).unwrap();
    }
}
