//! Correspondence clocks through the service's public API, across restarts: every deadline and
//! reminder lives in the database, so a new process on the same file fires each of them at
//! its time, once; moves made by another process (or just before a crash) get their clock.

use plateau::table::{
    ChannelRef, Command, Context, ManualClock, Reply, Request, SeatOrder, Table, UserRef,
    Visibility,
};
use std::path::Path;
use std::sync::Arc;

const START_MS: i64 = 1_767_225_600_000; // 2026-01-01T00:00:00Z
const HOUR: i64 = 3_600_000;
const DAY: i64 = 24 * HOUR;

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

fn typed(t: &Table, user: &str, channel: &str, line: &str) -> Vec<Reply> {
    let mut words = line.split_whitespace();
    let name = words.next().unwrap();
    let args: Vec<plateau::table::Arg> = words
        .map(|w| match w.split_once(':') {
            Some((n, v)) if !n.is_empty() => plateau::table::Arg::named(n, v),
            _ => plateau::table::Arg::positional(w),
        })
        .collect();
    let c = ctx(user, channel);
    let command = t.command(&c, name, &args).expect("a command");
    send(t, user, channel, command)
}

/// A process on `db` whose clock reads `now`.
fn open(db: &Path, now: i64) -> (Table, Arc<ManualClock>) {
    let clock = Arc::new(ManualClock::new(now));
    (Table::open(db, clock.clone()).unwrap(), clock)
}

/// alice (seat 1, to move) and bob in a fast-clock Pikemen game in `channel`.
fn fast_game(t: &Table, channel: &str, extra: &str) {
    let r = typed(
        t,
        "alice",
        channel,
        &format!("new pikemen 2 clock:fast {extra}"),
    );
    assert_eq!(r[0].visibility, Visibility::Public, "{r:?}");
    assert!(r[0].text.contains("Clock: fast"), "{r:?}");
    typed(t, "bob", channel, "join");
    let r = send(
        t,
        "alice",
        channel,
        Command::Start {
            order: Some(SeatOrder::Join),
        },
    );
    assert!(r[0].text.contains("has until <t:"), "{r:?}");
}

fn texts(r: &[Reply]) -> Vec<&str> {
    r.iter().map(|r| r.text.as_str()).collect()
}

/// Issue 7: "a restart with pending deadlines: after the restart, they fire at the right
/// time, once".
#[test]
fn pending_reminders_and_deadline_survive_restarts_and_fire_once() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("plateau.db");
    {
        let (t, _) = open(&db, START_MS);
        fast_game(&t, "tavern", "");
        assert!(t.tick().is_empty());
    }
    // A new process, just before the half-time reminder: nothing yet.
    {
        let (t, clock) = open(&db, START_MS + 12 * HOUR - 1);
        assert!(t.tick().is_empty());
        clock.advance(1);
        let r = t.tick();
        assert_eq!(r.len(), 1, "{:?}", texts(&r));
        assert!(
            r[0].text.contains("Half of your time is left"),
            "{}",
            r[0].text
        );
        assert_eq!(r[0].mentions, vec!["u-alice".to_string()]);
        assert!(t.tick().is_empty(), "a reminder fires once");
    }
    // Another restart at the same time: the reminder is not sent again.
    {
        let (t, clock) = open(&db, START_MS + 12 * HOUR);
        assert!(t.tick().is_empty());
        clock.set(START_MS + 18 * HOUR);
        let r = t.tick();
        assert_eq!(r.len(), 1, "{:?}", texts(&r));
        assert!(r[0].text.contains("A quarter"), "{}", r[0].text);
    }
    // Long after the deadline: the timeout fires once, and no stale reminder with it.
    {
        let (t, _) = open(&db, START_MS + 3 * DAY);
        let r = t.tick();
        assert_eq!(r.len(), 1, "{:?}", texts(&r));
        assert!(r[0].text.contains("has run out of time"), "{}", r[0].text);
        assert_eq!(r[0].buttons[0].command, "/claim");
        assert!(t.tick().is_empty());
        let r = typed(&t, "bob", "tavern", "claim");
        assert!(r[0].text.contains("bob claims the win"), "{:?}", texts(&r));
    }
    {
        let (t, clock) = open(&db, START_MS + 3 * DAY);
        clock.advance(30 * DAY);
        assert!(t.tick().is_empty(), "a finished game has no clock");
    }
}

/// A move made by another process carries its clock in its own transaction, and the other
/// process's scheduler fires it from the store.
#[test]
fn moves_by_another_process_start_the_next_clock() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("plateau.db");
    let (a, clock_a) = open(&db, START_MS);
    fast_game(&a, "tavern", "timeout:hard");
    // A second process on purpose (`serve` and `play` refuse one: tests/freeze.rs).
    let clock_b = Arc::new(ManualClock::new(START_MS + HOUR));
    let b = Table::open_shared(&db, clock_b.clone()).unwrap();
    clock_a.set(START_MS + HOUR);
    let r = typed(&b, "alice", "tavern", "turn d1 e");
    assert!(
        r[0].text.contains("Blue (<@u-bob>) to move"),
        "{:?}",
        texts(&r)
    );
    drop(b);
    // Process a never saw the move; its scheduler still runs bob's day, not alice's.
    clock_a.set(START_MS + DAY);
    assert!(a.tick().iter().all(|r| !r.text.contains("alice")));
    clock_a.set(START_MS + HOUR + DAY);
    let r = a.tick();
    assert!(
        r.iter()
            .any(|r| r.text.contains("bob (Blue) ran out of time")),
        "{:?}",
        texts(&r)
    );
    assert!(
        a.game_info("c-tavern").is_none(),
        "a hard timeout ends the game"
    );
    let _ = clock_b;
}

/// Restarting mid-vacation keeps the clock frozen; the bank still ends it on time.
#[test]
fn vacations_survive_restarts() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("plateau.db");
    {
        let (t, _) = open(&db, START_MS);
        fast_game(&t, "tavern", "");
        let r = typed(&t, "alice", "tavern", "vacation start");
        assert_eq!(r.len(), 2, "{:?}", texts(&r));
        assert!(
            r[1].text.contains("frozen with 1 day left"),
            "{}",
            r[1].text
        );
    }
    {
        let (t, _) = open(&db, START_MS + 29 * DAY);
        assert!(t.tick().is_empty(), "frozen: no reminder, no timeout");
        let r = typed(&t, "bob", "tavern", "board");
        assert!(
            r[0].text.contains("frozen while alice is on vacation"),
            "{}",
            r[0].text
        );
    }
    {
        let (t, clock) = open(&db, START_MS + 30 * DAY);
        let r = t.tick();
        assert_eq!(r.len(), 2, "{:?}", texts(&r));
        assert_eq!(r[0].visibility, Visibility::Direct("u-alice".into()));
        assert!(r[1].text.contains("back from vacation"), "{}", r[1].text);
        clock.advance(DAY);
        let r = t.tick();
        assert!(
            r.iter().any(|r| r.text.contains("run out of time")),
            "{:?}",
            texts(&r)
        );
    }
}

/// A turn-start ping held back by quiet hours and a daily digest are timers like the others:
/// a restart delivers each at its time, once.
#[test]
fn held_back_pings_and_digests_survive_restarts() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("plateau.db");
    {
        let (t, _) = open(&db, START_MS);
        typed(
            &t,
            "alice",
            "tavern",
            "settings quiet:22:00-07:00 timezone:+01:00",
        );
        typed(&t, "bob", "tavern", "settings digest:on");
        let r = typed(&t, "alice", "tavern", "new pikemen 2 clock:casual");
        assert!(r[0].text.contains("Clock: casual"));
        typed(&t, "bob", "tavern", "join");
        let r = typed(&t, "alice", "tavern", "start order:join");
        // 01:00 for alice: named, not pinged.
        assert!(r[0].mentions.is_empty(), "{:?}", r[0]);
        assert!(
            r[0].text.contains("Orange (alice) to move"),
            "{}",
            r[0].text
        );
    }
    {
        let (t, clock) = open(&db, START_MS + 6 * HOUR - 1);
        assert!(t.tick().is_empty());
        clock.advance(1);
        let r = t.tick();
        assert_eq!(r.len(), 1, "{:?}", texts(&r));
        assert_eq!(r[0].mentions, vec!["u-alice".to_string()]);
        assert!(t.tick().is_empty());
        let r = typed(&t, "alice", "tavern", "turn d1 e");
        assert!(r[0].mentions.is_empty(), "bob reads his digest: {:?}", r[0]);
    }
    {
        let (t, clock) = open(&db, START_MS + 6 * HOUR);
        clock.set(START_MS + 33 * HOUR); // 09:00 UTC the next day
        let r = t.tick();
        assert_eq!(r.len(), 1, "{:?}", texts(&r));
        assert_eq!(r[0].visibility, Visibility::Direct("u-bob".into()));
        assert!(
            r[0].text.starts_with("Your move in 1 game"),
            "{}",
            r[0].text
        );
        assert!(t.tick().is_empty());
    }
    {
        let (t, clock) = open(&db, START_MS + 33 * HOUR);
        assert!(t.tick().is_empty(), "the digest went out once");
        clock.advance(DAY);
        assert_eq!(t.tick().len(), 1, "and again the next day");
    }
}

/// The clock of `plateau play` resumes after the scheduler's last run on restart.
#[test]
fn latest_time_includes_the_last_tick() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("plateau.db");
    let (t, clock) = open(&db, START_MS);
    fast_game(&t, "tavern", "");
    clock.advance(5 * DAY);
    t.tick();
    assert_eq!(t.latest_time_ms().unwrap(), Some(START_MS + 5 * DAY));
}

/// A soft timeout's claim notice names the other players, but pings only those who take
/// channel pings now: not during their quiet hours, not when they chose the daily digest.
#[test]
fn claim_notices_ping_only_players_who_take_pings_now() {
    let dir = tempfile::tempdir().unwrap();
    let (t, clock) = open(&dir.path().join("plateau.db"), START_MS);
    let claim_notice = |t: &Table, channel: &str| {
        t.tick()
            .into_iter()
            .find(|r| r.channel.name == channel && r.text.contains("has run out of time"))
            .expect("a claim notice")
    };
    fast_game(&t, "den", "");
    clock.advance(2 * DAY);
    assert_eq!(claim_notice(&t, "den").mentions, ["u-bob"]);

    let r = typed(&t, "bob", "hall", "settings digest:on");
    assert!(r[0].text.starts_with("Saved"), "{r:?}");
    fast_game(&t, "hall", "");
    clock.advance(2 * DAY);
    let notice = claim_notice(&t, "hall");
    assert!(notice.text.contains("<@u-bob>"), "{}", notice.text);
    assert!(notice.mentions.is_empty(), "{:?}", notice.mentions);
}

/// Issue 28 item 4: a pause lives in the database. A new process finds the game paused (no
/// reminder, no timeout however long), `/resume` gives the player to move exactly the time they
/// had, and the reminders and the deadline then fire that much later, once.
#[test]
fn pauses_survive_restarts_and_keep_the_time_left() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("plateau.db");
    {
        let (t, _) = open(&db, START_MS + 2 * HOUR);
        fast_game(&t, "tavern", "");
        typed(&t, "alice", "tavern", "turn d1 e");
        let r = typed(&t, "alice", "tavern", "pause");
        assert!(r[0].text.contains("offers to pause"), "{:?}", texts(&r));
        let r = typed(&t, "bob", "tavern", "accept");
        assert!(
            r[0].text.contains("Blue (bob) keeps 1 day for their move"),
            "{:?}",
            texts(&r)
        );
    }
    // Five days later, in another process: still paused, nothing fired.
    {
        let (t, _) = open(&db, START_MS + 5 * DAY);
        assert!(t.tick().is_empty(), "paused: no reminder, no timeout");
        let r = typed(&t, "alice", "tavern", "board");
        assert!(
            r[0].text.contains("paused since <t:") && r[0].text.contains("by agreement"),
            "{}",
            r[0].text
        );
        let r = typed(&t, "bob", "tavern", "resume");
        let until = (START_MS + 6 * DAY) / 1000;
        assert!(
            r[0].text
                .contains(&format!("has 1 day left, until <t:{until}:R>")),
            "{:?}",
            texts(&r)
        );
    }
    // The half-time reminder comes 12 hours after the resume, as it would have 12 hours into
    // the turn; the deadline a day after the resume; each once, across restarts.
    {
        let (t, clock) = open(&db, START_MS + 5 * DAY + 12 * HOUR - 1);
        assert!(t.tick().is_empty());
        clock.advance(1);
        let r = t.tick();
        assert_eq!(r.len(), 1, "{:?}", texts(&r));
        assert!(r[0].text.contains("Half of your time"), "{}", r[0].text);
    }
    {
        let (t, clock) = open(&db, START_MS + 6 * DAY - 1);
        assert!(t.tick().iter().all(|r| !r.text.contains("run out")));
        clock.advance(1);
        let r = t.tick();
        assert!(
            r.iter()
                .any(|r| r.text.contains("bob (Blue) has run out of time")),
            "{:?}",
            texts(&r)
        );
    }
}

/// The pause's time limit is a timer like the others: a restart fires it at its time, once,
/// and the clocks run again with the time left.
#[test]
fn a_pause_ends_by_itself_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("plateau.db");
    {
        let (t, clock) = open(&db, START_MS);
        fast_game(&t, "tavern", "");
        clock.advance(6 * HOUR);
        typed(&t, "alice", "tavern", "pause");
        typed(&t, "bob", "tavern", "accept");
    }
    {
        let (t, clock) = open(&db, START_MS + 6 * HOUR + 14 * DAY - 1);
        assert!(t.tick().is_empty());
        clock.advance(1);
        let r = t.tick();
        assert_eq!(r.len(), 1, "{:?}", texts(&r));
        let until = (START_MS + 14 * DAY + DAY) / 1000;
        assert!(
            r[0].text.contains("The pause has lasted 14 days")
                && r[0]
                    .text
                    .contains(&format!("18 hours left, until <t:{until}:R>")),
            "{}",
            r[0].text
        );
        assert_eq!(r[0].mentions, vec!["u-alice".to_string()]);
        assert!(t.tick().is_empty(), "the limit fires once");
    }
    {
        let (t, _) = open(&db, START_MS + 15 * DAY);
        let r = t.tick();
        assert!(
            r.iter()
                .any(|r| r.text.contains("alice (Orange) has run out of time")),
            "{:?}",
            texts(&r)
        );
    }
}

/// A move ends a pause, and the time the mover kept is what the standard clock banks: the
/// pause cost them nothing.
#[test]
fn a_move_ends_a_pause_and_banks_the_time_kept() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("plateau.db");
    let (t, clock) = open(&db, START_MS);
    typed(&t, "alice", "tavern", "new pikemen 2 clock:standard");
    typed(&t, "bob", "tavern", "join");
    typed(&t, "alice", "tavern", "start order:join");
    clock.advance(2 * HOUR);
    typed(&t, "alice", "tavern", "pause");
    let r = typed(&t, "bob", "tavern", "accept");
    assert!(
        r[0].text.contains("keeps 2 days 22 hours"),
        "{:?}",
        texts(&r)
    );
    clock.advance(5 * DAY);
    assert!(t.tick().is_empty());
    let r = typed(&t, "alice", "tavern", "turn d1 e");
    assert!(
        r[0].text
            .contains("That ends the pause: the clocks run again."),
        "{}",
        r[0].text
    );
    let now = START_MS + 2 * HOUR + 5 * DAY;
    // bob starts his turn with the standard clock's 3 days.
    let until = (now + 3 * DAY) / 1000;
    assert!(
        r[0].text.contains(&format!("until <t:{until}:R>")),
        "{}",
        r[0].text
    );
    // alice banked the 2 days 22 hours she kept, plus the day a move earns.
    let r = typed(&t, "bob", "tavern", "turn a4 e");
    let until = (now + 4 * DAY - 2 * HOUR) / 1000;
    assert!(
        r[0].text.contains(&format!("until <t:{until}:R>")),
        "{}",
        r[0].text
    );
}
