//! Finding opponents: challenges, the seek queue and tournaments (issue 14).
//!
//! This room is pure, like the engines: it pairs, groups, ranks and matches from plain data
//! and never touches the store or a transport. The service (`table/cmd/competing/`) keeps the
//! rows and opens the games; everything a tournament decides is decided here, so that the
//! property tests below speak to the same code that runs the tournaments.
//!
//! - [`round_robin`]: Berger tables, every pair once a cycle.
//! - [`swiss`]: no repeat pairing while another exists, one bye at most per player, seat
//!   balance.
//! - [`knockout`]: a seeded bracket for any number of entrants, byes to the top seeds.
//! - [`groups`]: tables of N players for the multi-player games.
//! - [`standings`]: points by finishing place, Buchholz and Sonneborn-Berger.
//! - [`seeks`]: which seekers make a game, with a rating window that widens as they wait.
//!
//! Each file imports only this file's shared types (`Entry`, `Format`); the room imports
//! nothing else of ours. The service's `table/cmd/competing/` calls it; transports never do.

pub mod groups;
pub mod knockout;
pub mod round_robin;
pub mod seeks;
pub mod standings;
pub mod swiss;

#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};

/// An entrant, by index into the tournament's entrant list (join order).
pub type Entry = usize;

/// How a tournament pairs its rounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Format {
    RoundRobin,
    Swiss,
    Knockout,
}

impl Format {
    pub const ALL: [Format; 3] = [Format::RoundRobin, Format::Swiss, Format::Knockout];

    pub fn id(self) -> &'static str {
        match self {
            Format::RoundRobin => "round-robin",
            Format::Swiss => "swiss",
            Format::Knockout => "knockout",
        }
    }

    pub fn parse(s: &str) -> Option<Format> {
        let s = s.trim().to_ascii_lowercase().replace(['_', ' '], "-");
        Format::ALL
            .into_iter()
            .find(|f| f.id() == s || (s == "roundrobin" && *f == Format::RoundRobin))
    }
}

/// One game of a round as the pairing decided it: the entrants in seat order. A single
/// entrant is a bye.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pairing {
    pub seats: Vec<Entry>,
}

impl Pairing {
    pub fn bye(e: Entry) -> Pairing {
        Pairing { seats: vec![e] }
    }

    pub fn is_bye(&self) -> bool {
        self.seats.len() == 1
    }
}

/// A game a tournament played (or is playing): its round, the entrants in seat order and,
/// once it ended, each seat's finishing place (1 = first; tied seats share a place, as the
/// engines' `places` give them). A bye has one seat and counts as a win.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Played {
    pub round: u32,
    pub seats: Vec<Entry>,
    pub places: Option<Vec<u8>>,
}

impl Played {
    pub fn is_bye(&self) -> bool {
        self.seats.len() == 1
    }

    /// Points of each seat: one for every seat finishing behind it, a half for every other
    /// seat sharing its place (so a two-player win is 1, a draw 0.5, a loss 0). A bye is worth
    /// a win. `None` while the game runs.
    pub fn points(&self) -> Option<Vec<f64>> {
        if self.is_bye() {
            return Some(vec![1.0]);
        }
        let places = self.places.as_ref()?;
        Some(
            places
                .iter()
                .enumerate()
                .map(|(i, &p)| {
                    places
                        .iter()
                        .enumerate()
                        .filter(|&(j, _)| j != i)
                        .map(|(_, &q)| match q.cmp(&p) {
                            std::cmp::Ordering::Greater => 1.0,
                            std::cmp::Ordering::Equal => 0.5,
                            std::cmp::Ordering::Less => 0.0,
                        })
                        .sum()
                })
                .collect(),
        )
    }

    /// Whether `a` and `b` met in this game (a bye meets nobody).
    pub fn met(&self, a: Entry, b: Entry) -> bool {
        self.seats.contains(&a) && self.seats.contains(&b) && a != b
    }
}
