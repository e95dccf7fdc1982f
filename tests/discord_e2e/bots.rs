//! Issue 13 on Discord: a computer player's move comes after the interaction was answered, as
//! a channel message that Discord creates with the ping of the player to move (so it
//! notifies them); the computer player itself is named and never mentioned.

use crate::harness::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_computer_players_board_pings_the_human_it_answers() {
    let mut h = Harness::new(Some(GUILD)).await;
    let tavern = Place::channel(TAVERN, "tavern");
    let game = vec![opt("game", s("pikemen")), opt("players", json!(2))];
    h.slash(&ALICE, &tavern, "new", game).await;
    let a = h
        .slash(&ALICE, &tavern, "addbot", vec![opt("level", s("easy"))])
        .await;
    assert!(a.text().contains("Plateau easy joins"), "{}", a.text());
    let start = h
        .board_move(&ALICE, &tavern, "start", vec![opt("order", s("join"))])
        .await;
    assert_eq!(pinged(&start), [ALICE.id.to_string()]);

    for (square, dir) in [("d1", "e"), ("e1", "n")] {
        let from = h.f().cursor();
        let mine = h
            .slash(
                &ALICE,
                &tavern,
                "turn",
                vec![opt("square", s(square)), opt("direction", s(dir))],
            )
            .await;
        // Issue 27: the move before a computer player's is acknowledged privately; the
        // computer player's post tells both moves on one board.
        assert!(mine.ephemeral(), "{}", mine.text());
        assert!(mine.notified().is_empty(), "{}", mine.text());
        assert!(
            mine.files().is_empty(),
            "no picture before the computer player's"
        );
        let reply = h
            .f()
            .wait_for(from, "the computer player's board", |c| {
                c.method == "POST"
                    && c.channel() == Some(TAVERN)
                    && c.ok()
                    && c.text().contains("Plateau easy (Blue) played")
            })
            .await;
        assert_eq!(reply.files.len(), 1, "its board is attached");
        assert!(
            reply
                .text()
                .contains(&format!("alice (Orange) played turn {square} {dir}.")),
            "the post tells the move it answers: {}",
            reply.text()
        );
        assert_eq!(reply.notified, [ALICE.id], "{}", reply.text());
        assert!(reply.text().contains(&format!("<@{}>", ALICE.id)));
    }
    let calls = h.f().calls();
    assert!(
        calls.iter().all(|c| !c.json.to_string().contains("<@bot:")),
        "a computer player is never mentioned"
    );
    h.stop().await;
    h.f().assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hint_is_private_and_only_where_agreed() {
    let mut h = Harness::new(Some(GUILD)).await;
    let tavern = Place::channel(TAVERN, "tavern");
    let game = vec![
        opt("game", s("skyscrapers")),
        opt("players", json!(2)),
        opt("hints", json!(true)),
    ];
    let a = h.slash(&ALICE, &tavern, "new", game).await;
    assert!(a.text().contains("Hints are on"), "{}", a.text());
    h.slash(&ALICE, &tavern, "addbot", vec![opt("level", s("easy"))])
        .await;
    h.board_move(&ALICE, &tavern, "start", vec![opt("order", s("join"))])
        .await;
    let hint = h.slash(&ALICE, &tavern, "hint", vec![]).await;
    assert!(hint.ephemeral(), "a hint is for its asker only");
    assert!(hint.text().starts_with("Hint: "), "{}", hint.text());
    assert!(hint.notified().is_empty());
    let other = h.slash(&BOB, &tavern, "hint", vec![]).await;
    assert_private_error(&other, "not playing");
    h.stop().await;
    h.f().assert_clean();
}
