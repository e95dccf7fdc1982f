//! A fake Discord for the end-to-end tests: REST under `/api/v10` and the gateway WebSocket on
//! 127.0.0.1, behaving as Discord does where the bot could get it wrong, each behaviour citing
//! where Discord documents it (or where its users observed it):
//!
//! - `rest.rs`: interactions (3 s to answer from their creation, the time in their snowflake
//!   ids, a defer deciding ephemerality, tokens that expire, a second answer refused with
//!   40060), who each message notifies, nonces (`enforce_nonce` returns the first message),
//!   rate limits (global 50/s, 429 with `retry_after`, a request before it refused again and
//!   flagged), missing permissions (403 50013, per channel and per permission), closed DMs
//!   (403 50007), thread limits (1,000 active, creation per channel), unknown channels,
//!   archived threads, and injected faults (5xx, 5xx after the work was done, stalls, 429);
//! - `gateway.rs`: HELLO, heartbeats and their ACKs, READY, RESUME with the replay of missed
//!   events, RECONNECT (op 7) and INVALID_SESSION (op 9), 120 sends a minute (then 4008);
//!   interactions delivered late (ids minted earlier) by `Fake::deliver_late`;
//! - `messages.rs`: messages as Discord keeps them (edited and updated in place, ephemeral
//!   ones seen by their user only), and a user pressing their buttons and choosing in their
//!   select menus (MESSAGE_COMPONENT interactions);
//! - `spec.rs` and `limits.rs`: every request validated against Discord's own OpenAPI
//!   description and its documented limits.
//!
//! Every REST call is recorded with what the fake answered and whom it notified. A route Discord
//! does not have, a body its description refuses or a limit broken is a *violation*: the fake
//! answers as Discord would (404, 400 50035) and `assert_clean` fails the test that caused it.

#![allow(dead_code)]

mod gateway;
mod limits;
mod messages;
pub mod process;
mod rest;
mod spec;

use axum::routing::{any, get};
use axum::Router;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::Notify;

pub use messages::Stored;

pub const APP: u64 = 900_000_000_000_000_001;
pub const BOT: u64 = 900_000_000_000_000_002;
pub const GUILD: u64 = 900_000_000_000_000_003;
/// A channel where the bot lost its permissions: posting there answers 403 50013.
pub const FORBIDDEN: u64 = 900_000_000_000_000_004;
/// How long any wait may take before the test fails.
pub const WAIT: Duration = Duration::from_secs(10);

/// interactions/receiving-and-responding#responding-to-an-interaction: "Interaction tokens are
/// valid for 15 minutes", and the initial response must come within 3 seconds.
pub const ANSWER_WITHIN: Duration = Duration::from_secs(3);
pub const TOKEN_LIFETIME: Duration = Duration::from_secs(15 * 60);
/// topics/rate-limits#global-rate-limit: 50 requests per second (interaction endpoints
/// excepted).
pub const GLOBAL_PER_SECOND: usize = 50;
/// reference#snowflakes: "Discord Epoch, the first second of 2015", 1420070400000 in Unix ms;
/// a snowflake's top 42 bits are its creation time in ms since then.
pub const DISCORD_EPOCH_MS: u64 = 1_420_070_400_000;
/// resources/message#create-message, `enforce_nonce`: a nonce "will be checked for uniqueness
/// in the past few minutes".
pub const NONCE_MEMORY: Duration = Duration::from_secs(5 * 60);
/// topics/threads: a server holds at most 1,000 active threads; past that, creating one is
/// refused with 400 and code 160006 (topics/opcodes-and-status-codes#json, "Maximum number of
/// active threads reached").
pub const MAX_ACTIVE_THREADS: usize = 1000;
/// topics/rate-limits#invalid-request-limit: 10,000 responses 401, 403 or 429 per 10 minutes,
/// then the IP is banned for a while.
pub const INVALID_REQUESTS_ALLOWED: usize = 10_000;

/// topics/permissions#permissions-bitwise-permission-flags, those the fake checks.
pub const VIEW_CHANNEL: u64 = 1 << 10;
pub const SEND_MESSAGES: u64 = 1 << 11;
pub const ATTACH_FILES: u64 = 1 << 15;
pub const CREATE_PUBLIC_THREADS: u64 = 1 << 35;
/// The bot's permissions where nothing was revoked: what a server grants a game bot (the
/// usual text permissions, bits 0-30, and the thread ones: Manage Threads, Create Public and
/// Private Threads, Send Messages in Threads).
pub const BOT_PERMISSIONS: u64 = ((1 << 31) - 1) | (1 << 34) | (1 << 35) | (1 << 36) | (1 << 38);

/// One REST call as the bot made it, and what Discord made of it.
#[derive(Clone, Debug)]
pub struct Call {
    pub method: String,
    pub path: String,
    /// The JSON body, or the `payload_json` part of a multipart body.
    pub json: Value,
    pub files: Vec<(String, Vec<u8>)>,
    /// The status the fake answered.
    pub status: u16,
    /// The users this call notified (see `rest::notified`).
    pub notified: Vec<u64>,
    /// Whether the message this call created or filled in is seen by its user only (a
    /// deferred answer takes the defer's flags, whatever its own say).
    pub ephemeral: bool,
    /// A message create answered with the message an earlier one with the same nonce made:
    /// nothing new was posted.
    pub repeated: bool,
    /// The message this call made or changed, as the fake keeps it ([`Fake::message`]).
    pub message_id: Option<u64>,
    pub at: Instant,
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
    pub fn ok(&self) -> bool {
        (200..300).contains(&self.status)
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
    pub fn channel(&self) -> Option<u64> {
        let seg: Vec<&str> = self.path.split('/').collect();
        match seg.as_slice() {
            [.., "channels", c, "messages"] => c.parse().ok(),
            _ => None,
        }
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

/// A fault to answer the next matching requests with.
#[derive(Clone, Debug)]
pub enum Fault {
    /// An HTTP error with Discord's JSON error body.
    Status { status: u16, code: u64 },
    /// The request is carried out (the message created, the interaction answered), then
    /// answered with this 5xx anyway: Discord does this during incidents, which is why
    /// `POST /channels/{id}/messages` takes a `nonce` with `enforce_nonce` (resources/message
    /// #create-message) and why a retried interaction response may meet 40060 "Interaction has
    /// already been acknowledged" (topics/opcodes-and-status-codes#json).
    AfterSuccess { status: u16 },
    /// 429 with `retry_after` (seconds), as a route's rate limit.
    RateLimited { retry_after: f64 },
    /// No answer for this long (the client's timeout should fire first).
    Stall(Duration),
}

#[derive(Clone, Debug)]
struct Injected {
    method: String,
    path_contains: String,
    times: u32,
    fault: Fault,
}

/// A message the bot created in a channel, as Discord keeps it.
#[derive(Clone, Debug)]
pub struct Posted {
    pub id: u64,
    pub channel: u64,
    pub nonce: Option<String>,
    pub at: Instant,
}

/// A 429 given: nothing on its route (or anything, if global) may come before `until`.
#[derive(Clone, Debug)]
pub struct Limited {
    /// `METHOD /path`, or `None` for the global limit.
    pub route: Option<String>,
    pub at: Instant,
    pub until: Instant,
}

/// Thread creation limited per channel: topics/rate-limits says every route has its own limit,
/// per major parameter (the channel here), answered 429 with `retry_after`, and that the
/// numbers are not published ("don't hard code rate limits": a test sets its own).
#[derive(Clone, Debug)]
struct ThreadBurst {
    per_window: usize,
    window: Duration,
    made: HashMap<u64, std::collections::VecDeque<Instant>>,
}

/// An interaction as Discord keeps it: when it was created, and how it was answered.
#[derive(Clone, Debug)]
pub(crate) struct Interaction {
    pub created: Instant,
    pub token: String,
    pub kind: u64,
    pub state: Answered,
    /// Who acted, and where.
    pub user: u64,
    pub channel: u64,
    /// For a component, the message it was on.
    pub on_message: Option<u64>,
    /// The message `@original` means: the one the answer made (type 4, or the "thinking"
    /// message of a type 5), or for an update (types 6 and 7) the component's message.
    pub original: Option<u64>,
}

impl Interaction {
    /// An interaction as its INTERACTION_CREATE payload describes it; its 3 s run from its
    /// creation, the time in its id.
    fn of(payload: &Value, token: String) -> Interaction {
        let snowflake = |v: &Value| v.as_str().and_then(|s| s.parse::<u64>().ok());
        let id = snowflake(&payload["id"]).unwrap_or(0);
        let user = snowflake(&payload["member"]["user"]["id"])
            .or_else(|| snowflake(&payload["user"]["id"]))
            .unwrap_or(0);
        Interaction {
            created: created_of(id),
            token,
            kind: payload["type"].as_u64().unwrap_or(0),
            state: Answered::No,
            user,
            channel: snowflake(&payload["channel_id"]).unwrap_or(0),
            on_message: snowflake(&payload["message"]["id"]),
            original: None,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Answered {
    No,
    /// Deferred (type 5 or 6); `resolved` once the first follow-up or edit filled it in.
    Deferred {
        ephemeral: bool,
        resolved: bool,
    },
    /// Answered with a message (type 4) or something else (7, 8, 9).
    Done {
        ephemeral: bool,
    },
}

#[derive(Default)]
struct Inner {
    calls: Vec<Call>,
    violations: Vec<String>,
    /// Registered commands by scope ("global" or the guild id).
    commands: HashMap<String, Vec<Value>>,
    /// Threads the bot created: id -> (name, parent, archived).
    threads: HashMap<u64, (String, u64, bool)>,
    /// Channels that no longer exist (10003), and where the bot may not post (50013).
    deleted: Vec<u64>,
    forbidden: Vec<u64>,
    /// Direct-message channels opened: channel id -> recipient.
    dms: HashMap<u64, u64>,
    interactions: HashMap<u64, Interaction>,
    faults: Vec<Injected>,
    /// Requests counted for the global rate limit.
    recent: std::collections::VecDeque<Instant>,
    /// Messages created in channels, in order (a nonce repeated returns the first).
    posted: Vec<Posted>,
    /// 429s given and their `retry_after`; requests sent before it ran out.
    limited: Vec<Limited>,
    early: Vec<String>,
    /// Responses 401, 403 and 429, when (topics/rate-limits#invalid-request-limit).
    invalid: Vec<Instant>,
    /// Users who do not accept direct messages from the server's members (50007).
    closed_dms: Vec<u64>,
    /// Thread creation limits: per channel, and active threads per server (settable).
    thread_burst: Option<ThreadBurst>,
    max_active_threads: Option<usize>,
    /// New interactions are delivered this late (their ids minted that long ago).
    late_by: Duration,
    /// Whether calls keep their files' bytes (a load run drops them: names are enough there).
    forget_files: bool,
    /// Permissions the bot lacks in a channel (bits), beyond what `forbidden` takes away.
    revoked: HashMap<u64, u64>,
    token_lifetime: Option<Duration>,
    /// The bot's messages, by id (`messages.rs`).
    messages: HashMap<u64, Stored>,
    /// Shard 0's session (the only one of an unsharded bot).
    gateway: gateway::Session,
    /// The sessions of shards 1 and up, and the shard count the bot identified with.
    shards: gateway::Shards,
}

pub struct Fake {
    inner: Mutex<Inner>,
    changed: Notify,
    ids: AtomicU64,
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
            ids: AtomicU64::new(0),
            port,
        });
        let app = Router::new()
            .route("/gateway", get(gateway::upgrade))
            .route("/api/v10/{*rest}", any(rest::handle))
            .fallback(rest::unknown)
            .with_state(fake.clone());
        // TCP_NODELAY on every connection, gateway and HTTP: with Nagle's algorithm a small
        // frame written while an earlier one is unacknowledged waits for the bot's delayed
        // ACK, up to 40 ms on Linux, a stall of the fake's own making (axum::serve leaves it
        // off; its docs set it with `tap_io`). Without it the load bench measured autocomplete
        // at p99 40 ms at 100 moves a second even with no bursts.
        let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
            let _ = tcp.set_nodelay(true);
        });
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

/// What Discord would refuse in a request the fake received (`path` under `/api/v10`): its
/// OpenAPI description's schema, then its documented limits of the message it carries (the
/// `data` of an interaction callback). For tests of the fake's own judgement.
pub fn refusals(method: &str, path: &str, body: &Value) -> Vec<String> {
    let mut out = spec::spec().check(method, path, body);
    let message = if path.ends_with("/callback") {
        &body["data"]
    } else {
        body
    };
    out.extend(limits::message(message, &[]));
    out
}

/// Unix time in ms.
pub fn unix_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// When a snowflake was minted (reference#snowflakes), as an instant of this process.
pub fn created_of(id: u64) -> Instant {
    let ms = (id >> 22) + DISCORD_EPOCH_MS;
    let age = unix_ms().saturating_sub(ms);
    Instant::now()
        .checked_sub(Duration::from_millis(age))
        .unwrap_or_else(Instant::now)
}

impl Fake {
    /// A fresh snowflake: the time now, and a counter in the low 22 bits (reference#snowflakes).
    pub fn next_id(&self) -> u64 {
        self.id_minted(Duration::ZERO)
    }

    /// A snowflake minted `ago` (an interaction created then, delivered now).
    pub fn id_minted(&self, ago: Duration) -> u64 {
        let ms = unix_ms().saturating_sub(ago.as_millis() as u64) - DISCORD_EPOCH_MS;
        let n = self.ids.fetch_add(1, Ordering::SeqCst) & 0x3f_ffff;
        (ms << 22) | n
    }

    /// Interactions from now on reach the bot `by` after the user acted (a slow gateway, a
    /// resume replaying them): their ids say when they were created, and Discord's 3 s run
    /// from then (interactions/receiving-and-responding#responding-to-an-interaction).
    pub fn deliver_late(&self, by: Duration) {
        self.inner.lock().unwrap().late_by = by;
    }

    /// `user` does not accept direct messages: a DM to them answers 403 50007 "Cannot send
    /// messages to this user" (topics/opcodes-and-status-codes#json), though opening the DM
    /// channel succeeds.
    pub fn close_dms(&self, user: u64) {
        self.inner.lock().unwrap().closed_dms.push(user);
    }

    /// At most `per_window` threads created per channel within `window`; more are answered 429.
    pub fn limit_thread_creation(&self, per_window: usize, window: Duration) {
        self.inner.lock().unwrap().thread_burst = Some(ThreadBurst {
            per_window,
            window,
            made: Default::default(),
        });
    }

    /// The server's active-thread limit, lowered from [`MAX_ACTIVE_THREADS`] for a test.
    pub fn set_max_active_threads(&self, n: usize) {
        self.inner.lock().unwrap().max_active_threads = Some(n);
    }

    /// Messages actually created in `channel` since call `from` (a 500 after success
    /// included, a repeated nonce counted once).
    pub fn created_in(&self, channel: u64, since: Instant) -> Vec<Posted> {
        self.inner
            .lock()
            .unwrap()
            .posted
            .iter()
            .filter(|p| p.channel == channel && p.at >= since)
            .cloned()
            .collect()
    }

    /// The 429s given so far.
    pub fn limits_given(&self) -> Vec<Limited> {
        self.inner.lock().unwrap().limited.clone()
    }

    /// Requests sent before the `retry_after` of a 429 on their route had run out.
    pub fn early_retries(&self) -> Vec<String> {
        self.inner.lock().unwrap().early.clone()
    }

    /// Responses 401, 403 and 429 within the last 10 minutes.
    pub fn invalid_requests(&self) -> usize {
        let inner = self.inner.lock().unwrap();
        inner
            .invalid
            .iter()
            .filter(|t| t.elapsed() < Duration::from_secs(600))
            .count()
    }

    pub fn calls(&self) -> Vec<Call> {
        self.inner.lock().unwrap().calls.clone()
    }

    pub fn cursor(&self) -> usize {
        self.inner.lock().unwrap().calls.len()
    }

    /// The calls from `from` on, waiting until there is at least one: for a reader that follows
    /// every call as it comes (`benches/load.rs`), where copying the whole record each time
    /// would cost more than the bot's work.
    pub async fn calls_after(&self, from: usize) -> Vec<Call> {
        loop {
            let notified = self.changed.notified();
            {
                let inner = self.inner.lock().unwrap();
                if inner.calls.len() > from {
                    return inner.calls[from..].to_vec();
                }
            }
            notified.await;
        }
    }

    /// Calls keep their files' names but not their bytes from now on: a load run makes
    /// hundreds of thousands of pictures.
    pub fn forget_files(&self) {
        self.inner.lock().unwrap().forget_files = true;
    }

    /// Requests Discord would have refused as malformed or unknown, and limits broken.
    pub fn violations(&self) -> Vec<String> {
        self.inner.lock().unwrap().violations.clone()
    }

    /// Every request the bot made was one Discord knows and accepts.
    pub fn assert_clean(&self) {
        let v = self.violations();
        assert!(v.is_empty(), "requests Discord would refuse: {v:#?}");
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

    /// Replaces the registered commands of a scope, as an older version of the bot left them.
    pub fn set_commands(&self, scope: &str, commands: Vec<Value>) {
        self.inner
            .lock()
            .unwrap()
            .commands
            .insert(scope.to_string(), commands);
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

    /// The channel is deleted: posting there answers 404 10003.
    pub fn delete_channel(&self, id: u64) {
        self.inner.lock().unwrap().deleted.push(id);
    }

    /// The bot loses its permissions in the channel: posting there answers 403 50013.
    pub fn forbid(&self, id: u64) {
        self.inner.lock().unwrap().forbidden.push(id);
    }

    /// The bot's permissions in the channel are back.
    pub fn allow(&self, id: u64) {
        self.inner.lock().unwrap().forbidden.retain(|c| *c != id);
        self.inner.lock().unwrap().revoked.remove(&id);
    }

    /// The bot loses the permissions `bits` in `channel`: interactions from there say so in
    /// their `app_permissions` (interactions/receiving-and-responding#interaction-object), and
    /// what needs them is refused with 403 50013 "Missing Permissions"
    /// (topics/opcodes-and-status-codes#json): a message without View Channel or Send
    /// Messages, one carrying files without Attach Files (resources/message#create-message,
    /// "requires the ATTACH_FILES permission"), a thread without Create Public Threads
    /// (resources/channel#start-thread-without-message).
    pub fn revoke(&self, channel: u64, bits: u64) {
        *self
            .inner
            .lock()
            .unwrap()
            .revoked
            .entry(channel)
            .or_default() |= bits;
    }

    pub(crate) fn revoked(&self, channel: u64) -> u64 {
        self.inner
            .lock()
            .unwrap()
            .revoked
            .get(&channel)
            .copied()
            .unwrap_or(0)
    }

    /// The next `times` requests whose method is `method` and whose path contains
    /// `path_contains` get `fault` instead of an answer.
    pub fn inject(&self, method: &str, path_contains: &str, times: u32, fault: Fault) {
        self.inner.lock().unwrap().faults.push(Injected {
            method: method.to_string(),
            path_contains: path_contains.to_string(),
            times,
            fault,
        });
    }

    /// Interaction tokens expire after `lifetime` instead of 15 minutes (so that a test can
    /// see what happens after without waiting a quarter of an hour).
    pub fn set_token_lifetime(&self, lifetime: Duration) {
        self.inner.lock().unwrap().token_lifetime = Some(lifetime);
    }

    /// Users notified since call `from`, with the text of the message that notified them.
    pub fn notified_since(&self, from: usize) -> Vec<(u64, String)> {
        self.inner.lock().unwrap().calls[from..]
            .iter()
            .flat_map(|c| c.notified.iter().map(move |u| (*u, c.text())))
            .collect()
    }

    /// The DM channel opened with `user`, if any (one per user, as Discord keeps it).
    pub fn dm_channel(&self, user: u64) -> Option<u64> {
        let inner = self.inner.lock().unwrap();
        inner.dms.iter().find(|(_, r)| **r == user).map(|(c, _)| *c)
    }

    /// Direct messages the bot sent `user` since call `from` (created, or refused).
    pub fn dms_to(&self, user: u64, from: usize) -> Vec<Call> {
        let Some(dm) = self.dm_channel(user) else {
            return Vec::new();
        };
        self.inner.lock().unwrap().calls[from..]
            .iter()
            .filter(|c| c.method == "POST" && c.channel() == Some(dm))
            .cloned()
            .collect()
    }

    /// Messages the bot created in `channel` since call `from` (answers to interactions
    /// excepted).
    pub fn posts_in(&self, channel: u64, from: usize) -> Vec<Call> {
        self.inner.lock().unwrap().calls[from..]
            .iter()
            .filter(|c| c.method == "POST" && c.channel() == Some(channel) && c.ok() && !c.repeated)
            .cloned()
            .collect()
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
                        .map(|c| format!("{} {} {} {}", c.status, c.method, c.path, c.json))
                        .collect::<Vec<_>>()
                );
            }
        }
    }

    /// Waits until the bot has identified `n` times in all and is connected.
    pub async fn wait_identified(&self, n: u32) {
        self.wait_gateway(
            |g| g.identifies >= n && g.connected(),
            "the bot to identify",
        )
        .await
    }

    fn record(&self, mut call: Call) -> usize {
        let mut inner = self.inner.lock().unwrap();
        if inner.forget_files {
            for (_, bytes) in &mut call.files {
                *bytes = Vec::new();
            }
        }
        inner.calls.push(call);
        let at = inner.calls.len() - 1;
        drop(inner);
        self.changed.notify_waiters();
        at
    }

    fn violation(&self, what: String) {
        eprintln!("fake Discord: violation: {what}");
        self.inner.lock().unwrap().violations.push(what);
        self.changed.notify_waiters();
    }

    /// Sends an INTERACTION_CREATE dispatch; the interaction's 3 s run from its creation (its
    /// id), whether or not the bot is connected to receive it (Discord does not wait for a
    /// reconnecting bot).
    pub fn dispatch(&self, interaction: Value) {
        let id: u64 = interaction["id"].as_str().unwrap().parse().unwrap();
        let token = interaction["token"].as_str().unwrap().to_string();
        self.inner
            .lock()
            .unwrap()
            .interactions
            .insert(id, Interaction::of(&interaction, token));
        self.send_event("INTERACTION_CREATE", interaction);
    }

    /// Sends a raw INTERACTION_CREATE payload as is (for malformed payloads): no interaction
    /// state is kept unless it carries an id and a token.
    pub fn dispatch_raw(&self, payload: Value) {
        let id = payload["id"].as_str().and_then(|s| s.parse::<u64>().ok());
        let token = payload["token"].as_str().map(str::to_string);
        if let (Some(id), Some(token)) = (id, token) {
            self.inner
                .lock()
                .unwrap()
                .interactions
                .insert(id, Interaction::of(&payload, token));
        }
        self.send_event("INTERACTION_CREATE", payload);
    }

    /// How interaction `id` was answered so far.
    pub(crate) fn answered(&self, id: u64) -> Option<Answered> {
        self.inner
            .lock()
            .unwrap()
            .interactions
            .get(&id)
            .map(|i| i.state)
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
    pub fn interaction_base(&self, kind: u8, user: &User, place: &Place) -> (u64, Value) {
        let late = self.inner.lock().unwrap().late_by;
        let id = self.id_minted(late);
        let v = json!({
            "id": id.to_string(), "application_id": APP.to_string(), "type": kind,
            "token": format!("tok{id}"), "version": 1,
            "guild_id": GUILD.to_string(), "channel_id": place.id.to_string(),
            "channel": place.json(), "member": member_json(user),
            "app_permissions": (BOT_PERMISSIONS & !self.revoked(place.id)).to_string(),
            "locale": "en-US", "guild_locale": "en-US",
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

    /// A slash command sent from another server than [`GUILD`] (sharded bots: the server
    /// decides the shard that receives it).
    pub fn slash_in(
        &self,
        guild: u64,
        user: &User,
        place: &Place,
        name: &str,
        options: Vec<Value>,
    ) -> u64 {
        let (id, mut v) = self.interaction_base(2, user, place);
        v["guild_id"] = json!(guild.to_string());
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
        v["message"] = rest::message_json(self.next_id(), place.id, "", &[]);
        self.dispatch(v);
        id
    }

    /// The first callback to interaction `id` (refused or not) if one comes within `patience`:
    /// for tests where a process may be killed before it answers.
    pub async fn callback_within(&self, from: usize, id: u64, patience: Duration) -> Option<Call> {
        let path = format!("/api/v10/interactions/{id}/tok{id}/callback");
        tokio::time::timeout(
            patience,
            self.wait_for(from, "an answer", |c| c.path == path),
        )
        .await
        .ok()
    }

    /// Waits for the answer to interaction `id`: the callback, and when it was deferred, the
    /// edit or follow-up that fills it in.
    pub async fn answer(&self, from: usize, id: u64) -> Answer {
        let prefix = format!("/api/v10/interactions/{id}/tok{id}/callback");
        let callback = self
            .wait_for(from, &format!("the answer to interaction {id}"), |c| {
                c.path == prefix && c.ok()
            })
            .await;
        let kind = callback.json["type"].as_u64().unwrap_or(0);
        // A defer (type 5, or 6 for a component's update) is filled in by a later edit or
        // follow-up.
        let filled = if kind == 5 || kind == 6 {
            let webhook = format!("/api/v10/webhooks/{APP}/tok{id}");
            Some(
                self.wait_for(from, "the deferred answer's edit or follow-up", |c| {
                    c.path.starts_with(&webhook) && c.method != "GET" && c.ok()
                })
                .await,
            )
        } else {
            None
        };
        Answer { callback, filled }
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
    /// The edit or follow-up that filled in a deferred answer.
    pub filled: Option<Call>,
}

impl Answer {
    pub fn kind(&self) -> u64 {
        self.callback.json["type"].as_u64().unwrap_or(0)
    }
    /// The message the user ends up seeing.
    pub fn message(&self) -> &Call {
        self.filled.as_ref().unwrap_or(&self.callback)
    }
    pub fn text(&self) -> String {
        self.message().text()
    }
    /// Whether only its user sees it (a deferred answer takes the defer's flags).
    pub fn ephemeral(&self) -> bool {
        self.message().ephemeral
    }
    /// Who the answer notified.
    pub fn notified(&self) -> Vec<u64> {
        let mut n = self.callback.notified.clone();
        if let Some(f) = &self.filled {
            n.extend(f.notified.iter().copied());
        }
        n
    }
    pub fn files(&self) -> Vec<(String, Vec<u8>)> {
        let mut f = self.callback.files.clone();
        if let Some(e) = &self.filled {
            f.extend(e.files.clone());
        }
        f
    }
    pub fn custom_ids(&self) -> Vec<String> {
        self.message().custom_ids()
    }
    /// The message the user ends up seeing, as the fake keeps it.
    pub fn message_id(&self) -> Option<u64> {
        self.message().message_id
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
