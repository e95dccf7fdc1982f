//! What a move's first read (`Store::move_reads`) will find, foreseen from what this process
//! last read and wrote (issue 45), so that on PostgreSQL the move needs no answer before its
//! writes: the read goes with them as a guard, which fails the transaction on the server if
//! what it finds is not what was foreseen, and the whole change (its `BEGIN`, writes, guard
//! and `COMMIT`) is one round trip. A failed guard costs one round trip more and the change
//! made again from what is really there (`change::commit`), so the foresight need only be
//! usually right: another process or command may write what it holds at any time.
//!
//! The read is about one seat and its user, but most of it is the game's (its turn, counts
//! and version), so it is kept in three parts: the game's, each seat's bank, and each user's
//! settings. A seat's first read in a game is then foreseen too, once any seat's was read
//! and its user's settings were read in any game: before, each seat's first move in a game
//! cost a round trip more (a quarter of the service bench's Sprawl moves on PostgreSQL).
//!
//! Kept for PostgreSQL only (on SQLite a read costs no round trip), in memory, dropped
//! wholesale past [`GAMES`] games or [`USERS`] users.

use super::db::Value;
use std::collections::HashMap;

/// At most this many games are foreseen; past it every game is forgotten (each is read again
/// at its next move). About a kilobyte a game.
const GAMES: usize = 10_000;
/// At most this many users' settings are kept, likewise. About 300 bytes a user.
const USERS: usize = 20_000;

/// The columns of the move's read, in its order (`moves.rs`): the turn's, the seat's bank,
/// the user's settings, then the game's counts and version.
const TURN: std::ops::Range<usize> = 0..10;
const BANK: std::ops::Range<usize> = 10..12;
const SETTINGS: std::ops::Range<usize> = 12..20;

/// What the next read of one game will find, whoever it is about.
struct Seen {
    /// The last read's row as the next read will find it; its bank and settings columns are
    /// the seat's and the user's it was about, and are not used.
    row: Vec<Value>,
    /// The banks this process read or wrote, by seat.
    banks: Vec<(u8, [Value; 2])>,
    /// The game was first read at its first action, so every bank written since went
    /// through here: a seat absent from `banks` has none.
    banks_all_known: bool,
}

#[derive(Default)]
pub(super) struct Foresight {
    games: HashMap<i64, Seen>,
    /// The settings columns each user's last read found.
    users: HashMap<String, Vec<Value>>,
    /// Games and users whose foresight the open transaction changed: forgotten if it rolls
    /// back.
    touched: Vec<i64>,
    touched_users: Vec<String>,
}

impl Foresight {
    /// The row the read about `seat` (`user`; seat 0 and no user when nobody is to move) in
    /// `game` is expected to find, if every part of it is known.
    pub fn expected(&self, game: i64, seat: u8, user: &str) -> Option<Vec<Value>> {
        let seen = self.games.get(&game)?;
        let bank = match seen.banks.iter().find(|(s, _)| *s == seat) {
            Some((_, bank)) => bank.clone(),
            None if seen.banks_all_known || seat == 0 => [Value::Null, Value::Null],
            None => return None,
        };
        let mut row = seen.row.clone();
        row.splice(BANK, bank);
        if user.is_empty() {
            // Nobody's settings: the read's join finds no row.
            row.splice(SETTINGS, std::iter::repeat_n(Value::Null, SETTINGS.len()));
        } else {
            row.splice(SETTINGS, self.users.get(user)?.iter().cloned());
        }
        Some(row)
    }

    /// What the read about `seat` (`user`) found in `game` at its version `ply`: `row`,
    /// whose game's part is kept only if `quiet` (the change settles nothing that changes it,
    /// `moves.rs`).
    pub fn seen(
        &mut self,
        game: i64,
        seat: u8,
        user: &str,
        ply: u32,
        row: Vec<Value>,
        quiet: bool,
    ) {
        if !user.is_empty() {
            if self.users.len() >= USERS && !self.users.contains_key(user) {
                self.users.clear();
            }
            self.users.insert(user.to_string(), row[SETTINGS].to_vec());
            self.touched_users.push(user.to_string());
        }
        if !quiet {
            self.forget(game);
            return;
        }
        if self.games.len() >= GAMES && !self.games.contains_key(&game) {
            self.games.clear();
        }
        self.touched.push(game);
        let bank = [row[BANK.start].clone(), row[BANK.start + 1].clone()];
        let seen = self.games.entry(game).or_insert_with(|| Seen {
            row: Vec::new(),
            banks: Vec::new(),
            banks_all_known: ply == 1,
        });
        seen.row = row;
        if seat != 0 {
            set(&mut seen.banks, seat, bank);
        }
    }

    /// The game's turn row is now `turn` (`clocks::turn_values`): every seat's next read
    /// finds it.
    pub fn turn_put(&mut self, game: i64, turn: [Value; 10]) {
        if let Some(seen) = self.games.get_mut(&game) {
            self.touched.push(game);
            seen.row.splice(TURN, turn);
        }
    }

    /// `seat`'s bank in `game` is now this: its next read finds it.
    pub fn bank_set(&mut self, game: i64, seat: u8, bank_ms: Option<i64>, left_ms: i64) {
        if let Some(seen) = self.games.get_mut(&game) {
            let bank = bank_ms.map_or(Value::Null, Value::Int);
            set(&mut seen.banks, seat, [bank, Value::Int(left_ms)]);
            self.touched.push(game);
        }
    }

    /// Nothing is foreseen of `game` any more: its next move reads.
    pub fn forget(&mut self, game: i64) {
        self.games.remove(&game);
    }

    /// `user`'s settings were written: the next read about them reads them.
    pub fn forget_user(&mut self, user: &str) {
        self.users.remove(user);
    }

    /// The open transaction committed: what it changed holds.
    pub fn committed(&mut self) {
        self.touched.clear();
        self.touched_users.clear();
    }

    /// The open transaction rolled back: what it changed never happened.
    pub fn rolled_back(&mut self) {
        for game in std::mem::take(&mut self.touched) {
            self.games.remove(&game);
        }
        for user in std::mem::take(&mut self.touched_users) {
            self.users.remove(&user);
        }
    }
}

fn set(banks: &mut Vec<(u8, [Value; 2])>, seat: u8, bank: [Value; 2]) {
    match banks.iter_mut().find(|(s, _)| *s == seat) {
        Some(entry) => entry.1 = bank,
        None => banks.push((seat, bank)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A read's row: the turn of `turn_seat`, `seat`'s bank, `user`'s settings (their
    /// reminders), no counts, version `ply`.
    fn row(turn_seat: i64, bank: Option<i64>, reminders: Option<i64>, ply: i64) -> Vec<Value> {
        let mut r = vec![Value::Null; 25];
        r[0] = Value::Int(7);
        r[2] = Value::Int(turn_seat);
        if let Some(b) = bank {
            r[10] = Value::Int(b);
            r[11] = Value::Int(b / 2);
        }
        if let Some(on) = reminders {
            r[12] = Value::Text("u".into());
            r[13] = Value::Int(on);
        }
        r[20..24].fill(Value::Int(0));
        r[24] = Value::Int(ply);
        r
    }

    /// A seat read for the first time in a game is foreseen from the game's part of another
    /// seat's read and its user's settings read in another game; its bank is none, the game
    /// having been read from its first action.
    #[test]
    fn a_seats_first_read_is_made_of_the_games_part_and_its_users() {
        let mut f = Foresight::default();
        f.seen(1, 1, "ann", 5, row(1, Some(900), Some(0), 5), true);
        f.seen(7, 2, "bob", 1, row(2, None, Some(1), 1), true);
        f.committed();
        let ann = f.expected(7, 1, "ann").expect("foreseen");
        assert_eq!(ann[2], Value::Int(2), "the game's turn");
        assert_eq!(ann[10..12], [Value::Null, Value::Null], "no bank");
        assert_eq!(ann[13], Value::Int(0), "ann's own settings");
        assert_eq!(f.expected(7, 2, "bob").unwrap(), row(2, None, Some(1), 1));
        // A turn and a bank written here are what the next reads find.
        let mut turn: [Value; 10] = std::array::from_fn(|_| Value::Null);
        turn[2] = Value::Int(1);
        f.turn_put(7, turn);
        f.bank_set(7, 1, Some(300), 200);
        let ann = f.expected(7, 1, "ann").unwrap();
        assert_eq!(ann[2], Value::Int(1));
        assert_eq!(ann[10..12], [Value::Int(300), Value::Int(200)]);
        // Nobody to move: no bank, no settings.
        let none = f.expected(7, 0, "").unwrap();
        assert_eq!(none[10..20], vec![Value::Null; 10][..]);
    }

    /// What is not known is not guessed: a user never read, or a seat's bank in a game first
    /// read after its first action (the seat may have moved before), leaves the read to be
    /// made.
    #[test]
    fn an_unknown_user_or_bank_is_read() {
        let mut f = Foresight::default();
        f.seen(7, 2, "bob", 1, row(2, None, Some(1), 1), true);
        assert!(f.expected(7, 1, "cat").is_none(), "cat was never read");
        f.seen(8, 2, "bob", 9, row(2, Some(500), Some(1), 9), true);
        f.seen(1, 1, "ann", 5, row(1, None, Some(0), 5), true);
        assert!(f.expected(8, 1, "ann").is_none(), "seat 1's bank in game 8");
        assert!(f.expected(8, 2, "bob").is_some());
        // A user whose settings were written here is read again.
        f.forget_user("bob");
        assert!(f.expected(7, 2, "bob").is_none());
        // A change that settles something forgets its game, not the user.
        f.seen(7, 1, "ann", 2, row(1, None, Some(0), 2), false);
        assert!(f.expected(7, 1, "ann").is_none());
        f.seen(9, 1, "ann", 1, row(1, None, Some(0), 1), true);
        assert!(f.expected(9, 1, "ann").is_some());
    }

    /// What a transaction that rolled back taught is forgotten, games and users alike.
    #[test]
    fn a_rolled_back_transaction_teaches_nothing() {
        let mut f = Foresight::default();
        f.seen(7, 2, "bob", 1, row(2, None, Some(1), 1), true);
        f.committed();
        f.seen(8, 1, "ann", 1, row(1, None, Some(0), 1), true);
        f.bank_set(7, 2, Some(100), 50);
        f.rolled_back();
        assert!(f.expected(8, 1, "ann").is_none());
        assert!(
            f.expected(7, 2, "bob").is_none(),
            "game 7's bank was changed"
        );
        f.seen(7, 2, "bob", 1, row(2, None, Some(1), 1), true);
        assert!(f.expected(7, 1, "ann").is_none(), "ann's read rolled back");
    }
}
