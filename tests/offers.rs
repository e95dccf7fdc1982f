//! Undo, offers, abort, rematch, /mygames, export and replay through the service's public
//! API (issue 7, items 4 to 7): what transcripts cannot show (restarts, stale buttons,
//! moderators, Discord links, the exported record loaded back, the GIF's frames and size).

use image::AnimationDecoder;
use plateau::table::record::{animate, Record, ATTACHMENT_LIMIT};
use plateau::table::{
    ChannelRef, Command, Context, ManualClock, Reply, Request, SeatOrder, Table, UserRef,
};
use std::sync::Arc;

mod common;
use common::*;

fn ctx(user: &str, channel: &str) -> Context {
    Context {
        user: UserRef {
            id: format!(
                "{}",
                1000 + user.len() as u64 * 7 + user.as_bytes()[0] as u64
            ),
            name: user.into(),
        },
        channel: ChannelRef {
            // Discord snowflakes: /mygames links to them.
            id: format!(
                "{}",
                5_000 + channel.len() as u64 * 13 + channel.as_bytes()[0] as u64
            ),
            name: channel.into(),
            guild: Some("77".into()),
        },
        can_manage: false,
        ..Default::default()
    }
}

fn uid(user: &str) -> String {
    ctx(user, "x").user.id
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

fn game(t: &Table, users: &[&str], channel: &str) {
    let r = send(
        t,
        users[0],
        channel,
        Command::New {
            game: plateau::engine::GameKind::Pikemen,
            players: Some(users.len() as u8),
            options: vec![],
        },
    );
    assert!(is_public(&r), "{r:?}");
    for u in &users[1..] {
        assert!(is_public(&send(t, u, channel, Command::Join)));
    }
    let r = send(
        t,
        users[0],
        channel,
        Command::Start {
            order: Some(SeatOrder::Join),
        },
    );
    assert!(is_public(&r), "{r:?}");
}

fn channel_id(channel: &str) -> String {
    ctx("x", channel).channel.id
}

fn state(t: &Table, channel: &str) -> (u32, serde_json::Value) {
    let info = t.game_info(&channel_id(channel)).expect("a game");
    (info.ply, info.game.expect("started").state_json())
}

/// Plays `n` moves, each player in turn picking a legal move by a fixed rule.
fn play_some(t: &Table, users: &[&str], channel: &str, n: usize) {
    for k in 0..n {
        let info = t.game_info(&channel_id(channel)).expect("a game");
        let g = info.game.expect("started");
        let Some(seat) = g.to_move() else { return };
        let moves = g.legal_moves();
        let m = &moves[(k * 7919) % moves.len()];
        let r = play(t, users[seat as usize - 1], channel, m);
        assert!(is_public(&r), "{m}: {r:?}");
        if g.is_over() {
            return;
        }
    }
}

/// R: a player takes back their own move for free until the next player has moved (item 4).
#[test]
fn free_undo_restores_the_exact_position() {
    let t = Table::open(":memory:", Arc::new(ManualClock::new(START_MS))).unwrap();
    game(&t, &["alice", "bob"], "den");
    play(&t, "alice", "den", "turn d1 e");
    let before = state(&t, "den");
    play(&t, "bob", "den", "turn a4 e");
    let r = send(&t, "bob", "den", Command::Undo);
    assert!(is_public(&r) && r[0].image.is_some(), "{r:?}");
    let after = state(&t, "den");
    assert_eq!(before.1, after.1);
    // The log only grows: the undo is one more action.
    assert_eq!(after.0, before.0 + 2);
}

#[test]
fn an_undo_request_survives_a_restart_and_needs_every_opponent() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("plateau.db");
    let users = ["alice", "bob", "carol"];
    let before = {
        let t = open(&db);
        game(&t, &users, "trio");
        let before = state(&t, "trio");
        play_some(&t, &users, "trio", 2);
        let r = send(&t, "alice", "trio", Command::Undo);
        assert!(is_public(&r), "{r:?}");
        assert!(
            r[0].text.contains("all of you must accept"),
            "{}",
            r[0].text
        );
        let mut pinged = r[0].mentions.clone();
        pinged.sort();
        let mut want = vec![uid("bob"), uid("carol")];
        want.sort();
        assert_eq!(pinged, want);
        assert_eq!(r[0].buttons.len(), 2);
        assert_eq!(r[0].buttons[0].command, "/accept");
        before
    };
    let t = open(&db);
    let r = send(&t, "bob", "trio", Command::Accept);
    assert!(is_public(&r) && r[0].image.is_none(), "{r:?}");
    assert!(r[0].text.contains("Waiting for"), "{}", r[0].text);
    assert_eq!(r[0].mentions, vec![uid("carol")]);
    // Accepting twice changes nothing.
    let again = send(&t, "bob", "trio", Command::Accept);
    assert!(is_refusal(&again) && again[0].text.contains("already accepted"));
    let r = send(&t, "carol", "trio", Command::Accept);
    assert!(is_public(&r) && r[0].image.is_some(), "{r:?}");
    assert!(r[0].text.starts_with("Everyone accepts"), "{}", r[0].text);
    assert_eq!(state(&t, "trio").1, before.1);
    // And the undone state is what a third process sees.
    drop(t);
    let t = open(&db);
    assert_eq!(state(&t, "trio").1, before.1);
}

#[test]
fn answer_buttons_go_stale_when_the_game_moves() {
    let t = Table::open(":memory:", Arc::new(ManualClock::new(START_MS))).unwrap();
    game(&t, &["alice", "bob"], "den");
    let r = send(&t, "alice", "den", Command::Draw);
    let tag = r[0].buttons[0].game;
    assert!(tag.is_some());
    play(&t, "alice", "den", "turn d1 e");
    play(&t, "bob", "den", "turn a4 e");
    let r = t.handle(&Request {
        ctx: ctx("bob", "den"),
        command: Command::Accept,
        from_button: tag,
    });
    assert!(is_refusal(&r) && r[0].text.contains("out of date"), "{r:?}");
    // bob's move declined the offer: there is nothing to accept.
    let r = send(&t, "bob", "den", Command::Accept);
    assert!(is_refusal(&r) && r[0].text.contains("no offer"), "{r:?}");
}

#[test]
fn a_moderator_aborts_any_game_and_players_only_early() {
    let t = Table::open(":memory:", Arc::new(ManualClock::new(START_MS))).unwrap();
    game(&t, &["alice", "bob"], "den");
    play(&t, "alice", "den", "turn d1 e");
    play(&t, "bob", "den", "turn a4 e");
    assert!(is_refusal(&send(&t, "alice", "den", Command::Abort)));
    assert!(is_refusal(&send(&t, "mod", "den", Command::Abort)));
    let mut m = ctx("mod", "den");
    m.can_manage = true;
    let r = t.handle(&Request {
        ctx: m,
        command: Command::Abort,
        from_button: None,
    });
    assert!(is_public(&r), "{r:?}");
    assert!(t.game_info(&channel_id("den")).is_none());
    // The channel is free again, and the aborted game can be replayed as a rematch: bob
    // offers it, and it begins only when alice accepts.
    let r = send(&t, "bob", "den", Command::Rematch);
    assert!(is_public(&r), "{r:?}");
    assert!(r[0].text.contains("offers a rematch"), "{r:?}");
    assert!(t.game_info(&channel_id("den")).is_none());
    let r = send(&t, "alice", "den", Command::Accept);
    assert!(is_public(&r), "{r:?}");
    let info = t.game_info(&channel_id("den")).unwrap();
    let seats: Vec<(String, Option<u8>)> = info
        .players
        .iter()
        .map(|(_, n, s)| (n.clone(), *s))
        .collect();
    assert!(seats.contains(&("bob".into(), Some(1))), "{seats:?}");
    assert!(seats.contains(&("alice".into(), Some(2))), "{seats:?}");
}

#[test]
fn mygames_lists_the_users_turns_first_with_links() {
    let t = Table::open(":memory:", Arc::new(ManualClock::new(START_MS))).unwrap();
    game(&t, &["alice", "bob"], "one");
    game(&t, &["bob", "alice"], "three");
    play(&t, "bob", "three", "turn d1 e");
    let r = send(&t, "alice", "dm", Command::MyGames);
    assert!(is_refusal(&r));
    let text = &r[0].text;
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].contains("your move in 2"), "{text}");
    for (line, ch) in lines[1..].iter().zip(["one", "three"]) {
        assert!(line.starts_with("**Your move**"), "{text}");
        assert!(
            line.contains(&format!(
                "https://discord.com/channels/77/{}",
                channel_id(ch)
            )),
            "{text}"
        );
    }
    let r = send(&t, "bob", "dm", Command::MyGames);
    let lines: Vec<&str> = r[0].text.lines().collect();
    assert!(lines[0].contains("your move in 0"), "{lines:?}");
    assert_eq!(lines.len(), 3);
}

#[test]
fn an_exported_record_loads_back_to_the_identical_position() {
    let t = Table::open(":memory:", Arc::new(ManualClock::new(START_MS))).unwrap();
    let users = ["alice", "bob"];
    game(&t, &users, "den");
    play_some(&t, &users, "den", 12);
    // A taken-back move is not part of the record.
    let info = t.game_info(&channel_id("den")).unwrap();
    let mover = info.game.unwrap().to_move().unwrap();
    let last = users[mover as usize - 1];
    let other = users[2 - mover as usize];
    let m = t
        .game_info(&channel_id("den"))
        .unwrap()
        .game
        .unwrap()
        .legal_moves()[3]
        .clone();
    play(&t, last, "den", &m);
    assert!(is_public(&send(&t, last, "den", Command::Undo)));
    play_some(&t, &users, "den", 5);
    let (_, live_state) = state(&t, "den");
    let r = send(&t, "bob", "den", Command::Export);
    let file = r[0].image.as_ref().expect("an attachment");
    assert!(file.name.ends_with(".txt"));
    let text = String::from_utf8(file.png.clone()).unwrap();
    assert!(
        text.contains("Game: pikemen\n") && !text.contains("Seed:"),
        "{text}"
    );
    assert!(text.contains("Started: 2026-01-01T00:00:00Z\n"), "{text}");
    assert!(
        !text.contains("Ended:") && !text.contains("Result:"),
        "{text}"
    );
    let record = Record::parse(&text).unwrap();
    assert_eq!(record.names, ["alice", "bob"]);
    assert_eq!(record.actions.len(), 17);
    assert_eq!(record.replay().unwrap().state_json(), live_state);
    // After a resignation too, and through the command line.
    assert!(is_public(&send(&t, other, "den", Command::Resign)));
    let r = send(&t, "alice", "den", Command::Export);
    let text = String::from_utf8(r[0].image.as_ref().unwrap().png.clone()).unwrap();
    assert!(text.contains("Result: Game over"), "{text}");
    assert!(text.contains("Ended: 2026-01-01T00:00:00Z\n"), "{text}");
    let record = Record::parse(&text).unwrap();
    let final_state = record.replay().unwrap().state_json();
    assert!(final_state["outcome"].is_object());
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("den.txt");
    std::fs::write(&path, &text).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_plateau"))
        .arg("replay")
        .arg(&path)
        .arg("--out")
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let printed: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(printed, final_state);
    assert!(dir.path().join("den.png").exists() && dir.path().join("den.gif").exists());
    // A broken record is a one-line error with status 2.
    std::fs::write(&path, text.replace("Seed:", "Sneed:")).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_plateau"))
        .arg("replay")
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1);
}

fn gif_frames(bytes: &[u8]) -> usize {
    let dec = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(bytes)).unwrap();
    dec.into_frames().collect_frames().unwrap().len()
}

#[test]
fn the_replay_gif_has_a_frame_per_position_within_the_limit() {
    let t = Table::open(":memory:", Arc::new(ManualClock::new(START_MS))).unwrap();
    let users = ["alice", "bob"];
    game(&t, &users, "den");
    play_some(&t, &users, "den", 6);
    // Private to its asker (issue 27); shared, the same GIF is posted for everyone.
    let mine = send(&t, "alice", "den", Command::Replay);
    assert!(!is_public(&mine), "{mine:?}");
    let r = send(
        &t,
        "alice",
        "den",
        Command::Shared(Box::new(Command::Replay)),
    );
    assert!(is_public(&r), "{r:?}");
    assert_eq!(r[0].image, mine[0].image);
    let gif = r[0].image.as_ref().unwrap();
    assert!(gif.name.ends_with(".gif"));
    assert!(gif.png.len() <= ATTACHMENT_LIMIT);
    assert_eq!(gif_frames(&gif.png), 7);
    assert!(r[0].text.contains("7 frames"), "{}", r[0].text);

    // Under a tight limit: fewer frames, still within it, first and last kept.
    let text = String::from_utf8(
        send(&t, "alice", "den", Command::Export)[0]
            .image
            .as_ref()
            .unwrap()
            .png
            .clone(),
    )
    .unwrap();
    let record = Record::parse(&text).unwrap();
    let positions = record.positions().unwrap();
    assert_eq!(positions.len(), 7);
    let limit = gif.png.len() / 3;
    let small = animate(&positions, &record.view(), limit).unwrap();
    assert!(small.bytes.len() <= limit);
    assert!(small.width < 480);
    assert_eq!(gif_frames(&small.bytes), small.frames);
}

/// Whatever mix of moves, free undos and accepted undo requests, the service's position is the
/// set-up replayed with the moves that still stand, `/board` counts those, and a new process
/// agrees.
#[test]
fn random_moves_and_undos_match_a_replay_of_the_moves_that_stand() {
    use plateau::engine::rng::SplitMix64;
    use plateau::engine::{AnyGame, GameKind, Setup};
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("plateau.db");
    let t = open(&db);
    let users = ["alice", "bob"];
    game(&t, &users, "den");
    let mut rng = SplitMix64::new(7);
    // (seat, move) of the moves that stand.
    let mut stand: Vec<(u8, String)> = Vec::new();
    let mut done = [0; 3];
    for _ in 0..40 {
        let info = t.game_info(&channel_id("den")).expect("running");
        let g = info.game.clone().unwrap();
        let Some(to_move) = g.to_move() else { break };
        match rng.below(4) {
            0 if !stand.is_empty() => {
                // The last mover takes back freely.
                let (seat, _) = stand.pop().unwrap();
                done[0] += 1;
                let r = send(&t, users[seat as usize - 1], "den", Command::Undo);
                assert!(is_public(&r) && r[0].image.is_some(), "{r:?}");
            }
            1 if stand.len() >= 2 => {
                // The player to move asks to take back their last move and the reply to it.
                let asker = users[to_move as usize - 1];
                let r = send(&t, asker, "den", Command::Undo);
                assert!(is_public(&r) && r[0].image.is_none(), "{r:?}");
                let other = users[2 - to_move as usize];
                let r = send(&t, other, "den", Command::Accept);
                assert!(is_public(&r) && r[0].image.is_some(), "{r:?}");
                let at = stand.iter().rposition(|(s, _)| *s == to_move).unwrap();
                stand.truncate(at);
                done[1] += 1;
            }
            _ => {
                let moves = g.legal_moves();
                let m = moves[rng.below(moves.len() as u64) as usize].clone();
                let r = play(&t, users[to_move as usize - 1], "den", &m);
                assert!(is_public(&r), "{r:?}");
                stand.push((to_move, m));
                done[2] += 1;
            }
        }
        let info = t.game_info(&channel_id("den"));
        let Some(info) = info else { break };
        let setup = Setup {
            players: 2,
            // Pikemen draws nothing from its seed (a running game's record does not carry it).
            seed: 0,
            options: Default::default(),
        };
        let texts: Vec<&str> = stand.iter().map(|(_, m)| m.as_str()).collect();
        let expected = AnyGame::replay(GameKind::Pikemen, &setup, &texts).unwrap();
        assert_eq!(info.game.unwrap().state_json(), expected.state_json());
        // `/board` counts the moves that stand, kept in memory across moves and undos.
        let board = send(&t, "alice", "den", Command::Board);
        let head = format!("after {} move", stand.len());
        assert!(board[0].text.contains(&head), "{head}: {}", board[0].text);
    }
    assert!(done.iter().all(|&n| n >= 3), "{done:?}");
    let before = state(&t, "den");
    drop(t);
    assert_eq!(state(&open(&db), "den"), before);
}

/// A long game under a tight limit keeps its story: fewer frames, evenly spread, first and
/// last kept, each decodable, within the limit.
#[test]
fn a_long_replay_drops_frames_to_fit() {
    use plateau::engine::rng::SplitMix64;
    use plateau::engine::{AnyGame, GameKind, Setup};
    let setup = Setup {
        players: 2,
        seed: 3,
        options: Default::default(),
    };
    let mut g = AnyGame::new(GameKind::Pikemen, &setup).unwrap();
    let mut rng = SplitMix64::new(11);
    let mut positions = vec![g.clone()];
    while positions.len() < 30 && !g.is_over() {
        let moves = g.legal_moves();
        g.play(&moves[rng.below(moves.len() as u64) as usize])
            .unwrap();
        positions.push(g.clone());
    }
    let view = plateau::render::View::default();
    let full = animate(&positions, &view, ATTACHMENT_LIMIT).unwrap();
    assert_eq!(full.frames, positions.len());
    let limit = full.bytes.len() * 7 / 10;
    let cut = animate(&positions, &view, limit).unwrap();
    assert!(cut.bytes.len() <= limit);
    assert!(
        cut.frames < positions.len() && cut.frames >= 16,
        "{}",
        cut.frames
    );
    assert_eq!(cut.width, full.width, "frames go before size");
    assert_eq!(gif_frames(&cut.bytes), cut.frames);
}
