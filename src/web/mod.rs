//! The game pages (issue 44): a third transport beside `discord` and `local`, read-only. Each
//! started game has a page at `/g/TOKEN` (the token from `table::pages`): the board at any
//! point of the game, the players, clocks and result, the move list, the record to download,
//! and a live stream of its new moves.
//!
//! Files: `limit` (a token bucket per client address), `cache` (pages and pictures kept in
//! memory), `html` (the page, its CSS and script embedded in the binary), `live` (the
//! server-sent events of a game, one poll of the store a watched game) <- this file (the
//! routes). It holds no game logic: what a
//! page says comes from `table::pages`, which reads the store, so that every process sharing
//! one PostgreSQL database serves every game's page and sees every move.
//!
//! `cli/serve.rs` starts it on `[web] listen`; `cli/play.rs` with `--web ADDR`.

mod cache;
mod html;
mod limit;
mod live;

use crate::render::Theme;
use crate::table::{pages, Table};
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use std::net::SocketAddr;
use std::sync::Arc;

/// Where the pages find the service: a function, because the local channel's `!restart`
/// replaces its service while the pages run.
pub type Tables = Arc<dyn Fn() -> Arc<Table> + Send + Sync>;

/// What every request shares.
#[derive(Clone)]
struct Site {
    tables: Tables,
    cache: Arc<cache::Cache>,
    limits: Arc<limit::Limits>,
    watchers: Arc<live::Watchers>,
}

/// The pages' routes over `tables`.
pub fn router(tables: Tables) -> Router {
    let site = Site {
        tables,
        cache: Arc::new(cache::Cache::default()),
        limits: Arc::new(limit::Limits::default()),
        watchers: Arc::new(live::Watchers::default()),
    };
    Router::new()
        .route("/g/{token}", get(page))
        .route("/g/{token}/p/{file}", get(picture))
        .route("/g/{token}/record", get(record))
        .route("/g/{token}/events", get(live::events))
        .fallback(|| async { not_found() })
        .layer(axum::middleware::from_fn_with_state(
            site.clone(),
            limit::gate,
        ))
        .with_state(site)
}

/// Serves the pages on `listener` until the task is dropped.
pub async fn serve(listener: tokio::net::TcpListener, tables: Tables) -> std::io::Result<()> {
    axum::serve(
        listener,
        router(tables).into_make_service_with_connect_info::<SocketAddr>(),
    )
    .await
}

/// Runs `f` on the service in the blocking pool: the service is synchronous (SQL, PNG).
async fn blocking<T: Send + 'static>(
    site: &Site,
    f: impl FnOnce(&Table) -> T + Send + 'static,
) -> Option<T> {
    let tables = site.tables.clone();
    tokio::task::spawn_blocking(move || f(&tables())).await.ok()
}

/// The one answer to anything unknown: the same for a wrong token as for a wrong path, so
/// that it tells nothing.
fn not_found() -> Response {
    (
        StatusCode::NOT_FOUND,
        private_headers("no-store"),
        "Not found\n",
    )
        .into_response()
}

/// Headers of every answer: a page's address holds its token, so no other site is told it
/// (`Referrer-Policy`), and nothing is read as another type than it says.
fn private_headers(cache: &'static str) -> HeaderMap {
    let mut h = HeaderMap::new();
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h
}

async fn page(State(site): State<Site>, Path(token): Path<String>) -> Response {
    if !pages::plausible(&token) {
        return not_found();
    }
    let cache = site.cache.clone();
    let found = blocking(&site, move |t| {
        let game = pages::game_of(t, &token)?;
        let version = pages::version(t, game)?;
        if let Some(html) = cache.page(&token, version) {
            return Some(html);
        }
        let data = pages::game_page(t, &token)?;
        let html = Arc::new(html::page(&data));
        cache.keep_page(&token, data.version, html.clone());
        Some(html)
    })
    .await
    .flatten();
    let Some(html) = found else {
        return not_found();
    };
    let mut h = private_headers("no-cache");
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(html::POLICY),
    );
    (h, html.as_str().to_owned()).into_response()
}

/// `/g/TOKEN/p/INDEX-KEY-THEME.png`: a position's picture, the same for ever under its name.
async fn picture(
    State(site): State<Site>,
    Path((token, file)): Path<(String, String)>,
) -> Response {
    let Some((index, key, theme)) = picture_name(&file) else {
        return not_found();
    };
    if !pages::plausible(&token) {
        return not_found();
    }
    let name = format!("{token}/{file}");
    let png = match site.cache.picture(&name) {
        Some(png) => Some(png),
        None => {
            let cache = site.cache.clone();
            blocking(&site, move |t| {
                let png = bytes::Bytes::from(pages::picture(t, &token, index, &key, theme)?);
                cache.keep_picture(name, png.clone());
                Some(png)
            })
            .await
            .flatten()
        }
    };
    let Some(png) = png else {
        return not_found();
    };
    let mut h = private_headers("public, max-age=31536000, immutable");
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static("image/png"));
    (h, png).into_response()
}

/// `3-0123456789abcdef-dark.png` -> (3, key, theme).
fn picture_name(file: &str) -> Option<(usize, String, Theme)> {
    let stem = file.strip_suffix(".png")?;
    let mut parts = stem.split('-');
    let index = parts.next()?.parse().ok()?;
    let key = parts.next()?;
    let theme = match parts.next()? {
        "light" => Theme::Light,
        "dark" => Theme::Dark,
        _ => return None,
    };
    let hex = key.len() == 16 && key.bytes().all(|b| b.is_ascii_hexdigit());
    (hex && parts.next().is_none()).then(|| (index, key.to_string(), theme))
}

/// The `/export` record, as a file to save.
async fn record(State(site): State<Site>, Path(token): Path<String>) -> Response {
    if !pages::plausible(&token) {
        return not_found();
    }
    let Some((name, text)) = blocking(&site, move |t| pages::record(t, &token))
        .await
        .flatten()
    else {
        return not_found();
    };
    let mut h = private_headers("no-store");
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    if let Ok(v) = HeaderValue::from_str(&format!("attachment; filename=\"{name}\"")) {
        h.insert(header::CONTENT_DISPOSITION, v);
    }
    (h, text).into_response()
}

/// The client's address: the peer's, or behind a reverse proxy on this machine the last
/// address of `X-Forwarded-For` (the one the proxy saw; earlier ones are the client's say).
fn client(peer: Option<SocketAddr>, headers: &HeaderMap) -> std::net::IpAddr {
    let ip = peer.map_or(std::net::IpAddr::from([0, 0, 0, 0]), |c| c.ip());
    if !ip.is_loopback() {
        return ip;
    }
    headers
        .get("x-forwarded-for")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.rsplit(',').next())
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(ip)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picture_names_are_read_strictly() {
        let (i, key, theme) = picture_name("3-0123456789abcdef-dark.png").unwrap();
        assert_eq!(
            (i, key.as_str(), theme),
            (3, "0123456789abcdef", Theme::Dark)
        );
        assert!(picture_name("3-0123456789abcdef-dark.gif").is_none());
        assert!(picture_name("3-0123-dark.png").is_none());
        assert!(picture_name("x-0123456789abcdef-light.png").is_none());
        assert!(picture_name("3-0123456789abcdef-light-x.png").is_none());
    }

    #[test]
    fn a_proxy_on_loopback_names_the_client() {
        let mut h = HeaderMap::new();
        h.insert(
            "x-forwarded-for",
            HeaderValue::from_static("1.2.3.4, 5.6.7.8"),
        );
        let local = Some(SocketAddr::from(([127, 0, 0, 1], 9)));
        assert_eq!(client(local, &h).to_string(), "5.6.7.8");
        let far = Some(SocketAddr::from(([9, 9, 9, 9], 9)));
        assert_eq!(client(far, &h).to_string(), "9.9.9.9");
    }
}
