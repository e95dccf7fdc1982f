//! Issue 29, item 8: two processes serving one game (a misconfigured shard range, which the
//! shard claims now refuse at start; or a tool run beside the bot). The process whose copy of
//! the game is behind the store no longer refuses a legal move: a move it judged out of turn,
//! or that lost the store's version check, is judged again on the store's version and played
//! if legal there. On a SQLite file and, when the test server is there, on PostgreSQL.

use plateau::table::{Command, ManualClock, Reply, Table};
use std::path::Path;
use std::sync::Arc;

mod common;
use common::*;

fn shared(location: &Path) -> Table {
    Table::open_shared(location, Arc::new(ManualClock::new(START_MS))).unwrap()
}

fn play(t: &Table, user: &str, text: &str) -> Vec<Reply> {
    send(t, user, "tavern", Command::Play { text: text.into() })
}

fn ply(t: &Table) -> u32 {
    t.game_info("c-tavern").expect("a game").ply
}

fn legal(t: &Table) -> String {
    let info = t.game_info("c-tavern").expect("a game");
    info.game.expect("started").legal_moves()[0].clone()
}

fn stale_copies_play_legal_moves(location: &Path) {
    let a = shared(location);
    for (who, cmd) in [
        (
            "alice",
            Command::New {
                game: plateau::engine::GameKind::Pikemen,
                players: Some(2),
                options: vec![],
            },
        ),
        ("bob", Command::Join),
        (
            "alice",
            Command::Start {
                order: Some(plateau::table::SeatOrder::Join),
            },
        ),
    ] {
        let r = send(&a, who, "tavern", cmd);
        assert!(is_public(&r), "{r:?}");
    }
    let b = shared(location);
    // b reads the game at ply 0 (alice to move); a then plays both sides' first moves.
    assert_eq!(ply(&b), 0);
    assert!(is_public(&play(&a, "alice", "turn h3 n")));
    assert!(is_public(&play(&a, "bob", "turn a6 s")));
    // b still believes ply 0: alice's move passes its copy, loses the version check, and is
    // played on the store's version, where it is alice's turn again.
    let r = play(&b, "alice", "turn h2 n");
    assert!(
        is_public(&r),
        "a lost race with a legal move plays it: {r:?}"
    );
    assert_eq!(ply(&b), 3);
    // Now a is behind: bob's move is out of turn in a's copy, in turn in the store's.
    let bobs = legal(&b);
    let r = play(&a, "bob", &bobs);
    assert!(
        is_public(&r),
        "a stale 'not your turn' is judged again: {r:?}"
    );
    assert_eq!(ply(&a), 4);
    // b is behind again and believes alice moved last: bob's second move in a row passes b's
    // copy, loses the race, and is refused on the store's version, truthfully.
    let r = play(&b, "bob", &legal(&b));
    assert!(is_refusal(&r), "{r:?}");
    assert!(r[0].text.contains("not your turn"), "{}", r[0].text);
    assert_eq!(ply(&b), 4, "b reloaded");
    // A move out of turn in both copies is refused without a second judgement.
    let r = play(&a, "bob", &legal(&a));
    assert!(r[0].text.contains("not your turn"), "{}", r[0].text);
    drop((a, b));
    assert_eq!(ply(&shared(location)), 4, "every move played once");
}

#[test]
fn on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    stale_copies_play_legal_moves(&dir.path().join("plateau.db"));
}

#[test]
fn on_postgres() {
    let Some(url) = plateau::store::testing::fresh_postgres() else {
        eprintln!("skipped: no test PostgreSQL server (PLATEAU_TEST_POSTGRES)");
        return;
    };
    stale_copies_play_legal_moves(Path::new(&url));
}
