//! The REST side of the fake Discord: what the bot's requests do and what they are answered.

use super::{bot_json, limits, spec, Answered, Call, Fake, Fault, ANSWER_WITHIN, APP, BOT};
use super::{FORBIDDEN, GUILD};
use super::{GLOBAL_PER_SECOND, TOKEN_LIFETIME};
use axum::body::Bytes;
use axum::extract::{FromRequest, Multipart, Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use regex::Regex;
use serde_json::{json, Value};
use std::sync::{Arc, LazyLock};
use std::time::{Duration, Instant};

/// What a request did, before it is recorded and answered.
struct Outcome {
    status: u16,
    body: Value,
    notified: Vec<u64>,
    ephemeral: bool,
    headers: Vec<(&'static str, String)>,
    /// A message create whose nonce was seen: the first message returned, none created.
    repeated: bool,
    /// The message made or changed.
    message: Option<u64>,
}

impl Outcome {
    fn ok(body: Value) -> Outcome {
        Outcome {
            status: 200,
            body,
            notified: Vec::new(),
            ephemeral: false,
            headers: Vec::new(),
            repeated: false,
            message: None,
        }
    }
    fn no_content() -> Outcome {
        Outcome {
            status: 204,
            ..Outcome::ok(Value::Null)
        }
    }
    /// Discord's JSON error: topics/opcodes-and-status-codes#json.
    fn error(status: u16, code: u64, message: &str) -> Outcome {
        let mut body = json!({"message": message, "code": code});
        if code == 50035 {
            body["errors"] = json!({});
        }
        Outcome {
            status,
            ..Outcome::ok(body)
        }
    }
    /// topics/rate-limits#exceeding-a-rate-limit: 429 with `retry_after` in seconds, the
    /// same in the `Retry-After` header, and whether the limit is the global one.
    /// The body is Discord's `RatelimitedResponse` (its OpenAPI description): an error with
    /// `code` 0, `retry_after` and `global`.
    fn rate_limited(retry_after: f64, global: bool) -> Outcome {
        let mut o = Outcome::error(429, 0, "You are being rate limited.");
        o.body = json!({"message": "You are being rate limited.", "code": 0,
                        "retry_after": retry_after, "global": global});
        o.headers = vec![
            ("retry-after", format!("{}", retry_after.ceil() as u64)),
            (
                "x-ratelimit-scope",
                if global { "global" } else { "user" }.into(),
            ),
        ];
        if global {
            o.headers.push(("x-ratelimit-global", "true".into()));
        }
        o
    }
    fn with_message(mut self, notified: Vec<u64>, ephemeral: bool) -> Outcome {
        self.notified = notified;
        self.ephemeral = ephemeral;
        self
    }
    fn on(mut self, message: u64) -> Outcome {
        self.message = Some(message);
        self
    }
}

static MENTION: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"<@!?(\d+)>").unwrap());

/// Who a new message notifies, by resources/message#allowed-mentions-object: the users
/// mentioned in its `content` (never in embeds), all of them when `allowed_mentions` is
/// absent or parses users, else those it lists. Ephemeral messages, edits and the follow-up
/// that fills in a defer notify nobody: their callers do not ask (discord-api-docs#5497
/// "edits never notify", #4034 and interactions.py#175 for deferred answers).
pub(super) fn notified(message: &Value) -> Vec<u64> {
    let content = message["content"].as_str().unwrap_or("");
    let mentioned: Vec<u64> = MENTION
        .captures_iter(content)
        .filter_map(|c| c[1].parse().ok())
        .collect();
    let allowed = &message["allowed_mentions"];
    if allowed.is_null() {
        return mentioned;
    }
    let parses_users = allowed["parse"]
        .as_array()
        .is_some_and(|p| p.iter().any(|x| x == "users"));
    if parses_users {
        return mentioned;
    }
    let listed: Vec<u64> = allowed["users"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|u| u.as_str().and_then(|s| s.parse().ok()).or(u.as_u64()))
        .collect();
    mentioned
        .into_iter()
        .filter(|u| listed.contains(u))
        .collect()
}

/// `@everyone` or `@here` that would ping: never acceptable from a game bot.
fn pings_everyone(message: &Value) -> bool {
    let content = message["content"].as_str().unwrap_or("");
    let mass = content.contains("@everyone") || content.contains("@here");
    let allowed = &message["allowed_mentions"];
    mass && (allowed.is_null()
        || allowed["parse"]
            .as_array()
            .is_some_and(|p| p.iter().any(|x| x == "everyone")))
}

fn flags_ephemeral(message: &Value) -> bool {
    message["flags"].as_u64().unwrap_or(0) & 64 != 0
}

pub(super) async fn unknown(State(fake): State<Arc<Fake>>, req: Request) -> Response {
    let what = format!("{} {}", req.method(), req.uri());
    fake.violation(format!("{what}: not a Discord route"));
    respond(Outcome::error(404, 0, "404: Not Found"))
}

fn respond(o: Outcome) -> Response {
    let status = StatusCode::from_u16(o.status).unwrap();
    let mut headers = HeaderMap::new();
    for (k, v) in &o.headers {
        headers.insert(*k, HeaderValue::from_str(v).unwrap());
    }
    if o.body.is_null() {
        (status, headers).into_response()
    } else {
        (status, headers, Json(o.body)).into_response()
    }
}

pub(super) async fn handle(State(fake): State<Arc<Fake>>, req: Request) -> Response {
    // When the request reached Discord: its checks below take time of their own.
    let arrived = Instant::now();
    let method = req.method().clone();
    let path = req.uri().path().to_string();
    let query = req.uri().query().unwrap_or("").to_string();
    let (json, files) = read_body(req).await;
    let rel = path.trim_start_matches("/api/v10").to_string();
    for v in spec::spec().check(method.as_str(), &rel, &json) {
        fake.violation(v);
    }
    let seg: Vec<String> = rel
        .trim_matches('/')
        .split('/')
        .map(str::to_string)
        .collect();
    let interaction_route = seg.first().is_some_and(|s| s == "interactions")
        || (seg.first().is_some_and(|s| s == "webhooks") && seg.get(1) == Some(&APP.to_string()));
    let names: Vec<String> = files.iter().map(|(n, _)| n.clone()).collect();
    let segs: Vec<&str> = seg.iter().map(String::as_str).collect();
    let this_route = format!("{method} {path}");
    // topics/rate-limits#exceeding-a-rate-limit: a request before `retry_after` has run out
    // is refused again, and counts toward the invalid-request limit.
    let limited = fake.still_limited(&this_route, interaction_route);
    let early = limited.is_some();
    if limited == Some(true) {
        fake.inner.lock().unwrap().early.push(this_route.clone());
        fake.violation(format!(
            "{this_route}: sent before the retry_after of a 429"
        ));
    }
    let outcome = match (!early).then(|| fake.take_fault(method.as_str(), &path)) {
        None => Outcome::rate_limited(1.0, false),
        Some(Some(Fault::Stall(d))) => {
            tokio::time::sleep(d).await;
            Outcome::error(504, 0, "Gateway Timeout")
        }
        Some(Some(Fault::Status { status, code })) => {
            Outcome::error(status, code, "injected fault")
        }
        Some(Some(Fault::RateLimited { retry_after })) => Outcome::rate_limited(retry_after, false),
        Some(Some(Fault::AfterSuccess { status })) => {
            let done = route(&fake, &method, &segs, &query, &json, &names);
            eprintln!(
                "fake Discord: {this_route} carried out ({}), answered {status}",
                done.status
            );
            // Whom the work notified was notified, whatever the answer said.
            Outcome {
                notified: done.notified,
                ..Outcome::error(status, 0, "500: Internal Server Error")
            }
        }
        // Interaction endpoints are not bound to the global rate limit
        // (topics/rate-limits#global-rate-limit).
        Some(None) if !interaction_route && fake.over_global_limit() => {
            Outcome::rate_limited(1.0, true)
        }
        Some(None) => route(&fake, &method, &segs, &query, &json, &names),
    };
    fake.note_refusal(&this_route, &outcome);
    fake.record(Call {
        method: method.to_string(),
        path: path.clone(),
        json,
        files,
        status: outcome.status,
        notified: outcome.notified.clone(),
        ephemeral: outcome.ephemeral,
        repeated: outcome.repeated,
        message_id: outcome.message,
        at: arrived,
    });
    respond(outcome)
}

impl Fake {
    /// Whether a 429 given earlier still forbids this route (or every route, if global):
    /// `Some(true)` when the request was sent after the bot could have read that 429, `Some
    /// (false)` when it was in flight already (sent at the same time as the refused one).
    fn still_limited(&self, route: &str, interaction_route: bool) -> Option<bool> {
        let inner = self.inner.lock().unwrap();
        let now = Instant::now();
        let in_flight = Duration::from_millis(100);
        inner
            .limited
            .iter()
            .filter(|l| {
                now < l.until
                    && match &l.route {
                        Some(r) => r == route,
                        None => !interaction_route,
                    }
            })
            .map(|l| now.duration_since(l.at) >= in_flight)
            .reduce(|a, b| a || b)
    }

    /// Keeps what the invalid-request limit and the `retry_after` check need.
    fn note_refusal(&self, route: &str, o: &Outcome) {
        if !matches!(o.status, 401 | 403 | 429) {
            return;
        }
        let mut inner = self.inner.lock().unwrap();
        let now = Instant::now();
        inner.invalid.push(now);
        if o.status == 429 {
            let after = o.body["retry_after"].as_f64().unwrap_or(0.0);
            let global = o.body["global"].as_bool().unwrap_or(false);
            let until = now + Duration::from_secs_f64(after);
            inner.limited.push(super::Limited {
                route: (!global).then(|| route.to_string()),
                at: now,
                until,
            });
        }
        if inner.invalid.len() > super::INVALID_REQUESTS_ALLOWED {
            drop(inner);
            self.violation("over 10,000 responses 401/403/429 in 10 minutes: banned".into());
        }
    }

    fn take_fault(&self, method: &str, path: &str) -> Option<Fault> {
        let mut inner = self.inner.lock().unwrap();
        let at = inner
            .faults
            .iter()
            .position(|f| f.method == method && path.contains(&f.path_contains))?;
        let f = &mut inner.faults[at];
        let fault = f.fault.clone();
        f.times -= 1;
        if f.times == 0 {
            inner.faults.remove(at);
        }
        Some(fault)
    }

    fn over_global_limit(&self) -> bool {
        let mut inner = self.inner.lock().unwrap();
        let now = Instant::now();
        while inner
            .recent
            .front()
            .is_some_and(|t| now.duration_since(*t) > Duration::from_secs(1))
        {
            inner.recent.pop_front();
        }
        if inner.recent.len() >= GLOBAL_PER_SECOND {
            return true;
        }
        inner.recent.push_back(now);
        false
    }

    fn token_lifetime(&self) -> Duration {
        self.inner
            .lock()
            .unwrap()
            .token_lifetime
            .unwrap_or(TOKEN_LIFETIME)
    }
}

/// A message body checked against Discord's limits: the violations are recorded and the
/// request refused as Discord refuses it (400, 50035 Invalid Form Body).
fn check_message(fake: &Fake, m: &Value, files: &[String]) -> Option<Outcome> {
    let broken = limits::message(m, files);
    // Issue 11: every message says whom it may ping; Discord's default, without
    // `allowed_mentions`, pings every mention in the content, echoed user text included.
    if m.get("allowed_mentions").is_none_or(Value::is_null) {
        fake.violation(format!(
            "a message without allowed_mentions: {}",
            m["content"]
        ));
    }
    if pings_everyone(m) {
        fake.violation(format!("a message pings everyone: {}", m["content"]));
    }
    if broken.is_empty() {
        return None;
    }
    for b in broken {
        fake.violation(b);
    }
    Some(Outcome::error(400, 50035, "Invalid Form Body"))
}

fn route(
    fake: &Fake,
    method: &Method,
    seg: &[&str],
    query: &str,
    json: &Value,
    files: &[String],
) -> Outcome {
    let app = APP.to_string();
    match (method, seg) {
        (&Method::GET, ["gateway"]) => Outcome::ok(json!({
            "url": format!("ws://127.0.0.1:{}/gateway", fake.port)
        })),
        (&Method::GET, ["oauth2", "applications", "@me"]) => Outcome::ok(json!({
            "id": app, "name": "Plateau", "icon": null, "description": "", "bot_public": true,
            "bot_require_code_grant": false, "verify_key": "k", "flags": 0,
            "owner": bot_json(), "team": null
        })),
        (&Method::GET, ["applications", a, "commands"]) if *a == app => {
            list_commands(fake, "global", query)
        }
        (&Method::GET, ["applications", a, "guilds", g, "commands"]) if *a == app => {
            list_commands(fake, g, query)
        }
        (&Method::PUT, ["applications", a, "commands"]) if *a == app => {
            put_commands(fake, "global", json)
        }
        (&Method::PUT, ["applications", a, "guilds", g, "commands"]) if *a == app => {
            put_commands(fake, g, json)
        }
        (&Method::POST, ["interactions", id, token, "callback"]) => {
            callback(fake, id, token, json, files)
        }
        (&Method::POST, ["webhooks", a, token]) if *a == app => followup(fake, token, json, files),
        (&Method::PATCH, ["webhooks", a, token, "messages", "@original"]) if *a == app => {
            edit_original(fake, token, json, files)
        }
        (&Method::POST, ["channels", c, "messages"]) => channel_message(fake, c, json, files),
        (&Method::POST, ["channels", c, "threads"]) => {
            let parent: u64 = c.parse().unwrap_or(0);
            if let Some(refused) = thread_refused(fake, parent) {
                return refused;
            }
            let id = fake.next_id();
            let name = json["name"].as_str().unwrap_or("").to_string();
            fake.inner
                .lock()
                .unwrap()
                .threads
                .insert(id, (name.clone(), parent, false));
            Outcome {
                status: 201,
                ..Outcome::ok(thread_json(id, &name, parent, false))
            }
        }
        (&Method::PATCH, ["channels", c]) => {
            let id: u64 = c.parse().unwrap_or(0);
            let mut inner = fake.inner.lock().unwrap();
            match inner.threads.get_mut(&id) {
                Some(t) => {
                    if json.get("name").is_some() {
                        // Two renames per ten minutes: a game thread is named once.
                        drop(inner);
                        fake.violation("a game thread was renamed".into());
                        return Outcome::error(400, 50035, "Invalid Form Body");
                    }
                    if let Some(a) = json["archived"].as_bool() {
                        t.2 = a;
                    }
                    Outcome::ok(thread_json(id, &t.0, t.1, t.2))
                }
                None => Outcome::error(404, 10003, "Unknown Channel"),
            }
        }
        (&Method::DELETE, ["channels", c]) => {
            let id: u64 = c.parse().unwrap_or(0);
            match fake.inner.lock().unwrap().threads.remove(&id) {
                Some((name, parent, a)) => Outcome::ok(thread_json(id, &name, parent, a)),
                None => Outcome::error(404, 10003, "Unknown Channel"),
            }
        }
        (&Method::POST, ["users", "@me", "channels"]) => {
            let to: u64 = json["recipient_id"]
                .as_str()
                .and_then(|s| s.parse().ok())
                .or(json["recipient_id"].as_u64())
                .unwrap_or(0);
            // resources/user#create-dm: "Create a new DM channel with a user. Returns a DM
            // channel object (if one already exists, it will be returned instead)."
            let known = {
                let inner = fake.inner.lock().unwrap();
                inner.dms.iter().find(|(_, r)| **r == to).map(|(c, _)| *c)
            };
            let id = known.unwrap_or_else(|| fake.next_id());
            fake.inner.lock().unwrap().dms.insert(id, to);
            Outcome::ok(json!({"id": id.to_string(), "type": 1, "recipients": [{
                "id": to.to_string(), "username": "someone", "discriminator": "0",
                "avatar": null}]}))
        }
        _ => {
            fake.violation(format!(
                "{method} /{}: the fake does not serve it",
                seg.join("/")
            ));
            Outcome::error(404, 0, "404: Not Found")
        }
    }
}

fn list_commands(fake: &Fake, scope: &str, query: &str) -> Outcome {
    if !query.contains("with_localizations=true") {
        fake.violation("commands fetched without their localisations".into());
    }
    Outcome::ok(Value::Array(fake.commands(scope)))
}

/// A bulk overwrite, stored as Discord does (ids and versions added), or refused as Discord
/// refuses a command that breaks its limits.
fn put_commands(fake: &Fake, scope: &str, body: &Value) -> Outcome {
    let broken = limits::commands(body);
    if !broken.is_empty() {
        for b in broken {
            fake.violation(b);
        }
        return Outcome::error(400, 50035, "Invalid Form Body");
    }
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
    fake.set_commands(scope, list.clone());
    Outcome::ok(Value::Array(list))
}

/// interactions/receiving-and-responding#create-interaction-response.
fn callback(fake: &Fake, id: &str, token: &str, json: &Value, files: &[String]) -> Outcome {
    let unknown = || Outcome::error(404, 10062, "Unknown interaction");
    let Ok(id) = id.parse::<u64>() else {
        return unknown();
    };
    let mut inner = fake.inner.lock().unwrap();
    let Some(it) = inner.interactions.get_mut(&id) else {
        return unknown();
    };
    if it.token != token {
        return unknown();
    }
    if it.state != Answered::No {
        return Outcome::error(400, 40060, "Interaction has already been acknowledged.");
    }
    // "you must send an initial response within 3 seconds of receiving the event. If the 3
    // second deadline is exceeded, the token will be invalidated."
    if it.created.elapsed() > ANSWER_WITHIN {
        return unknown();
    }
    let kind = it.kind;
    let data = &json["data"];
    let response_type = json["type"].as_u64().unwrap_or(0);
    // Which response types fit which interactions (interaction-callback-type).
    let fits = match response_type {
        4 | 5 | 9 => kind == 2 || kind == 3 || kind == 5,
        6 | 7 => kind == 3,
        8 => kind == 4,
        _ => false,
    };
    if !fits {
        drop(inner);
        fake.violation(format!(
            "response type {response_type} to an interaction of type {kind}"
        ));
        return Outcome::error(400, 50035, "Invalid Form Body");
    }
    let ephemeral = flags_ephemeral(data);
    it.state = match response_type {
        5 => Answered::Deferred {
            ephemeral,
            resolved: false,
        },
        _ => Answered::Done { ephemeral },
    };
    let (user, channel, on_message) = (it.user, it.channel, it.on_message);
    drop(inner);
    let outcome = Outcome::no_content();
    let original = |m: u64| {
        if let Some(it) = fake.inner.lock().unwrap().interactions.get_mut(&id) {
            it.original = Some(m);
        }
    };
    let owner = ephemeral.then_some(user);
    match response_type {
        4 => {
            if let Some(refused) = check_message(fake, data, files) {
                return refused;
            }
            let who = if ephemeral {
                Vec::new()
            } else {
                notified(data)
            };
            let m = fake.store_new(channel, ephemeral, owner, data, files);
            original(m);
            outcome.with_message(who, ephemeral).on(m)
        }
        // The "thinking" message, filled in later.
        5 => {
            let m = fake.store_new(channel, ephemeral, owner, &Value::Null, &[]);
            original(m);
            outcome.with_message(Vec::new(), ephemeral).on(m)
        }
        // DEFERRED_UPDATE_MESSAGE: no message now; `@original` is the component's message.
        6 => {
            let m = on_message.unwrap_or(0);
            original(m);
            outcome.on(m)
        }
        // An update of the clicked message is an edit: it notifies nobody, and keeps the
        // message's ephemerality (resources/message#edit-message).
        7 => match check_message(fake, data, files) {
            Some(refused) => refused,
            None => {
                let m = on_message.unwrap_or(0);
                let was = fake.message(m).is_some_and(|s| s.ephemeral);
                fake.store_edit(m, channel, data, files);
                original(m);
                outcome.with_message(Vec::new(), was).on(m)
            }
        },
        8 => {
            let broken = limits::autocomplete(data);
            if broken.is_empty() {
                outcome
            } else {
                for b in broken {
                    fake.violation(b);
                }
                Outcome::error(400, 50035, "Invalid Form Body")
            }
        }
        _ => outcome.with_message(Vec::new(), ephemeral),
    }
}

/// The interaction a webhook token belongs to, if the token is still valid.
fn by_token(fake: &Fake, token: &str) -> Result<u64, Outcome> {
    let lifetime = fake.token_lifetime();
    let inner = fake.inner.lock().unwrap();
    let Some((id, it)) = inner.interactions.iter().find(|(_, i)| i.token == token) else {
        return Err(Outcome::error(404, 10015, "Unknown Webhook"));
    };
    if it.created.elapsed() > lifetime {
        return Err(Outcome::error(401, 50027, "Invalid Webhook Token"));
    }
    if it.state == Answered::No {
        // Nothing to follow up or edit before the initial response.
        return Err(Outcome::error(404, 10015, "Unknown Webhook"));
    }
    Ok(*id)
}

/// interactions/receiving-and-responding#create-followup-message: the first follow-up after a
/// defer fills in the "thinking" message, with the defer's flags (its own are ignored) and
/// no notification; later follow-ups are new messages.
fn followup(fake: &Fake, token: &str, json: &Value, files: &[String]) -> Outcome {
    let id = match by_token(fake, token) {
        Ok(id) => id,
        Err(o) => return o,
    };
    if let Some(refused) = check_message(fake, json, files) {
        return refused;
    }
    let mut inner = fake.inner.lock().unwrap();
    let it = inner.interactions.get_mut(&id).unwrap();
    let (user, channel, original) = (it.user, it.channel, it.original);
    match it.state {
        Answered::Deferred {
            ephemeral,
            resolved: false,
        } => {
            it.state = Answered::Deferred {
                ephemeral,
                resolved: true,
            };
            drop(inner);
            let m = original.unwrap_or(0);
            fake.store_edit(m, channel, json, files);
            Outcome::ok(message_json(m, channel, "", &[]))
                .with_message(Vec::new(), ephemeral)
                .on(m)
        }
        _ => {
            drop(inner);
            let ephemeral = flags_ephemeral(json);
            let who = if ephemeral {
                Vec::new()
            } else {
                notified(json)
            };
            let m = fake.store_new(channel, ephemeral, ephemeral.then_some(user), json, files);
            Outcome::ok(message_json(m, channel, "", &[]))
                .with_message(who, ephemeral)
                .on(m)
        }
    }
}

/// interactions/receiving-and-responding#edit-original-interaction-response: an edit, which
/// never notifies; after a defer it fills in the message with the defer's flags.
fn edit_original(fake: &Fake, token: &str, json: &Value, files: &[String]) -> Outcome {
    let id = match by_token(fake, token) {
        Ok(id) => id,
        Err(o) => return o,
    };
    if let Some(refused) = check_message(fake, json, files) {
        return refused;
    }
    let mut inner = fake.inner.lock().unwrap();
    let it = inner.interactions.get_mut(&id).unwrap();
    let (channel, original) = (it.channel, it.original);
    if let Answered::Deferred { ephemeral, .. } = it.state {
        it.state = Answered::Deferred {
            ephemeral,
            resolved: true,
        };
    }
    drop(inner);
    let m = original.unwrap_or(0);
    // The message keeps its ephemerality, whatever the edit says.
    let ephemeral = fake.message(m).is_some_and(|s| s.ephemeral);
    fake.store_edit(m, channel, json, files);
    Outcome::ok(message_json(m, channel, "", &[]))
        .with_message(Vec::new(), ephemeral)
        .on(m)
}

/// resources/channel#start-thread-without-message: refused in a channel where the bot lacks
/// Create Public Threads (403 50013), past the server's active threads (topics/threads; 400
/// 160006 "Maximum number of active threads reached", topics/opcodes-and-status-codes#json),
/// or too many at once in one channel (429, topics/rate-limits).
fn thread_refused(fake: &Fake, parent: u64) -> Option<Outcome> {
    let mut inner = fake.inner.lock().unwrap();
    let revoked = inner.revoked.get(&parent).copied().unwrap_or(0);
    let lacks = revoked & (super::VIEW_CHANNEL | super::CREATE_PUBLIC_THREADS) != 0;
    if parent == FORBIDDEN || inner.forbidden.contains(&parent) || lacks {
        return Some(Outcome::error(403, 50013, "Missing Permissions"));
    }
    let max = inner
        .max_active_threads
        .unwrap_or(super::MAX_ACTIVE_THREADS);
    let active = inner.threads.values().filter(|t| !t.2).count();
    if active >= max {
        return Some(Outcome::error(
            400,
            160006,
            "Maximum number of active threads reached",
        ));
    }
    let burst = inner.thread_burst.as_mut()?;
    let (per, window) = (burst.per_window, burst.window);
    let made = burst.made.entry(parent).or_default();
    let now = Instant::now();
    while made
        .front()
        .is_some_and(|t| now.duration_since(*t) >= window)
    {
        made.pop_front();
    }
    if made.len() >= per {
        let wait = window - now.duration_since(made[0]);
        return Some(Outcome::rate_limited(wait.as_secs_f64(), false));
    }
    made.push_back(now);
    None
}

/// The nonce of a message create, as Discord compares them (an integer or a string).
fn nonce_of(json: &Value) -> Option<String> {
    match &json["nonce"] {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// resources/message#create-message.
fn channel_message(fake: &Fake, c: &str, json: &Value, files: &[String]) -> Outcome {
    let channel: u64 = c.parse().unwrap_or(0);
    let inner = fake.inner.lock().unwrap();
    if inner.deleted.contains(&channel) {
        return Outcome::error(404, 10003, "Unknown Channel");
    }
    let revoked = inner.revoked.get(&channel).copied().unwrap_or(0);
    let lacks = revoked & (super::VIEW_CHANNEL | super::SEND_MESSAGES) != 0
        || (!files.is_empty() && revoked & super::ATTACH_FILES != 0);
    if channel == FORBIDDEN || inner.forbidden.contains(&channel) || lacks {
        return Outcome::error(403, 50013, "Missing Permissions");
    }
    if inner.threads.get(&channel).is_some_and(|t| t.2) {
        return Outcome::error(400, 50083, "Thread is archived");
    }
    let dm_to = inner.dms.get(&channel).copied();
    // topics/opcodes-and-status-codes#json: 50007 "Cannot send messages to this user", for
    // a user whose privacy settings refuse direct messages (the DM channel itself opens).
    if dm_to.is_some_and(|to| inner.closed_dms.contains(&to)) {
        return Outcome::error(403, 50007, "Cannot send messages to this user");
    }
    drop(inner);
    if let Some(refused) = check_message(fake, json, files) {
        return refused;
    }
    let nonce = nonce_of(json);
    // Issue 29: Discord answers 5xx after creating a message during incidents; only a nonce
    // with `enforce_nonce` keeps the retry from posting (and pinging) twice.
    if nonce.is_none() || json["enforce_nonce"] != json!(true) {
        fake.violation(format!(
            "a channel message without a nonce and enforce_nonce: {}",
            json["content"]
        ));
    }
    let mut inner = fake.inner.lock().unwrap();
    // "If another message was created by the same author with the same nonce, that message
    // will be returned and no new message will be created" (resources/message#create-message).
    if json["enforce_nonce"] == json!(true) {
        let first = inner.posted.iter().find(|p| {
            p.nonce.is_some() && p.nonce == nonce && p.at.elapsed() < super::NONCE_MEMORY
        });
        if let Some(p) = first {
            return Outcome {
                repeated: true,
                ..Outcome::ok(message_json(p.id, p.channel, "", &[]))
            };
        }
    }
    let id = fake.next_id();
    inner.posted.push(super::Posted {
        id,
        channel,
        nonce,
        at: Instant::now(),
    });
    drop(inner);
    fake.store_as(id, channel, false, None, json, files);
    // A direct message notifies its recipient; a channel message, its allowed mentions.
    let who = match dm_to {
        Some(to) => vec![to],
        None => notified(json),
    };
    Outcome::ok(message_json(id, channel, "", &[]))
        .with_message(who, false)
        .on(id)
}

pub(super) fn message_json(id: u64, channel: u64, content: &str, embeds: &[Value]) -> Value {
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
        let mut json = Value::Null;
        let mut files = Vec::new();
        let Ok(mut mp) = Multipart::from_request(req, &()).await else {
            return (json, files);
        };
        while let Ok(Some(field)) = mp.next_field().await {
            let name = field.name().unwrap_or("").to_string();
            let file_name = field.file_name().map(str::to_string);
            let data = field.bytes().await.unwrap_or_default();
            if name == "payload_json" {
                json = serde_json::from_slice(&data).unwrap_or(Value::Null);
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
