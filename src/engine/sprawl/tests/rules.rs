//! Rules beyond the worked examples: options, notation, counting coup, resignation.

use super::*;
use crate::engine::listing;

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
    assert!(err(&plain, "build d1 medium").contains("controlled by Blue"));
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
    g.resign(3, crate::engine::Leave::Resigned).unwrap();
    assert_eq!(g.to_move(), Some(4));
    play(&mut g, "tower c3 large");
    assert_eq!(g.to_move(), Some(1));
    g.resign(1, crate::engine::Leave::Resigned).unwrap();
    assert_eq!(g.to_move(), Some(2));
    assert!(g.pos.tower(sq(&g, "a1")).is_some(), "pieces stay");
    g.resign(4, crate::engine::Leave::Resigned).unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(o.winners, vec![2]);
    assert_eq!(g.ranking(), vec![2, 4, 1, 3]);
    assert!(!g.draw_allowed());
    assert!(g.resign(2, crate::engine::Leave::Resigned).is_err());
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
    g.resign(3, crate::engine::Leave::Resigned).unwrap();
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
    g.finish(crate::engine::msg!("sprawl-end-nobody"));
    assert_eq!(g.credits(1), Some((0, 0)));
}
