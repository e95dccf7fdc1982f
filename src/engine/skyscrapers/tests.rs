//! Tests of the Sky Scrapers rules, citing `skyscrapers.md` rule numbers and worked examples.

use super::*;
use crate::engine::rng::SplitMix64;
use crate::engine::{listing, perft, Options};

fn v(name: &str) -> Vertex {
    Vertex::parse(name).unwrap()
}

fn setup(pairs: &[(&str, &str)]) -> Setup {
    let pairs: Vec<(String, String)> = pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Setup {
        players: 2,
        seed: 0,
        options: Options::parse("Sky Scrapers", OPTIONS, &pairs).unwrap(),
    }
}

fn standard() -> Skyscrapers {
    Skyscrapers::new(&setup(&[])).unwrap()
}

/// A constructed position: `(vertex, "WGG")` stacks, `seat` to move.
fn position(stacks: &[(&str, &str)], seat: Seat) -> Skyscrapers {
    let mut g = Skyscrapers::empty();
    for (name, letters) in stacks {
        g.put(v(name), Stack::from_letters(letters).unwrap());
    }
    g.begin(seat);
    g
}

fn play(g: &mut Skyscrapers, text: &str) {
    let mv = g.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    g.play(&mv).unwrap_or_else(|e| panic!("{text}: {e}"));
}

/// Each move of `cases` is refused with exactly its message.
fn refused_as(g: &Skyscrapers, cases: &[(&str, &str)]) {
    for (text, want) in cases {
        assert_eq!(error(g, text), *want, "{text}");
    }
}

fn error(g: &Skyscrapers, text: &str) -> String {
    match g.parse_move(text) {
        Err(e) => e.to_string(),
        Ok(mv) => g.check(&mv).expect_err(text).to_string(),
    }
}

// ---- Section 2: the board ----

/// Section 2: the 19 maximal lines, exactly as the rules' table lists them.
const LINES: [(&str, &str); 19] = [
    ("e", "a1 b1 c1"),
    ("e", "a2 b2 c2 d2"),
    ("e", "a3 b3 c3 d3 e3"),
    ("e", "a4 b4 c4 d4 e4 f4"),
    ("e", "a5 b5 c5 d5 e5"),
    ("e", "a6 b6 c6 d6"),
    ("e", "a7 b7 c7"),
    ("ne", "a1 b2 c3 d4 d5 d6"),
    ("ne", "a2 b3 c4 c5 c6 c7"),
    ("ne", "a3 b4 b5 b6 b7"),
    ("ne", "a4 a5 a6 a7"),
    ("ne", "b1 c2 d3 e4 e5"),
    ("ne", "c1 d2 e3 f4"),
    ("nw", "a1 a2 a3 a4"),
    ("nw", "b1 b2 b3 b4 a5"),
    ("nw", "c1 c2 c3 c4 b5 a6"),
    ("nw", "d2 d3 d4 c5 b6 a7"),
    ("nw", "e3 e4 d5 c6 b7"),
    ("nw", "f4 e5 d6 c7"),
];

/// Section 2: every line of the table (written in its direction) is a maximal run of single
/// steps, and every step of the board belongs to one of them: the step table is the board.
#[test]
fn the_step_table_is_the_rules_board() {
    let mut steps = 0;
    for (d, line) in LINES {
        let fwd = HexDir::parse(d).unwrap();
        let back = match fwd {
            HexDir::E => HexDir::W,
            HexDir::Ne => HexDir::Sw,
            _ => HexDir::Se,
        };
        let vs: Vec<Vertex> = line.split(' ').map(v).collect();
        for w in vs.windows(2) {
            assert_eq!(w[0].step(fwd), Some(w[1]), "{line}");
            assert_eq!(w[1].step(back), Some(w[0]), "{line}");
            assert_eq!(w[0].line_to(w[1]), Some((fwd, 1)));
            steps += 1;
        }
        let (first, last) = (vs[0], vs[vs.len() - 1]);
        assert_eq!(first.step(back), None, "{line} is maximal");
        assert_eq!(last.step(fwd), None, "{line} is maximal");
        assert_eq!(first.line_to(last), Some((fwd, vs.len() as u8 - 1)));
    }
    // Section 2: 71 edges.
    assert_eq!(steps, 71);
    let total: usize = Vertex::all()
        .map(|x| HexDir::ALL.iter().filter(|&&d| x.step(d).is_some()).count())
        .sum();
    assert_eq!(total, 2 * 71);
}

/// Section 2: corners have 3 neighbours, other edge vertices 4, the 14 inner ones 6.
#[test]
fn neighbour_counts() {
    let degree = |x: Vertex| HexDir::ALL.iter().filter(|&&d| x.step(d).is_some()).count();
    let mut by = [Vec::new(), Vec::new(), Vec::new()];
    for x in Vertex::all() {
        match degree(x) {
            3 => by[0].push(x.to_string()),
            4 => by[1].push(x.to_string()),
            6 => by[2].push(x.to_string()),
            d => panic!("{x} has {d} neighbours"),
        }
    }
    assert_eq!(by[0].join(" "), "a1 c1 a4 f4 a7 c7");
    assert_eq!(by[1].join(" "), "b1 a2 d2 a3 e3 a5 e5 a6 d6 b7");
    assert_eq!(by[2].len(), 14);
}

/// Section 2: names, case, and errors for names off the board.
#[test]
fn vertex_names() {
    let names: Vec<String> = Vertex::all().map(|x| x.to_string()).collect();
    assert_eq!(names.len(), 30);
    assert_eq!(names[0], "a1");
    assert_eq!(names[12], "a4");
    assert_eq!(names[29], "c7");
    for (i, n) in names.iter().enumerate() {
        assert_eq!(Vertex::parse(n), Ok(Vertex(i as u8)));
        assert_eq!(Vertex::parse(&n.to_uppercase()), Ok(Vertex(i as u8)));
    }
    assert_eq!(
        Vertex::parse("d1").unwrap_err().english(),
        "d1 is not on the board: row 1 holds a1-c1"
    );
    assert_eq!(
        Vertex::parse("a8").unwrap_err().english(),
        "a8 is not on the board: the rows are 1 to 7"
    );
    assert!(Vertex::parse("c").is_err());
    assert!(Vertex::parse("c10").is_err());
    assert!(Vertex::parse("4c").is_err());
    // The letter is not a column: a1, a4 and a7 are not on one line.
    assert_eq!(v("a1").line_to(v("a4")), Some((HexDir::Nw, 3)));
    assert_eq!(v("a4").line_to(v("a7")), Some((HexDir::Ne, 3)));
    assert_eq!(v("a1").line_to(v("a7")), None);
}

// ---- Section 8: worked examples ----

/// Worked example 1 (R3): the standard start.
#[test]
fn example_1_standard_start() {
    let g = standard();
    let l = listing(&g);
    assert_eq!(l.len(), 71);
    assert_eq!(l.first().unwrap(), "move a5 a4");
    assert_eq!(l.last().unwrap(), "move f4 e5");
    // Section 3 table: 15 each, the 180-degree rotation swaps the colours.
    for x in Vertex::all() {
        let rot = Vertex(29 - x.0);
        assert_eq!(g.stack(x).height, 1);
        assert_ne!(g.stack(x).owner(), g.stack(rot).owner(), "{x} {rot}");
    }
    let mut white = g.clone();
    white.begin(2);
    assert_eq!(listing(&white).len(), 71);
    assert_eq!(g.scores(), vec![0, 0]);
    assert_eq!(g.to_move(), Some(1));
}

fn example_2() -> Skyscrapers {
    position(
        &[
            ("c4", "WGG"),
            ("e4", "W"),
            ("f4", "G"),
            ("c1", "W"),
            ("b5", "G"),
        ],
        1,
    )
}

/// Worked example 2 (R3): exact distance, jumping.
#[test]
fn example_2_exact_distance_and_jumping() {
    let g = example_2();
    assert_eq!(
        listing(&g),
        ["move b5 c4", "move c4 c1", "move c4 f4", "move f4 e4"]
    );
    refused_as(
        &g,
        &[
            ("move c4 c7", "c7 is empty: a move must end on a pawn (rule R3)"),
            ("move c4 a4", "a stack of 3 moves exactly 3 steps: a4 is 2 steps from c4 (rule R3)"),
            ("move c4 w", "a stack of 3 moves exactly 3 steps: going west from c4 leaves the board after 2 (rule R3)"),
            ("move b5 a5", "a5 is empty: a move must end on a pawn (rule R3)"),
            ("move e4 f4", "the stack on e4 is White (its top pawn is White); you play Green (rule R3)"),
        ],
    );
    let mut after = g.clone();
    play(&mut after, "move c4 f4");
    assert_eq!(after.stack(v("f4")).letters(), "GWGG");
    assert_eq!(after.stack(v("f4")).owner(), Some(1));
    assert_eq!(after.height(v("c4")), 0);
    assert_eq!(after.scores(), vec![1, 0]);

    let mut white = g.clone();
    white.begin(2);
    assert_eq!(listing(&white), ["move e4 f4"]);
}

/// Worked example 3 (section 7): the direction alias.
#[test]
fn example_3_alias() {
    let g = example_2();
    let plain = g.parse_move("move c4 f4").unwrap();
    for text in ["move c4 e", "MOVE  C4   East", "move c4 est"] {
        assert_eq!(g.parse_move(text).unwrap(), plain, "{text}");
    }
    assert_eq!(
        error(&g, "move c4 ne"),
        "c7 is empty: a move must end on a pawn (rule R3)"
    );
    // Every alias of section 7, for a stack of 2 on c4 in a full board.
    let mut g = position(&[("c4", "GG")], 1);
    for x in Vertex::all() {
        if x != v("c4") {
            g.put(x, Stack::from_letters("W").unwrap());
        }
    }
    for (words, to) in [
        ("e east est E EAST", "e4"),
        ("ne northeast north-east nordest nord-est", "c6"),
        ("nw northwest north-west no nordouest nord-ouest", "a6"),
        ("se southeast south-east sudest sud-est", "c2"),
        ("sw southwest south-west so sudouest sud-ouest", "a2"),
        ("w west o ouest", "a4"),
    ] {
        for w in words.split(' ') {
            assert_eq!(
                g.parse_move(&format!("move c4 {w}")).unwrap().to_string(),
                format!("move c4 {to}"),
                "{w}"
            );
        }
    }
    let g = position(&[("c3", "G"), ("d3", "G")], 1);
    for w in ["w", "west", "o", "ouest"] {
        assert_eq!(
            g.parse_move(&format!("move d3 {w}")).unwrap().to_string(),
            "move d3 c3"
        );
    }
    // `n` and `s` are not directions here.
    for w in ["n", "north", "s", "sud"] {
        let e = error(&g, &format!("move c3 {w}"));
        assert!(e.contains("north and south are not directions"), "{e}");
    }
    // Section 4b: `/move FROM TO DIRECTION` is accepted when both agree.
    assert_eq!(
        g.parse_move("move c3 d3 e").unwrap().to_string(),
        "move c3 d3"
    );
    assert!(error(&g, "move c3 d3 w").contains("lands on b3, not d3"));
}

/// Worked example 4 (R3, R4): a stack of 6 never moves; a stack of 5 only end to end.
#[test]
fn example_4_immobile_tall_stack() {
    // Height 6 on c3, surrounded, and every vertex of the board occupied.
    let mut stacks: Vec<(String, &str)> = Vertex::all().map(|x| (x.to_string(), "W")).collect();
    stacks.iter_mut().find(|(n, _)| n == "c3").unwrap().1 = "WWGGWG";
    let refs: Vec<(&str, &str)> = stacks.iter().map(|(a, b)| (a.as_str(), *b)).collect();
    let g = position(&refs, 1);
    assert!(!g.has_move(1), "c3 is Green's only stack");
    assert_eq!((g.to_move(), g.skipped()), (Some(2), Some(1)));
    let mut g2 = g.clone();
    g2.to_move = 1;
    assert_eq!(
        error(&g2, "move c3 c4"),
        "a stack of 6 moves exactly 6 steps: c4 is 1 step from c3: a stack of 6 or more can never move (rule R3)"
    );

    // Height 5: only from one end of a 6-vertex line to the other.
    let mut five: Vec<(String, &str)> = Vertex::all().map(|x| (x.to_string(), "W")).collect();
    five.iter_mut().find(|(n, _)| n == "a4").unwrap().1 = "WWWWG";
    let refs: Vec<(&str, &str)> = five.iter().map(|(a, b)| (a.as_str(), *b)).collect();
    let g = position(&refs, 1);
    assert_eq!(listing(&g), ["move a4 f4"]);
    let g = position(&[("b4", "GGGGG"), ("e4", "W"), ("f4", "W"), ("b5", "W")], 1);
    assert!(!g.has_move(1));
    assert_eq!(listing(&g), ["move b5 b4", "move e4 f4", "move f4 e4"]);
}

/// Worked example 5 (R5, R6, R10): skip and end without skyscrapers.
#[test]
fn example_5_skip_and_end() {
    let mut g = position(&[("c3", "G"), ("d3", "G"), ("a1", "W")], 1);
    assert_eq!(listing(&g), ["move c3 d3", "move d3 c3"]);
    play(&mut g, "move c3 d3");
    assert_eq!(g.stack(v("d3")).letters(), "GG");
    assert_eq!(g.to_move(), None);
    assert_eq!(listing(&g), Vec::<String>::new());
    let o = g.outcome().unwrap();
    assert_eq!(o.winners, vec![1]);
    // R10: without skyscrapers the tallest stack decides (the rule's number stays in /rules).
    assert_eq!(
        o.reason.english(),
        "neither player can move; no skyscrapers; Green owns the tallest stack: 2 to 1"
    );
    assert_eq!(g.scores(), vec![0, 0]);
}

/// R5: a stuck player is skipped and the other moves again.
#[test]
fn r5_stuck_player_is_skipped() {
    // White's a1 has no occupied neighbour; Green has two moves in a row.
    let mut g = position(&[("c3", "G"), ("d3", "G"), ("e3", "G"), ("a1", "W")], 1);
    play(&mut g, "move c3 d3");
    assert_eq!(g.to_move(), Some(1));
    assert_eq!(g.skipped(), Some(2));
    assert_eq!(
        g.status_text(),
        "White has no legal move and is skipped: Green moves again."
    );
    // Green's d3 GG reaches b3 (empty) or f3 (off the board): only e3 -> d3 remains.
    assert_eq!(listing(&g), ["move e3 d3"]);
    // A seat stuck at the start is skipped at once.
    let g = position(&[("a1", "G"), ("c3", "W"), ("d3", "W")], 1);
    assert_eq!(g.to_move(), Some(2));
    assert_eq!(g.skipped(), Some(1));
}

fn example_6() -> Skyscrapers {
    position(&super::EXAMPLE_6, 1)
}

/// Worked example 6 (R6-R9): the original's end position.
#[test]
fn example_6_green_wins_with_the_tallest() {
    let g = example_6();
    let pawns: u32 = Vertex::all().map(|x| g.height(x) as u32).sum();
    assert_eq!(pawns, 30);
    assert_eq!(listing(&g), Vec::<String>::new());
    assert_eq!(g.to_move(), None);
    assert_eq!(g.scores(), vec![3, 3]);
    assert_eq!(
        g.tally(),
        [
            Tally {
                skyscrapers: 3,
                tallest: 6
            },
            Tally {
                skyscrapers: 3,
                tallest: 5
            }
        ]
    );
    let o = g.outcome().unwrap();
    assert_eq!(o.winners, vec![1]);
    assert_eq!(
        o.reason.english(),
        "neither player can move; 3 skyscrapers each; Green owns the tallest stack: 6 to 5"
    );
}

/// Worked example 7 (R9): equal numbers and equal tallest: a draw.
#[test]
fn example_7_draw() {
    let mut g = example_6();
    g.put(v("a5"), Stack::from_letters("GGWGWW").unwrap());
    g.put(v("c4"), Stack::from_letters("GWGW").unwrap());
    g.begin(1);
    assert_eq!(listing(&g), Vec::<String>::new());
    assert_eq!(g.scores(), vec![3, 3]);
    assert_eq!(g.outcome().unwrap().winners, vec![1, 2]);
    assert!(g.outcome().unwrap().reason.english().ends_with("): draw"));
}

/// R8: more skyscrapers wins, whatever the heights.
#[test]
fn r8_more_skyscrapers_wins() {
    let g = position(&[("a1", "GGGG"), ("c1", "WGGG"), ("a7", "WWWWWWW")], 1);
    assert_eq!(g.outcome().unwrap().winners, vec![1]);
    assert!(g.outcome().unwrap().reason.english().contains("2 to 1"));
    // R10: no skyscrapers, equal tallest: draw.
    let g = position(&[("a1", "GG"), ("a7", "WW")], 1);
    assert_eq!(g.outcome().unwrap().winners, vec![1, 2]);
    assert!(g
        .outcome()
        .unwrap()
        .reason
        .english()
        .ends_with("no skyscrapers, tallest stacks equal (2): draw"));
}

/// Worked example 8 (section 3): the free set-up.
#[test]
fn example_8_free_setup() {
    let mut g = Skyscrapers::new(&setup(&[("setup", "free"), ("pawns", "11")])).unwrap();
    let l = listing(&g);
    assert_eq!(l.len(), 30);
    assert_eq!(l.first().unwrap(), "place a1");
    assert_eq!(l.last().unwrap(), "place f4");
    assert_eq!(
        g.status_text(),
        "Free set-up: Green has placed 0 of 11 pawns, White 0 of 11."
    );
    assert!(error(&g, "move a1 b1").contains("free set-up is still going"));
    assert!(error(&g, "move a1 e").contains("free set-up is still going"));
    // Fill rows so that the 22 pawns end up adjacent and Green has moves.
    let order: Vec<Vertex> = Vertex::all().take(22).collect();
    for (i, x) in order.iter().enumerate() {
        let seat = if i % 2 == 0 { 1 } else { 2 };
        assert_eq!(g.to_move(), Some(seat), "placement {}", i + 1);
        play(&mut g, &format!("place {x}"));
        assert_eq!(g.stack(*x).owner(), Some(seat));
        if i == 0 {
            assert_eq!(
                error(&g, "place a1"),
                "a1 already holds a pawn: place yours on an empty vertex (rule 3)"
            );
        }
    }
    assert!(!g.placing());
    assert_eq!(g.to_move(), Some(1));
    assert!(listing(&g).iter().all(|m| m.starts_with("move ")));
    assert!(error(&g, "place f4").contains("every pawn has been placed"));
    assert!(error(&standard(), "place a1").contains("standard set-up"));
}

/// Section 6: `pawns` other than 15 needs the free set-up.
#[test]
fn options_are_checked() {
    assert!(Skyscrapers::new(&setup(&[("pawns", "11")])).is_err());
    assert!(Skyscrapers::new(&setup(&[("pawns", "15")])).is_ok());
    let pairs = vec![("pawns".to_string(), "10".to_string())];
    assert!(Options::parse("Sky Scrapers", OPTIONS, &pairs).is_err());
    let mut s = setup(&[]);
    s.players = 3;
    assert!(Skyscrapers::new(&s).is_err());
}

/// Section 7: unparsable input says what to write.
#[test]
fn unparsable_inputs() {
    let g = standard();
    for (text, part) in [
        ("", "empty"),
        ("jump a1 b1", "not a Sky Scrapers action"),
        ("move a1", "needs a destination"),
        ("move a1 b1 e w", "takes the stack's vertex"),
        ("move z9 a1", "is not on the board"),
        ("move zz a1", "is not a vertex"),
        ("move a1 g4", "g4 is not on the board: row 4 holds a4-f4"),
        ("move a1 d1", "d1 is not on the board: row 1 holds a1-c1"),
        ("move a1 up", "neither a vertex nor a direction"),
        ("place", "place takes one vertex"),
        ("move b1 b1", "its own vertex"),
        ("move b1 c3", "not on a straight line"),
        ("move c4 b4", "White"),
    ] {
        let e = error(&g, text);
        assert!(e.contains(part), "{text}: {e}");
    }
}

/// R11: resignation and agreed draws.
#[test]
fn r11_resign_and_draw() {
    let mut g = standard();
    g.resign(1, crate::engine::Leave::Resigned).unwrap();
    assert_eq!(g.outcome().unwrap().winners, vec![2]);
    assert!(g.resign(2, crate::engine::Leave::Resigned).is_err());
    let mut g = standard();
    assert!(g.draw_allowed());
    g.agree_draw().unwrap();
    assert_eq!(g.outcome().unwrap().winners, vec![1, 2]);
    assert!(!g.draw_allowed());
    assert_eq!(g.seat_label(1).english(), "Green");
    assert_eq!(g.seat_label(2).english(), "White");
    assert_eq!(g.seat_label(0).english(), "Seat 0");
}

/// Conventions §4b: the verbs rebuild the notation.
#[test]
fn verbs_rebuild_the_notation() {
    let mv = VERBS.iter().find(|x| x.name == "move").unwrap();
    assert_eq!(mv.move_text(&[("from", "c2"), ("to", "e4")]), "move c2 e4");
    assert_eq!(
        mv.move_text(&[("from", "c2"), ("direction", "ne")]),
        "move c2 ne"
    );
    let names: Vec<&str> = mv.params.iter().map(|p| p.name).collect();
    assert_eq!(names, ["from", "to", "direction"]);
    let place = VERBS.iter().find(|x| x.name == "place").unwrap();
    assert_eq!(place.move_text(&[("square", "c4")]), "place c4");
}

/// The `board` object of `state --json` (module doc).
#[test]
fn board_json_shape() {
    let mut g = example_2();
    play(&mut g, "move c4 f4");
    let j = g.board_json();
    assert_eq!(j["phase"], "play");
    assert_eq!(j["last"], "move c4 f4");
    let stacks = j["stacks"].as_array().unwrap();
    let f4 = stacks.iter().find(|s| s["vertex"] == "f4").unwrap();
    assert_eq!(f4["layers"], "GWGG");
    assert_eq!(f4["height"], 4);
    assert_eq!(f4["owner"], 1);
}

// ---- Perft ----

/// Perft counts from the standard start (depths 1-4), kept in
/// `tests/data/skyscrapers-perft.txt`. Depth 1 is worked example 1 (71).
#[test]
fn perft_standard_start() {
    let data = include_str!("../../../tests/data/skyscrapers-perft.txt");
    let g = standard();
    let mut checked = 0;
    for line in data.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (d, n) = line.split_once(' ').unwrap();
        let d: u32 = d.parse().unwrap();
        assert_eq!(perft(&g, d), n.trim().parse::<u64>().unwrap(), "depth {d}");
        checked += 1;
    }
    assert_eq!(checked, 4);
}

// ---- Property tests over random games ----

fn random_game(setup: &Setup, seed: u64) -> Vec<String> {
    let mut rng = SplitMix64::new(seed);
    let mut g = Skyscrapers::new(setup).unwrap();
    let total_pawns = 2 * g.pawns() as u32;
    let mut record = Vec::new();
    let bound = total_pawns as usize + total_pawns as usize - 1;
    let mut moves = Vec::new();
    while g.outcome().is_none() {
        assert!(record.len() <= bound, "game too long");
        moves.clear();
        g.legal_moves(&mut moves);
        // Section 7: the player to move always has a move while the game runs.
        assert!(!moves.is_empty());
        let l = listing(&g);
        assert_eq!(l.len(), moves.len(), "each action listed once");
        for m in &moves {
            let text = m.to_string();
            assert_eq!(g.parse_move(&text).as_ref(), Ok(m));
            assert_eq!(g.check(m), Ok(()), "{text}");
            if let Move::Move { from, to } = *m {
                let (d, k) = from.line_to(to).unwrap();
                assert_eq!(k, g.height(from));
                assert_eq!(
                    g.parse_move(&format!("move {from} {d}")).as_ref(),
                    Ok(m),
                    "alias"
                );
            }
        }
        let m = moves[rng.below(moves.len() as u64) as usize];
        let stacks_before = Vertex::all().filter(|&x| g.height(x) > 0).count();
        g.play(&m).unwrap();
        record.push(m.to_string());
        let pawns: u32 = Vertex::all().map(|x| g.height(x) as u32).sum();
        let stacks_after = Vertex::all().filter(|&x| g.height(x) > 0).count();
        if let Move::Move { .. } = m {
            // R4: the pawn count is constant, every move removes one stack.
            assert_eq!(pawns, total_pawns);
            assert_eq!(stacks_after + 1, stacks_before);
        } else {
            assert_eq!(stacks_after, stacks_before + 1);
        }
        // Serde round trip.
        let back: Skyscrapers = serde_json::from_str(&serde_json::to_string(&g).unwrap()).unwrap();
        assert_eq!(listing(&back), listing(&g));
        assert_eq!(back.board_json(), g.board_json());
        assert_eq!(back.to_move(), g.to_move());
        // Random text never panics.
        let junk = ["move", "move a1 zz", "place q", "move c4 n", "move f4 sw e"];
        let _ = g.parse_move(junk[rng.below(junk.len() as u64) as usize]);
    }
    // R6: the game ended because neither player can move.
    let mut probe = g.clone();
    probe.outcome = None;
    assert!(!probe.has_move(1) && !probe.has_move(2));
    assert_eq!(g.final_outcome(), g.outcome().unwrap().clone());
    record
}

#[test]
fn random_games_standard() {
    let s = setup(&[]);
    for seed in 0..300 {
        random_game(&s, seed);
    }
}

#[test]
fn random_games_free() {
    for pawns in 11..=15 {
        let p = pawns.to_string();
        let s = setup(&[("setup", "free"), ("pawns", &p)]);
        for seed in 0..60 {
            let record = random_game(&s, seed * 31 + pawns);
            let placements = record.iter().filter(|m| m.starts_with("place ")).count();
            assert_eq!(placements as u64, 2 * pawns);
        }
    }
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    fn word() -> impl Strategy<Value = String> {
        prop_oneof![
            Just("move".to_string()),
            Just("place".to_string()),
            Just("MOVE".to_string()),
            "[a-h][0-9]",
            "(e|w|ne|nw|se|sw|n|s|nord-est|sud-ouest|est|o)",
            "[a-z]{1,6}",
            "\\PC{0,4}",
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// Any text: no panic; whatever parses and passes `check` is in the listing, in
        /// canonical form (every played move was listed).
        #[test]
        fn any_text_is_answered(
            words in proptest::collection::vec(word(), 0..5),
            plies in 0usize..20,
            seed in any::<u64>(),
            free in any::<bool>(),
        ) {
            let s = if free { setup(&[("setup", "free"), ("pawns", "12")]) } else { setup(&[]) };
            let mut g = Skyscrapers::new(&s).unwrap();
            let mut rng = SplitMix64::new(seed);
            let mut moves = Vec::new();
            for _ in 0..plies {
                moves.clear();
                g.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.below(moves.len() as u64) as usize];
                g.apply(&m);
            }
            let text = words.join(" ");
            if let Ok(mv) = g.parse_move(&text) {
                if g.check(&mv).is_ok() {
                    prop_assert!(listing(&g).contains(&mv.to_string()), "{}", text);
                }
            }
        }
    }
}
