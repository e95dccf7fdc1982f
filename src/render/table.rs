//! A table of text as a picture (tournament standings): a title, a bold header row, rows on
//! alternating shades, columns as wide as their widest cell. Numbers align right.
//!
//! Discord's phone app shows it about 400 px wide, whatever its width: the picture stays
//! narrow (the title wraps, long names are shortened, the header is a size smaller than the
//! cells) so that its text keeps a readable height there (issue 43: at 400×97 it was tiny).

use super::canvas::{Align, Canvas};
use super::fit::{ellipsis, wrap};
use super::Theme;

const SIZE: f32 = 22.0;
const HEAD: f32 = 18.0;
const ROW: u32 = 34;
const PAD: u32 = 10;
/// The widest a player's name is drawn, in pixels.
const NAME_W: f32 = 200.0;
/// The narrowest picture: a short table still gets its title on few lines.
const MIN_W: u32 = 480;

/// The PNG of `rows` under `header`, titled `title`, in the colours of `theme`.
pub fn png(title: &str, header: &[String], rows: &[Vec<String>], theme: Theme) -> Vec<u8> {
    draw(title, header, rows, theme).into_png()
}

fn draw(title: &str, header: &[String], rows: &[Vec<String>], theme: Theme) -> Canvas {
    let cols = header.len();
    let numeric = |c: usize| {
        rows.iter()
            .all(|r| r.get(c).is_some_and(|v| v.parse::<f64>().is_ok()))
    };
    // Long names are shortened, so that one name cannot make the whole picture wide.
    let rows: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            r.iter()
                .take(cols)
                .enumerate()
                .map(|(c, cell)| {
                    if numeric(c) {
                        cell.clone()
                    } else {
                        ellipsis(cell, SIZE, false, NAME_W)
                    }
                })
                .collect()
        })
        .collect();
    let mut widths: Vec<u32> = header
        .iter()
        .map(|h| Canvas::text_width(HEAD, true, h))
        .collect();
    for r in &rows {
        for (c, cell) in r.iter().enumerate() {
            widths[c] = widths[c].max(Canvas::text_width(SIZE, false, cell));
        }
    }
    let table_w: u32 = widths.iter().map(|w| w + 2 * PAD).sum();
    let width = table_w.max(MIN_W) + 2 * PAD;
    let title_size = SIZE * 1.1;
    let title_lines = wrap(title, title_size, (width - 2 * PAD) as f32, 3);
    let title_h = (title_size * 1.3) as u32 * title_lines.len() as u32 + PAD;
    let height = PAD * 2 + title_h + ROW * (rows.len() as u32 + 1);
    let pal = theme.palette();
    let mut c = Canvas::new(width, height, pal.background);
    c.pal = pal;
    for (i, line) in title_lines.iter().enumerate() {
        let y = PAD as f32 + i as f32 * (title_size * 1.3).floor();
        c.text(PAD as f32, y, title_size, true, Align::Left, pal.ink, line);
    }
    let mut y = PAD + title_h;
    let header = header.iter().take(cols).cloned().collect::<Vec<_>>();
    for (i, line) in std::iter::once(header).chain(rows).enumerate() {
        let (shade, size) = match i {
            0 => (pal.light_square, HEAD),
            _ if i % 2 == 0 => (pal.panel, SIZE),
            _ => (pal.background, SIZE),
        };
        c.rect(PAD as i32, y as i32, table_w, ROW, shade);
        let top = y as f32 + (ROW as f32 - size) / 2.0;
        let mut x = PAD;
        for (col, cell) in line.iter().enumerate() {
            let w = widths[col] + 2 * PAD;
            let (at, align) = if numeric(col) {
                (x + w - PAD, Align::Right)
            } else {
                (x + PAD, Align::Left)
            };
            c.text(at as f32, top, size, i == 0, align, pal.ink, cell);
            x += w;
        }
        y += ROW;
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::checks::problems;

    /// Standings of eight players with long names pass the phone-width checks (text tall
    /// enough at 400 px, 4.5:1 on its ground, nothing overlapping) in both themes, and each
    /// theme draws on its own ground.
    #[test]
    fn standings_read_at_phone_width_in_both_themes() {
        let header: Vec<String> = ["#", "player", "points", "games", "byes", "Buchholz", "SB"]
            .map(String::from)
            .to_vec();
        let rows: Vec<Vec<String>> = (1..=8)
            .map(|i| {
                vec![
                    i.to_string(),
                    format!("Player number {i} with a very long name indeed"),
                    "2.5".into(),
                    "3".into(),
                    (i % 2).to_string(),
                    "10.5".into(),
                    "7.25".into(),
                ]
            })
            .collect();
        let title = "Tournament #12 (swiss, running): standings after round 3";
        for theme in Theme::ALL {
            let c = draw(title, &header, &rows, theme);
            assert!(c.width() <= 700, "{theme:?}: {} px wide", c.width());
            let found = problems(&c);
            assert!(found.is_empty(), "{theme:?}: {found:#?}");
            assert_eq!(*c.img.get_pixel(1, 1), theme.palette().background);
        }
    }
}
