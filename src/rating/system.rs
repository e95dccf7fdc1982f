//! The rating systems, from `skillratings`: Glicko-2 for two players (lichess's choice, one
//! game per rating period as lichess does), Weng-Lin (OpenSkill's Plackett-Luce) for tables
//! of three to eight, rated on the whole finishing order.
//!
//! Every game shows one number on one scale, Glicko-2's (1500 ± 350 to begin with): a
//! multi-player table is converted to Weng-Lin's scale, rated, and converted back. The scale
//! factor 42 makes the two systems' starting points coincide (25 ↔ 1500 and 25/3 ↔ 350), so a
//! Pikemen player who plays both two- and four-player games keeps one meaningful rating.

use skillratings::glicko2::{glicko2, glicko2_rating_period, Glicko2Config, Glicko2Rating};
use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::{MultiTeamOutcome, Outcomes};

/// A deviation at or above this marks a rating as provisional (`1512?`) and keeps it off
/// leaderboards (lichess uses 110 too). `migrations/05-ratings` repeats it in an index.
pub const PROVISIONAL: f64 = 110.0;

/// Glicko-2 points per Weng-Lin point.
const SCALE: f64 = 42.0;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

impl Default for Rating {
    fn default() -> Rating {
        let g = Glicko2Rating::new();
        Rating {
            rating: g.rating,
            deviation: g.deviation,
            volatility: g.volatility,
        }
    }
}

impl Rating {
    pub fn provisional(&self) -> bool {
        self.deviation >= PROVISIONAL
    }

    /// As players read it: `1516`, or `1516?` while provisional.
    pub fn shown(&self) -> String {
        shown(self.rating, self.deviation)
    }

    fn glicko(self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    fn from_glicko(g: Glicko2Rating) -> Rating {
        Rating {
            rating: g.rating,
            deviation: g.deviation,
            volatility: g.volatility,
        }
    }
}

/// How many rated two-player games settle a new rating, played against another newcomer
/// with wins and losses in turn: the number players are told ("about 7 rated games"). Worked
/// out from the rating system itself, so that it stays true if the system's settings change.
pub fn games_to_settle() -> u32 {
    let (mut a, mut b) = (Rating::default(), Rating::default());
    for n in 1..=100 {
        let places = if n % 2 == 1 { [1, 2] } else { [2, 1] };
        let after = rate(&[a, b], &places);
        (a, b) = (after[0], after[1]);
        if !a.provisional() {
            return n;
        }
    }
    100
}

/// A rating and deviation as players read them.
pub fn shown(rating: f64, deviation: f64) -> String {
    let r = rating.round() as i64;
    if deviation >= PROVISIONAL {
        format!("{r}?")
    } else {
        r.to_string()
    }
}

/// One game's points for a seat: 1 for first place alone, 0.5 shared, 0 otherwise.
pub fn score_of(places: &[u8], seat: usize) -> f64 {
    let first = places.iter().filter(|&&p| p == 1).count();
    match places[seat] {
        1 if first == 1 => 1.0,
        1 => 0.5,
        _ => 0.0,
    }
}

/// New ratings after one game, from the players' ratings before it and their finishing
/// places (1 = first; equal places share).
pub fn rate(before: &[Rating], places: &[u8]) -> Vec<Rating> {
    assert_eq!(before.len(), places.len(), "one place per player");
    match before.len() {
        0 | 1 => before.to_vec(),
        2 => {
            let outcome = match places[0].cmp(&places[1]) {
                std::cmp::Ordering::Less => Outcomes::WIN,
                std::cmp::Ordering::Greater => Outcomes::LOSS,
                std::cmp::Ordering::Equal => Outcomes::DRAW,
            };
            let (a, b) = glicko2(
                &before[0].glicko(),
                &before[1].glicko(),
                &outcome,
                &Glicko2Config::new(),
            );
            vec![Rating::from_glicko(a), Rating::from_glicko(b)]
        }
        _ => multi(before, places),
    }
}

fn multi(before: &[Rating], places: &[u8]) -> Vec<Rating> {
    let teams: Vec<[WengLinRating; 1]> = before
        .iter()
        .map(|r| {
            [WengLinRating {
                rating: 25.0 + (r.rating - 1500.0) / SCALE,
                uncertainty: r.deviation / SCALE,
            }]
        })
        .collect();
    let table: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
        .iter()
        .zip(places)
        .map(|(t, &p)| (&t[..], MultiTeamOutcome::new(p as usize)))
        .collect();
    let after = weng_lin_multi_team(&table, &WengLinConfig::new());
    after
        .iter()
        .zip(before)
        .map(|(t, b)| Rating {
            rating: 1500.0 + (t[0].rating - 25.0) * SCALE,
            deviation: t[0].uncertainty * SCALE,
            volatility: b.volatility,
        })
        .collect()
}

/// Glicko-2 over one rating period of several games (Glickman's own formulation), through
/// the same conversions as [`rate`]: kept for the worked example that checks the wiring.
pub fn period(player: Rating, games: &[(Rating, f64)]) -> Rating {
    let results: Vec<(Glicko2Rating, Outcomes)> = games
        .iter()
        .map(|(o, s)| {
            let outcome = if *s > 0.75 {
                Outcomes::WIN
            } else if *s < 0.25 {
                Outcomes::LOSS
            } else {
                Outcomes::DRAW
            };
            (o.glicko(), outcome)
        })
        .collect();
    Rating::from_glicko(glicko2_rating_period(
        &player.glicko(),
        &results,
        &Glicko2Config::new(),
    ))
}
