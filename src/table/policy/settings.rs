//! A game's settings as `/new` chose them, stored with the game as a JSON object and read once
//! when the game is loaded: its clock and timeout, whether it is rated, whether `/hint`
//! answers.

use super::clock::{ClockKind, Timeout};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct GameSettings {
    pub clock: ClockKind,
    pub timeout: Timeout,
    /// `/new ... rated:` (true unless it said false); whether the game counts is decided at
    /// its end (`rating::counts`).
    pub rated: bool,
    /// `/new ... hints:true`: `/hint` answers (such a game is not rated).
    pub hints: bool,
}

impl Default for GameSettings {
    /// What a game stored before each setting existed had: untimed, rated, no hints.
    fn default() -> GameSettings {
        GameSettings {
            clock: ClockKind::Untimed,
            timeout: Timeout::Soft,
            rated: true,
            hints: false,
        }
    }
}

impl GameSettings {
    /// Reads the stored JSON; what is missing or unreadable keeps its default.
    pub fn parse(json: &str) -> GameSettings {
        let v: serde_json::Value = serde_json::from_str(json).unwrap_or_default();
        let word = |k: &str| v.get(k).and_then(|v| v.as_str()).unwrap_or("");
        let flag = |k: &str| v.get(k).and_then(|v| v.as_bool());
        let d = GameSettings::default();
        GameSettings {
            clock: ClockKind::parse(word("clock")).unwrap_or(d.clock),
            timeout: Timeout::parse(word("timeout")).unwrap_or(d.timeout),
            rated: flag("rated").unwrap_or(d.rated),
            hints: flag("hints").unwrap_or(d.hints),
        }
    }

    /// The JSON stored with the game.
    pub fn to_json(self) -> String {
        serde_json::json!({
            "clock": self.clock.id(),
            "timeout": self.timeout.id(),
            "rated": self.rated,
            "hints": self.hints
        })
        .to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_read_back_and_old_games_keep_defaults() {
        let s = GameSettings {
            clock: ClockKind::Fast,
            timeout: Timeout::Hard,
            rated: false,
            hints: true,
        };
        assert_eq!(GameSettings::parse(&s.to_json()), s);
        assert_eq!(GameSettings::parse("{}"), GameSettings::default());
        assert_eq!(GameSettings::parse("not json"), GameSettings::default());
        assert_eq!(
            s.to_json(),
            r#"{"clock":"fast","hints":true,"rated":false,"timeout":"hard"}"#
        );
    }
}
