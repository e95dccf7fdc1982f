//! Issue 14 on Discord: a challenge accepted by its button opens the game in a new thread of
//! the channel, whose board pings the first player; a tournament's round opens one thread per
//! game. Threads are created by the bot after it answered (`discord/openings.rs`).

use crate::harness::*;

/// `/challenge` with the USER option `opponent`, as Discord sends it (the id, and the user in
/// `data.resolved.users`).
async fn challenge(h: &Harness, by: &User, place: &Place, game: &str, opponent: &User) -> Answer {
    let f = h.f();
    let from = f.cursor();
    let (id, mut v) = f.interaction_base(2, by, place);
    v["data"] = json!({
        "id": "1", "name": "challenge", "type": 1,
        "options": [
            {"name": "game", "type": 3, "value": game},
            {"name": "opponent", "type": 6, "value": opponent.id.to_string()}
        ],
        "resolved": {"users": {opponent.id.to_string(): user_json(opponent)}}
    });
    f.dispatch(v);
    f.answer(from, id).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_accepted_by_button_opens_a_thread() {
    let mut h = Harness::new(Some(GUILD)).await;
    let tavern = Place::channel(TAVERN, "tavern");
    let from = h.f().cursor();
    let a = challenge(&h, &ALICE, &tavern, "pikemen", &BOB).await;
    assert!(!a.ephemeral());
    assert!(a.text().contains("challenges <@"), "{}", a.text());
    assert_eq!(a.notified(), [BOB.id], "the challenged player is pinged");
    let dm = h
        .f()
        .wait_for(from, "the direct message to bob", |c| {
            c.method == "POST" && c.path.contains("/users/@me/channels") && c.ok()
        })
        .await;
    assert_eq!(dm.json["recipient_id"], json!(BOB.id.to_string()));
    let accept = a
        .custom_ids()
        .into_iter()
        .find(|i| i.ends_with("/accept challenge:1"))
        .unwrap_or_else(|| panic!("an Accept button: {:?}", a.custom_ids()));

    // Only the challenged player may accept.
    let no = h.click(&CAROL, &tavern, &accept).await;
    assert_private_error(&no, "addressed to another player");
    assert!(h.f().threads().is_empty());

    let from = h.f().cursor();
    let yes = h.click(&BOB, &tavern, &accept).await;
    assert!(!yes.ephemeral());
    assert!(
        yes.text().contains("bob accepts challenge #1"),
        "{}",
        yes.text()
    );
    let board = h
        .f()
        .wait_for(from, "the board in the new thread", |c| {
            c.method == "POST" && c.ok() && c.text().contains("Seats: 1.") && !c.files.is_empty()
        })
        .await;
    let threads = h.f().threads();
    assert_eq!(threads.len(), 1, "one thread for the game");
    let (tid, name, parent, _) = threads[0].clone();
    assert_eq!(parent, TAVERN);
    assert!(name.starts_with("Pikemen: "), "{name}");
    assert_eq!(board.channel(), Some(tid), "the board is in the thread");
    assert_eq!(
        board.notified.len(),
        1,
        "the first player is pinged: {}",
        board.text()
    );
    let notice = h
        .f()
        .wait_for(from, "the notice in the channel", |c| {
            c.channel() == Some(TAVERN) && c.text().contains(&format!("<#{tid}>"))
        })
        .await;
    assert!(notice.ok());
    // A second click finds the challenge closed; no second thread.
    let again = h.click(&BOB, &tavern, &accept).await;
    assert_private_error(&again, "no longer open");
    assert_eq!(h.f().threads().len(), 1);
    h.stop().await;
    h.f().assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_round_opens_its_threads() {
    let mut h = Harness::new(Some(GUILD)).await;
    let events = Place::channel(GARDEN, "events");
    let t = |action: &str| vec![opt("action", s(action))];
    let mut create = t("create");
    create.push(opt("game", s("skyscrapers")));
    create.push(opt("format", s("round-robin")));
    let no = h.slash(&ALICE, &events, "tournament", create.clone()).await;
    assert_private_error(&no, "Manage Channels");
    let a = h.slash(&CAROL, &events, "tournament", create).await;
    assert!(a.text().contains("creates tournament #1"), "{}", a.text());
    for u in [&ALICE, &BOB, &CAROL] {
        let a = h.slash(u, &events, "tournament", t("join")).await;
        assert!(a.text().contains("enters tournament #1"), "{}", a.text());
    }
    let a = h.slash(&ALICE, &events, "tournament", t("join")).await;
    assert_private_error(&a, "already entered");
    let from = h.f().cursor();
    let a = h.slash(&CAROL, &events, "tournament", t("start")).await;
    assert!(a.text().contains("Round 1"), "{}", a.text());
    assert!(
        a.text().contains("has a bye"),
        "three players: one bye a round"
    );
    let board = h
        .f()
        .wait_for(from, "the round's board", |c| {
            c.method == "POST"
                && c.ok()
                && c.text().contains("Tournament 1, round 1")
                && !c.files.is_empty()
        })
        .await;
    let threads = h.f().threads();
    assert_eq!(threads.len(), 1, "one game in round 1: {threads:?}");
    assert_eq!(threads[0].2, GARDEN);
    assert!(
        threads[0]
            .1
            .starts_with("Tournament 1, round 1 · Sky Scrapers: "),
        "{}",
        threads[0].1
    );
    assert_eq!(board.channel(), Some(threads[0].0));
    h.stop().await;
    h.f().assert_clean();
}
