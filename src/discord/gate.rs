//! Discord's rate limits honoured behind a proxy (`[discord] proxy`). serenity turns its own
//! rate limiter off there, and when a 429 comes back it keeps only the error's `code` and
//! `message`: `retry_after` (body) and `Retry-After` (header) are lost, and a retry made
//! early is refused again and counts toward the invalid-request limit (10,000 401/403/429
//! per 10 minutes, then a ban: topics/rate-limits#invalid-request-limit).
//!
//! So serenity speaks to this gate on the loopback, which relays every request to the proxy
//! (plain HTTP/1.1, as an API proxy speaks) and reads each 429 on the way back: until its
//! `retry_after` has run out, nothing more goes out on that route (or on any route but the
//! interaction ones, for a global limit, topics/rate-limits#global-rate-limit); a request
//! made meanwhile is answered 429 here, without reaching Discord, and [`retry_after`] tells
//! the retry loop (`rest.rs`) how long to wait.

use poise::serenity_prelude as serenity;
use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex};
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};
use tokio::task::JoinHandle;
use tokio::time::Instant;

/// Rate limits met through one gate: by route (`METHOD /path`), and the global one; and the
/// gate's connections to the proxy kept open between requests.
#[derive(Default)]
struct Limits {
    routes: Mutex<HashMap<String, Instant>>,
    global: Mutex<Option<Instant>>,
    idle: Mutex<Vec<Upstream>>,
}

/// At most this many connections to the proxy wait for a request.
const KEPT_UPSTREAM: usize = 16;

/// A connection to the proxy, kept between requests: a connection opened and closed for
/// each request (seven a move: the move, five autocompletes, a board) was a large part of a
/// bot's kernel time under load, and of the proxy's.
struct Upstream {
    read: BufReader<tokio::net::tcp::OwnedReadHalf>,
    write: tokio::net::tcp::OwnedWriteHalf,
}

/// Each running gate's limits, by the address serenity is given (`http://127.0.0.1:PORT`),
/// which serenity's errors carry in their URL.
static GATES: LazyLock<Mutex<HashMap<String, Arc<Limits>>>> = LazyLock::new(Default::default);

/// Routes of interactions: not bound to the global limit (topics/rate-limits).
fn interaction_route(path: &str) -> bool {
    let p = path.trim_start_matches("/api/v10");
    p.starts_with("/interactions/") || p.starts_with("/webhooks/")
}

impl Limits {
    /// How long `route` must still wait, if at all.
    fn wait(&self, route: &str, path: &str) -> Option<Duration> {
        let now = Instant::now();
        let on_route = self.routes.lock().unwrap().get(route).copied();
        let global = if interaction_route(path) {
            None
        } else {
            *self.global.lock().unwrap()
        };
        [on_route, global]
            .into_iter()
            .flatten()
            .filter(|until| *until > now)
            .max()
            .map(|until| until - now)
    }

    fn note(&self, route: &str, after: Duration, global: bool) {
        let until = Instant::now() + after;
        if global {
            let mut g = self.global.lock().unwrap();
            *g = Some(g.map_or(until, |u| u.max(until)));
        } else {
            self.routes.lock().unwrap().insert(route.to_string(), until);
        }
    }
}

/// How long to wait before retrying a call that failed with `e`, when it was a 429 whose
/// `retry_after` a gate read; `None` otherwise (no gate, or not a 429).
pub fn retry_after(e: &serenity::Error) -> Option<Duration> {
    let serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) = e else {
        return None;
    };
    if r.status_code.as_u16() != 429 {
        return None;
    }
    let url = split_url(&r.url)?;
    let limits = GATES.lock().unwrap().get(&url.0).cloned()?;
    let route = format!("{} {}", r.method.as_str(), url.1);
    Some(limits.wait(&route, &url.1).unwrap_or(Duration::ZERO))
}

/// `http://host:port/path?query` into (`http://host:port`, `/path`).
fn split_url(url: &str) -> Option<(String, String)> {
    let rest = url.strip_prefix("http://")?;
    let slash = rest.find('/').unwrap_or(rest.len());
    let path = rest[slash..].split('?').next().unwrap_or("/").to_string();
    Some((format!("http://{}", &rest[..slash]), path))
}

/// A gate relaying to an `http://` proxy.
pub struct Gate {
    /// What serenity is given as its proxy.
    pub url: String,
    server: JoinHandle<()>,
}

impl Drop for Gate {
    fn drop(&mut self) {
        self.server.abort();
        GATES.lock().unwrap().remove(&self.url);
    }
}

impl Gate {
    /// Starts a gate in front of `upstream`; `None` when the proxy is not plain `http://`
    /// (the gate speaks no TLS): serenity then speaks to it directly.
    pub async fn start(upstream: &str) -> std::io::Result<Option<Gate>> {
        let Some(host) = upstream
            .strip_prefix("http://")
            .map(|h| h.trim_end_matches('/').to_string())
            .filter(|h| !h.contains('/'))
        else {
            tracing::warn!(
                upstream,
                "the proxy is not plain http://: the 429s' retry_after cannot be read"
            );
            return Ok(None);
        };
        let listener = TcpListener::bind("127.0.0.1:0").await?;
        let url = format!("http://{}", listener.local_addr()?);
        let limits = Arc::new(Limits::default());
        GATES.lock().unwrap().insert(url.clone(), limits.clone());
        let server = tokio::spawn(async move {
            loop {
                let Ok((client, _)) = listener.accept().await else {
                    continue;
                };
                // A relay must not hold a small answer back for the peer's delayed ACK
                // (Nagle's algorithm: up to 40 ms on Linux behind an unacknowledged write).
                if let Err(e) = client.set_nodelay(true) {
                    tracing::debug!("gate: TCP_NODELAY on a client connection: {e}");
                }
                let (host, limits) = (host.clone(), limits.clone());
                tokio::spawn(async move {
                    if let Err(e) = serve(client, &host, &limits).await {
                        tracing::debug!("gate: {e}");
                    }
                });
            }
        });
        Ok(Some(Gate { url, server }))
    }
}

/// One HTTP/1.1 message: its first line, headers and body.
struct Message {
    first: String,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Message {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The message with the connection's own headers replaced: `Content-Length` of the
    /// body as read, and whatever `connection` says.
    fn write(&self, host: Option<&str>, connection: &str) -> Vec<u8> {
        let mut out = format!("{}\r\n", self.first);
        for (k, v) in &self.headers {
            let own = [
                "connection",
                "keep-alive",
                "transfer-encoding",
                "content-length",
            ]
            .iter()
            .any(|h| k.eq_ignore_ascii_case(h))
                || (host.is_some() && k.eq_ignore_ascii_case("host"));
            if !own {
                out.push_str(&format!("{k}: {v}\r\n"));
            }
        }
        if let Some(h) = host {
            out.push_str(&format!("host: {h}\r\n"));
        }
        out.push_str(&format!(
            "content-length: {}\r\nconnection: {connection}\r\n\r\n",
            self.body.len()
        ));
        let mut bytes = out.into_bytes();
        bytes.extend_from_slice(&self.body);
        bytes
    }
}

type Io<T> = std::io::Result<T>;

fn bad(what: &str) -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::InvalidData, what.to_string())
}

/// Reads one message (a request, or with `response` an answer); `None` at the end of the
/// stream before a message began.
async fn read_message<R: AsyncBufReadExt + Unpin>(
    r: &mut R,
    response: bool,
) -> Io<Option<Message>> {
    let mut first = String::new();
    if r.read_line(&mut first).await? == 0 {
        return Ok(None);
    }
    let first = first.trim_end().to_string();
    let mut headers = Vec::new();
    loop {
        let mut line = String::new();
        if r.read_line(&mut line).await? == 0 {
            return Err(bad("the stream ended in the headers"));
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        let (k, v) = line
            .split_once(':')
            .ok_or_else(|| bad("a malformed header"))?;
        headers.push((k.trim().to_string(), v.trim().to_string()));
    }
    let mut m = Message {
        first,
        headers,
        body: Vec::new(),
    };
    let status = m.first.split_whitespace().nth(1).unwrap_or("");
    if response && (status == "204" || status == "304" || status.starts_with('1')) {
        return Ok(Some(m));
    }
    let chunked = m
        .header("transfer-encoding")
        .is_some_and(|t| t.to_ascii_lowercase().contains("chunked"));
    if chunked {
        loop {
            let mut size = String::new();
            r.read_line(&mut size).await?;
            let size = usize::from_str_radix(size.trim().split(';').next().unwrap_or(""), 16)
                .map_err(|_| bad("a malformed chunk size"))?;
            let mut chunk = vec![0; size + 2];
            r.read_exact(&mut chunk).await?;
            if size == 0 {
                // Trailers, if any, end with an empty line.
                let mut rest = String::from_utf8_lossy(&chunk).to_string();
                while rest.trim() != "" {
                    rest.clear();
                    r.read_line(&mut rest).await?;
                }
                break;
            }
            m.body.extend_from_slice(&chunk[..size]);
        }
    } else if let Some(n) = m.header("content-length") {
        let n: usize = n.parse().map_err(|_| bad("a malformed content-length"))?;
        m.body = vec![0; n];
        r.read_exact(&mut m.body).await?;
    } else if response {
        // Neither: the body runs to the end of the connection (which the gate asked to close).
        r.read_to_end(&mut m.body).await?;
    }
    Ok(Some(m))
}

/// A response made here: Discord's JSON error shape.
fn local(status: &str, body: serde_json::Value, headers: Vec<(String, String)>) -> Message {
    let mut headers = headers;
    headers.push(("content-type".into(), "application/json".into()));
    Message {
        first: format!("HTTP/1.1 {status}"),
        headers,
        body: body.to_string().into_bytes(),
    }
}

/// A 429's wait, from its body's `retry_after` (seconds, a float) or else its `Retry-After`
/// header (seconds), and whether the limit is the global one.
fn read_limit(m: &Message) -> (Duration, bool) {
    let body: serde_json::Value = serde_json::from_slice(&m.body).unwrap_or_default();
    let secs = body["retry_after"]
        .as_f64()
        .or_else(|| m.header("retry-after").and_then(|v| v.parse::<f64>().ok()))
        .unwrap_or(1.0)
        .clamp(0.0, 3600.0);
    let global = body["global"].as_bool() == Some(true)
        || m.header("x-ratelimit-global") == Some("true")
        || m.header("x-ratelimit-scope") == Some("global");
    (Duration::from_secs_f64(secs), global)
}

async fn serve(client: TcpStream, host: &str, limits: &Limits) -> Io<()> {
    let (read, mut write) = client.into_split();
    let mut read = BufReader::new(read);
    while let Some(request) = read_message(&mut read, false).await? {
        let mut parts = request.first.split_whitespace();
        let method = parts.next().unwrap_or("").to_string();
        let path = parts
            .next()
            .unwrap_or("/")
            .split('?')
            .next()
            .unwrap_or("/")
            .to_string();
        let route = format!("{method} {path}");
        let response = match limits.wait(&route, &path) {
            // Still limited: answered here, so Discord never sees a request it would refuse.
            Some(left) => {
                let secs = left.as_secs_f64();
                local(
                    "429 Too Many Requests",
                    serde_json::json!({"message": "You are being rate limited.", "code": 0,
                                       "retry_after": secs, "global": false}),
                    vec![("retry-after".into(), format!("{}", secs.ceil() as u64))],
                )
            }
            None => match relay(host, &request, &limits.idle).await {
                Ok(r) => {
                    if r.first.split_whitespace().nth(1) == Some("429") {
                        let (after, global) = read_limit(&r);
                        tracing::info!(route, ?after, global, "rate limited by Discord");
                        limits.note(&route, after, global);
                    }
                    r
                }
                Err(e) => local(
                    "502 Bad Gateway",
                    serde_json::json!({"message": format!("the proxy did not answer: {e}"),
                                       "code": 0}),
                    Vec::new(),
                ),
            },
        };
        write.write_all(&response.write(None, "keep-alive")).await?;
    }
    Ok(())
}

/// Sends `request` to the proxy and reads the answer, on a kept connection when there is one.
async fn relay(host: &str, request: &Message, idle: &Mutex<Vec<Upstream>>) -> Io<Message> {
    let kept = idle.lock().unwrap_or_else(|e| e.into_inner()).pop();
    if let Some(mut up) = kept {
        // A kept connection the proxy has closed meanwhile takes the request without reading
        // it and answers nothing: only then does the request go again, on a new connection.
        // A failure after any byte of an answer is not retried (the proxy acted on it).
        if let Some(answer) = exchange(&mut up, host, request).await? {
            keep(idle, up, &answer);
            return Ok(answer);
        }
    }
    let upstream = TcpStream::connect(host).await?;
    // As on the gate's own side: a request is written whole and must leave at once.
    if let Err(e) = upstream.set_nodelay(true) {
        tracing::debug!("gate: TCP_NODELAY on a connection to the proxy: {e}");
    }
    let (read, write) = upstream.into_split();
    let mut up = Upstream {
        read: BufReader::new(read),
        write,
    };
    let answer = exchange(&mut up, host, request)
        .await?
        .ok_or_else(|| bad("the proxy closed the connection without answering"))?;
    keep(idle, up, &answer);
    Ok(answer)
}

/// Writes `request` on `up` and reads its answer; `None` when the connection could not take
/// the request, or was closed or reset before the first byte of an answer: a proxy closing a
/// connection it holds idle does so.
async fn exchange(up: &mut Upstream, host: &str, request: &Message) -> Io<Option<Message>> {
    if up
        .write
        .write_all(&request.write(Some(host), "keep-alive"))
        .await
        .is_err()
    {
        return Ok(None);
    }
    match up.read.fill_buf().await {
        Ok([]) | Err(_) => return Ok(None),
        Ok(_) => {}
    }
    read_message(&mut up.read, true).await
}

/// Keeps `up` for the next request when its answer ended where its length said, or had no
/// body (not at the connection's end), and the proxy did not ask to close it.
fn keep(idle: &Mutex<Vec<Upstream>>, up: Upstream, answer: &Message) {
    let status = answer.first.split_whitespace().nth(1).unwrap_or("");
    // An interaction's callback is answered 204, without a body.
    let framed = matches!(status, "204" | "304")
        || answer.header("content-length").is_some()
        || answer
            .header("transfer-encoding")
            .is_some_and(|t| t.to_ascii_lowercase().contains("chunked"));
    let closing = answer
        .header("connection")
        .is_some_and(|c| c.eq_ignore_ascii_case("close"));
    if framed && !closing {
        let mut idle = idle.lock().unwrap_or_else(|e| e.into_inner());
        if idle.len() < KEPT_UPSTREAM {
            idle.push(up);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_split_into_gate_and_path() {
        assert_eq!(
            split_url("http://127.0.0.1:4000/api/v10/channels/1/messages?x=1"),
            Some((
                "http://127.0.0.1:4000".to_string(),
                "/api/v10/channels/1/messages".to_string()
            ))
        );
        assert_eq!(split_url("https://discord.com/api"), None);
    }

    #[test]
    fn a_429_is_read_from_its_body_then_its_header() {
        let m = local(
            "429 Too Many Requests",
            serde_json::json!({"retry_after": 1.5, "global": true}),
            vec![("retry-after".into(), "2".into())],
        );
        assert_eq!(read_limit(&m), (Duration::from_millis(1500), true));
        let m = local(
            "429 Too Many Requests",
            serde_json::json!({}),
            vec![("Retry-After".into(), "2".into())],
        );
        assert_eq!(read_limit(&m), (Duration::from_secs(2), false));
    }

    #[tokio::test]
    async fn a_limited_route_waits_and_the_global_limit_spares_interactions() {
        let l = Limits::default();
        l.note(
            "POST /api/v10/channels/1/messages",
            Duration::from_secs(2),
            false,
        );
        let on = l.wait(
            "POST /api/v10/channels/1/messages",
            "/api/v10/channels/1/messages",
        );
        assert!(on.is_some_and(|d| d > Duration::from_millis(1900)));
        assert_eq!(
            l.wait(
                "POST /api/v10/channels/2/messages",
                "/api/v10/channels/2/messages"
            ),
            None
        );
        l.note("GET /api/v10/gateway", Duration::from_secs(1), true);
        assert!(l
            .wait(
                "POST /api/v10/channels/2/messages",
                "/api/v10/channels/2/messages"
            )
            .is_some());
        let callback = "/api/v10/interactions/1/tok/callback";
        assert_eq!(l.wait(&format!("POST {callback}"), callback), None);
    }

    /// A proxy that answers every request on a connection with 204 until it closes the
    /// connection after `per_connection` answers; it counts the connections it accepted.
    async fn proxy(per_connection: usize) -> (String, Arc<std::sync::atomic::AtomicUsize>) {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let host = listener.local_addr().unwrap().to_string();
        let accepted = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let count = accepted.clone();
        tokio::spawn(async move {
            while let Ok((conn, _)) = listener.accept().await {
                count.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                tokio::spawn(async move {
                    let (read, mut write) = conn.into_split();
                    let mut read = BufReader::new(read);
                    for _ in 0..per_connection {
                        let Ok(Some(_)) = read_message(&mut read, false).await else {
                            return;
                        };
                        let answer = "HTTP/1.1 204 No Content\r\nconnection: keep-alive\r\n\r\n";
                        if write.write_all(answer.as_bytes()).await.is_err() {
                            return;
                        }
                    }
                    // Closed as a proxy closes an idle connection: the next request on it is
                    // never read.
                });
            }
        });
        (host, accepted)
    }

    fn callback() -> Message {
        Message {
            first: "POST /api/v10/interactions/1/tok/callback HTTP/1.1".into(),
            headers: vec![("content-type".into(), "application/json".into())],
            body: b"{}".to_vec(),
        }
    }

    #[tokio::test]
    async fn requests_share_a_kept_connection_and_one_closed_meanwhile_is_replaced() {
        let (host, accepted) = proxy(usize::MAX).await;
        let idle = Mutex::new(Vec::new());
        for _ in 0..5 {
            let answer = relay(&host, &callback(), &idle).await.unwrap();
            assert_eq!(answer.first, "HTTP/1.1 204 No Content");
        }
        assert_eq!(accepted.load(std::sync::atomic::Ordering::SeqCst), 1);

        let (host, accepted) = proxy(1).await;
        let idle = Mutex::new(Vec::new());
        for _ in 0..3 {
            let answer = relay(&host, &callback(), &idle).await.unwrap();
            assert_eq!(answer.first, "HTTP/1.1 204 No Content");
        }
        assert_eq!(accepted.load(std::sync::atomic::Ordering::SeqCst), 3);
    }
}
