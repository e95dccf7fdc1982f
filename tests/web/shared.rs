//! Two processes' services on one PostgreSQL database (as `serve --shards` runs them): a page
//! served by one shows, live, the moves the other plays. Skipped without a test server
//! (`PLATEAU_TEST_POSTGRES`, which `.ci/test` sets).

use super::http::{get, Events};
use super::{play_one, typed, ALICE, BOB};
use plateau::table::{ManualClock, Table};
use std::sync::Arc;
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_follows_the_moves_another_process_plays() {
    let fresh = tokio::task::spawn_blocking(plateau::store::testing::fresh_postgres);
    let Some(url) = fresh.await.unwrap() else {
        println!("SKIPPED: no PLATEAU_TEST_POSTGRES");
        return;
    };
    // The services are synchronous (the PostgreSQL client blocks): opened, used and dropped
    // off the async threads.
    let (a, b) = tokio::task::spawn_blocking(move || {
        let open =
            || Arc::new(Table::open(&url, Arc::new(ManualClock::new(1_767_225_600_000))).unwrap());
        (open(), open())
    })
    .await
    .unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    // The pages hold the service weakly, so that its last holder drops it off the async
    // threads at the end (the PostgreSQL client closes by blocking).
    let served = Arc::downgrade(&a);
    tokio::spawn(plateau::web::serve(
        listener,
        Arc::new(move || served.upgrade().expect("the service")),
    ));
    let (other, at) = (b.clone(), base.clone());
    let page = tokio::task::spawn_blocking(move || {
        typed(&other, ALICE, "8", "new", &["pikemen", "2"]);
        typed(&other, BOB, "8", "join", &[]);
        let mut r = typed(&other, ALICE, "8", "start", &["order:join"]);
        plateau::table::pages::link_boards(&other, &mut r, &at);
        play_one(&other, "8");
        r.iter()
            .find_map(|r| r.link.clone().map(|l| l.url))
            .unwrap()
    })
    .await
    .unwrap();
    let (status, _, body) = get(&page).await;
    assert_eq!(status, 200, "the other process serves the page");
    assert!(String::from_utf8_lossy(&body).contains("id=\"ply-1\""));
    // The live stream of process A tells of a move process B plays.
    let mut events = Events::open(&page).await;
    events.until("data: 1", Duration::from_secs(1)).await;
    let other = b.clone();
    tokio::task::spawn_blocking(move || play_one(&other, "8"))
        .await
        .unwrap();
    events.until("data: 2", Duration::from_secs(1)).await;
    let (_, _, body) = get(&page).await;
    assert!(String::from_utf8_lossy(&body).contains("id=\"ply-2\""));
    drop(events);
    tokio::task::spawn_blocking(move || drop((a, b)))
        .await
        .unwrap();
}
