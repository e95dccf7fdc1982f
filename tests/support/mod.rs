//! A fake Discord for the end-to-end tests: REST under `/api/v10` and the gateway WebSocket on
//! 127.0.0.1, enough of both for serenity and poise. Every REST call is recorded; a route it
//! does not know is recorded too and fails the test (`assert_clean`).

#![allow(dead_code)]

use axum::body::Bytes;
use axum::extract::ws::{Message as WsMessage, WebSocket, WebSocketUpgrade};
use axum::extract::{FromRequest, Multipart, Request, State};
use axum::http::{Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get};
use axum::{Json, Router};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{mpsc, Notify};

pub const APP: u64 = 900_000_000_000_000_001;
pub const BOT: u64 = 900_000_000_000_000_002;
pub const GUILD: u64 = 900_000_000_000_000_003;
/// A channel where the bot lost its permissions: posting there answers 403.
pub const FORBIDDEN: u64 = 900_000_000_000_000_004;
/// How long any wait may take before the test fails.
pub const WAIT: Duration = Duration::from_secs(10);

/// One REST call as the bot made it: JSON body (or multipart `payload_json`) and files.
#[derive(Clone, Debug)]
pub struct Call {
    pub method: String,
    pub path: String,
    pub json: Value,
    pub files: Vec<(String, Vec<u8>)>,
}

impl Call {
    /// The message's visible text: its content, then its embeds' descriptions.
    pub fn text(&self) -> String {
        let m = self.message();
        let mut out = m["content"].as_str().unwrap_or("").to_string();
        for e in m["embeds"].as_array().into_iter().flatten() {
            if let Some(d) = e["description"].as_str() {
                out.push('\n');
                out.push_str(d);
            }
        }
        out
    }
    /// The message part of the body (interaction callbacks wrap it in `data`).
    pub fn message(&self) -> &Value {
        if self.path.ends_with("/callback") {
            &self.json["data"]
        } else {
            &self.json
        }
    }
    pub fn ephemeral(&self) -> bool {
        self.message()["flags"].as_u64().unwrap_or(0) & 64 != 0
    }
    pub fn custom_ids(&self) -> Vec<String> {
        let mut out = Vec::new();
        for row in self.message()["components"]
            .as_array()
            .into_iter()
            .flatten()
        {
            for c in row["components"].as_array().into_iter().flatten() {
                if let Some(id) = c["custom_id"].as_str() {
                    out.push(id.to_string());
                }
            }
        }
        out
    }
}

#[derive(Clone, Copy, Debug)]
pub struct User {
    pub id: u64,
    pub name: &'static str,
    /// Has Manage Channels in the guild.
    pub manage: bool,
}

pub const ALICE: User = User {
    id: 100_000_000_000_000_001,
    name: "alice",
    manage: false,
};
pub const BOB: User = User {
    id: 100_000_000_000_000_002,
    name: "bob",
    manage: false,
};
pub const CAROL: User = User {
    id: 100_000_000_000_000_003,
    name: "carol",
    manage: true,
};

#[derive(Default)]
struct Inner {
    calls: Vec<Call>,
    unknown: Vec<String>,
    /// Registered commands by scope ("global" or the guild id).
    commands: HashMap<String, Vec<Value>>,
    /// Channels the bot created (threads): id -> (name, parent, archived).
    threads: HashMap<u64, (String, u64, bool)>,
    identifies: u32,
    gateway: Option<mpsc::UnboundedSender<Value>>,
}

pub struct Fake {
    inner: Mutex<Inner>,
    changed: Notify,
    ids: AtomicU64,
    seq: AtomicU64,
    port: u16,
}

pub struct FakeDiscord {
    pub fake: Arc<Fake>,
    pub url: String,
    server: tokio::task::JoinHandle<()>,
}

impl Drop for FakeDiscord {
    fn drop(&mut self) {
        self.server.abort();
    }
}

impl FakeDiscord {
    pub async fn start() -> FakeDiscord {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let fake = Arc::new(Fake {
            inner: Mutex::new(Inner::default()),
            changed: Notify::new(),
            ids: AtomicU64::new(500_000_000_000_000_000),
            seq: AtomicU64::new(0),
            port,
        });
        let app = Router::new()
            .route("/gateway", get(gateway))
            .route("/api/v10/{*rest}", any(rest))
            .fallback(unknown)
            .with_state(fake.clone());
        let server = tokio::spawn(async move {
            axum::serve(listener, app).await.unwrap();
        });
        FakeDiscord {
            fake,
            url: format!("http://127.0.0.1:{port}"),
            server,
        }
    }
}

impl Fake {
    pub fn next_id(&self) -> u64 {
        self.ids.fetch_add(1, Ordering::SeqCst)
    }

    pub fn calls(&self) -> Vec<Call> {
        self.inner.lock().unwrap().calls.clone()
    }

    pub fn cursor(&self) -> usize {
        self.inner.lock().unwrap().calls.len()
    }

    pub fn unknown(&self) -> Vec<String> {
        self.inner.lock().unwrap().unknown.clone()
    }

    pub fn assert_clean(&self) {
        let unknown = self.unknown();
        assert!(unknown.is_empty(), "unknown routes called: {unknown:?}");
    }

    pub fn commands(&self, scope: &str) -> Vec<Value> {
        self.inner
            .lock()
            .unwrap()
            .commands
            .get(scope)
            .cloned()
            .unwrap_or_default()
    }

    pub fn identifies(&self) -> u32 {
        self.inner.lock().unwrap().identifies
    }

    pub fn thread(&self, id: u64) -> Option<(String, u64, bool)> {
        self.inner.lock().unwrap().threads.get(&id).cloned()
    }

    pub fn threads(&self) -> Vec<(u64, String, u64, bool)> {
        let inner = self.inner.lock().unwrap();
        let mut out: Vec<_> = inner
            .threads
            .iter()
            .map(|(id, (n, p, a))| (*id, n.clone(), *p, *a))
            .collect();
        out.sort();
        out
    }

    pub fn archive(&self, id: u64) {
        if let Some(t) = self.inner.lock().unwrap().threads.get_mut(&id) {
            t.2 = true;
        }
    }

    /// Waits until a call from `from` on satisfies `pred`; fails the test after [`WAIT`].
    pub async fn wait_for(&self, from: usize, what: &str, pred: impl Fn(&Call) -> bool) -> Call {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            let notified = self.changed.notified();
            if let Some(c) = self.inner.lock().unwrap().calls[from..]
                .iter()
                .find(|c| pred(c))
                .cloned()
            {
                return c;
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                panic!(
                    "timed out waiting for {what}; calls since: {:#?}",
                    self.inner.lock().unwrap().calls[from..]
                        .iter()
                        .map(|c| format!("{} {} {}", c.method, c.path, c.json))
                        .collect::<Vec<_>>()
                );
            }
        }
    }

    /// Waits until the bot has identified `n` times in all.
    pub async fn wait_identified(&self, n: u32) {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            let notified = self.changed.notified();
            if self.identifies() >= n && self.inner.lock().unwrap().gateway.is_some() {
                return;
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                panic!("the bot never identified");
            }
        }
    }

    fn record(&self, call: Call) {
        self.inner.lock().unwrap().calls.push(call);
        self.changed.notify_waiters();
    }

    /// Sends an INTERACTION_CREATE dispatch to the connected shard.
    pub fn dispatch(&self, interaction: Value) {
        let seq = self.seq.fetch_add(1, Ordering::SeqCst) + 2;
        let frame = json!({"op": 0, "t": "INTERACTION_CREATE", "s": seq, "d": interaction});
        let tx = self.inner.lock().unwrap().gateway.clone();
        tx.expect("no gateway connection").send(frame).unwrap();
    }
}

pub fn user_json(u: &User) -> Value {
    json!({
        "id": u.id.to_string(), "username": u.name, "discriminator": "0",
        "global_name": u.name, "avatar": null, "bot": false
    })
}

fn bot_json() -> Value {
    json!({
        "id": BOT.to_string(), "username": "plateau", "discriminator": "0",
        "global_name": null, "avatar": null, "bot": true
    })
}

/// Where an interaction comes from: a guild text channel or one of the bot's threads.
#[derive(Clone, Debug)]
pub struct Place {
    pub id: u64,
    pub name: String,
    pub thread: bool,
}

impl Place {
    pub fn channel(id: u64, name: &str) -> Place {
        Place {
            id,
            name: name.to_string(),
            thread: false,
        }
    }
    fn json(&self) -> Value {
        json!({"id": self.id.to_string(), "name": self.name,
               "type": if self.thread { 11 } else { 0 }})
    }
}

fn member_json(u: &User) -> Value {
    // VIEW_CHANNEL | SEND_MESSAGES | USE_APPLICATION_COMMANDS, plus MANAGE_CHANNELS (16).
    let perms: u64 = (1 << 10) | (1 << 11) | (1 << 31) | if u.manage { 16 } else { 0 };
    json!({
        "user": user_json(u), "roles": [], "joined_at": "2024-01-01T00:00:00.000000+00:00",
        "deaf": false, "mute": false, "flags": 0, "permissions": perms.to_string()
    })
}

impl Fake {
    fn interaction_base(&self, kind: u8, user: &User, place: &Place) -> (u64, Value) {
        let id = self.next_id();
        let v = json!({
            "id": id.to_string(), "application_id": APP.to_string(), "type": kind,
            "token": format!("tok{id}"), "version": 1,
            "guild_id": GUILD.to_string(), "channel_id": place.id.to_string(),
            "channel": place.json(), "member": member_json(user),
            "app_permissions": "2147483647", "locale": "en-US", "guild_locale": "en-US",
            "entitlements": [], "authorizing_integration_owners": {}, "context": 0,
            "attachment_size_limit": 10_485_760
        });
        (id, v)
    }

    /// A slash command (type 2) with `options` as `[{"name", "type", "value"}]`.
    pub fn slash(&self, user: &User, place: &Place, name: &str, options: Vec<Value>) -> u64 {
        let (id, mut v) = self.interaction_base(2, user, place);
        v["data"] = json!({"id": "1", "name": name, "type": 1, "options": options});
        self.dispatch(v);
        id
    }

    /// An autocomplete request (type 4): `focused` is the option being typed.
    pub fn autocomplete(
        &self,
        user: &User,
        place: &Place,
        name: &str,
        mut options: Vec<Value>,
        focused: &str,
        typed: &str,
    ) -> u64 {
        let (id, mut v) = self.interaction_base(4, user, place);
        options.push(json!({"name": focused, "type": 3, "value": typed, "focused": true}));
        v["data"] = json!({"id": "1", "name": name, "type": 1, "options": options});
        self.dispatch(v);
        id
    }

    /// A button click (type 3) on a message of the bot.
    pub fn click(&self, user: &User, place: &Place, custom_id: &str) -> u64 {
        let (id, mut v) = self.interaction_base(3, user, place);
        v["data"] = json!({"custom_id": custom_id, "component_type": 2});
        v["message"] = message_json(self.next_id(), place.id, "", &[]);
        self.dispatch(v);
        id
    }

    /// Waits for the answer to interaction `id`: the callback, and when it was deferred, the
    /// edit of the original response that follows.
    pub async fn answer(&self, from: usize, id: u64) -> Answer {
        let prefix = format!("/api/v10/interactions/{id}/tok{id}/callback");
        let callback = self
            .wait_for(from, &format!("the answer to interaction {id}"), |c| {
                c.path == prefix
            })
            .await;
        let kind = callback.json["type"].as_u64().unwrap_or(0);
        let edit = if kind == 5 {
            let original = format!("/api/v10/webhooks/{APP}/tok{id}/messages/@original");
            Some(
                self.wait_for(from, "the deferred answer's edit", |c| {
                    c.path == original && c.method == "PATCH"
                })
                .await,
            )
        } else {
            None
        };
        Answer { callback, edit }
    }
}

pub fn opt(name: &str, value: Value) -> Value {
    let kind = match &value {
        Value::Bool(_) => 5,
        Value::Number(_) => 4,
        _ => 3,
    };
    json!({"name": name, "type": kind, "value": value})
}

#[derive(Clone, Debug)]
pub struct Answer {
    pub callback: Call,
    pub edit: Option<Call>,
}

impl Answer {
    pub fn kind(&self) -> u64 {
        self.callback.json["type"].as_u64().unwrap_or(0)
    }
    /// The message the user ends up seeing.
    pub fn message(&self) -> &Call {
        self.edit.as_ref().unwrap_or(&self.callback)
    }
    pub fn text(&self) -> String {
        self.message().text()
    }
    /// Deferred answers take the defer's flags (Discord ignores the edit's).
    pub fn ephemeral(&self) -> bool {
        self.callback.ephemeral()
    }
    pub fn files(&self) -> Vec<(String, Vec<u8>)> {
        let mut f = self.callback.files.clone();
        if let Some(e) = &self.edit {
            f.extend(e.files.clone());
        }
        f
    }
    pub fn custom_ids(&self) -> Vec<String> {
        self.message().custom_ids()
    }
    pub fn choices(&self) -> Vec<String> {
        self.callback.json["data"]["choices"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|c| c["value"].as_str().map(str::to_string))
            .collect()
    }
}

fn message_json(id: u64, channel: u64, content: &str, embeds: &[Value]) -> Value {
    json!({
        "id": id.to_string(), "channel_id": channel.to_string(), "author": bot_json(),
        "content": content, "timestamp": "2024-01-01T00:00:00.000000+00:00",
        "edited_timestamp": null, "tts": false, "mention_everyone": false, "mentions": [],
        "mention_roles": [], "attachments": [], "embeds": embeds, "pinned": false, "type": 0,
        "flags": 0
    })
}

fn thread_json(id: u64, name: &str, parent: u64, archived: bool) -> Value {
    json!({
        "id": id.to_string(), "type": 11, "guild_id": GUILD.to_string(), "name": name,
        "parent_id": parent.to_string(), "owner_id": BOT.to_string(),
        "member_count": 1, "message_count": 0, "rate_limit_per_user": 0,
        "thread_metadata": {"archived": archived, "auto_archive_duration": 10080,
            "archive_timestamp": "2024-01-01T00:00:00.000000+00:00", "locked": false}
    })
}

async fn read_body(req: Request) -> (Value, Vec<(String, Vec<u8>)>) {
    let multipart = req
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/"));
    if multipart {
        let mut mp = Multipart::from_request(req, &()).await.unwrap();
        let mut json = Value::Null;
        let mut files = Vec::new();
        while let Some(field) = mp.next_field().await.unwrap() {
            let name = field.name().unwrap_or("").to_string();
            let file_name = field.file_name().map(str::to_string);
            let data = field.bytes().await.unwrap();
            if name == "payload_json" {
                json = serde_json::from_slice(&data).unwrap();
            } else {
                files.push((file_name.unwrap_or(name), data.to_vec()));
            }
        }
        (json, files)
    } else {
        let bytes = Bytes::from_request(req, &()).await.unwrap_or_default();
        let json = if bytes.is_empty() {
            Value::Null
        } else {
            serde_json::from_slice(&bytes).unwrap_or(Value::Null)
        };
        (json, Vec::new())
    }
}

fn no_content() -> Response {
    StatusCode::NO_CONTENT.into_response()
}

async fn unknown(State(fake): State<Arc<Fake>>, req: Request) -> Response {
    let what = format!("{} {}", req.method(), req.uri());
    fake.inner.lock().unwrap().unknown.push(what);
    fake.changed.notify_waiters();
    (
        StatusCode::NOT_FOUND,
        Json(json!({"message": "404: Not Found", "code": 0})),
    )
        .into_response()
}

async fn rest(State(fake): State<Arc<Fake>>, req: Request) -> Response {
    let method = req.method().clone();
    let path = req.uri().path().to_string();
    let query = req.uri().query().unwrap_or("").to_string();
    let (json, files) = read_body(req).await;
    let seg: Vec<&str> = path.trim_start_matches("/api/v10/").split('/').collect();
    let call = Call {
        method: method.to_string(),
        path: path.clone(),
        json: json.clone(),
        files,
    };
    let app = APP.to_string();
    let response = match (&method, seg.as_slice()) {
        (&Method::GET, ["gateway"]) => {
            Json(json!({"url": format!("ws://127.0.0.1:{}/gateway", fake.port)})).into_response()
        }
        (&Method::GET, ["oauth2", "applications", "@me"]) => Json(json!({
            "id": app, "name": "Plateau", "icon": null, "description": "", "bot_public": true,
            "bot_require_code_grant": false, "verify_key": "k", "flags": 0,
            "owner": bot_json(), "team": null
        }))
        .into_response(),
        (&Method::GET, ["applications", a, "commands"]) if *a == app => {
            assert!(
                query.contains("with_localizations=true"),
                "commands fetched without localisations"
            );
            Json(Value::Array(fake.commands("global"))).into_response()
        }
        (&Method::GET, ["applications", a, "guilds", g, "commands"]) if *a == app => {
            assert!(
                query.contains("with_localizations=true"),
                "commands fetched without localisations"
            );
            Json(Value::Array(fake.commands(g))).into_response()
        }
        (&Method::PUT, ["applications", a, "commands"]) if *a == app => {
            Json(store_commands(&fake, "global", &json)).into_response()
        }
        (&Method::PUT, ["applications", a, "guilds", g, "commands"]) if *a == app => {
            Json(store_commands(&fake, g, &json)).into_response()
        }
        (&Method::POST, ["interactions", _, _, "callback"]) => no_content(),
        (&Method::PATCH, ["webhooks", a, _, "messages", "@original"]) if *a == app => {
            let m = message_json(fake.next_id(), 0, "", &[]);
            Json(m).into_response()
        }
        (&Method::POST, ["webhooks", a, _]) if *a == app => {
            Json(message_json(fake.next_id(), 0, "", &[])).into_response()
        }
        (&Method::POST, ["channels", c, "messages"]) if *c == FORBIDDEN.to_string() => {
            let e = json!({"message": "Missing Permissions", "code": 50013});
            fake.record(call);
            return (StatusCode::FORBIDDEN, Json(e)).into_response();
        }
        (&Method::POST, ["channels", c, "messages"]) => {
            let channel: u64 = c.parse().unwrap();
            let archived = fake
                .inner
                .lock()
                .unwrap()
                .threads
                .get(&channel)
                .is_some_and(|t| t.2);
            if archived {
                let e = json!({"message": "Thread is archived", "code": 50083});
                fake.record(call);
                return (StatusCode::BAD_REQUEST, Json(e)).into_response();
            }
            Json(message_json(fake.next_id(), channel, "", &[])).into_response()
        }
        (&Method::POST, ["channels", c, "threads"]) => {
            let parent: u64 = c.parse().unwrap();
            let id = fake.next_id();
            let name = json["name"].as_str().unwrap_or("").to_string();
            fake.inner
                .lock()
                .unwrap()
                .threads
                .insert(id, (name.clone(), parent, false));
            (
                StatusCode::CREATED,
                Json(thread_json(id, &name, parent, false)),
            )
                .into_response()
        }
        (&Method::PATCH, ["channels", c]) => {
            let id: u64 = c.parse().unwrap();
            let mut inner = fake.inner.lock().unwrap();
            match inner.threads.get_mut(&id) {
                Some(t) => {
                    assert!(json.get("name").is_none(), "a game thread was renamed");
                    if let Some(a) = json["archived"].as_bool() {
                        t.2 = a;
                    }
                    Json(thread_json(id, &t.0, t.1, t.2)).into_response()
                }
                None => StatusCode::NOT_FOUND.into_response(),
            }
        }
        (&Method::DELETE, ["channels", c]) => {
            let id: u64 = c.parse().unwrap();
            match fake.inner.lock().unwrap().threads.remove(&id) {
                Some((name, parent, a)) => Json(thread_json(id, &name, parent, a)).into_response(),
                None => StatusCode::NOT_FOUND.into_response(),
            }
        }
        (&Method::POST, ["users", "@me", "channels"]) => {
            let id = fake.next_id();
            let to = json["recipient_id"].clone();
            Json(json!({"id": id.to_string(), "type": 1, "recipients": [{
                "id": to, "username": "someone", "discriminator": "0", "avatar": null}]}))
            .into_response()
        }
        _ => {
            fake.inner
                .lock()
                .unwrap()
                .unknown
                .push(format!("{method} {path}"));
            fake.changed.notify_waiters();
            return (
                StatusCode::NOT_FOUND,
                Json(json!({"message": "404: Not Found", "code": 0})),
            )
                .into_response();
        }
    };
    fake.record(call);
    response
}

/// Stores a bulk overwrite as Discord does: ids and versions added, localisations kept.
fn store_commands(fake: &Fake, scope: &str, body: &Value) -> Value {
    let list: Vec<Value> = body
        .as_array()
        .cloned()
        .unwrap_or_default()
        .into_iter()
        .map(|mut c| {
            c["id"] = json!(fake.next_id().to_string());
            c["application_id"] = json!(APP.to_string());
            c["version"] = json!("1");
            if c.get("type").is_none() {
                c["type"] = json!(1);
            }
            c
        })
        .collect();
    fake.inner
        .lock()
        .unwrap()
        .commands
        .insert(scope.to_string(), list.clone());
    Value::Array(list)
}

async fn gateway(State(fake): State<Arc<Fake>>, ws: WebSocketUpgrade) -> Response {
    ws.on_upgrade(move |socket| shard(fake, socket))
}

/// A closed connection stops receiving dispatches, unless a newer one took its place (a
/// restarted bot may identify before the old socket's close is seen).
fn forget(fake: &Fake, tx: &mpsc::UnboundedSender<Value>) {
    let mut inner = fake.inner.lock().unwrap();
    if inner.gateway.as_ref().is_some_and(|g| g.same_channel(tx)) {
        inner.gateway = None;
    }
}

async fn shard(fake: Arc<Fake>, mut socket: WebSocket) {
    let hello = json!({"op": 10, "d": {"heartbeat_interval": 41250}});
    if socket
        .send(WsMessage::Text(hello.to_string().into()))
        .await
        .is_err()
    {
        return;
    }
    let (tx, mut rx) = mpsc::unbounded_channel::<Value>();
    loop {
        tokio::select! {
            out = rx.recv() => {
                let Some(out) = out else { return };
                if socket.send(WsMessage::Text(out.to_string().into())).await.is_err() {
                    return;
                }
            }
            inc = socket.recv() => {
                let Some(Ok(msg)) = inc else {
                    forget(&fake, &tx);
                    return;
                };
                let WsMessage::Text(text) = msg else {
                    if matches!(msg, WsMessage::Close(_)) {
                        forget(&fake, &tx);
                        return;
                    }
                    continue;
                };
                let v: Value = serde_json::from_str(text.as_str()).unwrap();
                match v["op"].as_u64() {
                    Some(1) => {
                        let ack = json!({"op": 11});
                        let _ = socket.send(WsMessage::Text(ack.to_string().into())).await;
                    }
                    Some(2) => {
                        let ready = json!({"op": 0, "t": "READY", "s": 1, "d": {
                            "v": 10, "user": bot_json(), "guilds": [],
                            "session_id": "session", "resume_gateway_url":
                                format!("ws://127.0.0.1:{}/gateway", fake.port),
                            "shard": [0, 1], "application": {"id": APP.to_string(), "flags": 0}
                        }});
                        let _ = socket.send(WsMessage::Text(ready.to_string().into())).await;
                        let mut inner = fake.inner.lock().unwrap();
                        inner.identifies += 1;
                        inner.gateway = Some(tx.clone());
                        drop(inner);
                        fake.changed.notify_waiters();
                    }
                    _ => {}
                }
            }
        }
    }
}
