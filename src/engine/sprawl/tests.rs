//! Worked examples of sprawl.md section 8 and the rules they illustrate, perft counts and
//! property tests over random games.

use super::*;
use crate::engine::board::Dir;
use crate::engine::{listing, perft, Options};

fn setup(players: u8, opts: &[&str]) -> Setup {
    let words: Vec<String> = opts.iter().map(|o| format!("{o}=true")).collect();
    Setup {
        players,
        seed: 0,
        options: Options::parse_words("Sprawl", OPTIONS, &words).unwrap(),
    }
}

fn game(players: u8, opts: &[&str]) -> Sprawl {
    Sprawl::new(&setup(players, opts)).unwrap()
}

fn sq(g: &Sprawl, s: &str) -> Square {
    Square::parse(s, g.rules.files, g.rules.ranks).unwrap()
}

fn play(g: &mut Sprawl, moves: &str) {
    for m in moves.split(';').map(str::trim).filter(|m| !m.is_empty()) {
        let mv = g.parse_move(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        g.play(&mv).unwrap_or_else(|e| panic!("{m}: {e}"));
        assert_eq!(mv.to_string(), m, "moves in tests are canonical");
    }
}

fn err(g: &Sprawl, m: &str) -> String {
    match g.parse_move(m) {
        Err(e) => e.to_string(),
        Ok(mv) => g.check(&mv).expect_err(m).to_string(),
    }
}

fn legal(g: &Sprawl, m: &str) -> bool {
    g.parse_move(m).is_ok_and(|mv| g.check(&mv).is_ok())
}

/// The listing of `seat` as if it were their turn.
fn listing_of(g: &Sprawl, seat: Seat) -> Vec<String> {
    let mut g = g.clone();
    g.set_to_move(seat);
    listing(&g)
}

/// Builds a position: `T` towers `"c1:1:32"` (square, seat, sizes bottom first) and branches
/// `"c2:1:2n"` (square, seat, size, direction), in an order where sources come first.
fn position(players: u8, opts: &[&str], pieces: &[&str], to_move: Seat) -> Sprawl {
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

fn lines(s: &str) -> Vec<String> {
    s.split(',').map(|l| l.trim().to_string()).collect()
}

/// Example 1, R2: 90 first-turn lines.
#[test]
fn example_1_first_turn() {
    let g = game(3, &[]);
    let l = listing(&g);
    assert_eq!(l.len(), 90);
    assert_eq!(l.first().unwrap(), "tower a1 large");
    assert_eq!(l.last().unwrap(), "tower e6 small");
    assert!(err(&g, "branch a2 n large").contains("(rule R2)"));
}

const Q_SEQUENCE: &str = "tower a2 large; tower c4 large; tower c2 medium; branch a3 n large; \
    branch d4 e small; build c2 small; branch b2 e small; branch b4 w small; branch c3 n medium";

/// Example 2, Q1-Q4 (D4, D6, D7, R6).
#[test]
fn example_2_the_originals_position() {
    let mut g = game(3, &[]);
    play(&mut g, Q_SEQUENCE);
    assert_eq!(g.to_move(), Some(1));
    // Q1.
    assert_eq!(g.spore_targets(1), vec![sq(&g, "a6")]);
    assert_eq!(g.spore_targets(3), vec![sq(&g, "c5")]);
    assert!(g.spore_targets(2).is_empty());
    // Q2, Q3.
    assert!(g.neutralized(sq(&g, "c4")));
    assert!(!g.neutralized(sq(&g, "c2")));
    // Listings.
    assert_eq!(
        listing(&g),
        lines("build a2 medium, spore a6 large, spore a6 medium, spore a6 small")
    );
    assert_eq!(
        listing_of(&g, 3),
        lines(
            "branch b3 w small, branch d2 e large, branch d2 e medium, branch d2 e small, \
             branch d3 e small, spore c5 large, spore c5 medium, spore c5 small"
        )
    );
    assert!(listing_of(&g, 2).is_empty());
    // Q4.
    let mut red = g.clone();
    red.set_to_move(3);
    assert!(legal(&red, "spore c5 large"));
    assert!(err(&red, "branch c1 s small").contains("off the board"));
    assert_eq!(
        err(&g, "spore c5 large"),
        "c5 is not targeted by any of your active branches (rule R6)"
    );
    assert_eq!(
        err(&red, "branch d3 e medium"),
        "a branch off a medium must be a small: branch d3 e small (rule R5)"
    );
}

/// Example 3, R9-R11: the trigger, one more round, removal and scores.
#[test]
fn example_3_end_and_scoring() {
    let mut g = game(3, &[]);
    play(&mut g, Q_SEQUENCE);
    play(&mut g, "spore a6 small");
    assert_eq!(g.trigger(), Some(2), "Green is stuck and passes");
    assert_eq!(g.to_move(), Some(3));
    assert!(g.status().contains("Last round: Blue could not act"));
    play(&mut g, "spore c5 large");
    assert_eq!(g.to_move(), Some(1));
    play(&mut g, "build a2 medium");
    let o = g
        .outcome()
        .expect("the game ends when the turn comes back to Green");
    assert_eq!(o.winners, vec![1]);
    assert_eq!(g.scores(), vec![20, 30, 22]);
    for s in ["c4", "d4", "b4"] {
        assert!(g.pos.is_vacant(sq(&g, s)), "R10 removes {s}");
    }
    assert!(listing(&g).is_empty());
    assert_eq!(g.to_move(), None);
    assert_eq!(g.places(), Some(vec![1, 3, 2]));
}

const EX4: &[&str] = &["c1:1:32", "c2:1:2n", "e6:2:1", "a6:3:1"];

/// Example 4, R5 and R16: branch geometry and depth.
#[test]
fn example_4_branch_geometry_and_depth() {
    let g = position(3, &[], EX4, 1);
    assert_eq!(
        listing(&g),
        lines(
            "branch b1 w large, branch b1 w medium, branch b1 w small, branch b2 w small, \
             branch c3 n small, branch d1 e large, branch d1 e medium, branch d1 e small, \
             branch d2 e small, build c1 small, spore c4 large, spore c4 medium, spore c4 small"
        )
    );
    assert!(err(&g, "branch c3 e small").contains("grows from b3, which is empty"));
    assert_eq!(
        err(&g, "branch c3 n medium"),
        "a branch off a medium must be a small: branch c3 n small (rule R5)"
    );
    assert!(!legal(&g, "branch b2 n small"));
    // R16.
    let loose = position(3, &["loose_branching"], EX4, 1);
    assert!(legal(&loose, "branch c3 e small"));
    assert!(legal(&loose, "branch c3 w small"));
    assert!(!legal(&loose, "branch c3 s small"));
    assert_eq!(listing(&loose).len(), 15);
    // Height 1: depth 2 is too deep until the tower grows.
    let short = position(3, &[], &["c1:1:3", "c2:1:2n", "e6:2:1", "a6:3:1"], 1);
    for m in [
        "branch c3 n small",
        "branch b2 w small",
        "branch d2 e small",
    ] {
        assert!(!legal(&short, m), "{m}");
    }
    assert!(err(&short, "branch c3 n small").contains("build c1 up first"));
    let mut built = short.clone();
    play(&mut built, "build c1 medium");
    built.set_to_move(1);
    for m in [
        "branch c3 n small",
        "branch b2 w small",
        "branch d2 e small",
    ] {
        assert!(legal(&built, m), "{m}");
    }
}

/// Example 5, R6 (4) and D5: sporing into an attack.
#[test]
fn example_5_spore_into_an_attack() {
    let pieces = &["a4:1:3", "b4:1:2e", "d6:2:2", "d5:2:1s", "a1:3:1"];
    let g = position(3, &[], pieces, 1);
    assert!(legal(&g, "spore d4 small"));
    assert_eq!(
        err(&g, "spore d4 medium"),
        "a medium tower on d4 would be neutralized at once by the small branch on d5: a tower there can only be small (rule R6)"
    );
    assert!(!legal(&g, "spore d4 large"));
    let y = position(3, &[], pieces, 2);
    for k in ["small", "medium", "large"] {
        assert!(legal(&y, &format!("spore d4 {k}")));
    }
    let own = position(3, &["own_attacks"], pieces, 2);
    assert!(legal(&own, "spore d4 small"));
    assert!(!legal(&own, "spore d4 medium"));
    assert!(!legal(&own, "spore d4 large"));
}

/// Example 6, R5 and D4: edges.
#[test]
fn example_6_edges() {
    let g = position(3, &[], &["a1:1:3"], 1);
    assert_eq!(
        listing(&g),
        lines(
            "branch a2 n large, branch a2 n medium, branch a2 n small, branch b1 e large, \
             branch b1 e medium, branch b1 e small, build a1 medium"
        )
    );
    let g2 = position(3, &[], &["a1:1:3", "a2:1:3"], 1);
    assert!(err(&g2, "branch a1 s small").contains("not vacant"));
    let g3 = position(3, &[], &["a2:1:3", "a3:1:3n"], 1);
    let b = g3.pos.branch(sq(&g3, "a3")).unwrap();
    assert_eq!(
        g3.pos.target_of(&g3.rules, sq(&g3, "a3"), &b),
        Some(sq(&g3, "a6"))
    );
    let mut g4 = position(3, &[], &["a3:1:3"], 1);
    play(&mut g4, "branch a4 n large");
    let b = g4.pos.branch(sq(&g4, "a4")).unwrap();
    assert_eq!(
        g4.pos.target_of(&g4.rules, sq(&g4, "a4"), &b),
        None,
        "a7 is off the board"
    );
    let g5 = position(3, &[], &["a2:1:3"], 1);
    assert!(err(&g5, "branch a1 s small").contains("point off the board"));
}

/// Example 7, D6 and R12 with superior forces.
#[test]
fn example_7_superior_forces() {
    let base = position(3, &[], &["c3:2:3", "c1:1:3", "c2:1:2n"], 1);
    assert!(base.neutralized(sq(&base, "c3")));
    let mut sf = position(3, &["superior_forces"], &["c3:2:3", "c1:1:3", "c2:1:2n"], 1);
    assert!(!sf.neutralized(sq(&sf, "c3")));
    sf.put_tower(sq(&sf, "a3"), 3, &[Size::Large]);
    sf.put_branch(sq(&sf, "b3"), 3, Size::Small, Dir::E);
    assert!(!sf.neutralized(sq(&sf, "c3")), "3 > 3 is false");
    sf.put_tower(sq(&sf, "e3"), 1, &[Size::Large]);
    sf.put_branch(sq(&sf, "d3"), 1, Size::Large, Dir::W);
    assert!(sf.neutralized(sq(&sf, "c3")), "6 > 3");
    sf.finish("test");
    assert_eq!(sf.credits(1), Some((3, 1)));
    assert_eq!(sf.credits(3), Some((3, 1)));
    assert_eq!(sf.credits(2), Some((0, 0)));
}

/// Example 8, R15: overload.
#[test]
fn example_8_overload() {
    let pieces = &["c2:1:3", "a5:1:3", "c3:1:2n", "b5:1:1e", "e1:2:1", "e2:3:1"];
    let g = position(3, &["overload"], pieces, 1);
    let mut one = g.clone();
    play(&mut one, "spore c5 large overload 1");
    let t = one.pos.tower(sq(&one, "c5")).unwrap();
    assert_eq!(
        t.stack().iter().map(|p| p.size.pips()).collect::<Vec<_>>(),
        vec![3, 2]
    );
    assert_eq!(
        err(&g, "spore c5 large overload 2"),
        "overload 2 needs 3 of your active branches targeting c5; you have 2 (rule R15)"
    );
    let mut g3 = g.clone();
    g3.put_tower(sq(&g3, "e5"), 1, &[Size::Large]);
    g3.put_branch(sq(&g3, "d5"), 1, Size::Small, Dir::W);
    let mut full = g3.clone();
    play(&mut full, "spore c5 large overload 2");
    let t = full.pos.tower(sq(&full, "c5")).unwrap();
    assert_eq!(
        t.stack().iter().map(|p| p.size.pips()).collect::<Vec<_>>(),
        vec![3, 2, 1]
    );
    assert!(err(&g3, "spore c5 medium overload 2").contains("(rule R15)"));
    // Without the option.
    let plain = position(3, &[], pieces, 1);
    assert!(err(&plain, "spore c5 large overload 1").contains("overload is not on"));
    assert_eq!(
        plain
            .parse_move("spore c5 large overload 0")
            .unwrap()
            .to_string(),
        "spore c5 large"
    );
}

/// Example 9, R12 and R13: tie-break by credited pips.
#[test]
fn example_9_tie_break() {
    let mut g = game(3, &[]);
    play(
        &mut g,
        "tower a1 large; tower e1 large; tower a3 large; branch a2 n medium; branch e2 n medium",
    );
    assert_eq!(g.trigger(), Some(3));
    play(&mut g, "branch b1 e small; branch d1 w small");
    let o = g.outcome().unwrap();
    assert_eq!(o.winners, vec![1]);
    assert!(o.reason.contains("tie broken by R13"));
    assert_eq!(g.scores(), vec![24, 24, 30]);
    assert_eq!(g.credits(1), Some((3, 1)));
    assert_eq!(g.places(), Some(vec![1, 2, 3]));
}

/// Example 10, R17: counting coup.
#[test]
fn example_10_counting_coup() {
    let pieces = &["c1:1:32", "c2:1:2n", "c6:2:1", "a6:3:1"];
    let mut g = position(3, &["counting_coup"], pieces, 1);
    play(&mut g, "spore c4 large");
    assert_eq!(g.to_move(), Some(2));
    let l = listing(&g);
    assert!(l.contains(&"challenge 2".to_string()));
    assert!(!l.contains(&"challenge 3".to_string()));
    assert!(l.contains(&"branch c5 s medium".to_string()));
    assert_eq!(g.actor(&Move::Challenge { seat: 2 }), Some(2));
    assert!(err(&g, "challenge 3").contains("cannot challenge"));
    assert_eq!(
        g.parse_move("challenge").unwrap(),
        Move::Challenge { seat: 2 }
    );
    play(&mut g, "challenge 2");
    assert_eq!(g.to_move(), Some(1));
    assert_eq!(listing(&g), lines("retract, stand"));
    assert_eq!(g.actor(&Move::Retract), Some(1));
    assert!(err(&g, "branch c5 s medium").contains("retract or stand"));
    let mut stood = g.clone();
    play(&mut stood, "stand");
    assert_eq!(stood.to_move(), Some(2));
    assert!(stood.window().is_none());
    assert!(!listing(&stood).iter().any(|m| m.starts_with("challenge")));
    play(&mut g, "retract");
    assert!(g.pos.is_vacant(sq(&g, "c4")));
    assert_eq!(g.to_move(), Some(1));
    assert!(err(&g, "spore c4 large").contains("may not play spore c4 large again"));
    assert!(legal(&g, "spore c4 medium"));
    assert_eq!(g.cards(2).len(), 1);
    assert_eq!(g.cards(2)[0], g.deck[0]);
    assert_eq!(g.board_json()["cards"], json!([0, 1, 0]));
    play(&mut g, "spore c4 medium");
}

/// R17 and conventions §5: the deck is shuffled by Fisher-Yates from the top with SplitMix64.
#[test]
fn deck_follows_the_convention() {
    let g = game(3, &["counting_coup"]);
    let mut rng = SplitMix64::new(0);
    let mut d: Vec<u8> = (0..52).collect();
    for i in (1..52usize).rev() {
        let j = (rng.next() % (i as u64 + 1)) as usize;
        d.swap(i, j);
    }
    assert_eq!(g.deck, d);
    assert_eq!(card_points(0), 1);
    assert_eq!(card_points(9), 1);
    assert_eq!(card_points(10), 2);
    assert_eq!(card_points(25), 2);
    assert!(game(3, &[]).deck.is_empty());
}

/// R4 and sprawlgami: building on another player's tower one's active branch targets.
#[test]
fn sprawlgami_builds_take_control() {
    let pieces = &["a1:1:3", "a2:1:1n", "a3:2:3", "e6:3:1"];
    // Blue's tower a3 is live (a2 is Orange's small; a3 holds only a large: neutralized!).
    let g = position(3, &[], pieces, 1);
    assert!(g.neutralized(sq(&g, "a3")));
    let pieces = &["a1:1:3", "b1:1:2e", "d1:2:3", "e6:3:1"];
    let g = position(3, &["sprawlgami"], pieces, 1);
    assert!(!g.neutralized(sq(&g, "d1")));
    let mut gg = g.clone();
    play(&mut gg, "build d1 medium");
    assert_eq!(gg.pos.tower(sq(&gg, "d1")).unwrap().controller(), 1);
    let plain = position(3, &[], pieces, 1);
    assert!(err(&plain, "build d1 medium").contains("controlled by Blue (seat 2)"));
    assert_eq!(
        err(&g, "build d1 small"),
        "a build on a large must be a medium: build d1 medium (rule R4)"
    );
}

/// R14: resignations keep the pieces, skip turns, rank last; the last player wins.
#[test]
fn resignation() {
    let mut g = game(4, &[]);
    play(&mut g, "tower a1 large; tower f6 large");
    g.resign(3).unwrap();
    assert_eq!(g.to_move(), Some(4));
    play(&mut g, "tower c3 large");
    assert_eq!(g.to_move(), Some(1));
    g.resign(1).unwrap();
    assert_eq!(g.to_move(), Some(2));
    assert!(g.pos.tower(sq(&g, "a1")).is_some(), "pieces stay");
    g.resign(4).unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(o.winners, vec![2]);
    assert_eq!(g.ranking(), vec![2, 4, 1, 3]);
    assert!(!g.draw_allowed());
    assert!(g.resign(2).is_err());
}

/// Section 7: aliases and canonical forms.
#[test]
fn notation_aliases() {
    let mut g = game(3, &[]);
    for (text, canon) in [
        ("TOWER  C3   Grand", "tower c3 large"),
        ("tower c3 3", "tower c3 large"),
        ("tower c3 petite", "tower c3 small"),
        ("tower c3 m", "tower c3 medium"),
    ] {
        assert_eq!(g.parse_move(text).unwrap().to_string(), canon);
    }
    play(&mut g, "tower c3 large; tower a1 small; tower e6 medium");
    for (text, canon) in [
        ("branch c4 nord 2", "branch c4 n medium"),
        ("branch b3 ouest petit", "branch b3 w small"),
        ("branch b3 O s", "branch b3 w small"),
        ("branch d3 east l", "branch d3 e large"),
        ("branch c2 sud moyenne", "branch c2 s medium"),
        ("build c3", "build c3 medium"),
        ("branch c4 n medium from c3", "branch c4 n medium"),
    ] {
        assert_eq!(g.parse_move(text).unwrap().to_string(), canon, "{text}");
    }
    assert!(err(&g, "branch c4 ne medium").contains("diagonal"));
    assert!(err(&g, "branch c4 up medium").contains("not a direction"));
    assert!(err(&g, "spore 9z large").contains("not a square"));
    assert!(err(&g, "spore f1 large").contains("not on the board"));
    assert!(err(&g, "fly c3").contains("not a Sprawl move"));
    assert!(err(&g, "").contains("empty"));
    assert!(err(&g, "tower c4 large").contains("only your first action"));
    assert!(err(&g, "build a1").contains("topped by a small"));
    assert!(err(&g, "challenge 2").contains("counting_coup is not on"));
    assert!(err(&g, "challenge 9").contains("not a seat"));
    assert!(err(&g, "stand").contains("no challenge to answer"));
}

/// R16: two sources for one branch need `from`.
#[test]
fn loose_branching_from() {
    // Two red mediums point at c3 from b... : c2 (n) and b3 (e); a small on c3 pointing n
    // grows from c2 (behind it) or from b3 (sideways).
    let pieces = &[
        "c1:1:32", "c2:1:2n", "a3:1:32", "b3:1:2e", "e6:2:1", "a6:3:1",
    ];
    let g = position(3, &["loose_branching"], pieces, 1);
    let l = listing(&g);
    assert!(l.contains(&"branch c3 n small from b3".to_string()));
    assert!(l.contains(&"branch c3 n small from c2".to_string()));
    assert!(!l.contains(&"branch c3 n small".to_string()));
    assert!(err(&g, "branch c3 n small").contains("add `from SQUARE`"));
    let mut h = g.clone();
    play(&mut h, "branch c3 n small from b3");
    let b = h.pos.branch(sq(&h, "c3")).unwrap();
    assert_eq!((b.source, b.root, b.depth), (sq(&h, "b3"), sq(&h, "a3"), 2));
}

#[test]
fn verbs_rebuild_the_notation() {
    let branch = VERBS.iter().find(|v| v.name == "branch").unwrap();
    assert_eq!(
        branch.move_text(&[
            ("square", "c3"),
            ("direction", "n"),
            ("size", "small"),
            ("from", "b3")
        ]),
        "branch c3 n small from b3"
    );
    let spore = VERBS.iter().find(|v| v.name == "spore").unwrap();
    assert_eq!(
        spore.move_text(&[("square", "c5"), ("size", "large"), ("overload", "1")]),
        "spore c5 large overload 1"
    );
    let build = VERBS.iter().find(|v| v.name == "build").unwrap();
    assert_eq!(build.move_text(&[("square", "c3")]), "build c3");
    for v in VERBS {
        assert!(v.description.chars().count() <= 100 && v.description_fr.chars().count() <= 100);
        for p in v.params {
            assert!(
                p.description.chars().count() <= 100 && p.description_fr.chars().count() <= 100
            );
        }
    }
}

fn perft_data() -> Vec<(u8, u32, u64)> {
    include_str!("../../../tests/data/sprawl-perft.txt")
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
            let _ = g.status();
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
                let _ = g.resign(s);
                continue;
            }
            let mut moves = Vec::new();
            g.legal_moves(&mut moves);
            let mv = moves[rng.below(moves.len() as u64) as usize];
            g.play(&mv).unwrap();
        }
    }
}

/// R17: a retraction needs another legal action; without one, only `stand` is listed.
#[test]
fn retract_needs_another_action() {
    let pieces = &["a1:1:3", "a2:1:3n", "b1:2:3", "c5:2:3", "e6:3:1"];
    let mut g = position(3, &["counting_coup"], pieces, 1);
    g.pos.stash[0] = [1, 0, 0];
    assert_eq!(listing(&g), lines("spore a5 small"));
    play(&mut g, "spore a5 small");
    assert_eq!(g.window().unwrap().eligible, vec![2]);
    play(&mut g, "challenge 2");
    assert_eq!(listing(&g), lines("stand"));
    assert!(err(&g, "retract").contains("cannot retract: stand"));
    play(&mut g, "stand");
    assert_eq!(g.cards(2).len(), 0);
}

/// R17: retracting undoes an end trigger set by the passes after the spore (R9).
#[test]
fn retract_restores_the_trigger() {
    // Blue's only tower is neutralized (stuck); Green's tower on e4 is free.
    let pieces = &[
        "c1:1:32", "c2:1:2n", "a3:2:3", "a5:1:3", "a4:1:2s", "e4:3:3",
    ];
    let mut g = position(3, &["counting_coup"], pieces, 1);
    assert!(g.neutralized(sq(&g, "a3")));
    play(&mut g, "spore c4 large");
    assert_eq!(g.trigger(), Some(2));
    assert_eq!(g.to_move(), Some(3));
    let w = g
        .window()
        .expect("Green can branch d4 w to neutralize c4")
        .clone();
    assert_eq!(w.eligible, vec![3]);
    play(&mut g, "challenge 3; retract");
    assert_eq!(g.trigger(), None);
    assert_eq!(g.to_move(), Some(1));
    assert_eq!(g.cards(3).len(), 1);
}

/// R9: the game ends when the turn reaches the trigger's seat even after it resigned.
#[test]
fn resigned_trigger_still_ends_the_game() {
    let mut g = game(3, &[]);
    play(
        &mut g,
        "tower a1 large; tower e1 large; tower a3 large; branch a2 n medium; branch e2 n medium",
    );
    assert_eq!(g.trigger(), Some(3));
    g.resign(3).unwrap();
    assert!(g.outcome().is_none());
    play(&mut g, "branch b1 e small");
    assert_eq!(g.to_move(), Some(2));
    play(&mut g, "branch d1 w small");
    assert!(g.outcome().is_some(), "the turn passed Green's seat");
    assert_eq!(g.ranking(), vec![1, 2, 3]);
}

/// R12 with own_attacks: the controller neutralizing its own tower is not credited.
#[test]
fn own_attacks_credit_others_only() {
    let pieces = &["c1:1:3", "c2:1:2n", "c3:1:3", "e6:2:1", "a6:3:1"];
    let mut g = position(3, &["own_attacks"], pieces, 1);
    assert!(g.neutralized(sq(&g, "c3")));
    let plain = position(3, &[], pieces, 1);
    assert!(!plain.neutralized(sq(&plain, "c3")));
    g.finish("test");
    assert_eq!(g.credits(1), Some((0, 0)));
}
