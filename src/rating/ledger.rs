//! Applying a finished game to its players' ratings, and rebuilding every rating from the
//! finished games. Both go through [`settle`], so a rebuild finds the stored values again
//! exactly (the same inputs in the same order, `games.ended_seq`).

use super::system::{rate, score_of, Rating};
use crate::engine::AnyGame;
use crate::store::{RatingChange, RatingRow, Result, Store, StoreError};
use std::collections::HashSet;

/// A seated player of a finished game.
#[derive(Clone, Debug)]
pub struct Player {
    pub user_id: String,
    pub name: String,
    pub seat: u8,
    /// A computer player sits there (the seat's row says so): never rated.
    pub bot: bool,
}

/// A game that just ended, as rating needs it.
#[derive(Clone, Debug)]
pub struct Ended<'a> {
    pub game: i64,
    /// Its place in the order games ended (`Store::mark_ended`).
    pub seq: i64,
    pub kind: &'a str,
    /// The server, `""` outside one.
    pub guild: &'a str,
    /// By seat: `players[0]` sits in seat 1.
    pub players: &'a [Player],
    /// Finishing place per seat (1 = first).
    pub places: &'a [u8],
    pub at_ms: i64,
}

/// One player's rating before and after a game.
#[derive(Clone, Debug, PartialEq)]
pub struct Applied {
    pub name: String,
    pub before: Rating,
    pub after: Rating,
}

/// Whether a game counts: `/new ... rated:true` (the default), and every seat a distinct
/// human (never a computer player, never one user in two seats).
pub fn counts(asked: bool, players: &[Player]) -> bool {
    let distinct: HashSet<&str> = players.iter().map(|p| p.user_id.as_str()).collect();
    asked
        && players.len() >= 2
        && distinct.len() == players.len()
        // Computer players (issue 13): a game with one is never rated.
        && players.iter().all(|p| !p.bot)
}

/// Whether game `game` of `seated` players ended before each of them had made a move: then it
/// does not count, however it ended (as lichess aborts games of fewer than two moves), so that
/// a resignation or a time-out at the start cannot farm ratings (issue 27).
pub fn ended_early(s: &Store, game: i64, seated: usize) -> Result<bool> {
    Ok(too_few_moved(&s.seats_that_moved(game)?, seated))
}

/// [`ended_early`]'s rule: fewer seats moved than were seated.
fn too_few_moved(moved: &[u8], seated: usize) -> bool {
    moved.len() < seated
}

/// Reads `/new`'s `rated` option out of the options: `true` unless it says `false`.
/// `Err` carries the value that is neither.
pub fn rated_option(options: &mut Vec<(String, String)>) -> std::result::Result<bool, String> {
    let Some(at) = options.iter().position(|(k, _)| k == "rated") else {
        return Ok(true);
    };
    let (_, value) = options.remove(at);
    match value.trim().to_ascii_lowercase().as_str() {
        "true" | "yes" | "on" | "oui" => Ok(true),
        "false" | "no" | "off" | "non" => Ok(false),
        _ => Err(value),
    }
}

/// A game that just ended, as the transaction that ends it knows it.
pub struct Finished<'a> {
    pub game: i64,
    /// `/new`'s `rated` choice; whether the game counts is decided here ([`counts`]).
    pub rated: bool,
    pub kind: &'a str,
    pub guild: &'a str,
    /// The seated players, in any order.
    pub players: Vec<Player>,
    /// Finishing place per seat; `None` when the game has no places (aborted).
    pub places: Option<Vec<u8>>,
    pub at_ms: i64,
}

/// What [`settle_finished`] did.
pub struct Settled {
    /// The changes applied, or `None` when the game does not count.
    pub applied: Option<Vec<Applied>>,
    /// A rated game that ended before each player moved ([`ended_early`]): not rated, which
    /// the board says.
    pub ended_early: bool,
}

/// Records that a game ended and rates it if it counts. Runs inside the transaction of the
/// change that ended it, so a game is rated once or not at all. On PostgreSQL the reads (who
/// moved, the players' ratings) go in one round trip with the game's place in the order of
/// endings: a game's end, an eight-player Sprawl game's slowest move, is two round trips
/// fewer than reading them in turn.
pub fn settle_finished(s: &mut Store, mut f: Finished) -> Result<Settled> {
    f.players.sort_by_key(|p| p.seat);
    let users: Vec<&str> = f.players.iter().map(|p| p.user_id.as_str()).collect();
    let counted = counts(f.rated, &f.players) && f.places.is_some();
    let (seq, (moved, ratings)) = s.mark_ended_with(f.game, |s| {
        let moved = f.rated.then(|| s.seats_that_moved_later(f.game));
        // Read even when the game turns out to have ended early: reading it later would
        // cost a round trip in every game that counts.
        let ratings = counted.then(|| s.ratings_in_later(f.kind, &users));
        Ok((moved.transpose()?, ratings.transpose()?))
    })?;
    let ended_early = match moved {
        Some(m) => too_few_moved(&s.seats_taken(m)?, f.players.len()),
        None => false,
    };
    let (Some(ratings), Some(places), false) = (ratings, f.places.as_deref(), ended_early) else {
        return Ok(Settled {
            applied: None,
            ended_early,
        });
    };
    let rows = s.ratings_taken(ratings, &users)?;
    let ended = Ended {
        game: f.game,
        seq,
        kind: f.kind,
        guild: f.guild,
        players: &f.players,
        places,
        at_ms: f.at_ms,
    };
    Ok(Settled {
        applied: Some(apply(s, &ended, rows)?),
        ended_early,
    })
}

/// Rates a finished game: reads the players' ratings, computes the new ones, writes them and
/// the game's changes (a statement each, for all the players). Runs inside the transaction that ends the game.
pub fn settle(s: &mut Store, e: &Ended) -> Result<Vec<Applied>> {
    let users: Vec<&str> = e.players.iter().map(|p| p.user_id.as_str()).collect();
    let rows = s.ratings_in(e.kind, &users)?;
    apply(s, e, rows)
}

/// Rates a finished game whose players' ratings (in their order, `None` for a first game) are
/// `rows`: computes the new ones, writes them and the game's changes.
fn apply(s: &mut Store, e: &Ended, rows: Vec<Option<RatingRow>>) -> Result<Vec<Applied>> {
    let rows: Vec<RatingRow> = rows
        .into_iter()
        .zip(e.players)
        .map(|(row, p)| row.unwrap_or_else(|| fresh(&p.user_id, e.kind, &p.name)))
        .collect();
    let before: Vec<Rating> = rows.iter().map(rating_of).collect();
    let after = rate(&before, e.places);
    let mut applied = Vec::with_capacity(rows.len());
    let mut changes = Vec::with_capacity(rows.len());
    let mut written = Vec::with_capacity(rows.len());
    for (i, (mut row, new)) in rows.into_iter().zip(&after).enumerate() {
        let p = &e.players[i];
        let score = score_of(e.places, i);
        changes.push(RatingChange {
            seq: e.seq,
            game: e.game,
            user_id: p.user_id.clone(),
            kind: e.kind.to_string(),
            guild: e.guild.to_string(),
            seat: p.seat,
            place: e.places[i],
            score,
            before: (before[i].rating, before[i].deviation),
            after: (new.rating, new.deviation, new.volatility),
            at_ms: e.at_ms,
        });
        tally(&mut row, score);
        let best = if score >= 1.0 {
            best_beaten(e, &before, i)
        } else {
            None
        };
        if let Some(best) = best {
            if row.best_win.as_ref().is_none_or(|(b, _, _)| best.0 > *b) {
                row.best_win = Some((best.0, best.1, e.game));
            }
        }
        row.name = p.name.clone();
        row.rating = new.rating;
        row.deviation = new.deviation;
        row.volatility = new.volatility;
        row.updated_ms = e.at_ms;
        written.push(row);
        applied.push(Applied {
            name: p.name.clone(),
            before: before[i],
            after: *new,
        });
    }
    // Two statements for all the players, not two for each: on PostgreSQL each is a round
    // trip, and an eight-player Sprawl game's last move was its slowest.
    s.add_rating_changes(&changes)?;
    s.put_ratings(&written)?;
    Ok(applied)
}

/// Recomputes every rating from the finished games, in the order they ended, in one
/// transaction; returns how many games were rated.
pub fn rebuild(s: &mut Store) -> Result<usize> {
    s.atomically(|s| {
        s.clear_ratings()?;
        let mut rated = 0;
        for (id, seq) in s.ended_games()? {
            if replay_one(s, id, seq)? {
                rated += 1;
            }
        }
        Ok(rated)
    })
}

/// Rates finished game `id` again from its row, seats and final state.
fn replay_one(s: &mut Store, id: i64, seq: i64) -> Result<bool> {
    let Some(row) = s.game(id)? else {
        return Ok(false);
    };
    let settings: serde_json::Value = serde_json::from_str(&row.settings).unwrap_or_default();
    let asked = settings["rated"].as_bool().unwrap_or(true);
    let mut players: Vec<Player> = s
        .seats(id)?
        .into_iter()
        .filter_map(|r| {
            let bot = r.is_bot();
            r.seat.map(|seat| Player {
                user_id: r.user_id,
                name: r.name,
                seat,
                bot,
            })
        })
        .collect();
    players.sort_by_key(|p| p.seat);
    if !counts(asked, &players) || ended_early(s, id, players.len())? {
        return Ok(false);
    }
    let state: AnyGame = match row.snapshot.as_deref().map(serde_json::from_str) {
        Some(Ok(g)) => g,
        _ => {
            return Err(StoreError::Unusable {
                path: format!("game {id}"),
                why: "a finished game without a readable final state".into(),
            })
        }
    };
    let Some(places) = state.places() else {
        return Ok(false);
    };
    let at_ms = s
        .actions(id)?
        .last()
        .map(|a| a.at_ms)
        .unwrap_or(row.updated_ms);
    settle(
        s,
        &Ended {
            game: id,
            seq,
            kind: row.kind.id(),
            guild: row.guild.as_deref().unwrap_or(""),
            players: &players,
            places: &places,
            at_ms,
        },
    )?;
    Ok(true)
}

fn fresh(user: &str, kind: &str, name: &str) -> RatingRow {
    let r = Rating::default();
    RatingRow {
        user_id: user.to_string(),
        kind: kind.to_string(),
        name: name.to_string(),
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
        games: 0,
        wins: 0,
        draws: 0,
        losses: 0,
        streak: 0,
        best_win: None,
        updated_ms: 0,
    }
}

fn rating_of(row: &RatingRow) -> Rating {
    Rating {
        rating: row.rating,
        deviation: row.deviation,
        volatility: row.volatility,
    }
}

fn tally(row: &mut RatingRow, score: f64) {
    row.games += 1;
    if score >= 1.0 {
        row.wins += 1;
        row.streak = row.streak.max(0) + 1;
    } else if score > 0.0 {
        row.draws += 1;
        row.streak = 0;
    } else {
        row.losses += 1;
        row.streak = row.streak.min(0) - 1;
    }
}

/// The best-rated opponent (before the game) of a game player `i` won.
fn best_beaten(e: &Ended, before: &[Rating], i: usize) -> Option<(f64, String)> {
    (0..e.players.len())
        .filter(|&j| e.places[j] > e.places[i])
        .map(|j| (before[j].rating, e.players[j].name.clone()))
        .max_by(|a, b| a.0.total_cmp(&b.0))
}
