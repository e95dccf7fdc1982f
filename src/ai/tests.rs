use super::*;
use crate::engine::sprawl::Sprawl;
use crate::engine::{GameKind, Options, Setup};

fn setup(kind: GameKind, players: u8, seed: u64, options: &[(&str, &str)]) -> Setup {
    let pairs: Vec<(String, String)> = options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Setup {
        players,
        seed,
        options: Options::parse(kind.title(), kind.option_specs(), &pairs).unwrap(),
    }
}

/// Random positions of every game and player count: each move a small search chooses is in
/// the listing and applies (the bot never plays an illegal move).
#[test]
fn every_chosen_move_is_listed_and_applies() {
    let mut rng = SplitMix64::new(7);
    for kind in GameKind::ALL {
        let (min, max) = kind.players();
        for players in min..=max {
            for round in 0..4u64 {
                let options: &[(&str, &str)] = match (kind, round % 2) {
                    (GameKind::Sprawl, 1) => &[("counting_coup", "true")],
                    _ => &[],
                };
                let mut g =
                    AnyGame::new(kind, &setup(kind, players, round, options)).expect("setup");
                let plies = rng.below(60);
                for _ in 0..plies {
                    let moves = g.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let m = &moves[rng.below(moves.len() as u64) as usize];
                    g.play(m).unwrap();
                }
                let Some(choice) = choose(&g, Level::Hard, Some(40), round) else {
                    assert!(g.is_over(), "{kind} {players}p: no move in a running game");
                    continue;
                };
                let listed = g.legal_moves();
                assert!(
                    listed.contains(&choice.mv),
                    "{kind} {players}p: {} not listed",
                    choice.mv
                );
                assert_eq!(g.actor(&choice.mv).unwrap(), g.to_move());
                assert_eq!(choice.values.len(), players as usize);
                g.play(&choice.mv).unwrap();
            }
        }
    }
}

/// The same position, seed and playout budget give the same move and the same estimates.
#[test]
fn a_seeded_search_is_reproducible() {
    for kind in GameKind::ALL {
        let g = AnyGame::new(kind, &setup(kind, kind.players().0, 3, &[])).unwrap();
        let a = choose(&g, Level::Hard, Some(300), 11).unwrap();
        let b = choose(&g, Level::Hard, Some(300), 11).unwrap();
        assert_eq!(a, b, "{kind}");
        assert_eq!(a.playouts, 300);
    }
}

/// A search takes a win that is one move away (positions found by random play from fixed
/// seeds where one listed move ends the game with the mover alone in first place).
#[test]
fn a_search_takes_a_win_in_one() {
    let mut found = 0;
    for kind in [GameKind::Pikemen, GameKind::Skyscrapers] {
        let mut rng = SplitMix64::new(kind as u64 + 1);
        for seed in 0..300u64 {
            let mut g = AnyGame::new(kind, &setup(kind, 2, seed, &[])).unwrap();
            while !g.is_over() && found < 6 {
                let seat = g.to_move().unwrap();
                let moves = g.legal_moves();
                let win = moves.iter().find(|m| {
                    let mut next = g.clone();
                    next.play(m).unwrap();
                    next.places().is_some_and(|p| {
                        p[seat as usize - 1] == 1 && p.iter().filter(|&&x| x == 1).count() == 1
                    })
                });
                if let Some(win) = win {
                    let choice = choose(&g, Level::Hard, Some(2_000), seed).unwrap();
                    let mut next = g.clone();
                    next.play(&choice.mv).unwrap();
                    assert_eq!(
                        next.places().map(|p| p[seat as usize - 1]),
                        Some(1),
                        "{kind} seed {seed}: {} missed the win {}",
                        choice.mv,
                        win
                    );
                    found += 1;
                    break;
                }
                let m = &moves[rng.below(moves.len() as u64) as usize];
                g.play(m).unwrap();
            }
        }
    }
    assert!(found >= 6, "only {found} positions with a win in one");
}

/// Sprawl R17: the bot's move does not change when only the cards it cannot see change (the
/// others' counting coup cards and the order of the undrawn deck).
#[test]
fn hidden_cards_do_not_change_the_choice() {
    let kind = GameKind::Sprawl;
    let s = setup(kind, 4, 9, &[("counting_coup", "true")]);
    let mut g = Sprawl::new(&s).unwrap();
    let mut rng = SplitMix64::new(5);
    let mut buf = Vec::new();
    for _ in 0..8 {
        let m = g.random_move(&mut rng, &mut buf).unwrap();
        g.apply(&m);
    }
    let seat = g.to_move().unwrap();
    let other = seat % 4 + 1;
    // Seat `other` holds two cards and `seat` one, drawn from the deck's top.
    let mut a = g.clone();
    {
        let (deck, drawn, cards) = a.hidden_mut();
        cards[other as usize - 1] = vec![deck[0], deck[1]];
        cards[seat as usize - 1] = vec![deck[2]];
        *drawn = 3;
    }
    // The same, except that `other` holds two different cards, and the deck order differs.
    let mut b = a.clone();
    {
        let (deck, _, cards) = b.hidden_mut();
        let hand = &mut cards[other as usize - 1];
        let (x, y) = (hand[0], hand[1]);
        hand[0] = deck[40];
        hand[1] = deck[41];
        deck[40] = x;
        deck[41] = y;
        deck[3..].reverse();
    }
    assert_ne!(a.cards(other), b.cards(other));
    let (a, b) = (AnyGame::Sprawl(a), AnyGame::Sprawl(b));
    for seed in 0..3 {
        let ca = choose(&a, Level::Hard, Some(400), seed).unwrap();
        let cb = choose(&b, Level::Hard, Some(400), seed).unwrap();
        assert_eq!(ca, cb, "seed {seed}");
    }
}

#[test]
fn levels_read_back_their_names() {
    for l in [Level::Random, Level::Easy, Level::Medium, Level::Hard] {
        assert_eq!(Level::parse(l.id()), Some(l));
    }
    assert_eq!(Level::parse("HARD"), Some(Level::Hard));
    assert_eq!(Level::parse("nightmare"), None);
}

#[test]
fn wilson_interval_brackets_the_rate() {
    let (lo, hi) = arena::wilson(95, 100);
    assert!(lo > 0.88 && lo < 0.9 && hi > 0.97 && hi < 0.99, "{lo} {hi}");
    assert_eq!(arena::wilson(0, 0), (0.0, 1.0));
    assert_eq!(arena::quantile(&[3.0, 1.0, 2.0], 0.5), 2.0);
}
