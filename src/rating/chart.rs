//! A user's rating over time, one line per game, as a PNG (plotters on a bitmap, the
//! vendored DejaVu font through ab_glyph, so no system fonts are needed).

use crate::calendar::day;
use crate::render::canvas::encode_png;
use crate::render::glyphs::REGULAR_BYTES;
use crate::render::Theme;
use crate::store::RatingPoint;
use image::RgbaImage;
use plotters::prelude::*;
use plotters::style::{register_font, FontStyle};
use std::sync::Once;

/// About the width of a board: Discord's phone app shows either about 400 px wide, where the
/// labels of an 800 px chart were 7 px tall (issue 43).
pub const WIDTH: u32 = 560;
pub const HEIGHT: u32 = 380;

/// Colour per game, in `GameKind::ALL` order; readable on the theme's ground and for common
/// colour blindness (Okabe-Ito). On the dark ground Blue and Vermilion were too dark: Sky and
/// Orange stand in for them.
fn colours(theme: Theme) -> [RGBColor; 4] {
    let first_two = match theme {
        Theme::Light => [RGBColor(0, 114, 178), RGBColor(213, 94, 0)],
        Theme::Dark => [RGBColor(86, 180, 233), RGBColor(230, 159, 0)],
    };
    [
        first_two[0],
        first_two[1],
        RGBColor(0, 158, 115),
        RGBColor(204, 121, 167),
    ]
}

/// The theme's colours as the chart library takes them.
fn rgb(c: image::Rgba<u8>) -> RGBColor {
    RGBColor(c.0[0], c.0[1], c.0[2])
}

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

/// The chart as PNG bytes, in the colours of `theme`; `title` heads it. `None` if there is
/// nothing to draw.
pub fn png(title: &str, series: &[Series], theme: Theme) -> Option<Vec<u8>> {
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
        draw(&root, title, series, theme, ((t0, t1), (lo, hi))).ok()?;
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
    theme: Theme,
    (time, rating): ((f64, f64), (f64, f64)),
) -> Result<(), String> {
    let e = |e: DrawingAreaErrorKind<_>| e.to_string();
    let pal = theme.palette();
    let (ground, ink) = (rgb(pal.background), rgb(pal.ink));
    let font = |size: u32| ("sans-serif", size).into_font().color(&ink);
    root.fill(&ground).map_err(e)?;
    let mut chart = ChartBuilder::on(root)
        .caption(title, font(24))
        .margin(16)
        .x_label_area_size(36)
        .y_label_area_size(60)
        .build_cartesian_2d(time.0..time.1, rating.0..rating.1)
        .map_err(e)?;
    chart
        .configure_mesh()
        .x_labels(4)
        .y_labels(6)
        .x_label_formatter(&|ms| day(*ms as i64))
        .y_label_formatter(&|r| format!("{r:.0}"))
        .label_style(font(18))
        .axis_style(rgb(pal.muted))
        .light_line_style(TRANSPARENT)
        .bold_line_style(rgb(pal.light_square))
        .draw()
        .map_err(e)?;
    for s in series {
        let colour = colours(theme)[s.colour % 4];
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
        .label_font(font(18))
        .background_style(ground.mix(0.85))
        .border_style(rgb(pal.grid))
        .draw()
        .map_err(e)?;
    Ok(())
}

fn bounds(values: impl Iterator<Item = f64>) -> (f64, f64) {
    values.fold((f64::MAX, f64::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)))
}
