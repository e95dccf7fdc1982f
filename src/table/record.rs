//! A game's record: the text file `/export` writes and `plateau replay` reads, every position
//! it passes through, and the animated picture `/replay` makes of them. A floor below the
//! commands: `/export`, `/replay`, `/analyse` and a move's conditional replies read it.

use crate::engine::{AnyGame, GameKind, Options, Seat, Setup};
use crate::i18n::Lang;
use crate::render;
use crate::store::{ActionRow, GameRow, Status};
use crate::table::live::Live;
use crate::table::log::{effective, leave_of, ActionKind};
use crate::table::present::board::outcome_line;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Actions per page of `/history`.
pub(crate) const HISTORY_PAGE: usize = 40;
/// Discord's attachment limit for a bot's message on a server without boosts: the default
/// of [`attachment_limit`].
pub const ATTACHMENT_LIMIT: usize = 10 * 1024 * 1024;

static LIMIT: AtomicUsize = AtomicUsize::new(ATTACHMENT_LIMIT);

/// The most bytes `/replay` attaches; a deployment whose servers allow more (boosts) may
/// raise it with [`set_attachment_limit`].
pub fn attachment_limit() -> usize {
    LIMIT.load(Ordering::Relaxed)
}

pub fn set_attachment_limit(bytes: usize) {
    LIMIT.store(bytes.max(64 * 1024), Ordering::Relaxed);
}
/// The widest a replay's frames are drawn.
const GIF_WIDTH: u32 = 480;
/// Frames beyond this are sampled, whatever the size: a longer GIF is no longer watchable.
const GIF_MAX_FRAMES: usize = 300;
const FRAME_MS: u32 = 700;
const LAST_FRAME_MS: u32 = 3000;

/// A game record as `/export` writes it and `plateau replay` reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub kind: GameKind,
    pub id: Option<i64>,
    /// Names by seat (index 0 = seat 1).
    pub names: Vec<String>,
    pub options: Options,
    /// Service settings (clock...) as JSON, `{}` when none.
    pub settings: String,
    /// The game's seed; `None` in a record of a running game, whose rolls and deals to come
    /// it would tell.
    pub seed: Option<u64>,
    pub channel: Option<String>,
    pub started: Option<String>,
    pub ended: Option<String>,
    pub result: Option<String>,
    /// Moves in canonical notation and service actions (`[resign 2]`, `[draw]`).
    pub actions: Vec<String>,
}

impl Record {
    /// A record of `kind` between `names` with nothing but its `actions`: default options,
    /// no seed, no channel, no dates, no result.
    pub fn new(kind: GameKind, names: Vec<String>, actions: Vec<String>) -> Record {
        Record {
            kind,
            id: None,
            names,
            options: Options::default(),
            settings: "{}".into(),
            seed: None,
            channel: None,
            started: None,
            ended: None,
            result: None,
            actions,
        }
    }

    /// The record of a started game from its row and log.
    pub(crate) fn of(live: &Live, actions: &[ActionRow], row: &GameRow) -> Record {
        let game = live.game.as_ref().expect("a started game has a state");
        Record {
            kind: live.kind,
            id: Some(live.id),
            names: live.names_by_seat(),
            options: live.options.clone(),
            settings: row.settings.clone(),
            seed: Some(live.seed),
            channel: Some(format!("#{}", live.channel.name)),
            started: row.started_ms.map(utc),
            ended: (!row.status.is_open()).then(|| utc(row.updated_ms)),
            // A record is a file format (like the command line that reads it): English.
            result: match (live.status, game.outcome()) {
                (_, Some(o)) => Some(outcome_line(Lang::EN, live, game, o)),
                (Status::Aborted, _) => Some("Aborted, without a result.".into()),
                _ => None,
            },
            actions: effective(actions)
                .iter()
                .map(|a| match (a.kind, a.seat) {
                    (ActionKind::Move, _) => a.text.clone(),
                    // A removal on time is logged as a resignation whose text says so.
                    (ActionKind::Resign, Some(s)) if a.text == "timeout" => {
                        format!("[timeout {s}]")
                    }
                    (k, Some(s)) => format!("[{k} {s}]"),
                    (k, None) => format!("[{k}]"),
                })
                .collect(),
        }
    }

    /// Every position of a started game from its log alone (no store read): the set-up, then
    /// the one after each effective action.
    pub(crate) fn positions_of(live: &Live, actions: &[ActionRow]) -> Result<Vec<AnyGame>, String> {
        let row = GameRow {
            id: live.id,
            channel: String::new(),
            channel_name: String::new(),
            guild: None,
            kind: live.kind,
            players: None,
            options: String::new(),
            settings: "{}".into(),
            seed: live.seed,
            status: live.status,
            host: String::new(),
            created_ms: 0,
            started_ms: None,
            updated_ms: 0,
            ply: live.ply,
            outcome: None,
            snapshot: None,
        };
        Record::of(live, actions, &row).positions()
    }

    pub fn to_text(&self) -> String {
        let mut t = String::from("# Plateau game record. Load it back with: plateau replay FILE\n");
        t.push_str(&format!("Game: {}\n", self.kind.id()));
        if let Some(id) = self.id {
            t.push_str(&format!("Id: {id}\n"));
        }
        t.push_str(&format!("Players: {}\n", self.names.len()));
        for (i, n) in self.names.iter().enumerate() {
            t.push_str(&format!("Seat {}: {n}\n", i + 1));
        }
        if !self.options.is_empty() {
            t.push_str(&format!("Options: {}\n", self.options.to_words().join(" ")));
        }
        if self.settings != "{}" {
            t.push_str(&format!("Settings: {}\n", self.settings));
        }
        match (self.seed, &self.ended) {
            (Some(seed), Some(_)) => t.push_str(&format!("Seed: {seed}\n")),
            _ => t.push_str(
                "# The seed (which decides dice and cards) is added once the game is over.\n",
            ),
        }
        for (k, v) in [
            ("Channel", &self.channel),
            ("Started", &self.started),
            ("Ended", &self.ended),
            ("Result", &self.result),
        ] {
            if let Some(v) = v {
                t.push_str(&format!("{k}: {}\n", v.replace('\n', " ")));
            }
        }
        t.push_str("Moves:\n");
        for (i, a) in self.actions.iter().enumerate() {
            t.push_str(&format!("{}. {a}\n", i + 1));
        }
        t
    }

    /// Reads a record; the error names the line and what is wrong with it.
    pub fn parse(text: &str) -> Result<Record, String> {
        let mut kind = None;
        let mut players: Option<usize> = None;
        let mut rec = Record::new(GameKind::Pikemen, Vec::new(), Vec::new());
        let mut option_words: Vec<String> = Vec::new();
        let mut in_moves = false;
        for (i, raw) in text.lines().enumerate() {
            let at = |m: String| format!("line {}: {m}", i + 1);
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if in_moves {
                let (num, body) = line.split_once(". ").ok_or_else(|| {
                    at(format!(
                        "\"{line}\" is not a numbered move like \"1. turn d1 e\""
                    ))
                })?;
                if num.trim().parse::<usize>().ok() != Some(rec.actions.len() + 1) {
                    return Err(at(format!(
                        "move {} expected, found \"{num}\"",
                        rec.actions.len() + 1
                    )));
                }
                rec.actions.push(body.trim().to_string());
                continue;
            }
            let (key, value) = line
                .split_once(':')
                .ok_or_else(|| at(format!("\"{line}\" is not a \"Key: value\" header line")))?;
            let value = value.trim();
            match key.trim().to_ascii_lowercase().as_str() {
                "moves" => in_moves = true,
                "game" => {
                    kind = Some(
                        GameKind::parse(value)
                            .ok_or_else(|| at(format!("unknown game \"{value}\"")))?,
                    )
                }
                "id" => rec.id = value.parse().ok(),
                "players" => {
                    players = Some(
                        value
                            .parse()
                            .map_err(|_| at(format!("\"{value}\" is not a player count")))?,
                    )
                }
                "options" => option_words = value.split_whitespace().map(String::from).collect(),
                "settings" => rec.settings = value.to_string(),
                "seed" => {
                    rec.seed = Some(
                        value
                            .parse::<u64>()
                            .map_err(|_| at(format!("\"{value}\" is not a seed (a u64)")))?,
                    )
                }
                "channel" => rec.channel = Some(value.to_string()),
                "started" => rec.started = Some(value.to_string()),
                "ended" => rec.ended = Some(value.to_string()),
                "result" => rec.result = Some(value.to_string()),
                k if k.starts_with("seat ") => rec.names.push(value.to_string()),
                other => return Err(at(format!("unknown header \"{other}\""))),
            }
        }
        rec.kind = kind.ok_or("the record has no \"Game:\" line")?;
        let players = players.ok_or("the record has no \"Players:\" line")?;
        if rec.names.is_empty() {
            rec.names = (1..=players).map(|s| format!("seat {s}")).collect();
        }
        if rec.names.len() != players {
            return Err(format!(
                "the record has {players} players but names {} seats",
                rec.names.len()
            ));
        }
        rec.options =
            Options::parse_words(rec.kind.title(), rec.kind.option_specs(), &option_words)
                .map_err(|e| e.to_string())?;
        if !in_moves {
            return Err("the record has no \"Moves:\" line".into());
        }
        Ok(rec)
    }

    pub fn setup(&self) -> Setup {
        Setup {
            players: self.names.len() as u8,
            seed: self.seed.unwrap_or(0),
            options: self.options.clone(),
        }
    }

    /// The set-up, refused when chance decides the game and the record lacks its seed.
    fn start(&self) -> Result<AnyGame, String> {
        let g = AnyGame::new(self.kind, &self.setup()).map_err(|e| e.to_string())?;
        if self.seed.is_none() && g.has_chance() {
            return Err(format!(
                "this {} record has no \"Seed:\" line, so its dice and cards cannot be \
                 replayed: a game's record gets its seed once the game is over (export it \
                 again then)",
                self.kind.title()
            ));
        }
        Ok(g)
    }

    /// Every position of the game: the set-up, then the one after each action.
    pub fn positions(&self) -> Result<Vec<AnyGame>, String> {
        let mut g = self.start()?;
        let mut out = vec![g.clone()];
        for (i, a) in self.actions.iter().enumerate() {
            apply(&mut g, a).map_err(|e| format!("move {} \"{a}\": {e}", i + 1))?;
            out.push(g.clone());
        }
        Ok(out)
    }

    /// The final position.
    pub fn replay(&self) -> Result<AnyGame, String> {
        let mut g = self.start()?;
        for (i, a) in self.actions.iter().enumerate() {
            apply(&mut g, a).map_err(|e| format!("move {} \"{a}\": {e}", i + 1))?;
        }
        Ok(g)
    }

    pub fn view(&self) -> render::View {
        render::View {
            names: self.names.clone(),
            ..Default::default()
        }
    }
}

/// Plays one record line. A service action that removes a seat (`[resign 2]`, and whatever
/// the clocks log for a player removed on time) is the engine's resignation of that seat.
fn apply(g: &mut AnyGame, action: &str) -> Result<(), String> {
    let Some(inner) = action.strip_prefix('[').and_then(|a| a.strip_suffix(']')) else {
        return g.play(action).map(|_| ()).map_err(|e| e.to_string());
    };
    let mut words = inner.split_whitespace();
    match (words.next(), words.next().map(str::parse::<Seat>)) {
        (Some("draw"), None) => g.agree_draw().map_err(|e| e.to_string()),
        (Some(kind), Some(Ok(seat))) => g.resign(seat, leave_of(kind)).map_err(|e| e.to_string()),
        _ => Err(format!(
            "\"{action}\" is not a service action this version knows"
        )),
    }
}

/// An animated GIF of `positions`, one frame each (the last held longer), or fewer frames
/// or smaller ones when that is what it takes to stay within `limit` bytes.
pub struct Gif {
    pub bytes: Vec<u8>,
    pub frames: usize,
    pub width: u32,
}

pub fn animate(positions: &[AnyGame], view: &render::View, limit: usize) -> Result<Gif, String> {
    if positions.is_empty() {
        return Err("there is no position to show".into());
    }
    let first = render::image(&positions[0], view);
    let mut width = GIF_WIDTH.min(first.width());
    let mut count = positions.len().min(GIF_MAX_FRAMES);
    loop {
        let picks = sample(positions.len(), count);
        let bytes = encode_gif(positions, &picks, view, width)?;
        if bytes.len() <= limit {
            return Ok(Gif {
                bytes,
                frames: picks.len(),
                width,
            });
        }
        // Fewer frames first (the story survives), then smaller ones, aiming from the size
        // just measured so that a retry or two is enough.
        let ratio = limit as f64 / bytes.len() as f64 * 0.9;
        if count > 16 {
            count = ((count as f64 * ratio) as usize).clamp(16, count - 1);
        } else if width > 120 {
            width = ((width as f64 * ratio.sqrt()) as u32).clamp(120, width - 1);
        } else if count > 2 {
            count = ((count as f64 * ratio) as usize).clamp(2, count - 1);
        } else {
            return Err(format!(
                "even two small frames take {} bytes, more than the {limit} allowed",
                bytes.len()
            ));
        }
    }
}

/// `count` indices out of `0..n`, evenly spread, always the first and the last.
fn sample(n: usize, count: usize) -> Vec<usize> {
    if count >= n || n < 2 {
        return (0..n).collect();
    }
    let count = count.max(2);
    let mut out: Vec<usize> = (0..count).map(|i| i * (n - 1) / (count - 1)).collect();
    out.dedup();
    out
}

fn encode_gif(
    positions: &[AnyGame],
    picks: &[usize],
    view: &render::View,
    width: u32,
) -> Result<Vec<u8>, String> {
    use image::codecs::gif::{GifEncoder, Repeat};
    use image::{Delay, Frame};
    let mut bytes = Vec::new();
    {
        // Speed 30 is the fastest quantiser: boards are a few flat colours, so it loses little.
        let mut enc = GifEncoder::new_with_speed(&mut bytes, 30);
        enc.set_repeat(Repeat::Infinite)
            .map_err(|e| e.to_string())?;
        for (k, &i) in picks.iter().enumerate() {
            let img = render::image(&positions[i], view);
            let img = if img.width() > width {
                let h = (img.height() as u64 * width as u64 / img.width() as u64).max(1) as u32;
                image::imageops::thumbnail(&img, width, h)
            } else {
                img
            };
            let ms = if k + 1 == picks.len() {
                LAST_FRAME_MS
            } else {
                FRAME_MS
            };
            enc.encode_frame(Frame::from_parts(
                img,
                0,
                0,
                Delay::from_numer_denom_ms(ms, 1),
            ))
            .map_err(|e| e.to_string())?;
        }
    }
    Ok(bytes)
}

pub use crate::calendar::utc;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_print_in_utc() {
        assert_eq!(utc(1_767_225_600_000), "2026-01-01T00:00:00Z");
        assert_eq!(utc(951_827_696_000), "2000-02-29T12:34:56Z");
        assert_eq!(utc(0), "1970-01-01T00:00:00Z");
    }

    #[test]
    fn sampling_keeps_both_ends() {
        assert_eq!(sample(5, 10), [0, 1, 2, 3, 4]);
        assert_eq!(sample(11, 3), [0, 5, 10]);
        assert_eq!(sample(100, 2), [0, 99]);
    }

    #[test]
    fn records_round_trip_and_replay() {
        let rec = Record {
            kind: GameKind::Pikemen,
            id: Some(3),
            names: vec!["alice".into(), "bob".into()],
            options: Options::default(),
            settings: "{}".into(),
            seed: Some(42),
            channel: Some("#tavern".into()),
            started: Some(utc(0)),
            ended: Some(utc(60_000)),
            result: None,
            actions: vec!["turn d1 e".into(), "turn a4 e".into(), "[resign 2]".into()],
        };
        let back = Record::parse(&rec.to_text()).unwrap();
        assert_eq!(back, rec);
        let g = back.replay().unwrap();
        assert_eq!(g.outcome().map(|o| o.winners.clone()), Some(vec![1]));
        assert_eq!(back.positions().unwrap().len(), 4);
        let bad = rec.to_text().replace("2. turn a4 e", "2. turn a4 x");
        let err = Record::parse(&bad).unwrap().replay().unwrap_err();
        assert!(err.starts_with("move 2 \"turn a4 x\""), "{err}");
        assert!(Record::parse("Game: chess\n")
            .unwrap_err()
            .contains("line 1"));
    }

    /// A removal on time is exported as `[timeout N]` and replays with its own wording.
    #[test]
    fn a_removal_on_time_replays_as_such() {
        let rec = Record::new(
            GameKind::Pikemen,
            vec!["alice".into(), "bob".into()],
            vec!["turn d1 e".into(), "[timeout 2]".into()],
        );
        let g = Record::parse(&rec.to_text()).unwrap().replay().unwrap();
        let o = g.outcome().unwrap();
        assert_eq!(o.winners, vec![1]);
        assert!(
            o.reason.english().ends_with("ran out of time"),
            "{}",
            o.reason.english()
        );
    }
}
