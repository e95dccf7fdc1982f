//! Property tests of issue 14's pairings: round-robin meets every pair exactly once, Swiss
//! never repeats a pairing while an alternative exists and gives at most one bye per player,
//! knockout brackets are valid for any number of entrants, tables respect the game's sizes.

use super::*;
use proptest::prelude::*;
use std::collections::HashSet;

fn pair_key(a: Entry, b: Entry) -> (Entry, Entry) {
    (a.min(b), a.max(b))
}

/// Each entrant exactly once in a round (at a table or with the bye).
fn once_each(round: &[Pairing], players: &[Entry]) {
    let mut seen: Vec<Entry> = round.iter().flat_map(|p| p.seats.iter().copied()).collect();
    seen.sort_unstable();
    let mut want = players.to_vec();
    want.sort_unstable();
    assert_eq!(seen, want, "{round:?}");
}

#[test]
fn round_robin_meets_every_pair_once_with_balanced_seats() {
    for n in 2..=17usize {
        let per = round_robin::rounds_per_cycle(n);
        let mut met = HashSet::new();
        let mut byes = vec![0; n];
        let mut firsts = vec![0i32; n];
        for r in 0..per {
            let round = round_robin::round(n, r);
            once_each(&round, &(0..n).collect::<Vec<_>>());
            for p in &round {
                if p.is_bye() {
                    byes[p.seats[0]] += 1;
                    continue;
                }
                assert!(
                    met.insert(pair_key(p.seats[0], p.seats[1])),
                    "n={n} repeat {p:?}"
                );
                firsts[p.seats[0]] += 1;
                firsts[p.seats[1]] -= 1;
            }
        }
        assert_eq!(met.len(), n * (n - 1) / 2, "n={n}: every pair once");
        assert!(
            byes.iter().all(|&b| b == n % 2),
            "n={n}: one bye each when odd: {byes:?}"
        );
        assert!(
            firsts.iter().all(|f| f.abs() <= 1),
            "n={n}: seats balanced: {firsts:?}"
        );
        // The second cycle swaps every seat of the first.
        for r in 0..per {
            let (a, b) = (round_robin::round(n, r), round_robin::round(n, r + per));
            for (x, y) in a.iter().zip(&b) {
                assert_eq!(x.seats.iter().rev().copied().collect::<Vec<_>>(), y.seats);
            }
        }
    }
}

/// Whether some valid round (bye to a player without one, when any is left) pairs the others
/// with no repeat: by brute force, for the property below.
fn repeat_free_exists(ranked: &[Entry], played: &[Played]) -> bool {
    fn matching(rest: &mut Vec<Entry>, played: &[Played]) -> bool {
        let Some(a) = rest.pop() else { return true };
        for i in 0..rest.len() {
            let b = rest[i];
            if played.iter().any(|g| g.met(a, b)) {
                continue;
            }
            rest.remove(i);
            let ok = matching(rest, played);
            rest.insert(i, b);
            if ok {
                rest.push(a);
                return true;
            }
        }
        rest.push(a);
        false
    }
    if ranked.len().is_multiple_of(2) {
        return matching(&mut ranked.to_vec(), played);
    }
    let had = |e: Entry| played.iter().any(|g| g.is_bye() && g.seats[0] == e);
    let free: Vec<Entry> = ranked.iter().copied().filter(|&e| !had(e)).collect();
    let pool = if free.is_empty() {
        ranked.to_vec()
    } else {
        free
    };
    pool.iter().any(|&b| {
        let mut rest: Vec<Entry> = ranked.iter().copied().filter(|&e| e != b).collect();
        matching(&mut rest, played)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn swiss_avoids_repeats_and_second_byes(
        n in 2usize..=11,
        results in proptest::collection::vec(0u8..3, 80),
        withdraw in proptest::option::of((0usize..11, 1u32..4)),
    ) {
        let rounds = (n as u32 - 1).min(6);
        let mut played: Vec<Played> = Vec::new();
        let mut out: HashSet<Entry> = HashSet::new();
        let mut k = 0;
        for r in 0..rounds {
            if let Some((who, at)) = withdraw {
                if at == r && who < n {
                    out.insert(who);
                }
            }
            let rows = standings::table(n, &played, &|e| e, &|e| out.contains(&e));
            let ranked: Vec<Entry> = rows.iter().filter(|r| !r.withdrawn).map(|r| r.entry).collect();
            let round = swiss::pair(&ranked, &played);
            once_each(&round, &ranked);
            let repeats = round.iter().any(|p| !p.is_bye() && played.iter().any(|g| g.met(p.seats[0], p.seats[1])));
            if repeats {
                prop_assert!(!repeat_free_exists(&ranked, &played), "a repeat-free round existed: {round:?}");
            }
            for p in round {
                let places = if p.is_bye() { None } else {
                    k += 1;
                    Some(match results[k % results.len()] { 0 => vec![1, 2], 1 => vec![2, 1], _ => vec![1, 1] })
                };
                played.push(Played { round: r, seats: p.seats, places });
            }
        }
        let mut byes = vec![0; n];
        for g in played.iter().filter(|g| g.is_bye()) { byes[g.seats[0]] += 1; }
        prop_assert!(byes.iter().all(|&b| b <= 1), "byes {byes:?}");
    }

    #[test]
    fn knockout_brackets_are_valid(n in 2usize..=70, coins in proptest::collection::vec(any::<bool>(), 80)) {
        let seeded: Vec<Entry> = (0..n).collect();
        let seed_of = |e: Entry| e + 1;
        let first = knockout::first_round(&seeded);
        once_each(&first, &seeded);
        let size = n.next_power_of_two();
        prop_assert_eq!(first.len(), size / 2);
        let byes: Vec<Entry> = first.iter().filter(|p| p.is_bye()).map(|p| p.seats[0]).collect();
        prop_assert_eq!(byes.len(), size - n);
        // The byes go to the top seeds.
        prop_assert!(byes.iter().all(|&e| e < byes.len()), "byes {byes:?}");
        // Play it out: one champion after `rounds` rounds, nobody playing twice in a round.
        let mut round = first;
        let mut played_rounds = 1;
        let mut c = 0;
        loop {
            let winners: Vec<Entry> = round.iter().map(|p| {
                c += 1;
                if p.is_bye() { p.seats[0] } else { p.seats[usize::from(coins[c % coins.len()])] }
            }).collect();
            if winners.len() == 1 { break; }
            round = knockout::next_round(&winners, &seed_of);
            prop_assert!(round.iter().all(|p| !p.is_bye()), "byes only in the first round");
            played_rounds += 1;
        }
        prop_assert_eq!(played_rounds, knockout::rounds(n));
    }

    #[test]
    fn tables_respect_the_game_sizes(n in 0usize..=40, per in 3usize..=8, min in 2usize..=3, r in 0u32..4) {
        let ranked: Vec<Entry> = (0..n).collect();
        let max = 8;
        match groups::sizes(n, per, min, max) {
            None => prop_assert!(n < min),
            Some(sizes) => {
                prop_assert_eq!(sizes.iter().sum::<usize>(), n);
                prop_assert!(sizes.iter().all(|&s| s >= min && s <= max), "{sizes:?}");
                // Larger than asked only when tables of `per` would leave one too small.
                prop_assert!(sizes.iter().all(|&s| s <= per) || sizes.len() == 1 || n / n.div_ceil(per) < min, "{sizes:?}");
                let round = groups::round(&ranked, per, (min, max), r);
                once_each(&round, &ranked);
                if r == 0 {
                    // Seeds 1..t sit at different tables.
                    let t = sizes.len();
                    for (i, p) in round.iter().enumerate() {
                        prop_assert!(p.seats.contains(&i), "seed {i} heads table {i}: {round:?} ({t})");
                    }
                }
            }
        }
    }

    #[test]
    fn seek_tables_are_mutually_compatible(
        seeks in proptest::collection::vec((0u8..3, 1200i32..1900, 0i64..20, any::<bool>()), 0..12),
        now_h in 0i64..30,
    ) {
        let queue: Vec<seeks::Seek> = seeks.iter().enumerate().map(|(i, &(w, r, h, rated))| seeks::Seek {
            user: format!("u{i}"),
            wants: format!("pikemen-{w}-{rated}"),
            players: 2,
            rated,
            rating: r as f64,
            since_ms: h * 3_600_000,
        }).collect();
        let now = now_h.max(20) * 3_600_000;
        if let Some(t) = seeks::next_table(&queue, now) {
            prop_assert_eq!(t.len(), 2);
            prop_assert!(seeks::compatible(&queue[t[0]], &queue[t[1]], now));
        } else {
            for a in 0..queue.len() {
                for b in 0..queue.len() {
                    prop_assert!(!seeks::compatible(&queue[a], &queue[b], now));
                }
            }
        }
    }
}

#[test]
fn points_by_place() {
    let g = |places: Vec<u8>| Played {
        round: 0,
        seats: (0..places.len()).collect(),
        places: Some(places),
    };
    assert_eq!(g(vec![1, 2]).points(), Some(vec![1.0, 0.0]));
    assert_eq!(g(vec![1, 1]).points(), Some(vec![0.5, 0.5]));
    assert_eq!(g(vec![2, 1, 3, 2]).points(), Some(vec![1.5, 3.0, 0.0, 1.5]));
    assert_eq!(
        Played {
            round: 0,
            seats: vec![3],
            places: None
        }
        .points(),
        Some(vec![1.0])
    );
}

#[test]
fn tie_breaks_order_equal_points() {
    // 0 beat 1, 2 beat 3; then 0 drew 2, 1 beat 3. 0 and 2 have 1.5; 0 beat a 1-point
    // player (1), 2 beat a 0-point one (3): Buchholz 0: 1 + 1.5 = 2.5, 2: 0 + 1.5 = 1.5.
    let played = vec![
        Played {
            round: 0,
            seats: vec![0, 1],
            places: Some(vec![1, 2]),
        },
        Played {
            round: 0,
            seats: vec![2, 3],
            places: Some(vec![1, 2]),
        },
        Played {
            round: 1,
            seats: vec![0, 2],
            places: Some(vec![1, 1]),
        },
        Played {
            round: 1,
            seats: vec![1, 3],
            places: Some(vec![1, 2]),
        },
    ];
    let rows = standings::table(4, &played, &|e| e, &|_| false);
    let order: Vec<Entry> = rows.iter().map(|r| r.entry).collect();
    assert_eq!(order, vec![0, 2, 1, 3]);
    assert_eq!(rows[0].buchholz, 2.5);
    assert_eq!(rows[0].sonneborn, 1.0 + 0.75);
}

#[test]
fn formats_parse() {
    assert_eq!(Format::parse("round-robin"), Some(Format::RoundRobin));
    assert_eq!(Format::parse("Swiss"), Some(Format::Swiss));
    assert_eq!(Format::parse("knockout"), Some(Format::Knockout));
    assert_eq!(Format::parse("ladder"), None);
}
