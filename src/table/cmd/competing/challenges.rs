//! `/challenge`: to one user (who answers with `/accept challenge:N` or `/decline
//! challenge:N`, or the buttons that type them) or open to the server (anyone accepts until
//! the seats are full). The author withdraws with `/decline challenge:N`. A challenge left
//! unanswered expires after [`EXPIRES_MS`].

use crate::engine::rng::SplitMix64;
use crate::engine::GameKind;
use crate::i18n::Msg;
use crate::store::{ChallengeRow, ChallengeStatus, OpeningRow, OpeningSource, StoreError};
use crate::table::api::{Context, Reply, Visibility};
use crate::table::compete::{describe_challenge, not_in_dm, user_option};
use crate::table::languages_of;
use crate::table::markup;
use crate::table::offering;
use crate::table::openings;
use crate::table::openings::title;
use crate::table::parse;
use crate::table::policy::prepare::{prepare, Prepared};
use crate::table::present;
use crate::table::present::{announce, public};
use crate::table::rematching;
use crate::table::service::Handler;
use crate::table::spec;
use crate::table::spec::CommandSpec;
use crate::table::Command;
use crate::table::Request;
use crate::table::Service;
use crate::table::{store_failure, Answer, Refusal};

/// A week, as Abstract Play's challenges wait.
pub const EXPIRES_MS: i64 = 7 * 86_400_000;
const SEAT_SALT: u64 = 0x6368_616c_6c65_6e67; // "challeng"

pub(crate) fn challenge(
    svc: &Service,
    ctx: &Context,
    game: GameKind,
    opponent: Option<&str>,
    players: Option<u8>,
    options: &[(String, String)],
) -> Answer {
    not_in_dm(ctx, "/challenge")?;
    let now = svc.now_ms();
    let Prepared { kind, .. } =
        prepare(svc.new_seed(&ctx.channel.id), game.id(), players, options)?;
    let (min, _) = kind.players();
    let opponent = match opponent {
        None => None,
        Some(o) => {
            let found = user_option(&svc.store(), o)?;
            if found.0 == ctx.user.id {
                return Err(present::challenges::not_yourself().into());
            }
            // A user named by the command's option, seated nowhere yet: read from its id.
            if crate::ai::Occupant::of(&found.0).is_bot() {
                return Err(present::challenges::no_bots().into());
            }
            if ctx.bots.contains(&found.0) {
                return Err(present::challenges::bot_account().into());
            }
            Some(found)
        }
    };
    let players = players.unwrap_or(min.max(2));
    if opponent.is_some() && players != 2 {
        return Err(present::challenges::direct_two(kind.title(), kind.id()).into());
    }
    let row = ChallengeRow {
        id: 0,
        guild: ctx.channel.guild.clone(),
        channel: ctx.channel.id.clone(),
        channel_name: ctx.channel.name.clone(),
        author_id: ctx.user.id.clone(),
        author_name: ctx.user.name.clone(),
        opponent_id: opponent.as_ref().map(|o| o.0.clone()),
        kind,
        players,
        options: options.to_vec(),
        status: ChallengeStatus::Open,
        created_ms: now,
        expires_ms: now + EXPIRES_MS,
    };
    let id = svc.store().add_challenge(&row).map_err(store_failure)?;
    let lang = ctx.langs.channel;
    let what = describe_challenge(lang, kind.title(), players, options);
    let expires = markup::stamp(row.expires_ms);
    let buttons = present::challenges::buttons(lang, id);
    let who = ctx.user.name.as_str();
    let line = match &opponent {
        Some((them, _)) => present::challenges::direct(
            who,
            markup::mention(them),
            what.as_str(),
            id,
            expires.as_str(),
        ),
        None => present::challenges::open(who, what.as_str(), id, players - 1, expires.as_str()),
    };
    let mut post = announce(ctx, line);
    post.buttons = buttons;
    let mut out = Vec::new();
    if let Some((them, _)) = &opponent {
        post.mentions = vec![them.clone()];
        out.push(post);
        // The direct message speaks the challenged player's language; someone whose
        // language is unknown reads the server's.
        let dm = languages_of::user_lang_or(svc, them, ctx.langs.channel);
        let dm_what = describe_challenge(dm, kind.title(), players, options);
        let text = present::challenges::direct_dm(
            dm,
            who,
            dm_what.as_str(),
            markup::channel(&ctx.channel.id),
            id,
        );
        out.push(Reply {
            visibility: Visibility::Direct(them.clone()),
            ..public(ctx, text)
        });
    } else {
        out.push(post);
    }
    Ok(out)
}

/// A bare `/accept` or `/decline`: the offer of this channel's game if there is one to
/// answer, else the rematch waiting here, else the one challenge addressed to the asker
/// on this server; with several,
/// the list of them, since guessing would answer the wrong one.
pub(crate) fn answer_anything(svc: &Service, ctx: &Context, accept: bool) -> Answer {
    let offer = if accept {
        offering::accept(svc, ctx)
    } else {
        offering::decline(svc, ctx)
    };
    if offer.is_ok() {
        return offer;
    }
    if let Some(answer) = rematching::answer_rematch(svc, ctx, accept) {
        return answer;
    }
    let mine: Vec<ChallengeRow> = svc
        .store()
        .challenges_to(&ctx.user.id, svc.now_ms())
        .map_err(store_failure)?
        .into_iter()
        .filter(|c| c.guild == ctx.channel.guild || c.channel == ctx.channel.id)
        .collect();
    match mine.as_slice() {
        [] => offer,
        [one] => answer_challenge(svc, ctx, one.id, accept),
        several => {
            let lang = ctx.langs.user;
            let list: Vec<String> = several
                .iter()
                .map(|c| {
                    present::challenges::list_item(
                        lang,
                        c.id,
                        c.author_name.as_str(),
                        describe_challenge(lang, c.kind.title(), c.players, &c.options),
                    )
                })
                .collect();
            Err(present::challenges::which(list.join("; "), several[0].id, accept).into())
        }
    }
}

/// `/accept challenge:N` and `/decline challenge:N`.
pub(crate) fn answer_challenge(svc: &Service, ctx: &Context, id: i64, accept: bool) -> Answer {
    let found = svc.store().challenge(id).map_err(store_failure)?;
    let c = found
        .filter(|c| c.guild == ctx.channel.guild || c.channel == ctx.channel.id)
        .ok_or_else(|| present::challenges::no_challenge(id))?;
    if c.status != ChallengeStatus::Open {
        return Err(present::challenges::closed(id, c.status.as_str()).into());
    }
    // Past its week, though the tick has not closed it yet.
    if c.expires_ms <= svc.now_ms() {
        return Err(present::challenges::closed(id, ChallengeStatus::Expired.as_str()).into());
    }
    let lang = ctx.langs.channel;
    let here = Context {
        channel: crate::table::ChannelRef {
            id: c.channel.clone(),
            name: c.channel_name.clone(),
            guild: c.guild.clone(),
        },
        ..ctx.clone()
    };
    let game = c.kind.title();
    if !accept {
        let status = if ctx.user.id == c.author_id {
            ChallengeStatus::Withdrawn
        } else if c.opponent_id.as_deref() == Some(ctx.user.id.as_str()) {
            ChallengeStatus::Declined
        } else {
            return Err(present::challenges::not_yours(id).into());
        };
        close(svc, id, status, None)?;
        let text = present::challenges::ended(
            lang,
            status.as_str(),
            ctx.user.name.as_str(),
            c.author_name.as_str(),
            game,
            id,
        );
        return Ok(vec![public(&here, text)]);
    }
    if ctx.user.id == c.author_id {
        return Err(present::challenges::own(id).into());
    }
    if c.opponent_id.as_ref().is_some_and(|o| *o != ctx.user.id) {
        return Err(present::challenges::not_for_you(id).into());
    }
    let now = svc.now_ms();
    let added = svc
        .store()
        .add_accept(id, &ctx.user.id, &ctx.user.name, now);
    match added {
        Ok(()) => {}
        Err(StoreError::Conflict) => return Err(present::challenges::accepted_already(id).into()),
        Err(e) => return Err(store_failure(e)),
    }
    let accepted = svc.store().accepts(id).map_err(store_failure)?;
    let need = c.players as usize - 1;
    if accepted.len() < need {
        return Ok(vec![public(
            &here,
            present::challenges::seat_taken(
                lang,
                ctx.user.name.as_str(),
                id,
                need - accepted.len(),
            ),
        )]);
    }
    let mut seats = vec![(c.author_id.clone(), c.author_name.clone())];
    seats.extend(accepted.into_iter().take(need));
    SplitMix64::new(id as u64 ^ SEAT_SALT ^ now as u64).shuffle(&mut seats);
    let names: Vec<String> = seats.iter().map(|s| s.1.clone()).collect();
    let opening = OpeningRow {
        id: 0,
        guild: c.guild.clone(),
        parent: c.channel.clone(),
        parent_name: c.channel_name.clone(),
        title: title(c.kind, None, &names),
        slug: c.kind.id().into(),
        kind: c.kind,
        options: c.options.clone(),
        seats: seats.clone(),
        source: OpeningSource::Challenge,
        game: None,
        created_ms: now,
    };
    let closed = svc.store().atomically(|s| {
        let o = s.add_opening(&opening)?;
        s.close_challenge(id, ChallengeStatus::Accepted, now, Some(o))
    });
    match closed {
        Ok(()) => {}
        Err(StoreError::Conflict) => {
            return Err(present::challenges::closed(id, ChallengeStatus::Accepted.as_str()).into())
        }
        Err(e) => return Err(store_failure(e)),
    }
    openings::retry_openings(svc);
    let mut r = public(
        &here,
        present::challenges::full(lang, ctx.user.name.as_str(), id, game, names.join(", ")),
    );
    r.mentions.clear();
    Ok(vec![r])
}

fn close(
    svc: &Service,
    id: i64,
    status: ChallengeStatus,
    opening: Option<i64>,
) -> Result<(), Refusal> {
    let now = svc.now_ms();
    let r = svc.store().close_challenge(id, status, now, opening);
    match r {
        Ok(()) => Ok(()),
        Err(StoreError::Conflict) => Err(present::challenges::closed(id, status.as_str()).into()),
        Err(e) => Err(store_failure(e)),
    }
}

/// Challenges past their week: closed, and said in their channel.
pub(crate) fn expire_challenges(svc: &Service) -> Vec<Reply> {
    let now = svc.now_ms();
    let due = crate::table::logged(
        "expired challenges",
        svc.store().expired_challenges(now, svc.shards),
    );
    let mut out = Vec::new();
    for c in due.unwrap_or_default() {
        let closed = svc
            .store()
            .close_challenge(c.id, ChallengeStatus::Expired, now, None);
        match closed {
            Ok(()) => {}
            // Accepted or withdrawn in the meantime.
            Err(StoreError::Conflict) => continue,
            Err(e) => {
                tracing::error!(challenge = c.id, "store: expiring a challenge: {e}");
                continue;
            }
        }
        let ctx = Context {
            channel: crate::table::ChannelRef {
                id: c.channel.clone(),
                name: c.channel_name.clone(),
                guild: c.guild.clone(),
            },
            ..Default::default()
        };
        let lang = languages_of::langs_of(svc, &ctx).channel;
        let game = c.kind.title();
        out.push(public(
            &ctx,
            present::challenges::expired(lang, c.id, c.author_name.as_str(), game),
        ));
    }
    out
}

/// `/accept` and `/decline`: of a challenge when it names one, else of the offer waiting for
/// the author (an undo, a draw, a pause).
fn answer(svc: &Service, req: &Request, accept: bool) -> Answer {
    match req.command {
        Command::AnswerChallenge { id, accept } => answer_challenge(svc, &req.ctx, id, accept),
        _ => answer_anything(svc, &req.ctx, accept),
    }
}

/// Metrics tell the answer to a challenge from the answer to an offer.
fn answer_label(command: &Command) -> &'static str {
    match command {
        Command::AnswerChallenge { .. } => "answer-challenge",
        Command::Accept => "accept",
        _ => "decline",
    }
}

// The commands of this file, as the registry (`cmd/mod.rs`) lists them.

const ACCEPT: CommandSpec = spec::cmd(
    "accept",
    &[spec::CHALLENGE_NUMBER],
    &[
        spec::play(6, "help-draw"),
        spec::compete(2, "help-challenge"),
    ],
);

const DECLINE: CommandSpec = spec::cmd(
    "decline",
    &[spec::CHALLENGE_NUMBER],
    &[
        spec::play(6, "help-draw"),
        spec::compete(2, "help-challenge"),
    ],
);

/// `/accept [challenge]` and `/decline [challenge]`: of a challenge when it names one, else
/// of the offer waiting for the author (an undo, a draw, a pause, a rematch).
pub(crate) struct AcceptDecline {
    spec: &'static CommandSpec,
    accept: bool,
}

pub(crate) static ACCEPT_CMD: AcceptDecline = AcceptDecline {
    spec: &ACCEPT,
    accept: true,
};

pub(crate) static DECLINE_CMD: AcceptDecline = AcceptDecline {
    spec: &DECLINE,
    accept: false,
};

impl Handler for AcceptDecline {
    fn spec(&self) -> &'static CommandSpec {
        self.spec
    }

    fn parse(&self, args: &[parse::Arg]) -> Result<Command, Msg> {
        let v = parse::Values::of(self.spec, args)?;
        Ok(match v.given("challenge") {
            Some(id) => Command::AnswerChallenge {
                id: id
                    .trim_start_matches('#')
                    .parse()
                    .map_err(|_| present::challenges::bad_id(id.as_str()))?,
                accept: self.accept,
            },
            None if self.accept => Command::Accept,
            None => Command::Decline,
        })
    }

    fn owns(&self, command: &Command) -> bool {
        match command {
            Command::Accept => self.accept,
            Command::Decline => !self.accept,
            Command::AnswerChallenge { accept, .. } => *accept == self.accept,
            _ => false,
        }
    }

    fn run(&self, svc: &Service, req: &Request) -> Option<Answer> {
        self.owns(&req.command)
            .then(|| answer(svc, req, self.accept))
    }

    fn label(&self, command: &Command) -> &'static str {
        answer_label(command)
    }
}

/// `/challenge GAME [opponent] [players] [options..]`.
pub(crate) struct Challenge;

const CHALLENGE: CommandSpec = spec::cmd(
    "challenge",
    spec::CHALLENGE,
    &[spec::compete(2, "help-challenge")],
);

impl Handler for Challenge {
    fn spec(&self) -> &'static CommandSpec {
        &CHALLENGE
    }

    fn parse(&self, args: &[parse::Arg]) -> Result<Command, Msg> {
        let mut o = parse::opening(self.spec(), args)?;
        let at = o.options.iter().position(|(n, _)| n == "opponent");
        let named = at.map(|i| o.options.remove(i).1);
        let mut opponents: Vec<String> = named.into_iter().chain(o.mentioned).collect();
        if opponents.len() > 1 {
            return Err(present::challenges::two_opponents());
        }
        let game = o.game.ok_or_else(present::challenges::needs_game)?;
        Ok(Command::Challenge {
            game: parse::game_to_open("challenge", &game)?,
            opponent: opponents.pop(),
            players: o.players,
            options: o.options,
        })
    }

    fn owns(&self, command: &Command) -> bool {
        matches!(command, Command::Challenge { .. })
    }

    fn run(&self, svc: &Service, req: &Request) -> Option<Answer> {
        let Command::Challenge {
            game,
            opponent,
            players,
            options,
        } = &req.command
        else {
            return None;
        };
        Some(challenge(
            svc,
            &req.ctx,
            *game,
            opponent.as_deref(),
            *players,
            options,
        ))
    }
}
