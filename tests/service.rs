//! The service through its public API: restarts, racing moves, refusals that change nothing,
//! stale buttons, autocomplete, and every move stored and answered with a picture.

use plateau::table::{
    ChannelRef, Command, Context, ManualClock, Reply, Request, SeatOrder, Table, UserRef,
};
use std::path::Path;
use std::sync::{Arc, Barrier};

mod common;
use common::*;

fn ctx(user: &str, channel: &str) -> Context {
    Context {
        user: UserRef {
            id: format!("u-{user}"),
            name: user.into(),
        },
        channel: ChannelRef {
            id: format!("c-{channel}"),
            name: channel.into(),
            guild: Some("g".into()),
        },
        can_manage: false,
        ..Default::default()
    }
}

fn send(t: &Table, user: &str, channel: &str, command: Command) -> Vec<Reply> {
    t.handle(&Request {
        ctx: ctx(user, channel),
        command,
        from_button: None,
    })
}

fn play(t: &Table, user: &str, channel: &str, text: &str) -> Vec<Reply> {
    send(t, user, channel, Command::Play { text: text.into() })
}

/// alice and bob in seats 1 and 2 of a Pikemen game in `channel`.
fn two_player_game(t: &Table, channel: &str) {
    let new = send(
        t,
        "alice",
        channel,
        Command::New {
            game: plateau::engine::GameKind::Pikemen,
            players: Some(2),
            options: vec![],
        },
    );
    assert!(is_public(&new), "{new:?}");
    assert!(is_public(&send(t, "bob", channel, Command::Join)));
    let start = send(
        t,
        "alice",
        channel,
        Command::Start {
            order: Some(SeatOrder::Join),
        },
    );
    assert!(is_public(&start) && start[0].image.is_some(), "{start:?}");
}

fn state(t: &Table, channel: &str) -> (u32, serde_json::Value, Vec<String>) {
    let info = t.game_info(&format!("c-{channel}")).expect("a game");
    let g = info.game.expect("started");
    (info.ply, g.state_json(), g.legal_moves())
}

const OPENING: [&str; 6] = [
    "turn d1 e",
    "turn a4 e",
    "turn d1 nw",
    "turn a4 n",
    "move d1 a4",
    "turn a5 e",
];

#[test]
fn a_new_process_continues_the_game_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("plateau.db");
    let before = {
        let t = open(&db);
        two_player_game(&t, "tavern");
        for (i, m) in OPENING.iter().enumerate() {
            let who = if i % 2 == 0 { "alice" } else { "bob" };
            let r = play(&t, who, "tavern", m);
            assert!(is_public(&r), "{m}: {r:?}");
        }
        state(&t, "tavern")
    };
    let t = open(&db);
    let after = state(&t, "tavern");
    assert_eq!(before, after);
    assert_eq!(after.0, 6);
    // And play goes on from there, with the seats remembered.
    assert!(is_refusal(&play(&t, "bob", "tavern", "turn a5 n")));
    let r = play(&t, "alice", "tavern", "turn a4 n");
    assert!(is_public(&r), "{r:?}");
    assert!(
        r[0].text.contains("Blue (<@u-bob>) to move"),
        "{}",
        r[0].text
    );
    assert_eq!(r[0].mentions, vec!["u-bob".to_string()]);
}

#[test]
fn of_two_moves_sent_at_once_exactly_one_lands() {
    let t = Arc::new(open(Path::new(":memory:")));
    for round in 0..20 {
        let channel = format!("race{round}");
        two_player_game(&t, &channel);
        let barrier = Arc::new(Barrier::new(2));
        let handles: Vec<_> = ["turn h3 n", "turn h2 n"]
            .into_iter()
            .map(|m| {
                let (t, b, ch) = (t.clone(), barrier.clone(), channel.clone());
                std::thread::spawn(move || {
                    b.wait();
                    play(&t, "alice", &ch, m)
                })
            })
            .collect();
        let replies: Vec<Vec<Reply>> = handles.into_iter().map(|h| h.join().unwrap()).collect();
        let landed = replies.iter().filter(|r| is_public(r)).count();
        assert_eq!(landed, 1, "{replies:?}");
        let refused = replies.iter().find(|r| is_refusal(r)).expect("one refused");
        assert!(
            refused[0].text.contains("not your turn"),
            "{}",
            refused[0].text
        );
        assert_eq!(state(&t, &channel).0, 1);
    }
}

#[test]
fn two_processes_on_one_database_cannot_both_move() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("plateau.db");
    let a = open(&db);
    two_player_game(&a, "tavern");
    // A second process on purpose: `Table::open` refuses one (tests/freeze.rs), so this
    // checks the defence behind that refusal, the store's version check.
    let b = Table::open_shared(location(&db), Arc::new(ManualClock::new(START_MS))).unwrap();
    // b reads the game (games are loaded on first use) before a moves in it.
    assert_eq!(state(&b, "tavern").0, 0);
    assert!(is_public(&play(&a, "alice", "tavern", "turn h3 n")));
    // b still believes alice is to move; the store's version check refuses its write, and the
    // move judged again on the store's version is out of turn (tests/stale.rs: issue 29).
    let r = play(&b, "alice", "tavern", "turn h2 n");
    assert!(is_refusal(&r), "{r:?}");
    assert!(r[0].text.contains("not your turn"), "{}", r[0].text);
    // b has reloaded: it now agrees with a, and bob can play through it.
    assert_eq!(state(&a, "tavern"), state(&b, "tavern"));
    assert!(is_public(&play(&b, "bob", "tavern", "turn a6 s")));
    drop((a, b));
    let c = open(&db);
    assert_eq!(state(&c, "tavern").0, 2);
}

#[test]
fn refusals_change_nothing() {
    let t = open(Path::new(":memory:"));
    two_player_game(&t, "tavern");
    assert!(is_public(&play(&t, "alice", "tavern", "turn h3 n")));
    let before = state(&t, "tavern");
    for (who, text, says) in [
        ("alice", "turn a6 s", "not your turn"),
        ("carol", "turn a6 s", "not playing"),
        ("bob", "turn h2 n", "belongs to Orange"),
        ("bob", "turn a6 sideways", "e.g."),
        ("bob", "", "is empty"),
        ("bob", "move a6 a1", "Cannot play \"move a6 a1\""),
    ] {
        let r = play(&t, who, "tavern", text);
        assert!(is_refusal(&r), "{text}: {r:?}");
        assert!(r[0].text.contains(says), "{text}: {}", r[0].text);
        assert_eq!(state(&t, "tavern"), before, "{text}");
    }
    for (who, cmd, says) in [
        ("alice", Command::Join, "already started"),
        ("alice", Command::Leave, "/resign"),
        ("alice", Command::Start { order: None }, "already started"),
        (
            "bob",
            Command::New {
                game: plateau::engine::GameKind::Pikemen,
                players: None,
                options: vec![],
            },
            "already running",
        ),
        ("carol", Command::Resign, "not playing"),
    ] {
        let r = send(&t, who, "tavern", cmd);
        assert!(is_refusal(&r), "{r:?}");
        assert!(r[0].text.contains(says), "{}", r[0].text);
        assert_eq!(state(&t, "tavern"), before);
    }
    let r = send(&t, "alice", "elsewhere", Command::Board);
    assert!(r[0].text.contains("/new"), "{}", r[0].text);
}

#[test]
fn stale_buttons_are_refused() {
    let t = open(Path::new(":memory:"));
    two_player_game(&t, "tavern");
    let r = play(&t, "alice", "tavern", "turn h3 n");
    let button = r[0]
        .buttons
        .iter()
        .find(|b| b.command == "/moves")
        .expect("a Legal moves button")
        .clone();
    let click = |b: &plateau::table::Button| {
        t.handle(&Request {
            ctx: ctx("bob", "tavern"),
            command: Command::Moves,
            from_button: b.game,
        })
    };
    let fresh = click(&button);
    assert!(fresh[0].text.starts_with("Your turn"), "{}", fresh[0].text);
    assert!(is_public(&play(&t, "bob", "tavern", "turn a6 s")));
    let stale = click(&button);
    assert!(stale[0].text.contains("out of date"), "{}", stale[0].text);
}

#[test]
fn autocomplete_offers_the_authors_moves_only_on_their_turn() {
    let t = open(Path::new(":memory:"));
    two_player_game(&t, "tavern");
    let alice = ctx("alice", "tavern");
    let bob = ctx("bob", "tavern");
    assert!(t.autocomplete(&bob, "").is_empty());
    assert!(t.legal_moves_for(&bob).is_empty());
    assert!(t.autocomplete(&ctx("alice", "elsewhere"), "").is_empty());
    assert_eq!(t.legal_moves_for(&alice).len(), 120);
    let all = t.autocomplete(&alice, "");
    assert_eq!(all.len(), 25);
    let (_, _, legal) = state(&t, "tavern");
    assert_eq!(all, legal[..25].to_vec());
    assert_eq!(
        t.autocomplete(&alice, "turn h3 n"),
        ["turn h3 n", "turn h3 ne", "turn h3 nw"]
    );
    // Word prefixes: `t h3 n` reads as turn h3 n..
    assert_eq!(
        t.autocomplete(&alice, "T H3 N"),
        t.autocomplete(&alice, "turn h3 n")
    );
    assert_eq!(t.autocomplete(&alice, "t h3 n").len(), 3);
    assert!(t.autocomplete(&alice, "move").is_empty());
    assert!(is_public(&play(&t, "alice", "tavern", "turn h3 nw")));
    assert!(t.autocomplete(&alice, "").is_empty());
    assert!(!t.autocomplete(&bob, "tu a").is_empty());
}

/// Autocomplete answered at once (on a transport's own thread) says what the blocking call
/// says, and declines only where it would wait: a game not in memory, moves not yet listed.
#[test]
fn autocomplete_answered_at_once_agrees_and_declines_only_what_would_wait() {
    let t = open(Path::new(":memory:"));
    two_player_game(&t, "tavern");
    let alice = ctx("alice", "tavern");
    let bob = ctx("bob", "tavern");
    // No game in memory in that channel: the store would be read.
    assert_eq!(t.autocomplete_now(&ctx("alice", "elsewhere"), ""), None);
    // Not the author's turn: nothing to list.
    assert_eq!(t.autocomplete_now(&bob, "tu"), Some(Vec::new()));
    // The author's moves, not listed yet: the first keystroke lists them where it may block.
    assert_eq!(t.autocomplete_now(&alice, "turn h3"), None);
    let first = t.autocomplete(&alice, "turn h3");
    for typed in ["turn h3", "", "t h3 n", "move", "T H3 N"] {
        assert_eq!(
            t.autocomplete_now(&alice, typed),
            Some(t.autocomplete(&alice, typed)),
            "{typed}"
        );
    }
    assert_eq!(t.autocomplete_now(&alice, "turn h3"), Some(first));
    assert!(is_public(&play(&t, "alice", "tavern", "turn h3 nw")));
    assert_eq!(t.autocomplete_now(&alice, ""), Some(Vec::new()));
    assert_eq!(t.autocomplete_now(&bob, "tu a"), None);
    assert!(!t.autocomplete(&bob, "tu a").is_empty());
    assert_eq!(
        t.autocomplete_now(&bob, "tu a"),
        Some(t.autocomplete(&bob, "tu a"))
    );
}

/// Every accepted move is logged and answered with a picture of the new position. (Its speed
/// is measured by `cargo bench --bench service`, not here.)
#[test]
fn a_move_is_stored_drawn_and_answered() {
    let dir = tempfile::tempdir().unwrap();
    let t = open(&dir.path().join("plateau.db"));
    two_player_game(&t, "tavern");
    // Turning pieces back and forth never ends the game.
    for i in 0..12u32 {
        let (who, m) = match i % 4 {
            0 => ("alice", "turn h3 n"),
            1 => ("bob", "turn a6 s"),
            2 => ("alice", "turn h3 up"),
            _ => ("bob", "turn a6 up"),
        };
        let r = play(&t, who, "tavern", m);
        assert!(is_public(&r), "{r:?}");
        let png = &r[0].image.as_ref().expect("a board picture").png;
        let img = image::load_from_memory(png).expect("a PNG");
        assert!(img.width() > 500 && png.len() < 200_000);
        assert_eq!(t.game_info("c-tavern").unwrap().ply, i + 1);
    }
}

#[test]
fn a_failed_write_leaves_the_game_and_the_database_as_they_were() {
    if on_postgres() {
        // The sabotage below is a SQLite trigger written through the file.
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("plateau.db");
    let t = open(&db);
    two_player_game(&t, "tavern");
    assert!(is_public(&play(&t, "alice", "tavern", "turn h3 n")));
    let before = state(&t, "tavern");
    // Sabotage the log from outside: the game row is updated first, then the action insert
    // fails; the transaction must take the update back.
    let raw = rusqlite::Connection::open(&db).unwrap();
    raw.execute_batch(
        "CREATE TRIGGER sabotage BEFORE INSERT ON actions \
         BEGIN INSERT INTO no_such_table VALUES (1); END;",
    )
    .unwrap();
    let r = play(&t, "bob", "tavern", "turn a6 s");
    assert!(is_refusal(&r), "{r:?}");
    assert!(r[0].text.contains("nothing was changed"), "{}", r[0].text);
    assert_eq!(state(&t, "tavern"), before);
    let ply: u32 = raw
        .query_row("SELECT ply FROM games", [], |r| r.get(0))
        .unwrap();
    assert_eq!(ply, 1);
    raw.execute_batch("DROP TRIGGER sabotage").unwrap();
    assert!(is_public(&play(&t, "bob", "tavern", "turn a6 s")));
    drop(t);
    assert_eq!(state(&open(&db), "tavern").0, 2);
}

#[test]
fn randomly_seated_games_of_every_size_play_and_replay() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("plateau.db");
    let names = ["ann", "ben", "cat", "dan"];
    let mut expected = Vec::new();
    {
        let t = open(&db);
        for players in 2..=4u8 {
            let channel = format!("table{players}");
            let r = send(
                &t,
                names[0],
                &channel,
                Command::New {
                    game: plateau::engine::GameKind::Pikemen,
                    players: Some(players),
                    options: vec![("quiet_limit".into(), "0".into())],
                },
            );
            assert!(is_public(&r), "{r:?}");
            for n in &names[1..players as usize] {
                assert!(is_public(&send(&t, n, &channel, Command::Join)));
            }
            assert!(is_public(&send(
                &t,
                names[0],
                &channel,
                Command::Start { order: None }
            )));
            let mut rng = plateau::engine::rng::SplitMix64::new(players as u64);
            for _ in 0..10 {
                let info = t.game_info(&format!("c-{channel}")).unwrap();
                let game = info.game.unwrap();
                let Some(seat) = game.to_move() else { break };
                // Whoever the shuffle put in the seat to move plays a random legal move.
                let (_, name, _) = info
                    .players
                    .iter()
                    .find(|(_, _, s)| *s == Some(seat))
                    .unwrap();
                let moves = game.legal_moves();
                let m = &moves[rng.below(moves.len() as u64) as usize];
                let r = play(&t, name, &channel, m);
                assert!(is_public(&r), "{m}: {r:?}");
                // Only the next player to move gets suggestions.
                let info = t.game_info(&format!("c-{channel}")).unwrap();
                let next = info.game.unwrap().to_move();
                for (_, n, s) in &info.players {
                    let offered = !t.autocomplete(&ctx(n, &channel), "").is_empty();
                    assert_eq!(offered, next.is_some() && *s == next, "{n}");
                }
            }
            expected.push(state(&t, &channel));
        }
    }
    let t = open(&db);
    for (i, players) in (2..=4u8).enumerate() {
        assert_eq!(state(&t, &format!("table{players}")), expected[i]);
    }
}

/// A server's `[defaults] order` applies when the host gives none: with `join`, 4 players
/// always sit in join order (host first), whatever the seed.
#[test]
fn the_configured_seat_order_applies_when_start_names_none() {
    let dir = tempfile::tempdir().unwrap();
    let t = open(&dir.path().join("p.db")).with_default_order(SeatOrder::Join);
    for (i, channel) in ["c1", "c2", "c3"].into_iter().enumerate() {
        let new = send(
            &t,
            "alice",
            channel,
            Command::New {
                game: plateau::engine::GameKind::Pikemen,
                players: Some(4),
                options: vec![],
            },
        );
        assert!(is_public(&new), "{new:?}");
        for who in ["bob", "carol", "dave"] {
            assert!(is_public(&send(&t, who, channel, Command::Join)));
        }
        let start = send(&t, "alice", channel, Command::Start { order: None });
        assert!(is_public(&start), "game {i}: {start:?}");
        let info = t.game_info(&format!("c-{channel}")).unwrap();
        let seats: Vec<(String, Option<u8>)> =
            info.players.iter().map(|p| (p.1.clone(), p.2)).collect();
        assert_eq!(
            seats,
            [
                ("alice".to_string(), Some(1)),
                ("bob".to_string(), Some(2)),
                ("carol".to_string(), Some(3)),
                ("dave".to_string(), Some(4))
            ]
        );
    }
}

/// Issue 16: memory follows the games being played. A cold start reads no game; a game is
/// loaded when first used, the least recently used are dropped past the cache's size, and a
/// dropped game plays on exactly where it was (the store is the truth).
#[test]
fn games_are_loaded_on_first_use_and_dropped_when_idle() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("plateau.db");
    let channels = ["one", "two", "three"];
    {
        let t = open(&db).with_cache_size(2);
        for ch in channels {
            two_player_game(&t, ch);
            assert!(is_public(&play(&t, "alice", ch, "turn h3 n")));
            assert!(t.cached_games() <= 2, "{}", t.cached_games());
        }
        // `one` was dropped first; it is read again and plays on.
        for ch in channels {
            assert!(is_public(&play(&t, "bob", ch, "turn a6 s")), "{ch}");
            assert_eq!(state(&t, ch).0, 2);
        }
        assert!(t.cached_games() <= 2);
    }
    let t = open(&db);
    assert_eq!(t.cached_games(), 0, "a cold start reads no game");
    let ctx = ctx("alice", "two");
    assert!(
        !t.autocomplete(&ctx, "").is_empty(),
        "autocomplete loads the game"
    );
    assert_eq!(t.cached_games(), 1);
    assert!(is_public(&play(&t, "alice", "three", "turn h2 n")));
    assert_eq!(t.cached_games(), 2);
}
