//! Before the first move: `/new`, `/join`, `/leave`, `/start`.

use crate::engine::rng::SplitMix64;
use crate::engine::{AnyGame, GameKind};
use crate::i18n::Msg;
use crate::store::{NewGame, SeatRow, Status, StoreError};
use crate::table::answer::{store_failure, Answer};
use crate::table::api::{Context, SeatOrder};
use crate::table::followers;
use crate::table::live::Live;
use crate::table::lock;
use crate::table::parse;
use crate::table::policy::clock::ClockKind;
use crate::table::policy::prepare::{count_range, prepare, Prepared};
use crate::table::present;
use crate::table::present::announce;
use crate::table::present::board::{Look, Snap};
use crate::table::present::lobby::{already_running, lobby_reply, lobby_status};
use crate::table::running;
use crate::table::running::in_lobby;
use crate::table::seating;
use crate::table::service::{Bare, Handler};
use crate::table::spec;
use crate::table::spec::CommandSpec;
use crate::table::themes_of;
use crate::table::turns::first_turn;
use crate::table::Command;
use crate::table::Request;
use crate::table::Service;

/// Salt of the seat shuffle's own generator (conventions §5: the service never draws from the
/// engine's), seeded from the game seed so a game's seating can be re-derived.
const SEAT_SHUFFLE_SALT: u64 = 0x7365_6174_735f_7368; // "seats_sh"

pub(crate) fn new_game(
    svc: &Service,
    ctx: &Context,
    game: GameKind,
    players: Option<u8>,
    options: &[(String, String)],
) -> Answer {
    if let Some(slot) = running::find_slot(svc, ctx)? {
        let live = lock(&slot.live);
        if live.status.is_open() {
            return Err(already_running(&live));
        }
    }
    let Prepared {
        kind,
        players,
        opts,
        settings,
        seed,
    } = prepare(svc.new_seed(&ctx.channel.id), game.id(), players, options)?;
    let now = svc.now_ms();
    let (min, max) = kind.players();
    let row = NewGame {
        channel: ctx.channel.id.clone(),
        channel_name: ctx.channel.name.clone(),
        guild: ctx.channel.guild.clone(),
        kind,
        players,
        options: serde_json::to_string(&opts).expect("options serialise"),
        settings: settings.to_json(),
        seed,
        host_id: ctx.user.id.clone(),
        host_name: ctx.user.name.clone(),
        now_ms: now,
    };
    let created = svc.store().create_game(&row);
    let id = match created {
        Ok(id) => id,
        Err(StoreError::Conflict) => return Err(present::lobby::race_new().into()),
        Err(e) => return Err(store_failure(e)),
    };
    let live = Live {
        id,
        kind,
        channel: ctx.channel.clone(),
        status: Status::Lobby,
        host: ctx.user.id.clone(),
        players,
        options: opts,
        settings,
        seed,
        seats: vec![SeatRow {
            user_id: ctx.user.id.clone(),
            name: ctx.user.name.clone(),
            join_order: 1,
            seat: None,
            bot: None,
        }],
        game: None,
        ply: 0,
        left_seats: Vec::new(),
        moves: Some(0),
    };
    let lang = ctx.langs.channel;
    let size = match players {
        Some(p) => present::lobby::size(p),
        None => present::lobby::size_range(count_range(min, max)),
    };
    // The clock chosen, said once in the lobby's opening post.
    let clock = (settings.clock != ClockKind::Untimed)
        .then(|| (settings.clock.describe(), settings.timeout.id()));
    let text = present::lobby::opening(
        lang,
        &live,
        ctx.user.name.as_str(),
        size,
        settings.hints,
        clock,
    );
    let reply = lobby_reply(ctx, &live, text);
    svc.insert_slot(live);
    Ok(vec![reply])
}

pub(crate) fn join(svc: &Service, ctx: &Context) -> Answer {
    let slot = running::open_slot(svc, ctx)?;
    let live = lock(&slot.live);
    in_lobby(&live, "join")?;
    if live.is_seated(&ctx.user.id) {
        return Err(present::lobby::already_joined(lobby_status(ctx.langs.user, &live)).into());
    }
    if live.seats.len() >= live.capacity() as usize {
        return Err(present::lobby::full(live.capacity()).into());
    }
    // A person joins: a computer player is seated by /addbot.
    seating::take_seat(svc, ctx, &slot, live, &ctx.user, None, "/join")
}

pub(crate) fn leave(svc: &Service, ctx: &Context) -> Answer {
    let slot = running::open_slot(svc, ctx)?;
    let mut live = lock(&slot.live);
    if live.status == Status::Active && live.is_seated(&ctx.user.id) {
        return Err(present::lobby::leave_started().into());
    }
    in_lobby(&live, "leave")?;
    if !live.is_seated(&ctx.user.id) {
        return Err(present::lobby::leave_not_joined().into());
    }
    let remaining: Vec<SeatRow> = live
        .seats
        .iter()
        .filter(|s| s.user_id != ctx.user.id)
        .cloned()
        .collect();
    // The host's part passes to the next person; a computer player cannot host.
    let new_host = if live.host == ctx.user.id {
        remaining
            .iter()
            .find(|s| !s.is_bot())
            .map(|s| s.user_id.clone())
    } else {
        Some(live.host.clone())
    };
    let now = svc.now_ms();
    let left = svc
        .store()
        .leave(live.id, &ctx.user.id, new_host.as_deref(), now);
    match left {
        Ok(()) => {}
        Err(StoreError::Conflict) => {
            svc.reload(&slot, &mut live);
            return Err(present::lobby::race("/leave").into());
        }
        Err(e) => return Err(store_failure(e)),
    }
    live.seats = remaining;
    let Some(host) = new_host else {
        live.status = Status::Aborted;
        let channel = live.channel.id.clone();
        drop(live);
        svc.remove_slot(&channel, &slot);
        return Ok(vec![announce(
            ctx,
            present::lobby::leaves_closed(ctx.user.name.as_str()),
        )]);
    };
    let handed = host != live.host;
    live.host = host;
    let lang = ctx.langs.channel;
    let mut text = present::lobby::leaves(lang, ctx.user.name.as_str());
    if handed {
        text.push(' ');
        text.push_str(&present::lobby::new_host(lang, live.host_name()));
    }
    text.push('\n');
    text.push_str(&lobby_status(lang, &live));
    Ok(vec![lobby_reply(ctx, &live, text)])
}

pub(crate) fn start(svc: &Service, ctx: &Context, order: SeatOrder) -> Answer {
    let slot = running::open_slot(svc, ctx)?;
    let mut live = lock(&slot.live);
    in_lobby(&live, "start")?;
    if live.host != ctx.user.id && !ctx.can_manage {
        return Err(present::lobby::start_host_only(live.host_name()).into());
    }
    let (min, max) = live.kind.players();
    let n = live.seats.len() as u8;
    let ready = match live.players {
        Some(p) => n == p,
        None => (min..=max).contains(&n),
    };
    if !ready {
        let need = match live.players {
            Some(p) => present::lobby::common_players(p),
            None => count_range(min, max),
        };
        return Err(present::lobby::not_ready(live.kind.title(), need, n).into());
    }
    let mut seating: Vec<usize> = (0..live.seats.len()).collect();
    // The host sits first in join order (seats are ordered by join, host at 1).
    seating.sort_by_key(|&i| (live.seats[i].user_id != live.host, live.seats[i].join_order));
    if order == SeatOrder::Random {
        SplitMix64::new(live.seed ^ SEAT_SHUFFLE_SALT).shuffle(&mut seating);
    }
    let mut next = live.clone();
    for (k, &i) in seating.iter().enumerate() {
        next.seats[i].seat = Some(k as u8 + 1);
    }
    let game = AnyGame::new(next.kind, &next.setup(n))
        .map_err(|e| present::lobby::cannot_set_up(next.kind.title(), e.msg()))?;
    let snapshot = serde_json::to_string(&game).expect("game states serialise");
    next.game = Some(game);
    next.status = Status::Active;
    let assign: Vec<(String, u8)> = next
        .seats
        .iter()
        .map(|s| (s.user_id.clone(), s.seat.unwrap_or(0)))
        .collect();
    let now = svc.now_ms();
    // The start and the first player's clock: one transaction.
    let started = svc.store().atomically(|s| {
        s.start(live.id, &assign, &snapshot, now)?;
        first_turn(s, &next, now)
    });
    let news = match started {
        Ok(news) => news,
        Err(StoreError::Conflict) => {
            svc.reload(&slot, &mut live);
            return Err(present::lobby::race("/start").into());
        }
        Err(e) => return Err(store_failure(e)),
    };
    *live = next;
    Service::refresh_auto(&slot, &live);
    let snap = Snap::of(&live);
    drop(live);
    let game = &snap.game;
    let lang = ctx.langs.channel;
    let seats: Vec<String> = (1..=game.players())
        .map(|s| snap.live.who(lang, game, s))
        .collect();
    let head = present::lobby::begins(lang, snap.live.kind.title(), order, &seats);
    let look = Look::public(themes_of::public_theme(svc, &ctx.channel));
    Ok(followers::posted(svc, ctx, &snap, head, &news, look))
}

// The commands of this file, as the registry (`cmd/mod.rs`) lists them.

/// `/new GAME [players] [options..]`: opens a table in the channel.
pub(crate) struct New;

const NEW: CommandSpec = spec::cmd(
    "new",
    spec::NEW,
    &[
        spec::play(1, "help-new"),
        spec::correspondence(11, "help-clock"),
    ],
);

impl Handler for New {
    fn spec(&self) -> &'static CommandSpec {
        &NEW
    }

    fn parse(&self, args: &[parse::Arg]) -> Result<Command, Msg> {
        let o = parse::opening_alone(self.spec(), args, "command-new-mention")?;
        let game = o.game.ok_or_else(present::lobby::new_needs_game)?;
        Ok(Command::New {
            game: parse::game_to_open("new", &game)?,
            players: o.players,
            options: o.options,
        })
    }

    fn owns(&self, command: &Command) -> bool {
        matches!(command, Command::New { .. })
    }

    fn run(&self, svc: &Service, req: &Request) -> Option<Answer> {
        let Command::New {
            game,
            players,
            options,
        } = &req.command
        else {
            return None;
        };
        Some(new_game(svc, &req.ctx, *game, *players, options))
    }
}

const JOIN: CommandSpec = spec::cmd("join", &[], &[spec::play(2, "help-join")]);

/// `/join`: takes a seat at the channel's table.
pub(crate) static JOIN_CMD: Bare = Bare::new(&JOIN, Command::Join, join);

const LEAVE: CommandSpec = spec::cmd("leave", &[], &[spec::play(2, "help-join")]);

/// `/leave`: gives the seat back before the start.
pub(crate) static LEAVE_CMD: Bare = Bare::new(&LEAVE, Command::Leave, leave);

/// `/start [order]`: the host starts the game.
pub(crate) struct Start;

const START: CommandSpec = spec::cmd(
    "start",
    &[spec::opt("order", spec::OptionType::Choice(spec::ORDERS))],
    &[spec::play(3, "help-start")],
);

impl Handler for Start {
    fn spec(&self) -> &'static CommandSpec {
        &START
    }

    fn parse(&self, args: &[parse::Arg]) -> Result<Command, Msg> {
        let v = parse::Values::of(self.spec(), args)?;
        let order = match v.get("order").map(str::to_ascii_lowercase).as_deref() {
            None | Some("") => None,
            Some("random") => Some(SeatOrder::Random),
            Some("join") => Some(SeatOrder::Join),
            Some(o) => return Err(present::lobby::bad_order(o)),
        };
        Ok(Command::Start { order })
    }

    fn owns(&self, command: &Command) -> bool {
        matches!(command, Command::Start { .. })
    }

    fn run(&self, svc: &Service, req: &Request) -> Option<Answer> {
        let Command::Start { order } = &req.command else {
            return None;
        };
        Some(start(svc, &req.ctx, order.unwrap_or(svc.default_order)))
    }
}
