//! The local channel: a chat channel in the terminal (`plateau play`) and the transcript
//! runner (`plateau script`), both in the format of conventions §4. They call the same
//! [`Table`] the Discord layer calls; only the transport differs.
//!
//! User ids are `local:NAME`, channel ids `local:#NAME`. The clock is manual: it moves only on
//! `!advance`, and starts at the later of the wall clock (or `PLATEAU_CLOCK_START`, RFC 3339
//! or epoch seconds, for deterministic runs) and the latest time stored in the database.
//!
//! Files: `parse` (a typed line into a request) and `print` (a reply as transcript lines), both
//! used by this file. The room speaks only `table`'s vocabulary; `cli/` calls it (`plateau
//! play`, `plateau script`).

mod kept;
pub mod parse;
pub mod print;

use crate::table::{
    Button, ChannelRef, Context, ManualClock, Menu, Reply, Request, Table, UserRef, Visibility,
};
use parse::{Line, LocaleTarget, Parser};
use std::collections::HashMap;
use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use thiserror::Error;

/// The environment variable that fixes the clock's start (tests, reproducible transcripts).
pub const CLOCK_START_VAR: &str = "PLATEAU_CLOCK_START";

#[derive(Error, Debug)]
pub enum LocalError {
    #[error("{0}")]
    Table(#[from] crate::table::TableError),
    #[error("{CLOCK_START_VAR}: {0}")]
    ClockStart(String),
    #[error("line {line}: {reason}")]
    Parse { line: usize, reason: String },
    #[error(transparent)]
    Io(#[from] io::Error),
}

/// A table, its manual clock, and where pictures go.
pub struct Session {
    /// Replaced by `!restart`; `None` only while it restarts.
    table: Mutex<Option<Arc<Table>>>,
    pub clock: Arc<ManualClock>,
    pub renders: Option<PathBuf>,
    /// The messages whose buttons and menus can still be used, oldest first.
    posted: Mutex<Vec<Posted>>,
    /// What `!locale` set: users' client locales and channels' server locales, sent with
    /// every command as Discord sends `locale` and `guild_locale`.
    locales: Mutex<Locales>,
    /// Where the game pages are served (`plateau play --web`): boards then print their link.
    pages: Option<String>,
    /// The file that keeps `posted` across runs of `plateau play` ([`kept`]).
    kept: Option<PathBuf>,
}

/// A message with components, as a chat client keeps it.
#[derive(serde::Serialize, serde::Deserialize)]
struct Posted {
    channel: String,
    /// `None`: everyone in the channel sees it; else the one user who sees it (ephemeral).
    viewer: Option<String>,
    buttons: Vec<Button>,
    menus: Vec<Menu>,
}

/// A component found for a `[press]` or `[choose]` line: its command as typed, its game tag,
/// and the message it is on.
struct Component {
    command: String,
    game: Option<(i64, u32)>,
    message: usize,
}

#[derive(Default)]
struct Locales {
    users: HashMap<String, String>,
    channels: HashMap<String, String>,
    /// Users given Manage Channels by `!manage`.
    managers: std::collections::HashSet<String>,
}

impl Session {
    /// Opens the database (`None`: a private in-memory one) and starts the clock.
    pub fn open(db: Option<&Path>, renders: Option<PathBuf>) -> Result<Session, LocalError> {
        let start = match std::env::var(CLOCK_START_VAR) {
            Ok(v) if !v.trim().is_empty() => {
                parse_clock_start(&v).map_err(LocalError::ClockStart)?
            }
            _ => crate::table::Clock::now_ms(&crate::table::SystemClock),
        };
        Session::open_at(db, renders, start)
    }

    /// As [`Session::open`] with the clock starting at `start_ms` (or later, if the database
    /// holds later times).
    pub fn open_at(
        db: Option<&Path>,
        renders: Option<PathBuf>,
        start_ms: i64,
    ) -> Result<Session, LocalError> {
        let clock = Arc::new(ManualClock::new(start_ms));
        let table = Table::open(db.unwrap_or(Path::new(":memory:")), clock.clone())?;
        if let Some(latest) = table.latest_time_ms()? {
            clock.set(start_ms.max(latest));
        }
        let kept = kept::file_for(db);
        let posted = kept.as_deref().map(kept::load).unwrap_or_default();
        Ok(Session {
            table: Mutex::new(Some(Arc::new(table))),
            clock,
            renders,
            locales: Mutex::default(),
            posted: Mutex::new(posted),
            pages: None,
            kept,
        })
    }

    /// Boards print the address of their game's page under `base` (`http://127.0.0.1:8080`).
    pub fn with_pages(mut self, base: impl Into<String>) -> Session {
        self.pages = Some(base.into());
        self
    }

    /// The service this session talks to (a new one after each `!restart`).
    pub fn table(&self) -> Arc<Table> {
        self.table
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
            .expect("the session has a service")
    }

    /// `!restart`: the service is dropped and opened again on its store, keeping the clock;
    /// the messages already posted keep their components, as Discord keeps them. Prints
    /// nothing.
    fn restart(&self, out: &mut dyn Write) -> io::Result<()> {
        let mut held = self.table.lock().unwrap_or_else(|e| e.into_inner());
        let old = held.take().expect("the session has a service");
        match Arc::try_unwrap(old) {
            Ok(table) => {
                let table = table.restart().map_err(io::Error::other)?;
                *held = Some(Arc::new(table));
                Ok(())
            }
            Err(shared) => {
                *held = Some(shared);
                writeln!(out, "[local] cannot restart: the service is still in use")
            }
        }
    }

    /// Runs one parsed line, printing the echo (done by the caller) and the bot's replies.
    pub fn run(&self, line: &Line, out: &mut dyn Write) -> io::Result<()> {
        match line {
            Line::Blank | Line::Comment => Ok(()),
            // As on Discord, the bot reads no chat; the local channel says so rather than
            // nothing (issue 43).
            Line::Chat { .. } => writeln!(
                out,
                "[local] a line without a slash is chat, which the bot does not read; commands start with /, e.g. /help"
            ),
            Line::Locale { target, locale } => {
                let mut locales = self.locales.lock().unwrap_or_else(|e| e.into_inner());
                let (map, key) = match target {
                    LocaleTarget::User(u) => (&mut locales.users, u),
                    LocaleTarget::Channel(c) => (&mut locales.channels, c),
                };
                match locale {
                    Some(l) => map.insert(key.clone(), l.clone()),
                    None => map.remove(key),
                };
                Ok(())
            }
            Line::Restart => self.restart(out),
            Line::Manage(who) => {
                let mut locales = self.locales.lock().unwrap_or_else(|e| e.into_inner());
                locales.managers.insert(who.clone());
                Ok(())
            }
            Line::Advance(ms) => {
                self.clock.advance(*ms);
                for r in self.table().tick() {
                    self.show(&r, None, None, out)?;
                }
                for r in self.table().play_bots() {
                    self.show(&r, None, None, out)?;
                }
                self.open_decided(out)
            }
            Line::Command {
                author,
                channel,
                name,
                args,
            } => self.command(author, channel, name, args, None, out),
            Line::Press {
                author,
                channel,
                label,
            } => match self.find(author, channel, |p| {
                p.buttons
                    .iter()
                    .filter(|b| !b.needs_confirmation() && b.label == *label)
                    .map(|b| (b.command.clone(), b.game))
                    .next()
            }) {
                Some(c) => self.component(author, channel, c, out),
                None => writeln!(
                    out,
                    "[local] no message {author} sees in #{channel} has a button \"{label}\""
                ),
            },
            Line::Choose {
                author,
                channel,
                value,
            } => match self.find(author, channel, |p| {
                p.menus
                    .iter()
                    .filter(|m| m.options.iter().any(|o| o.value == *value))
                    .map(|m| (format!("{} {value}", m.command), m.game))
                    .next()
            }) {
                Some(c) => self.component(author, channel, c, out),
                None => writeln!(
                    out,
                    "[local] no message {author} sees in #{channel} has a menu with the option \"{value}\""
                ),
            },
        }
    }

    /// Runs a typed command, or a component's (`source`: its game tag and message).
    fn command(
        &self,
        author: &str,
        channel: &str,
        name: &str,
        args: &[crate::table::Arg],
        source: Option<&Component>,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        let mut ctx = context(author, channel);
        {
            let locales = self.locales.lock().unwrap_or_else(|e| e.into_inner());
            ctx.locale = locales.users.get(author).cloned();
            ctx.guild_locale = locales.channels.get(channel).cloned();
            ctx.can_manage = locales.managers.contains(author);
        }
        let args = &mentions_as_ids(args);
        let mut replies = match self.table().command(&ctx, name, args) {
            Ok(command) => self.table().handle(&Request {
                ctx: ctx.clone(),
                command,
                from_button: source.and_then(|c| c.game),
            }),
            Err(text) => vec![Reply::plain(
                ctx.channel.clone(),
                Visibility::Ephemeral,
                text,
            )],
        };
        // With the pages served, /mygames ends with the pages of the author's games.
        if let (Some(base), "mygames", Some(first)) = (&self.pages, name, replies.first_mut()) {
            let lang = self.table().langs_of(&ctx).user;
            if let Some(pages) =
                crate::table::pages::my_pages(&self.table(), &ctx.user.id, lang, base)
            {
                first.text.push('\n');
                first.text.push_str(&pages);
            }
        }
        for r in &replies {
            self.show(r, Some(&ctx.user.id), source.map(|c| c.message), out)?;
        }
        // Then the computer players of this channel's game, if one is to move now
        // (as Discord posts their boards after answering the command).
        for r in self.table().play_bots_in(&ctx.channel.id) {
            self.show(&r, None, None, out)?;
        }
        self.open_decided(out)
    }

    /// Runs a component's command as its author would have typed it, with its game tag, as
    /// Discord sends a component interaction.
    fn component(
        &self,
        author: &str,
        channel: &str,
        c: Component,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        match Parser::default().parse(&format!("@{author} #{channel} {}", c.command)) {
            Ok(Line::Command { name, args, .. }) => {
                self.command(author, channel, &name, &args, Some(&c), out)
            }
            _ => writeln!(
                out,
                "[local] the component's command \"{}\" cannot be read",
                c.command
            ),
        }
    }

    /// The newest message `author` sees in `channel` (public, or ephemeral to them) with a
    /// component `pick` finds.
    fn find(
        &self,
        author: &str,
        channel: &str,
        pick: impl Fn(&Posted) -> Option<(String, Option<(i64, u32)>)>,
    ) -> Option<Component> {
        let me = context(author, channel);
        let posted = self.posted.lock().unwrap_or_else(|e| e.into_inner());
        posted.iter().enumerate().rev().find_map(|(i, p)| {
            let sees =
                p.channel == me.channel.id && p.viewer.as_ref().is_none_or(|v| *v == me.user.id);
            let (command, game) = sees.then(|| pick(p)).flatten()?;
            Some(Component {
                command,
                game,
                message: i,
            })
        })
    }

    /// Prints a reply and keeps its components: `author` sees an ephemeral reply; an update
    /// replaces the components of `source`, the message whose component was used.
    fn show(
        &self,
        r: &Reply,
        author: Option<&str>,
        source: Option<usize>,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        let linked;
        let r = match &self.pages {
            Some(base) => {
                let mut copy = r.clone();
                crate::table::pages::link_boards(
                    &self.table(),
                    std::slice::from_mut(&mut copy),
                    base,
                );
                linked = copy;
                &linked
            }
            None => r,
        };
        print::reply(r, self.renders.as_deref(), out)?;
        let viewer = match &r.visibility {
            Visibility::Public => None,
            Visibility::Ephemeral => match author {
                Some(a) => Some(a.to_string()),
                None => return Ok(()),
            },
            Visibility::Direct(_) => return Ok(()),
        };
        let mut posted = self.posted.lock().unwrap_or_else(|e| e.into_inner());
        match source.filter(|_| r.update) {
            Some(i) if i < posted.len() => {
                posted[i].buttons = r.buttons.clone();
                posted[i].menus = r.menus.clone();
            }
            _ if r.buttons.is_empty() && r.menus.is_empty() => {}
            _ => posted.push(Posted {
                channel: r.channel.id.clone(),
                viewer,
                buttons: r.buttons.clone(),
                menus: r.menus.clone(),
            }),
        }
        if let Some(path) = &self.kept {
            kept::save(path, &posted);
        }
        Ok(())
    }

    /// Games decided by challenges, seeks and tournaments open in channels of their own, as
    /// Discord opens them in threads: the channel is named by the opening (`#pikemen-3`).
    fn open_decided(&self, out: &mut dyn Write) -> io::Result<()> {
        for o in self.table().pending_openings() {
            let channel = ChannelRef {
                id: format!("local:#{}", o.slug),
                name: o.slug.clone(),
                guild: None,
            };
            for r in self.table().open_at(o.id, channel) {
                self.show(&r, None, None, out)?;
            }
        }
        Ok(())
    }

    /// Runs a whole transcript. The text is parsed first: a line that cannot be read stops
    /// everything before any command runs.
    pub fn script(&self, text: &str, out: &mut dyn Write) -> Result<(), LocalError> {
        // A transcript replays identically: computer players search a fixed number of
        // playouts instead of racing their level's time cap.
        self.table().set_ai_timed(false);
        let mut parser = Parser::default();
        let mut lines = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = parser.parse(raw).map_err(|reason| LocalError::Parse {
                line: i + 1,
                reason,
            })?;
            lines.push((raw.trim_end(), line));
        }
        for (raw, line) in &lines {
            echo(raw, line, out)?;
            self.run(line, out)?;
        }
        Ok(())
    }

    /// The interactive channel: lines from `input` until it ends. A line that cannot be read
    /// gets a `?` answer and the session goes on, and so does chat, which the bot would pass
    /// over in silence. `echo`: print each line back, as a transcript does (not when a terminal
    /// already shows what was typed).
    pub fn interactive(
        &self,
        input: &mut dyn BufRead,
        out: &mut dyn Write,
        echo_lines: bool,
    ) -> io::Result<()> {
        let mut parser = Parser::default();
        let mut buf = String::new();
        loop {
            buf.clear();
            if input.read_line(&mut buf)? == 0 {
                return Ok(());
            }
            match parser.parse(&buf) {
                Ok(line) => {
                    if echo_lines {
                        echo(buf.trim_end(), &line, out)?;
                    }
                    if let Line::Chat { author, channel } = &line {
                        writeln!(
                            out,
                            "? The bot answers commands only: start with /, e.g. \
                             @{author} #{channel} /help"
                        )?;
                    }
                    self.run(&line, out)?;
                }
                Err(e) => writeln!(out, "? {e}")?,
            }
            out.flush()?;
        }
    }
}

fn echo(raw: &str, line: &Line, out: &mut dyn Write) -> io::Result<()> {
    match line {
        Line::Blank => writeln!(out),
        _ => writeln!(out, "> {raw}"),
    }
}

/// A user option or a bare word typed `@bob` is the mention Discord would send for bob,
/// `<@local:bob>` (Discord turns a mention typed into a text option into `<@id>` too).
fn mentions_as_ids(args: &[crate::table::Arg]) -> Vec<crate::table::Arg> {
    args.iter()
        .map(|a| match (a.name.as_deref(), a.value.strip_prefix('@')) {
            (Some(n @ ("opponent" | "user")), Some(name)) => {
                crate::table::Arg::named(n, format!("<@local:{name}>"))
            }
            (None, Some(name)) if !name.is_empty() => {
                crate::table::Arg::positional(format!("<@local:{name}>"))
            }
            _ => a.clone(),
        })
        .collect()
}

/// The name of the bot in the local channel.
const LOCAL_BOT: &str = "Plateau";

/// The channel `#dm` is a direct message with the bot.
pub fn context(author: &str, channel: &str) -> Context {
    Context {
        user: UserRef {
            id: format!("local:{author}"),
            name: author.to_string(),
        },
        channel: ChannelRef {
            id: format!("local:#{channel}"),
            name: channel.to_string(),
            guild: None,
        },
        can_manage: false,
        is_dm: channel == "dm",
        // The local channel's own bot account, `@Plateau`, as Discord would mark it.
        bots: vec![format!("local:{LOCAL_BOT}")],
        ..Default::default()
    }
}

/// RFC 3339 (`2026-01-01T12:00:00Z`, offsets allowed) or seconds since the epoch.
pub fn parse_clock_start(text: &str) -> Result<i64, String> {
    let t = text.trim();
    if let Ok(secs) = t.parse::<i64>() {
        return secs
            .checked_mul(1000)
            .ok_or_else(|| format!("\"{t}\" is out of range"));
    }
    rfc3339_ms(t).ok_or_else(|| {
        format!("\"{t}\" is neither RFC 3339 (2026-01-01T12:00:00Z) nor seconds since 1970")
    })
}

fn rfc3339_ms(t: &str) -> Option<i64> {
    let b = t.as_bytes();
    if b.len() < 20 || b[4] != b'-' || b[7] != b'-' || !matches!(b[10], b'T' | b't' | b' ') {
        return None;
    }
    let num = |r: std::ops::Range<usize>| t.get(r)?.parse::<i64>().ok();
    let (y, mo, d) = (num(0..4)?, num(5..7)?, num(8..10)?);
    let (h, mi, s) = (num(11..13)?, num(14..16)?, num(17..19)?);
    if b[13] != b':' || b[16] != b':' || !(1..=12).contains(&mo) || !(1..=31).contains(&d) {
        return None;
    }
    let mut rest = &t[19..];
    let mut ms = 0;
    if let Some(frac) = rest.strip_prefix('.') {
        let digits: String = frac.chars().take_while(|c| c.is_ascii_digit()).collect();
        ms = format!("{:0<3}", &digits[..digits.len().min(3)])
            .parse()
            .ok()?;
        rest = &frac[digits.len()..];
    }
    let offset_min = match rest {
        "Z" | "z" => 0,
        o if o.len() == 6 && (o.starts_with('+') || o.starts_with('-')) => {
            let v = o[1..3].parse::<i64>().ok()? * 60 + o[4..6].parse::<i64>().ok()?;
            if o.starts_with('-') {
                -v
            } else {
                v
            }
        }
        _ => return None,
    };
    let days = crate::calendar::days_from_civil(y, mo, d);
    Some(((days * 86_400 + h * 3600 + mi * 60 + s - offset_min * 60) * 1000) + ms)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_start_forms() {
        assert_eq!(parse_clock_start("0"), Ok(0));
        assert_eq!(parse_clock_start("1767225600"), Ok(1_767_225_600_000));
        assert_eq!(
            parse_clock_start("2026-01-01T00:00:00Z"),
            Ok(1_767_225_600_000)
        );
        assert_eq!(
            parse_clock_start("2026-01-01T01:00:00.5+01:00"),
            Ok(1_767_225_600_500)
        );
        assert!(parse_clock_start("tomorrow").is_err());
    }

    /// Discord keeps a message's buttons when the bot restarts; so does the local channel
    /// between two runs of `plateau play` on one database file.
    #[test]
    fn buttons_outlive_the_process() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("games.db");
        let run = |lines: &str| {
            let session = Session::open_at(Some(&db), None, 1_767_225_600_000).unwrap();
            let mut out = Vec::new();
            session
                .interactive(&mut lines.as_bytes(), &mut out, true)
                .unwrap();
            String::from_utf8(out).unwrap()
        };
        run("@ana #t /new pikemen 2\n@bob #t /join\n@ana #t /start order:join\n");
        let out = run("@ana #t [press Move]\n");
        assert!(out.contains("Your move: choose it step by step."), "{out}");
    }
}
