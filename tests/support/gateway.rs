//! The gateway side of the fake Discord (topics/gateway): HELLO with the heartbeat interval,
//! heartbeats acknowledged (or not, on request), IDENTIFY answered with READY, RESUME with
//! the replay of every dispatch the session missed, and the server's RECONNECT (op 7) and
//! INVALID_SESSION (op 9).
//!
//! A sharded bot (IDENTIFY with `shard: [id, total]`) has one session per shard, and each
//! dispatch goes to the shard of its server, `(guild_id >> 22) % total`, direct messages to
//! shard 0 (topics/gateway#sharding).

use super::{Fake, APP};
use axum::extract::ws::{CloseFrame, Message as WsMessage, WebSocket, WebSocketUpgrade};
use axum::response::Response;
use serde_json::{json, Value};
use std::sync::Arc;
use tokio::sync::mpsc;

/// Discord's usual interval; tests that exercise heartbeats shorten it.
const HEARTBEAT_MS: u64 = 41_250;
/// topics/gateway#rate-limiting: "apps can send 120 gateway events per connection every 60
/// seconds"; past that the connection is closed with 4008 "Rate limited"
/// (topics/opcodes-and-status-codes#gateway-gateway-close-event-codes).
const SENDS_PER_MINUTE: usize = 120;

/// What the test asks a connection to do.
pub(crate) enum Out {
    Frame(Value),
    Close(u16),
}

#[derive(Default)]
pub(crate) struct Session {
    pub identifies: u32,
    pub resumes: u32,
    /// Heartbeats received, and acknowledged.
    pub heartbeats: u32,
    session: u64,
    seq: u64,
    /// This session's dispatches, kept for a RESUME.
    events: Vec<(u64, Value)>,
    /// The connection serving the session: its number and sender.
    conn: Option<(u64, mpsc::UnboundedSender<Out>)>,
    next_conn: u64,
    heartbeat_ms: Option<u64>,
    drop_acks: bool,
}

impl Session {
    pub fn connected(&self) -> bool {
        self.conn.is_some()
    }
}

/// The sessions of shards other than 0.
#[derive(Default)]
pub(crate) struct Shards {
    sessions: std::collections::HashMap<u32, Session>,
    total: u32,
}

impl super::Inner {
    fn session(&mut self, shard: u32) -> &mut Session {
        if shard == 0 {
            &mut self.gateway
        } else {
            self.shards.sessions.entry(shard).or_default()
        }
    }

    /// The shard a dispatch belongs to (Discord's rule; 0 for a direct message).
    fn shard_of(&self, d: &Value) -> u32 {
        let total = u64::from(self.shards.total.max(1));
        d["guild_id"]
            .as_str()
            .and_then(|g| g.parse::<u64>().ok())
            .map_or(0, |g| ((g >> 22) % total) as u32)
    }

    fn sessions_mut(&mut self) -> impl Iterator<Item = &mut Session> {
        std::iter::once(&mut self.gateway).chain(self.shards.sessions.values_mut())
    }
}

/// What the gateway has seen, for assertions.
#[derive(Clone, Copy, Debug)]
pub struct GatewayStats {
    pub identifies: u32,
    pub resumes: u32,
    pub heartbeats: u32,
    pub connected: bool,
}

impl Fake {
    /// A dispatch to the session: numbered, kept for a RESUME, sent if connected.
    pub fn send_event(&self, t: &str, d: Value) {
        let mut inner = self.inner.lock().unwrap();
        let shard = inner.shard_of(&d);
        let g = inner.session(shard);
        g.seq += 1;
        let frame = json!({"op": 0, "t": t, "s": g.seq, "d": d});
        g.events.push((g.seq, frame.clone()));
        if let Some((_, tx)) = &g.conn {
            let _ = tx.send(Out::Frame(frame));
        }
    }

    fn to_conn(&self, out: Out) {
        if let Some((_, tx)) = &self.inner.lock().unwrap().gateway.conn {
            let _ = tx.send(out);
        }
    }

    /// Op 7: the client must reconnect and resume.
    pub fn request_reconnect(&self) {
        self.to_conn(Out::Frame(json!({"op": 7, "d": null})));
    }

    /// Op 9: the session is invalid; `resumable` says whether the client may resume it.
    pub fn invalidate_session(&self, resumable: bool) {
        if !resumable {
            let mut inner = self.inner.lock().unwrap();
            inner.gateway.session += 1;
            inner.gateway.events.clear();
        }
        self.to_conn(Out::Frame(json!({"op": 9, "d": resumable})));
    }

    /// Closes the connection as a network failure would (code 1006 is not sendable, so
    /// 4000 "unknown error", which the docs mark as reconnectable).
    pub fn drop_connection(&self) {
        self.to_conn(Out::Close(4000));
        self.inner.lock().unwrap().gateway.conn = None;
    }

    /// The HELLO interval of the next connections.
    pub fn set_heartbeat_interval(&self, ms: u64) {
        self.inner.lock().unwrap().gateway.heartbeat_ms = Some(ms);
    }

    /// Stop (or resume) acknowledging heartbeats: a client that misses an ACK must consider
    /// the connection dead and reconnect (topics/gateway#sending-heartbeats).
    pub fn drop_heartbeat_acks(&self, drop: bool) {
        self.inner.lock().unwrap().gateway.drop_acks = drop;
    }

    pub fn gateway_stats(&self) -> GatewayStats {
        let g = &self.inner.lock().unwrap().gateway;
        GatewayStats {
            identifies: g.identifies,
            resumes: g.resumes,
            heartbeats: g.heartbeats,
            connected: g.connected(),
        }
    }

    pub(crate) async fn wait_gateway(&self, pred: impl Fn(&Session) -> bool, what: &str) {
        let deadline = tokio::time::Instant::now() + super::WAIT;
        loop {
            let notified = self.changed.notified();
            if pred(&self.inner.lock().unwrap().gateway) {
                return;
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                panic!("timed out waiting for {what}");
            }
        }
    }

    /// Waits until shard `shard`'s session has identified `n` times and is connected.
    pub async fn wait_shard_identified(&self, shard: u32, n: u32) {
        let deadline = tokio::time::Instant::now() + super::WAIT;
        loop {
            let notified = self.changed.notified();
            {
                let mut inner = self.inner.lock().unwrap();
                let g = inner.session(shard);
                if g.identifies >= n && g.connected() {
                    return;
                }
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                panic!("timed out waiting for shard {shard} to identify");
            }
        }
    }

    /// Waits until the bot has resumed `n` times in all and is connected.
    pub async fn wait_resumed(&self, n: u32) {
        self.wait_gateway(|g| g.resumes >= n && g.connected(), "the bot to resume")
            .await
    }
}

pub(super) async fn upgrade(
    axum::extract::State(fake): axum::extract::State<Arc<Fake>>,
    ws: WebSocketUpgrade,
) -> Response {
    ws.on_upgrade(move |socket| connection(fake, socket))
}

/// A session id that says its shard, so a RESUME finds its session.
fn session_name(shard: u32, n: u64) -> String {
    format!("session-{shard}-{n}")
}

async fn send(socket: &mut WebSocket, v: &Value) -> bool {
    socket
        .send(WsMessage::Text(v.to_string().into()))
        .await
        .is_ok()
}

async fn connection(fake: Arc<Fake>, mut socket: WebSocket) {
    let (number, interval) = {
        let mut inner = fake.inner.lock().unwrap();
        inner.gateway.next_conn += 1;
        (
            inner.gateway.next_conn,
            inner.gateway.heartbeat_ms.unwrap_or(HEARTBEAT_MS),
        )
    };
    if !send(
        &mut socket,
        &json!({"op": 10, "d": {"heartbeat_interval": interval}}),
    )
    .await
    {
        return;
    }
    let (tx, mut rx) = mpsc::unbounded_channel::<Out>();
    let mut sends: std::collections::VecDeque<std::time::Instant> = Default::default();
    loop {
        tokio::select! {
            out = rx.recv() => match out {
                Some(Out::Frame(v)) => {
                    if !send(&mut socket, &v).await {
                        break;
                    }
                }
                Some(Out::Close(code)) => {
                    let _ = socket
                        .send(WsMessage::Close(Some(CloseFrame { code, reason: "".into() })))
                        .await;
                    break;
                }
                None => break,
            },
            inc = socket.recv() => {
                let Some(Ok(msg)) = inc else { break };
                let WsMessage::Text(text) = msg else {
                    if matches!(msg, WsMessage::Close(_)) {
                        break;
                    }
                    continue;
                };
                let now = std::time::Instant::now();
                while sends
                    .front()
                    .is_some_and(|t| now.duration_since(*t).as_secs() >= 60)
                {
                    sends.pop_front();
                }
                sends.push_back(now);
                if sends.len() > SENDS_PER_MINUTE {
                    fake.violation(format!(
                        "over {SENDS_PER_MINUTE} gateway sends in a minute: closed with 4008"
                    ));
                    let close = CloseFrame { code: 4008, reason: "Rate limited.".into() };
                    let _ = socket.send(WsMessage::Close(Some(close))).await;
                    break;
                }
                let Ok(v) = serde_json::from_str::<Value>(text.as_str()) else { continue };
                if !on_frame(&fake, &mut socket, &tx, number, &v).await {
                    break;
                }
            }
        }
    }
    let mut inner = fake.inner.lock().unwrap();
    for g in inner.sessions_mut() {
        if g.conn.as_ref().is_some_and(|(n, _)| *n == number) {
            g.conn = None;
        }
    }
    drop(inner);
    fake.changed.notify_waiters();
}

/// Handles one frame from the client; false to close the connection.
async fn on_frame(
    fake: &Fake,
    socket: &mut WebSocket,
    tx: &mpsc::UnboundedSender<Out>,
    number: u64,
    v: &Value,
) -> bool {
    match v["op"].as_u64() {
        Some(1) => {
            let drop_ack = {
                let mut inner = fake.inner.lock().unwrap();
                inner.gateway.heartbeats += 1;
                inner.gateway.drop_acks
            };
            fake.changed.notify_waiters();
            drop_ack || send(socket, &json!({"op": 11})).await
        }
        Some(2) => {
            let shard = v["d"]["shard"][0].as_u64().unwrap_or(0) as u32;
            let total = v["d"]["shard"][1].as_u64().unwrap_or(1) as u32;
            let (session, url) = {
                let mut inner = fake.inner.lock().unwrap();
                inner.shards.total = total;
                let g = inner.session(shard);
                g.session += 1;
                g.seq = 1;
                g.events.clear();
                g.identifies += 1;
                g.conn = Some((number, tx.clone()));
                (g.session, format!("ws://127.0.0.1:{}/gateway", fake.port))
            };
            let ready = json!({"op": 0, "t": "READY", "s": 1, "d": {
                "v": 10, "user": super::bot_json(), "guilds": [],
                "session_id": session_name(shard, session), "resume_gateway_url": url,
                "shard": [shard, total], "application": {"id": APP.to_string(), "flags": 0}
            }});
            let ok = send(socket, &ready).await;
            fake.changed.notify_waiters();
            ok
        }
        Some(6) => {
            let asked = v["d"]["session_id"].as_str().unwrap_or("").to_string();
            let from = v["d"]["seq"].as_u64().unwrap_or(0);
            let shard = asked
                .strip_prefix("session-")
                .and_then(|r| r.split_once('-'))
                .and_then(|(s, _)| s.parse::<u32>().ok())
                .unwrap_or(0);
            let replay = {
                let mut inner = fake.inner.lock().unwrap();
                let g = inner.session(shard);
                if asked != session_name(shard, g.session) {
                    None
                } else {
                    g.resumes += 1;
                    g.conn = Some((number, tx.clone()));
                    g.seq += 1;
                    let missed: Vec<Value> = g
                        .events
                        .iter()
                        .filter(|(s, _)| *s > from)
                        .map(|(_, f)| f.clone())
                        .collect();
                    let resumed = json!({"op": 0, "t": "RESUMED", "s": g.seq, "d": {}});
                    Some((missed, resumed))
                }
            };
            let ok = match replay {
                // topics/gateway#resuming: an unknown session gets INVALID_SESSION false.
                None => send(socket, &json!({"op": 9, "d": false})).await,
                Some((missed, resumed)) => {
                    let mut ok = true;
                    for f in missed {
                        ok &= send(socket, &f).await;
                    }
                    ok && send(socket, &resumed).await
                }
            };
            fake.changed.notify_waiters();
            ok
        }
        _ => true,
    }
}
