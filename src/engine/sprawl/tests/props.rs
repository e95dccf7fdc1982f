//! Perft counts from the data file and property tests over random games.

use super::*;
use crate::engine::board::Dir;
use crate::engine::{listing, perft};

fn perft_data() -> Vec<(u8, u32, u64)> {
    include_str!("../../../../tests/data/sprawl-perft.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<u64> = l.split_whitespace().map(|w| w.parse().unwrap()).collect();
            (f[0] as u8, f[1] as u32, f[2])
        })
        .collect()
}

/// Perft from the start (tests/data/sprawl-perft.txt). Depths 1-3 are first towers only:
/// squares x 3 sizes, one square fewer per tower (R2).
#[test]
fn perft_counts() {
    for (players, depth, count) in perft_data() {
        let g = game(players, &[]);
        if depth <= 3 {
            let n = (g.rules.files * g.rules.ranks) as u64;
            let by_hand: u64 = (0..depth as u64).map(|i| (n - i) * 3).product();
            assert_eq!(count, by_hand, "{players} players depth {depth}");
        }
        if count < 2_000_000 {
            assert_eq!(perft(&g, depth), count, "{players} players depth {depth}");
        }
    }
}

/// Independent count of 3-player depth 4: seat 1's second action after three first towers.
/// From a lone tower of size t on q: 3 sizes per vacant on-board neighbour whose own
/// neighbour in that direction is on the board, plus one build if t >= 2 (R4, R5); a seat
/// without any passes to the next (R9).
#[test]
fn perft_depth_4_by_hand() {
    let g = game(3, &[]);
    let mut total = 0u64;
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    for m1 in &moves {
        let mut g1 = g.clone();
        g1.apply(m1);
        let mut m2s = Vec::new();
        g1.legal_moves(&mut m2s);
        for m2 in &m2s {
            let mut g2 = g1.clone();
            g2.apply(m2);
            let mut m3s = Vec::new();
            g2.legal_moves(&mut m3s);
            for m3 in &m3s {
                let mut g3 = g2.clone();
                g3.apply(m3);
                // R9: a stuck seat passes and the next one acts.
                let count = |m: &Move| {
                    let Move::Tower { square: q, size: t } = *m else {
                        unreachable!()
                    };
                    let mut n = if t.pips() >= 2 { 1 } else { 0 };
                    for d in Dir::ORTHOGONAL {
                        if let Some(c) = g3.rules.step(q, d, 1) {
                            if g3.pos.is_vacant(c) && g3.rules.step(c, d, 1).is_some() {
                                n += 3;
                            }
                        }
                    }
                    n
                };
                let n = [m1, m2, m3]
                    .into_iter()
                    .map(count)
                    .find(|&n| n > 0)
                    .unwrap_or(0);
                total += n;
            }
        }
    }
    let data = perft_data();
    let (_, _, count) = data.iter().find(|&&(p, d, _)| p == 3 && d == 4).unwrap();
    assert_eq!(total, *count);
}

/// Every move text the notation can express in the position, for the consistency check.
fn all_texts(g: &Sprawl) -> Vec<String> {
    let mut out = vec!["retract".to_string(), "stand".to_string()];
    for s in 1..=g.players {
        out.push(format!("challenge {s}"));
    }
    let sqs: Vec<Square> = Square::all(g.rules.files, g.rules.ranks).collect();
    for &q in &sqs {
        for k in Size::ALL {
            out.push(format!("tower {q} {k}"));
            out.push(format!("build {q} {k}"));
            for n in 0..=2 {
                out.push(format!("spore {q} {k} overload {n}"));
            }
            for d in Dir::ORTHOGONAL {
                out.push(format!("branch {q} {d} {k}"));
                if g.rules.loose_branching {
                    for d2 in Dir::ORTHOGONAL {
                        if let Some(s) = g.rules.step(q, d2, 1) {
                            out.push(format!("branch {q} {d} {k} from {s}"));
                        }
                    }
                }
            }
        }
    }
    out
}

fn random_game(players: u8, opts: &[&str], seed: u64, exhaustive_every: usize) -> Sprawl {
    let mut s = setup(players, opts);
    s.seed = seed;
    let mut g = Sprawl::new(&s).unwrap();
    let mut rng = SplitMix64::new(seed ^ 0x5eed);
    let mut plies = 0;
    while g.outcome().is_none() {
        let l = listing(&g);
        assert!(!l.is_empty(), "a running game always has a move");
        if exhaustive_every > 0 && plies % exhaustive_every == 0 {
            // check() accepts exactly the listed moves, in canonical form.
            let mut accepted: Vec<String> = all_texts(&g)
                .iter()
                .filter_map(|t| {
                    let m = g.parse_move(t).ok()?;
                    g.check(&m).ok()?;
                    Some(m.to_string())
                })
                .collect();
            accepted.sort();
            accepted.dedup();
            assert_eq!(accepted, l, "seed {seed} ply {plies}");
        }
        let mut moves = Vec::new();
        g.legal_moves(&mut moves);
        assert_eq!(moves.len(), l.len(), "each legal move exactly once");
        let mv = moves[rng.below(moves.len() as u64) as usize];
        let text = mv.to_string();
        assert_eq!(g.parse_move(&text).unwrap(), mv, "parse(display(m)) == m");
        let actor = g.actor(&mv);
        g.play(&mv).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert!(actor.is_some());
        // Stash + board = 15 pieces per player.
        for seat in 1..=players {
            let on_board: u32 = Square::all(g.rules.files, g.rules.ranks)
                .map(|q| match g.pos.cell(q) {
                    Cell::Tower(t) => t.stack().iter().filter(|p| p.seat == seat).count() as u32,
                    Cell::Branch(b) => (b.seat == seat) as u32,
                    Cell::Empty => 0,
                })
                .sum();
            assert_eq!(on_board + g.pos.stash_pieces(seat) as u32, 15);
        }
        plies += 1;
        if plies % 7 == 0 {
            let json = serde_json::to_string(&g).unwrap();
            let back: Sprawl = serde_json::from_str(&json).unwrap();
            assert_eq!(serde_json::to_string(&back).unwrap(), json);
            let _ = g.board_json();
            let _ = g.status_text();
        }
        assert!(plies < 15 * players as usize * 4 + 200, "games end");
    }
    g
}

/// Random games for every board size and option: every listed move plays, check agrees with
/// the listing, pieces add up, states round-trip, games end.
#[test]
fn random_games_every_option() {
    let options: &[&[&str]] = &[
        &[],
        &["sprawlgami"],
        &["overload"],
        &["superior_forces"],
        &["loose_branching"],
        &["own_attacks"],
        &["counting_coup"],
        &["sprawlgami", "overload", "loose_branching", "counting_coup"],
        &["superior_forces", "own_attacks", "overload"],
    ];
    for (i, opts) in options.iter().enumerate() {
        for players in [3u8, 4, 5, 6, 7, 8] {
            for seed in 0..3u64 {
                let g = random_game(
                    players,
                    opts,
                    seed * 31 + i as u64,
                    if seed == 0 { 5 } else { 0 },
                );
                let o = g.outcome().unwrap();
                assert!(!o.winners.is_empty());
                assert_eq!(g.scores().len(), players as usize);
            }
        }
    }
}

/// Random resignations mixed into random games never panic and end the game properly.
#[test]
fn random_resignations() {
    for seed in 0..20u64 {
        let mut g = game(
            3 + (seed % 6) as u8,
            if seed % 2 == 0 {
                &["counting_coup"]
            } else {
                &[]
            },
        );
        let mut rng = SplitMix64::new(seed);
        while g.outcome().is_none() {
            if rng.below(25) == 0 {
                let s = 1 + rng.below(g.players as u64) as u8;
                let _ = g.resign(s, crate::engine::Leave::Resigned);
                continue;
            }
            let mut moves = Vec::new();
            g.legal_moves(&mut moves);
            let mv = moves[rng.below(moves.len() as u64) as usize];
            g.play(&mv).unwrap();
        }
    }
}
