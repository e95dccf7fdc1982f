//! Tests of the Sprawl engine: the worked examples of sprawl.md section 8 (`examples`), other
//! rules (`rules`), perft counts and property tests over random games (`props`). Helpers here.

mod examples;
mod props;
mod rules;

use super::*;
use crate::engine::board::Dir;
use crate::engine::{listing, Options};

pub(super) fn setup(players: u8, opts: &[&str]) -> Setup {
    let words: Vec<String> = opts.iter().map(|o| format!("{o}=true")).collect();
    Setup {
        players,
        seed: 0,
        options: Options::parse_words("Sprawl", OPTIONS, &words).unwrap(),
    }
}

pub(super) fn game(players: u8, opts: &[&str]) -> Sprawl {
    Sprawl::new(&setup(players, opts)).unwrap()
}

pub(super) fn sq(g: &Sprawl, s: &str) -> Square {
    Square::parse(s, g.rules.files, g.rules.ranks).unwrap()
}

pub(super) fn play(g: &mut Sprawl, moves: &str) {
    for m in moves.split(';').map(str::trim).filter(|m| !m.is_empty()) {
        let mv = g.parse_move(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        g.play(&mv).unwrap_or_else(|e| panic!("{m}: {e}"));
        assert_eq!(mv.to_string(), m, "moves in tests are canonical");
    }
}

pub(super) fn err(g: &Sprawl, m: &str) -> String {
    match g.parse_move(m) {
        Err(e) => e.to_string(),
        Ok(mv) => g.check(&mv).expect_err(m).to_string(),
    }
}

pub(super) fn legal(g: &Sprawl, m: &str) -> bool {
    g.parse_move(m).is_ok_and(|mv| g.check(&mv).is_ok())
}

/// The listing of `seat` as if it were their turn.
pub(super) fn listing_of(g: &Sprawl, seat: Seat) -> Vec<String> {
    let mut g = g.clone();
    g.set_to_move(seat);
    listing(&g)
}

/// Builds a position: `T` towers `"c1:1:32"` (square, seat, sizes bottom first) and branches
/// `"c2:1:2n"` (square, seat, size, direction), in an order where sources come first.
pub(super) fn position(players: u8, opts: &[&str], pieces: &[&str], to_move: Seat) -> Sprawl {
    let mut g = game(players, opts);
    for p in pieces {
        let f: Vec<&str> = p.split(':').collect();
        let s = sq(&g, f[0]);
        let seat: Seat = f[1].parse().unwrap();
        let b = f[2].as_bytes();
        if b[b.len() - 1].is_ascii_digit() {
            let sizes: Vec<Size> = b
                .iter()
                .map(|c| Size::from_pips(c - b'0').unwrap())
                .collect();
            g.put_tower(s, seat, &sizes);
        } else {
            let size = Size::from_pips(b[0] - b'0').unwrap();
            let d = Dir::parse(&f[2][1..]).unwrap();
            g.put_branch(s, seat, size, d);
        }
    }
    g.set_to_move(to_move);
    g
}

pub(super) fn lines(s: &str) -> Vec<String> {
    s.split(',').map(|l| l.trim().to_string()).collect()
}
