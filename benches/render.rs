//! A board's picture, drawing and encoding timed apart: `cargo bench --bench render`.
//!
//! For each game at its smallest and largest player count, a position 30 moves (at random,
//! seeded) from the start is drawn and encoded many times; prints the picture's size, the
//! PNG's bytes, and the p50/p99 of drawing and of encoding in milliseconds. `BENCH_ROUNDS`
//! sets how many times each is timed (default 200); `BENCH_COMPARE=1` also times other PNG
//! filters, and RGB against RGBA, on the same pictures.

use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ExtendedColorType, ImageEncoder, RgbaImage};
use plateau::engine::rng::SplitMix64;
use plateau::engine::{AnyGame, GameKind};
use plateau::render::{self, canvas, View};
use std::time::Instant;

/// Encoder settings compared with the one the bot uses, on the same picture.
const FILTERS: [(&str, FilterType); 4] = [
    ("adaptive", FilterType::Adaptive),
    ("paeth", FilterType::Paeth),
    ("up", FilterType::Up),
    ("sub", FilterType::Sub),
];

fn encode_with(img: &RgbaImage, filter: FilterType, rgb: bool) -> Vec<u8> {
    let mut out = Vec::new();
    let enc = PngEncoder::new_with_quality(&mut out, CompressionType::Fast, filter);
    let (w, h) = img.dimensions();
    if rgb {
        // The conversion is part of the cost: the boards are drawn in RGBA.
        let mut raw = vec![0; img.as_raw().len() / 4 * 3];
        for (to, from) in raw.chunks_exact_mut(3).zip(img.as_raw().chunks_exact(4)) {
            to.copy_from_slice(&from[..3]);
        }
        enc.write_image(&raw, w, h, ExtendedColorType::Rgb8)
    } else {
        enc.write_image(img.as_raw(), w, h, ExtendedColorType::Rgba8)
    }
    .expect("encoding into memory");
    out
}

/// Median milliseconds and bytes of each encoder setting on `img`.
fn compare(img: &RgbaImage, rounds: usize) {
    for rgb in [false, true] {
        for (name, filter) in FILTERS {
            let mut ms = Vec::new();
            let mut bytes = 0;
            for _ in 0..rounds {
                let t = Instant::now();
                bytes = encode_with(img, filter, rgb).len();
                ms.push(t.elapsed().as_secs_f64() * 1e3);
            }
            let (p50, _) = quantiles(ms);
            let channels = if rgb { "rgb" } else { "rgba" };
            println!("    {channels:<4} {name:<9} {bytes:>8} bytes {p50:>7.2} ms");
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
        "{:<12} {:>2} {:>9} {:>8} {:>10} {:>10} {:>10} {:>10}",
        "game", "n", "pixels", "bytes", "draw p50", "draw p99", "png p50", "png p99"
    );
    for kind in GameKind::ALL {
        let (min, max) = kind.players();
        let counts = if min == max {
            vec![min]
        } else {
            vec![min, max]
        };
        for players in counts {
            let g = position(kind, players);
            let view = View {
                names: (1..=players).map(|i| format!("Player {i}")).collect(),
                ..View::default()
            };
            let (mut draw, mut encode) = (Vec::new(), Vec::new());
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
            }
            let last = render::image(&g, &view);
            let (d50, d99) = quantiles(draw);
            let (e50, e99) = quantiles(encode);
            println!(
                "{:<12} {:>2} {:>9} {:>8} {:>10.2} {:>10.2} {:>10.2} {:>10.2}",
                kind.id(),
                players,
                format!("{}x{}", size.0, size.1),
                bytes,
                d50,
                d99,
                e50,
                e99
            );
            if std::env::var_os("BENCH_COMPARE").is_some() {
                compare(&last, rounds / 4 + 1);
            }
        }
    }
}
