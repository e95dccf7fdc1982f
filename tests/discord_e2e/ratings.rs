//! Issue 12 on Discord: a finished game's board states the rating changes; `/rating` takes a
//! user picked from Discord's list (an option of type USER, resolved by Discord);
//! `/leaderboard` answers its asker, who may share it (issue 27); `/stats` comes with its chart attached.

use crate::harness::*;

/// `/name` with a USER option `user`, as Discord sends it: the id as the value, and the user
/// in `data.resolved.users` (interactions/receiving-and-responding#interaction-object-resolved-data-structure).
async fn with_user(h: &Harness, by: &User, place: &Place, name: &str, user: &User) -> Answer {
    let f = h.f();
    let from = f.cursor();
    let (id, mut v) = f.interaction_base(2, by, place);
    v["data"] = json!({
        "id": "1", "name": name, "type": 1,
        "options": [{"name": "user", "type": 6, "value": user.id.to_string()}],
        "resolved": {"users": {user.id.to_string(): user_json(user)}}
    });
    f.dispatch(v);
    f.answer(from, id).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ratings_leaderboard_and_stats_with_the_chart() {
    let mut h = Harness::new(Some(GUILD)).await;
    let tavern = Place::channel(TAVERN, "tavern");
    h.pikemen(&tavern).await;
    // A rated game counts once every player has moved (issue 27).
    for (who, square) in [(&ALICE, "d1"), (&BOB, "a4")] {
        let turn = vec![opt("square", s(square)), opt("direction", s("e"))];
        h.board_move(who, &tavern, "turn", turn).await;
    }
    let end = h.board_move(&BOB, &tavern, "resign", vec![]).await;
    assert!(
        end.text()
            .contains("Ratings: alice 1500? -> 1662? (+162) and bob 1500? -> 1338? (-162)."),
        "{}",
        end.text()
    );
    assert!(pinged(&end).is_empty(), "a finished game pings nobody");

    // Issue 27: private to its asker, with a Share button that posts it for everyone.
    let a = with_user(&h, &CAROL, &tavern, "rating", &ALICE).await;
    assert!(a.ephemeral());
    assert!(a.text().contains("**Ratings of alice**"), "{}", a.text());
    assert!(a.text().contains("Pikemen: **1662?**"), "{}", a.text());
    let share = a
        .custom_ids()
        .into_iter()
        .find(|c| c.contains("share:true"))
        .unwrap_or_else(|| panic!("a Share button: {:?}", a.custom_ids()));
    let a = h.click(&CAROL, &tavern, &share).await;
    assert!(!a.ephemeral(), "shared: {}", a.text());
    assert!(a.text().contains("Shared by carol"), "{}", a.text());
    assert!(a.text().contains("**Ratings of alice**"), "{}", a.text());
    assert!(a.notified().is_empty(), "naming a player pings nobody");
    // Shared again at once: shown to its asker alone.
    let again = h.click(&CAROL, &tavern, &share).await;
    assert!(again.ephemeral(), "{}", again.text());
    assert!(
        again.text().contains("same answer was posted"),
        "{}",
        again.text()
    );

    let a = h
        .slash(
            &CAROL,
            &tavern,
            "leaderboard",
            vec![opt("game", s("pikemen"))],
        )
        .await;
    assert_eq!(a.kind(), 4);
    assert!(a.ephemeral(), "only its asker sees it unless shared");
    assert!(
        a.text().contains("No settled Pikemen ratings"),
        "{}",
        a.text()
    );

    let a = with_user(&h, &CAROL, &tavern, "stats", &BOB).await;
    assert!(a.text().contains("**Statistics of bob**"), "{}", a.text());
    let files = a.files();
    assert_eq!(files.len(), 1, "the chart is attached");
    let (name, png) = &files[0];
    assert_eq!(name, "ratings-bob.png");
    let chart = image::load_from_memory_with_format(png, image::ImageFormat::Png)
        .expect("the chart decodes as a PNG");
    assert_eq!((chart.width(), chart.height()), (560, 380));

    let a = h
        .slash(
            &CAROL,
            &tavern,
            "leaderboard",
            vec![
                opt("game", s("pikemen")),
                opt("scope", s("global")),
                opt("page", json!(3)),
            ],
        )
        .await;
    assert!(
        a.text().contains("No settled Pikemen ratings anywhere"),
        "{}",
        a.text()
    );
    let a = with_user(&h, &CAROL, &tavern, "stats", &CAROL).await;
    assert_private_error(&a, "That player has not finished a game here yet.");

    h.f().assert_clean();
    h.stop().await;
}
