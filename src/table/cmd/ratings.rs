//! The service's side of ratings: `/rating`, `/leaderboard` and `/stats` answered from the
//! rating room. (A finished game is rated by the rating room inside the transaction that ends
//! it: `change.rs`.)

use crate::engine::GameKind;
use crate::i18n::Msg;
use crate::rating::views::{self, Scope, View, Who};
use crate::table::answer::Answer;
use crate::table::api::{Context, Image, Reply};
use crate::table::parse;
use crate::table::present;
use crate::table::present::ephemeral;
use crate::table::service::Handler;
use crate::table::spec;
use crate::table::spec::CommandSpec;
use crate::table::Command;
use crate::table::Request;
use crate::table::Service;

pub(crate) fn rating_cmd(
    svc: &Service,
    ctx: &Context,
    user: Option<&str>,
    kind: Option<GameKind>,
) -> Answer {
    let store = svc.store();
    let who = views::who(&store, user, &me(ctx))?;
    let view = views::rating(&store, ctx.langs.user, &who, kind, guild(ctx))?;
    drop(store);
    Ok(vec![shown(ctx, view, &who)])
}

pub(crate) fn leaderboard_cmd(
    svc: &Service,
    ctx: &Context,
    game: Option<GameKind>,
    scope: Scope,
    page: u32,
) -> Answer {
    let kind = match game {
        Some(k) => k,
        None => svc.channel_game(&ctx.channel.id).ok_or_else(|| {
            let games: Vec<&str> = crate::engine::GameKind::ALL
                .iter()
                .map(|k| k.id())
                .collect();
            present::ratings::which_game(games.join(", "))
        })?,
    };
    let now = svc.now_ms();
    let store = svc.store();
    let view = views::leaderboard(&store, ctx.langs.user, kind, scope, guild(ctx), page, now)?;
    drop(store);
    Ok(vec![shown(ctx, view, &me(ctx))])
}

pub(crate) fn stats_cmd(svc: &Service, ctx: &Context, user: Option<&str>) -> Answer {
    let store = svc.store();
    let who = views::who(&store, user, &me(ctx))?;
    // Only the asker sees the chart: in their theme.
    let theme = crate::table::themes_of::private_theme(svc, &ctx.user.id, &ctx.channel);
    let view = views::stats(&store, ctx.langs.user, &who, theme)?;
    drop(store);
    Ok(vec![shown(ctx, view, &who)])
}

fn me(ctx: &Context) -> Who {
    Who {
        id: ctx.user.id.clone(),
        name: ctx.user.name.clone(),
    }
}

/// Ratings on "this server": the channel's server, or `""` outside one.
fn guild(ctx: &Context) -> &str {
    ctx.channel.guild.as_deref().unwrap_or("")
}

fn shown(ctx: &Context, view: View, who: &Who) -> Reply {
    // Only the asker sees it unless they share it (issue 27).
    let mut reply = ephemeral(ctx, view.text);
    reply.image = view.chart.map(|png| Image {
        name: format!("ratings-{}.png", file_safe(&who.name)),
        png,
        description: present::ratings::alt_chart(ctx.langs.user, who.name.as_str()),
    });
    reply
}

fn file_safe(name: &str) -> String {
    let s: String = name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .take(32)
        .collect();
    if s.is_empty() {
        "player".into()
    } else {
        s
    }
}

// The commands of this file, as the registry (`cmd/mod.rs`) lists them.

/// `/rating [user] [game]`.
pub(crate) struct Rating;

const RATING: CommandSpec = spec::cmd(
    "rating",
    &[
        spec::opt("user", spec::OptionType::User),
        spec::opt("game", spec::OptionType::Game),
        spec::SHARE,
    ],
    &[spec::compete(1, "help-rating")],
);

impl Handler for Rating {
    fn spec(&self) -> &'static CommandSpec {
        &RATING
    }

    fn parse(&self, args: &[parse::Arg]) -> Result<Command, Msg> {
        let v = parse::Values::of(self.spec(), args)?;
        let (mut user, mut game) = (v.given("user"), v.given("game"));
        // `/rating pikemen`: a game where a player was expected.
        if game.is_none()
            && user
                .as_deref()
                .is_some_and(|u| GameKind::parse(u).is_some())
        {
            (user, game) = (None, user);
        }
        Ok(Command::Rating {
            user,
            game: game.as_deref().map(views::game_of).transpose()?,
        })
    }

    fn owns(&self, command: &Command) -> bool {
        matches!(command, Command::Rating { .. })
    }

    fn run(&self, svc: &Service, req: &Request) -> Option<Answer> {
        let Command::Rating { user, game } = &req.command else {
            return None;
        };
        Some(rating_cmd(svc, &req.ctx, user.as_deref(), *game))
    }
}

/// `/leaderboard GAME [scope] [page]`.
pub(crate) struct Leaderboard;

const LEADERBOARD: CommandSpec = spec::cmd(
    "leaderboard",
    &[
        spec::opt("game", spec::OptionType::Game).required(),
        spec::opt("scope", spec::OptionType::Choice(spec::SCOPES)),
        spec::PAGE,
        spec::SHARE,
    ],
    &[spec::compete(1, "help-rating")],
);

impl Handler for Leaderboard {
    fn spec(&self) -> &'static CommandSpec {
        &LEADERBOARD
    }

    fn parse(&self, args: &[parse::Arg]) -> Result<Command, Msg> {
        let v = parse::Values::of(self.spec(), args)?;
        Ok(Command::Leaderboard {
            game: v.given("game").as_deref().map(views::game_of).transpose()?,
            scope: v
                .given("scope")
                .map(|s| Scope::parse(Some(&s)))
                .transpose()?,
            page: v.page()?,
        })
    }

    fn owns(&self, command: &Command) -> bool {
        matches!(command, Command::Leaderboard { .. })
    }

    fn run(&self, svc: &Service, req: &Request) -> Option<Answer> {
        let Command::Leaderboard { game, scope, page } = &req.command else {
            return None;
        };
        Some(leaderboard_cmd(
            svc,
            &req.ctx,
            *game,
            scope.unwrap_or(Scope::Server),
            page.unwrap_or(1),
        ))
    }
}

/// `/stats [user]`.
pub(crate) struct Stats;

const STATS: CommandSpec = spec::cmd(
    "stats",
    &[spec::opt("user", spec::OptionType::User), spec::SHARE],
    &[spec::compete(1, "help-rating")],
);

impl Handler for Stats {
    fn spec(&self) -> &'static CommandSpec {
        &STATS
    }

    fn parse(&self, args: &[parse::Arg]) -> Result<Command, Msg> {
        let v = parse::Values::of(self.spec(), args)?;
        Ok(Command::Stats {
            user: v.given("user"),
        })
    }

    fn owns(&self, command: &Command) -> bool {
        matches!(command, Command::Stats { .. })
    }

    fn run(&self, svc: &Service, req: &Request) -> Option<Answer> {
        let Command::Stats { user } = &req.command else {
            return None;
        };
        Some(stats_cmd(svc, &req.ctx, user.as_deref()))
    }
}
