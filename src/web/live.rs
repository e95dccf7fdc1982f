//! A game's live stream: server-sent events telling an open page that the game moved on.
//!
//! Each stream reads the game's version from the store every [`POLL`] (one indexed read), so
//! a move made by any process sharing the database reaches every page within a second.

use super::{blocking, not_found, Site};
use crate::table::pages;
use axum::extract::{Path, State};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use std::convert::Infallible;
use std::time::Duration;

/// How often a stream looks at its game.
const POLL: Duration = Duration::from_millis(250);

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
    let stream =
        futures_util::stream::unfold((site, None::<u32>), move |(site, shown)| async move {
            loop {
                if shown.is_some() {
                    tokio::time::sleep(POLL).await;
                }
                // A failed read (logged) is tried again at the next poll.
                let now = blocking(&site, move |t| pages::version(t, game))
                    .await
                    .flatten();
                if let Some(v) = now.filter(|v| Some(*v) != shown) {
                    let event = Event::default().event("version").data(v.to_string());
                    return Some((Ok::<Event, Infallible>(event), (site, Some(v))));
                }
                if shown.is_none() {
                    tokio::time::sleep(POLL).await;
                }
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
