//! Worked examples of battlezone.md section 8, rule tests, perft and random-game properties.

use super::*;
use crate::engine::board::Size;
use crate::engine::{listing, perft, Options};

fn sq(name: &str) -> Square {
    Square::parse(name, 8, 8).unwrap()
}

/// Section 8's piece codes: colour letter (K = black), size, `^` seat 1, `v` seat 2, `u` up.
fn pc(code: &str) -> Piece {
    let b = code.as_bytes();
    let colour = match b[0] {
        b'R' => Colour::Red,
        b'B' => Colour::Blue,
        b'G' => Colour::Green,
        b'Y' => Colour::Yellow,
        b'K' => Colour::Black,
        _ => panic!("bad colour in {code}"),
    };
    let size = Size::from_pips(b[1] - b'0').unwrap();
    let ctrl = match b[2] {
        b'^' => Some(1),
        b'v' => Some(2),
        b'u' => None,
        _ => panic!("bad state in {code}"),
    };
    Piece::new(colour, size, ctrl)
}

fn new_game(seed: u64, turn_limit: u32) -> Battlezone {
    let mut options = Options::default();
    if turn_limit > 0 {
        options
            .0
            .insert("turn_limit".into(), turn_limit.to_string());
    }
    Battlezone::new(&Setup {
        players: 2,
        seed,
        options,
    })
    .unwrap()
}

/// The game replayed from its set-up and its moves as text, as a game record is (what
/// `AnyGame::replay` does for Battle Zone, without naming the type above this folder).
fn replayed<S: AsRef<str>>(setup: &Setup, history: &[S]) -> Battlezone {
    let mut g = Battlezone::new(setup).unwrap();
    for text in history {
        let m = g.parse_move(text.as_ref()).unwrap();
        g.play(&m).unwrap();
    }
    g
}

/// A position: seat to move, its dice, and the listed pyramids taken from the supply.
fn position(seat: Seat, dice: [u8; 3], pieces: &[(&str, &str)]) -> Battlezone {
    let mut g = new_game(0, 0);
    g.set_to_move(seat);
    g.set_dice(dice);
    for (s, code) in pieces {
        assert!(g.put(sq(s), Some(pc(code))), "supply has {code}");
    }
    g
}

fn play(g: &mut Battlezone, text: &str) -> Result<(), MoveError> {
    let mv = g.parse_move(text)?;
    g.play(&mv)
}

/// `g` after `text`, which must be legal.
fn played(g: &Battlezone, text: &str) -> Battlezone {
    let mut h = g.clone();
    play(&mut h, text).unwrap();
    h
}

/// Each move of `cases` is refused with exactly its message.
fn refused_as(g: &Battlezone, cases: &[(&str, &str)]) {
    for (text, want) in cases {
        assert_eq!(illegal(g, text), *want, "{text}");
    }
}

fn illegal(g: &Battlezone, text: &str) -> String {
    let mut h = g.clone();
    match play(&mut h, text) {
        Err(MoveError::Illegal { rule, reason }) => format!("{rule}: {}", reason.english()),
        other => panic!("{text}: expected illegal, got {other:?}"),
    }
}

fn code(g: &Battlezone, s: &str) -> Option<String> {
    g.piece(sq(s)).map(|p| {
        let st = match p.ctrl {
            Some(1) => '^',
            Some(_) => 'v',
            None => 'u',
        };
        format!("{}{}{st}", p.colour.letter(), p.size.pips())
    })
}

fn census_ok(g: &Battlezone) {
    assert_eq!(g.census(), [[COPIES; 3]; 5], "45 pyramids in all");
}

/// Conventions §5: seed 0 opens with 2 1 2, then 5 2 1 (R2).
#[test]
fn seed_zero_dice() {
    let mut g = new_game(0, 0);
    assert_eq!(g.dice(), [2, 1, 2]);
    for m in ["skip 1", "skip 2", "skip 2"] {
        play(&mut g, m).unwrap();
    }
    assert_eq!(g.to_move(), Some(2));
    assert_eq!(g.dice(), [5, 2, 1]);
    assert_eq!(g.dice_left(), vec![1, 2, 5]);
}

/// Worked example 1 (R4, R5).
#[test]
fn example_1_opening() {
    let g = position(1, [1, 4, 6], &[]);
    let l = listing(&g);
    let mut want = Vec::new();
    for f in "abcdefgh".chars() {
        for c in [
            "black",
            "blue",
            "green",
            "red",
            "red joker",
            "yellow",
            "yellow joker",
        ] {
            want.push(format!("place {f}1 {c}"));
        }
    }
    want.extend(["skip 1", "skip 4", "skip 6"].map(String::from));
    assert_eq!(l, want);
    assert_eq!(l.len(), 59);
    assert_eq!(l.first().unwrap(), "place a1 black");
    assert_eq!(l.last().unwrap(), "skip 6");
    // Which die each spends.
    let h = played(&g, "place a1 black");
    assert_eq!(h.dice_left(), vec![1, 4]);
    let h = played(&g, "place a1 red");
    assert_eq!(h.dice_left(), vec![4, 6]);
    let h = played(&g, "place a1 red joker");
    assert_eq!(h.dice_left(), vec![1, 4]);
    assert_eq!(code(&h, "a1").as_deref(), Some("R1^"));
    // Input `joker` when only the 6 can pay is the plain form (section 7).
    assert_eq!(
        g.parse_move("PLACE  a1 Noir JOKER").unwrap().to_string(),
        "place a1 black"
    );
}

/// Worked example 2 (D2).
#[test]
fn example_2_range() {
    let names = |q: &str, r: u8| -> Vec<String> {
        let mut v: Vec<String> = Battlezone::range_squares(sq(q), r)
            .iter()
            .map(|s| s.to_string())
            .collect();
        v.sort();
        v
    };
    assert_eq!(
        names("a1", 2),
        ["a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3"]
    );
    let large = names("d4", 3);
    assert_eq!(large.len(), 48);
    let mut want = Vec::new();
    for f in "abcdefg".chars() {
        for r in 1..=7 {
            if (f, r) != ('d', 4) {
                want.push(format!("{f}{r}"));
            }
        }
    }
    want.sort();
    assert_eq!(large, want);
    assert_eq!(names("h8", 1), ["g7", "g8", "h7"]);
    assert_eq!(Battlezone::range_squares(sq("e5"), 1).len(), 8);
    assert_eq!(Battlezone::range_squares(sq("e5"), 2).len(), 24);
}

/// Worked example 3 (R9).
#[test]
fn example_3_moves_and_exits() {
    let g = position(
        1,
        [4, 2, 6],
        &[("e7", "Y3^"), ("h7", "Y2^"), ("e4", "K1u"), ("c1", "B1^")],
    );
    for m in ["move e7 n", "move e7 ne", "move e7 nw"] {
        let mut h = g.clone();
        play(&mut h, m).unwrap();
        assert_eq!(h.piece(sq("e7")), None, "{m}");
        assert_eq!(h.exited(1, Colour::Yellow, Size::Large), 1, "{m}");
        assert_eq!(h.scores(), vec![1, 0]);
        census_ok(&h);
    }
    let h = played(&g, "move e7 w");
    assert_eq!(code(&h, "b7").as_deref(), Some("Y3^"));
    assert!(illegal(&g, "move e7 e").starts_with("R9: a large moves exactly 3 squares"));
    assert!(illegal(&g, "move e7 e").contains("h7, which is occupied"));
    assert!(illegal(&g, "move e7 s").contains("e4, which is occupied"));
    for m in ["move h7 n", "move h7 nw"] {
        let mut h = g.clone();
        play(&mut h, m).unwrap();
        assert_eq!(h.exited(1, Colour::Yellow, Size::Medium), 1, "{m}");
    }
    assert!(illegal(&g, "move h7 ne").contains("leave by a side"));
    assert!(illegal(&g, "move h7 e").contains("leave by a side"));
    assert!(illegal(&g, "move c1 s").contains("own starting line"));
    assert!(illegal(&g, "move c1 sw").contains("own starting line"));
    let h = played(&g, "move c1 n");
    assert_eq!(code(&h, "c2").as_deref(), Some("B1^"));
    // Moves of the listing: the black upright cannot move.
    let moves: Vec<String> = listing(&g)
        .into_iter()
        .filter(|m| m.starts_with("move"))
        .collect();
    assert!(!moves.iter().any(|m| m.starts_with("move e4")));
    assert!(moves.contains(&"move c1 n joker".to_string()));
}

/// Exits for seat 2 and corner cases of R9.
#[test]
fn north_exits_past_rank_1() {
    let g = position(2, [1, 3, 5], &[("b2", "R2v"), ("a1", "G1v"), ("h8", "K1v")]);
    let h = played(&g, "move b2 s");
    assert_eq!(h.exited(2, Colour::Red, Size::Medium), 1);
    assert!(illegal(&g, "move a1 sw").contains("leave by a side"));
    let h = played(&g, "move a1 s");
    assert_eq!(h.exited(2, Colour::Green, Size::Small), 1);
    assert!(illegal(&g, "move h8 n").contains("own starting line"));
    assert!(illegal(&g, "move h8 ne").contains("leave by a side"));
    // Seat 1 cannot move North's pyramids.
    let mut s = g.clone();
    s.set_to_move(1);
    assert!(illegal(&s, "move b2 s").contains("controlled by North"));
}

/// Worked example 4 (R8b, R10).
#[test]
fn example_4_destroy_from_upright() {
    let g = position(
        1,
        [1, 3, 5],
        &[("d4", "R2u"), ("c5", "B1^"), ("e3", "G3v"), ("d6", "Y1u")],
    );
    let h = played(&g, "activate d4");
    assert_eq!(code(&h, "d4").as_deref(), Some("R1u"));
    assert_eq!(h.piece(sq("c5")), None);
    assert_eq!(h.piece(sq("e3")), None);
    assert_eq!(code(&h, "d6").as_deref(), Some("Y1u"));
    assert_eq!(h.dice_left(), vec![3, 5]);
    assert_eq!(h.supply(Colour::Red, Size::Small), 2);
    assert_eq!(h.supply(Colour::Red, Size::Medium), 3);
    assert_eq!(h.supply(Colour::Blue, Size::Small), 3);
    assert_eq!(h.supply(Colour::Green, Size::Large), 3);
    census_ok(&h);
    let a = h.last_activation().unwrap();
    assert_eq!((a.square, a.radius, a.colour), (sq("d4"), 1, Colour::Red));
    // The picture's caption counts what the activation destroyed.
    let hit = h.last_action().unwrap().hit;
    assert_eq!((hit.destroyed, hit.controlled, hit.frozen), (2, 0, 0));

    let mut none = g.clone();
    for _ in 0..3 {
        assert!(none.exit_from_supply(2, Colour::Red, Size::Small));
    }
    assert!(illegal(&none, "activate d4").contains("supply has no small red"));
    assert!(illegal(&g, "activate d6").contains("upright small"));
}

/// Worked example 5 (R8a, R11).
#[test]
fn example_5_control_power() {
    let g = position(
        2,
        [2, 5, 5],
        &[
            ("e5", "B2v"),
            ("c3", "R1^"),
            ("g7", "K3u"),
            ("f5", "G2v"),
            ("b5", "Y1^"),
        ],
    );
    let h = played(&g, "activate e5");
    let got: Vec<Option<String>> = ["e5", "c3", "g7", "f5", "b5"]
        .iter()
        .map(|s| code(&h, s))
        .collect();
    let want = ["B2u", "R1v", "K3v", "G2v", "Y1^"].map(|s| Some(s.to_string()));
    assert_eq!(got, want);
    // Only the pyramids that changed hands count as taken over (f5 was already North's).
    let hit = h.last_action().unwrap().hit;
    assert_eq!((hit.destroyed, hit.controlled, hit.frozen), (0, 2, 0));
}

/// Worked example 6 (R12).
#[test]
fn example_6_upgrade_power_finite_supply() {
    let mut g = position(
        1,
        [3, 1, 1],
        &[("d5", "G2^"), ("d3", "R2u"), ("c4", "R1^"), ("e4", "R1v")],
    );
    for (size, n) in [(Size::Small, 1), (Size::Medium, 2), (Size::Large, 1)] {
        for _ in 0..n {
            assert!(g.exit_from_supply(2, Colour::Red, size));
        }
    }
    let red = |g: &Battlezone| Size::ALL.map(|s| g.supply(Colour::Red, s));
    assert_eq!(red(&g), [0, 0, 2]);
    play(&mut g, "activate d5").unwrap();
    assert_eq!(code(&g, "d5").as_deref(), Some("G2u"));
    assert_eq!(code(&g, "d3").as_deref(), Some("R3u"));
    assert_eq!(code(&g, "c4").as_deref(), Some("R2^"));
    assert_eq!(code(&g, "e4"), None);
    assert_eq!(red(&g), [2, 0, 1]);
    census_ok(&g);
    // A large that cannot grow is removed: the caption counts it as destroyed.
    let hit = g.last_action().unwrap().hit;
    assert_eq!((hit.destroyed, hit.controlled, hit.frozen), (1, 0, 0));
}

/// R12: a large in range is removed.
#[test]
fn upgrade_power_removes_large() {
    let mut g = position(1, [3, 1, 1], &[("d5", "G1^"), ("d6", "K3v"), ("c6", "K2u")]);
    play(&mut g, "activate d5").unwrap();
    assert_eq!(code(&g, "d6"), None);
    assert_eq!(code(&g, "c6").as_deref(), Some("K3u"));
    census_ok(&g);
}

/// R14: freeze stands every pyramid in range upright, of any colour and controller.
#[test]
fn freeze_power() {
    let mut g = position(
        1,
        [5, 1, 1],
        &[("d4", "K2^"), ("c3", "R1v"), ("f6", "G3^"), ("g7", "B1v")],
    );
    play(&mut g, "activate d4").unwrap();
    for (s, c) in [("d4", "K2u"), ("c3", "R1u"), ("f6", "G3u"), ("g7", "B1v")] {
        assert_eq!(code(&g, s).as_deref(), Some(c), "{s}");
    }
    // The activated pyramid stands upright by R8a, not by the power: it is not counted.
    let hit = g.last_action().unwrap().hit;
    assert_eq!((hit.destroyed, hit.controlled, hit.frozen), (0, 0, 2));
}

/// Worked example 7 (R13).
#[test]
fn example_7_transport() {
    let g = position(
        1,
        [4, 1, 1],
        &[("d4", "Y2^"), ("c3", "R1v"), ("e5", "B3u"), ("d5", "K1^")],
    );
    let mut h = played(&g, "activate d4");
    assert_eq!(code(&h, "d4").as_deref(), Some("Y2u"));
    assert_eq!(h.dice_left(), vec![1, 1]);
    let step = h.transport_step().unwrap();
    assert_eq!((step.radius, step.left), (2, 2));
    assert!(illegal(&h, "transport c3 a4").contains("a4 is outside the range"));
    assert!(illegal(&h, "transport c3 d5").contains("d5 is occupied"));
    assert!(illegal(&h, "transport d4 c4").contains("the yellow pyramid itself"));
    assert!(illegal(&h, "transport c3 d4").contains("the yellow pyramid itself"));
    assert!(illegal(&h, "place a1 red").starts_with("R13: finish the transport step"));
    assert!(illegal(&h, "skip 1").starts_with("R13"));
    // The listing in the step: transports and done only.
    let l = listing(&h);
    assert_eq!(l[0], "done");
    assert!(l[1..].iter().all(|m| m.starts_with("transport")));
    // 3 pyramids in range (c3, e5, d5), 24 - 3 empty squares each.
    assert_eq!(l.len(), 3 * 21 + 1);
    play(&mut h, "transport c3 b6").unwrap();
    assert!(illegal(&h, "transport b6 c3").contains("already transported"));
    play(&mut h, "transport e5 f2").unwrap();
    assert_eq!(code(&h, "b6").as_deref(), Some("R1v"));
    assert_eq!(code(&h, "f2").as_deref(), Some("B3u"));
    assert_eq!(h.transport_step(), None);
    assert!(illegal(&h, "done").starts_with("R13: there is no transport step"));
    census_ok(&h);

    let mut d = g.clone();
    play(&mut d, "activate d4").unwrap();
    let before = d.board;
    play(&mut d, "done").unwrap();
    assert_eq!(d.board, before);
    assert_eq!(d.transport_step(), None);
}

/// R13: with every die spent, the turn ends only when the step ends.
#[test]
fn transport_step_holds_the_turn() {
    let mut g = position(1, [4, 1, 1], &[("d4", "Y1^"), ("c3", "R1v")]);
    g.set_dice_used([false, true, true]);
    play(&mut g, "activate d4").unwrap();
    assert_eq!(g.to_move(), Some(1));
    assert!(g.dice_left().is_empty());
    play(&mut g, "transport c3 c4").unwrap();
    // Radius 1: one transport ends the step, then the turn.
    assert_eq!(g.to_move(), Some(2));
    assert_eq!(g.turn(), 1);
    assert_eq!(g.dice_left().len(), 3);
}

/// Worked example 8 (R4, R6, R7, R8).
#[test]
fn example_8_upgrade_and_jokers() {
    let mut g = position(1, [2, 2, 6], &[("b2", "B1^"), ("f6", "B3v"), ("c7", "B2u")]);
    for size in [Size::Small, Size::Small, Size::Medium] {
        assert!(g.exit_from_supply(2, Colour::Blue, size));
    }
    let l = listing(&g);
    for m in ["upgrade b2", "upgrade b2 joker", "upgrade c7", "control c7"] {
        assert!(l.contains(&m.to_string()), "{m}");
    }
    assert!(!l.iter().any(|m| m.starts_with("upgrade f6")));
    assert!(!l.iter().any(|m| m.starts_with("activate c7")));
    assert!(illegal(&g, "upgrade f6").contains("controlled by North"));
    assert!(illegal(&g, "activate c7").contains("no small blue"));
    let h = played(&g, "upgrade b2");
    assert_eq!(h.dice_left(), vec![2, 6]);
    assert_eq!(code(&h, "b2").as_deref(), Some("B2^"));
    let h = played(&g, "upgrade b2 joker");
    assert_eq!(h.dice_left(), vec![2, 2]);
    census_ok(&h);
}

/// R4: the error names the colour and the dice.
#[test]
fn dice_assignment_errors() {
    let g = position(1, [1, 3, 5], &[("b2", "B1u")]);
    refused_as(
        &g,
        &[
            (
                "control b2",
                "R4: no unused die shows blue (2) or 6 (unused dice: 1 3 5)",
            ),
            (
                "place a1 red joker",
                "R4: joker needs an unused 6 (unused dice: 1 3 5)",
            ),
            ("skip 6", "R3: no unused die shows 6 (unused dice: 1 3 5)"),
        ],
    );
    assert!(illegal(&g, "place a2 red").starts_with("R5: a2 is not on your starting line"));
    assert!(illegal(&g, "activate e5").starts_with("R8: e5 is empty"));
}

/// R6, R7: control and upgrade actions.
#[test]
fn control_and_upgrade_actions() {
    let g = position(2, [2, 6, 1], &[("c3", "B1u"), ("d3", "B3u"), ("e3", "R1^")]);
    let h = played(&g, "control c3");
    assert_eq!(code(&h, "c3").as_deref(), Some("B1v"));
    assert!(illegal(&g, "upgrade d3").contains("already large"));
    assert!(illegal(&g, "upgrade e3").contains("controlled by South"));
    assert!(illegal(&g, "control e3").contains("already controlled"));
    let h = played(&g, "upgrade c3");
    assert_eq!(code(&h, "c3").as_deref(), Some("B2u"));
    assert_eq!(h.supply(Colour::Blue, Size::Small), 3);
}

/// R5: placing on a full line or with an empty supply.
#[test]
fn place_rules() {
    let mut g = position(1, [1, 2, 3], &[("a1", "G1^")]);
    assert!(illegal(&g, "place a1 red").contains("a1 is occupied"));
    for _ in 0..3 {
        g.exit_from_supply(2, Colour::Red, Size::Small);
    }
    assert!(illegal(&g, "place b1 red").contains("no small red"));
    let mut n = position(2, [1, 2, 3], &[]);
    assert!(illegal(&n, "place a1 red").contains("places on rank 8"));
    play(&mut n, "place a8 red").unwrap();
    assert_eq!(code(&n, "a8").as_deref(), Some("R1v"));
}

/// Worked example 9 (R15).
#[test]
fn example_9_win() {
    let mut g = position(1, [5, 1, 3], &[("e8", "K1^")]);
    for c in [Colour::Red, Colour::Blue, Colour::Green, Colour::Yellow] {
        assert!(g.exit_from_supply(1, c, Size::Small));
    }
    play(&mut g, "move e8 n").unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(o.winners, vec![1]);
    assert_eq!(g.to_move(), None);
    assert_eq!(g.dice(), [5, 1, 3]);
    assert!(g.dice_left().is_empty());
    assert!(listing(&g).is_empty());
    assert_eq!(g.scores(), vec![5, 0]);
    let mut obj = serde_json::Map::new();
    g.extra_json(&mut obj);
    assert_eq!(obj["dice"], serde_json::json!([5, 1, 3]));
    assert_eq!(obj["dice_left"], serde_json::json!([]));
    assert_eq!(play(&mut g, "skip 1"), Err(MoveError::GameOver));
}

fn skip_turns(g: &mut Battlezone) {
    while g.outcome().is_none() {
        let v = g.dice_left()[0];
        play(g, &format!("skip {v}")).unwrap();
    }
}

/// Worked example 10 (R16).
#[test]
fn example_10_turn_limit() {
    let mut g = new_game(7, 40);
    for c in [Colour::Red, Colour::Blue] {
        g.exit_from_supply(1, c, Size::Small);
    }
    for c in [Colour::Red, Colour::Blue, Colour::Green] {
        g.exit_from_supply(2, c, Size::Small);
    }
    skip_turns(&mut g);
    assert_eq!(g.turn(), 40);
    assert_eq!(g.outcome().unwrap().winners, vec![2]);
    assert!(g.dice_left().is_empty());

    // Equal colours: more pyramids wins; equal counts: a draw.
    let mut g = new_game(7, 40);
    g.exit_from_supply(1, Colour::Red, Size::Small);
    g.exit_from_supply(1, Colour::Red, Size::Large);
    g.exit_from_supply(2, Colour::Blue, Size::Small);
    let mut d = g.clone();
    skip_turns(&mut g);
    assert_eq!(g.outcome().unwrap().winners, vec![1]);
    d.exit_from_supply(2, Colour::Blue, Size::Medium);
    skip_turns(&mut d);
    assert_eq!(d.outcome().unwrap().winners, vec![1, 2]);
}

/// R17.
#[test]
fn resign_and_draw() {
    let mut g = new_game(0, 0);
    assert!(g.draw_allowed());
    g.resign(1, crate::engine::Leave::Resigned).unwrap();
    assert_eq!(g.outcome().unwrap().winners, vec![2]);
    assert!(g.dice_left().is_empty());
    assert_eq!(
        g.resign(2, crate::engine::Leave::Resigned),
        Err(MoveError::GameOver)
    );
    let mut g = new_game(0, 0);
    g.agree_draw().unwrap();
    assert_eq!(g.outcome().unwrap().winners, vec![1, 2]);
    assert!(!g.draw_allowed());
}

/// Section 7: aliases, any case, runs of spaces; unparsable input says the form.
#[test]
fn notation_aliases_and_errors() {
    let g = position(1, [1, 4, 6], &[("d4", "Y2^")]);
    for (input, want) in [
        ("place A1 Rouge", "place a1 red"),
        ("place a1 orange", "place a1 red"),
        ("place a1   purple", "place a1 blue"),
        ("place a1 violet", "place a1 blue"),
        ("place a1 bleu", "place a1 blue"),
        ("place a1 vert", "place a1 green"),
        ("place a1 cyan", "place a1 green"),
        ("place a1 jaune", "place a1 yellow"),
        ("place a1 clear", "place a1 yellow"),
        ("place a1 transparent", "place a1 yellow"),
        ("place a1 noir", "place a1 black"),
        ("place a1 white", "place a1 black"),
        ("place a1 blanc", "place a1 black"),
        ("place a1 red joker", "place a1 red joker"),
        ("move d4 nord", "move d4 n"),
        ("move d4 nord-ouest", "move d4 nw"),
        ("move d4 south-east joker", "move d4 se joker"),
        ("move d4 O", "move d4 w"),
        ("Activate D4", "activate d4"),
        ("skip 6", "skip 6"),
        ("transport c3 b6", "transport c3 b6"),
        ("DONE", "done"),
    ] {
        assert_eq!(g.parse_move(input).unwrap().to_string(), want, "{input}");
    }
    for bad in [
        "",
        "fly d4",
        "place a1",
        "place a1 pink",
        "place i1 red",
        "move d4",
        "move d4 up",
        "skip 7",
        "skip x",
        "done now",
        "transport c3",
        "joker",
        "skip 6 joker",
    ] {
        match g.parse_move(bad) {
            Err(MoveError::Unparsable { .. }) => {}
            other => panic!("{bad:?}: {other:?}"),
        }
    }
    let e = g.parse_move("place a1 pink").unwrap_err().to_string();
    assert!(e.contains("\"pink\" is not a colour"), "{e}");
}

/// Conventions §4b: the verbs rebuild the notation.
#[test]
fn verbs_build_the_notation() {
    let verb = |n: &str| VERBS.iter().find(|v| v.name == n).unwrap();
    assert_eq!(
        verb("move").move_text(&[("from", "d6"), ("direction", "n")]),
        "move d6 n"
    );
    assert_eq!(
        verb("move").move_text(&[("direction", "n"), ("from", "d6"), ("joker", "true")]),
        "move d6 n joker"
    );
    assert_eq!(
        verb("place").move_text(&[("square", "c1"), ("colour", "red"), ("joker", "false")]),
        "place c1 red"
    );
    assert_eq!(
        verb("transport").move_text(&[("from", "c3"), ("to", "b6")]),
        "transport c3 b6"
    );
    assert_eq!(verb("skip").move_text(&[("die", "6")]), "skip 6");
    assert_eq!(verb("done").move_text(&[]), "done");
    let mv = &verb("move").params;
    assert_eq!(mv[0].name, "from");
    assert_eq!(mv[1].name, "direction");
}

/// The status line tells the roll and what each unused die allows.
#[test]
fn status_tells_each_die() {
    let g = position(1, [1, 4, 6], &[("d4", "Y2^"), ("c3", "R1u")]);
    let s = g.status_text();
    assert!(s.starts_with("South rolled 1 4 6."), "{s}");
    assert!(
        s.contains("Die 1 red: place on rank 1; control c3; upgrade c3."),
        "{s}"
    );
    assert!(
        s.contains(
            "Die 4 yellow: place on rank 1; upgrade d4; activate d4 (transport, range 2); move d4"
        ),
        "{s}"
    );
    assert!(
        s.contains(
            "Die 6 joker: any colour, so also the actions above (add ` joker` to spend the 6 \
             on them); other colours: place blue/green/black on rank 1."
        ),
        "{s}"
    );
    let h = played(&g, "activate d4");
    assert!(h
        .status_text()
        .contains("transport step of the yellow pyramid on d4"));
    // Only a 6 left, and nothing it can pay for: South's line is full of North's pyramids.
    let mut none = position(
        1,
        [6, 6, 6],
        &[
            ("a1", "R1v"),
            ("b1", "B1v"),
            ("c1", "G1v"),
            ("d1", "Y1v"),
            ("e1", "K1v"),
            ("f1", "R2v"),
            ("g1", "B2v"),
            ("h1", "G2v"),
        ],
    );
    none.set_dice_used([true, true, false]);
    assert_eq!(
        none.status_text(),
        "South rolled 6 6 6. Die 6 joker: nothing now (skip it). Any unused die may \
         be skipped (`skip N`)."
    );
    assert_eq!(listing(&none), ["skip 6"]);
}

fn perft_data() -> Vec<(u64, u32, u64)> {
    include_str!("../../../tests/data/battlezone-perft.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let n: Vec<u64> = l.split_whitespace().map(|w| w.parse().unwrap()).collect();
            (n[0], n[1] as u32, n[2])
        })
        .collect()
}

/// Perft from the start, seeds and depths of `tests/data/battlezone-perft.txt`. Depth 1 and 2
/// for seed 0 (dice 2 1 2) are counted by hand: 16 places + 2 skips = 18, and 271.
#[test]
fn perft_counts() {
    let data = perft_data();
    assert!(data.contains(&(0, 1, 18)));
    assert!(data.contains(&(0, 2, 271)));
    for (seed, depth, want) in data {
        assert_eq!(
            perft(&new_game(seed, 0), depth),
            want,
            "seed {seed} depth {depth}"
        );
    }
}

/// Every syntactically possible action, for comparing `check` with the listing.
fn all_actions() -> Vec<Move> {
    let mut v = vec![Move::Done];
    for i in 0..64u8 {
        let s = Square(i);
        for joker in [false, true] {
            for colour in Colour::ALL {
                v.push(Move::Place {
                    square: s,
                    colour,
                    joker,
                });
            }
            v.push(Move::Control { square: s, joker });
            v.push(Move::Upgrade { square: s, joker });
            v.push(Move::Activate { square: s, joker });
            for dir in Dir::ALL {
                v.push(Move::Move {
                    from: s,
                    dir,
                    joker,
                });
            }
        }
        for j in 0..64u8 {
            v.push(Move::Transport {
                from: s,
                to: Square(j),
            });
        }
    }
    for die in 1..=6 {
        v.push(Move::Skip { die });
    }
    v
}

/// Random games: every listed action parses back to itself and passes `check`; an action
/// passes `check` only if its canonical form is listed; 45 pyramids always; serde round trip;
/// replaying the texts from the seed reproduces the game; games end.
#[test]
fn random_games() {
    let everything = all_actions();
    let mut pick = crate::engine::rng::SplitMix64::new(99);
    let mut wins = 0;
    for seed in 0..24u64 {
        let limit = [0, 12, 30][seed as usize % 3];
        let mut g = new_game(seed, limit);
        let mut history: Vec<String> = Vec::new();
        let mut moves = Vec::new();
        let mut steps = 0;
        while g.outcome().is_none() && steps < 5000 {
            moves.clear();
            g.legal_moves(&mut moves);
            assert!(!moves.is_empty(), "a running game always has an action");
            let texts = listing(&g);
            assert_eq!(texts.len(), moves.len(), "no duplicates");
            for m in &moves {
                assert_eq!(g.parse_move(&m.to_string()).as_ref(), Ok(m));
                assert_eq!(g.check(m), Ok(()), "{m}");
            }
            if steps % 25 == 0 {
                for m in &everything {
                    let ok = g.check(m).is_ok();
                    let canon = g.parse_move(&m.to_string()).unwrap();
                    assert_eq!(ok, moves.contains(&canon), "{m} at step {steps}");
                }
                let text = serde_json::to_string(&g).unwrap();
                let back: Battlezone = serde_json::from_str(&text).unwrap();
                assert_eq!(serde_json::to_string(&back).unwrap(), text);
            }
            // Prefer actions over skips so that games get somewhere.
            let mut i = pick.below(moves.len() as u64) as usize;
            if matches!(moves[i], Move::Skip { .. } | Move::Done) && pick.below(4) != 0 {
                i = pick.below(moves.len() as u64) as usize;
            }
            let m = moves[i];
            history.push(m.to_string());
            g.play(&m).unwrap();
            census_ok(&g);
            steps += 1;
        }
        // With a limit the game ends by R16 at the latest; without, random play has always
        // exited five colours well within the cap.
        assert!(g.outcome().is_some(), "seed {seed}: the game ends");
        if g.outcome().unwrap().reason.english() == "all five colours exited" {
            wins += 1;
        }
        if limit > 0 {
            assert!(g.turn() <= limit);
        }
        let setup = Setup {
            players: 2,
            seed,
            options: Options::parse(
                "Battle Zone",
                OPTIONS,
                &if limit > 0 {
                    vec![("turn_limit".to_string(), limit.to_string())]
                } else {
                    vec![]
                },
            )
            .unwrap(),
        };
        let r = replayed(&setup, &history);
        assert_eq!(
            serde_json::to_value(&r).unwrap(),
            serde_json::to_value(&g).unwrap()
        );
    }
    assert!(wins > 0, "some random games are won by R15");
}

/// Garbage input never panics.
#[test]
fn garbage_never_panics() {
    let g = position(1, [1, 4, 6], &[("d4", "Y2^")]);
    let mut r = crate::engine::rng::SplitMix64::new(5);
    let vocab = [
        "place",
        "move",
        "skip",
        "joker",
        "a1",
        "z9",
        "d4",
        "n",
        "red",
        "",
        "7",
        "done",
        "transport",
        "é",
        "activate",
        "h8",
        "0",
        "-1",
        "a",
    ];
    for _ in 0..3000 {
        let n = r.below(5);
        let text: Vec<&str> = (0..n)
            .map(|_| vocab[r.below(vocab.len() as u64) as usize])
            .collect();
        let mut h = g.clone();
        let _ = play(&mut h, &text.join(" "));
    }
}

/// Prints perft counts for the data file (run with --ignored --nocapture).
#[test]
#[ignore]
fn print_perft() {
    for seed in [0u64, 1, 2] {
        for depth in 1..=4 {
            println!("{seed} {depth} {}", perft(&new_game(seed, 0), depth));
        }
    }
}

/// R3: the same pyramid may be used by several dice; R9: a move jumps over pyramids.
#[test]
fn same_pyramid_twice_and_jumps() {
    let mut g = position(1, [2, 2, 1], &[("d2", "R1v")]);
    play(&mut g, "place d1 blue").unwrap();
    play(&mut g, "upgrade d1").unwrap();
    assert_eq!(code(&g, "d1").as_deref(), Some("B2^"));
    assert_eq!(g.dice_left(), vec![1]);
    let mut h = position(1, [2, 2, 1], &[("d1", "B2^"), ("d2", "R1v")]);
    play(&mut h, "move d1 n").unwrap();
    assert_eq!(code(&h, "d3").as_deref(), Some("B2^"));
    play(&mut h, "move d3 s").unwrap();
    assert_eq!(code(&h, "d1").as_deref(), Some("B2^"));
    // Turn passes to North with its own roll (R1, R3).
    play(&mut h, "skip 1").unwrap();
    assert_eq!(h.to_move(), Some(2));
}

/// Perft by brute force: every syntactically possible action that `check` accepts and that is
/// canonical, an enumeration independent of `legal_moves`.
fn perft_by_check(g: &Battlezone, depth: u32, everything: &[Move]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut n = 0;
    for m in everything {
        if g.check(m).is_ok() && g.parse_move(&m.to_string()).as_ref() == Ok(m) {
            let mut h = g.clone();
            h.apply(m);
            n += perft_by_check(&h, depth - 1, everything);
        }
    }
    n
}

/// The perft data agrees with the brute-force enumeration at the depths it can afford.
#[test]
fn perft_cross_check() {
    let everything = all_actions();
    for (seed, depth, want) in perft_data() {
        if depth <= 3 {
            assert_eq!(
                perft_by_check(&new_game(seed, 0), depth, &everything),
                want,
                "seed {seed} depth {depth}"
            );
        }
    }
}

/// The seed of the game a transcript opens in channel `BZ_CHANNEL` (default `#arena`): the
/// service's (`ManualClock::seed` in `table::clock`) under the transcripts' fixed clock.
fn transcript_seed() -> u64 {
    let channel = std::env::var("BZ_CHANNEL").unwrap_or("local:#arena".into());
    let now_ms: i64 = 1_767_225_600_000;
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in channel.bytes() {
        h = (h ^ b as u64).wrapping_mul(0x0100_0000_01b3);
    }
    crate::engine::rng::SplitMix64::new(h ^ now_ms as u64).next()
}

/// Writes a greedy two-player game for the transcript `tests/transcripts/battlezone-game.txt`:
/// the seed is the service's for channel `#arena` under the transcripts' fixed clock
/// (`ManualClock::seed` in `table::clock`). Run with `--ignored --nocapture`.
#[test]
#[ignore]
fn print_greedy_game() {
    let seed = transcript_seed();
    let mut g = new_game(seed, 0);
    println!("roll {:?}", g.dice());
    let mut moves = Vec::new();
    let mut n = 0;
    while g.outcome().is_none() && n < 2000 {
        moves.clear();
        g.legal_moves(&mut moves);
        let me = g.to_move().unwrap();
        let forward = |sq: Square| {
            if me == 1 {
                sq.rank() as i32
            } else {
                7 - sq.rank() as i32
            }
        };
        let needed = |c: Colour| g.exited_colours(me).all(|x| x != c);
        let mine_on_board = |c: Colour| {
            (0..64u8).any(|i| {
                g.piece(Square(i))
                    .is_some_and(|p| p.colour == c && p.ctrl == Some(me))
            })
        };
        let score = |m: &Move| -> i32 {
            match *m {
                Move::Move { from, dir, joker } => {
                    let p = g.piece(from).unwrap();
                    let mut h = g.clone();
                    h.apply(m);
                    let j = if joker { -1 } else { 0 };
                    if h.exited_count(me) > g.exited_count(me) {
                        return if needed(p.colour) { 1000 } else { -50 } + j;
                    }
                    let (_, dr) = dir.delta();
                    let gain = if me == 1 { dr } else { -dr } as i32 * p.size.pips() as i32;
                    if !needed(p.colour) {
                        return -10;
                    }
                    50 + gain * 20 + forward(from) + j
                }
                Move::Upgrade { square, joker } => {
                    let p = g.piece(square).unwrap();
                    if p.ctrl == Some(me) && needed(p.colour) {
                        60 - if joker { 1 } else { 0 }
                    } else {
                        -20
                    }
                }
                Move::Place { colour, joker, .. } => {
                    if needed(colour) && !mine_on_board(colour) {
                        40 - if joker { 1 } else { 0 }
                    } else {
                        -30
                    }
                }
                Move::Activate { square, joker } => {
                    let p = g.piece(square).unwrap();
                    let r = g.activation_radius(p, me).unwrap();
                    let mut v = -if joker { 1 } else { 0 };
                    for sq in Battlezone::range_squares(square, r) {
                        let Some(t) = g.piece(sq) else { continue };
                        let theirs = t.ctrl == Some(3 - me);
                        let mine = t.ctrl == Some(me);
                        v += match p.colour {
                            Colour::Red if theirs => 45,
                            Colour::Black if theirs => 25,
                            Colour::Red | Colour::Black if mine => -60,
                            Colour::Blue if theirs => 25,
                            Colour::Blue if !mine => 0,
                            Colour::Green | Colour::Yellow => -40,
                            _ => 0,
                        };
                    }
                    if v > 0 {
                        v + 20
                    } else {
                        -40
                    }
                }
                Move::Control { square, joker } => {
                    let p = g.piece(square).unwrap();
                    if needed(p.colour) {
                        45 - if joker { 1 } else { 0 }
                    } else {
                        -20
                    }
                }
                Move::Done => 5,
                Move::Transport { .. } => -5,
                Move::Skip { .. } => 0,
            }
        };
        let best = *moves
            .iter()
            .max_by_key(|m| (score(m), std::cmp::Reverse(m.to_string())))
            .unwrap();
        println!("{me} {best}");
        g.play(&best).unwrap();
        n += 1;
    }
    println!(
        "outcome {:?} after {n} actions, {} turns",
        g.outcome(),
        g.turn()
    );
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

    /// Any seed and any choices: every chosen action was listed and plays, the 45 pyramids
    /// stay accounted for, and the text history replays to the same state.
    #[test]
    fn any_seed_any_choices(seed in proptest::prelude::any::<u64>(),
                            picks in proptest::collection::vec(proptest::prelude::any::<u16>(), 1..150)) {
        let mut g = new_game(seed, 0);
        let mut history = Vec::new();
        let mut moves = Vec::new();
        for p in picks {
            if g.outcome().is_some() {
                break;
            }
            moves.clear();
            g.legal_moves(&mut moves);
            let m = moves[p as usize % moves.len()];
            proptest::prop_assert_eq!(g.parse_move(&m.to_string()), Ok(m));
            g.play(&m).unwrap();
            history.push(m.to_string());
            proptest::prop_assert_eq!(g.census(), [[COPIES; 3]; 5]);
        }
        let setup = Setup { players: 2, seed, options: Options::default() };
        let r = replayed(&setup, &history);
        proptest::prop_assert_eq!(serde_json::to_value(&r).unwrap(), serde_json::to_value(&g).unwrap());
    }
}

/// Prints the first rolls of a game opened in channel `BZ_CHANNEL` by a transcript (the seed
/// as in [`print_greedy_game`]), to plan transcripts such as `battlezone-transport.txt`.
#[test]
#[ignore]
fn print_channel_dice() {
    let seed = transcript_seed();
    let mut r = crate::engine::rng::SplitMix64::new(seed);
    let rolls: Vec<String> = (0..8)
        .map(|_| format!("{} {} {}", 1 + r.below(6), 1 + r.below(6), 1 + r.below(6)))
        .collect();
    let channel = std::env::var("BZ_CHANNEL").unwrap_or("local:#arena".into());
    println!("DICE {channel}: {}", rolls.join(" | "));
}
