//! The in-memory side of an open game: its row, seats and engine state, rebuilt from the
//! store's log, plus what autocomplete needs precomputed.

use super::api::ChannelRef;
use super::clocks::{ClockChoice, ClockKind, Timeout};
use super::locks::{OrderedMutex, OrderedRwLock};
use crate::engine::{AnyGame, GameKind, Leave, Options, Outcome, Seat, Setup};
use crate::i18n::{say, Arg, Join, Lang};
use crate::store::{ActionKind, ActionRow, GameRow, SeatRow, Status, Store, StoreError};
use crate::tr;
use std::sync::Arc;
use thiserror::Error;

#[derive(Error, Debug)]
pub enum TableError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("game {game} cannot be rebuilt from its log: {reason}")]
    Corrupt { game: i64, reason: String },
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
    pub moves: Vec<String>,
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
    /// The clock and timeout chosen at `/new`.
    pub clock: ClockChoice,
    pub seed: u64,
    /// In join order.
    pub seats: Vec<SeatRow>,
    /// The engine state once started.
    pub game: Option<AnyGame>,
    /// Actions logged so far (the store's version of the game).
    pub ply: u32,
    /// Seats that resigned or ran out of time, in the order they left.
    pub left_seats: Vec<Seat>,
    /// `/new ... rated:` (true unless it said false); whether the game counts is decided
    /// at its end (`rating::counts`).
    pub rated: bool,
    /// `/new ... hints:true`: `/hint` answers (such a game is not rated).
    pub hints: bool,
    /// The rating changes of the game that just ended, for its last board.
    pub ended_note: Option<crate::i18n::Msg>,
}

impl Live {
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
            clock: clock_of(&row.settings),
            seed: row.seed,
            seats,
            game: None,
            ply: row.ply,
            left_seats: Vec::new(),
            rated: rated_of(&row.settings),
            hints: hints_of(&row.settings),
            ended_note: None,
        };
        if row.status != Status::Lobby {
            let actions = store.actions(row.id)?;
            live.game = Some(live.replay(&actions).map_err(corrupt)?);
            live.left_seats = actions
                .iter()
                .filter(|a| a.kind == ActionKind::Resign)
                .filter_map(|a| a.seat)
                .collect();
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
        let players = self.seats.iter().filter(|s| s.seat.is_some()).count() as u8;
        let mut g = AnyGame::new(self.kind, &self.setup(players)).map_err(|e| e.to_string())?;
        // Undone actions are skipped (the `undo` rows say which), so the log stays whole.
        for a in super::undo::effective(actions) {
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
            Some(s) if crate::ai::is_bot(&s.user_id) => format!("{label} ({})", s.name),
            Some(s) => format!("{label} (<@{}>)", s.user_id),
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
                moves: g.legal_moves(),
            },
            _ => Auto::default(),
        }
    }

    pub fn capacity(&self) -> u8 {
        self.players.unwrap_or(self.kind.players().1)
    }
}

/// `Game over: alice (Orange) wins: Blue resigned.`
pub(crate) fn outcome_line(lang: Lang, live: &Live, game: &AnyGame, o: &Outcome) -> String {
    let names: Vec<String> = o.winners.iter().map(|&s| live.who(lang, game, s)).collect();
    let kind = match names.len() {
        0 => "nobody",
        1 => "one",
        n if n == game.players() as usize => "draw",
        _ => "shared",
    };
    let join = if kind == "draw" {
        Join::Comma
    } else {
        Join::And
    };
    tr!(
        lang,
        "play-game-over",
        kind = kind,
        names = Arg::list(names, join),
        reason = o.reason.clone()
    )
}

/// How a logged `resign` action left the game: its text is `timeout` for a removal on time.
pub(crate) fn leave_of(text: &str) -> Leave {
    if text == "timeout" {
        Leave::TimedOut
    } else {
        Leave::Resigned
    }
}

/// Whether `/new` asked for a rated game (games from before ratings: yes).
pub(crate) fn rated_of(settings: &str) -> bool {
    let json: serde_json::Value = serde_json::from_str(settings).unwrap_or_default();
    json.get("rated").and_then(|v| v.as_bool()).unwrap_or(true)
}

/// Whether `/new` turned hints on (`/hint`).
pub(crate) fn hints_of(settings: &str) -> bool {
    let json: serde_json::Value = serde_json::from_str(settings).unwrap_or_default();
    json.get("hints").and_then(|v| v.as_bool()).unwrap_or(false)
}

/// The clock stored with a game's settings at `/new` (untimed when none: games opened before
/// clocks existed).
pub(crate) fn clock_of(settings: &str) -> ClockChoice {
    let json: serde_json::Value = serde_json::from_str(settings).unwrap_or_default();
    let word = |k: &str| json.get(k).and_then(|v| v.as_str()).unwrap_or("");
    (
        ClockKind::parse(word("clock")).unwrap_or(ClockKind::Untimed),
        Timeout::parse(word("timeout")).unwrap_or(Timeout::Soft),
    )
}
