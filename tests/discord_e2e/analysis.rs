//! The private analysis board (issue 28): `/analyse` answers the asker alone with a board;
//! each of its buttons, and each step of its move picker, updates that one private message in
//! place (type 7), with a new picture when the position changed, and posts nothing else. The
//! game itself is unchanged.

use crate::harness::*;
use crate::tapping::command_of;

/// The button of the kept message `message` whose command is `command`.
fn button(h: &Harness, message: u64, command: &str) -> String {
    h.f()
        .message(message)
        .unwrap()
        .components()
        .into_iter()
        .find(|(kind, id, _)| *kind == 2 && command_of(id) == command)
        .unwrap_or_else(|| panic!("no button {command}"))
        .1
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_analysis_board_updates_its_private_message_in_place() {
    let mut h = Harness::new(Some(GUILD)).await;
    let tavern = Place::channel(TAVERN, "tavern");
    let game = vec![opt("game", s("pikemen")), opt("players", json!(2))];
    h.slash(&ALICE, &tavern, "new", game).await;
    h.slash(&BOB, &tavern, "join", vec![]).await;
    h.board_move(&ALICE, &tavern, "start", vec![opt("order", s("join"))])
        .await;
    h.board_move(&ALICE, &tavern, "play", vec![opt("move", s("turn d1 e"))])
        .await;
    let before = h.slash(&ALICE, &tavern, "history", vec![]).await.text();

    // carol, watching, opens a board from the start of the game.
    let a = h
        .slash(&CAROL, &tavern, "analyse", vec![opt("move", json!(0))])
        .await;
    assert!(a.ephemeral(), "only carol sees it: {}", a.text());
    let board = a.message_id().expect("the board's message is kept");
    assert!(
        h.f()
            .messages_seen_by(TAVERN, ALICE.id)
            .iter()
            .all(|m| m.id != board),
        "alice sees carol's board"
    );
    let first = h.f().message(board).unwrap();
    assert_eq!(first.attachments().len(), 1, "the board has its picture");
    // Its description says the position in words, for screen readers (issue 43).
    let alt = first.descriptions().remove(0);
    assert!(alt.starts_with("Pikemen board. Orange: "), "{alt}");

    // Try a move, step by step: every step is one update of the same message.
    let from = h.f().cursor();
    let a = h
        .click_on(
            &CAROL,
            &tavern,
            board,
            &button(&h, board, "/analyse > pick"),
        )
        .await;
    assert_eq!(a.kind(), 7, "{}", a.text());
    assert_eq!(a.message_id(), Some(board));
    let mut steps = 0;
    loop {
        steps += 1;
        assert!(steps < 8, "a Pikemen move takes a few steps");
        let m = h.f().message(board).unwrap();
        let components = m.components();
        if let Some((_, id, _)) = components
            .iter()
            .find(|(kind, id, _)| *kind == 2 && command_of(id).starts_with("/analyse > try "))
        {
            let versions = m.versions.len();
            let a = h.click_on(&CAROL, &tavern, board, id).await;
            assert_eq!(a.kind(), 7, "{}", a.text());
            let tried = h.f().message(board).unwrap();
            assert_eq!(tried.versions.len(), versions + 1);
            assert!(tried.text().contains("Tried: turn"), "{}", tried.text());
            assert_ne!(
                tried.attachments(),
                first.attachments(),
                "the new position has a new picture"
            );
            break;
        }
        let (_, select, values) = components
            .iter()
            .find(|(kind, _, _)| *kind == 3)
            .cloned()
            .unwrap_or_else(|| panic!("a step with no select: {}", m.text()));
        let a = h.choose(&CAROL, &tavern, board, &select, &values[0]).await;
        assert_eq!(a.kind(), 7, "{}", a.text());
        assert_eq!(a.message_id(), Some(board));
    }
    // Back, Forward and Close: the same message each time.
    for command in ["/analyse > back", "/analyse > forward", "/analyse > close"] {
        let a = h
            .click_on(&CAROL, &tavern, board, &button(&h, board, command))
            .await;
        assert_eq!(a.kind(), 7, "{command}: {}", a.text());
        assert_eq!(a.message_id(), Some(board), "{command}");
    }
    let made: Vec<u64> = h.f().calls()[from..]
        .iter()
        .filter_map(|c| c.message_id)
        .filter(|m| *m != board)
        .collect();
    assert!(
        made.is_empty(),
        "the board's buttons posted messages {made:?}"
    );
    assert!(h.f().message(board).unwrap().text().contains("closed"));
    // Nothing of it reached the game.
    let after = h.slash(&ALICE, &tavern, "history", vec![]).await.text();
    assert_eq!(before, after);
    h.stop().await;
    h.f().assert_clean();
}
