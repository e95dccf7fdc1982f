//! Issue 45: a move through the service on PostgreSQL is one round trip to the server (its
//! writes, its read sent with them as their guard, and its commit), once the game's first
//! moves have read what the next ones foresee. When another writer changed what was foreseen,
//! the move is made again from what is there and lands once. Skipped without the test server
//! (`PLATEAU_TEST_POSTGRES`): SQLite has no server to wait for.

use plateau::table::{Command, ManualClock, Reply, Table};
use std::sync::Arc;

mod common;
use common::*;

/// A table on a database of its own on the test server, and the database's URL; `None`
/// (the test skipped) without the server.
fn on_postgres() -> Option<(String, Table)> {
    let Some(url) = plateau::store::testing::fresh_postgres() else {
        eprintln!("skipped: no test PostgreSQL server (PLATEAU_TEST_POSTGRES)");
        return None;
    };
    let t = Table::open(&url, Arc::new(ManualClock::new(START_MS))).unwrap();
    Some((url, t))
}

fn play(t: &Table, user: &str, text: &str) -> Vec<Reply> {
    send(t, user, "tavern", Command::Play { text: text.into() })
}

/// Alice opens a two-player Pikemen game in `channel`, Bob joins, and it starts, Alice first.
fn start_pikemen(t: &Table, channel: &str) {
    typed(t, "alice", channel, "new pikemen 2");
    send(t, "bob", channel, Command::Join);
    send(
        t,
        "alice",
        channel,
        Command::Start {
            order: Some(plateau::table::SeatOrder::Join),
        },
    );
}

/// The player to move and a legal move of theirs.
fn next_move(t: &Table) -> (String, String) {
    let info = t.game_info("c-tavern").expect("a game");
    let game = info.game.expect("started");
    let seat = game.to_move().expect("running");
    let (_, name, _) = info
        .players
        .iter()
        .find(|p| p.2 == Some(seat))
        .expect("a seated player");
    (name.clone(), game.legal_moves()[0].clone())
}

/// Plays the next move; returns the round trips it made.
fn play_next(t: &Table) -> u64 {
    let (user, text) = next_move(t);
    let ply = t.game_info("c-tavern").expect("a game").ply;
    let before = t.store_round_trips().expect("on PostgreSQL");
    let r = play(t, &user, &text);
    assert!(is_public(&r), "{user} {text}: {r:?}");
    assert_eq!(t.game_info("c-tavern").expect("a game").ply, ply + 1);
    t.store_round_trips().expect("on PostgreSQL") - before
}

#[test]
fn a_move_on_postgres_is_one_round_trip() {
    let Some((_, t)) = on_postgres() else {
        return;
    };
    start_pikemen(&t, "tavern");
    // Each seat's first move reads what its next ones foresee (and prepares the statements).
    for _ in 0..4 {
        play_next(&t);
    }
    for _ in 0..6 {
        assert_eq!(play_next(&t), 1, "a move is one round trip");
    }
    // Bob changes what alice's next move reads about him: no longer foreseen, it reads.
    typed(&t, "bob", "tavern", "settings digest:on");
    let (user, _) = next_move(&t);
    assert_eq!(user, "alice");
    assert!(play_next(&t) > 1);
    // Read again, the moves after it are foreseen again.
    play_next(&t);
    for _ in 0..4 {
        assert_eq!(play_next(&t), 1, "a move is one round trip");
    }
    assert_eq!(t.game_info("c-tavern").expect("a game").ply, 16);
}

/// Plays `moves` moves of the game in `channel`, each by the player to move.
fn play_in(t: &Table, channel: &str, moves: usize) {
    for _ in 0..moves {
        let info = t.game_info(&format!("c-{channel}")).expect("a game");
        let game = info.game.expect("started");
        let seat = game.to_move().expect("running");
        let user = &info.players.iter().find(|p| p.2 == Some(seat)).unwrap().1;
        let r = send(
            t,
            user,
            channel,
            Command::Play {
                text: game.legal_moves()[0].clone(),
            },
        );
        assert!(is_public(&r), "{channel}: {r:?}");
    }
}

/// Each seat's first move in a game is one round trip too, once its player's settings were
/// read in another game: the game's part of what it reads is foreseen from the other seat's
/// read, and the seat has no clock bank yet (before, each seat's first move read first: a
/// quarter of the service bench's Sprawl moves on PostgreSQL were two round trips or more).
#[test]
fn a_seats_first_move_in_a_new_game_is_one_round_trip() {
    let Some((_, t)) = on_postgres() else {
        return;
    };
    // The first game prepares the statements and reads both players' settings.
    start_pikemen(&t, "tavern");
    play_in(&t, "tavern", 4);
    start_pikemen(&t, "hall");
    let mut trips = Vec::new();
    for _ in 0..6 {
        let before = t.store_round_trips().expect("on PostgreSQL");
        play_in(&t, "hall", 1);
        trips.push(t.store_round_trips().unwrap() - before);
    }
    // The game's first move reads: nothing of it was known.
    assert!(trips[0] > 1, "{trips:?}");
    assert_eq!(trips[1..], [1; 5], "bob's first move and every later one");
}

/// `[store] pool`: with three connections, three games' moves commit on three connections
/// from three threads at once, every move lands once, and a move is still one round trip
/// (a game's moves stay on the connection that foresaw them).
#[test]
fn a_pool_commits_games_at_once_and_a_move_stays_one_round_trip() {
    let Some((url, t)) = on_postgres() else {
        return;
    };
    let t = t.with_pool(&url, 3).unwrap();
    let channels = ["north", "south", "east"];
    for c in channels {
        start_pikemen(&t, c);
    }
    std::thread::scope(|scope| {
        for c in channels {
            let t = &t;
            scope.spawn(move || play_in(t, c, 12));
        }
    });
    for c in channels {
        assert_eq!(t.game_info(&format!("c-{c}")).unwrap().ply, 12, "{c}");
        let before = t.store_round_trips().expect("on PostgreSQL");
        play_in(&t, c, 1);
        assert_eq!(
            t.store_round_trips().unwrap() - before,
            1,
            "{c}: one round trip"
        );
    }
    // A setting written on the first connection changes what a game's own connection foresaw:
    // the move is made again from what is there, once, on every connection.
    typed(&t, "bob", "north", "settings digest:on");
    for c in channels {
        play_in(&t, c, 2);
        assert_eq!(
            t.game_info(&format!("c-{c}")).unwrap().ply,
            15,
            "{c}: every move once"
        );
    }
}

/// A rated game's end, on PostgreSQL, asks the server only what it must wait for: the move and
/// its guard; the order of endings under its lock, with the seats that moved, the players'
/// ratings and the tournament the game may belong to read in the same round trip; and the
/// commit, which takes the ratings written (three round trips; eleven before the writes were
/// held back, six before the reads were).
#[test]
fn a_rated_game_ends_in_three_round_trips() {
    let Some((url, t)) = on_postgres() else {
        return;
    };
    // The first game prepares the statements an ending uses; the second is measured.
    let mut trips = Vec::new();
    for _ in 0..2 {
        start_pikemen(&t, "tavern");
        play_in(&t, "tavern", 4);
        let (user, _) = next_move(&t);
        let before = t.store_round_trips().expect("on PostgreSQL");
        let r = send(&t, &user, "tavern", Command::Resign);
        assert!(is_public(&r), "{r:?}");
        trips.push(t.store_round_trips().unwrap() - before);
        let info = t.game_info("c-tavern");
        assert!(info.is_none_or(|i| i.game.is_none_or(|g| g.to_move().is_none())));
    }
    assert!(trips[1] <= 3, "a game's end made {} round trips", trips[1]);
    // Both games were rated, each once: the held-back writes landed.
    let alice = plateau::store::Store::open_shared(std::path::Path::new(&url))
        .unwrap()
        .rating("u-alice", "pikemen")
        .unwrap()
        .expect("alice is rated");
    assert_eq!(alice.games, 2);
    assert_eq!(alice.losses, 2);
}
