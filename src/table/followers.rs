//! A game's followers and the direct messages a turn brings (issue 28): each followed game's
//! board to its followers, and the turn notice to a player who takes it by direct message
//! (`/settings notify:dm|both`).
//!
//! [`crate::table::followers::posted`] is the one place those messages are made: every path that posts a game's
//! public board (a turn that passed, a game that started or ended) calls it with that board,
//! so a follower gets one message per board, never one per action (a Battle Zone turn, a round
//! of computer moves), and the channel is never pinged for them. A follower to whom Discord
//! refuses direct messages is unfollowed by [`crate::table::followers::dms_closed`] and told so once, privately,
//! with their next answer.

use crate::i18n::Lang;
use crate::store::Status;
use crate::table::answer::{store_failure, Refusal};
use crate::table::api::{Context, Reply, Visibility};
use crate::table::languages_of;
use crate::table::live::Live;
use crate::table::lock;
use crate::table::markup::channel_link;
use crate::table::present::board::{board, direct_words, Look, Snap};
use crate::table::present::{direct, ephemeral};
use crate::table::turns::TurnNews;
use crate::table::Service;
use crate::tr;
use std::sync::atomic::Ordering;

/// A board posted in the game's channel, followed by the direct messages it brings: the
/// board to each follower (with the end, their follow ends), and the turn notice to the
/// player to move when they take it by direct message. Those are written for a direct
/// message (names, no ping) and carry the channel's picture.
pub(crate) fn posted(
    svc: &Service,
    ctx: &Context,
    snap: &Snap,
    head: String,
    news: &TurnNews,
    look: Look,
) -> Vec<Reply> {
    let text = direct_words(ctx.langs.channel, snap, head.clone(), news);
    let board = board(ctx, snap, head, news, look);
    let mut out = mail(svc, snap, &board, &text, news);
    out.insert(0, board);
    out
}

fn mail(svc: &Service, snap: &Snap, board: &Reply, text: &str, news: &TurnNews) -> Vec<Reply> {
    let live = &snap.live;
    let ended = live.status != Status::Active;
    let with_board = |mut r: Reply| {
        r.image = board.image.clone();
        r
    };
    let mut out = Vec::new();
    let mover = snap
        .game
        .to_move()
        .and_then(|s| live.at_seat(s))
        .filter(|r| !r.is_bot())
        .map(|r| r.user_id.clone());
    if let Some(user) = mover.filter(|_| news.ping && news.notify_dm && !ended) {
        let lang =
            languages_of::user_lang_or(svc, &user, languages_of::channel_lang(svc, &live.channel));
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
        to_followers(svc, live, &news.followers, ended, text)
            .into_iter()
            .map(with_board),
    );
    out
}

/// For a game a challenge, a seek or a tournament opened: a direct message saying where it
/// is to each player who takes turn notices by direct message and was not sent one
/// (the board's mail, [`posted`], says it to the player to move).
pub(crate) fn opened_mail(svc: &Service, snap: &Snap, mail: &[Reply], title: &str) -> Vec<Reply> {
    let live = &snap.live;
    let game = &snap.game;
    let mut out = Vec::new();
    for r in &live.seats {
        let user = &r.user_id;
        let told = mail
            .iter()
            .any(|m| m.visibility == Visibility::Direct(user.clone()));
        if told || r.is_bot() {
            continue;
        }
        let notify = crate::table::logged("reading notify", svc.store().notify(user));
        if !notify.is_some_and(|n| n.by_dm()) {
            continue;
        }
        let lang =
            languages_of::user_lang_or(svc, user, languages_of::channel_lang(svc, &live.channel));
        let who = game.to_move().map(|s| live.who_by_seat(lang, game, s));
        let mut dm = direct(
            user,
            tr!(
                lang,
                "follow-opened",
                title,
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
pub(crate) fn mail_end(svc: &Service, live: &Live, text: &str) -> Vec<Reply> {
    let followers = crate::table::logged("reading followers", svc.store().followers(live.id))
        .unwrap_or_default();
    to_followers(svc, live, &followers, true, text)
}

/// `text` to each of `followers` but the game's players. A game's follows are forgotten
/// once it has ended, when `/mygames` next looks for them (not here: a move's change
/// takes the store once, issue 25).
fn to_followers(
    svc: &Service,
    live: &Live,
    followers: &[String],
    ended: bool,
    text: &str,
) -> Vec<Reply> {
    let channel = languages_of::channel_lang(svc, &live.channel);
    followers
        .iter()
        // Someone who followed a table and then took a seat at it reads the channel.
        .filter(|u| !live.is_seated(u))
        .map(|u| {
            let lang = languages_of::user_lang_or(svc, u, channel);
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
pub fn dms_closed(svc: &Service, user: &str, now: bool) -> Option<String> {
    let games = crate::table::logged(
        "stopping follows",
        svc.store().refuse_follows(user, svc.now_ms()),
    )?;
    if games.is_empty() {
        return None;
    }
    if !now {
        svc.notices_waiting.store(true, Ordering::Release);
        return None;
    }
    let games = crate::table::logged("clearing follows", svc.store().take_refused(user))?;
    Some(refused_text(languages_of::user_lang(svc, user), &games))
}

/// The notice kept for the author by [`crate::table::followers::dms_closed`], given once.
pub(crate) fn waiting_notice(svc: &Service, ctx: &Context) -> Option<Reply> {
    if !svc.notices_waiting.load(Ordering::Acquire) {
        return None;
    }
    let games = {
        let mut store = svc.store();
        let games = crate::table::logged("reading notices", store.take_refused(&ctx.user.id))?;
        if matches!(store.any_refused(), Ok(false)) {
            svc.notices_waiting.store(false, Ordering::Release);
        }
        games
    };
    (!games.is_empty()).then(|| ephemeral(ctx, refused_text(ctx.langs.user, &games)))
}

/// `/mygames`' lines for the games the author follows.
pub(crate) fn followed_lines(svc: &Service, ctx: &Context) -> Result<Vec<String>, Refusal> {
    let lang = ctx.langs.user;
    let games = svc
        .store()
        .followed_by(&ctx.user.id)
        .map_err(store_failure)?;
    let mut lines = Vec::new();
    for id in games {
        let Some(slot) = svc.slot_of_game(id) else {
            // The game has ended (its last board came by direct message).
            crate::table::logged("ending follows", svc.store().drop_follows(id));
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

/// Where a game is played: a link to its channel on Discord, its name elsewhere.
pub(crate) fn place(live: &Live) -> String {
    channel_link(
        &live.channel.id,
        live.channel.guild.as_deref(),
        &live.channel.name,
    )
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
