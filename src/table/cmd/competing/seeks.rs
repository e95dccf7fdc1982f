//! `/seek GAME [players] [clock] [rated]`: a place in the server's queue; when enough
//! compatible seekers wait (`competition::seeks`), their game opens and each is pinged once.
//! `/seek` alone lists the queue, `/unseek` leaves it. The queue is matched again on every
//! tick, since rating windows widen as seekers wait.

use crate::competition::seeks::{next_table, Seek};
use crate::engine::rng::SplitMix64;
use crate::engine::GameKind;
use crate::i18n::Msg;
use crate::store::{ClockKind, OpeningRow, OpeningSource, SeekClock, SeekRow};
use crate::table::api::{ChannelRef, Context, Reply};
use crate::table::compete::{guild_key, not_in_dm, user_option};
use crate::table::languages_of;
use crate::table::markup;
use crate::table::openings;
use crate::table::openings::title;
use crate::table::parse;
use crate::table::policy::prepare::{prepare, Prepared};
use crate::table::policy::GameSettings;
use crate::table::present;
use crate::table::present::ephemeral;
use crate::table::present::public;
use crate::table::service::Handler;
use crate::table::spec;
use crate::table::spec::CommandSpec;
use crate::table::Command;
use crate::table::Request;
use crate::table::Service;
use crate::table::{store_failure, Answer};

const SEAT_SALT: u64 = 0x7365_656b_7365_6174; // "seekseat"
/// The rating a player without one is matched at (the ratings room's starting value).
const UNRATED: f64 = 1500.0;

pub(crate) fn seek(
    svc: &Service,
    ctx: &Context,
    game: Option<GameKind>,
    players: Option<u8>,
    options: &[(String, String)],
) -> Answer {
    not_in_dm(ctx, "/seek")?;
    let Some(game) = game else {
        return seek_list(svc, ctx);
    };
    let now = svc.now_ms();
    let Prepared { kind, settings, .. } =
        prepare(svc.new_seed(&ctx.channel.id), game.id(), players, options)?;
    let GameSettings {
        clock,
        timeout,
        rated,
        ..
    } = settings;
    let (min, _) = kind.players();
    let players = players.unwrap_or(min.max(2));
    let rating = if rated {
        let found = svc.store().rating(&ctx.user.id, kind.id());
        crate::table::logged("a seeker's rating", found)
            .flatten()
            .map(|r| r.rating)
            .unwrap_or(UNRATED)
    } else {
        UNRATED
    };
    let row = SeekRow {
        user_id: ctx.user.id.clone(),
        guild: guild_key(ctx),
        name: ctx.user.name.clone(),
        channel: ctx.channel.id.clone(),
        channel_name: ctx.channel.name.clone(),
        kind,
        players,
        clock: SeekClock { clock, timeout },
        rated,
        rating,
        since_ms: now,
    };
    // One seek a player on a server: the same again keeps its place in the queue and says
    // nothing in the channel; another replaces it, and the post says which.
    let before = svc
        .store()
        .seeks(Some(&row.guild), svc.shards)
        .map_err(store_failure)?
        .into_iter()
        .find(|s| s.user_id == row.user_id);
    if let Some(old) = before.as_ref().filter(|old| same_wish(old, &row)) {
        let me = ctx.langs.user;
        return Ok(vec![ephemeral(
            ctx,
            present::seeks::already(me, seek_words(me, old), markup::stamp(old.since_ms)),
        )]);
    }
    svc.store().put_seek(&row).map_err(store_failure)?;
    let lang = ctx.langs.channel;
    let what = seek_words(lang, &row);
    let placed = match &before {
        None => present::seeks::placed(lang, ctx.user.name.as_str(), what.as_str()),
        Some(old) => present::seeks::replaced(
            lang,
            ctx.user.name.as_str(),
            what.as_str(),
            seek_words(lang, old),
        ),
    };
    let mut out = vec![public(ctx, placed.clone())];
    // The server's seek channel hears of it too.
    let announce = svc.store().seek_channel(&row.guild).ok().flatten();
    if let Some((id, name)) = announce.filter(|(id, _)| *id != ctx.channel.id) {
        let to = Context {
            channel: ChannelRef {
                id,
                name,
                guild: ctx.channel.guild.clone(),
            },
            ..ctx.clone()
        };
        out.push(public(&to, placed));
    }
    out.extend(match_seeks(svc, Some(&row.guild)));
    Ok(out)
}

/// `/unseek`, or a moderator's `/unseek user:@someone` (Manage Channels), which tells the
/// seeker by direct message.
pub(crate) fn unseek(svc: &Service, ctx: &Context, user: Option<&str>) -> Answer {
    let (id, name) = match user {
        None => (ctx.user.id.clone(), ctx.user.name.clone()),
        Some(u) => {
            let found = user_option(&svc.store(), u)?;
            if found.0 != ctx.user.id && !ctx.can_manage {
                return Err(present::seeks::remove_manage().into());
            }
            found
        }
    };
    // The seek knows the name its player gave, which a bare mention may not.
    let queued = svc
        .store()
        .seeks(Some(&guild_key(ctx)), svc.shards)
        .map_err(store_failure)?
        .into_iter()
        .find(|s| s.user_id == id);
    let name = queued.map_or(name, |s| s.name);
    let removed = svc
        .store()
        .remove_seek(&id, &guild_key(ctx))
        .map_err(store_failure)?;
    let me = ctx.langs.user;
    if id == ctx.user.id {
        if !removed {
            return Err(present::seeks::not_queued().into());
        }
        return Ok(vec![ephemeral(ctx, present::seeks::left(me))]);
    }
    if !removed {
        return Err(match name.is_empty() {
            true => present::seeks::not_queued_unknown(),
            false => present::seeks::not_queued_who(name.as_str()),
        }
        .into());
    }
    let mut out = vec![ephemeral(ctx, present::seeks::removed(me, name.as_str()))];
    let to = Context {
        user: crate::table::UserRef {
            id: id.clone(),
            name: name.clone(),
        },
        ..ctx.clone()
    };
    let theirs = languages_of::langs_of(svc, &to).user;
    out.push(Reply {
        visibility: crate::table::api::Visibility::Direct(id),
        ..public(
            ctx,
            present::seeks::removed_dm(
                theirs,
                ctx.user.name.as_str(),
                markup::channel(&ctx.channel.id),
            ),
        )
    });
    Ok(out)
}

fn seek_list(svc: &Service, ctx: &Context) -> Answer {
    let queue = svc
        .store()
        .seeks(Some(&guild_key(ctx)), svc.shards)
        .map_err(store_failure)?;
    let lang = ctx.langs.user;
    if queue.is_empty() {
        return Ok(vec![ephemeral(ctx, present::seeks::queue_empty(lang))]);
    }
    let lines: Vec<String> = queue
        .iter()
        .map(|s| {
            present::seeks::queue_line(
                lang,
                s.name.as_str(),
                seek_words(lang, s),
                markup::stamp(s.since_ms),
            )
        })
        .collect();
    Ok(vec![ephemeral(ctx, present::seeks::queue(lang, &lines))])
}

/// Opens every table the queue can seat now (one server, or all on a tick).
pub(crate) fn match_seeks(svc: &Service, guild: Option<&str>) -> Vec<Reply> {
    let now = svc.now_ms();
    let mut out = Vec::new();
    loop {
        let found = svc.store().seeks(guild, svc.shards);
        let queue = match found {
            Ok(q) => q,
            Err(e) => {
                tracing::error!("store: seeks: {e}");
                return out;
            }
        };
        let seeks: Vec<Seek> = queue
            .iter()
            .map(|s| Seek {
                user: s.user_id.clone(),
                wants: format!(
                    "{}|{}|{}|{}|{}",
                    s.guild, s.kind, s.players, s.clock, s.rated
                ),
                players: s.players as usize,
                rated: s.rated,
                rating: s.rating,
                since_ms: s.since_ms,
            })
            .collect();
        let Some(table) = next_table(&seeks, now) else {
            return out;
        };
        let first = &queue[table[0]];
        let mut seats: Vec<(String, String)> = table
            .iter()
            .map(|&i| (queue[i].user_id.clone(), queue[i].name.clone()))
            .collect();
        SplitMix64::new(now as u64 ^ SEAT_SALT).shuffle(&mut seats);
        let names: Vec<String> = seats.iter().map(|s| s.1.clone()).collect();
        let SeekClock { clock, timeout } = first.clock;
        let mut options = Vec::new();
        if clock != ClockKind::Untimed {
            options.push(("clock".to_string(), clock.id().to_string()));
            options.push(("timeout".to_string(), timeout.id().to_string()));
        }
        options.push(("rated".to_string(), first.rated.to_string()));
        let opening = OpeningRow {
            id: 0,
            guild: Some(first.guild.clone()).filter(|g| !g.is_empty()),
            parent: first.channel.clone(),
            parent_name: first.channel_name.clone(),
            title: title(first.kind, None, &names),
            slug: first.kind.id().into(),
            kind: first.kind,
            options,
            seats: seats.clone(),
            source: OpeningSource::Seek,
            game: None,
            created_ms: now,
        };
        let done = svc.store().atomically(|s| {
            for &i in &table {
                s.remove_seek(&queue[i].user_id, &queue[i].guild)?;
            }
            s.add_opening(&opening)
        });
        if let Err(e) = done {
            tracing::error!("store: matching seeks: {e}");
            return out;
        }
        openings::retry_openings(svc);
        let ctx = Context {
            channel: ChannelRef {
                id: first.channel.clone(),
                name: first.channel_name.clone(),
                guild: opening.guild.clone(),
            },
            ..Default::default()
        };
        let lang = languages_of::langs_of(svc, &ctx).channel;
        let pings: Vec<String> = seats.iter().map(|s| markup::mention(&s.0)).collect();
        let mut r = public(
            &ctx,
            present::seeks::matched(lang, seek_words(lang, first).as_str(), pings.join(", ")),
        );
        // The one ping of a match: everyone at the new table, once.
        r.mentions = seats.iter().map(|s| s.0.clone()).collect();
        out.push(r);
    }
}

/// Whether two seeks ask for the same game, as matching compares them.
fn same_wish(a: &SeekRow, b: &SeekRow) -> bool {
    (a.kind, a.players, a.clock, a.rated) == (b.kind, b.players, b.clock, b.rated)
}

/// `Pikemen for 2 players, untimed, rated`.
fn seek_words(lang: crate::i18n::Lang, s: &SeekRow) -> String {
    let game = s.kind.title();
    present::seeks::what(
        lang,
        game,
        present::lobby::size(s.players),
        s.clock.clock.id(),
        s.rated,
    )
}

// The commands of this file, as the registry (`cmd/mod.rs`) lists them.

/// `/seek [game] [players] [clock] [rated]`: the queue.
pub(crate) struct SeekCommand;

const SEEK: CommandSpec = spec::cmd("seek", spec::SEEK, &[spec::compete(3, "help-seek")]);

impl Handler for SeekCommand {
    fn spec(&self) -> &'static CommandSpec {
        &SEEK
    }

    fn parse(&self, args: &[parse::Arg]) -> Result<Command, Msg> {
        let o = parse::opening_alone(self.spec(), args, "seek-mention")?;
        Ok(Command::Seek {
            game: o
                .game
                .as_deref()
                .map(|g| parse::game_to_open("seek", g))
                .transpose()?,
            players: o.players,
            options: o.options,
        })
    }

    fn owns(&self, command: &Command) -> bool {
        matches!(command, Command::Seek { .. })
    }

    fn run(&self, svc: &Service, req: &Request) -> Option<Answer> {
        let Command::Seek {
            game,
            players,
            options,
        } = &req.command
        else {
            return None;
        };
        Some(seek(svc, &req.ctx, *game, *players, options))
    }
}

/// `/unseek [user]`: leaves the queue.
pub(crate) struct Unseek;

const UNSEEK: CommandSpec = spec::cmd(
    "unseek",
    &[spec::opt("user", spec::OptionType::User)],
    &[spec::compete(3, "help-seek")],
);

impl Handler for Unseek {
    fn spec(&self) -> &'static CommandSpec {
        &UNSEEK
    }

    fn parse(&self, args: &[parse::Arg]) -> Result<Command, Msg> {
        let v = parse::Values::of(self.spec(), args)?;
        Ok(Command::Unseek {
            user: v.given("user"),
        })
    }

    fn owns(&self, command: &Command) -> bool {
        matches!(command, Command::Unseek { .. })
    }

    fn run(&self, svc: &Service, req: &Request) -> Option<Answer> {
        let Command::Unseek { user } = &req.command else {
            return None;
        };
        Some(unseek(svc, &req.ctx, user.as_deref()))
    }
}
