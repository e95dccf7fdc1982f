//! The computer opponent: Monte Carlo tree search on the engines' random playouts.
//!
//! Pure and synchronous like the engines (no I/O; time only as a deadline that shortens a
//! search): the service calls it off the request path, the command line directly. A move
//! is reproducible from the position, the seed and a playout budget ([`choose`] with
//! `playouts`), which switches the deadline off.
//!
//! Files import one another in one direction: `reward` <- `search` <- `arena` (and this file,
//! its door: [`choose`], [`Level`], [`Occupant`]). The room reads only `engine`; the service
//! (`table`) and the command line (`plateau ai`, `plateau arena`) call it.

pub mod arena;
mod reward;
mod search;

#[cfg(test)]
mod tests;

use crate::engine::rng::SplitMix64;
use crate::engine::{AnyGame, Game, Seat};
pub use search::Budget;
use std::time::{Duration, Instant};

/// How hard the computer plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// Uniformly random legal moves (a yardstick for the arena, not offered to players).
    Random,
    Easy,
    Medium,
    Hard,
}

impl Level {
    pub const OFFERED: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    pub const fn id(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    /// A level's id, or its French word (`facile`, `moyen`, `difficile`), as typed in a
    /// French channel.
    pub fn parse(word: &str) -> Option<Level> {
        let w = word.trim().to_lowercase();
        let w = match w.as_str() {
            "facile" => "easy",
            "moyen" => "medium",
            "difficile" => "hard",
            "hasard" => "random",
            w => w,
        };
        [Level::Random, Level::Easy, Level::Medium, Level::Hard]
            .into_iter()
            .find(|l| l.id() == w)
    }

    /// Playouts and time cap of a move. Hard stays under 2 s a move on a 2-core machine
    /// while another search runs beside it, its budget set so that on a quiet machine the
    /// budget and not the cap ends most of its searches; easy is a small search that also
    /// plays a random move one time in four, so that a beginner can beat it. Medium's and
    /// easy's budgets are what the transcripts' computer players search.
    pub const fn limits(self) -> (u32, Duration, u32) {
        match self {
            Level::Random => (0, Duration::ZERO, 100),
            Level::Easy => (120, Duration::from_millis(200), 25),
            Level::Medium => (3_000, Duration::from_millis(700), 0),
            Level::Hard => (60_000, Duration::from_millis(1_500), 0),
        }
    }
}

/// Computer players sit under user ids `bot:LEVEL:N` (N tells apart two bots of one level at
/// a table), which no transport produces: Discord ids are digits, local ones `local:NAME`.
pub const BOT_PREFIX: &str = "bot:";

pub fn bot_id(level: Level, n: u32) -> String {
    format!("{BOT_PREFIX}{}:{n}", level.id())
}

/// Who sits in a seat: a person, by user id, or a computer player of a level. Read from the
/// user id here, by the store when it makes a seat's row (`SeatRow::bot`) and for a user named
/// in a command, rather than by each caller testing the id's prefix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Occupant<'a> {
    Human(&'a str),
    Bot(Level),
}

impl<'a> Occupant<'a> {
    pub fn of(user_id: &'a str) -> Occupant<'a> {
        match user_id.strip_prefix(BOT_PREFIX) {
            // A damaged level still names a computer player: it is never pinged nor timed.
            Some(_) => Occupant::Bot(bot_level(user_id).unwrap_or(Level::Random)),
            None => Occupant::Human(user_id),
        }
    }

    pub fn is_bot(self) -> bool {
        matches!(self, Occupant::Bot(_))
    }

    /// The computer player's level; `None` for a person.
    pub fn level(self) -> Option<Level> {
        match self {
            Occupant::Human(_) => None,
            Occupant::Bot(level) => Some(level),
        }
    }

    /// The person's user id; `None` for a computer player.
    pub fn human(self) -> Option<&'a str> {
        match self {
            Occupant::Human(id) => Some(id),
            Occupant::Bot(_) => None,
        }
    }
}

/// The level of a computer player's user id.
pub fn bot_level(user_id: &str) -> Option<Level> {
    let rest = user_id.strip_prefix(BOT_PREFIX)?;
    Level::parse(rest.split(':').next()?)
}

/// A move chosen by the computer.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    /// Canonical move text.
    pub mv: String,
    /// Expected standing per seat in seat order: 1 is a sure first place, 0 a sure last, a
    /// two-player draw 0.5 (with two players, the chance to win counting draws as halves).
    pub values: Vec<f32>,
    /// Playouts the search ran (0 for a random move).
    pub playouts: u32,
}

/// The move `level` plays for the seat to move; `playouts` replaces the level's budget and
/// switches its time cap off (reproducible moves). `None` once the game is over.
pub fn choose(game: &AnyGame, level: Level, playouts: Option<u32>, seed: u64) -> Option<Choice> {
    let seat = game.to_move()?;
    let (budget, cap, random_percent) = level.limits();
    let budget = match playouts {
        Some(n) => Budget {
            playouts: n.max(1),
            deadline: None,
        },
        None => Budget {
            playouts: budget,
            deadline: Some(Instant::now() + cap),
        },
    };
    let mut rng = SplitMix64::new(seed ^ 0x5eed_0fa1);
    match game {
        AnyGame::Pikemen(g) => pick(g, seat, budget, random_percent, &mut rng),
        AnyGame::Sprawl(g) => pick(g, seat, budget, random_percent, &mut rng),
        AnyGame::Skyscrapers(g) => pick(g, seat, budget, random_percent, &mut rng),
        AnyGame::Battlezone(g) => pick(g, seat, budget, random_percent, &mut rng),
    }
}

fn pick<G: Game>(
    g: &G,
    seat: Seat,
    budget: Budget,
    random_percent: u32,
    rng: &mut SplitMix64,
) -> Option<Choice> {
    let mut own = Vec::new();
    g.legal_moves(&mut own);
    own.retain(|m| g.actor(m) == Some(seat));
    if own.is_empty() {
        return None;
    }
    let roll = rng.below(100) as u32;
    if roll < random_percent || budget.playouts == 0 {
        let mv = &own[rng.below(own.len() as u64) as usize];
        return Some(Choice {
            mv: mv.to_string(),
            values: vec![0.5; g.players() as usize],
            playouts: 0,
        });
    }
    let found = search::search(g, seat, budget, rng.next())?;
    let (mv, _, mean) = found.moves.first()?;
    Some(Choice {
        mv: mv.to_string(),
        values: mean[..g.players() as usize].to_vec(),
        playouts: found.playouts,
    })
}
