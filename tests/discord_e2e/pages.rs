//! Game pages (issue 44) on Discord: with `[web] public_url` set, every public board carries
//! a link button to its game's page (style 5, a URL, no custom id) and `/mygames` lists the
//! pages; without it, boards are as before.

use crate::harness::*;

const PUBLIC: &str = "https://plateau.example.org";

/// The link buttons under a message: (label, url), with no custom id.
fn links(a: &Answer) -> Vec<(String, String)> {
    a.message().message()["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .filter(|b| b["style"] == json!(5))
        .map(|b| {
            assert!(
                b.get("custom_id").is_none(),
                "a link button has no custom id: {b}"
            );
            (
                b["label"].as_str().unwrap_or_default().to_string(),
                b["url"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn boards_link_to_their_game_page() {
    let (mut h, table) =
        Harness::serving(|t| t, |c| c.web.public_url = Some(format!("{PUBLIC}/"))).await;
    let tavern = Place::channel(TAVERN, "tavern");
    let start = h.pikemen(&tavern).await;
    let found = links(&start);
    assert_eq!(found.len(), 1, "one link on the first board: {found:?}");
    let (label, url) = &found[0];
    assert_eq!(label, "Game page");
    let token = url
        .strip_prefix(&format!("{PUBLIC}/g/"))
        .unwrap_or_else(|| panic!("the page under public_url: {url}"));
    assert!(
        plateau::table::pages::game_of(&table, token).is_some(),
        "the link names the game"
    );
    // The next board links to the same page; a private answer carries no link.
    let moved = h
        .board_move(
            &ALICE,
            &tavern,
            "turn",
            vec![opt("square", s("d1")), opt("direction", s("e"))],
        )
        .await;
    assert_eq!(links(&moved), found);
    let moves = h.slash(&BOB, &tavern, "moves", vec![]).await;
    assert!(moves.ephemeral());
    assert!(links(&moves).is_empty());
    // /mygames lists the page.
    let mine = h.slash(&ALICE, &tavern, "mygames", vec![]).await;
    assert!(mine.text().contains(url.as_str()), "{}", mine.text());
    // The button speaks the channel's language, as the board above it does.
    let french = h
        .slash(
            &CAROL,
            &tavern,
            "settings",
            vec![opt("channel-language", s("fr"))],
        )
        .await;
    assert!(french.text().contains("fr"), "{}", french.text());
    let moved = h
        .board_move(
            &BOB,
            &tavern,
            "turn",
            vec![opt("square", s("a4")), opt("direction", s("e"))],
        )
        .await;
    let found = links(&moved);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, "Page de la partie");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_a_public_url_boards_carry_no_link() {
    let mut h = Harness::new(Some(GUILD)).await;
    let tavern = Place::channel(TAVERN, "tavern");
    let start = h.pikemen(&tavern).await;
    assert!(links(&start).is_empty());
    h.stop().await;
}
