//! The service's side of ratings: `/rating`, `/leaderboard` and `/stats` answered from the
//! rating room. (A finished game is rated by the rating room inside the transaction that ends
//! it: `change.rs`.)

use crate::engine::GameKind;
use crate::msg;
use crate::rating::views::{self, Scope, View, Who};
use crate::table::answer::Answer;
use crate::table::api::{Context, Image, Reply};
use crate::table::present::ephemeral;
use crate::table::Table;

impl Table {
    pub(crate) fn rating_cmd(
        &self,
        ctx: &Context,
        user: Option<&str>,
        kind: Option<GameKind>,
    ) -> Answer {
        let store = self.store();
        let who = views::who(&store, user, &me(ctx))?;
        let view = views::rating(&store, ctx.langs.user, &who, kind, guild(ctx))?;
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
        let view = views::leaderboard(&store, ctx.langs.user, kind, scope, guild(ctx), page, now)?;
        drop(store);
        Ok(vec![shown(ctx, view, &me(ctx))])
    }

    pub(crate) fn stats_cmd(&self, ctx: &Context, user: Option<&str>) -> Answer {
        let store = self.store();
        let who = views::who(&store, user, &me(ctx))?;
        let view = views::stats(&store, ctx.langs.user, &who)?;
        drop(store);
        Ok(vec![shown(ctx, view, &who)])
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
    // Only the asker sees it unless they share it (issue 27).
    let mut reply = ephemeral(ctx, view.text);
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
