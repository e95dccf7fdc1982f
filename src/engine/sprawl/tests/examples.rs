//! Section 8: every worked example, citing its rules.

use super::*;
use crate::engine::board::Dir;
use crate::engine::listing;

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
    assert!(g.status_text().contains("Last round: Blue could not act"));
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
    sf.finish(crate::engine::msg!("sprawl-end-nobody"));
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
    assert!(o
        .reason
        .english()
        .contains("ties broken by the towers credited"));
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
