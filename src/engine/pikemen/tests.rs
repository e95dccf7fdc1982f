//! Pikemen rules tests: the worked examples of `rules/pikemen.md` §8 (cited by number),
//! Abstract Play's independent listings, perft counts and random games.

use super::*;
use crate::engine::{listing, perft, Options};

fn setup(players: u8, opts: &[(&str, &str)]) -> Setup {
    let pairs: Vec<(String, String)> = opts
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Setup {
        players,
        seed: 0,
        options: Options::parse("Pikemen", OPTIONS, &pairs).unwrap(),
    }
}

/// A board holding only the listed pieces (`"d2 1M n"`), seat 1 to move.
fn position(pieces: &[&str], opts: &[(&str, &str)]) -> Pikemen {
    position_n(2, pieces, opts)
}

fn position_n(players: u8, pieces: &[&str], opts: &[(&str, &str)]) -> Pikemen {
    let mut g = Pikemen::empty(&setup(players, opts)).unwrap();
    for p in pieces {
        let w: Vec<&str> = p.split(' ').collect();
        let sq = Square::parse(w[0], 8, 8).unwrap();
        let seat = w[1][..1].parse().unwrap();
        let size = Size::parse(&w[1][1..]).unwrap();
        let orient = Orient::parse(w[2]).unwrap();
        g.put(sq, Some(Piece { seat, size, orient }));
    }
    g
}

fn play(g: &mut Pikemen, text: &str) -> Result<String, MoveError> {
    let mv = g.parse_move(text)?;
    g.play(&mv)?;
    Ok(mv.to_string())
}

fn legal(g: &Pikemen, text: &str) -> bool {
    g.parse_move(text).and_then(|m| g.check(&m)).is_ok()
}

fn rule_of(g: &Pikemen, text: &str) -> &'static str {
    match g.parse_move(text).and_then(|m| g.check(&m)) {
        Err(MoveError::Illegal { rule, .. }) => rule,
        other => panic!("{text}: expected an illegal move, got {other:?}"),
    }
}

/// Destinations of the `move` lines without a facing suffix, from `from`.
fn destinations(g: &Pikemen, from: &str) -> Vec<String> {
    listing(g)
        .into_iter()
        .filter_map(|l| {
            let w: Vec<&str> = l.split(' ').collect();
            (w[0] == "move" && w[1] == from && w.len() == 3).then(|| w[2].to_string())
        })
        .collect()
}

/// Example 1 (R2, R3, R4.1): the initial 2-player listing.
#[test]
fn example_1_initial_position() {
    let g = Pikemen::new(&setup(2, &[])).unwrap();
    let l = listing(&g);
    assert_eq!(l.len(), 120);
    assert!(l.iter().all(|m| m.starts_with("turn ")));
    assert_eq!(l.first().unwrap(), "turn d1 e");
    assert_eq!(l.last().unwrap(), "turn h5 w");
    assert_eq!(rule_of(&g, "move h1 h2"), "R4.1");
}

/// Example 2 (R4.4, R6): an upright piece of the same size is not capturable.
#[test]
fn example_2_upright_same_size() {
    let g = position(&["d2 1M n", "d5 2M up"], &[]);
    assert_eq!(destinations(&g, "d2"), ["d3", "d4"]);
    assert_eq!(rule_of(&g, "move d2 d5"), "R6");
    assert_eq!(listing(&g).len(), 26);
}

/// Example 3 (R6, R7): an upright large never falls; an upright smaller piece does.
#[test]
fn example_3_upright_large_and_smaller() {
    let g = position(&["a1 1L ne", "d4 2L up"], &[]);
    assert_eq!(destinations(&g, "a1"), ["b2", "c3"]);
    assert!(!legal(&g, "move a1 d4"));
    let mut g = position(&["a1 1L ne", "d4 2M up"], &[]);
    assert_eq!(listing(&g).len(), 35);
    play(&mut g, "move a1 d4").unwrap();
    assert_eq!(g.score(1), 2);
}

/// Example 4 (R4.3, R5, R6): a lying large is captured by a small; no passing over it.
#[test]
fn example_4_lying_large_captured_by_small() {
    let mut g = position(&["h8 1S w", "c8 2L s"], &[]);
    assert_eq!(destinations(&g, "h8"), ["c8", "d8", "e8", "f8", "g8"]);
    assert_eq!(listing(&g).len(), 53);
    assert_eq!(rule_of(&g, "move h8 b8"), "R4.3");
    play(&mut g, "move h8 c8 up").unwrap();
    assert_eq!(g.score(1), 3);
    let p = g.piece(Square::parse("c8", 8, 8).unwrap()).unwrap();
    assert_eq!((p.seat, p.size, p.orient), (1, Size::Small, Orient::Up));
}

/// Example 5 (R4.3, R4.4): own pieces block; the first enemy ends the ray.
#[test]
fn example_5_blocking() {
    let g = position(&["e1 1L n", "e4 1S up"], &[]);
    assert_eq!(destinations(&g, "e1"), ["e2", "e3"]);
    assert_eq!(listing(&g).len(), 34);
    let g = position(&["e1 1L n", "e4 1S up", "e3 2S e"], &[]);
    assert_eq!(destinations(&g, "e1"), ["e2", "e3"]);
    assert!(!legal(&g, "move e1 e4"));
}

/// Example 6 (R3, R4.1, §7): reorientation must change; facing given equal to the current one.
#[test]
fn example_6_reorientation() {
    let g = position(&["e1 1L up"], &[]);
    assert!(legal(&g, "turn e1 n"));
    assert_eq!(rule_of(&g, "turn e1 up"), "R3");
    assert_eq!(rule_of(&g, "move e1 e2"), "R4.1");
    let mut g = position(&["e1 1L n"], &[]);
    assert_eq!(rule_of(&g, "turn e1 n"), "R3");
    assert_eq!(play(&mut g, "move e1 e3 n").unwrap(), "move e1 e3");
}

/// Example 7 (R8): a piece facing off the board only has turns.
#[test]
fn example_7_facing_off_the_board() {
    let g = position(&["h4 1M e"], &[]);
    let l = listing(&g);
    assert_eq!(l.len(), 8);
    assert!(l.iter().all(|m| m.starts_with("turn ")));
}

/// Example 8 (R6, R6-rps): the rock/paper/scissors table.
#[test]
fn example_8_rock_paper_scissors() {
    // (pieces, target, base result, rps result); Some(points) = legal capture.
    type Case<'a> = (&'a [&'a str], &'a str, Option<u32>, Option<u32>);
    let cases: [Case; 6] = [
        (&["a1 1S n", "a5 2L up"], "a5", None, Some(3)),
        (&["a1 1L n", "a3 2S e"], "a3", Some(1), None),
        (&["a1 1L n", "a4 2S up"], "a4", Some(1), None),
        (&["a1 1L n", "a4 2M up"], "a4", Some(2), Some(2)),
        (&["a1 1M n", "a4 2M up"], "a4", None, None),
        (&["a1 1S n", "a4 2L w"], "a4", Some(3), Some(3)),
    ];
    for (pieces, target, base, rps) in cases {
        for (opts, expected) in [(&[][..], base), (&[("rps", "true")][..], rps)] {
            let mut g = position(pieces, opts);
            let text = format!("move a1 {target}");
            match expected {
                Some(points) => {
                    play(&mut g, &text).unwrap();
                    assert_eq!(g.score(1), points, "{pieces:?} {opts:?}");
                }
                None => assert!(!legal(&g, &text), "{pieces:?} {opts:?}"),
            }
        }
    }
    // With rps a large stops before a small: only a2 is reachable.
    let g = position(&["a1 1L n", "a3 2S e"], &[("rps", "true")]);
    assert_eq!(destinations(&g, "a1"), ["a2"]);
}

/// Example 9 (R11): reaching the target ends the game at once.
#[test]
fn example_9_target() {
    let mut g = position(&["a1 1S n", "a3 2S e"], &[]);
    g.set_score(1, 11);
    play(&mut g, "move a1 a3").unwrap();
    assert_eq!(g.outcome().unwrap().winners, vec![1]);
    assert_eq!(g.to_move(), None);
    assert!(listing(&g).is_empty());
    assert_eq!(play(&mut g, "turn a3 n").unwrap_err(), MoveError::GameOver);
}

/// Example 10 (R10, R12, R14): skipped seat, last army, shared win.
#[test]
fn example_10_three_players_skip_and_last_army() {
    let mut g = position_n(3, &["c1 1M n", "c3 3S e"], &[("target", "30")]);
    g.set_score(1, 24);
    g.set_score(2, 20);
    g.set_score(3, 25);
    // Seat 2 has no pieces: after seat 1 turns, seat 3 moves (R10).
    let mut skip = g.clone();
    play(&mut skip, "turn c1 ne").unwrap();
    assert_eq!(skip.to_move(), Some(3));
    play(&mut g, "move c1 c3").unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(o.winners, vec![1, 3]);
    assert_eq!(g.scores(), vec![25, 20, 25]);
}

/// R13: the quiet limit ends the game on the highest score.
#[test]
fn quiet_limit_ends_the_game() {
    let mut g = position(&["a1 1S n", "h8 2S s"], &[("quiet_limit", "3")]);
    g.set_score(2, 5);
    play(&mut g, "turn a1 e").unwrap();
    play(&mut g, "turn h8 w").unwrap();
    assert!(g.outcome().is_none());
    play(&mut g, "turn a1 n").unwrap();
    assert_eq!(g.outcome().unwrap().winners, vec![2]);
}

/// R13 default: 60 with 3-4 players, off with 2.
#[test]
fn quiet_limit_defaults() {
    assert_eq!(Pikemen::new(&setup(2, &[])).unwrap().quiet_limit, 0);
    assert_eq!(Pikemen::new(&setup(3, &[])).unwrap().quiet_limit, 60);
    assert_eq!(Pikemen::new(&setup(4, &[])).unwrap().quiet_limit, 60);
}

/// R15: resigning with 2 players gives the win; with 3-4 the pieces leave unscored.
#[test]
fn resignation() {
    let mut g = Pikemen::new(&setup(2, &[])).unwrap();
    g.resign(1, crate::engine::Leave::Resigned).unwrap();
    assert_eq!(g.outcome().unwrap().winners, vec![2]);

    let mut g = Pikemen::new(&setup(3, &[])).unwrap();
    g.resign(1, crate::engine::Leave::Resigned).unwrap();
    assert!(g.outcome().is_none());
    assert_eq!(g.to_move(), Some(2));
    assert!(g.board.iter().flatten().all(|p| p.seat != 1));
    assert_eq!(g.scores(), vec![0, 0, 0]);
    g.resign(3, crate::engine::Leave::Resigned).unwrap();
    assert_eq!(g.outcome().unwrap().winners, vec![2]);
}

/// R15: a removal on time is a resignation in the rules; only the reason's words differ.
#[test]
fn removal_on_time_words_the_outcome() {
    let mut g = Pikemen::new(&setup(2, &[])).unwrap();
    g.resign(2, crate::engine::Leave::TimedOut).unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(o.winners, vec![1]);
    assert_eq!(o.reason.english(), "Blue ran out of time");
}

/// R16: draws by agreement only with 2 players.
#[test]
fn draw_by_agreement() {
    let mut g = Pikemen::new(&setup(2, &[])).unwrap();
    g.agree_draw().unwrap();
    assert_eq!(g.outcome().unwrap().winners, vec![1, 2]);
    let mut g = Pikemen::new(&setup(3, &[])).unwrap();
    assert!(g.agree_draw().is_err());
}

/// The last move's capture is kept for the picture, and forgotten by the next move.
#[test]
fn the_last_capture_is_the_piece_taken() {
    let mut g = position(&["d2 1M n", "d5 2S e", "h8 2L up"], &[]);
    assert_eq!(g.last_capture(), None);
    play(&mut g, "move d2 d5").unwrap();
    let taken = Piece {
        seat: 2,
        size: Size::Small,
        orient: Orient::Lying(crate::engine::board::Dir::E),
    };
    assert_eq!(g.last_capture(), Some(taken));
    let json = serde_json::to_string(&g).unwrap();
    let back: Pikemen = serde_json::from_str(&json).unwrap();
    assert_eq!(back.last_capture(), Some(taken));
    play(&mut g, "turn h8 s").unwrap();
    assert_eq!(g.last_capture(), None);
}

/// Section 3: the set-up tables for 3 and 4 players, and R1 turn order.
#[test]
fn setups_and_turn_order() {
    for players in 2..=4u8 {
        let g = Pikemen::new(&setup(players, &[])).unwrap();
        let per = [15, 12, 9][players as usize - 2];
        for seat in 1..=players {
            let mine: Vec<Piece> = g
                .board
                .iter()
                .flatten()
                .filter(|p| p.seat == seat)
                .copied()
                .collect();
            assert_eq!(mine.len(), per);
            for size in Size::ALL {
                assert_eq!(mine.iter().filter(|p| p.size == size).count(), per / 3);
            }
            assert!(mine.iter().all(|p| p.orient == Orient::Up));
        }
    }
    let mut g = Pikemen::new(&setup(4, &[])).unwrap();
    for expected in [1, 2, 3, 4, 1] {
        assert_eq!(g.to_move(), Some(expected));
        let m = g.legal_moves_vec()[0];
        g.play(&m).unwrap();
    }
}

/// Section 7: every input form of the notation, normalised to the canonical one.
#[test]
fn notation_aliases() {
    let g = position(&["e2 1M n", "h8 2S up"], &[]);
    for (input, canonical) in [
        ("turn e2 nord-est", "turn e2 ne"),
        ("  TURN   E2   Debout ", "turn e2 up"),
        ("turn e2 ouest", "turn e2 w"),
        ("turn e2 so", "turn e2 sw"),
        ("move e2 e5 north", "move e2 e5"),
        ("move e2 e5 sud-ouest", "move e2 e5 sw"),
        ("e2(NE)", "turn e2 ne"),
        ("e2(U)", "turn e2 up"),
        ("e2-e5", "move e2 e5"),
        ("e2xe5(NW)", "move e2 e5 nw"),
        ("E2-E5(N)", "move e2 e5"),
    ] {
        assert_eq!(
            g.parse_move(input).unwrap().to_string(),
            canonical,
            "{input}"
        );
    }
    for bad in [
        "",
        "turn",
        "turn e2",
        "turn e9 n",
        "move e2",
        "jump e2 e4",
        "e2(Q)",
        "turn e2 sideways",
    ] {
        assert!(
            matches!(g.parse_move(bad), Err(MoveError::Unparsable { .. })),
            "{bad}"
        );
    }
}

/// Error messages say what was wrong, with the rule.
#[test]
fn error_messages() {
    let g = Pikemen::new(&setup(2, &[])).unwrap();
    let err = |t: &str| {
        g.parse_move(t)
            .and_then(|m| g.check(&m))
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        err("move h1 h2"),
        "h1 is upright and cannot move: turn it to a facing first (rule R4.1)"
    );
    assert_eq!(
        err("turn a8 s"),
        "the piece on a8 belongs to Blue; you play Orange (rule R3)"
    );
    assert_eq!(err("turn d4 n"), "d4 is empty (rule R3)");
    assert_eq!(
        err("move e2 e9"),
        "e9 is not on the board (files a-h, ranks 1-8). Write `turn SQUARE FACING | move FROM TO [FACING]`, e.g. `move h3 h5 ne`"
    );
}

impl Pikemen {
    fn legal_moves_vec(&self) -> Vec<Move> {
        let mut v = Vec::new();
        self.legal_moves(&mut v);
        v
    }
}

mod abstract_play {
    //! Abstract Play's independent engine (tests/data/README.md): replay 8 games and compare
    //! the legal-move set at every one of the 1,858 positions.
    use super::*;
    use std::collections::BTreeSet;
    use std::io::{BufRead, BufReader};

    /// Abstract Play's text read in the position it was listed for (a suffix equal to the
    /// current facing is the plain move).
    fn ap_to_ours(g: &Pikemen, m: &str) -> String {
        g.parse_move(m).unwrap().to_string()
    }

    fn board_string(g: &Pikemen) -> String {
        (0..8)
            .rev()
            .map(|r| {
                (0..8)
                    .map(|f| match g.piece(Square::new(f, r)) {
                        None => "-".to_string(),
                        Some(p) => format!(
                            "{}{}{}",
                            p.seat,
                            p.size.pips(),
                            p.orient.name().to_uppercase().replace("UP", "U")
                        ),
                    })
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect::<Vec<_>>()
            .join("/")
    }

    #[test]
    fn every_position_matches_abstract_play() {
        let file = std::fs::File::open(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/pikemen-2p-abstractplay.jsonl.gz"
        ))
        .unwrap();
        let reader = BufReader::new(flate2::read::GzDecoder::new(file));
        let mut game: Option<(u64, Pikemen)> = None;
        let mut positions = 0;
        let mut games_ended = 0;
        for line in reader.lines() {
            let v: serde_json::Value = serde_json::from_str(&line.unwrap()).unwrap();
            let id = v["game"].as_u64().unwrap();
            if game.as_ref().map(|(g, _)| *g) != Some(id) {
                game = Some((id, Pikemen::new(&setup(2, &[])).unwrap()));
            }
            let g = &mut game.as_mut().unwrap().1;
            let ctx = format!("game {id} ply {}", v["ply"]);
            assert_eq!(board_string(g), v["board"].as_str().unwrap(), "{ctx}");
            let scores: Vec<i64> = v["scores"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s.as_i64().unwrap())
                .collect();
            assert_eq!(g.scores(), scores, "{ctx}");
            let theirs: BTreeSet<String> = v["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| ap_to_ours(g, m.as_str().unwrap()))
                .collect();
            let ours: BTreeSet<String> = listing(g).into_iter().collect();
            if let Some(end) = v.get("end") {
                assert!(ours.is_empty(), "{ctx}");
                let winners: Vec<u8> = end["winner"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|w| w.as_u64().unwrap() as u8)
                    .collect();
                assert_eq!(g.outcome().unwrap().winners, winners, "{ctx}");
                games_ended += 1;
            } else {
                assert_eq!(ours, theirs, "{ctx}");
                assert_eq!(
                    g.to_move(),
                    Some(v["player"].as_u64().unwrap() as u8),
                    "{ctx}"
                );
                let played = g.parse_move(v["played"].as_str().unwrap()).unwrap();
                g.play(&played).unwrap();
            }
            positions += 1;
        }
        assert_eq!(positions, 1858);
        assert_eq!(games_ended, 8);
    }
}

mod perft_counts {
    use super::*;

    /// Perft from the start for 2, 3 and 4 players: tests/data/pikemen-perft.txt.
    #[test]
    fn perft_matches_data_file() {
        let data = include_str!("../../../tests/data/pikemen-perft.txt");
        let mut checked = 0;
        for line in data
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            let w: Vec<&str> = line.split_whitespace().collect();
            let (players, depth, count): (u8, u32, u64) = (
                w[0].parse().unwrap(),
                w[1].parse().unwrap(),
                w[2].parse().unwrap(),
            );
            let g = Pikemen::new(&setup(players, &[])).unwrap();
            assert_eq!(perft(&g, depth), count, "{players} players depth {depth}");
            checked += 1;
        }
        assert_eq!(checked, 9);
    }
}

mod random_games {
    use super::*;
    use crate::engine::rng::SplitMix64;

    fn random_game(players: u8, opts: &[(&str, &str)], seed: u64) -> (Pikemen, usize) {
        let mut rng = SplitMix64::new(seed);
        let mut g = Pikemen::new(&setup(players, opts)).unwrap();
        let mut moves = Vec::new();
        let mut plies = 0;
        while g.outcome().is_none() {
            moves.clear();
            g.legal_moves(&mut moves);
            assert!(
                !moves.is_empty(),
                "a player with pieces always has a turn (R2)"
            );
            let mv = moves[rng.below(moves.len() as u64) as usize];
            // Every listed move is canonical, parses back to itself and is legal.
            let text = mv.to_string();
            assert_eq!(g.parse_move(&text).unwrap(), mv);
            g.check(&mv).unwrap();
            g.play(&mv).unwrap();
            plies += 1;
            assert!(plies < 20_000, "game did not end");
        }
        (g, plies)
    }

    /// Random games in every player count and option end, never panic, keep pips consistent
    /// (captured + on board = all pips) and round-trip through serde.
    #[test]
    fn random_games_are_consistent() {
        let variants: [(u8, &[(&str, &str)]); 6] = [
            (2, &[]),
            (2, &[("rps", "true"), ("target", "20")]),
            (2, &[("quiet_limit", "40")]),
            (3, &[]),
            (4, &[]),
            (4, &[("rps", "true"), ("quiet_limit", "200")]),
        ];
        for (players, opts) in variants {
            for seed in 0..12 {
                let (g, _) = random_game(players, opts, seed);
                let on_board: u32 = g.board.iter().flatten().map(|p| p.size.pips() as u32).sum();
                let captured: u32 = g.scores.iter().sum();
                let total = [30, 24, 18][players as usize - 2] * players as u32;
                assert_eq!(on_board + captured, total);
                assert_eq!(g.bits, Bits::of(&g.board), "derived bitboards drifted");
                let json = serde_json::to_string(&g).unwrap();
                let back: Pikemen = serde_json::from_str(&json).unwrap();
                assert_eq!(back.bits, g.bits);
                assert_eq!(listing(&back), listing(&g));
                assert_eq!(back.outcome(), g.outcome());
            }
        }
    }

    /// Moves not in the listing are refused, and refusing leaves the state untouched.
    #[test]
    fn unlisted_moves_are_refused() {
        let mut rng = SplitMix64::new(7);
        let mut g = Pikemen::new(&setup(2, &[])).unwrap();
        for _ in 0..200 {
            if g.outcome().is_some() {
                break;
            }
            let legal: std::collections::HashSet<String> = listing(&g).into_iter().collect();
            for _ in 0..30 {
                let f = Square(rng.below(64) as u8);
                let t = Square(rng.below(64) as u8);
                let o = Orient::ALL[rng.below(9) as usize];
                for cand in [
                    Move::Turn {
                        square: f,
                        orient: o,
                    },
                    Move::Charge {
                        from: f,
                        to: t,
                        orient: None,
                    },
                    Move::Charge {
                        from: f,
                        to: t,
                        orient: Some(o),
                    },
                ] {
                    let canon = g.parse_move(&cand.to_string()).unwrap();
                    let before = serde_json::to_string(&g).unwrap();
                    let mut h = g.clone();
                    let ok = h.play(&canon).is_ok();
                    assert_eq!(ok, legal.contains(&canon.to_string()), "{canon}");
                    if !ok {
                        assert_eq!(serde_json::to_string(&h).unwrap(), before);
                    }
                }
            }
            let mut moves = Vec::new();
            g.legal_moves(&mut moves);
            let mv = moves[rng.below(moves.len() as u64) as usize];
            g.play(&mv).unwrap();
        }
    }
}

mod sampling {
    use super::*;
    use crate::engine::rng::SplitMix64;
    use std::collections::HashMap;

    /// The playout sampler draws exactly the listed moves, each about equally often.
    #[test]
    fn random_move_is_uniform_over_the_listing() {
        let mut g = position(
            &[
                "a1 1L ne", "d4 2M up", "h8 1S w", "c8 2L s", "e1 1M n", "e4 1S up",
            ],
            &[],
        );
        g.set_to_move(1);
        let listed = listing(&g);
        let mut rng = SplitMix64::new(11);
        let mut seen: HashMap<String, u32> = HashMap::new();
        let draws = 200 * listed.len() as u32;
        for _ in 0..draws {
            let m = g.random_move(&mut rng, &mut Vec::new()).unwrap();
            *seen.entry(m.to_string()).or_default() += 1;
        }
        let mut keys: Vec<&String> = seen.keys().collect();
        keys.sort();
        assert_eq!(keys, listed.iter().collect::<Vec<_>>());
        for (m, n) in &seen {
            assert!((120..=290).contains(n), "{m} drawn {n} times of about 200");
        }
    }

    /// The sampler as it was before bitboards (one ray walk and one `can_capture` per piece):
    /// the playouts of the computer opponent, and so the transcripts, depend on the sampler
    /// drawing the very same move from the same random stream.
    fn reference_random_move(g: &Pikemen, rng: &mut SplitMix64) -> Option<Move> {
        if g.outcome.is_some() {
            return None;
        }
        let mut all = 0u64;
        for (i, p) in g.board.iter().enumerate() {
            all |= (p.is_some() as u64) << i;
        }
        let mut pieces = Vec::new();
        let mut total = 0u32;
        for sq in Square::all(8, 8) {
            let Some(p) = g.board[sq.index()].filter(|p| p.seat == g.to_move) else {
                continue;
            };
            let reach = match p.orient {
                Orient::Lying(d) => {
                    let (empty, blocker) = crate::engine::board::ray8_until(sq, d, all);
                    let capture = blocker.is_some_and(|b| {
                        g.board[b.index()]
                            .is_some_and(|t| t.seat != p.seat && g.can_capture(p.size, t))
                    });
                    empty as u32 + capture as u32
                }
                Orient::Up => 0,
            };
            pieces.push((sq, p, 8 + 9 * reach));
            total += 8 + 9 * reach;
        }
        if total == 0 {
            return None;
        }
        let mut r = (rng.next() >> 32) as u32 % total;
        let mut i = 0;
        while r >= pieces[i].2 {
            r -= pieces[i].2;
            i += 1;
        }
        let (sq, p, _) = pieces[i];
        let others: Vec<Orient> = Orient::ALL.into_iter().filter(|&o| o != p.orient).collect();
        if r < 8 {
            return Some(Move::Turn {
                square: sq,
                orient: others[r as usize],
            });
        }
        let (k, o) = ((r - 8) / 9, (r - 8) % 9);
        let d = p.orient.dir().unwrap();
        Some(Move::Charge {
            from: sq,
            to: crate::engine::board::ray8(sq, d)[k as usize],
            orient: (o > 0).then(|| others[o as usize - 1]),
        })
    }

    /// Over whole random games in every player count and option, the sampler draws what the
    /// reference draws from the same random stream, and consumes the stream alike.
    #[test]
    fn random_move_draws_as_the_reference() {
        let variants: [(u8, &[(&str, &str)]); 6] = [
            (2, &[]),
            (2, &[("rps", "true")]),
            (3, &[]),
            (3, &[("rps", "true")]),
            (4, &[]),
            (4, &[("rps", "true"), ("quiet_limit", "200")]),
        ];
        let mut plies = 0;
        for (players, opts) in variants {
            for seed in 0..40 {
                let mut g = Pikemen::new(&setup(players, opts)).unwrap();
                let mut rng = SplitMix64::new(seed);
                loop {
                    let mut before = rng.clone();
                    let expected = reference_random_move(&g, &mut before);
                    let got = g.random_move(&mut rng, &mut Vec::new());
                    assert_eq!(got, expected, "{players} players {opts:?} seed {seed}");
                    assert_eq!(rng, before);
                    let Some(m) = got else { break };
                    g.apply(&m);
                    plies += 1;
                    // The offers kept move by move are those counted afresh.
                    let mut fresh = g.clone();
                    fresh.recount();
                    assert_eq!(g.offers, fresh.offers, "{players} players seed {seed}: {m}");
                }
                assert_eq!(g.bits, Bits::of(&g.board), "derived bitboards drifted");
            }
        }
        assert!(plies > 10_000, "only {plies} plies compared");
    }

    /// The sampler's reduction by multiplication is the remainder, for every count the table
    /// holds (and one beyond it) and draws from both ends of the range and between.
    #[test]
    fn reduce_is_the_remainder() {
        let mut rng = SplitMix64::new(3);
        for n in 1..=1090u32 {
            let draws = (0..40).map(|_| (rng.next() >> 32) as u32);
            for x in [0, 1, n - 1, n, n + 1, u32::MAX - 1, u32::MAX]
                .into_iter()
                .chain(draws)
            {
                assert_eq!(reduce(x, n), x % n, "{x} % {n}");
            }
        }
    }

    /// The capture masks say what `can_capture` says for every attacker and target.
    #[test]
    fn capture_masks_match_the_rule() {
        for rps in [false, true] {
            let opts: &[(&str, &str)] = if rps { &[("rps", "true")] } else { &[] };
            let mut g = Pikemen::empty(&setup(2, opts)).unwrap();
            // One enemy piece of every size and orientation, and one of our own.
            let mut targets = Vec::new();
            for (i, (size, orient)) in Size::ALL
                .into_iter()
                .flat_map(|s| Orient::ALL.into_iter().map(move |o| (s, o)))
                .enumerate()
            {
                let t = Piece {
                    seat: 2,
                    size,
                    orient,
                };
                g.put(Square(i as u8), Some(t));
                targets.push((Square(i as u8), t));
            }
            let own = Square(40);
            g.put(
                own,
                Some(Piece {
                    seat: 1,
                    size: Size::Large,
                    orient: Orient::Up,
                }),
            );
            let masks = g.capturable(1);
            for attacker in Size::ALL {
                let mask = masks[attacker.pips() as usize - 1];
                assert_eq!(mask & (1 << own.0), 0, "own piece capturable");
                for &(sq, t) in &targets {
                    assert_eq!(
                        mask & (1 << sq.0) != 0,
                        g.can_capture(attacker, t),
                        "rps {rps}: {attacker:?} on {t:?}"
                    );
                }
            }
        }
    }

    /// Over whole random games the sampler only ever produces legal moves.
    #[test]
    fn random_move_plays_whole_games() {
        for players in 2..=4 {
            let mut rng = SplitMix64::new(players as u64);
            let mut g = Pikemen::new(&setup(players, &[])).unwrap();
            let mut buf = Vec::new();
            while let Some(m) = g.random_move(&mut rng, &mut buf) {
                g.play(&m).unwrap();
            }
            assert!(g.outcome().is_some());
        }
    }
}

/// Both ways of locating a draw among eight counts agree with counting them one by one, for
/// counts up to a rank's most (eight pieces of 71 moves) and every `r` below their sum.
#[test]
fn locate_finds_the_count_a_draw_falls_in() {
    let mut rng = SplitMix64::new(45);
    for _ in 0..2_000 {
        let mut counts = [0u16; 8];
        for c in counts.iter_mut() {
            // Zeros are common: squares without a piece of the seat.
            *c = if rng.below(3) == 0 {
                0
            } else {
                rng.below(72) as u16
            };
        }
        let total: u32 = counts.iter().map(|&c| u32::from(c)).sum();
        for r in 0..total {
            let (mut k, mut rest) = (0, r);
            while rest >= u32::from(counts[k]) {
                rest -= u32::from(counts[k]);
                k += 1;
            }
            assert_eq!(super::locate(&counts, r), (k, rest), "{counts:?} {r}");
            assert_eq!(super::locate_lanes(&counts, r), (k, rest), "{counts:?} {r}");
        }
    }
}
