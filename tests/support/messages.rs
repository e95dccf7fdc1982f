//! Messages as Discord keeps them, so that a test can act on what a user sees: the components
//! of a message (a button pressed, an option chosen in a select menu) and every version of a
//! message that was edited or updated in place.
//!
//! - A message is made by an interaction's answer (type 4, or the "thinking" message of a
//!   type 5), a follow-up, or a channel post; it is changed in place by the edit of
//!   `@original`, the follow-up that fills a type 5 defer, and UPDATE_MESSAGE (type 7), which
//!   "for components, edit[s] the message the component was attached to"
//!   (interactions/receiving-and-responding#interaction-response-object-interaction-callback-type).
//! - An edit replaces the fields it sends and keeps the others; attachments are kept unless
//!   `attachments` is sent, which then lists those to keep (by id) and the new ones
//!   (resources/message#edit-message: "any attachments not in the list will be removed").
//! - An ephemeral message is seen by its interaction's user only; its components still work,
//!   and the interaction they make carries the message (interactions/receiving-and-responding
//!   #interaction-object, `message`: "for components, the message they were attached to"; the
//!   ephemeral select of quick-start/getting-started).
//! - Users can only press what a message shows and choose the options a select offers.

use super::{Fake, User};
use serde_json::{json, Value};

/// A message of the bot.
#[derive(Clone, Debug)]
pub struct Stored {
    pub id: u64,
    pub channel: u64,
    pub ephemeral: bool,
    /// Who sees an ephemeral message: the user of the interaction that made it.
    pub owner: Option<u64>,
    /// Every version (content, embeds, components, attachments), the first one first.
    pub versions: Vec<Value>,
}

impl Stored {
    pub fn now(&self) -> &Value {
        self.versions.last().expect("a message has a version")
    }

    /// The text a user reads: the content, then the embeds' descriptions.
    pub fn text(&self) -> String {
        text_of(self.now())
    }

    /// The selects and buttons the message shows now, as (type, custom id, option values).
    pub fn components(&self) -> Vec<(u64, String, Vec<String>)> {
        components_of(self.now())
    }

    pub fn attachments(&self) -> Vec<String> {
        self.now()["attachments"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|a| a["filename"].as_str().map(str::to_string))
            .collect()
    }

    /// The descriptions of its attachments (alt text), "" for one without.
    pub fn descriptions(&self) -> Vec<String> {
        self.now()["attachments"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|a| a["description"].as_str().unwrap_or("").to_string())
            .collect()
    }

    /// The message as an interaction carries it (a [message object]: ids as strings, the
    /// ephemeral flag, components and attachments as they are now).
    fn payload(&self) -> Value {
        let now = self.now();
        let mut m = super::rest::message_json(self.id, self.channel, "", &[]);
        m["content"] = now["content"].clone();
        m["embeds"] = now["embeds"].clone();
        m["components"] = now["components"].clone();
        m["attachments"] = now["attachments"].clone();
        m["flags"] = json!(if self.ephemeral { 64 } else { 0 });
        m
    }
}

pub fn text_of(m: &Value) -> String {
    let mut out = m["content"].as_str().unwrap_or("").to_string();
    for e in m["embeds"].as_array().into_iter().flatten() {
        if let Some(d) = e["description"].as_str() {
            out.push('\n');
            out.push_str(d);
        }
    }
    out
}

pub fn components_of(m: &Value) -> Vec<(u64, String, Vec<String>)> {
    let mut out = Vec::new();
    for row in m["components"].as_array().into_iter().flatten() {
        for c in row["components"].as_array().into_iter().flatten() {
            let values = c["options"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|o| o["value"].as_str().map(str::to_string))
                .collect();
            out.push((
                c["type"].as_u64().unwrap_or(0),
                c["custom_id"].as_str().unwrap_or("").to_string(),
                values,
            ));
        }
    }
    out
}

/// resources/message#attachment-object, for a file the bot uploaded.
fn attachment(fake: &Fake, channel: u64, name: &str) -> Value {
    let id = fake.next_id();
    let url = format!("https://cdn.discordapp.com/attachments/{channel}/{id}/{name}");
    json!({"id": id.to_string(), "filename": name, "size": 0, "url": url, "proxy_url": url})
}

fn empty() -> Value {
    json!({"content": "", "embeds": [], "components": [], "attachments": []})
}

/// `body` applied to the version `was`, as Discord applies a create or an edit.
fn apply(fake: &Fake, channel: u64, was: &Value, body: &Value, files: &[String]) -> Value {
    let mut now = was.clone();
    for key in ["content", "embeds", "components"] {
        if let Some(v) = body.get(key).filter(|v| !v.is_null()) {
            now[key] = v.clone();
        }
    }
    let kept: Vec<Value> = match body.get("attachments").and_then(Value::as_array) {
        // Those listed by the id of an attachment the message has are kept; the others
        // describe the files uploaded with this request.
        Some(listed) => {
            let old = was["attachments"].as_array().cloned().unwrap_or_default();
            listed
                .iter()
                .filter_map(|a| {
                    let id = a["id"]
                        .as_str()
                        .map(str::to_string)
                        .or_else(|| a["id"].as_u64().map(|n| n.to_string()))?;
                    old.iter().find(|o| o["id"] == json!(id)).cloned()
                })
                .collect()
        }
        None => was["attachments"].as_array().cloned().unwrap_or_default(),
    };
    let mut all = kept;
    // A new file's description comes in the body's `attachments` entry of its name
    // (resources/message#attachment-object: `description`, for screen readers).
    let described = |f: &String| {
        let listed = body.get("attachments").and_then(Value::as_array);
        let entry = listed.and_then(|l| l.iter().find(|a| a["filename"].as_str() == Some(f)));
        entry
            .map(|a| a["description"].clone())
            .unwrap_or(Value::Null)
    };
    all.extend(files.iter().map(|f| {
        let mut a = attachment(fake, channel, f);
        if let Some(d) = described(f).as_str() {
            a["description"] = json!(d);
        }
        a
    }));
    now["attachments"] = Value::Array(all);
    now
}

impl Fake {
    /// A new message; its id.
    pub(super) fn store_new(
        &self,
        channel: u64,
        ephemeral: bool,
        owner: Option<u64>,
        body: &Value,
        files: &[String],
    ) -> u64 {
        let id = self.next_id();
        self.store_as(id, channel, ephemeral, owner, body, files);
        id
    }

    /// A new message with the id `id` (a channel post answered with it).
    pub(super) fn store_as(
        &self,
        id: u64,
        channel: u64,
        ephemeral: bool,
        owner: Option<u64>,
        body: &Value,
        files: &[String],
    ) {
        let first = apply(self, channel, &empty(), body, files);
        self.inner.lock().unwrap().messages.insert(
            id,
            Stored {
                id,
                channel,
                ephemeral,
                owner,
                versions: vec![first],
            },
        );
    }

    /// Message `id` edited in place (a message the fake never kept, such as the made-up one
    /// [`Fake::click`] sends, is kept from now on).
    pub(super) fn store_edit(&self, id: u64, channel: u64, body: &Value, files: &[String]) {
        let was = self
            .inner
            .lock()
            .unwrap()
            .messages
            .get(&id)
            .map(|m| m.now().clone());
        let Some(was) = was else {
            self.store_as(id, channel, false, None, body, files);
            return;
        };
        let next = apply(self, channel, &was, body, files);
        if let Some(m) = self.inner.lock().unwrap().messages.get_mut(&id) {
            m.versions.push(next);
        }
        self.changed.notify_waiters();
    }

    /// Message `id` as Discord keeps it now, with its history.
    pub fn message(&self, id: u64) -> Option<Stored> {
        self.inner.lock().unwrap().messages.get(&id).cloned()
    }

    /// Messages of the bot in `channel` that `user` sees (public ones and their own private
    /// ones), oldest first.
    pub fn messages_seen_by(&self, channel: u64, user: u64) -> Vec<Stored> {
        let mut out: Vec<Stored> = self
            .inner
            .lock()
            .unwrap()
            .messages
            .values()
            .filter(|m| m.channel == channel && (!m.ephemeral || m.owner == Some(user)))
            .cloned()
            .collect();
        out.sort_by_key(|m| m.id);
        out
    }

    /// The message `user` acts on, refusing what Discord's client would not let them do: a
    /// message they cannot see, a component it does not show.
    fn acted_on(&self, user: &User, message: u64, custom_id: &str, kind: u64) -> Stored {
        let m = self
            .message(message)
            .unwrap_or_else(|| panic!("no message {message} to act on"));
        assert!(
            !m.ephemeral || m.owner == Some(user.id),
            "{} cannot see the private message {message}",
            user.name
        );
        let shown = m.components();
        assert!(
            shown.iter().any(|(k, id, _)| *k == kind && id == custom_id),
            "message {message} shows no component {custom_id:?} of type {kind}: {shown:?}"
        );
        m
    }

    /// `user` chooses `value` in the string select `custom_id` of message `message`: a
    /// MESSAGE_COMPONENT interaction (type 3) whose data has `component_type` 3 and the chosen
    /// `values` (interactions/receiving-and-responding#interaction-object-message-component-data-structure).
    pub fn choose(
        &self,
        user: &User,
        place: &super::Place,
        message: u64,
        custom_id: &str,
        value: &str,
    ) -> u64 {
        let m = self.acted_on(user, message, custom_id, 3);
        let offered = m
            .components()
            .into_iter()
            .find(|(_, id, _)| id == custom_id)
            .map(|(_, _, values)| values)
            .unwrap_or_default();
        assert!(
            offered.iter().any(|v| v == value),
            "the select {custom_id:?} offers no {value:?}: {offered:?}"
        );
        let (id, mut v) = self.interaction_base(3, user, place);
        v["data"] = json!({"custom_id": custom_id, "component_type": 3, "values": [value]});
        v["message"] = m.payload();
        self.dispatch(v);
        id
    }

    /// `user` presses the button `custom_id` of message `message` (component type 2).
    pub fn press(&self, user: &User, place: &super::Place, message: u64, custom_id: &str) -> u64 {
        let m = self.acted_on(user, message, custom_id, 2);
        let (id, mut v) = self.interaction_base(3, user, place);
        v["data"] = json!({"custom_id": custom_id, "component_type": 2});
        v["message"] = m.payload();
        self.dispatch(v);
        id
    }
}
