//! A board's picture, drawing and encoding timed apart: `cargo bench --bench render`.
//!
//! For each game at its smallest and largest player count, a position 30 moves (at random,
//! seeded) from the start is drawn and encoded many times; prints the picture's size, the
//! PNG's bytes, and the p50/p99 of drawing and of encoding in milliseconds (encoding as a
//! picture none of whose bands was seen before; `again`, the same picture encoded again, every
//! band kept: `render/bands.rs`). `BENCH_ROUNDS`
//! sets how many times each is timed (default 200); `BENCH_COMPARE=1` also times every row
//! filter at three compression levels, indexed (palette) against RGBA, on the same pictures.
//! Both themes; the drawing is timed with the board's unchanging layer kept (issue 30), and,
//! alternately, as before it: drawn afresh (`fresh`) and encoded in RGBA (`rgba`).
//! `BENCH_LATE=N` instead plays N whole random Battle Zone games (the largest pictures) and
//! compares the encoders on every position.
//!
//! Encoder choices measured (issue 30, 27 November 2026, the 2-core machine under other jobs,
//! so in instructions where times were noisy). Every board is opaque once lines, shading and
//! text keep opaque pixels opaque, and is written as RGB instead of RGBA: on the same 341
//! Sprawl pictures (`BENCH_ONLY=sprawl BENCH_THEME=light BENCH_GAMES=2 valgrind
//! --tool=callgrind` on the service bench) filtering and compressing took 2.82 G instructions
//! instead of 3.53 G, the encoder 3.64 G instead of 4.18 G with the RGB packing (SSSE3) and a
//! vectorised `busy`, and the files are 6-7% smaller (Sprawl 8 players 140,651 bytes instead
//! of 151,233, Battle Zone 129,944 instead of 138,220, the table below). `BENCH_LATE=10`, 1,246
//! positions a theme: Paeth alone reached 205,406 bytes in RGBA (one picture over 200 KB) and
//! 195,894 in RGB (none); the chosen encoder (adaptive past `busy`'s estimate) 187,190.
//! Then the rows were filtered by the project (`encode::rgb_paeth`: Paeth from the RGBA rows
//! straight into RGB residuals, the loop compiled for AVX2 where present, the same bytes as the
//! `png` crate's "rgb paeth" below): the encoder took 2.85 G instructions on those pictures
//! instead of 3.64 G, of which the filter 0.63 G instead of 1.10 G, and no packed copy.
//! Then the adaptive filter was done here too (`encode::rgb_adaptive`, the `png` crate's bytes):
//! 16 M instructions a late Battle Zone picture instead of 21 M, and a tenth of that game's
//! pictures take it. Tried and dropped: copying a picture's residuals from its kept layer
//! where it still shows it (four fifths of a late picture): 0.5 G fewer instructions on the
//! Sprawl pictures above, but no faster by the clock (`encode` then reads the layer and its
//! residuals, 3.5 MB a picture, beside the picture): about 8% slower, timed alternately
//! with plain encoding on this bench's positions.

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

/// An encoder under comparison: its name and what it writes.
type Strategy = (&'static str, fn(&RgbaImage) -> Vec<u8>);

/// The encoder's choice first, then RGB (boards are opaque) with Paeth and adaptive, then RGBA
/// with the row filters at the fast level, and zlib's fastest level (flate2) with Paeth.
const STRATEGIES: [Strategy; 9] = [
    ("chosen", encode::png),
    ("rgb paeth", |i| {
        encode::rgb(i, Filter::Paeth, Compression::Fast).expect("boards are opaque")
    }),
    ("rgb adaptive", |i| {
        encode::rgb(i, Filter::Adaptive, Compression::Fast).expect("boards are opaque")
    }),
    ("paeth", |i| {
        encode::rgba(i, Filter::Paeth, Compression::Fast)
    }),
    ("adaptive", |i| {
        encode::rgba(i, Filter::Adaptive, Compression::Fast)
    }),
    ("up", |i| encode::rgba(i, Filter::Up, Compression::Fast)),
    ("sub", |i| encode::rgba(i, Filter::Sub, Compression::Fast)),
    ("minentropy", |i| {
        encode::rgba(i, Filter::MinEntropy, Compression::Fast)
    }),
    ("paeth zlib 1", |i| zlib(i, 1)),
];

fn zlib(img: &RgbaImage, level: u8) -> Vec<u8> {
    let mut out = Vec::new();
    let mut enc = png::Encoder::new(&mut out, img.width(), img.height());
    enc.set_color(png::ColorType::Rgba);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_deflate_compression(png::DeflateCompression::Level(level));
    enc.set_filter(Filter::Paeth);
    let mut w = enc.write_header().expect("writing into memory");
    w.write_image_data(img.as_raw())
        .expect("the picture's size");
    w.finish().expect("writing into memory");
    out
}

/// `BENCH_LATE=1`: every position of whole random Battle Zone games (the largest pictures),
/// both themes, drawn and encoded with each strategy; prints each one's largest picture, how
/// many passed 170 and 200 KB, and its mean and p99 time (the least of three runs each).
fn late_pictures(games: u64) {
    // BENCH_STRATEGY=name keeps one strategy, BENCH_REPS=1 times once: under callgrind, the
    // instructions of one encoder on the very same positions.
    let only = std::env::var("BENCH_STRATEGY").ok();
    let reps: usize = std::env::var("BENCH_REPS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3);
    let mut rows: Vec<(String, Vec<usize>, Vec<f64>)> = Vec::new();
    for theme in Theme::ALL {
        let mut draw = Vec::new();
        let mut per: Vec<(Vec<usize>, Vec<f64>)> = vec![(Vec::new(), Vec::new()); STRATEGIES.len()];
        for seed in 0..games {
            let options = vec![("turn_limit".to_string(), "40".to_string())];
            let mut g = AnyGame::create(GameKind::Battlezone, 2, seed, &options).unwrap();
            let mut rng = SplitMix64::new(seed);
            let view = View {
                names: vec!["alice".into(), "bob".into()],
                theme,
                ..View::default()
            };
            loop {
                let best = |f: &dyn Fn()| {
                    (0..reps)
                        .map(|_| {
                            let t = Instant::now();
                            f();
                            t.elapsed().as_secs_f64() * 1e3
                        })
                        .fold(f64::MAX, f64::min)
                };
                draw.push(best(&|| {
                    render::image(&g, &view);
                }));
                let img = render::image(&g, &view);
                for (k, (name, encode)) in STRATEGIES.iter().enumerate() {
                    if only.as_deref().is_some_and(|o| o != *name) {
                        continue;
                    }
                    per[k].0.push(encode(&img).len());
                    per[k].1.push(best(&|| {
                        encode(&img);
                    }));
                }
                let moves = g.legal_moves();
                if moves.is_empty() || g.is_over() {
                    break;
                }
                let m = &moves[rng.below(moves.len() as u64) as usize];
                g.play(m).expect("a listed move applies");
            }
        }
        rows.push((format!("{} draw", theme.name()), Vec::new(), draw));
        for (k, (bytes, ms)) in per.into_iter().enumerate() {
            if ms.is_empty() {
                continue;
            }
            rows.push((format!("{} {}", theme.name(), STRATEGIES[k].0), bytes, ms));
        }
    }
    for (name, mut bytes, ms) in rows {
        let n = ms.len();
        let mean = ms.iter().sum::<f64>() / n as f64;
        let (p50, p99) = quantiles(ms);
        bytes.sort();
        let over = |k: usize| bytes.iter().filter(|&&b| b > k * 1024).count();
        println!(
            "{name:<22} n={n:<5} mean {mean:>6.2} ms p50 {p50:>6.2} p99 {p99:>6.2}  max {:>7} bytes, over 170 KB {:>4}, over 200 KB {:>4}",
            bytes.last().copied().unwrap_or(0),
            over(170),
            over(200)
        );
    }
}

fn main() {
    if let Some(games) = std::env::var("BENCH_LATE")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        late_pictures(games);
        return;
    }
    let rounds: usize = std::env::var("BENCH_ROUNDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200);
    println!(
        "{:<12} {:>2} {:<5} {:>9} {:>7} {:>8} {:>10} {:>10} {:>10} {:>10} {:>10} {:>10} {:>10}",
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
        "again p50",
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
            let (mut draw, mut encode, mut again) = (Vec::new(), Vec::new(), Vec::new());
            // Before issue 30, timed alternately with the above: every layer drawn afresh,
            // and every picture encoded in RGBA with the Paeth filter.
            let (mut fresh, mut rgba) = (Vec::new(), Vec::new());
            let mut bytes = 0;
            let mut size = (0, 0);
            for _ in 0..rounds {
                let t = Instant::now();
                let img = render::image(&g, &view);
                draw.push(t.elapsed().as_secs_f64() * 1e3);
                // As a picture none of whose bands was seen before: its worst case.
                let t = Instant::now();
                let png = render::bands::unkept(|| canvas::encode_png(&img));
                encode.push(t.elapsed().as_secs_f64() * 1e3);
                let t = Instant::now();
                let _ = canvas::encode_png(&img);
                again.push(t.elapsed().as_secs_f64() * 1e3);
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
            let a50 = quantiles(again).0;
            println!(
                "{:<12} {:>2} {:<5} {:>9} {:>7} {:>8} {:>10.2} {:>10.2} {:>10.2} {:>10.2} {:>10.2} {:>10.2} {:>10.2}",
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
                a50,
                f50,
                r50
            );
            if std::env::var_os("BENCH_COMPARE").is_some() {
                compare(&last, rounds / 4 + 1);
            }
        }
    }
}
