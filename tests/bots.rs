//! Computer players through the service (issue 13), what transcripts cannot show: a
//! restart while a computer player is to move, no clock for it, a game with one is never
//! rated, and people's moves served while a computer player searches.

use plateau::table::{Command, ManualClock, Table};
use std::sync::Arc;
use std::time::Duration;

mod common;
use common::*;

fn bot_to_move(t: &Table, channel: &str) -> bool {
    let info = t.game_info(&format!("c-{channel}")).expect("a game");
    let g = info.game.expect("started");
    let seat = g.to_move().expect("running");
    info.players
        .iter()
        .any(|(id, _, s)| *s == Some(seat) && plateau::ai::Occupant::of(id).is_bot())
}

/// A computer player whose turn it was when the bot stopped moves on the first call after
/// the restart; its board pings the person to move, never itself.
#[test]
fn after_a_restart_the_computer_player_to_move_moves() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("plateau.db");
    {
        let t = open(&db);
        t.set_ai_timed(false);
        typed(&t, "alice", "den", "new pikemen 2 clock:fast");
        let r = typed(&t, "alice", "den", "addbot easy");
        assert!(is_public(&r), "{}", r[0].text);
        typed(&t, "alice", "den", "start order:join");
        let r = typed(&t, "alice", "den", "turn d1 e");
        assert!(
            r[0].mentions.is_empty(),
            "the computer player is not pinged"
        );
        assert!(bot_to_move(&t, "den"));
        // The process stops here, before any computer move was searched.
    }
    let t = open(&db);
    t.set_ai_timed(false);
    assert!(bot_to_move(&t, "den"));
    let r = t.play_bots();
    assert_eq!(r.len(), 1, "one computer move");
    assert!(
        r[0].text.contains("Plateau easy (Blue) played"),
        "{}",
        r[0].text
    );
    assert_eq!(r[0].mentions, vec!["u-alice".to_string()]);
    assert!(!bot_to_move(&t, "den"));
    assert!(t.play_bots().is_empty(), "nothing more to play");
}

/// A computer player has no clock: a month later nothing has timed out, and the game it is
/// in is not rated when it ends.
#[test]
fn a_computer_player_never_times_out_and_is_never_rated() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(START_MS));
    let t = Table::open(dir.path().join("plateau.db"), clock.clone()).unwrap();
    typed(&t, "alice", "den", "new pikemen 2 clock:fast timeout:hard");
    typed(&t, "alice", "den", "addbot hard");
    typed(&t, "alice", "den", "start order:join");
    typed(&t, "alice", "den", "turn d1 e");
    assert!(bot_to_move(&t, "den"));
    clock.set(START_MS + 30 * 86_400_000);
    let due = t.tick();
    assert!(
        due.is_empty(),
        "nothing falls due for a computer player: {due:?}"
    );
    assert!(bot_to_move(&t, "den"), "still its turn, not timed out");
    // Issue 40: its record says so, while it runs and once it is over.
    let unrated = |t: &Table| {
        let r = send(t, "alice", "den", Command::Export);
        let text = String::from_utf8(r[0].image.as_ref().unwrap().png.clone()).unwrap();
        assert!(text.contains(r#""rated":false"#), "{text}");
    };
    unrated(&t);
    let r = send(&t, "alice", "den", Command::Resign);
    assert!(r[0].text.contains("Game over"), "{}", r[0].text);
    assert!(!r[0].text.contains("Ratings"), "{}", r[0].text);
    let r = typed(&t, "alice", "den", "rating");
    assert!(r[0].text.contains("no rating yet"), "{}", r[0].text);
    unrated(&t);
}

/// People's moves and autocomplete in other games are served while a computer player
/// searches (the search holds no lock).
#[test]
fn other_games_are_served_while_a_computer_player_thinks() {
    let dir = tempfile::tempdir().unwrap();
    let t = Arc::new(open(&dir.path().join("plateau.db")));
    typed(&t, "alice", "den", "new skyscrapers 2");
    typed(&t, "alice", "den", "addbot hard");
    typed(&t, "alice", "den", "start order:join");
    typed(&t, "carol", "hall", "new pikemen 2");
    typed(&t, "dave", "hall", "join");
    typed(&t, "carol", "hall", "start order:join");
    // Alice's first action, then the computer's turn: a hard search takes about a second
    // and a half.
    let alice_move = t.game_info("c-den").unwrap().game.unwrap().legal_moves()[0].clone();
    send(&t, "alice", "den", Command::Play { text: alice_move });
    assert!(bot_to_move(&t, "den"));
    let thinker = {
        let t = t.clone();
        std::thread::spawn(move || t.play_bots_in("c-den"))
    };
    std::thread::sleep(Duration::from_millis(100));
    let r = typed(&t, "carol", "hall", "turn d1 e");
    assert!(is_public(&r), "{}", r[0].text);
    let moves = t.autocomplete(&ctx("dave", "hall"), "turn");
    assert!(!moves.is_empty());
    // The search runs to its level's time cap (1.5 s): had the move waited for it, the
    // search would be over by now.
    assert!(
        !thinker.is_finished(),
        "the move elsewhere was served only after the search"
    );
    let played = thinker.join().unwrap();
    assert!(!played.is_empty(), "the computer player moved");
}
