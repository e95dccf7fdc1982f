//! Standings: points by finishing place ([`Played::points`]), then the tie-breaks of Swiss
//! play: Buchholz (the sum of the opponents' points: who you met) and Sonneborn-Berger (the
//! points of those you beat, half of those you tied with: whom you beat), then wins, then
//! seed. Withdrawn players keep their rows (their games still count for their opponents).

use super::{Entry, Played};
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Row {
    pub entry: Entry,
    pub points: f64,
    pub games: u32,
    pub wins: u32,
    pub byes: u32,
    pub buchholz: f64,
    pub sonneborn: f64,
    pub withdrawn: bool,
}

/// The standings of `n` entrants after the finished games of `played`, best first. `seed`
/// gives each entrant's seed (lower is better), the last tie-break.
pub fn table(
    n: usize,
    played: &[Played],
    seed: &dyn Fn(Entry) -> usize,
    withdrawn: &dyn Fn(Entry) -> bool,
) -> Vec<Row> {
    let mut points = vec![0.0f64; n];
    let mut rows: Vec<Row> = (0..n)
        .map(|e| Row {
            entry: e,
            points: 0.0,
            games: 0,
            wins: 0,
            byes: 0,
            buchholz: 0.0,
            sonneborn: 0.0,
            withdrawn: withdrawn(e),
        })
        .collect();
    let finished: Vec<(&Played, Vec<f64>)> = played
        .iter()
        .filter_map(|g| g.points().map(|p| (g, p)))
        .collect();
    for (g, pts) in &finished {
        for (i, &e) in g.seats.iter().enumerate() {
            points[e] += pts[i];
            let row = &mut rows[e];
            row.games += 1;
            if g.is_bye() {
                row.byes += 1;
            } else if g
                .places
                .as_ref()
                .is_some_and(|pl| pl[i] == 1 && pl.iter().filter(|&&q| q == 1).count() == 1)
            {
                row.wins += 1;
            }
        }
    }
    for (g, _) in &finished {
        if g.is_bye() {
            continue;
        }
        let places = g.places.as_ref().expect("finished");
        for (i, &e) in g.seats.iter().enumerate() {
            for (j, &o) in g.seats.iter().enumerate() {
                if i == j {
                    continue;
                }
                rows[e].buchholz += points[o];
                rows[e].sonneborn += points[o]
                    * match places[i].cmp(&places[j]) {
                        std::cmp::Ordering::Less => 1.0,
                        std::cmp::Ordering::Equal => 0.5,
                        std::cmp::Ordering::Greater => 0.0,
                    };
            }
        }
    }
    for (e, row) in rows.iter_mut().enumerate() {
        row.points = points[e];
    }
    rows.sort_by(|a, b| {
        b.points
            .total_cmp(&a.points)
            .then(b.buchholz.total_cmp(&a.buchholz))
            .then(b.sonneborn.total_cmp(&a.sonneborn))
            .then(b.wins.cmp(&a.wins))
            .then(seed(a.entry).cmp(&seed(b.entry)))
    });
    rows
}

/// Points as people write them: `2`, `1.5`, `1.25`.
pub fn shown(points: f64) -> String {
    let s = format!("{points:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}
