//! `/follow` and `/unfollow`, and the direct messages a turn brings (issue 28): each followed
//! game's board to its followers, and the turn notice to a player who takes it by direct
//! message (`/settings notify:dm|both`).
//!
//! [`Table::mail`] is the one place those messages are made: every path that posts a game's
//! public board (a turn that passed, a game that started or ended) calls it with that board,
//! so a follower gets one message per board, never one per action (a Battle Zone turn, a round
//! of computer moves), and the channel is never pinged for them. A follower to whom Discord
//! refuses direct messages is unfollowed by [`Table::dms_closed`] and told so once, privately,
//! with their next answer.

use crate::i18n::Lang;
use crate::store::Status;
use crate::table::answer::{store_failure, Answer, Refusal};
use crate::table::api::{Context, Reply, Visibility};
use crate::table::live::{Live, Slot};
use crate::table::markup::channel_link;
use crate::table::present::board::Snap;
use crate::table::present::lobby::no_game_here;
use crate::table::present::{direct, ephemeral};
use crate::table::turns::TurnNews;
use crate::table::{lock, Table};
use crate::{msg, tr};
use std::sync::atomic::Ordering;
use std::sync::Arc;

impl Table {
    /// `/follow [game:N]`: the channel's open game, or game N of this server.
    pub(crate) fn follow(&self, ctx: &Context, game: Option<i64>) -> Answer {
        let slot = self.followable(ctx, game)?;
        let live = lock(&slot.live).clone();
        if live.is_seated(&ctx.user.id) {
            return Err(msg!("follow-player", game = live.kind.title(), id = live.id).into());
        }
        let fresh = self
            .store()
            .follow(live.id, &ctx.user.id, self.now_ms())
            .map_err(store_failure)?;
        let lang = ctx.langs.user;
        let place = place(&live);
        let (title, id) = (live.kind.title(), live.id);
        if !fresh {
            return Err(msg!("follow-already", game = title, id = id, place = place).into());
        }
        // The first message comes at once: Discord refuses it now if the follower takes no
        // direct messages, and the transport says so (`dms_closed`).
        let welcome = direct(
            &ctx.user.id,
            tr!(
                lang,
                "follow-welcome",
                game = title,
                id = id,
                place = place.as_str()
            ),
        );
        Ok(vec![
            ephemeral(
                ctx,
                tr!(
                    lang,
                    "follow-done",
                    game = title,
                    id = id,
                    place = place.as_str()
                ),
            ),
            welcome,
        ])
    }

    /// `/unfollow [game:N]`.
    pub(crate) fn unfollow(&self, ctx: &Context, game: Option<i64>) -> Answer {
        let lang = ctx.langs.user;
        let id = match game {
            Some(id) => id,
            None => match self.slot(&ctx.channel.id) {
                Some(slot) => lock(&slot.live).id,
                None => return Err(no_game_here().into()),
            },
        };
        let stopped = self
            .store()
            .unfollow(id, &ctx.user.id)
            .map_err(store_failure)?;
        if !stopped {
            return Err(msg!("follow-not-following", id = id).into());
        }
        Ok(vec![ephemeral(ctx, tr!(lang, "follow-stopped", id = id))])
    }

    /// The open game `/follow` names: game N of this server, or the channel's.
    fn followable(&self, ctx: &Context, game: Option<i64>) -> Result<Arc<Slot>, Refusal> {
        let Some(id) = game else {
            return self.open_slot(ctx);
        };
        let slot = self
            .slot_of_game(id)
            .ok_or_else(|| Refusal(msg!("follow-no-game", id = id)))?;
        // A game number typed on one server must not show another server's games.
        if lock(&slot.live).channel.guild != ctx.channel.guild {
            return Err(msg!("follow-no-game", id = id).into());
        }
        Ok(slot)
    }

    /// The direct messages the public `board` of `snap` brings: the board to each follower
    /// (with the end, their follow ends), and the turn notice to the player to move when they
    /// take it by direct message. The board's text is sent without its ping.
    pub(crate) fn mail(&self, snap: &Snap, board: &Reply, news: &TurnNews) -> Vec<Reply> {
        let live = &snap.live;
        let ended = live.status != Status::Active;
        let text = unpinged(live, &board.text);
        let with_board = |mut r: Reply| {
            r.image = board.image.clone();
            r
        };
        let mut out = Vec::new();
        let mover = snap
            .game
            .to_move()
            .and_then(|s| live.at_seat(s))
            .map(|r| r.user_id.clone())
            .filter(|u| crate::ai::Occupant::of(u).human().is_some());
        if let Some(user) = mover.filter(|_| news.ping && news.notify_dm && !ended) {
            let lang = self.user_lang_or(&user, self.channel_lang(&live.channel));
            let head = tr!(
                lang,
                "follow-your-turn",
                game = live.kind.title(),
                id = live.id,
                place = place(live)
            );
            // Sent from the game's channel: if Discord refuses it, the transport tells the
            // player there (with a ping), as for any turn notice that could not reach them.
            let mut r = direct(&user, format!("{head}\n{text}"));
            r.channel = live.channel.clone();
            out.push(with_board(r));
        }
        out.extend(
            self.to_followers(live, &news.followers, ended, &text)
                .into_iter()
                .map(with_board),
        );
        out
    }

    /// For a game a challenge, a seek or a tournament opened: a direct message saying where it
    /// is to each player who takes turn notices by direct message and was not sent one
    /// (`mail`, the board's mail, says it to the player to move).
    pub(crate) fn opened_mail(&self, snap: &Snap, mail: &[Reply], title: &str) -> Vec<Reply> {
        let live = &snap.live;
        let game = &snap.game;
        let mut out = Vec::new();
        for r in &live.seats {
            let user = &r.user_id;
            let told = mail
                .iter()
                .any(|m| m.visibility == Visibility::Direct(user.clone()));
            if told || crate::ai::Occupant::of(user).human().is_none() {
                continue;
            }
            let notify = crate::table::logged("reading notify", self.store().notify(user));
            if !notify.is_some_and(|n| n.by_dm()) {
                continue;
            }
            let lang = self.user_lang_or(user, self.channel_lang(&live.channel));
            let who = game.to_move().map(|s| live.who_by_seat(lang, game, s));
            let mut dm = direct(
                user,
                tr!(
                    lang,
                    "follow-opened",
                    title = title,
                    id = live.id,
                    place = place(live),
                    who = who.unwrap_or_default()
                ),
            );
            dm.channel = live.channel.clone();
            out.push(dm);
        }
        out
    }

    /// `text` (a game's end without a board: an abort) to the game's followers, whose follow
    /// ends with it.
    pub(crate) fn mail_end(&self, live: &Live, text: &str) -> Vec<Reply> {
        let followers = crate::table::logged("reading followers", self.store().followers(live.id))
            .unwrap_or_default();
        self.to_followers(live, &followers, true, &unpinged(live, text))
    }

    /// `text` to each of `followers` but the game's players. A game's follows are forgotten
    /// once it has ended, when `/mygames` next looks for them (not here: a move's change
    /// takes the store once, issue 25).
    fn to_followers(
        &self,
        live: &Live,
        followers: &[String],
        ended: bool,
        text: &str,
    ) -> Vec<Reply> {
        let channel = self.channel_lang(&live.channel);
        followers
            .iter()
            // Someone who followed a table and then took a seat at it reads the channel.
            .filter(|u| !live.is_seated(u))
            .map(|u| {
                let lang = self.user_lang_or(u, channel);
                let head = tr!(
                    lang,
                    "follow-board",
                    game = live.kind.title(),
                    id = live.id,
                    place = place(live),
                    ended = if ended { "yes" } else { "no" }
                );
                direct(u, format!("{head}\n{text}"))
            })
            .collect()
    }

    /// `user` does not accept direct messages (a transport was refused one: Discord's 50007).
    /// The games they follow stop sending them boards. When `now`, the transport can tell them
    /// at once (they are the user it is answering): the notice is returned; else it is kept
    /// and given with their next answer. `None` when they followed nothing.
    pub fn dms_closed(&self, user: &str, now: bool) -> Option<String> {
        let games = crate::table::logged(
            "stopping follows",
            self.store().refuse_follows(user, self.now_ms()),
        )?;
        if games.is_empty() {
            return None;
        }
        if !now {
            self.notices_waiting.store(true, Ordering::Release);
            return None;
        }
        let games = crate::table::logged("clearing follows", self.store().take_refused(user))?;
        Some(refused_text(self.user_lang(user), &games))
    }

    /// The notice kept for the author by [`Table::dms_closed`], given once.
    pub(crate) fn waiting_notice(&self, ctx: &Context) -> Option<Reply> {
        if !self.notices_waiting.load(Ordering::Acquire) {
            return None;
        }
        let games = {
            let mut store = self.store();
            let games = crate::table::logged("reading notices", store.take_refused(&ctx.user.id))?;
            if matches!(store.any_refused(), Ok(false)) {
                self.notices_waiting.store(false, Ordering::Release);
            }
            games
        };
        (!games.is_empty()).then(|| ephemeral(ctx, refused_text(ctx.langs.user, &games)))
    }

    /// `/mygames`' lines for the games the author follows.
    pub(crate) fn followed_lines(&self, ctx: &Context) -> Result<Vec<String>, Refusal> {
        let lang = ctx.langs.user;
        let games = self
            .store()
            .followed_by(&ctx.user.id)
            .map_err(store_failure)?;
        let mut lines = Vec::new();
        for id in games {
            let Some(slot) = self.slot_of_game(id) else {
                // The game has ended (its last board came by direct message).
                crate::table::logged("ending follows", self.store().drop_follows(id));
                continue;
            };
            let live = lock(&slot.live).clone();
            let state = live.game.as_ref().and_then(|g| {
                let seat = g.to_move()?;
                Some(live.who(lang, g, seat))
            });
            lines.push(tr!(
                lang,
                "follow-mygames-line",
                game = live.kind.title(),
                id = live.id,
                place = place(&live),
                started = if state.is_some() { "yes" } else { "no" },
                who = state.unwrap_or_default()
            ));
        }
        Ok(lines)
    }
}

/// Where a game is played: a link to its channel on Discord, its name elsewhere.
fn place(live: &Live) -> String {
    channel_link(
        &live.channel.id,
        live.channel.guild.as_deref(),
        &live.channel.name,
    )
}

/// `text` with the mentions of the game's players written as their names: a direct message
/// names, it does not ping.
fn unpinged(live: &Live, text: &str) -> String {
    let mut out = text.to_string();
    for s in &live.seats {
        out = out.replace(&format!("<@{}>", s.user_id), &s.name);
    }
    out
}

fn refused_text(lang: Lang, games: &[i64]) -> String {
    let list: Vec<String> = games.iter().map(|g| g.to_string()).collect();
    tr!(
        lang,
        "follow-dms-closed",
        n = games.len(),
        games = crate::i18n::Arg::list(list, crate::i18n::Join::And)
    )
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
