//! Board sizes render; reference pictures for a look.

use super::*;
use crate::engine::{AnyGame, GameKind};

fn replay(players: u8, opts: &[(&str, &str)], moves: &[&str]) -> AnyGame {
    let pairs: Vec<(String, String)> = opts
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let mut g = AnyGame::create(GameKind::Sprawl, players, 0, &pairs).unwrap();
    for m in moves {
        g.play(m).unwrap();
    }
    g
}

/// Renders every line of `renders/sprawl.txt` (`NAME: sprawl ARGS`) to `/tmp/NAME.png` for a
/// look (`cargo test --lib render::sprawl -- --ignored`); copy them to `renders/` when good.
#[test]
#[ignore]
fn write_pictures() {
    for line in include_str!("../../../renders/sprawl.txt").lines() {
        let Some((name, args)) = line.split_once(": ") else {
            continue;
        };
        let (players, opts, history) = parse_args(args);
        let opts: Vec<(&str, &str)> = opts.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        let moves: Vec<&str> = history
            .split(';')
            .map(str::trim)
            .filter(|m| !m.is_empty())
            .collect();
        let g = replay(players, &opts, &moves);
        let t = std::time::Instant::now();
        let png = crate::render::png(&g, &View::default());
        eprintln!(
            "{name}: {} bytes in {:?}; moves {:?}",
            png.len(),
            t.elapsed(),
            g.legal_moves()
                .iter()
                .filter(|m| m.starts_with("challenge"))
                .collect::<Vec<_>>()
        );
        std::fs::write(format!("/tmp/{name}.png"), png).unwrap();
    }
}

fn parse_args(args: &str) -> (u8, Vec<(String, String)>, String) {
    let mut players = 3;
    let mut opts = Vec::new();
    let mut history = String::new();
    let mut rest = args.trim_start_matches("sprawl").trim();
    while !rest.is_empty() {
        let (flag, after) = rest.split_once(' ').unwrap_or((rest, ""));
        let after = after.trim_start();
        let (value, next) = if let Some(q) = after.strip_prefix('"') {
            let end = q.find('"').unwrap();
            (&q[..end], &q[end + 1..])
        } else {
            after.split_once(' ').unwrap_or((after, ""))
        };
        match flag {
            "--players" => players = value.parse().unwrap(),
            "--option" => {
                let (k, v) = value.split_once('=').unwrap();
                opts.push((k.to_string(), v.to_string()));
            }
            "--history" => history = value.to_string(),
            // The picture's language does not change the position.
            "--lang" => {}
            _ => panic!("unknown flag {flag}"),
        }
        rest = next.trim();
    }
    (players, opts, history)
}

#[test]
fn draws_every_board_size() {
    for p in [3u8, 5, 8] {
        let g = replay(p, &[], &[]);
        let img = crate::render::image(&g, &View::default());
        assert_eq!(img.width(), WIDTH);
    }
}
