//! A board's picture, drawing and encoding timed apart: `cargo bench --bench render`.
//!
//! For each game at its smallest and largest player count, a position 30 moves (at random,
//! seeded) from the start is drawn and encoded many times; prints the picture's size, the
//! PNG's bytes, and the p50/p99 of drawing and of encoding in milliseconds. `BENCH_ROUNDS`
//! sets how many times each is timed (default 200); `BENCH_COMPARE=1` also times every row
//! filter at three compression levels, indexed (palette) against RGBA, on the same pictures.
//! Both themes; the drawing is timed with the board's unchanging layer kept (issue 30), and,
//! alternately, as before it: drawn afresh (`fresh`) and encoded in RGBA (`rgba`).

use image::RgbaImage;
use plateau::engine::rng::SplitMix64;
use plateau::engine::{AnyGame, GameKind};
use plateau::render::encode::{self, Palette};
use plateau::render::{self, canvas, Theme, View};
use png::{Compression, Filter};
use std::time::Instant;

/// Row filters and compression levels compared with the ones the bot uses, on the same
/// picture.
const FILTERS: [(&str, Filter); 5] = [
    ("none", Filter::NoFilter),
    ("sub", Filter::Sub),
    ("up", Filter::Up),
    ("paeth", Filter::Paeth),
    ("adaptive", Filter::Adaptive),
];
const LEVELS: [(&str, Compression); 3] = [
    ("fastest", Compression::Fastest),
    ("fast", Compression::Fast),
    ("balanced", Compression::Balanced),
];

/// Median milliseconds and bytes of each encoder setting on `img`, indexed (the palette's
/// scan included in its time) and RGBA.
fn compare(img: &RgbaImage, rounds: usize) {
    let time = |encode: &dyn Fn() -> Option<Vec<u8>>| {
        let mut ms = Vec::new();
        let mut bytes = None;
        for _ in 0..rounds {
            let t = Instant::now();
            bytes = encode().map(|b| b.len());
            ms.push(t.elapsed().as_secs_f64() * 1e3);
        }
        (bytes, quantiles(ms).0)
    };
    for (level, compression) in LEVELS {
        for (name, filter) in FILTERS {
            let indexed = time(&|| {
                encode::palette(img).map(|p: Palette| encode::indexed(img, &p, filter, compression))
            });
            let rgba = time(&|| Some(encode::rgba(img, filter, compression)));
            let show = |(bytes, ms): (Option<usize>, f64)| match bytes {
                Some(b) => format!("{b:>8} bytes {ms:>6.2} ms"),
                None => format!("{:>8} colours  {ms:>6.2} ms", ">256"),
            };
            println!(
                "    {level:<8} {name:<8}  indexed {}   rgba {}",
                show(indexed),
                show(rgba)
            );
        }
    }
}

fn position(kind: GameKind, players: u8) -> AnyGame {
    let mut g = AnyGame::create(kind, players, 7, &[]).expect("default options are valid");
    let mut rng = SplitMix64::new(7);
    for _ in 0..30 {
        let moves = g.legal_moves();
        if moves.is_empty() || g.is_over() {
            break;
        }
        let m = &moves[rng.below(moves.len() as u64) as usize];
        g.play(m).expect("a listed move applies");
    }
    g
}

fn quantiles(mut ms: Vec<f64>) -> (f64, f64) {
    ms.sort_by(|a, b| a.total_cmp(b));
    let at = |q: f64| ms[((ms.len() - 1) as f64 * q).round() as usize];
    (at(0.5), at(0.99))
}

fn main() {
    let rounds: usize = std::env::var("BENCH_ROUNDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200);
    println!(
        "{:<12} {:>2} {:<5} {:>9} {:>7} {:>8} {:>10} {:>10} {:>10} {:>10} {:>10} {:>10}",
        "game",
        "n",
        "theme",
        "pixels",
        "colours",
        "bytes",
        "draw p50",
        "draw p99",
        "png p50",
        "png p99",
        "fresh p50",
        "rgba p50"
    );
    for kind in GameKind::ALL {
        let (min, max) = kind.players();
        let counts = if min == max {
            vec![min]
        } else {
            vec![min, max]
        };
        for (players, theme) in counts.iter().flat_map(|&n| Theme::ALL.map(|t| (n, t))) {
            let g = position(kind, players);
            let view = View {
                names: (1..=players).map(|i| format!("Player {i}")).collect(),
                theme,
                ..View::default()
            };
            let (mut draw, mut encode) = (Vec::new(), Vec::new());
            // Before issue 30, timed alternately with the above: every layer drawn afresh,
            // and every picture encoded in RGBA with the Paeth filter.
            let (mut fresh, mut rgba) = (Vec::new(), Vec::new());
            let mut bytes = 0;
            let mut size = (0, 0);
            for _ in 0..rounds {
                let t = Instant::now();
                let img = render::image(&g, &view);
                draw.push(t.elapsed().as_secs_f64() * 1e3);
                let t = Instant::now();
                let png = canvas::encode_png(&img);
                encode.push(t.elapsed().as_secs_f64() * 1e3);
                bytes = png.len();
                size = img.dimensions();
                let t = Instant::now();
                let img = render::layers::uncached(|| render::image(&g, &view));
                fresh.push(t.elapsed().as_secs_f64() * 1e3);
                let t = Instant::now();
                let _ = encode::rgba(&img, Filter::Paeth, Compression::Fast);
                rgba.push(t.elapsed().as_secs_f64() * 1e3);
            }
            let last = render::image(&g, &view);
            let (d50, d99) = quantiles(draw);
            let (e50, e99) = quantiles(encode);
            let (f50, r50) = (quantiles(fresh).0, quantiles(rgba).0);
            println!(
                "{:<12} {:>2} {:<5} {:>9} {:>7} {:>8} {:>10.2} {:>10.2} {:>10.2} {:>10.2} {:>10.2} {:>10.2}",
                kind.id(),
                players,
                theme.name(),
                format!("{}x{}", size.0, size.1),
                encode::palette(&last).map_or(">256".into(), |p| p.colours.len().to_string()),
                bytes,
                d50,
                d99,
                e50,
                e99,
                f50,
                r50
            );
            if std::env::var_os("BENCH_COMPARE").is_some() {
                compare(&last, rounds / 4 + 1);
            }
        }
    }
}
