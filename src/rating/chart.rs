//! A user's rating over time, one line per game, as a PNG (plotters on a bitmap, the
//! vendored DejaVu font through ab_glyph, so no system fonts are needed).

use crate::calendar::day;
use crate::render::canvas::encode_png;
use crate::render::glyphs::REGULAR_BYTES;
use crate::store::RatingPoint;
use image::RgbaImage;
use plotters::prelude::*;
use plotters::style::{register_font, FontStyle};
use std::sync::Once;

pub const WIDTH: u32 = 800;
pub const HEIGHT: u32 = 420;

/// Colour per game, in `GameKind::ALL` order; readable on white and for common colour
/// blindness (Okabe-Ito).
const COLOURS: [RGBColor; 4] = [
    RGBColor(0, 114, 178),
    RGBColor(213, 94, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
];

/// One line of the chart: its legend and its points.
pub struct Series<'a> {
    pub label: String,
    pub colour: usize,
    pub points: &'a [RatingPoint],
}

static FONT: Once = Once::new();

fn font() {
    FONT.call_once(|| {
        if register_font("sans-serif", FontStyle::Normal, REGULAR_BYTES).is_err() {
            tracing::error!("the vendored font did not load into the chart renderer");
        }
    });
}

/// The chart as PNG bytes; `title` heads it. `None` if there is nothing to draw.
pub fn png(title: &str, series: &[Series]) -> Option<Vec<u8>> {
    let all: Vec<&RatingPoint> = series.iter().flat_map(|s| s.points.iter()).collect();
    if all.is_empty() {
        return None;
    }
    font();
    let (t0, t1) = bounds(all.iter().map(|p| p.at_ms as f64));
    let (r0, r1) = bounds(all.iter().map(|p| p.rating));
    // A week at least, ending at the last game, so that the dates under the axis differ.
    let span = (t1 - t0).max(7.0 * 86_400_000.0);
    let pad = span * 0.04;
    let t0 = t1 - span - pad;
    let t1 = t1 + pad;
    // Headroom above the highest point keeps the legend clear of the lines.
    let rows = series.len() as f64;
    let headroom = ((r1 - r0).max(80.0)) * (0.12 + 0.1 * rows);
    let (lo, hi) = ((r0 - 40.0).floor(), (r1 + headroom).ceil());
    let mut buf = vec![255u8; (WIDTH * HEIGHT * 3) as usize];
    {
        let root = BitMapBackend::with_buffer(&mut buf, (WIDTH, HEIGHT)).into_drawing_area();
        draw(&root, title, series, (t0, t1), (lo, hi)).ok()?;
        root.present().ok()?;
    }
    let rgba = RgbaImage::from_fn(WIDTH, HEIGHT, |x, y| {
        let i = ((y * WIDTH + x) * 3) as usize;
        image::Rgba([buf[i], buf[i + 1], buf[i + 2], 255])
    });
    Some(encode_png(&rgba))
}

type Area<'a> = DrawingArea<BitMapBackend<'a>, plotters::coord::Shift>;

fn draw(
    root: &Area,
    title: &str,
    series: &[Series],
    time: (f64, f64),
    rating: (f64, f64),
) -> Result<(), String> {
    let e = |e: DrawingAreaErrorKind<_>| e.to_string();
    root.fill(&WHITE).map_err(e)?;
    let mut chart = ChartBuilder::on(root)
        .caption(title, ("sans-serif", 24))
        .margin(16)
        .x_label_area_size(36)
        .y_label_area_size(56)
        .build_cartesian_2d(time.0..time.1, rating.0..rating.1)
        .map_err(e)?;
    chart
        .configure_mesh()
        .x_labels(5)
        .y_labels(6)
        .x_label_formatter(&|ms| day(*ms as i64))
        .y_label_formatter(&|r| format!("{r:.0}"))
        .label_style(("sans-serif", 15))
        .light_line_style(TRANSPARENT)
        .bold_line_style(RGBColor(225, 225, 225))
        .draw()
        .map_err(e)?;
    for s in series {
        let colour = COLOURS[s.colour % COLOURS.len()];
        let points: Vec<(f64, f64)> = s
            .points
            .iter()
            .map(|p| (p.at_ms as f64, p.rating))
            .collect();
        chart
            .draw_series(LineSeries::new(points.clone(), colour.stroke_width(3)))
            .map_err(e)?
            .label(s.label.as_str())
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(3))
            });
        chart
            .draw_series(points.iter().map(|&p| Circle::new(p, 4, colour.filled())))
            .map_err(e)?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .label_font(("sans-serif", 16))
        .background_style(WHITE.mix(0.85))
        .border_style(RGBColor(200, 200, 200))
        .draw()
        .map_err(e)?;
    Ok(())
}

fn bounds(values: impl Iterator<Item = f64>) -> (f64, f64) {
    values.fold((f64::MAX, f64::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)))
}
