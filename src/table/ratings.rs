//! The service's side of ratings: `/rating`, `/leaderboard` and `/stats` answered from the
//! rating room, and a finished game rated inside the transaction that ends it.

use super::live::Live;
use super::{public, Answer, Context, Table};
use crate::engine::{AnyGame, GameKind};
use crate::i18n::Msg;
use crate::msg;
use crate::rating::views::{self, Scope, View, Who};
use crate::rating::{self, Applied, Ended, Player};
use crate::store::{Result as StoreResult, Store};
use crate::table::api::{Image, Reply};

impl Table {
    pub(crate) fn rating_cmd(
        &self,
        ctx: &Context,
        user: Option<&str>,
        kind: Option<GameKind>,
    ) -> Answer {
        let store = self.store();
        let who = views::who(&store, user, &me(ctx))?;
        let view = views::rating(&store, ctx.langs.channel, &who, kind, guild(ctx))?;
        drop(store);
        Ok(vec![shown(ctx, view, &who)])
    }

    pub(crate) fn leaderboard_cmd(
        &self,
        ctx: &Context,
        game: Option<GameKind>,
        scope: Scope,
        page: u32,
    ) -> Answer {
        let kind = match game {
            Some(k) => k,
            None => self.channel_game(ctx).ok_or_else(|| {
                let games: Vec<&str> = crate::engine::GameKind::ALL
                    .iter()
                    .map(|k| k.id())
                    .collect();
                msg!("leaderboard-which-game", games = games.join(", "))
            })?,
        };
        let now = self.now_ms();
        let store = self.store();
        let view = views::leaderboard(
            &store,
            ctx.langs.channel,
            kind,
            scope,
            guild(ctx),
            page,
            now,
        )?;
        drop(store);
        Ok(vec![shown(ctx, view, &me(ctx))])
    }

    pub(crate) fn stats_cmd(&self, ctx: &Context, user: Option<&str>) -> Answer {
        let store = self.store();
        let who = views::who(&store, user, &me(ctx))?;
        let view = views::stats(&store, ctx.langs.channel, &who)?;
        drop(store);
        Ok(vec![shown(ctx, view, &who)])
    }

    /// The author's rating in `kind`, as `/mygames` shows it next to a game.
    pub(crate) fn rating_shown(&self, user: &str, kind: &str) -> Option<String> {
        let found = self.store().rating(user, kind);
        match found {
            Ok(r) => r.map(|r| crate::rating::system::shown(r.rating, r.deviation)),
            Err(e) => {
                tracing::error!("reading a rating: {e}");
                None
            }
        }
    }
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
    let mut reply = public(ctx, view.text);
    reply.image = view.chart.map(|png| Image {
        name: format!("ratings-{}.png", file_safe(&who.name)),
        png,
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

/// Rates `next` (a game that just ended) if it counts; the sentence listing the changes.
/// Runs inside the transaction of the change that ended it.
pub(crate) fn settle_ended(
    s: &mut Store,
    live: &Live,
    next: &AnyGame,
    at_ms: i64,
) -> StoreResult<Option<Msg>> {
    let seq = s.mark_ended(live.id)?;
    let mut players: Vec<Player> = live
        .seats
        .iter()
        .filter_map(|r| {
            r.seat.map(|seat| Player {
                user_id: r.user_id.clone(),
                name: r.name.clone(),
                seat,
            })
        })
        .collect();
    players.sort_by_key(|p| p.seat);
    if !rating::counts(live.rated, &players) {
        return Ok(None);
    }
    let Some(places) = next.places() else {
        return Ok(None);
    };
    let applied = rating::settle(
        s,
        &Ended {
            game: live.id,
            seq,
            kind: live.kind.id(),
            guild: live.channel.guild.as_deref().unwrap_or(""),
            players: &players,
            places: &places,
            at_ms,
        },
    )?;
    Ok(Some(changes(&applied)))
}

fn changes(applied: &[Applied]) -> Msg {
    let list: Vec<Msg> = applied
        .iter()
        .map(|a| {
            let delta = a.after.rating.round() as i64 - a.before.rating.round() as i64;
            msg!(
                "rating-change",
                who = a.name.as_str(),
                before = a.before.shown(),
                after = a.after.shown(),
                delta = views::signed(delta)
            )
        })
        .collect();
    msg!(
        "rating-changes",
        list = crate::i18n::Arg::list(list, crate::i18n::Join::And)
    )
}

/// `/new`'s `rated` option, read out of the options; a clear refusal for anything else.
pub(crate) fn rated_option(options: &mut Vec<(String, String)>) -> Result<bool, Msg> {
    rating::rated_option(options).map_err(|v| msg!("rating-bad-option", value = v.as_str()))
}
