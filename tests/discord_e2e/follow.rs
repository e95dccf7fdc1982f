//! Issue 28: following a game and turn notices by direct message. The fake Discord opens one
//! DM channel per user, as Discord does (resources/user#create-dm returns the existing one),
//! notifies a direct message's reader, and refuses a DM with 403 50007 to a user who accepts
//! none (topics/opcodes-and-status-codes#json).

use crate::harness::*;
use std::time::Duration;

/// How many times the bot asked Discord for `user`'s DM channel since call `from`.
fn dm_opened(f: &Fake, user: u64, from: usize) -> usize {
    f.calls()
        .iter()
        .skip(from)
        .filter(|c| c.path == "/api/v10/users/@me/channels")
        .filter(|c| c.json["recipient_id"] == json!(user.to_string()))
        .count()
}

/// alice plays a whole Battle Zone turn by skipping its three dice; the answers.
async fn battle_zone_turn(h: &Harness, who: &User, place: &Place) -> Vec<Answer> {
    let mut answers = Vec::new();
    for _ in 0..3 {
        let moves = h.slash(who, place, "moves", vec![]).await;
        let skip = moves
            .text()
            .lines()
            .find(|l| l.starts_with("skip "))
            .map(str::to_string)
            .unwrap_or_else(|| panic!("a die to skip: {}", moves.text()));
        answers.push(
            h.slash(who, place, "play", vec![opt("move", s(&skip))])
                .await,
        );
    }
    answers
}

/// A follower gets one direct message per turn with the board (a Battle Zone turn of three
/// actions included), never a mention in the channel; the DM channel is opened once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_follower_gets_one_direct_message_a_turn_with_the_board() {
    let mut h = Harness::new(Some(GUILD)).await;
    let tavern = Place::channel(TAVERN, "tavern");
    h.two_players(&tavern, "battlezone").await;
    let from = h.f().cursor();
    let a = h.slash(&CAROL, &tavern, "follow", vec![]).await;
    assert!(a.ephemeral(), "/follow is answered privately: {}", a.text());
    assert!(
        a.text().contains("You follow Battle Zone game 1"),
        "{}",
        a.text()
    );
    let welcome = h
        .f()
        .wait_for(from, "the first direct message", |c| {
            c.text().contains("Its board will come here")
        })
        .await;
    assert_eq!(welcome.notified, [CAROL.id]);
    // A player need not follow: told so.
    let a = h.slash(&ALICE, &tavern, "follow", vec![]).await;
    assert_private_error(&a, "You play in Battle Zone game 1");

    let turn = h.f().cursor();
    let answers = battle_zone_turn(&h, &ALICE, &tavern).await;
    assert_eq!(answers[2].notified(), [BOB.id], "{}", answers[2].text());
    let dm = h
        .f()
        .wait_for(turn, "the turn's direct message", |c| {
            c.text().contains("which you follow")
        })
        .await;
    assert_eq!(dm.notified, [CAROL.id], "{}", dm.text());
    assert!(
        dm.text().contains("skip"),
        "the turn's actions: {}",
        dm.text()
    );
    assert!(
        !dm.text().contains(&format!("<@{}>", BOB.id)),
        "a direct message names, it does not mention: {}",
        dm.text()
    );
    let files = &dm.files;
    assert_eq!(files.len(), 1, "the board's picture");
    assert!(files[0].1.starts_with(b"\x89PNG"));
    assert!(
        dm.text()
            .contains(&format!("https://discord.com/channels/{GUILD}/{TAVERN}")),
        "where the game is: {}",
        dm.text()
    );
    // One message for the turn of three actions, and none in the channel for carol.
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(h.f().dms_to(CAROL.id, turn).len(), 1);
    let in_channel: Vec<(u64, String)> = h
        .f()
        .notified_since(turn)
        .into_iter()
        .filter(|(u, _)| *u == CAROL.id)
        .collect();
    assert_eq!(
        in_channel.len(),
        1,
        "only the direct message: {in_channel:?}"
    );

    // bob's turn: one more direct message, through the same DM channel.
    let next = h.f().cursor();
    battle_zone_turn(&h, &BOB, &tavern).await;
    h.f()
        .wait_for(next, "the next turn's direct message", |c| {
            c.text().contains("which you follow")
        })
        .await;
    assert_eq!(
        h.f().dms_to(CAROL.id, from).len(),
        3,
        "welcome and two turns"
    );
    assert_eq!(
        dm_opened(h.f(), CAROL.id, 0),
        1,
        "one DM channel, opened once"
    );

    // /mygames lists the game apart; /unfollow stops the messages.
    let a = h.slash(&CAROL, &tavern, "mygames", vec![]).await;
    assert!(a.text().contains("Games you follow (1)"), "{}", a.text());
    let a = h.slash(&CAROL, &tavern, "unfollow", vec![]).await;
    assert!(a.text().contains("no longer follow game 1"), "{}", a.text());
    let after = h.f().cursor();
    battle_zone_turn(&h, &ALICE, &tavern).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(h.f().dms_to(CAROL.id, after).is_empty());
    h.stop().await;
    h.f().assert_clean();
}

/// `/settings notify:dm`: the board names the player without a ping, and a direct message
/// brings them the board and a link to the game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn notify_dm_brings_the_turn_by_direct_message_and_the_channel_pings_nobody() {
    let mut h = Harness::new(Some(GUILD)).await;
    let tavern = Place::channel(TAVERN, "tavern");
    let a = h
        .slash(&BOB, &tavern, "settings", vec![opt("notify", s("dm"))])
        .await;
    assert!(a.text().contains("by direct message"), "{}", a.text());
    h.pikemen(&tavern).await;
    let from = h.f().cursor();
    let a = h
        .board_move(&ALICE, &tavern, "play", vec![opt("move", s("turn d1 e"))])
        .await;
    assert!(
        a.notified().is_empty(),
        "bob is named, not pinged: {}",
        a.text()
    );
    assert!(a.text().contains("Blue (bob) to move"), "{}", a.text());
    let dm = h
        .f()
        .wait_for(from, "bob's turn notice", |c| {
            c.text().contains("Your move in Pikemen game 1")
        })
        .await;
    assert_eq!(dm.notified, [BOB.id]);
    assert_eq!(dm.files.len(), 1, "with the board");
    assert!(
        dm.text()
            .contains(&format!("https://discord.com/channels/{GUILD}/{TAVERN}")),
        "{}",
        dm.text()
    );
    assert_eq!(h.f().dm_channel(BOB.id), dm.channel());
    // alice takes channel pings (the default): bob's move pings her, and nothing comes by DM.
    let from = h.f().cursor();
    let a = h
        .board_move(&BOB, &tavern, "play", vec![opt("move", s("turn a4 e"))])
        .await;
    assert_eq!(a.notified(), [ALICE.id]);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(h.f().dms_to(ALICE.id, from).is_empty());
    h.stop().await;
    h.f().assert_clean();
}

/// A follower who accepts no direct messages is unfollowed and told once, privately: at once
/// when it is their own `/follow` that found out, else with their next answer. Nothing is
/// posted in the game's channel for them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn closed_dms_unfollow_and_tell_the_follower_privately() {
    let mut h = Harness::new(Some(GUILD)).await;
    let tavern = Place::channel(TAVERN, "tavern");
    h.pikemen(&tavern).await;
    h.f().close_dms(CAROL.id);
    let from = h.f().cursor();
    h.slash(&CAROL, &tavern, "follow", vec![]).await;
    let told = h
        .f()
        .wait_for(from, "the notice to carol", |c| {
            c.text().contains("could not send you a direct message")
        })
        .await;
    assert!(told.ephemeral, "privately: {}", told.text());
    assert!(
        told.text().contains("no longer follow game 1"),
        "{}",
        told.text()
    );
    let a = h.slash(&CAROL, &tavern, "mygames", vec![]).await;
    assert!(!a.text().contains("Games you follow"), "{}", a.text());

    // bob follows with open DMs, then closes them: the next turn's DM is refused, and he
    // reads why with his next answer, once.
    let from = h.f().cursor();
    let game = vec![opt("game", s("pikemen")), opt("players", json!(2))];
    let garden = Place::channel(GARDEN, "garden");
    h.slash(&ALICE, &garden, "new", game).await;
    h.slash(&CAROL, &garden, "join", vec![]).await;
    h.board_move(&ALICE, &garden, "start", vec![opt("order", s("join"))])
        .await;
    h.slash(&BOB, &garden, "follow", vec![]).await;
    h.f()
        .wait_for(from, "bob's first direct message", |c| {
            c.text().contains("Its board will come here")
        })
        .await;
    h.f().close_dms(BOB.id);
    let turn = h.f().cursor();
    h.board_move(&ALICE, &garden, "play", vec![opt("move", s("turn d1 e"))])
        .await;
    h.f()
        .wait_for(turn, "the refused direct message", |c| c.status == 403)
        .await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let in_channels = h
        .f()
        .notified_since(turn)
        .into_iter()
        .filter(|(u, _)| *u == BOB.id)
        .count();
    assert_eq!(in_channels, 0, "never a ping in the channel for a follower");
    let next = h.f().cursor();
    h.slash(&BOB, &tavern, "board", vec![]).await;
    let told = h
        .f()
        .wait_for(next, "bob's notice", |c| {
            c.text().contains("could not send you a direct message")
        })
        .await;
    assert!(told.ephemeral);
    let again = h.f().cursor();
    h.slash(&BOB, &tavern, "board", vec![]).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let twice = h
        .f()
        .calls()
        .iter()
        .skip(again)
        .filter(|c| c.text().contains("could not send you"))
        .count();
    assert_eq!(twice, 0, "told once");
    h.stop().await;
    h.f().assert_clean();
}
