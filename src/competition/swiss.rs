//! Swiss pairing: players of like score meet, nobody meets the same opponent twice while
//! another pairing of the round exists, nobody gets a second bye while another player has
//! had none, and each pair's first seat goes to the one who has had it less often.
//!
//! The search is a depth-first matching in standings order (the FIDE Dutch system's spirit,
//! not its letter): the best-placed unpaired player takes the best-placed opponent not met
//! yet, backing up when the rest cannot be paired. For the sizes a Discord server runs it is
//! exhaustive; past a step limit it falls back to allowing repeats rather than stall a round.

use super::{Entry, Pairing, Played};

/// Steps of the repeat-free search before it gives up. Each step is a few set lookups, so
/// this bounds a round's pairing to well under a second even when no repeat-free round
/// exists among many players; the property tests (up to 11 players) never come near it.
const STEP_LIMIT: u32 = 200_000;

/// Pairs the next round. `ranked` holds the players still in (withdrawn ones left out),
/// best standing first; `played` every game so far, byes included.
pub fn pair(ranked: &[Entry], played: &[Played]) -> Vec<Pairing> {
    let had_bye = |e: Entry| played.iter().any(|g| g.is_bye() && g.seats[0] == e);
    // Who met whom, once, rather than a scan of every game at every step of the search.
    let pairs: std::collections::HashSet<(Entry, Entry)> = played
        .iter()
        .flat_map(|g| {
            g.seats
                .iter()
                .flat_map(move |&a| g.seats.iter().map(move |&b| (a, b)))
        })
        .filter(|(a, b)| a != b)
        .collect();
    let met = |a: Entry, b: Entry| pairs.contains(&(a, b));
    let mut out = Vec::new();
    if ranked.len() % 2 == 1 {
        // The bye goes to the lowest-placed player without one whose absence still lets the
        // others pair without repeats; failing that, to the lowest without one.
        let candidates: Vec<Entry> = ranked
            .iter()
            .rev()
            .copied()
            .filter(|&e| !had_bye(e))
            .collect();
        let candidates = if candidates.is_empty() {
            vec![*ranked.last().expect("odd is not empty")]
        } else {
            candidates
        };
        for &b in &candidates {
            let rest: Vec<Entry> = ranked.iter().copied().filter(|&e| e != b).collect();
            if let Some(pairs) = no_repeats(&rest, &met) {
                out.push(Pairing::bye(b));
                out.extend(pairs.into_iter().map(|(x, y)| seats(x, y, played)));
                return out;
            }
        }
        let b = candidates[0];
        let rest: Vec<Entry> = ranked.iter().copied().filter(|&e| e != b).collect();
        out.push(Pairing::bye(b));
        out.extend(
            fewest_repeats(&rest, &met)
                .into_iter()
                .map(|(x, y)| seats(x, y, played)),
        );
        return out;
    }
    if played.iter().all(|g| g.is_bye()) {
        // The first round folds the seeds: the top half meets the bottom half (1-4, 2-5, 3-6).
        let half = ranked.len() / 2;
        let mut folded = Vec::with_capacity(ranked.len());
        for i in 0..half {
            folded.extend([ranked[i], ranked[i + half]]);
        }
        if let Some(pairs) = no_repeats(&folded, &met) {
            out.extend(pairs.into_iter().map(|(x, y)| seats(x, y, played)));
            return out;
        }
    }
    let pairs = no_repeats(ranked, &met).unwrap_or_else(|| fewest_repeats(ranked, &met));
    out.extend(pairs.into_iter().map(|(x, y)| seats(x, y, played)));
    out
}

/// A perfect matching of `players` (in standings order) with no pair that met before.
fn no_repeats(
    players: &[Entry],
    met: &dyn Fn(Entry, Entry) -> bool,
) -> Option<Vec<(Entry, Entry)>> {
    let mut free = vec![true; players.len()];
    let mut pairs = Vec::with_capacity(players.len() / 2);
    let mut steps = 0u32;
    search(players, &mut free, &mut pairs, met, &mut steps).then_some(pairs)
}

fn search(
    players: &[Entry],
    free: &mut [bool],
    pairs: &mut Vec<(Entry, Entry)>,
    met: &dyn Fn(Entry, Entry) -> bool,
    steps: &mut u32,
) -> bool {
    let Some(i) = free.iter().position(|&f| f) else {
        return true;
    };
    *steps += 1;
    if *steps > STEP_LIMIT {
        return false;
    }
    free[i] = false;
    for j in i + 1..players.len() {
        if !free[j] || met(players[i], players[j]) {
            continue;
        }
        free[j] = false;
        pairs.push((players[i], players[j]));
        if search(players, free, pairs, met, steps) {
            return true;
        }
        pairs.pop();
        free[j] = true;
    }
    free[i] = true;
    false
}

/// When every pairing repeats one: in standings order, each takes the nearest player not
/// met if there is one, else the nearest.
fn fewest_repeats(players: &[Entry], met: &dyn Fn(Entry, Entry) -> bool) -> Vec<(Entry, Entry)> {
    let mut free: Vec<Entry> = players.to_vec();
    let mut pairs = Vec::new();
    while free.len() >= 2 {
        let a = free.remove(0);
        let k = free.iter().position(|&b| !met(a, b)).unwrap_or(0);
        pairs.push((a, free.remove(k)));
    }
    pairs
}

/// Who sits first: the one who sat first less often; then the one who sat second last time;
/// then the better placed (`a`).
fn seats(a: Entry, b: Entry, played: &[Played]) -> Pairing {
    let balance = |e: Entry| -> i32 {
        played
            .iter()
            .filter(|g| g.seats.len() == 2)
            .map(|g| match g.seats.iter().position(|&s| s == e) {
                Some(0) => 1,
                Some(_) => -1,
                None => 0,
            })
            .sum()
    };
    let last_first = |e: Entry| -> Option<bool> {
        played
            .iter()
            .rev()
            .find(|g| g.seats.len() == 2 && g.seats.contains(&e))
            .map(|g| g.seats[0] == e)
    };
    let a_first = match balance(a).cmp(&balance(b)) {
        std::cmp::Ordering::Less => true,
        std::cmp::Ordering::Greater => false,
        std::cmp::Ordering::Equal => {
            !matches!((last_first(a), last_first(b)), (Some(true), Some(false)))
        }
    };
    if a_first {
        Pairing { seats: vec![a, b] }
    } else {
        Pairing { seats: vec![b, a] }
    }
}

/// The usual number of Swiss rounds for `n` players: enough to separate a winner
/// (ceil(log2 n)), at least one.
pub fn default_rounds(n: usize) -> u32 {
    let mut r = 0;
    while (1usize << r) < n {
        r += 1;
    }
    r.max(1)
}
