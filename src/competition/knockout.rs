//! A knockout bracket for any number of entrants: the bracket is the next power of two, the
//! top seeds get the byes (so a bye never meets a bye and only the first round has them), and
//! seeds are placed so that seeds 1 and 2 can meet only in the final (the usual 1-16, 8-9,
//! 4-13, .. order). A drawn match is replayed with the seats swapped; after
//! [`MAX_GAMES`] drawn games the better seed goes through.

use super::{Entry, Pairing};

/// Games a drawn match may take before the better seed goes through.
pub const MAX_GAMES: u32 = 3;

/// Seed numbers (1-based) in bracket order for a bracket of `size` (a power of two).
pub fn seed_order(size: usize) -> Vec<usize> {
    let mut order = vec![1usize];
    while order.len() < size {
        let k = order.len() * 2;
        order = order.iter().flat_map(|&x| [x, k + 1 - x]).collect();
    }
    order
}

/// Rounds of a bracket for `n` entrants.
pub fn rounds(n: usize) -> u32 {
    n.max(1).next_power_of_two().trailing_zeros()
}

/// The first round: `seeded` holds the entrants best seed first. Pairings are in bracket
/// order, the better seed in the first seat; the top seeds' byes are single-entrant
/// pairings.
pub fn first_round(seeded: &[Entry]) -> Vec<Pairing> {
    let size = seeded.len().max(2).next_power_of_two();
    let order = seed_order(size);
    order
        .chunks(2)
        .map(|m| {
            let (a, b) = (m[0].min(m[1]), m[0].max(m[1]));
            match (seeded.get(a - 1), seeded.get(b - 1)) {
                (Some(&x), Some(&y)) => Pairing { seats: vec![x, y] },
                (Some(&x), None) => Pairing::bye(x),
                (None, Some(&y)) => Pairing::bye(y),
                (None, None) => Pairing { seats: Vec::new() },
            }
        })
        .filter(|p| !p.seats.is_empty())
        .collect()
}

/// The next round from the winners of this one, in bracket order: neighbours meet, the
/// better seed (`seed_of`, lower is better) in the first seat.
pub fn next_round(winners: &[Entry], seed_of: &dyn Fn(Entry) -> usize) -> Vec<Pairing> {
    winners
        .chunks(2)
        .map(|m| match m {
            [a, b] if seed_of(*a) <= seed_of(*b) => Pairing {
                seats: vec![*a, *b],
            },
            [a, b] => Pairing {
                seats: vec![*b, *a],
            },
            [a] => Pairing::bye(*a),
            _ => unreachable!("chunks of two"),
        })
        .collect()
}

/// A drawn match's next game: the same two entrants, seats swapped.
pub fn replay(p: &Pairing) -> Pairing {
    Pairing {
        seats: p.seats.iter().rev().copied().collect(),
    }
}

/// Who goes through a match after its games: the winner of the last decisive game, or after
/// [`MAX_GAMES`] draws the better seed. `games` holds the winning seat's entrant of each game
/// played (`None` for a draw). `None` while a replay is still due.
pub fn through(
    p: &Pairing,
    games: &[Option<Entry>],
    seed_of: &dyn Fn(Entry) -> usize,
) -> Option<Entry> {
    if p.is_bye() {
        return Some(p.seats[0]);
    }
    if let Some(Some(w)) = games.last() {
        return Some(*w);
    }
    if games.len() as u32 >= MAX_GAMES {
        return p.seats.iter().copied().min_by_key(|&e| seed_of(e));
    }
    None
}
