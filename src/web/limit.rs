//! A token bucket per client address: a burst of requests (a page, its pictures, a quick
//! run through the moves) passes, a flood is answered 429.

use super::{client, Site};
use axum::extract::{ConnectInfo, Request, State};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::Mutex;
use std::time::Instant;

/// Requests one address may make at once.
const BURST: f64 = 120.0;
/// Requests a second it earns back.
const RATE: f64 = 20.0;
/// Addresses remembered; past this the full buckets are forgotten (they would pass anyway).
const KEPT: usize = 10_000;

/// Every address's bucket: tokens left and when they were counted.
#[derive(Default)]
pub(super) struct Limits {
    buckets: Mutex<HashMap<IpAddr, (f64, Instant)>>,
}

impl Limits {
    /// Takes one token of `ip`'s bucket at `now`; false when it is empty.
    pub(super) fn take(&self, ip: IpAddr, now: Instant) -> bool {
        let mut buckets = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        if buckets.len() >= KEPT {
            buckets.retain(|_, (left, at)| {
                *left + now.duration_since(*at).as_secs_f64() * RATE < BURST
            });
        }
        let (left, at) = buckets.entry(ip).or_insert((BURST, now));
        *left = (*left + now.duration_since(*at).as_secs_f64() * RATE).min(BURST);
        *at = now;
        if *left >= 1.0 {
            *left -= 1.0;
            true
        } else {
            false
        }
    }
}

/// The middleware: 429 with `Retry-After` once the address's bucket is empty.
pub(super) async fn gate(State(site): State<Site>, request: Request, next: Next) -> Response {
    let peer = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0);
    let ip = client(peer, request.headers());
    if site.limits.take(ip, Instant::now()) {
        return next.run(request).await;
    }
    (
        StatusCode::TOO_MANY_REQUESTS,
        [("retry-after", "1")],
        "Too many requests\n",
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_burst_passes_a_flood_waits_and_time_refills() {
        let limits = Limits::default();
        let (a, b) = (IpAddr::from([1, 1, 1, 1]), IpAddr::from([2, 2, 2, 2]));
        let t = Instant::now();
        assert!((0..BURST as usize).all(|_| limits.take(a, t)));
        assert!(!limits.take(a, t));
        assert!(limits.take(b, t), "another address has its own bucket");
        assert!(limits.take(a, t + Duration::from_millis(100)));
    }
}
