//! `/tournament create|join|leave|start|standings|withdraw|cancel`: tournaments the bot runs
//! by itself. Each round's games open as threads with the tournament's clock (a hard timeout
//! unless told otherwise, as Abstract Play runs its tournaments); when the last game of a
//! round ends, the next round is paired in the transaction that moves the round counter on,
//! so it happens once even when two requests (or two processes) see the round end together.

use crate::competition::Format;
use crate::i18n::Msg;
use crate::table::compete::not_in_dm;
use crate::table::openings;
use crate::table::parse;
use crate::table::rounds::{
    first_round, pinged, round_lines, standings_reply, total_rounds, write_round,
};
use crate::table::service::Handler;
use crate::table::spec;
use crate::table::spec::CommandSpec;
use crate::table::Command;
use crate::table::Request;
use crate::table::Service;

use crate::store::{StoreError, TournamentRow, TournamentStatus};
use crate::table::api::{Context, TournamentAction, TournamentSettings};
use crate::table::policy::prepare::prepare;
use crate::table::present;
use crate::table::present::{announce, public};
use crate::table::{store_failure, Answer, Refusal};

pub(crate) fn tournament(
    svc: &Service,
    ctx: &Context,
    action: TournamentAction,
    settings: &TournamentSettings,
) -> Answer {
    not_in_dm(ctx, "/tournament")?;
    match action {
        TournamentAction::Create => t_create(svc, ctx, settings),
        TournamentAction::Join => t_join(svc, ctx),
        TournamentAction::Leave => t_leave(svc, ctx),
        TournamentAction::Start => t_start(svc, ctx),
        TournamentAction::Standings => t_standings(svc, ctx),
        TournamentAction::Withdraw => t_withdraw(svc, ctx),
        TournamentAction::Cancel => t_cancel(svc, ctx),
    }
}

fn t_create(svc: &Service, ctx: &Context, settings: &TournamentSettings) -> Answer {
    if !ctx.can_manage {
        return Err(present::tournaments::manage_only().into());
    }
    let game = settings.game.ok_or_else(present::tournaments::needs_game)?;
    let format = settings.format.unwrap_or(Format::Swiss);
    let (per, rounds) = (settings.players, settings.rounds);
    let mut game_options = settings.options.clone();
    // A round ends only when its last game does: tournament games are timed (standard
    // unless told) and time out hard, so a player who stops playing loses rather than
    // holding everyone up. `clock:untimed` is the organiser's explicit choice.
    let clock = game_options
        .iter()
        .find(|(n, _)| n == "clock")
        .map(|(_, v)| v.clone());
    if clock.is_none() {
        game_options.push(("clock".into(), "standard".into()));
    }
    if clock.as_deref() != Some("untimed") && !game_options.iter().any(|(n, _)| n == "timeout") {
        game_options.push(("timeout".into(), "hard".into()));
    }
    let now = svc.now_ms();
    let prepared = prepare(svc.new_seed(&ctx.channel.id), game.id(), per, &game_options)?;
    let kind = prepared.kind;
    let (min, _) = kind.players();
    let per = per.unwrap_or(min.max(2));
    if per > 2 && format == Format::Knockout {
        return Err(present::tournaments::knockout_two(kind.title()).into());
    }
    let row = TournamentRow {
        id: 0,
        guild: ctx.channel.guild.clone(),
        channel: ctx.channel.id.clone(),
        channel_name: ctx.channel.name.clone(),
        creator_id: ctx.user.id.clone(),
        creator_name: ctx.user.name.clone(),
        kind,
        format,
        per_game: per,
        rounds,
        options: game_options,
        status: TournamentStatus::Signup,
        round: 0,
        created_ms: now,
    };
    let added = svc.store().add_tournament(&row);
    let id = match added {
        Ok(id) => id,
        Err(StoreError::Conflict) => return Err(present::tournaments::exists().into()),
        Err(e) => return Err(store_failure(e)),
    };
    // Said before anyone signs up: how long a move may take and what running out costs.
    let option = |name: &str| {
        row.options
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
    };
    let clock = option("clock").unwrap_or_else(|| "standard".into());
    let timeout = match option("timeout") {
        Some(t) if clock != "untimed" => t,
        _ => "none".into(),
    };
    let mut r = announce(
        ctx,
        present::tournaments::created(
            id,
            ctx.user.name.as_str(),
            kind.title(),
            format.id(),
            per,
            present::tournaments::clock_describe(clock),
            timeout,
        ),
    );
    r.buttons = vec![crate::table::api::Button {
        label: present::tournaments::button_join(ctx.langs.channel),
        command: "/tournament join".into(),
        game: None,
    }];
    Ok(vec![r])
}

fn current(svc: &Service, ctx: &Context) -> Result<TournamentRow, Refusal> {
    let t = svc
        .store()
        .tournament_in(&ctx.channel.id)
        .map_err(store_failure)?;
    t.ok_or_else(|| present::tournaments::no_tournament().into())
}

fn t_join(svc: &Service, ctx: &Context) -> Answer {
    let t = current(svc, ctx)?;
    if t.status != TournamentStatus::Signup {
        return Err(present::tournaments::not_signup(t.status.as_str()).into());
    }
    let added = svc.store().add_entrant(t.id, &ctx.user.id, &ctx.user.name);
    match added {
        Ok(()) => {}
        Err(StoreError::Conflict) => return Err(present::tournaments::joined_already(t.id).into()),
        Err(e) => return Err(store_failure(e)),
    }
    let n = svc.store().entrants(t.id).map_err(store_failure)?.len();
    Ok(vec![announce(
        ctx,
        present::tournaments::joins(ctx.user.name.as_str(), t.id, n),
    )])
}

fn t_leave(svc: &Service, ctx: &Context) -> Answer {
    let t = current(svc, ctx)?;
    if t.status != TournamentStatus::Signup {
        return Err(present::tournaments::leave_running().into());
    }
    if !svc
        .store()
        .remove_entrant(t.id, &ctx.user.id)
        .map_err(store_failure)?
    {
        return Err(present::tournaments::not_entered(t.id).into());
    }
    Ok(vec![announce(
        ctx,
        present::tournaments::leaves(ctx.user.name.as_str(), t.id),
    )])
}

fn may_run(_svc: &Service, ctx: &Context, t: &TournamentRow) -> Result<(), Refusal> {
    if ctx.user.id != t.creator_id && !ctx.can_manage {
        return Err(present::tournaments::organiser_only(t.creator_name.as_str()).into());
    }
    Ok(())
}

fn t_start(svc: &Service, ctx: &Context) -> Answer {
    let t = current(svc, ctx)?;
    may_run(svc, ctx, &t)?;
    if t.status != TournamentStatus::Signup {
        return Err(present::tournaments::not_signup(t.status.as_str()).into());
    }
    let entrants = svc.store().entrants(t.id).map_err(store_failure)?;
    let need = if t.per_game == 2 {
        3
    } else {
        t.per_game as usize + 1
    };
    if entrants.len() < need {
        return Err(present::tournaments::too_few(entrants.len(), need).into());
    }
    // Seeds by rating (the ratings room's), then join order.
    let mut order: Vec<(f64, usize)> = entrants
        .iter()
        .map(|e| {
            let found = svc.store().rating(&e.user_id, t.kind.id());
            let r = crate::table::logged("an entrant's rating", found)
                .flatten()
                .map(|r| r.rating);
            (r.unwrap_or(f64::NEG_INFINITY), e.entry)
        })
        .collect();
    order.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    let seeds: Vec<usize> = {
        let mut s = vec![0; entrants.len()];
        for (i, &(_, e)) in order.iter().enumerate() {
            s[e] = i + 1;
        }
        s
    };
    let mut entrants = entrants;
    for e in entrants.iter_mut() {
        e.seed = Some(seeds[e.entry]);
    }
    let pairings = first_round(&t, &entrants);
    let now = svc.now_ms();
    let done = svc.store().atomically(|s| {
        for e in &entrants {
            s.set_seed(t.id, e.entry, seeds[e.entry])?;
        }
        s.move_tournament(
            t.id,
            (TournamentStatus::Signup, 0),
            (TournamentStatus::Running, 1),
            now,
        )?;
        write_round(s, ctx.langs.channel, &t, &entrants, 1, &pairings, now)
    });
    match done {
        Ok(()) => {}
        Err(StoreError::Conflict) => {
            return Err(present::tournaments::not_signup(TournamentStatus::Running.as_str()).into())
        }
        Err(e) => return Err(store_failure(e)),
    }
    openings::retry_openings(svc);
    let lang = ctx.langs.channel;
    let total = total_rounds(&t, entrants.len());
    let mut text = present::tournaments::starts(
        lang,
        t.id,
        entrants.len(),
        total.map(|r| r as i64).unwrap_or(-1),
    );
    text.push('\n');
    text.push_str(&round_lines(lang, &entrants, &pairings));
    let mut r = public(ctx, text);
    r.mentions = pinged(&entrants, &pairings);
    Ok(vec![r])
}

fn t_standings(svc: &Service, ctx: &Context) -> Answer {
    let t = current(svc, ctx)?;
    let (entrants, games) = {
        let s = svc.store();
        (
            s.entrants(t.id).map_err(store_failure)?,
            s.tournament_games(t.id).map_err(store_failure)?,
        )
    };
    Ok(vec![standings_reply(
        ctx,
        &t,
        &entrants,
        &games,
        (None, None),
        crate::table::themes_of::public_theme(svc, &ctx.channel),
    )])
}

fn t_withdraw(svc: &Service, ctx: &Context) -> Answer {
    let t = current(svc, ctx)?;
    if t.status != TournamentStatus::Running {
        return Err(present::tournaments::withdraw_not_running().into());
    }
    let entrants = svc.store().entrants(t.id).map_err(store_failure)?;
    let me = entrants
        .iter()
        .find(|e| e.user_id == ctx.user.id)
        .ok_or_else(|| present::tournaments::not_entered(t.id))?;
    if me.withdrawn {
        return Err(present::tournaments::withdrawn_already(t.id).into());
    }
    svc.store()
        .withdraw_entrant(t.id, me.entry)
        .map_err(store_failure)?;
    Ok(vec![announce(
        ctx,
        present::tournaments::withdraws(ctx.user.name.as_str(), t.id),
    )])
}

fn t_cancel(svc: &Service, ctx: &Context) -> Answer {
    let t = current(svc, ctx)?;
    may_run(svc, ctx, &t)?;
    if t.status != TournamentStatus::Signup && t.status != TournamentStatus::Running {
        return Err(present::tournaments::not_signup(t.status.as_str()).into());
    }
    let now = svc.now_ms();
    let r = svc.store().move_tournament(
        t.id,
        (t.status, t.round),
        (TournamentStatus::Cancelled, t.round),
        now,
    );
    r.map_err(store_failure)?;
    Ok(vec![announce(
        ctx,
        present::tournaments::cancelled(t.id, ctx.user.name.as_str()),
    )])
}

/// `/tournament ACTION [options..]`: the action first, the rest by name or in declared order
/// (`/tournament create pikemen swiss`).
fn read(spec: &CommandSpec, args: &[parse::Arg]) -> Result<Command, Msg> {
    let declared = spec.option_names();
    let mut action = None;
    let mut options = Vec::new();
    for a in args {
        match a.name.as_deref().map(str::to_ascii_lowercase) {
            Some(n) if n == "action" => action = Some(a.value.trim().to_string()),
            Some(n) => options.push((n, a.value.trim().to_string())),
            None if action.is_none() => action = Some(a.value.trim().to_string()),
            // `/tournament create pikemen swiss`: the rest in declared order.
            None => {
                let next = declared[1..]
                    .iter()
                    .find(|d| !options.iter().any(|(n, _)| n == *d))
                    .ok_or_else(|| {
                        present::tournaments::too_many_values(
                            "tournament",
                            declared.join(", "),
                            declared.len(),
                            a.value.as_str(),
                        )
                    })?;
                options.push((next.to_string(), a.value.trim().to_string()));
            }
        }
    }
    let action = action.ok_or_else(present::tournaments::no_action)?;
    let action = TournamentAction::parse(&action)
        .ok_or_else(|| present::tournaments::bad_action(action.to_ascii_lowercase()))?;
    let mut take = |k: &str| {
        let at = options.iter().position(|(n, _)| n == k)?;
        Some(options.remove(at).1)
    };
    let game = take("game");
    let format = take("format");
    let players = take("players");
    let rounds = take("rounds");
    let settings = TournamentSettings {
        game: game
            .as_deref()
            .map(|g| parse::game_to_open("tournament", g))
            .transpose()?,
        format: format
            .map(|f| Format::parse(&f).ok_or_else(|| present::tournaments::bad_format(f.as_str())))
            .transpose()?,
        players: parse::tournament_number("players", players, |_: &u8| true)?,
        rounds: parse::tournament_number("rounds", rounds, |r: &u32| (1..=50).contains(r))?,
        options,
    };
    Ok(Command::Tournament { action, settings })
}

// The commands of this file, as the registry (`cmd/mod.rs`) lists them.

/// `/tournament ACTION [options..]`.
pub(crate) struct TournamentCommand;

const TOURNAMENT: CommandSpec = spec::cmd(
    "tournament",
    spec::TOURNAMENT,
    &[spec::compete(4, "help-tournament")],
);

impl Handler for TournamentCommand {
    fn spec(&self) -> &'static CommandSpec {
        &TOURNAMENT
    }

    fn parse(&self, args: &[parse::Arg]) -> Result<Command, Msg> {
        read(self.spec(), args)
    }

    fn owns(&self, command: &Command) -> bool {
        matches!(command, Command::Tournament { .. })
    }

    fn run(&self, svc: &Service, req: &Request) -> Option<Answer> {
        let Command::Tournament { action, settings } = &req.command else {
            return None;
        };
        Some(tournament(svc, &req.ctx, *action, settings))
    }
}
