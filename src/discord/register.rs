//! Registers the slash commands only when they changed: Discord rate-limits registrations
//! (200 a day per server) and a global one takes up to an hour to reach every client, so a
//! restart with the same commands must not re-register them.

use super::commands::{create_command, CommandDef};
use serde_json::{Map, Value};
use serenity::all::{CreateCommand, GuildId, Http};

/// Keys of a command or option that define it; everything else Discord adds (ids, versions,
/// defaults) is left out of the comparison.
const KEYS: &[&str] = &[
    "name",
    "name_localizations",
    "description",
    "description_localizations",
    "type",
    "required",
    "choices",
    "options",
    "autocomplete",
    "min_value",
    "max_value",
    "min_length",
    "max_length",
    "value",
];

/// A command as JSON reduced to what defines it, with Discord's defaults dropped so that an
/// omitted key and its default compare equal.
pub fn normalise(command: &Value) -> Value {
    let mut v = reduce(command);
    // Top-level commands default to type 1 (chat input); options always carry their type.
    if let Value::Object(m) = &mut v {
        if m.get("type").and_then(Value::as_u64) == Some(1) {
            m.remove("type");
        }
    }
    v
}

fn reduce(v: &Value) -> Value {
    match v {
        Value::Object(obj) => {
            let mut out = Map::new();
            for k in KEYS {
                let Some(x) = obj.get(*k) else { continue };
                match (*k, x) {
                    (_, Value::Null) => {}
                    ("required" | "autocomplete", Value::Bool(false)) => {}
                    ("options" | "choices", Value::Array(a)) if a.is_empty() => {}
                    ("name_localizations" | "description_localizations", Value::Object(m))
                        if m.is_empty() => {}
                    _ => {
                        out.insert(k.to_string(), reduce(x));
                    }
                }
            }
            Value::Object(out)
        }
        Value::Array(a) => Value::Array(a.iter().map(reduce).collect()),
        other => other.clone(),
    }
}

/// The registrations of `defs`, sorted by name as Discord lists them.
pub fn desired(defs: &[CommandDef]) -> Vec<CreateCommand> {
    defs.iter().map(create_command).collect()
}

fn sorted_normal(values: Vec<Value>) -> Vec<Value> {
    let mut out: Vec<Value> = values.iter().map(normalise).collect();
    out.sort_by(|a, b| a["name"].as_str().cmp(&b["name"].as_str()));
    out
}

/// Whether the registered commands differ from the wanted ones.
pub fn changed(wanted: &[CreateCommand], registered: &[Value]) -> bool {
    let wanted: Vec<Value> = wanted
        .iter()
        .map(|c| serde_json::to_value(c).unwrap_or(Value::Null))
        .collect();
    sorted_normal(wanted) != sorted_normal(registered.to_vec())
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Registration {
    Unchanged,
    Registered,
}

/// Compares with what Discord has (globally, or in `guild`) and overwrites it if it differs.
pub async fn register(
    http: &Http,
    guild: Option<GuildId>,
    defs: &[CommandDef],
) -> Result<Registration, serenity::Error> {
    let wanted = desired(defs);
    let registered = match guild {
        Some(g) => http.get_guild_commands_with_localizations(g).await?,
        None => http.get_global_commands_with_localizations().await?,
    };
    let registered: Vec<Value> = registered
        .iter()
        .map(|c| serde_json::to_value(c).unwrap_or(Value::Null))
        .collect();
    if !changed(&wanted, &registered) {
        return Ok(Registration::Unchanged);
    }
    match guild {
        Some(g) => {
            g.set_commands(http, wanted).await?;
        }
        None => {
            serenity::all::Command::set_global_commands(http, wanted).await?;
        }
    }
    Ok(Registration::Registered)
}
