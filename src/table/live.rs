//! The in-memory side of an open game: its row, seats and engine state, rebuilt from the
//! store's log, plus what autocomplete needs precomputed.

use super::api::ChannelRef;
use super::locks::{OrderedMutex, OrderedRwLock};
use super::log::{effective, leave_of, ActionKind};
use super::markup::person;
use super::policy::GameSettings;
use crate::engine::{AnyGame, GameKind, Options, Seat, Setup};
use crate::i18n::{say, Lang};
use crate::store::{ActionRow, GameRow, SeatRow, Status, Store, StoreError};
use std::sync::Arc;
use thiserror::Error;

#[derive(Error, Debug)]
pub enum TableError {
    #[error(transparent)]
    Store(StoreError),
    #[error("game {game} cannot be rebuilt from its log: {reason}")]
    Corrupt { game: i64, reason: String },
}

impl From<StoreError> for TableError {
    /// A game row the store cannot read (an unknown kind) is that game's damage, refused alone.
    fn from(e: StoreError) -> TableError {
        match e {
            StoreError::Sql(crate::store::db::DbError::Damaged { row, why }) => {
                TableError::Corrupt {
                    game: row,
                    reason: why,
                }
            }
            e => TableError::Store(e),
        }
    }
}

/// One channel's open game. The mutex is the per-game lock: every change holds it from
/// reading the state to updating the cache, so moves on one game apply one at a time while
/// other games go on.
pub(crate) struct Slot {
    pub live: OrderedMutex<Live>,
    /// Read on every keystroke of autocomplete, written after each move.
    pub auto: OrderedRwLock<Arc<Auto>>,
    /// When the game was last used, for eviction (`cache.rs`).
    pub used: std::sync::atomic::AtomicU64,
}

/// Legal moves of the player to move, as autocomplete serves them.
#[derive(Default, Debug)]
pub(crate) struct Auto {
    pub mover: Option<String>,
    /// The position they move in. Its moves are listed on the first keystroke rather than by
    /// the move that led here: a move is answered sooner (a Sprawl position of eight players
    /// lists thousands), and a move made with buttons never lists them.
    game: Option<AnyGame>,
    moves: std::sync::OnceLock<Vec<String>>,
}

impl Auto {
    /// Whether [`Auto::moves`] is ready without listing them.
    pub fn listed(&self) -> bool {
        self.game.is_none() || self.moves.get().is_some()
    }

    /// The canonical listing, sorted (empty when nobody is to move).
    pub fn moves(&self) -> &[String] {
        self.moves.get_or_init(|| {
            self.game
                .as_ref()
                .map(AnyGame::legal_moves)
                .unwrap_or_default()
        })
    }
}

#[derive(Clone, Debug)]
pub(crate) struct Live {
    pub id: i64,
    pub kind: GameKind,
    pub channel: ChannelRef,
    pub status: Status,
    pub host: String,
    pub players: Option<u8>,
    pub options: Options,
    /// Clock, timeout, `rated` and `hints` as `/new` chose them.
    pub settings: GameSettings,
    pub seed: u64,
    /// In join order.
    pub seats: Vec<SeatRow>,
    /// The engine state once started.
    pub game: Option<AnyGame>,
    /// Actions logged so far (the store's version of the game).
    pub ply: u32,
    /// Seats that resigned or ran out of time, in the order they left.
    pub left_seats: Vec<Seat>,
    /// Moves on the board (the log's moves, less those taken back), as a board's heading
    /// counts them, kept so that `/board` need not read the log; `None` after an undo until
    /// the log is read again.
    pub moves: Option<u32>,
}

impl Live {
    /// The position of a running game: loaded with it (`Live::load`), so a command that found
    /// the game running (`running.rs`) has it.
    pub(crate) fn running_game(&self) -> &AnyGame {
        self.game
            .as_ref()
            .expect("a running game is loaded with its position")
    }

    pub fn load(store: &Store, row: &GameRow) -> Result<Live, TableError> {
        let corrupt = |reason: String| TableError::Corrupt {
            game: row.id,
            reason,
        };
        let kind = row.kind;
        let options: Options =
            serde_json::from_str(&row.options).map_err(|e| corrupt(e.to_string()))?;
        let seats = store.seats(row.id)?;
        let mut live = Live {
            id: row.id,
            kind,
            channel: ChannelRef {
                id: row.channel.clone(),
                name: row.channel_name.clone(),
                guild: row.guild.clone(),
            },
            status: row.status,
            host: row.host.clone(),
            players: row.players,
            options,
            settings: GameSettings::parse(&row.settings),
            seed: row.seed,
            seats,
            game: None,
            ply: row.ply,
            left_seats: Vec::new(),
            moves: Some(0),
        };
        if row.status != Status::Lobby {
            let actions = store.actions(row.id)?;
            live.game = Some(live.replay(&actions).map_err(corrupt)?);
            live.left_seats = actions
                .iter()
                .filter(|a| a.kind == ActionKind::Resign)
                .filter_map(|a| a.seat)
                .collect();
            live.moves = Some(moves_on_board(&actions));
            if actions.len() as u32 != row.ply {
                return Err(corrupt(format!(
                    "{} actions logged but the game row counts {}",
                    actions.len(),
                    row.ply
                )));
            }
        }
        Ok(live)
    }

    pub fn setup(&self, players: u8) -> Setup {
        Setup {
            players,
            seed: self.seed,
            options: self.options.clone(),
        }
    }

    /// The log is the truth: the state is the set-up followed by every logged action.
    pub fn replay(&self, actions: &[ActionRow]) -> Result<AnyGame, String> {
        let mut g =
            AnyGame::new(self.kind, &self.setup(self.seated())).map_err(|e| e.to_string())?;
        // Undone actions are skipped (the `undo` rows say which), so the log stays whole.
        for a in effective(actions) {
            let r = match a.kind {
                ActionKind::Move => g.play(&a.text).map(|_| ()),
                ActionKind::Resign => g.resign(a.seat.unwrap_or(0), leave_of(&a.text)),
                ActionKind::Draw => g.agree_draw(),
                other => {
                    return Err(format!(
                        "action {} of kind {other} in the effective log",
                        a.ply
                    ))
                }
            };
            r.map_err(|e| format!("action {} \"{}\": {e}", a.ply, a.text))?;
        }
        Ok(g)
    }

    pub fn seat_of(&self, user: &str) -> Option<Seat> {
        self.seats
            .iter()
            .find(|s| s.user_id == user)
            .and_then(|s| s.seat)
    }

    /// How many seats the started game has.
    pub fn seated(&self) -> Seat {
        self.seats.iter().filter(|s| s.seat.is_some()).count() as Seat
    }

    pub fn is_seated(&self, user: &str) -> bool {
        self.seats.iter().any(|s| s.user_id == user)
    }

    pub fn at_seat(&self, seat: Seat) -> Option<&SeatRow> {
        self.seats.iter().find(|s| s.seat == Some(seat))
    }

    /// Player names by seat number (index 0 = seat 1), for pictures.
    pub fn names_by_seat(&self) -> Vec<String> {
        let mut by: Vec<&SeatRow> = self.seats.iter().filter(|s| s.seat.is_some()).collect();
        by.sort_by_key(|s| s.seat);
        by.into_iter().map(|s| s.name.clone()).collect()
    }

    pub fn host_name(&self) -> &str {
        self.seats
            .iter()
            .find(|s| s.user_id == self.host)
            .map(|s| s.name.as_str())
            .unwrap_or(&self.host)
    }

    /// `alice (Orange)`.
    pub fn who(&self, lang: Lang, game: &AnyGame, seat: Seat) -> String {
        let label = say(lang, &game.seat_label(seat));
        match self.at_seat(seat) {
            Some(s) => format!("{} ({label})", s.name),
            None => label,
        }
    }

    /// `Orange (alice)`: the seat to move, named without a ping.
    pub fn who_by_seat(&self, lang: Lang, game: &AnyGame, seat: Seat) -> String {
        let label = say(lang, &game.seat_label(seat));
        match self.at_seat(seat) {
            Some(s) => format!("{label} ({})", s.name),
            None => label,
        }
    }

    /// `Orange (<@id>)`: the seat to move with its player pinged (a computer player is
    /// only named: it has no one to notify).
    pub fn ping(&self, lang: Lang, game: &AnyGame, seat: Seat) -> String {
        let label = say(lang, &game.seat_label(seat));
        match self.at_seat(seat) {
            Some(s) => format!("{label} ({})", person(s)),
            None => label,
        }
    }

    pub fn auto(&self) -> Auto {
        match &self.game {
            Some(g) if self.status == Status::Active => Auto {
                mover: g
                    .to_move()
                    .and_then(|s| self.at_seat(s))
                    .map(|s| s.user_id.clone()),
                game: Some(g.clone()),
                moves: Default::default(),
            },
            _ => Auto::default(),
        }
    }

    pub fn capacity(&self) -> u8 {
        self.players.unwrap_or(self.kind.players().1)
    }
}

/// The moves of `actions` still on the board: undone ones, undos and claims not counted.
pub(crate) fn moves_on_board(actions: &[ActionRow]) -> u32 {
    crate::table::log::effective(actions)
        .iter()
        .filter(|a| a.kind == ActionKind::Move)
        .count() as u32
}
