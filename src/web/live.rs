//! A game's live stream: server-sent events telling an open page that the game moved on.
//!
//! One task a watched game reads its version from the store every [`POLL`] (one indexed
//! read) and hands it to every stream of that game, so that a thousand readers of one game
//! cost one read, and a move made by any process sharing the database reaches every page
//! within a second. The task ends when the game's last stream closes.

use super::{blocking, not_found, Site};
use crate::table::pages;
use axum::extract::{Path, State};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::Mutex;
use std::time::Duration;
use tokio::sync::watch;

/// How often a watched game's version is read.
const POLL: Duration = Duration::from_millis(250);

/// The watched games: each one's latest version (`None` before the first read), as its
/// polling task publishes it. The map holds one receiver of each.
#[derive(Default)]
pub(super) struct Watchers {
    games: Mutex<HashMap<i64, watch::Receiver<Option<u32>>>>,
}

impl Watchers {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<i64, watch::Receiver<Option<u32>>>> {
        self.games.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// A receiver of `game`'s version, starting its polling task if none runs.
fn subscribe(site: &Site, game: i64) -> watch::Receiver<Option<u32>> {
    let mut games = site.watchers.lock();
    if let Some(rx) = games.get(&game) {
        return rx.clone();
    }
    let (tx, rx) = watch::channel(None);
    games.insert(game, rx.clone());
    tokio::spawn(poll(site.clone(), game, tx));
    rx
}

/// Reads `game`'s version until only the map's receiver is left.
async fn poll(site: Site, game: i64, tx: watch::Sender<Option<u32>>) {
    loop {
        // A failed read (logged) is tried again at the next poll.
        if let Some(v) = blocking(&site, move |t| pages::version(t, game))
            .await
            .flatten()
        {
            tx.send_if_modified(|shown| {
                let changed = *shown != Some(v);
                *shown = Some(v);
                changed
            });
        }
        {
            // Under the map's lock, so that no stream subscribes in between.
            let mut games = site.watchers.lock();
            if tx.receiver_count() <= 1 {
                games.remove(&game);
                return;
            }
        }
        tokio::time::sleep(POLL).await;
    }
}

/// `/g/TOKEN/events`: a `version` event at once, then one each time the game's version
/// changes; the page reloads its content when it differs from the one it shows.
pub(super) async fn events(State(site): State<Site>, Path(token): Path<String>) -> Response {
    if !pages::plausible(&token) {
        return not_found();
    }
    let Some(game) = blocking(&site, move |t| pages::game_of(t, &token))
        .await
        .flatten()
    else {
        return not_found();
    };
    let rx = subscribe(&site, game);
    let stream = futures_util::stream::unfold((rx, None::<u32>), |(mut rx, shown)| async move {
        loop {
            let now = *rx.borrow_and_update();
            if let Some(v) = now.filter(|v| Some(*v) != shown) {
                let event = Event::default().event("version").data(v.to_string());
                return Some((Ok::<Event, Infallible>(event), (rx, Some(v))));
            }
            rx.changed().await.ok()?;
        }
    });
    let mut r = Sse::new(stream)
        .keep_alive(KeepAlive::default())
        .into_response();
    // Proxies must pass the events on at once (nginx buffers otherwise).
    r.headers_mut().insert(
        "x-accel-buffering",
        axum::http::HeaderValue::from_static("no"),
    );
    r
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::{ManualClock, Table};
    use std::sync::Arc;

    #[tokio::test]
    async fn one_poll_a_game_for_all_its_streams_ended_with_the_last() {
        let table = Arc::new(Table::open(":memory:", Arc::new(ManualClock::new(0))).unwrap());
        let site = Site {
            tables: Arc::new(move || table.clone()),
            cache: Arc::default(),
            limits: Arc::default(),
            watchers: Arc::default(),
        };
        let a = subscribe(&site, 7);
        let b = subscribe(&site, 7);
        assert!(a.same_channel(&b), "two streams of a game share its poll");
        assert_eq!(site.watchers.lock().len(), 1);
        drop((a, b));
        tokio::time::sleep(POLL * 3).await;
        assert!(
            site.watchers.lock().is_empty(),
            "no stream left: no poll left"
        );
    }
}
