//! Issue 14 through the service, what transcripts cannot show: a restart in the middle of a
//! tournament round and of a decided game not yet opened, and a round that is checked again
//! and again (ticks, a second process) advancing exactly once.

use plateau::table::{commands, Arg, ChannelRef, Command, Context, Reply, Request, Table};
use std::path::Path;

mod common;
use common::*;

fn moderator(channel: &str) -> Context {
    Context {
        can_manage: true,
        ..ctx("mod", channel)
    }
}

fn tournament(t: &Table, c: Context, action: &str, options: &[(&str, &str)]) -> Vec<Reply> {
    let mut args = vec![Arg::positional(action)];
    args.extend(options.iter().map(|(n, v)| Arg::named(*n, *v)));
    t.handle(&Request {
        ctx: c,
        // As typed: the service's own parser reads the action and the settings.
        command: commands::build(None, "tournament", &args).expect("a tournament command"),
        from_button: None,
    })
}

/// Opens every decided game in a channel named by its opening, as the local channel does;
/// returns the channel names.
fn open_all(t: &Table) -> Vec<String> {
    let mut opened = Vec::new();
    for o in t.pending_openings() {
        let channel = ChannelRef {
            id: format!("c-{}", o.slug),
            name: o.slug.clone(),
            guild: Some("g".into()),
        };
        let r = t.open_at(o.id, channel);
        assert_eq!(r.len(), 2, "a notice and the board");
        opened.push(o.slug);
    }
    opened
}

/// The player to move in `channel` resigns.
fn resign_in(t: &Table, channel: &str) -> Vec<Reply> {
    let info = t.game_info(&format!("c-{channel}")).expect("an open game");
    let (_, name, _) = info.players[0].clone();
    send(t, &name, channel, Command::Resign)
}

fn reopen(db: &Path) -> Table {
    open(db)
}

#[test]
fn a_round_survives_a_restart_and_advances_once() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("plateau.db");
    let round1: Vec<String>;
    {
        let t = open(&db);
        let r = tournament(
            &t,
            moderator("events"),
            "create",
            &[("game", "pikemen"), ("format", "round-robin")],
        );
        assert!(is_public(&r), "{}", r[0].text);
        for p in ["ann", "ben", "cat", "dan"] {
            let r = tournament(&t, ctx(p, "events"), "join", &[]);
            assert!(is_public(&r), "{}", r[0].text);
        }
        let r = tournament(&t, moderator("events"), "start", &[]);
        assert!(r[0].text.contains("Round 1"), "{}", r[0].text);
        round1 = open_all(&t);
        assert_eq!(round1.len(), 2);
        // One game of the round ends, then the process stops.
        resign_in(&t, &round1[0]);
    }
    let t = reopen(&db);
    assert!(
        t.pending_openings().is_empty(),
        "round 1 opened before the restart"
    );
    assert!(
        t.tick().iter().all(|r| !r.text.contains("round 2")),
        "the round is not over"
    );
    let r = resign_in(&t, &round1[1]);
    assert!(
        r.iter().any(|r| r.text.contains("round 2 of 3")),
        "the last game of the round moves it on: {r:?}"
    );
    let round2 = open_all(&t);
    assert_eq!(round2.len(), 2);
    // Checked again by ticks and by a second process on the same file: nothing more.
    for _ in 0..3 {
        assert!(t.tick().iter().all(|r| !r.text.contains("round")));
    }
    let other = Table::open_shared(
        &db,
        std::sync::Arc::new(plateau::table::ManualClock::new(START_MS)),
    )
    .unwrap();
    assert!(other.tick().iter().all(|r| !r.text.contains("round")));
    assert!(other.pending_openings().is_empty() && t.pending_openings().is_empty());
    let standings = tournament(&t, ctx("ann", "events"), "standings", &[]);
    assert!(
        standings[0].text.contains("after round 1"),
        "{}",
        standings[0].text
    );
}

#[test]
fn a_decided_game_opens_after_a_restart_and_only_once() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("plateau.db");
    {
        let t = open(&db);
        typed(&t, "ann", "lounge", "seek pikemen");
        let r = typed(&t, "ben", "lounge", "seek pikemen");
        assert!(
            r.iter().any(|r| r.text.contains("Seekers matched")),
            "{r:?}"
        );
        // The process stops before the transport gave the game a channel.
    }
    let t = reopen(&db);
    let pending = t.pending_openings();
    assert_eq!(pending.len(), 1, "the decided game survived");
    let o = &pending[0];
    let at = |name: &str| ChannelRef {
        id: format!("c-{name}"),
        name: name.into(),
        guild: Some("g".into()),
    };
    assert_eq!(t.open_at(o.id, at("first")).len(), 2);
    assert!(
        t.open_at(o.id, at("second")).is_empty(),
        "an opening opens once"
    );
    assert!(t.game_info("c-second").is_none());
    let info = t.game_info("c-first").expect("the game");
    assert_eq!(info.status, "active");
    let mut names: Vec<String> = info.players.iter().map(|p| p.1.clone()).collect();
    names.sort();
    assert_eq!(names, ["ann", "ben"]);
}
