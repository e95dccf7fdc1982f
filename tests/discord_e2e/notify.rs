//! Issue 11, item 1: turn pings that notify. The fake Discord decides who is notified as
//! Discord does (a created message's content mentions, filtered by `allowed_mentions`; never
//! an edit, a defer's filling-in, an embed or an ephemeral message), so these tests fail
//! for a ping that only looks right.

use crate::harness::*;
use std::time::Duration;

fn ids(users: &[&User]) -> Vec<String> {
    users.iter().map(|u| u.id.to_string()).collect()
}

/// Every answer of a game notifies exactly the player to move, or nobody; refusals and
/// answers without a new turn notify nobody.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_move_notifies_the_player_to_move_and_nobody_else() {
    let mut h = Harness::new(Some(GUILD)).await;
    let tavern = Place::channel(TAVERN, "tavern");
    let from = h.f().cursor();
    let start = h.pikemen(&tavern).await;
    assert_eq!(
        pinged(&start),
        ids(&[&ALICE]),
        "the first player, at the start"
    );
    // The lobby's messages named nobody to ping.
    let lobby: Vec<(u64, String)> = h.f().notified_since(from);
    assert_eq!(lobby.len(), 1, "{lobby:?}");

    let a = h
        .board_move(&ALICE, &tavern, "play", vec![opt("move", s("turn d1 e"))])
        .await;
    assert_eq!(pinged(&a), ids(&[&BOB]));
    // A refusal is private and pings nobody, even when it names a player.
    let a = h
        .slash(&ALICE, &tavern, "play", vec![opt("move", s("turn h3 n"))])
        .await;
    assert_private_error(&a, "not your turn");
    assert!(pinged(&a).is_empty());
    let a = h
        .board_move(
            &BOB,
            &tavern,
            "turn",
            vec![opt("square", s("a4")), opt("direction", s("e"))],
        )
        .await;
    assert_eq!(pinged(&a), ids(&[&ALICE]));
    // An offer asks the opponents: they are notified.
    let a = h.slash(&ALICE, &tavern, "draw", vec![]).await;
    assert_eq!(a.kind(), 4);
    assert_eq!(pinged(&a), ids(&[&BOB]), "{}", a.text());
    let a = h.slash(&BOB, &tavern, "decline", vec![]).await;
    assert!(pinged(&a).is_empty(), "{}", a.text());
    // /board shows the position without pinging anyone again.
    let a = h.slash(&BOB, &tavern, "board", vec![]).await;
    assert!(pinged(&a).is_empty());
    // The end: nobody to move, nobody pinged.
    let a = h.slash(&ALICE, &tavern, "resign", vec![]).await;
    assert_eq!(a.kind(), 4);
    assert!(pinged(&a).is_empty(), "{}", a.text());
    h.stop().await;
    h.f().assert_clean();
}

/// A slow move is acknowledged privately; the board then arrives as a channel message, which
/// does notify the player to move (the private acknowledgement notifies nobody).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_move_pings_through_a_channel_message() {
    let (mut h, _) = Harness::serving(
        |table| {
            Arc::new(Slow {
                table,
                delay: Duration::from_millis(2500),
            })
        },
        |_| {},
    )
    .await;
    let tavern = Place::channel(TAVERN, "tavern");
    h.pikemen(&tavern).await;
    let f = h.f();
    let from = f.cursor();
    let id = f.slash(&ALICE, &tavern, "play", vec![opt("move", s("turn d1 e"))]);
    let answer = f.answer(from, id).await;
    assert_eq!(answer.kind(), 5, "deferred");
    assert!(answer.ephemeral(), "privately");
    assert!(answer.notified().is_empty());
    let board = f
        .wait_for(from, "the board in the channel", |c| {
            c.channel() == Some(TAVERN) && c.ok()
        })
        .await;
    assert_eq!(board.notified, [BOB.id], "{}", board.text());
    h.stop().await;
    h.f().assert_clean();
}

/// Messages of the scheduler: a reminder in the channel notifies whom it pings; a digest by
/// direct message notifies its reader.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reminders_and_digests_notify() {
    let (mut h, ticking) = Harness::serving(
        |table| {
            Arc::new(Ticking {
                table,
                due: Mutex::new(Vec::new()),
            })
        },
        |c| c.discord.tick_seconds = 1,
    )
    .await;
    let from = h.f().cursor();
    let mut reminder = reply_in(TAVERN, &format!("Reminder: <@{}>, your move.", ALICE.id));
    reminder.mentions = vec![ALICE.id.to_string()];
    let mut digest = reply_in(0, "Your move in 1 game.");
    digest.visibility = Visibility::Direct(BOB.id.to_string());
    ticking.due.lock().unwrap().extend([reminder, digest]);
    let posted = h
        .f()
        .wait_for(from, "the reminder", |c| c.channel() == Some(TAVERN))
        .await;
    assert_eq!(posted.notified, [ALICE.id]);
    let dm = h
        .f()
        .wait_for(from, "the digest", |c| {
            c.method == "POST" && c.text().contains("Your move in 1 game")
        })
        .await;
    assert_eq!(
        dm.notified,
        [BOB.id],
        "a direct message notifies its reader"
    );
    h.stop().await;
    h.f().assert_clean();
}

/// Issue 27: a Battle Zone turn (three dice, so three actions) makes one public message, which
/// mentions only the next player; the actions before it are answered to the mover alone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_battle_zone_turn_is_one_public_message() {
    let mut h = Harness::new(Some(GUILD)).await;
    let tavern = Place::channel(TAVERN, "tavern");
    h.two_players(&tavern, "battlezone").await;
    let from = h.f().cursor();
    let mut answers = Vec::new();
    for _ in 0..3 {
        // Skipping a die is always legal: the turn ends when all three are used.
        let moves = h.slash(&ALICE, &tavern, "moves", vec![]).await;
        let skip = moves
            .text()
            .lines()
            .find(|l| l.starts_with("skip "))
            .map(str::to_string)
            .unwrap_or_else(|| panic!("a die to skip: {}", moves.text()));
        answers.push(
            h.slash(&ALICE, &tavern, "play", vec![opt("move", s(&skip))])
                .await,
        );
    }
    for a in &answers[..2] {
        assert!(a.ephemeral(), "within the turn: {}", a.text());
        assert!(a.notified().is_empty(), "{}", a.text());
    }
    let last = &answers[2];
    assert_board(last);
    assert_eq!(last.notified(), [BOB.id], "{}", last.text());
    assert!(
        last.text().matches("skip").count() >= 3,
        "the turn's post tells its three actions: {}",
        last.text()
    );
    // Nothing else reached the channel: no message of its own, no mention of anyone.
    let posted = h
        .f()
        .calls()
        .into_iter()
        .skip(from)
        .filter(|c| c.method == "POST" && c.channel() == Some(TAVERN))
        .count();
    assert_eq!(posted, 0);
    let notified: Vec<u64> = h
        .f()
        .notified_since(from)
        .into_iter()
        .map(|(u, _)| u)
        .collect();
    assert_eq!(notified, [BOB.id], "one mention for the turn");
    h.stop().await;
    h.f().assert_clean();
}
