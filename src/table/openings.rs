//! A game decided by a challenge, a seek or a tournament: its players and options are fixed
//! in an `openings` row, then the transport gives it a channel (a new thread on Discord, a
//! new channel in the local channel) and [`crate::table::openings::open_at`] creates and starts it there in
//! one transaction that also consumes the opening, so it opens once whatever crashes.

use crate::engine::AnyGame;
use crate::store::{NewGame, OpeningRow, SeatRow, Status, Store, StoreError};
use crate::table::api::{ChannelRef, Context, Reply, UserRef};
use crate::table::followers;
use crate::table::languages_of;
use crate::table::live::Live;
use crate::table::markup;
use crate::table::policy::prepare::{prepare, Prepared};
use crate::table::present::board::{Look, Snap};
use crate::table::present::public;
use crate::table::themes_of;
use crate::table::turns::{first_turn, TurnNews};
use crate::table::Service;
use crate::tr;
use std::sync::atomic::Ordering;

/// What a transport needs to give a decided game its channel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    pub id: i64,
    /// Where it was decided; the thread opens under it.
    pub parent: ChannelRef,
    /// A thread name (`Pikemen: alice vs bob`).
    pub title: String,
    /// A channel name without spaces, unique to the opening, for transports without threads
    /// (`pikemen-3`).
    pub slug: String,
}

/// Decided games still without a channel. Cheap when there are none: the store is read
/// only after an opening was added (or at start, or on every tick, for what a failed
/// transport left).
pub fn pending_openings(svc: &Service) -> Vec<Opening> {
    if !svc.openings_waiting.swap(false, Ordering::AcqRel) {
        return Vec::new();
    }
    let rows = crate::table::logged("pending openings", svc.store().pending_openings(svc.shards));
    rows.unwrap_or_default()
        .into_iter()
        .map(|o| Opening {
            id: o.id,
            parent: ChannelRef {
                id: o.parent,
                name: o.parent_name,
                guild: o.guild,
            },
            title: o.title,
            slug: format!("{}-{}", o.slug, o.id),
        })
        .collect()
}

/// Asks the next [`crate::table::openings::pending_openings`] to read the store again (a transport that
/// could not open a thread this time).
pub fn retry_openings(svc: &Service) {
    svc.openings_waiting.store(true, Ordering::Release);
}

/// Creates and starts the game of `opening` in `channel`: its board (pinging the first
/// player) and a line in the parent channel saying where it is. Nothing when it was
/// opened already; a note in the parent channel when `channel` is busy.
pub fn open_at(svc: &Service, opening: i64, channel: ChannelRef) -> Vec<Reply> {
    let mut replies = match try_open_at(svc, opening, &channel) {
        Ok(r) => r,
        Err(e) => {
            tracing::warn!(opening, "opening a decided game failed: {e}");
            retry_openings(svc);
            Vec::new()
        }
    };
    svc.make_safe(&mut replies);
    replies
}

fn try_open_at(svc: &Service, id: i64, channel: &ChannelRef) -> Result<Vec<Reply>, String> {
    let row = svc.store().opening(id).map_err(|e| e.to_string())?;
    let Some(row) = row else {
        return Ok(Vec::new());
    };
    if row.game.is_some() {
        return Ok(Vec::new());
    }
    if svc.slot(&channel.id).is_some() {
        return Err(format!("channel {} has an open game", channel.id));
    }
    let now = svc.now_ms();
    let n = row.seats.len() as u8;
    let Prepared {
        kind,
        opts,
        settings,
        seed,
        ..
    } = prepare(
        svc.new_seed(&channel.id),
        row.kind.id(),
        Some(n),
        &row.options,
    )
    .map_err(|m| m.english())?;
    let seats: Vec<SeatRow> = row
        .seats
        .iter()
        .enumerate()
        .map(|(i, (id, name))| {
            SeatRow::new(id.clone(), name.clone(), i as u32 + 1, Some(i as u8 + 1))
        })
        .collect();
    let mut live = Live {
        id: 0,
        kind,
        channel: channel.clone(),
        status: Status::Active,
        host: row.seats[0].0.clone(),
        players: Some(n),
        options: opts,
        settings,
        seed,
        seats,
        game: None,
        ply: 0,
        left_seats: Vec::new(),
        moves: Some(0),
    };
    let game = AnyGame::new(kind, &live.setup(n)).map_err(|e| e.msg().english())?;
    let snapshot = serde_json::to_string(&game).expect("game states serialise");
    live.game = Some(game);
    let settings = settings.to_json();
    let created = svc.store().atomically(|s| {
        let game = create_started(s, &live, &row, channel, &settings, &snapshot, now)?;
        s.mark_opened(row.id, game.0)?;
        Ok(game)
    });
    let news;
    (live.id, news) = match created {
        Ok(made) => made,
        Err(StoreError::Conflict) => return Ok(Vec::new()),
        Err(e) => return Err(e.to_string()),
    };
    let host = &row.seats[0];
    let ctx = Context {
        user: UserRef {
            id: host.0.clone(),
            name: host.1.clone(),
        },
        channel: channel.clone(),
        guild_locale: None,
        ..Default::default()
    };
    let mut ctx = ctx;
    let parent = ChannelRef {
        id: row.parent.clone(),
        name: row.parent_name.clone(),
        guild: row.guild.clone(),
    };
    // The game speaks the language of the channel it was decided in, and so does the
    // notice there; the players' own languages stay theirs.
    ctx.langs = languages_of::langs_of(svc, &ctx);
    ctx.langs.channel = languages_of::opened_lang(svc, channel, &parent);
    let mut parent_ctx = Context {
        channel: parent,
        ..ctx.clone()
    };
    parent_ctx.langs.channel = languages_of::channel_lang(svc, &parent_ctx.channel);
    let snap = Snap::of(&live);
    svc.insert_slot(live);
    let lang = ctx.langs.channel;
    let game = &snap.game;
    let names: Vec<String> = (1..=game.players())
        .map(|s| format!("{s}. {}", snap.live.who(lang, game, s)))
        .collect();
    let head = tr!(
        lang,
        "compete-game-opens",
        title = row.title.as_str(),
        seats = names.join(", ")
    );
    // No ping for a first player on the digest or in quiet hours, as after /start.
    let look = Look::public(themes_of::public_theme(svc, &ctx.channel));
    let posted = followers::posted(svc, &ctx, &snap, head, &news, look);
    let notice = public(
        &parent_ctx,
        tr!(
            parent_ctx.langs.channel,
            "compete-game-opened",
            title = row.title.as_str(),
            channel = markup::channel(&channel.id)
        ),
    );
    let opened = followers::opened_mail(svc, &snap, &posted[1..], row.title.as_str());
    let mut replies = vec![notice];
    replies.extend(posted);
    replies.extend(opened);
    Ok(replies)
}

/// The game row, its seats and its start, as `/new`, `/join` and `/start` would leave them.
fn create_started(
    s: &mut Store,
    live: &Live,
    row: &OpeningRow,
    channel: &ChannelRef,
    settings: &str,
    snapshot: &str,
    now: i64,
) -> Result<(i64, TurnNews), StoreError> {
    let host = &row.seats[0];
    let id = s.create_game(&NewGame {
        channel: channel.id.clone(),
        channel_name: channel.name.clone(),
        guild: channel.guild.clone(),
        kind: live.kind,
        players: live.players,
        options: serde_json::to_string(&live.options).expect("options serialise"),
        settings: settings.to_string(),
        seed: live.seed,
        host_id: host.0.clone(),
        host_name: host.1.clone(),
        now_ms: now,
    })?;
    for (user, name) in &row.seats[1..] {
        s.join(id, user, name, now)?;
    }
    let assign: Vec<(String, u8)> = live
        .seats
        .iter()
        .map(|r| (r.user_id.clone(), r.seat.unwrap_or(0)))
        .collect();
    s.start(id, &assign, snapshot, now)?;
    let mut started = live.clone();
    started.id = id;
    Ok((id, first_turn(s, &started, now)?))
}

/// A thread title: `Pikemen: alice vs bob` (two players) or `Sprawl: alice, bob and carol`.
pub(crate) fn title(
    kind: crate::engine::GameKind,
    prefix: Option<&str>,
    names: &[String],
) -> String {
    let game = kind.title();
    let who = match names {
        [a, b] => format!("{a} vs {b}"),
        _ => names.join(", "),
    };
    let t = match prefix {
        Some(p) => format!("{p} · {game}: {who}"),
        None => format!("{game}: {who}"),
    };
    // Discord's thread names hold at most 100 characters.
    t.chars().take(100).collect()
}
