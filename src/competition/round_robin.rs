//! Round-robin by Berger tables (the circle method): with `n` entrants (one more, a bye, when
//! `n` is odd) every pair meets once in `n - 1` rounds (`n` when odd), and each entrant's
//! seats alternate, so nobody is first more than once more than second. A second cycle plays
//! the same rounds with the seats swapped.

use super::{Entry, Pairing};

/// Rounds of one cycle for `n` entrants.
pub fn rounds_per_cycle(n: usize) -> u32 {
    let m = n + n % 2;
    m.saturating_sub(1) as u32
}

/// The pairings of round `r` (0-based, counting on across cycles) among `n` entrants. Pairs
/// list the first seat first; a lone entrant has the bye.
pub fn round(n: usize, r: u32) -> Vec<Pairing> {
    let per = rounds_per_cycle(n);
    if per == 0 {
        return Vec::new();
    }
    let (cycle, r) = (r / per, (r % per) as usize);
    let m = n + n % 2;
    let ring = m - 1;
    let mut out = Vec::with_capacity(m / 2);
    let pair = |a: Entry, b: Entry, first_is_a: bool| -> Pairing {
        // An odd cycle swaps every seat.
        let first_is_a = first_is_a ^ (cycle % 2 == 1);
        if b >= n {
            Pairing::bye(a)
        } else if a >= n {
            Pairing::bye(b)
        } else if first_is_a {
            Pairing { seats: vec![a, b] }
        } else {
            Pairing { seats: vec![b, a] }
        }
    };
    // The fixed entrant (m - 1) meets the one at the ring's position r, alternating seats.
    out.push(pair(r % ring, m - 1, r % 2 == 0));
    for i in 1..m / 2 {
        let a = (r + i) % ring;
        let b = (r + ring - i) % ring;
        // Entrant x is first exactly when its distance (x - r) round the ring is odd: so
        // its seats alternate from round to round.
        out.push(pair(a, b, i % 2 == 1));
    }
    out
}
