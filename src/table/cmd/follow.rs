//! `/follow` and `/unfollow` (issue 28). The direct messages a followed game's boards bring
//! are `table/followers.rs`, since every command that posts a board sends them.

use crate::i18n::Msg;
use crate::table::answer::{store_failure, Answer, Refusal};
use crate::table::api::Context;
use crate::table::followers::place;
use crate::table::live::Slot;
use crate::table::lock;
use crate::table::parse;
use crate::table::present;
use crate::table::present::lobby::no_game_here;
use crate::table::present::{direct, ephemeral};
use crate::table::running;
use crate::table::service::Handler;
use crate::table::spec;
use crate::table::spec::CommandSpec;
use crate::table::Command;
use crate::table::Request;
use crate::table::Service;
use std::sync::Arc;

/// `/follow [game:N]`: the channel's open game, or game N of this server.
pub(crate) fn follow(svc: &Service, ctx: &Context, game: Option<i64>) -> Answer {
    let slot = followable(svc, ctx, game)?;
    let live = lock(&slot.live).clone();
    if live.is_seated(&ctx.user.id) {
        return Err(present::follow::player(live.kind.title(), live.id).into());
    }
    let fresh = svc
        .store()
        .follow(live.id, &ctx.user.id, svc.now_ms())
        .map_err(store_failure)?;
    let lang = ctx.langs.user;
    let place = place(&live);
    let (title, id) = (live.kind.title(), live.id);
    if !fresh {
        return Err(present::follow::already(title, id, place).into());
    }
    // The first message comes at once: Discord refuses it now if the follower takes no
    // direct messages, and the transport says so (`dms_closed`).
    let welcome = direct(
        &ctx.user.id,
        present::follow::welcome(lang, title, id, place.as_str()),
    );
    Ok(vec![
        ephemeral(ctx, present::follow::done(lang, title, id, place.as_str())),
        welcome,
    ])
}

/// `/unfollow [game:N]`.
pub(crate) fn unfollow(svc: &Service, ctx: &Context, game: Option<i64>) -> Answer {
    let lang = ctx.langs.user;
    let id = match game {
        Some(id) => id,
        None => match svc.slot(&ctx.channel.id) {
            Some(slot) => lock(&slot.live).id,
            None => return Err(no_game_here().into()),
        },
    };
    let stopped = svc
        .store()
        .unfollow(id, &ctx.user.id)
        .map_err(store_failure)?;
    if !stopped {
        return Err(present::follow::not_following(id).into());
    }
    Ok(vec![ephemeral(ctx, present::follow::stopped(lang, id))])
}

/// The open game `/follow` names: game N of this server, or the channel's.
fn followable(svc: &Service, ctx: &Context, game: Option<i64>) -> Result<Arc<Slot>, Refusal> {
    let Some(id) = game else {
        return running::open_slot(svc, ctx);
    };
    let slot = svc
        .slot_of_game(id)
        .ok_or_else(|| Refusal(present::follow::no_game(id)))?;
    // A game number typed on one server must not show another server's games.
    if lock(&slot.live).channel.guild != ctx.channel.guild {
        return Err(present::follow::no_game(id).into());
    }
    Ok(slot)
}

/// `/follow` and `/unfollow`'s game: its number (`#12` or `12`), or the channel's.
fn game_number(spec: &CommandSpec, args: &[parse::Arg]) -> Result<Option<i64>, Msg> {
    let v = parse::Values::of(spec, args)?;
    v.given("game")
        .map(|g| {
            g.trim_start_matches('#')
                .parse::<i64>()
                .map_err(|_| present::follow::bad_id(g.as_str()))
        })
        .transpose()
}

// The commands of this file, as the registry (`cmd/mod.rs`) lists them.

/// `/follow [game]`: a game's boards by direct message.
pub(crate) struct Follow;

const FOLLOW: CommandSpec = spec::cmd(
    "follow",
    spec::FOLLOW,
    &[spec::HelpLine(
        spec::Section::Correspondence,
        17,
        "help-follow",
    )],
);

impl Handler for Follow {
    fn spec(&self) -> &'static CommandSpec {
        &FOLLOW
    }

    fn parse(&self, args: &[parse::Arg]) -> Result<Command, Msg> {
        Ok(Command::Follow {
            game: game_number(self.spec(), args)?,
        })
    }

    fn owns(&self, command: &Command) -> bool {
        matches!(command, Command::Follow { .. })
    }

    fn run(&self, svc: &Service, req: &Request) -> Option<Answer> {
        let Command::Follow { game } = &req.command else {
            return None;
        };
        Some(follow(svc, &req.ctx, *game))
    }
}

/// `/unfollow [game]`.
pub(crate) struct Unfollow;

const UNFOLLOW: CommandSpec = spec::cmd(
    "unfollow",
    spec::FOLLOW,
    &[spec::HelpLine(
        spec::Section::Correspondence,
        17,
        "help-follow",
    )],
);

impl Handler for Unfollow {
    fn spec(&self) -> &'static CommandSpec {
        &UNFOLLOW
    }

    fn parse(&self, args: &[parse::Arg]) -> Result<Command, Msg> {
        Ok(Command::Unfollow {
            game: game_number(self.spec(), args)?,
        })
    }

    fn owns(&self, command: &Command) -> bool {
        matches!(command, Command::Unfollow { .. })
    }

    fn run(&self, svc: &Service, req: &Request) -> Option<Answer> {
        let Command::Unfollow { game } = &req.command else {
            return None;
        };
        Some(unfollow(svc, &req.ctx, *game))
    }
}

#[cfg(test)]
mod tests {
    use crate::table::tests::{tavern, typed};
    use crate::table::{Arg, ManualClock, Reply, Table, Visibility};
    use std::sync::Arc;

    fn dms(replies: &[Reply], who: &str) -> usize {
        let to = Visibility::Direct(format!("local:{who}"));
        replies.iter().filter(|r| r.visibility == to).count()
    }

    /// Follows live in the store: a restarted service still sends the boards, and a notice
    /// that the follows stopped (direct messages refused) is still given, once.
    #[test]
    fn follows_and_their_notices_survive_a_restart() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("plateau.db");
        let clock = Arc::new(ManualClock::new(1_767_225_600_000));
        let p = Arg::positional;
        {
            let t = Table::open_shared(&db, clock.clone()).unwrap();
            typed(&t, tavern("ann", None), "new", &[p("pikemen"), p("2")]);
            typed(&t, tavern("bob", None), "join", &[]);
            typed(
                &t,
                tavern("ann", None),
                "start",
                &[Arg::named("order", "join")],
            );
            for who in ["cid", "dee"] {
                let r = typed(&t, tavern(who, None), "follow", &[]);
                assert_eq!(dms(&r, who), 1, "{r:?}");
            }
        }
        {
            let t = Table::open_shared(&db, clock.clone()).unwrap();
            let r = typed(&t, tavern("ann", None), "turn", &[p("d1"), p("e")]);
            assert_eq!((dms(&r, "cid"), dms(&r, "dee")), (1, 1), "{r:?}");
            // dee's direct messages are refused: her follows stop, the notice waits for her.
            assert_eq!(t.dms_closed("local:dee", false), None);
        }
        let t = Table::open_shared(&db, clock).unwrap();
        let r = typed(&t, tavern("bob", None), "turn", &[p("a4"), p("e")]);
        assert_eq!((dms(&r, "cid"), dms(&r, "dee")), (1, 0), "{r:?}");
        let told = |r: &[Reply]| r.iter().any(|x| x.text.contains("could not send you"));
        let r = typed(&t, tavern("dee", None), "mygames", &[]);
        assert!(told(&r), "{r:?}");
        assert!(
            !r.iter().any(|x| x.text.contains("Games you follow")),
            "{r:?}"
        );
        assert!(!told(&typed(&t, tavern("dee", None), "mygames", &[])));
        assert!(!told(&typed(&t, tavern("cid", None), "mygames", &[])));
        // Told at once when the transport can: nothing is kept then.
        assert!(t
            .dms_closed("local:cid", true)
            .is_some_and(|s| s.contains("game 1")));
        assert!(!told(&typed(&t, tavern("cid", None), "mygames", &[])));
    }
}
