//! A game's record: `/history` (paged, with every undo and offer), `/export` (the record as
//! text that `plateau replay` loads back), `/replay` (an animated GIF), and `/mygames`.
//!
//! The text record is [`Record`]: a header of `Key: value` lines (game, players, options,
//! seed, result, dates), then `Moves:` and one numbered line per action that makes the final
//! position, a move in canonical notation or a service action in brackets (`[resign 2]`,
//! `[draw]`). Taken-back moves are left out: they are not part of the game. The seed is
//! written only once the game has ended: it decides every roll and deal to come.

use crate::engine::{AnyGame, GameKind, Options, Seat, Setup};
use crate::i18n::Lang;
use crate::render;
use crate::store::{ActionRow, GameRow, OfferKind, OfferRow, PastPause, Status};
use crate::table::answer::{store_failure, Answer};
use crate::table::api::{Button, Context, Image};
use crate::table::live::Live;
use crate::table::log::{effective, leave_of, undo_from, undone, ActionKind};
use crate::table::markup::channel_link;
use crate::table::present::board::outcome_line;
use crate::table::present::ephemeral;
use crate::table::Table;
use crate::{msg, tr};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Actions per page of `/history`.
const HISTORY_PAGE: usize = 40;
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
    fn positions_of(live: &Live, actions: &[ActionRow]) -> Result<Vec<AnyGame>, String> {
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
        let mut rec = Record {
            kind: GameKind::Pikemen,
            id: None,
            names: Vec::new(),
            options: Options::default(),
            settings: "{}".into(),
            seed: None,
            channel: None,
            started: None,
            ended: None,
            result: None,
            actions: Vec::new(),
        };
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

impl Table {
    pub(crate) fn history(&self, ctx: &Context, page: u32) -> Answer {
        let lang = ctx.langs.user;
        let (live, actions, _) = self.recorded(ctx)?;
        let offers = self.store().offers(live.id).map_err(store_failure)?;
        let pauses = self.store().pauses_of(live.id).map_err(store_failure)?;
        let game = live.game.as_ref().expect("a started game has a state");
        let gone = undone(&actions);
        // One entry per action, with the offers made after it; offers made before the first
        // action come first.
        let mut entries: Vec<Vec<String>> = Vec::new();
        let offer_lines = |ply: u32| -> Vec<String> {
            let paused = pauses.iter().filter(|p| {
                // A pause comes after the last action before it.
                let after = actions.iter().rfind(|a| a.at_ms <= p.started_ms);
                after.map_or(0, |a| a.ply) == ply
            });
            offers
                .iter()
                .filter(|o| o.ply == ply)
                .map(|o| offer_line(lang, &live, game, o))
                .chain(paused.map(|p| pause_line(lang, &live, game, p)))
                .collect()
        };
        let opening = offer_lines(0);
        if !opening.is_empty() {
            entries.push(opening);
        }
        for a in &actions {
            let who = a
                .seat
                .map(|s| live.who(lang, game, s))
                .unwrap_or_else(|| tr!(lang, "history-the-table"));
            let what = match a.kind {
                ActionKind::Move if gone.contains(&a.ply) => {
                    tr!(lang, "history-taken-back", mv = a.text.as_str())
                }
                ActionKind::Move => a.text.clone(),
                ActionKind::Undo => match undo_from(&a.text) {
                    Some(f) => tr!(
                        lang,
                        "history-undo",
                        from = f,
                        to = a.ply - 1,
                        one = if f == a.ply - 1 { "yes" } else { "no" }
                    ),
                    None => "(undo)".into(),
                },
                ActionKind::Draw => tr!(lang, "outcome-draw-agreed"),
                ActionKind::Resign if a.text == "timeout" => tr!(lang, "history-timeout"),
                other => tr!(lang, "history-action", kind = other.as_str()),
            };
            let mut e = vec![tr!(
                lang,
                "history-line",
                ply = a.ply,
                who = who,
                what = what
            )];
            e.extend(offer_lines(a.ply));
            entries.push(e);
        }
        let pages = entries.len().div_ceil(HISTORY_PAGE).max(1);
        let page = (page as usize).clamp(1, pages);
        let players: Vec<String> = (1..=game.players())
            .map(|s| live.who(lang, game, s))
            .collect();
        let mut text = tr!(
            lang,
            "history-head",
            game = live.kind.title(),
            id = live.id,
            players = players.join(", "),
            n = actions.len(),
            page = page,
            pages = pages
        );
        for e in entries
            .iter()
            .skip((page - 1) * HISTORY_PAGE)
            .take(HISTORY_PAGE)
        {
            for l in e {
                text.push('\n');
                text.push_str(l);
            }
        }
        if let Some(o) = game.outcome() {
            text.push('\n');
            text.push_str(&outcome_line(lang, &live, game, o));
        } else if live.status == Status::Aborted {
            text.push('\n');
            text.push_str(&tr!(lang, "history-aborted"));
        }
        let mut r = ephemeral(ctx, text);
        if page > 1 {
            r.buttons.push(Button {
                label: tr!(lang, "button-earlier"),
                command: format!("/history {}", page - 1),
                game: None,
            });
        }
        if page < pages {
            r.buttons.push(Button {
                label: tr!(lang, "button-later"),
                command: format!("/history {}", page + 1),
                game: None,
            });
        }
        Ok(vec![r])
    }

    /// Every position of a started game, from its log (for the other command families, which
    /// reach a record through [`Table`]).
    pub(crate) fn positions_of(
        &self,
        live: &Live,
        actions: &[ActionRow],
    ) -> Result<Vec<AnyGame>, String> {
        Record::positions_of(live, actions)
    }

    /// The author's rating in `kind`, as `/mygames` shows it next to a game.
    fn rating_shown(&self, user: &str, kind: &str) -> Option<String> {
        let found = self.store().rating(user, kind);
        match found {
            Ok(r) => r.map(|r| crate::rating::system::shown(r.rating, r.deviation)),
            Err(e) => {
                tracing::error!("reading a rating: {e}");
                None
            }
        }
    }

    pub(crate) fn export(&self, ctx: &Context) -> Answer {
        let (live, actions, row) = self.recorded(ctx)?;
        let mut record = Record::of(&live, &actions, &row);
        let name = format!("{}-game-{}.txt", live.kind.id(), live.id);
        let moves = record
            .actions
            .iter()
            .filter(|a| !a.starts_with('['))
            .count();
        // A finished game was rated if it changed ratings; a running one will be if it counts.
        let rated = if live.status == Status::Active {
            let players: Vec<crate::rating::Player> = live
                .seats
                .iter()
                .filter_map(|r| {
                    r.seat.map(|seat| crate::rating::Player {
                        user_id: r.user_id.clone(),
                        name: r.name.clone(),
                        seat,
                    })
                })
                .collect();
            crate::rating::counts(live.settings.rated, &players)
        } else {
            let store = self.store();
            !store
                .rating_changes_of_game(live.id)
                .map_err(store_failure)?
                .is_empty()
        };
        // The stored setting is what /new asked for; a game with a computer player (or one
        // player in two seats) never counts, and its record says what is true.
        if record.settings != "{}" {
            let mut settings = crate::table::policy::GameSettings::parse(&record.settings);
            settings.rated = rated;
            record.settings = settings.to_json();
        }
        let state = match (rated, live.status == Status::Active) {
            (true, _) => "rated",
            (false, true) => "unrated-running",
            (false, false) => "unrated",
        };
        let mut r = ephemeral(
            ctx,
            tr!(
                ctx.langs.user,
                "record-export",
                game = live.kind.title(),
                id = live.id,
                n = moves,
                file = name.as_str(),
                rated = state
            ),
        );
        r.image = Some(Image {
            name,
            png: record.to_text().into_bytes(),
        });
        Ok(vec![r])
    }

    pub(crate) fn replay_gif(&self, ctx: &Context) -> Answer {
        let (live, actions, row) = self.recorded(ctx)?;
        let record = Record::of(&live, &actions, &row);
        let positions = record
            .positions()
            .map_err(|e| msg!("record-cannot-replay", error = e))?;
        let lang = ctx.langs.user;
        let view = render::View {
            lang,
            ..record.view()
        };
        let gif = animate(&positions, &view, attachment_limit())
            .map_err(|e| msg!("record-cannot-draw", error = e))?;
        // Only the asker sees it unless they share it (issue 27).
        let mut r = ephemeral(
            ctx,
            tr!(
                lang,
                "record-replay",
                game = live.kind.title(),
                id = live.id,
                frames = gif.frames,
                positions = positions.len(),
                all = if gif.frames == positions.len() {
                    "yes"
                } else {
                    "no"
                }
            ),
        );
        r.image = Some(Image {
            name: format!("{}-game-{}.gif", live.kind.id(), live.id),
            png: gif.bytes,
        });
        Ok(vec![r])
    }

    /// `/mygames`: the author's open games everywhere, those waiting for them first.
    pub(crate) fn my_games(&self, ctx: &Context) -> Answer {
        let rows = self
            .store()
            .user_games(&ctx.user.id)
            .map_err(store_failure)?;
        let lang = ctx.langs.user;
        // The games the author follows, in a section of their own (`follow.rs`).
        let followed = self.followed_lines(ctx)?;
        let followed = (!followed.is_empty()).then(|| {
            let head = tr!(lang, "follow-mygames-head", n = followed.len());
            format!("{head}\n{}", followed.join("\n"))
        });
        if rows.is_empty() {
            let none = tr!(lang, "mygames-none");
            let text = match followed {
                Some(f) => format!("{none}\n{f}"),
                None => none,
            };
            return Ok(vec![ephemeral(ctx, text)]);
        }
        // (0 your turn, 1 others' turn, 2 lobby), deadline, line.
        let mut lines: Vec<(u8, i64, String)> = Vec::new();
        for ug in rows {
            let row = &ug.game;
            let title = row.kind.title();
            // The author's rating in that game, next to its name.
            let kind = match self.rating_shown(&ctx.user.id, row.kind.id()) {
                Some(r) => format!("{title} ({r})"),
                None => title.to_string(),
            };
            let kind = kind.as_str();
            let place = channel_link(&row.channel, row.guild.as_deref(), &row.channel_name);
            let due = ug
                .deadline_ms
                .map(crate::table::markup::stamp)
                .unwrap_or_default();
            let timed = if ug.deadline_ms.is_some() {
                "yes"
            } else {
                "no"
            };
            if row.status == Status::Lobby {
                lines.push((
                    2,
                    i64::MAX,
                    tr!(
                        lang,
                        "mygames-lobby",
                        game = kind,
                        id = row.id,
                        place = place.as_str()
                    ),
                ));
                continue;
            }
            let live = match self.slot(&row.channel) {
                Some(s) if crate::table::lock(&s.live).id == row.id => {
                    crate::table::lock(&s.live).clone()
                }
                _ => {
                    let store = self.store();
                    match Live::load(&store, row) {
                        Ok(l) => l,
                        Err(e) => {
                            tracing::error!("{e}");
                            continue;
                        }
                    }
                }
            };
            let Some(game) = live.game.as_ref() else {
                continue;
            };
            // A paused game says so after its line.
            let paused = crate::table::logged("reading a pause", self.store().pause(row.id))
                .flatten()
                .map(|p| {
                    tr!(
                        lang,
                        "pause-mygames",
                        since = crate::table::markup::stamp(p.started_ms)
                    )
                })
                .unwrap_or_default();
            let before = lines.len();
            match game.to_move() {
                Some(s) if Some(s) == ug.seat => lines.push((
                    0,
                    ug.deadline_ms.unwrap_or(i64::MAX),
                    tr!(
                        lang,
                        "mygames-your-move",
                        game = kind,
                        id = row.id,
                        place = place.as_str(),
                        due = due.as_str(),
                        timed = timed
                    ),
                )),
                Some(s) => lines.push((
                    1,
                    ug.deadline_ms.unwrap_or(i64::MAX),
                    tr!(
                        lang,
                        "mygames-their-move",
                        game = kind,
                        id = row.id,
                        place = place.as_str(),
                        who = live.who(lang, game, s),
                        due = due.as_str(),
                        timed = timed
                    ),
                )),
                None => {}
            }
            if lines.len() > before {
                if let Some(line) = lines.last_mut() {
                    line.2.push_str(&paused);
                }
            }
        }
        lines.sort_by_key(|(k, d, _)| (*k, *d));
        let mine = lines.iter().filter(|l| l.0 == 0).count();
        let mut text = tr!(lang, "mygames-head", n = lines.len(), mine = mine);
        for (_, _, l) in &lines {
            text.push('\n');
            text.push_str(l);
        }
        if let Some(f) = followed {
            text.push('\n');
            text.push_str(&f);
        }
        Ok(vec![ephemeral(ctx, text)])
    }
}

/// `   · the clocks are paused by agreement: resumed by bob (Blue)`.
fn pause_line(lang: Lang, live: &Live, game: &AnyGame, p: &PastPause) -> String {
    let name_of = |id: &str| match (live.seat_of(id), &p.by) {
        (Some(seat), _) => live.who(lang, game, seat),
        (None, Some((moderator, name))) if moderator == id => name.clone(),
        (None, _) => tr!(lang, "history-pause-moderator"),
    };
    let (how, ender) = match &p.ended {
        Some((how, by)) => (how.as_str(), by.as_deref().map(name_of)),
        None => ("lasting", None),
    };
    let by = p.by.as_ref().map(|b| b.1.as_str());
    tr!(
        lang,
        "history-pause",
        by = if by.is_some() {
            "moderator"
        } else {
            "agreement"
        },
        who = by.unwrap_or_default(),
        how = how,
        ender = ender.unwrap_or_default()
    )
}

/// `   · alice (Orange) offers a draw: declined by bob (Blue)'s move`.
fn offer_line(lang: Lang, live: &Live, game: &AnyGame, o: &OfferRow) -> String {
    let who = live.who(lang, game, o.seat);
    let name_of = |id: &str| {
        live.seats
            .iter()
            .find(|s| s.user_id == id)
            .map(|s| match s.seat {
                Some(seat) => live.who(lang, game, seat),
                None => s.name.clone(),
            })
            .unwrap_or_else(|| tr!(lang, "history-someone"))
    };
    let what = match o.kind {
        OfferKind::Draw => tr!(lang, "history-offer-draw", who = who),
        OfferKind::Pause => tr!(lang, "history-offer-pause", who = who),
        OfferKind::Undo => match o.target {
            // One action (`from` = `to`), a range, or nothing known.
            Some(t) => tr!(
                lang,
                "history-offer-undo",
                who = who,
                from = t,
                to = o.ply,
                one = if t >= o.ply { "yes" } else { "no" }
            ),
            None => tr!(lang, "history-offer-undo-any", who = who),
        },
    };
    let by = o.resolved_by.as_deref().map(name_of).unwrap_or_default();
    let end = tr!(
        lang,
        "history-offer-end",
        status = o.status.as_str(),
        by = by
    );
    tr!(lang, "history-offer-line", what = what, end = end)
}

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
        let rec = Record {
            kind: GameKind::Pikemen,
            id: None,
            names: vec!["alice".into(), "bob".into()],
            options: Options::default(),
            settings: "{}".into(),
            seed: None,
            channel: None,
            started: None,
            ended: None,
            result: None,
            actions: vec!["turn d1 e".into(), "[timeout 2]".into()],
        };
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
