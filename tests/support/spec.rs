//! Requests held against Discord's own description of its API (`tests/data/discord-openapi.json`,
//! Discord's official OpenAPI 3.1 file): the route and method must exist, and the JSON body
//! (or the `payload_json` part of a multipart body) must validate against the operation's
//! request schema. What the description cannot express (name patterns of commands, the
//! 8,000-character budget, message limits) is checked in `limits.rs`.

use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex};

static SPEC: LazyLock<Spec> = LazyLock::new(Spec::load);

pub fn spec() -> &'static Spec {
    &SPEC
}

/// An operation's compiled request schema; `None` when it takes no JSON body.
type Compiled = Option<Arc<jsonschema::Validator>>;

pub struct Spec {
    root: Value,
    /// Path templates (`/channels/{channel_id}/messages`) split into segments.
    routes: Vec<(String, Vec<String>)>,
    validators: Mutex<HashMap<(String, String), Compiled>>,
}

impl Spec {
    fn load() -> Spec {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/discord-openapi.json"
        );
        let text = std::fs::read_to_string(path).expect("tests/data/discord-openapi.json");
        let root: Value = serde_json::from_str(&text).expect("the OpenAPI description is JSON");
        let routes = root["paths"]
            .as_object()
            .expect("paths")
            .keys()
            .map(|p| (p.clone(), segments(p)))
            .collect();
        Spec {
            root,
            routes,
            validators: Mutex::new(HashMap::new()),
        }
    }

    /// The route template matching `path` (without the `/api/v10` prefix), if any: literal
    /// segments must match exactly (`@me`, `@original`), `{param}` segments anything.
    fn route(&self, path: &str) -> Option<&str> {
        let got = segments(path);
        let mut best: Option<(&str, usize)> = None;
        for (template, want) in &self.routes {
            if want.len() != got.len() {
                continue;
            }
            let mut literals = 0;
            let fits = want.iter().zip(&got).all(|(w, g)| {
                if w.starts_with('{') {
                    true
                } else {
                    literals += 1;
                    w == g
                }
            });
            // The most literal template wins (`/users/@me` over `/users/{user_id}`).
            if fits && best.is_none_or(|(_, n)| literals > n) {
                best = Some((template, literals));
            }
        }
        best.map(|(t, _)| t)
    }

    /// What is wrong with this request by Discord's description, if anything.
    pub fn check(&self, method: &str, path: &str, body: &Value) -> Vec<String> {
        let Some(template) = self.route(path) else {
            return vec![format!("{method} {path}: no such route in Discord's API")];
        };
        let m = method.to_ascii_lowercase();
        let op = &self.root["paths"][template][&m];
        if op.is_null() {
            return vec![format!("{method} {path}: {template} has no {method}")];
        }
        let Some(validator) = self.validator(template, &m) else {
            return Vec::new();
        };
        if body.is_null() {
            let required = op["requestBody"]["required"].as_bool().unwrap_or(false);
            return if required {
                vec![format!("{method} {template}: a body is required")]
            } else {
                Vec::new()
            };
        }
        let body = &lenient(body);
        // Most requests are valid: the yes-or-no check stops at the first branch of each
        // `anyOf`/`oneOf` that fits, where listing errors tries every branch (under load, the
        // fake's largest cost after the network).
        if validator.is_valid(body) {
            return Vec::new();
        }
        validator
            .iter_errors(body)
            .take(5)
            .map(|e| {
                format!(
                    "{method} {template}: {} at {} (body {})",
                    e,
                    e.instance_path,
                    short(body)
                )
            })
            .collect()
    }

    /// The compiled request schema of an operation (cached), `None` when it takes no JSON.
    fn validator(&self, template: &str, method: &str) -> Option<Arc<jsonschema::Validator>> {
        let key = (template.to_string(), method.to_string());
        if let Some(v) = self.validators.lock().unwrap().get(&key) {
            return v.clone();
        }
        let schema = &self.root["paths"][template][method]["requestBody"]["content"]
            ["application/json"]["schema"];
        let compiled = (!schema.is_null()).then(|| {
            // The operation's schema with the description's components beside it, so that
            // its `#/components/schemas/..` references resolve.
            let mut doc = schema.clone();
            if let Some(obj) = doc.as_object_mut() {
                obj.insert("components".into(), self.root["components"].clone());
                obj.insert(
                    "$schema".into(),
                    json!("https://json-schema.org/draft/2020-12/schema"),
                );
            }
            let v = jsonschema::options()
                .with_draft(jsonschema::Draft::Draft202012)
                .build(&doc)
                .unwrap_or_else(|e| panic!("schema of {method} {template} compiles: {e}"));
            Arc::new(v)
        });
        self.validators
            .lock()
            .unwrap()
            .insert(key, compiled.clone());
        compiled
    }
}

/// The one place the fake is more lenient than the description: serenity sends the ids of
/// new attachments as JSON integers (`{"id": 0, "filename": ..}`), where the description
/// says snowflake strings. Real Discord accepts them (every serenity bot that uploads a file
/// sends them so), and the bot cannot choose otherwise, so they are read as strings here.
fn lenient(body: &Value) -> Value {
    fn strings(msg: &mut Value) {
        if let Some(list) = msg.get_mut("attachments").and_then(Value::as_array_mut) {
            for a in list {
                if let Some(n) = a.get("id").and_then(Value::as_u64) {
                    a["id"] = Value::String(n.to_string());
                }
            }
        }
    }
    let mut b = body.clone();
    strings(&mut b);
    if let Some(data) = b.get_mut("data") {
        strings(data);
    }
    b
}

fn segments(path: &str) -> Vec<String> {
    path.trim_matches('/')
        .split('/')
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

fn short(v: &Value) -> String {
    let s = v.to_string();
    if s.len() > 300 {
        format!("{}…", &s[..s.floor_char_boundary(300)])
    } else {
        s
    }
}
