//! Rounds of tables for the multi-player games (Sprawl 3-8, Pikemen 3-4): the entrants are
//! split into tables as even as possible, none larger than the tournament's table size and
//! none smaller than the game allows. The first round spreads the seeds (the top seeds at
//! different tables); later rounds group players by standings, so leaders meet leaders.

use super::{Entry, Pairing};

/// Table sizes for `n` players with tables of at most `per` and at least `min`, largest
/// first. When `n` cannot be split so, fewer and larger tables, up to the game's `max`
/// (4 Sprawl players with tables of 3 play at one table of 4); `None` when nothing fits.
pub fn sizes(n: usize, per: usize, min: usize, max: usize) -> Option<Vec<usize>> {
    if n < min.max(1) || per == 0 {
        return None;
    }
    let mut t = n.div_ceil(per);
    while t > 1 && n / t < min {
        t -= 1;
    }
    let (q, r) = (n / t, n % t);
    if q + usize::from(r > 0) > max {
        return None;
    }
    Some((0..t).map(|i| q + usize::from(i < r)).collect())
}

/// The tables of round `round` (0-based). `ranked` holds the players still in, best first
/// (by seed in the first round, by standings after). Seats at each table rotate with the
/// round so that the first seat passes round the table.
pub fn round(ranked: &[Entry], per: usize, (min, max): (usize, usize), round: u32) -> Vec<Pairing> {
    let Some(sizes) = sizes(ranked.len(), per, min, max) else {
        return Vec::new();
    };
    let mut tables: Vec<Vec<Entry>> = sizes.iter().map(|&s| Vec::with_capacity(s)).collect();
    if round == 0 {
        // Deal round the tables, skipping those already full: seeds 1..t sit apart.
        let mut t = 0;
        for &e in ranked {
            while tables[t].len() >= sizes[t] {
                t = (t + 1) % tables.len();
            }
            tables[t].push(e);
            t = (t + 1) % tables.len();
        }
    } else {
        let mut it = ranked.iter().copied();
        for (t, &s) in sizes.iter().enumerate() {
            tables[t].extend(it.by_ref().take(s));
        }
    }
    tables
        .into_iter()
        .map(|mut seats| {
            let k = seats.len();
            seats.rotate_left(round as usize % k);
            Pairing { seats }
        })
        .collect()
}
