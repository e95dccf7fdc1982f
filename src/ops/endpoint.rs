//! `GET /metrics` (Prometheus' text format) and `GET /healthz` (200 once the bot is connected
//! and its database open, 503 before), on the address of `[ops] listen`. HTTP/1.0-style: one
//! request per connection, which is all a scraper or a probe sends.

use std::sync::atomic::{AtomicBool, Ordering};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// Set once the process serves: its database open and its shards connected.
static READY: AtomicBool = AtomicBool::new(false);

/// Marks the process ready (`/healthz` answers 200 from now on).
pub fn set_ready() {
    READY.store(true, Ordering::Relaxed);
}

/// Serves until the runtime stops. The listener is bound by the caller, so a port in use is
/// refused at start.
pub async fn serve(listener: TcpListener) {
    loop {
        let Ok((stream, _)) = listener.accept().await else {
            continue;
        };
        tokio::spawn(async move {
            if let Err(e) = answer(stream, &READY).await {
                tracing::debug!("ops endpoint: {e}");
            }
        });
    }
}

async fn answer(mut stream: TcpStream, ready: &AtomicBool) -> std::io::Result<()> {
    let mut buf = vec![0u8; 4096];
    let mut len = 0;
    // The request line and headers; a body is never expected.
    while len < buf.len() && !buf[..len].windows(4).any(|w| w == b"\r\n\r\n") {
        let n = tokio::time::timeout(
            std::time::Duration::from_secs(5),
            stream.read(&mut buf[len..]),
        )
        .await
        .map_err(|_| std::io::Error::new(std::io::ErrorKind::TimedOut, "slow request"))??;
        if n == 0 {
            break;
        }
        len += n;
    }
    let head = String::from_utf8_lossy(&buf[..len]);
    let (status, kind, body) = route(
        head.lines().next().unwrap_or(""),
        ready.load(Ordering::Relaxed),
    );
    let response = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(response.as_bytes()).await?;
    stream.shutdown().await
}

/// The answer to a request line.
fn route(line: &str, ready: bool) -> (&'static str, &'static str, String) {
    const TEXT: &str = "text/plain; charset=utf-8";
    let mut parts = line.split_whitespace();
    let (method, path) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
    match (method, path.split('?').next().unwrap_or("")) {
        ("GET", "/metrics") => (
            "200 OK",
            "text/plain; version=0.0.4; charset=utf-8",
            super::metrics::render(),
        ),
        ("GET", "/healthz") if ready => ("200 OK", TEXT, "ok\n".into()),
        ("GET", "/healthz") => ("503 Service Unavailable", TEXT, "starting\n".into()),
        ("GET", _) => ("404 Not Found", TEXT, "try /metrics or /healthz\n".into()),
        _ => ("405 Method Not Allowed", TEXT, "GET only\n".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes() {
        assert_eq!(route("GET /healthz HTTP/1.1", true).0, "200 OK");
        assert_eq!(
            route("GET /healthz HTTP/1.1", false).0,
            "503 Service Unavailable"
        );
        assert!(route("GET /metrics HTTP/1.1", true)
            .1
            .contains("version=0.0.4"));
        assert_eq!(route("GET /nope HTTP/1.1", true).0, "404 Not Found");
        assert_eq!(
            route("POST /metrics HTTP/1.1", true).0,
            "405 Method Not Allowed"
        );
    }

    async fn get(addr: std::net::SocketAddr, path: &str) -> String {
        let mut s = TcpStream::connect(addr).await.unwrap();
        s.write_all(format!("GET {path} HTTP/1.1\r\nHost: x\r\n\r\n").as_bytes())
            .await
            .unwrap();
        let mut out = String::new();
        s.read_to_string(&mut out).await.unwrap();
        out
    }

    /// Over a real socket: readiness flips once the process is ready, and a scrape shows
    /// what the service recorded, latency histogram buckets included.
    #[tokio::test]
    async fn scrape_and_probe() {
        crate::ops::metrics::install();
        crate::ops::metrics::request("move", std::time::Duration::from_micros(1500));
        crate::ops::metrics::moved("pikemen");
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(serve(listener));
        if !READY.load(Ordering::Relaxed) {
            assert!(get(addr, "/healthz").await.starts_with("HTTP/1.1 503"));
        }
        set_ready();
        assert!(get(addr, "/healthz").await.starts_with("HTTP/1.1 200"));
        let metrics = get(addr, "/metrics").await;
        assert!(
            metrics.contains("plateau_moves_total{game=\"pikemen\"}"),
            "{metrics}"
        );
        assert!(
            metrics.contains("plateau_request_seconds_bucket{command=\"move\",le=\"0.0025\"}"),
            "{metrics}"
        );
    }
}
