//! The rating maths through our own wiring (conversions, places, what counts).

use super::ledger::{counts, rated_option, Player};
use super::system::{period, rate, score_of, shown, Rating};
use crate::engine::places_by;

fn r(rating: f64, deviation: f64) -> Rating {
    Rating {
        rating,
        deviation,
        volatility: 0.06,
    }
}

/// Glickman's worked example (glicko.net/glicko/glicko2.pdf, section "Example calculation"):
/// a 1500/200 player beats a 1400/30 and loses to a 1550/100 and a 1700/300 in one rating
/// period, and ends at 1464.06 / 151.52 with volatility 0.05999.
#[test]
fn glickmans_worked_example() {
    let after = period(
        r(1500.0, 200.0),
        &[
            (r(1400.0, 30.0), 1.0),
            (r(1550.0, 100.0), 0.0),
            (r(1700.0, 300.0), 0.0),
        ],
    );
    assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
    assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
    assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
}

#[test]
fn two_players_win_loss_and_draw() {
    let fresh = [Rating::default(), Rating::default()];
    let after = rate(&fresh, &[1, 2]);
    assert!(after[0].rating > 1500.0 && after[1].rating < 1500.0);
    assert!((after[0].rating - 1500.0 + after[1].rating - 1500.0).abs() < 1e-9);
    assert!(after[0].deviation < 350.0);
    let drawn = rate(&fresh, &[1, 1]);
    assert!((drawn[0].rating - 1500.0).abs() < 1e-9);
    // A draw against a stronger player gains rating.
    let drawn = rate(&[r(1500.0, 80.0), r(1700.0, 80.0)], &[1, 1]);
    assert!(drawn[0].rating > 1500.0 && drawn[1].rating < 1700.0);
}

/// Sprawl R13 and Pikemen R14: a whole finishing order, shared places share the change.
#[test]
fn tables_of_several_are_rated_on_the_finishing_order() {
    let five = [Rating::default(); 5];
    let after = rate(&five, &[1, 2, 3, 4, 5]);
    for w in after.windows(2) {
        assert!(w[0].rating > w[1].rating, "{after:?}");
    }
    assert!(after[0].rating > 1500.0 && after[4].rating < 1500.0);
    let shared = rate(&[Rating::default(); 4], &[1, 1, 3, 3]);
    assert!((shared[0].rating - shared[1].rating).abs() < 1e-9);
    assert!((shared[2].rating - shared[3].rating).abs() < 1e-9);
    // The middle place of an odd table between equals is a draw on balance.
    assert!((after[2].rating - 1500.0).abs() < 1e-6, "{after:?}");
}

/// Issue 40: no game moves a rating by more than a first two-player game between newcomers
/// (162 points), whatever the table: 2 to 8 players, newcomers or settled players or a mix,
/// every finishing order drawn (shared places included).
#[test]
fn no_table_moves_a_rating_more_than_a_first_game() {
    let cap = super::system::largest_change();
    assert!((cap - 162.3).abs() < 0.5, "{cap}");
    let first = rate(&[Rating::default(); 2], &[1, 2]);
    assert!((first[0].rating - 1500.0 - cap).abs() < 1e-9);
    let mut rng = crate::engine::rng::SplitMix64::new(40);
    let settled = |rng: &mut crate::engine::rng::SplitMix64| {
        r(1300.0 + rng.below(500) as f64, 45.0 + rng.below(40) as f64)
    };
    for n in 2..=8usize {
        for table in 0..200 {
            let before: Vec<Rating> = (0..n)
                .map(|i| match table % 3 {
                    0 => Rating::default(),
                    1 => settled(&mut rng),
                    _ if i % 2 == 0 => Rating::default(),
                    _ => settled(&mut rng),
                })
                .collect();
            let places: Vec<u8> = (0..n).map(|_| 1 + rng.below(n as u64) as u8).collect();
            let after = rate(&before, &places);
            for (b, a) in before.iter().zip(&after) {
                let moved = (a.rating - b.rating).abs();
                assert!(
                    moved <= cap + 1e-9,
                    "{n} players {places:?}: {b:?} -> {a:?}"
                );
                // A settled player's deviation may grow a little (Glicko-2's volatility
                // widens it each period; a newcomer as opponent says little).
                assert!(
                    a.deviation <= b.deviation.max(100.0) + 2.0,
                    "{b:?} -> {a:?}"
                );
                assert!(a.deviation > 30.0 && a.rating.is_finite(), "{a:?}");
            }
        }
    }
}

/// A table counts about as much as one two-player game: among newcomers, first place of
/// eight moves a rating as a win does and last place as a loss, and the deviation shrinks
/// as after one game, not seven.
#[test]
fn a_table_of_eight_counts_as_one_game() {
    let one = rate(&[Rating::default(); 2], &[1, 2]);
    let eight = rate(&[Rating::default(); 8], &[1, 2, 3, 4, 5, 6, 7, 8]);
    let gain = |a: &Rating| a.rating - 1500.0;
    assert!((gain(&eight[0]) - gain(&one[0])).abs() < 2.0, "{eight:?}");
    assert!((gain(&eight[7]) - gain(&one[1])).abs() < 2.0, "{eight:?}");
    assert!(
        (eight[0].deviation - one[0].deviation).abs() < 2.0,
        "{eight:?}"
    );
    let total: f64 = eight.iter().map(gain).sum();
    assert!(total.abs() < 1e-6, "{eight:?}");
    // Settled players move far less, as in two-player games.
    let settled = [r(1600.0, 60.0), r(1500.0, 60.0), r(1550.0, 60.0)];
    let after = rate(&settled, &[1, 2, 3]);
    assert!(after
        .iter()
        .zip(&settled)
        .all(|(a, b)| (a.rating - b.rating).abs() < 40.0));
}

#[test]
fn scores_and_provisional_marks() {
    assert_eq!(score_of(&[1, 2, 3], 0), 1.0);
    assert_eq!(score_of(&[1, 1, 3], 1), 0.5);
    assert_eq!(score_of(&[1, 2, 3], 2), 0.0);
    assert_eq!(shown(1512.4, 200.0), "1512?");
    assert_eq!(shown(1512.6, 60.0), "1513");
}

#[test]
fn places_share_equal_keys() {
    assert_eq!(
        places_by(4, |s| [3, 1, 3, 2][s as usize - 1]),
        vec![3, 1, 3, 2]
    );
    assert_eq!(places_by(3, |s| [5, 5, 1][s as usize - 1]), vec![2, 2, 1]);
}

fn player(id: &str, seat: u8) -> Player {
    Player {
        user_id: id.into(),
        name: id.into(),
        seat,
        bot: crate::ai::Occupant::of(id).is_bot(),
    }
}

#[test]
fn only_games_of_distinct_humans_that_asked_count() {
    let two = [player("a", 1), player("b", 2)];
    assert!(counts(true, &two));
    assert!(!counts(false, &two));
    assert!(!counts(true, &[player("a", 1), player("a", 2)]));
    assert!(!counts(true, &[player("a", 1), player("bot:hard", 2)]));
    assert!(!counts(true, &[player("a", 1)]));
}

#[test]
fn the_rated_option_is_true_or_false() {
    let mut o = vec![("clock".to_string(), "fast".to_string())];
    assert_eq!(rated_option(&mut o), Ok(true));
    o.push(("rated".into(), "false".into()));
    assert_eq!(rated_option(&mut o), Ok(false));
    assert_eq!(o.len(), 1, "the option is taken out");
    let mut o = vec![("rated".to_string(), "maybe".to_string())];
    assert_eq!(rated_option(&mut o), Err("maybe".to_string()));
}

/// The number the leaderboard gives ("a rating settles after about N rated games") is what the
/// rating system does: N games between two newcomers leave both settled, N - 1 do not.
#[test]
fn games_to_settle_is_what_the_system_does() {
    let n = super::system::games_to_settle();
    assert!((2..=30).contains(&n), "{n}");
    let (mut a, mut b) = (Rating::default(), Rating::default());
    for game in 1..=n {
        assert!(a.provisional(), "settled before game {game} of {n}");
        let places = if game % 2 == 1 { [1, 2] } else { [2, 1] };
        let after = rate(&[a, b], &places);
        (a, b) = (after[0], after[1]);
    }
    assert!(!a.provisional() && !b.provisional(), "{a:?} {b:?}");
}
