//! The words the database stores for kinds and statuses, mapped to enums in one place: every
//! reader above the store gets the enum, parsed once when the row is read, and no file outside
//! this one spells a stored word.

use super::db::DbError;

/// Declares an enum with its stored word per variant, and its parser.
macro_rules! stored_words {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident = $word:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vmeta])* $variant),+
        }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The word stored in the database (and used as a Fluent selector).
            pub fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $word),+
                }
            }

            pub fn parse(word: &str) -> Option<$name> {
                match word {
                    $($word => Some($name::$variant),)+
                    _ => None,
                }
            }

            /// Reads a stored word; an unknown one is a damaged row.
            pub(crate) fn read(word: &str) -> Result<$name, DbError> {
                $name::parse(word).ok_or_else(|| DbError::Column {
                    index: 0,
                    why: format!("unknown {} {word:?}", stringify!($name)),
                })
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

stored_words! {
    /// What one row of a game's log did.
    ActionKind {
        /// A move in the game's notation.
        Move = "move",
        /// A seat left the game: resigned, or removed on time (its text says which).
        Resign = "resign",
        /// The players agreed a draw.
        Draw = "draw",
        /// `undo N`: the actions from ply N on no longer count.
        Undo = "undo",
        /// The game ended without a result.
        Abort = "abort",
    }
}

stored_words! {
    /// What falls due when a timer fires.
    TimerKind {
        /// The turn's time ran out.
        Deadline = "deadline",
        /// Reminders: half, a quarter and 12 hours of the turn left.
        Half = "half",
        Quarter = "quarter",
        TwelveHours = "12h",
        /// The turn-start ping, held back by quiet hours.
        Ping = "ping",
        /// A player's daily digest.
        Digest = "digest",
        /// A player's vacation runs out.
        VacationEnd = "vacation_end",
        /// A game's pause reaches its time limit: its clocks start again.
        PauseEnd = "pause_end",
    }
}

impl TimerKind {
    /// The reminders, with their bit in `clock_turns.sent`.
    pub const REMINDERS: [(TimerKind, u8); 3] = [
        (TimerKind::Half, 1),
        (TimerKind::Quarter, 2),
        (TimerKind::TwelveHours, 4),
    ];

    /// Timers that belong to a game's current turn (replaced whenever the turn changes).
    pub const TURN: [TimerKind; 5] = [
        TimerKind::Half,
        TimerKind::Quarter,
        TimerKind::TwelveHours,
        TimerKind::Deadline,
        TimerKind::Ping,
    ];

    pub fn is_reminder(self) -> bool {
        TimerKind::REMINDERS.iter().any(|(k, _)| *k == self)
    }

    /// The reminder's bit in `clock_turns.sent` (0 for other kinds).
    pub fn sent_bit(self) -> u8 {
        TimerKind::REMINDERS
            .iter()
            .find(|(k, _)| *k == self)
            .map_or(0, |(_, b)| *b)
    }
}

stored_words! {
    /// How a pause of a game's clocks ended (`pauses.rs`).
    PauseEnding {
        /// A player's (or a moderator's) `/resume`.
        Resume = "resume",
        /// A move or a take-back: the game went on.
        Move = "move",
        /// The pause reached its time limit.
        Limit = "limit",
        /// The game ended.
        End = "end",
    }
}

stored_words! {
    /// A challenge's life.
    ChallengeStatus {
        Open = "open",
        Accepted = "accepted",
        Declined = "declined",
        Expired = "expired",
        /// Withdrawn by its author.
        Withdrawn = "withdrawn",
    }
}

stored_words! {
    /// What decided an opening's game. A tournament's game ends only by play, resignation or
    /// time, and its result settles a round.
    OpeningSource {
        Challenge = "challenge",
        Seek = "seek",
        Tournament = "tournament",
    }
}

stored_words! {
    /// A tournament's life.
    TournamentStatus {
        Signup = "signup",
        Running = "running",
        Finished = "finished",
        Cancelled = "cancelled",
    }
}

// The clock's words are read by hand rather than by `stored_words!`: players type them too
// (`/new clock:Fast`), so they are read in any case; `policy/clock.rs` gives the rules.

/// A game's clock, chosen at `/new` (or `/seek`) and stored with its options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClockKind {
    /// 7 days per move.
    Casual,
    /// 3 days, +1 day per move, at most 7 days banked.
    Standard,
    /// 1 day per move.
    Fast,
    Untimed,
}

/// What happens to a player whose time runs out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Timeout {
    /// The others may claim the win (or vote the player out).
    Soft,
    /// The player is out as soon as their time runs out.
    Hard,
}

impl ClockKind {
    pub const ALL: [ClockKind; 4] = [
        ClockKind::Casual,
        ClockKind::Standard,
        ClockKind::Fast,
        ClockKind::Untimed,
    ];

    pub fn id(self) -> &'static str {
        match self {
            ClockKind::Casual => "casual",
            ClockKind::Standard => "standard",
            ClockKind::Fast => "fast",
            ClockKind::Untimed => "untimed",
        }
    }

    pub fn parse(word: &str) -> Option<ClockKind> {
        let w = word.trim().to_ascii_lowercase();
        ClockKind::ALL.into_iter().find(|k| k.id() == w)
    }
}

impl Timeout {
    pub fn id(self) -> &'static str {
        match self {
            Timeout::Soft => "soft",
            Timeout::Hard => "hard",
        }
    }
    pub fn parse(word: &str) -> Option<Timeout> {
        match word.trim().to_ascii_lowercase().as_str() {
            "soft" => Some(Timeout::Soft),
            "hard" => Some(Timeout::Hard),
            _ => None,
        }
    }
}

/// The SQL list of the turn's timer kinds, as `IN (...)` takes it.
pub(crate) fn turn_timer_list() -> String {
    let words: Vec<String> = TimerKind::TURN
        .iter()
        .map(|k| format!("'{}'", k.as_str()))
        .collect();
    format!("({})", words.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_reads_back() {
        for k in ActionKind::ALL {
            assert_eq!(ActionKind::parse(k.as_str()), Some(*k));
        }
        for k in TimerKind::ALL {
            assert_eq!(TimerKind::parse(k.as_str()), Some(*k));
        }
        for k in PauseEnding::ALL {
            assert_eq!(PauseEnding::parse(k.as_str()), Some(*k));
        }
        for k in ChallengeStatus::ALL {
            assert_eq!(ChallengeStatus::parse(k.as_str()), Some(*k));
        }
        for k in TournamentStatus::ALL {
            assert_eq!(TournamentStatus::parse(k.as_str()), Some(*k));
        }
        for k in OpeningSource::ALL {
            assert_eq!(OpeningSource::parse(k.as_str()), Some(*k));
        }
        assert!(ActionKind::read("teleport").is_err());
        assert_eq!(
            turn_timer_list(),
            "('half', 'quarter', '12h', 'deadline', 'ping')"
        );
    }
}
