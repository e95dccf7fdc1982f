//! Walking every path of the picker reaches exactly the legal moves, within Discord's limits.

use super::*;
use crate::engine::rng::SplitMix64;
use crate::engine::{AnyGame, GameKind};
use std::collections::BTreeSet;

fn strings(s: &[&str]) -> Vec<String> {
    s.iter().map(|w| w.to_string()).collect()
}

/// Every move each path reaches, checking each step on the way.
fn walk(kind: GameKind, moves: &[String], path: Vec<String>, out: &mut Vec<String>) {
    let s = step(kind, moves, &path).unwrap_or_else(|e| panic!("{path:?}: {e:?}"));
    if let Some(m) = s.complete {
        assert!(s.options.is_empty());
        out.push(m);
        return;
    }
    assert!(!s.options.is_empty(), "{path:?}: no options");
    assert!(
        s.options.len() <= MAX_OPTIONS,
        "{path:?}: {}",
        s.options.len()
    );
    assert!(!s.parts.is_empty());
    // The menu's command (`/pick > ` and the base) stays well within a custom_id.
    let command = format!("/pick > {}", s.base.join(" "));
    assert!(command.len() <= 80, "{command}");
    let total: usize = s.options.iter().map(|c| c.moves).sum();
    assert_eq!(total, s.remaining, "{path:?}");
    let values: BTreeSet<&String> = s.options.iter().map(|c| &c.value).collect();
    assert_eq!(values.len(), s.options.len(), "{path:?}: a value twice");
    for c in &s.options {
        assert!(!c.value.is_empty() && c.value.len() <= 100 && !c.value.contains(' '));
        let mut next = s.base.clone();
        next.push(c.value.clone());
        walk(kind, moves, next, out);
    }
}

fn check(game: &AnyGame) {
    let mut moves = game.legal_moves();
    if moves.is_empty() {
        return;
    }
    let mut reached = Vec::new();
    walk(game.kind(), &moves, Vec::new(), &mut reached);
    reached.sort();
    moves.sort();
    assert_eq!(reached, moves, "{:?}", game.kind());
}

/// A game, its player count and its options.
type Variant = (GameKind, u8, Vec<(String, String)>);

fn games() -> Vec<Variant> {
    let o = |k: &str, v: &str| (k.to_string(), v.to_string());
    vec![
        (GameKind::Pikemen, 2, vec![]),
        (GameKind::Pikemen, 3, vec![]),
        (GameKind::Pikemen, 4, vec![]),
        (GameKind::Sprawl, 3, vec![]),
        (
            GameKind::Sprawl,
            4,
            vec![
                o("overload", "true"),
                o("loose_branching", "true"),
                o("sprawlgami", "true"),
            ],
        ),
        (GameKind::Sprawl, 5, vec![o("counting_coup", "true")]),
        (GameKind::Skyscrapers, 2, vec![]),
        (GameKind::Skyscrapers, 2, vec![o("setup", "free")]),
        (GameKind::Battlezone, 2, vec![]),
    ]
}

#[test]
fn every_path_reaches_exactly_the_legal_moves() {
    for (kind, players, options) in games() {
        for seed in 0..6u64 {
            let mut g = AnyGame::create(kind, players, seed, &options).expect("a game");
            let mut rng = SplitMix64::new(seed * 7919 + 1);
            for _ply in 0..60 {
                if g.is_over() {
                    break;
                }
                check(&g);
                let moves = g.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = &moves[rng.below(moves.len() as u64) as usize];
                g.play(m).expect("a legal move");
            }
        }
    }
}

#[test]
fn pikemen_steps_read_piece_target_facing() {
    let moves = strings(&[
        "move h3 h5",
        "move h3 h5 ne",
        "move h3 h5 nw",
        "move h3 h6",
        "turn d1 e",
    ]);
    let k = GameKind::Pikemen;
    // Few moves: the whole moves at once, one tap; a move that starts a longer one ends
    // with STOP.
    let s = step(k, &moves, &[]).unwrap();
    assert_eq!(s.parts, ["move"]);
    assert_eq!(s.remaining, 5);
    let values: Vec<&str> = s.options.iter().map(|c| c.value.as_str()).collect();
    assert_eq!(
        values,
        [
            "move_h3_h5_.",
            "move_h3_h5_ne",
            "move_h3_h5_nw",
            "move_h3_h6",
            "turn_d1_e"
        ]
    );
    assert_eq!(
        s.options[0].what,
        ChoiceKind::Move {
            text: "move h3 h5".into()
        }
    );
    let s = step(k, &moves, &strings(&["move_h3_h5_."])).unwrap();
    assert_eq!(s.complete.as_deref(), Some("move h3 h5"));
    let s = step(k, &moves, &strings(&["move"])).unwrap();
    // The only piece is taken without asking.
    assert_eq!(s.words, ["move", "h3"]);
    assert_eq!(s.parts, ["move"]);
    let s = step(k, &moves, &strings(&["move", "h5", STOP])).unwrap();
    assert_eq!(s.complete.as_deref(), Some("move h3 h5"));
    // A typed path may name the forced word.
    let s = step(k, &moves, &strings(&["move", "h3", "h5", "ne"])).unwrap();
    assert_eq!(s.complete.as_deref(), Some("move h3 h5 ne"));
    let s = step(k, &moves, &strings(&["move", "h6"])).unwrap();
    assert_eq!(s.complete.as_deref(), Some("move h3 h6"));
    assert_eq!(
        step(k, &moves, &strings(&["move", "a1"])),
        Err(PathError::NoSuchWord("a1".into()))
    );
    assert_eq!(
        step(k, &moves, &strings(&["turn", STOP])),
        Err(PathError::NoStop)
    );
}

#[test]
fn many_options_are_grouped_then_paged() {
    // 64 squares: grouped by file.
    let squares: Vec<String> = ('a'..='h')
        .flat_map(|f| (1..=8).map(move |r| format!("place {f}{r}")))
        .collect();
    let s = step(GameKind::Skyscrapers, &squares, &[]).unwrap();
    assert_eq!(s.options.len(), 8);
    assert_eq!(s.options[0].value, "a*");
    assert_eq!(
        s.options[0].what,
        ChoiceKind::Group {
            first: "a1".into(),
            last: "a8".into()
        }
    );
    let s = step(GameKind::Skyscrapers, &squares, &strings(&["a*"])).unwrap();
    assert_eq!(s.options.len(), 8);
    assert_eq!(s.remaining, 8);
    assert_eq!(s.base, Vec::<String>::new());
    // Numbers in their order.
    let numbers: Vec<String> = (1..=60).map(|n| format!("skip {n}")).collect();
    let s = step(GameKind::Battlezone, &numbers, &[]).unwrap();
    let values: Vec<&str> = s.options.iter().map(|c| c.value.as_str()).collect();
    // Grouped by first digit: 1 with 10..19, and so on; 7, 8 and 9 alone.
    assert_eq!(values, ["1*", "2*", "3*", "4*", "5*", "6*", "7", "8", "9"]);
    assert_eq!(
        s.options[0].what,
        ChoiceKind::Group {
            first: "1".into(),
            last: "19".into()
        }
    );
    // 40 words with no shared prefix: pages.
    let words: Vec<String> = (0..40)
        .map(|i| {
            format!(
                "x {}{}",
                (b'a' + (i / 26) as u8) as char,
                (b'a' + (i % 26) as u8) as char
            )
        })
        .collect();
    let s = step(GameKind::Pikemen, &words, &[]).unwrap();
    assert!(s.options.len() <= MAX_OPTIONS);
    let mut reached = Vec::new();
    walk(GameKind::Pikemen, &words, Vec::new(), &mut reached);
    assert_eq!(reached.len(), 40);
}

/// More moves than a menu holds: groups of moves sharing their first words, each group one
/// menu of whole moves, so that any move is two taps away.
#[test]
fn many_moves_are_two_taps_away() {
    let mut moves = Vec::new();
    for piece in ["a1", "b2", "c3", "d4"] {
        for to in ["e5", "f6", "g7"] {
            for facing in ["n", "ne", "e", "se", "s"] {
                moves.push(format!("move {piece} {to} {facing}"));
            }
        }
        moves.push(format!("turn {piece} w"));
    }
    let k = GameKind::Pikemen;
    let s = step(k, &moves, &[]).unwrap();
    assert_eq!(s.parts, ["group"]);
    let values: Vec<&str> = s.options.iter().map(|c| c.value.as_str()).collect();
    assert_eq!(values, ["move_a1", "move_b2", "move_c3", "move_d4", "turn"]);
    let s = step(k, &moves, &strings(&["move_c3"])).unwrap();
    assert_eq!(s.parts, ["move"]);
    assert_eq!(s.options.len(), 15);
    let s = step(k, &moves, &strings(&["move_c3", "f6_se"])).unwrap();
    assert_eq!(s.complete.as_deref(), Some("move c3 f6 se"));
    let mut reached = Vec::new();
    walk(k, &moves, Vec::new(), &mut reached);
    assert_eq!(reached.len(), moves.len());
}

#[test]
fn words_sort_as_players_count() {
    let mut w = strings(&["a10", "b1", "a2", "a1", "up", "10", "9"]);
    w.sort_by(|a, b| natural(a, b));
    assert_eq!(w, ["9", "10", "a1", "a2", "a10", "b1", "up"]);
}
