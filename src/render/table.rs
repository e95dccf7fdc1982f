//! A table of text as a picture (tournament standings): a title, a bold header row, rows on
//! alternating shades, columns as wide as their widest cell. Numbers align right.

use super::canvas::{Align, Canvas};
use super::palette::{BACKGROUND, INK, LIGHT_SQUARE, MUTED, WHITE};

const SIZE: f32 = 22.0;
const ROW: u32 = 36;
const PAD: u32 = 16;

/// The PNG of `rows` under `header`, titled `title`.
pub fn png(title: &str, header: &[String], rows: &[Vec<String>]) -> Vec<u8> {
    let cols = header.len();
    let mut widths: Vec<u32> = header
        .iter()
        .map(|h| Canvas::text_width(SIZE, true, h))
        .collect();
    for r in rows {
        for (c, cell) in r.iter().enumerate().take(cols) {
            widths[c] = widths[c].max(Canvas::text_width(SIZE, false, cell));
        }
    }
    let table_w: u32 = widths.iter().map(|w| w + 2 * PAD).sum();
    let title_w = Canvas::text_width(SIZE * 1.2, true, title) + 2 * PAD;
    let width = table_w.max(title_w) + 2 * PAD;
    let height = PAD * 2 + ROW * (rows.len() as u32 + 2);
    let mut c = Canvas::new(width, height, BACKGROUND);
    c.text(
        PAD as f32,
        PAD as f32,
        SIZE * 1.2,
        true,
        Align::Left,
        INK,
        title,
    );
    let numeric = |c: usize| {
        rows.iter()
            .all(|r| r.get(c).is_some_and(|v| v.parse::<f64>().is_ok()))
    };
    let mut y = PAD + ROW;
    for (i, line) in std::iter::once(header.to_vec())
        .chain(rows.iter().cloned())
        .enumerate()
    {
        let shade = if i == 0 {
            LIGHT_SQUARE
        } else if i % 2 == 0 {
            WHITE
        } else {
            BACKGROUND
        };
        c.rect(PAD as i32, y as i32, table_w, ROW, shade);
        let mut x = PAD;
        for (col, cell) in line.iter().enumerate().take(cols) {
            let w = widths[col] + 2 * PAD;
            let colour = if i == 0 { MUTED } else { INK };
            if numeric(col) && i > 0 {
                c.text(
                    (x + w - PAD) as f32,
                    (y + 6) as f32,
                    SIZE,
                    false,
                    Align::Right,
                    colour,
                    cell,
                );
            } else {
                c.text(
                    (x + PAD) as f32,
                    (y + 6) as f32,
                    SIZE,
                    i == 0,
                    Align::Left,
                    colour,
                    cell,
                );
            }
            x += w;
        }
        y += ROW;
    }
    c.into_png()
}
