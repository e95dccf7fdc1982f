//! Issue 11, item 4: degrade, never lose. The move is committed before anything is sent;
//! when Discord refuses a message (missing permissions, a deleted channel, an outage, a rate
//! limit, a dead interaction), the move stays, whoever must know is told, and `/board` shows
//! the position.

use crate::harness::*;
use std::time::Duration;

fn ticking(table: Arc<Table>) -> Arc<Ticking> {
    Arc::new(Ticking {
        table,
        due: Mutex::new(Vec::new()),
    })
}

fn reminder(channel: u64, user: &User) -> Reply {
    let mut r = reply_in(channel, &format!("Reminder: <@{}>, your move.", user.id));
    r.mentions = vec![user.id.to_string()];
    r
}

fn plies(h: &Harness, channel: u64) -> u32 {
    table(&h.db)
        .game_info(&channel.to_string())
        .map_or(0, |g| g.ply)
}

/// A slow move whose board the channel refuses (the bot lost Send Messages): the move is
/// saved, the mover learns privately what the bot needs, and once the permission is back
/// `/board` shows the position.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_the_channel_refuses_is_saved_and_the_mover_told() {
    let (mut h, _) = Harness::serving(
        |table| {
            Arc::new(Slow {
                table,
                delay: Duration::from_millis(2300),
            })
        },
        |_| {},
    )
    .await;
    let tavern = Place::channel(TAVERN, "tavern");
    h.pikemen(&tavern).await;
    h.f().forbid(TAVERN);
    let from = h.f().cursor();
    let id = h
        .f()
        .slash(&ALICE, &tavern, "play", vec![opt("move", s("turn d1 e"))]);
    let a = h.f().answer(from, id).await;
    assert!(a.ephemeral());
    assert!(
        a.text().contains("Done and saved")
            && a.text()
                .contains("View Channel, Send Messages, Embed Links and Attach Files"),
        "{}",
        a.text()
    );
    assert_eq!(plies(&h, TAVERN), 1, "the move is kept");
    h.f().allow(TAVERN);
    let a = h.slash(&BOB, &tavern, "board", vec![]).await;
    assert_eq!(a.kind(), 4);
    assert!(a.text().contains("after 1 move"), "{}", a.text());
    h.stop().await;
    h.f().assert_clean();
}

/// Reminders for a channel that refuses the bot reach their player by direct message, once;
/// later ones are not tried there again for a while (Discord bans bots that keep knocking).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_channel_that_refuses_the_bot_is_told_once_to_the_players() {
    let (mut h, due) = Harness::serving(ticking, |c| c.discord.tick_seconds = 1).await;
    h.f().forbid(GARDEN);
    let deleted = TAVERN;
    h.f().delete_channel(deleted);
    let from = h.f().cursor();
    due.due
        .lock()
        .unwrap()
        .extend([reminder(GARDEN, &ALICE), reminder(deleted, &BOB)]);
    let dm = h
        .f()
        .wait_for(from, "alice told by DM", |c| {
            c.notified == [ALICE.id] && c.text().contains("I could not post this")
        })
        .await;
    assert!(
        dm.text().contains("Send Messages") && dm.text().contains("your move"),
        "{}",
        dm.text()
    );
    h.f()
        .wait_for(from, "bob told by DM", |c| {
            c.notified == [BOB.id] && c.text().contains("I could not post this")
        })
        .await;
    // The next reminder there: no post attempt, no second DM.
    let again = h.f().cursor();
    due.due.lock().unwrap().push(reminder(GARDEN, &ALICE));
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let calls = h.f().calls();
    assert!(
        calls[again..].iter().all(|c| c.channel() != Some(GARDEN)),
        "a muted channel is left alone"
    );
    assert!(h.f().notified_since(again).is_empty());
    h.stop().await;
    h.f().assert_clean();
}

/// 429s (a route's and the global limit of 50 per second) and a short outage are waited out:
/// every message arrives, once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rate_limits_and_outages_are_waited_out() {
    let (mut h, due) = Harness::serving(ticking, |c| c.discord.tick_seconds = 1).await;
    let path = format!("/channels/{TAVERN}/messages");
    h.f()
        .inject("POST", &path, 2, Fault::RateLimited { retry_after: 0.3 });
    h.f().inject(
        "POST",
        &path,
        1,
        Fault::Status {
            status: 502,
            code: 0,
        },
    );
    h.f()
        .inject("POST", &path, 1, Fault::Stall(Duration::from_millis(800)));
    let from = h.f().cursor();
    // Enough at once to cross the global limit.
    let burst = 60;
    due.due
        .lock()
        .unwrap()
        .extend((0..burst).map(|i| reply_in(TAVERN, &format!("message {i}"))));
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    loop {
        let delivered = h.f().posts_in(TAVERN, from).len();
        if delivered == burst {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "{delivered} of {burst} delivered"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let calls = h.f().calls();
    let refused = calls[from..]
        .iter()
        .filter(|c| c.status == 429 || c.status >= 500)
        .count();
    eprintln!("{burst} messages delivered through {refused} refusals (429, 5xx)");
    assert!(refused >= 4, "the faults were met: {refused}");
    let texts: Vec<String> = h
        .f()
        .posts_in(TAVERN, from)
        .iter()
        .map(|c| c.text())
        .collect();
    let mut unique = texts.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), texts.len(), "nothing posted twice");
    h.stop().await;
    h.f().assert_clean();
}

/// An interaction Discord no longer accepts an answer for (past its 3 s, 10062): the board
/// still reaches the channel, and its ping with it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dead_interaction_still_gets_its_board_posted() {
    let mut h = Harness::new(Some(GUILD)).await;
    let tavern = Place::channel(TAVERN, "tavern");
    h.pikemen(&tavern).await;
    h.f().inject(
        "POST",
        "/callback",
        1,
        Fault::Status {
            status: 404,
            code: 10062,
        },
    );
    let from = h.f().cursor();
    h.f()
        .slash(&ALICE, &tavern, "play", vec![opt("move", s("turn d1 e"))]);
    let board = h
        .f()
        .wait_for(from, "the board in the channel", |c| {
            c.channel() == Some(TAVERN) && c.ok()
        })
        .await;
    assert_eq!(board.files.len(), 1);
    assert_eq!(board.notified, [BOB.id]);
    assert_eq!(plies(&h, TAVERN), 1);
    h.stop().await;
    h.f().assert_clean();
}

/// A token that expired before a slow answer was filled in: the board is posted in the
/// channel anyway (channel messages need no token), and the bot carries on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_expired_token_loses_nothing() {
    let (mut h, _) = Harness::serving(
        |table| {
            Arc::new(Slow {
                table,
                delay: Duration::from_millis(2600),
            })
        },
        |_| {},
    )
    .await;
    // Scaled down from Discord's 15 minutes: the token dies between the defer and the board.
    h.f().set_token_lifetime(Duration::from_millis(2400));
    let tavern = Place::channel(TAVERN, "tavern");
    h.pikemen(&tavern).await;
    let from = h.f().cursor();
    h.f()
        .slash(&ALICE, &tavern, "play", vec![opt("move", s("turn d1 e"))]);
    let board = h
        .f()
        .wait_for(from, "the board in the channel", |c| {
            c.channel() == Some(TAVERN) && c.ok()
        })
        .await;
    assert_eq!(board.notified, [BOB.id]);
    h.f()
        .wait_for(from, "the expired token refused", |c| c.status == 401)
        .await;
    let a = h.slash(&BOB, &tavern, "board", vec![]).await;
    assert!(a.text().contains("after 1 move"), "{}", a.text());
    h.stop().await;
    h.f().assert_clean();
}
