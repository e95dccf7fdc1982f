//! What a move's first read (`Store::move_reads`) will find, foreseen from what this process
//! last read and wrote of the game (issue 45), so that on PostgreSQL the move needs no answer
//! before its writes: the read goes with them as a guard, which fails the transaction on the
//! server if what it finds is not what was foreseen, and the whole change (its `BEGIN`, writes,
//! guard and `COMMIT`) is one round trip. A failed guard costs one round trip more and the
//! change made again from what is really there (`change::commit`), so the foresight need only
//! be usually right: another process or command may write what it holds at any time.
//!
//! Kept for PostgreSQL only (on SQLite a read costs no round trip), in memory, a few rows a
//! game, dropped wholesale past [`GAMES`] games.

use super::db::Value;
use std::collections::HashMap;

/// At most this many games are foreseen; past it everything is forgotten (each game is read
/// again at its next move). About a kilobyte a game.
const GAMES: usize = 10_000;

/// The columns of the move's read, in its order (`moves.rs`): the turn's, the bank's, then
/// the rest, which only the read itself tells.
const TURN: std::ops::Range<usize> = 0..10;
const BANK: std::ops::Range<usize> = 10..12;

/// What one seat's next read in a game will find.
struct Seen {
    seat: u8,
    user: String,
    row: Vec<Value>,
}

#[derive(Default)]
pub(super) struct Foresight {
    games: HashMap<i64, Vec<Seen>>,
    /// Games whose foresight the open transaction changed: forgotten if it rolls back.
    touched: Vec<i64>,
}

impl Foresight {
    /// The row the read about `seat` (`user`) in `game` is expected to find, if known.
    pub fn expected(&self, game: i64, seat: u8, user: &str) -> Option<&[Value]> {
        self.games
            .get(&game)?
            .iter()
            .find(|s| s.seat == seat && s.user == user)
            .map(|s| s.row.as_slice())
    }

    /// What the read about `seat` (`user`) found (or, once its guard held, was foreseen to).
    pub fn seen(&mut self, game: i64, seat: u8, user: &str, row: Vec<Value>) {
        if self.games.len() >= GAMES && !self.games.contains_key(&game) {
            self.games.clear();
        }
        self.touched.push(game);
        let seats = self.games.entry(game).or_default();
        seats.retain(|s| s.seat != seat);
        seats.push(Seen {
            seat,
            user: user.to_string(),
            row,
        });
    }

    /// The game's turn row is now `turn` (`clocks::turn_values`): every seat's next read
    /// finds it.
    pub fn turn_put(&mut self, game: i64, turn: [Value; 10]) {
        if let Some(seats) = self.games.get_mut(&game) {
            self.touched.push(game);
            for s in seats {
                s.row.splice(TURN, turn.iter().cloned());
            }
        }
    }

    /// `seat`'s bank in `game` is now this: its next read finds it.
    pub fn bank_set(&mut self, game: i64, seat: u8, bank_ms: Option<i64>, left_ms: i64) {
        if let Some(s) = self
            .games
            .get_mut(&game)
            .and_then(|seats| seats.iter_mut().find(|s| s.seat == seat))
        {
            let bank = bank_ms.map_or(Value::Null, Value::Int);
            s.row.splice(BANK, [bank, Value::Int(left_ms)]);
            self.touched.push(game);
        }
    }

    /// Nothing is foreseen of `game` any more: its next move reads.
    pub fn forget(&mut self, game: i64) {
        self.games.remove(&game);
    }

    /// The open transaction committed: what it changed holds.
    pub fn committed(&mut self) {
        self.touched.clear();
    }

    /// The open transaction rolled back: what it changed never happened.
    pub fn rolled_back(&mut self) {
        for game in std::mem::take(&mut self.touched) {
            self.games.remove(&game);
        }
    }
}
