//! The rating system, from `skillratings`: Glicko-2 (lichess's choice, one game per rating
//! period as lichess does) for every table, of two players or of eight.
//!
//! A table of three to eight is rated on the players' pairwise results (each pair of players
//! is a game, won by the better place, drawn on a shared one), each weighted `1/(n-1)`: the
//! scheme of Tom Kerrigan's "Multiplayer Elo" (tckerrigan.com/Misc/Multiplayer_Elo), which
//! divides Elo's K by `n-1`, carried over to Glicko-2, where a weight scales each result's
//! share of the period's information and of its rating change. A whole table thus counts
//! about as much as one two-player game: first place among newcomers moves a rating as one
//! win does, last place as one loss. (Rated on the finishing order by Weng-Lin before, an
//! 8-player Sprawl game moved a newcomer by 775 points.)
//!
//! No game moves a rating by more than the first game between two newcomers does
//! ([`largest_change`], 162 points): Glicko-2 alone gives a newcomer who beats a settled
//! player a little more.

use skillratings::glicko2::{glicko2, glicko2_rating_period, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

/// A deviation at or above this marks a rating as provisional (`1512?`) and keeps it off
/// leaderboards (lichess uses 110 too). `migrations/05-ratings` repeats it in an index.
pub const PROVISIONAL: f64 = 110.0;

/// Glicko-2's own scale: rating points per unit of its internal `mu` and `phi`.
const GLICKO2_SCALE: f64 = 173.7178;

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
    let after = match before.len() {
        0 | 1 => return before.to_vec(),
        2 => {
            let (a, b) = glicko2(
                &before[0].glicko(),
                &before[1].glicko(),
                &outcome(places[0], places[1]),
                &Glicko2Config::new(),
            );
            vec![Rating::from_glicko(a), Rating::from_glicko(b)]
        }
        _ => pairwise(before, places),
    };
    let cap = largest_change();
    after
        .into_iter()
        .zip(before)
        .map(|(mut a, b)| {
            a.rating = b.rating + (a.rating - b.rating).clamp(-cap, cap);
            a
        })
        .collect()
}

/// The most one game moves a rating: what a newcomer's first win over another newcomer
/// gives (162 points with Glicko-2's defaults), worked out from the system itself.
pub fn largest_change() -> f64 {
    let (a, _) = glicko2(
        &Glicko2Rating::new(),
        &Glicko2Rating::new(),
        &Outcomes::WIN,
        &Glicko2Config::new(),
    );
    a.rating - Glicko2Rating::new().rating
}

/// The result for the player placed `mine` against one placed `theirs`.
fn outcome(mine: u8, theirs: u8) -> Outcomes {
    match mine.cmp(&theirs) {
        std::cmp::Ordering::Less => Outcomes::WIN,
        std::cmp::Ordering::Greater => Outcomes::LOSS,
        std::cmp::Ordering::Equal => Outcomes::DRAW,
    }
}

/// A table of three or more: each player's pairwise results as one Glicko-2 period, each
/// result weighted `w = 1/(n-1)`.
///
/// Glicko-2's period update is `1/phi'^2 = 1/phi*^2 + sum(g^2 E (1-E))` and
/// `mu' = mu + phi'^2 sum(g (s-E))`. Weighting every term of both sums by `w` gives
/// `1/phi_w^2 = 1/phi*^2 + w (1/phi'^2 - 1/phi*^2)` and
/// `mu_w - mu = w (mu' - mu) phi_w^2 / phi'^2`, both read off the unweighted period that
/// `skillratings` computes. The volatility moves by `w` of the period's change.
fn pairwise(before: &[Rating], places: &[u8]) -> Vec<Rating> {
    let w = 1.0 / (before.len() - 1) as f64;
    let config = Glicko2Config::new();
    before
        .iter()
        .enumerate()
        .map(|(i, me)| {
            let results: Vec<(Glicko2Rating, Outcomes)> = before
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(j, them)| (them.glicko(), outcome(places[i], places[j])))
                .collect();
            let full = glicko2_rating_period(&me.glicko(), &results, &config);
            let phi = me.deviation / GLICKO2_SCALE;
            let star = 1.0 / (phi * phi + full.volatility * full.volatility);
            let full_precision = (GLICKO2_SCALE / full.deviation).powi(2);
            let precision = star + w * (full_precision - star);
            Rating {
                rating: me.rating + w * (full.rating - me.rating) * full_precision / precision,
                deviation: GLICKO2_SCALE / precision.sqrt(),
                volatility: me.volatility + w * (full.volatility - me.volatility),
            }
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
