//! Issue 11, the gateway: a bot that stays reachable when its connection does not. Missed
//! heartbeat ACKs, a server's RECONNECT (op 7), a dropped connection with interactions sent
//! meanwhile (replayed on RESUME), and an INVALID_SESSION (op 9) that cannot be resumed.

use crate::harness::*;
use std::time::Duration;

/// A harmless command answered: the bot is reachable.
async fn reachable(h: &Harness) {
    let tavern = Place::channel(TAVERN, "tavern");
    let a = h.slash(&BOB, &tavern, "help", vec![]).await;
    assert_eq!(a.kind(), 4);
    assert!(a.text().contains("/new"), "{}", a.text());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn missed_heartbeat_acks_make_the_bot_reconnect() {
    // Short heartbeats (the interval of a HELLO is taken at IDENTIFY, not on a RESUME).
    let mut h = Harness::prepared(Some(GUILD), |f| f.set_heartbeat_interval(300)).await;
    let f = h.f();
    let before = f.gateway_stats();
    let deadline = tokio::time::Instant::now() + WAIT;
    while f.gateway_stats().heartbeats < before.heartbeats + 2 {
        assert!(tokio::time::Instant::now() < deadline, "no heartbeats");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // topics/gateway#sending-heartbeats: "If a client does not receive a heartbeat ACK
    // between its attempts at sending heartbeats, this may be due to a failed or zombied
    // connection. The client should immediately terminate the connection ... and reconnect."
    // serenity restarts the shard then (a new IDENTIFY: shard_runner.rs, `do_heartbeat`).
    f.drop_heartbeat_acks(true);
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        let now = f.gateway_stats();
        if now.identifies + now.resumes > before.identifies + before.resumes && now.connected {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the bot never reconnected"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    f.drop_heartbeat_acks(false);
    reachable(&h).await;
    h.stop().await;
    h.f().assert_clean();
}

/// Interactions sent while the bot was away are replayed on RESUME and answered.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_connection_resumes_and_misses_nothing() {
    let mut h = Harness::new(Some(GUILD)).await;
    let f = h.f();
    let tavern = Place::channel(TAVERN, "tavern");
    f.drop_connection();
    let from = f.cursor();
    let id = f.slash(&ALICE, &tavern, "help", vec![]);
    f.wait_resumed(1).await;
    let a = f.answer(from, id).await;
    assert_eq!(
        a.kind(),
        4,
        "the missed interaction was replayed and answered"
    );
    // A server's RECONNECT is followed the same way.
    f.request_reconnect();
    f.wait_resumed(2).await;
    reachable(&h).await;
    h.stop().await;
    h.f().assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_invalid_session_starts_a_new_one() {
    let mut h = Harness::new(Some(GUILD)).await;
    let f = h.f();
    let before = f.gateway_stats().identifies;
    f.invalidate_session(false);
    // topics/gateway-events#invalid-session: with `d: false` the client identifies again.
    let deadline = tokio::time::Instant::now() + WAIT;
    while f.gateway_stats().identifies <= before || !f.gateway_stats().connected {
        assert!(
            tokio::time::Instant::now() < deadline,
            "never identified again"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    reachable(&h).await;
    h.stop().await;
    h.f().assert_clean();
}
