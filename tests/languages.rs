//! Issue 15 at the service: languages chosen or remembered outlive a restart, so the messages
//! the clock sends between requests (reminders to a channel, digests to a user) speak the
//! language of their readers.

mod common;

use common::*;
use plateau::table::{Arg, Context, ManualClock, Request, Table, Visibility};
use std::sync::Arc;

const HOUR: i64 = 3_600_000;

fn run(t: &Table, ctx: &Context, line: &str) -> Vec<plateau::table::Reply> {
    let mut words = line.split_whitespace();
    let name = words.next().unwrap();
    let args: Vec<Arg> = words
        .map(|w| match w.split_once(':') {
            Some((n, v)) => Arg::named(n, v),
            None => Arg::positional(w),
        })
        .collect();
    let command = t.command(ctx, name, &args).unwrap();
    t.handle(&Request {
        ctx: ctx.clone(),
        command,
        from_button: None,
    })
}

#[test]
fn the_clock_speaks_each_readers_language_across_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("plateau.db");
    let clock = Arc::new(ManualClock::new(START_MS));
    {
        let t = Table::open(&db, clock.clone()).unwrap();
        let admin = Context {
            can_manage: true,
            ..ctx("alice", "tavern")
        };
        // bob's client is French: remembered for the direct messages sent between requests.
        let bob = Context {
            locale: Some("fr".into()),
            ..ctx("bob", "tavern")
        };
        run(&t, &admin, "new pikemen 2 clock:fast");
        run(&t, &bob, "join");
        run(&t, &admin, "start order:join");
        let r = run(&t, &admin, "settings server-language:fr");
        assert!(r[0].text.starts_with("Saved."), "{}", r[0].text);
        let r = run(&t, &admin, "turn d1 e");
        assert!(r[0].text.contains("a joué turn d1 e"), "{}", r[0].text);
        let r = run(&t, &bob, "settings digest:on");
        assert!(r[0].text.starts_with("Enregistré."), "{}", r[0].text);
    }
    // A new process on the same database: nobody has spoken since.
    let t = Table::open(&db, clock.clone()).unwrap();
    clock.advance(12 * HOUR);
    let due = t.tick();
    let reminder = due
        .iter()
        .find(|r| r.visibility == Visibility::Public)
        .map(|r| r.text.clone());
    // bob takes the digest instead of pings: no reminder in the channel, a French digest.
    assert_eq!(reminder, None, "{due:?}");
    clock.advance(24 * HOUR);
    let due = t.tick();
    let digest = due
        .iter()
        .find(|r| r.visibility == Visibility::Direct("u-bob".into()))
        .unwrap_or_else(|| panic!("no digest in {due:?}"));
    assert!(
        digest.text.starts_with("À vous de jouer dans 1 partie"),
        "{}",
        digest.text
    );
    // The time-out notice in the channel is French: the server chose French.
    let notice = due
        .iter()
        .chain(t.tick().iter())
        .find(|r| r.visibility == Visibility::Public)
        .map(|r| r.text.clone())
        .unwrap_or_default();
    assert!(notice.contains("a dépassé son temps"), "{notice}");
}
