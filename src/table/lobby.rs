//! Before the first move: `/new`, `/join`, `/leave`, `/start`.

use super::live::{Live, Slot};
use super::turns::{advance, TurnInput};
use super::{lock, public, store_failure, Answer, Button, Context, Refusal, SeatOrder, Table};
use crate::engine::rng::SplitMix64;
use crate::engine::{AnyGame, GameKind, Options, Seat};
use crate::i18n::{Lang, Msg};
use crate::store::{NewGame, SeatRow, Status, StoreError};
use crate::{msg, tr};
use std::sync::Arc;

/// Salt of the seat shuffle's own generator (conventions §5: the service never draws from the
/// engine's), seeded from the game seed so a game's seating can be re-derived.
const SEAT_SHUFFLE_SALT: u64 = 0x7365_6174_735f_7368; // "seats_sh"

pub(crate) fn no_game_here() -> Msg {
    let games: Vec<&str> = GameKind::ALL.iter().map(|k| k.id()).collect();
    msg!("lobby-no-game", games = games.join(", "))
}

/// A seed for a new game from the clock and the channel: unpredictable enough for players,
/// reproducible under a manual clock.
pub(super) fn new_seed(channel: &str, now_ms: i64) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in channel.bytes() {
        h = (h ^ b as u64).wrapping_mul(0x0100_0000_01b3);
    }
    SplitMix64::new(h ^ now_ms as u64).next()
}

impl Table {
    /// The channel's open game, from memory or (after another process created it) the store.
    pub(crate) fn open_slot(&self, ctx: &Context) -> Result<Arc<Slot>, Refusal> {
        self.find_slot(ctx)?.ok_or_else(|| Refusal(no_game_here()))
    }

    /// The channel's open game if it has one; an error when it cannot be read (the store
    /// failed, or the game's record is damaged: then only this game is refused, with a clear
    /// answer, and every other game goes on).
    pub(crate) fn find_slot(&self, ctx: &Context) -> Result<Option<Arc<Slot>>, Refusal> {
        self.load_slot(&ctx.channel.id).map_err(|e| match e {
            super::TableError::Store(e) => store_failure(e),
            e @ super::TableError::Corrupt { game, .. } => {
                tracing::error!(game, "damaged game refused: {e}");
                damaged(game, &e)
            }
        })
    }

    pub(crate) fn new_game(
        &self,
        ctx: &Context,
        game: GameKind,
        players: Option<u8>,
        options: &[(String, String)],
    ) -> Answer {
        if let Some(slot) = self.find_slot(ctx)? {
            let live = lock(&slot.live);
            if live.status.is_open() {
                return Err(already_running(&live));
            }
        }
        let Prepared {
            kind,
            players,
            opts,
            clock,
            timeout,
            rated,
            hints,
            seed,
        } = prepare(&ctx.channel.id, self.now_ms(), game.id(), players, options)?;
        let now = self.now_ms();
        let (min, max) = kind.players();
        let row = NewGame {
            channel: ctx.channel.id.clone(),
            channel_name: ctx.channel.name.clone(),
            guild: ctx.channel.guild.clone(),
            kind: kind.id().into(),
            players,
            options: serde_json::to_string(&opts).expect("options serialise"),
            settings: settings_json(clock, timeout, rated, hints),
            seed,
            host_id: ctx.user.id.clone(),
            host_name: ctx.user.name.clone(),
            now_ms: now,
        };
        let created = self.store().create_game(&row);
        let id = match created {
            Ok(id) => id,
            Err(StoreError::Conflict) => return Err(msg!("lobby-race-new").into()),
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
            clock: (clock, timeout),
            seed,
            seats: vec![SeatRow {
                user_id: ctx.user.id.clone(),
                name: ctx.user.name.clone(),
                join_order: 1,
                seat: None,
            }],
            game: None,
            ply: 0,
            left_seats: Vec::new(),
            rated,
            hints,
            ended_note: None,
        };
        let words = live.options.to_words();
        let lang = ctx.langs.channel;
        let size = match players {
            Some(p) => msg!("lobby-size", n = p),
            None => msg!("lobby-size-range", range = count_range(min, max)),
        };
        let text = format!(
            "{}\n{}",
            tr!(
                lang,
                "lobby-opens",
                who = ctx.user.name.as_str(),
                game = kind.title(),
                size = size,
                options = words.join(", "),
                count = words.len()
            ),
            lobby_status(lang, &live)
        );
        let text = if hints {
            format!("{text}\n{}", tr!(lang, "hint-lobby-on"))
        } else {
            text
        };
        let reply = lobby_reply(ctx, &live, text);
        self.insert_slot(live);
        Ok(vec![reply])
    }

    pub(crate) fn join(&self, ctx: &Context) -> Answer {
        let slot = self.open_slot(ctx)?;
        let live = lock(&slot.live);
        in_lobby(&live, "join")?;
        if live.is_seated(&ctx.user.id) {
            return Err(msg!(
                "lobby-already-joined",
                status = lobby_status(ctx.langs.user, &live)
            )
            .into());
        }
        if live.seats.len() >= live.capacity() as usize {
            return Err(msg!("lobby-full", n = live.capacity()).into());
        }
        self.take_seat(ctx, &slot, live, &ctx.user.id, &ctx.user.name, "/join")
    }

    /// Seats `user_id` under `name` at the lobby's table (a person's `/join`, a computer
    /// player's `/addbot`) and announces it; the checks of who may be seated come first.
    pub(super) fn take_seat(
        &self,
        ctx: &Context,
        slot: &Arc<Slot>,
        mut live: super::GameGuard<'_>,
        user_id: &str,
        name: &str,
        command: &str,
    ) -> Answer {
        let now = self.now_ms();
        let joined = self.store().join(live.id, user_id, name, now);
        match joined {
            Ok(()) => {}
            Err(StoreError::Conflict) => {
                self.reload(slot, &mut live);
                return Err(msg!("lobby-race", command = command).into());
            }
            Err(e) => return Err(store_failure(e)),
        }
        let order = live.seats.last().map(|s| s.join_order + 1).unwrap_or(1);
        live.seats.push(SeatRow {
            user_id: user_id.to_string(),
            name: name.to_string(),
            join_order: order,
            seat: None,
        });
        let lang = ctx.langs.channel;
        let text = format!(
            "{}\n{}",
            tr!(lang, "lobby-joins", who = name, game = live.kind.title()),
            lobby_status(lang, &live)
        );
        Ok(vec![lobby_reply(ctx, &live, text)])
    }

    pub(crate) fn leave(&self, ctx: &Context) -> Answer {
        let slot = self.open_slot(ctx)?;
        let mut live = lock(&slot.live);
        if live.status == Status::Active && live.is_seated(&ctx.user.id) {
            return Err(msg!("lobby-leave-started").into());
        }
        in_lobby(&live, "leave")?;
        if !live.is_seated(&ctx.user.id) {
            return Err(msg!("lobby-leave-not-joined").into());
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
                .find(|s| !crate::ai::is_bot(&s.user_id))
                .map(|s| s.user_id.clone())
        } else {
            Some(live.host.clone())
        };
        let now = self.now_ms();
        let left = self
            .store()
            .leave(live.id, &ctx.user.id, new_host.as_deref(), now);
        match left {
            Ok(()) => {}
            Err(StoreError::Conflict) => {
                self.reload(&slot, &mut live);
                return Err(msg!("lobby-race", command = "/leave").into());
            }
            Err(e) => return Err(store_failure(e)),
        }
        live.seats = remaining;
        let Some(host) = new_host else {
            live.status = Status::Aborted;
            let channel = live.channel.id.clone();
            drop(live);
            self.remove_slot(&channel, &slot);
            return Ok(vec![public(
                ctx,
                tr!(
                    ctx.langs.channel,
                    "lobby-leaves-closed",
                    who = ctx.user.name.as_str()
                ),
            )]);
        };
        let handed = host != live.host;
        live.host = host;
        let lang = ctx.langs.channel;
        let mut text = tr!(lang, "lobby-leaves", who = ctx.user.name.as_str());
        if handed {
            text.push(' ');
            text.push_str(&tr!(lang, "lobby-new-host", host = live.host_name()));
        }
        text.push('\n');
        text.push_str(&lobby_status(lang, &live));
        Ok(vec![lobby_reply(ctx, &live, text)])
    }

    pub(crate) fn start(&self, ctx: &Context, order: SeatOrder) -> Answer {
        let slot = self.open_slot(ctx)?;
        let mut live = lock(&slot.live);
        in_lobby(&live, "start")?;
        if live.host != ctx.user.id && !ctx.can_manage {
            return Err(msg!("lobby-start-host-only", host = live.host_name()).into());
        }
        let (min, max) = live.kind.players();
        let n = live.seats.len() as u8;
        let ready = match live.players {
            Some(p) => n == p,
            None => (min..=max).contains(&n),
        };
        if !ready {
            let need = match live.players {
                Some(p) => msg!("common-players", n = p),
                None => count_range(min, max),
            };
            return Err(msg!(
                "lobby-not-ready",
                game = live.kind.title(),
                need = need,
                n = n
            )
            .into());
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
        let game = AnyGame::new(next.kind, &next.setup(n)).map_err(|e| {
            msg!(
                "lobby-cannot-set-up",
                game = next.kind.title(),
                error = e.msg()
            )
        })?;
        let snapshot = serde_json::to_string(&game).expect("game states serialise");
        next.game = Some(game);
        next.status = Status::Active;
        let assign: Vec<(String, u8)> = next
            .seats
            .iter()
            .map(|s| (s.user_id.clone(), s.seat.unwrap_or(0)))
            .collect();
        let now = self.now_ms();
        let mover = game_first_mover(&next);
        // The start and the first player's clock: one transaction.
        let started = self.store().atomically(|s| {
            s.start(live.id, &assign, &snapshot, now)?;
            advance(
                s,
                &TurnInput {
                    game: live.id,
                    ply: live.ply,
                    status: Status::Active,
                    clock: live.clock.0,
                    mover: mover.as_ref().map(|(seat, u)| (*seat, u.as_str())),
                    at_ms: now,
                    last: None,
                },
            )
        });
        match started {
            Ok(()) => {}
            Err(StoreError::Conflict) => {
                self.reload(&slot, &mut live);
                return Err(msg!("lobby-race", command = "/start").into());
            }
            Err(e) => return Err(store_failure(e)),
        }
        *live = next;
        Table::refresh_auto(&slot, &live);
        let snap = super::play::Snap::of(&live);
        drop(live);
        let game = &snap.game;
        let lang = ctx.langs.channel;
        let seats: Vec<String> = (1..=game.players())
            .map(|s| format!("{s}. {}", snap.live.who(lang, game, s)))
            .collect();
        let head = tr!(
            lang,
            "lobby-begins",
            game = snap.live.kind.title(),
            order = match order {
                SeatOrder::Random => "random",
                SeatOrder::Join => "join",
            },
            seats = seats.join(", ")
        );
        Ok(vec![snap.board_reply(ctx, head)])
    }
}

/// The game row's `settings` column.
pub(crate) fn settings_json(
    clock: super::clocks::ClockKind,
    timeout: super::clocks::Timeout,
    rated: bool,
    hints: bool,
) -> String {
    serde_json::json!({
        "clock": clock.id(),
        "timeout": timeout.id(),
        "rated": rated,
        "hints": hints
    })
    .to_string()
}

/// A game's set-up as `/new` and the games opened by challenges, seeks and tournaments read
/// it from the options as given: checked, and set up once so that what cannot be played is
/// refused now rather than at the start.
pub(crate) struct Prepared {
    pub kind: GameKind,
    pub players: Option<u8>,
    pub opts: Options,
    pub clock: super::clocks::ClockKind,
    pub timeout: super::clocks::Timeout,
    pub rated: bool,
    pub hints: bool,
    pub seed: u64,
}

pub(crate) fn prepare(
    channel: &str,
    now: i64,
    game: &str,
    players: Option<u8>,
    options: &[(String, String)],
) -> Result<Prepared, Refusal> {
    let kind = GameKind::parse(game).ok_or_else(|| {
        let games: Vec<&str> = GameKind::ALL.iter().map(|k| k.id()).collect();
        msg!("lobby-no-such-game", game = game, games = games.join(", "))
    })?;
    let (min, max) = kind.players();
    if let Some(p) = players {
        if p < min || p > max {
            return Err(msg!(
                "lobby-bad-player-count",
                game = kind.title(),
                range = count_range(min, max),
                got = p,
                id = kind.id(),
                min = min
            )
            .into());
        }
    }
    let mut options = options.to_vec();
    let asked_rated = super::hints::asks_rated(&options);
    let rated = super::ratings::rated_option(&mut options)?;
    let hints = super::hints::hints_option(&mut options)?;
    if hints && asked_rated {
        return Err(msg!("hint-rated-conflict").into());
    }
    // Hints help the players: a game with them is never rated.
    let rated = rated && !hints;
    let ((clock, timeout), options) = super::clocks::split_options(&options)?;
    let opts = Options::parse(kind.title(), kind.option_specs(), &options).map_err(|e| {
        msg!(
            "lobby-bad-option",
            error = e.msg(),
            id = kind.id(),
            min = min,
            example = example_option(kind)
        )
    })?;
    let seed = new_seed(channel, now);
    // Set the game up once now so that a game or options that cannot be played are
    // refused at /new rather than at /start.
    AnyGame::new(
        kind,
        &crate::engine::Setup {
            players: players.unwrap_or(min),
            seed,
            options: opts.clone(),
        },
    )
    .map_err(|e| msg!("lobby-cannot-set-up", game = kind.title(), error = e.msg()))?;
    Ok(Prepared {
        kind,
        players,
        opts,
        clock,
        timeout,
        rated,
        hints,
        seed,
    })
}

fn count_range(min: u8, max: u8) -> Msg {
    if min == max {
        msg!("common-players", n = min)
    } else {
        msg!("lobby-players-range", min = min, max = max)
    }
}

fn example_option(kind: GameKind) -> String {
    match kind.option_specs().first() {
        Some(s) => format!(
            "{}:{}",
            s.key,
            s.default.split_whitespace().next().unwrap_or("")
        ),
        None => String::new(),
    }
}

fn already_running(live: &Live) -> Refusal {
    match live.status {
        Status::Lobby => msg!(
            "lobby-already-open",
            game = live.kind.title(),
            host = live.host_name()
        ),
        _ => msg!("lobby-already-running", game = live.kind.title()),
    }
    .into()
}

pub(super) fn in_lobby(live: &Live, what: &'static str) -> Result<(), Refusal> {
    match live.status {
        Status::Lobby => Ok(()),
        _ => Err(msg!("lobby-started", game = live.kind.title(), command = what).into()),
    }
}

/// `Players (1/2): alice. alice starts with /start.`
fn lobby_status(lang: Lang, live: &Live) -> String {
    let names: Vec<&str> = live.seats.iter().map(|s| s.name.as_str()).collect();
    let (min, max) = live.kind.players();
    let n = names.len() as u8;
    let count = match live.players {
        Some(p) => format!("{n}/{p}"),
        None => tr!(lang, "lobby-count-range", n = n, min = min, max = max),
    };
    let ready = match live.players {
        Some(p) => n == p,
        None => n >= min,
    };
    let next = if ready {
        tr!(lang, "lobby-ready", host = live.host_name())
    } else {
        tr!(lang, "lobby-join-hint")
    };
    tr!(
        lang,
        "lobby-status",
        count = count,
        names = names.join(", "),
        next = next
    )
}

fn lobby_reply(ctx: &Context, live: &Live, text: String) -> super::Reply {
    let mut r = public(ctx, text);
    let tag = Some((live.id, live.ply));
    let lang = ctx.langs.channel;
    r.buttons = vec![
        Button {
            label: tr!(lang, "button-join"),
            command: "/join".into(),
            game: tag,
        },
        Button {
            label: tr!(lang, "button-start"),
            command: "/start".into(),
            game: tag,
        },
    ];
    r
}

/// The seat to move first in a game just set up, and its user id.
pub(super) fn game_first_mover(live: &Live) -> Option<(Seat, String)> {
    let seat = live.game.as_ref()?.to_move()?;
    Some((seat, live.at_seat(seat)?.user_id.clone()))
}

/// The answer for a game whose record cannot be rebuilt.
pub(crate) fn damaged(game: i64, e: &super::TableError) -> Refusal {
    let why = match e {
        super::TableError::Corrupt { reason, .. } => reason.clone(),
        other => other.to_string(),
    };
    Refusal(msg!("lobby-damaged", game = game, why = why))
}
