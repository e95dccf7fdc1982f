//! Discord's documented limits that its OpenAPI description does not express, checked on
//! every request the fake receives. Each rule cites the page of Discord's developer
//! documentation it comes from (https://discord.com/developers/docs/...).

use regex::Regex;
use serde_json::Value;
use std::sync::LazyLock;

/// interactions/application-commands#application-command-object-application-command-naming:
/// 1-32 characters of letters, numbers, `-_'` and Devanagari or Thai; lower case where a
/// letter has a lower-case form.
static NAME: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^[-_'\p{L}\p{N}\p{Devanagari}\p{Thai}]{1,32}$").expect("name pattern")
});

/// reference#locales: the locale keys Discord accepts in `*_localizations`.
const LOCALES: &[&str] = &[
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl",
    "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th",
    "zh-CN", "ja", "zh-TW", "ko",
];

fn chars(v: &Value) -> usize {
    v.as_str().map_or(0, |s| s.chars().count())
}

/// application-commands#application-command-object: a bulk overwrite's commands.
pub fn commands(list: &Value) -> Vec<String> {
    let mut out = Vec::new();
    let Some(cmds) = list.as_array() else {
        return vec!["a command overwrite is a JSON array".into()];
    };
    if cmds.len() > 100 {
        out.push(format!("{} commands: at most 100 of a type", cmds.len()));
    }
    for c in cmds {
        let name = c["name"].as_str().unwrap_or("");
        command(c, name, &mut out);
    }
    out
}

fn command(c: &Value, name: &str, out: &mut Vec<String>) {
    check_name(name, "command", out);
    check_description(&c["description"], &format!("/{name}"), out);
    check_localizations(c, &format!("/{name}"), false, out);
    options(&c["options"], name, out);
    // "Combined name, description, and value properties for a command, including
    // subcommands and options, is limited to 8000 characters" (per locale).
    let mut budgets = vec![None];
    budgets.extend(LOCALES.iter().map(|l| Some(*l)));
    for locale in budgets {
        let n = budget(c, locale);
        if n > 8000 {
            out.push(format!(
                "/{name}: {n} characters in locale {locale:?}, over 8,000"
            ));
        }
    }
}

fn budget(v: &Value, locale: Option<&str>) -> usize {
    let text = |key: &str| -> usize {
        let local = locale.and_then(|l| v[format!("{key}_localizations")][l].as_str());
        local.map_or_else(|| chars(&v[key]), |s| s.chars().count())
    };
    let mut n = text("name") + text("description");
    if let Some(value) = v.get("value") {
        n += value
            .as_str()
            .map_or_else(|| value.to_string().len(), |s| s.chars().count());
    }
    for key in ["options", "choices"] {
        for o in v[key].as_array().into_iter().flatten() {
            n += budget(o, locale);
        }
    }
    n
}

fn check_name(name: &str, what: &str, out: &mut Vec<String>) {
    if !NAME.is_match(name) {
        out.push(format!(
            "{what} name {name:?} breaks Discord's naming pattern"
        ));
    }
    if name.to_lowercase() != name {
        out.push(format!("{what} name {name:?} is not lower case"));
    }
}

fn check_description(d: &Value, what: &str, out: &mut Vec<String>) {
    let n = chars(d);
    if !(1..=100).contains(&n) {
        out.push(format!("{what}: a description of {n} characters (1-100)"));
    }
}

/// Commands and options: names follow the naming pattern (32 characters); a choice's name is
/// free text of 1-100 characters, and so are its localised names
/// (application-commands#application-command-object-application-command-option-choice-structure).
fn check_localizations(v: &Value, what: &str, choice: bool, out: &mut Vec<String>) {
    for key in ["name_localizations", "description_localizations"] {
        for (locale, text) in v[key].as_object().into_iter().flatten() {
            if !LOCALES.contains(&locale.as_str()) {
                out.push(format!(
                    "{what}: {key} has {locale:?}, not a Discord locale"
                ));
            }
            let n = chars(text);
            let max = if key.starts_with("name") && !choice {
                32
            } else {
                100
            };
            if n == 0 || n > max {
                out.push(format!(
                    "{what}: {key}[{locale}] of {n} characters (1-{max})"
                ));
            }
            if key.starts_with("name") && !choice {
                check_name(
                    text.as_str().unwrap_or(""),
                    &format!("{what} [{locale}]"),
                    out,
                );
            }
        }
    }
}

fn options(opts: &Value, command: &str, out: &mut Vec<String>) {
    let Some(list) = opts.as_array() else { return };
    if list.len() > 25 {
        out.push(format!("/{command}: {} options, at most 25", list.len()));
    }
    let mut optional_seen = false;
    for o in list {
        let name = o["name"].as_str().unwrap_or("");
        let what = format!("/{command} {name}");
        check_name(name, "option", out);
        check_description(&o["description"], &what, out);
        check_localizations(o, &what, false, out);
        let required = o["required"].as_bool().unwrap_or(false);
        if required && optional_seen {
            out.push(format!("{what}: a required option after an optional one"));
        }
        optional_seen |= !required;
        let choices = o["choices"].as_array().map_or(0, Vec::len);
        if choices > 25 {
            out.push(format!("{what}: {choices} choices, at most 25"));
        }
        if choices > 0 && o["autocomplete"].as_bool() == Some(true) {
            out.push(format!("{what}: autocomplete together with choices"));
        }
        for c in o["choices"].as_array().into_iter().flatten() {
            let n = chars(&c["name"]);
            if !(1..=100).contains(&n) {
                out.push(format!("{what}: a choice name of {n} characters (1-100)"));
            }
            check_localizations(c, &what, true, out);
        }
        options(&o["options"], command, out);
    }
}

/// resources/message#create-message (and the interaction response and webhook payloads that
/// share its fields): content, embeds, components, attachments.
pub fn message(m: &Value, files: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    let content = m["content"].as_str().unwrap_or("");
    let units = content.encode_utf16().count();
    if units > 2000 {
        out.push(format!("content of {units} characters, over 2,000"));
    }
    let embeds = m["embeds"].as_array().cloned().unwrap_or_default();
    if embeds.len() > 10 {
        out.push(format!("{} embeds, at most 10", embeds.len()));
    }
    // resources/message#embed-object-embed-limits.
    let mut total = 0;
    for e in &embeds {
        for (field, max) in [("title", 256), ("description", 4096)] {
            let n = chars(&e[field]);
            total += n;
            if n > max {
                out.push(format!("embed {field} of {n} characters, over {max}"));
            }
        }
        let fields = e["fields"].as_array().map_or(0, Vec::len);
        if fields > 25 {
            out.push(format!("{fields} embed fields, at most 25"));
        }
        total += chars(&e["footer"]["text"]) + chars(&e["author"]["name"]);
        for url in [&e["image"]["url"], &e["thumbnail"]["url"]] {
            if let Some(name) = url.as_str().and_then(|u| u.strip_prefix("attachment://")) {
                if !files.iter().any(|f| f == name) {
                    out.push(format!(
                        "an embed shows attachment://{name}, which is not sent"
                    ));
                }
            }
        }
    }
    if total > 6000 {
        out.push(format!("embeds of {total} characters in all, over 6,000"));
    }
    components(m, &mut out);
    // resources/message#allowed-mentions-object: `users` with `parse: ["users"]` is an error.
    let am = &m["allowed_mentions"];
    let parses_users = am["parse"]
        .as_array()
        .is_some_and(|p| p.iter().any(|x| x == "users"));
    if parses_users && am["users"].as_array().is_some_and(|u| !u.is_empty()) {
        out.push("allowed_mentions has both parse users and a users list".into());
    }
    out
}

/// components/reference: at most 5 action rows; a row holds up to 5 buttons or one select
/// (#action-row: "Up to 5 contextually grouped buttons" or "a single select component"); a
/// custom id of 1-100 characters, unique in its message (#anatomy-of-a-component: "Multiple
/// components on the same message must not share the same custom_id"); a button label of at
/// most 80 characters (#button); a string select (#string-select) with 1-25 options whose
/// labels and values are 1-100 characters, descriptions at most 100, a placeholder at most
/// 150, and values unique within it (Discord answers 50035 with
/// `SELECT_COMPONENT_OPTION_VALUE_DUPLICATED`, "The specified option value is already used", as
/// seen in Sayrix/Ticket-Bot#346 and Crownicles/Crownicles#3908).
fn components(m: &Value, out: &mut Vec<String>) {
    let rows = m["components"].as_array().cloned().unwrap_or_default();
    if rows.len() > 5 {
        out.push(format!("{} action rows, at most 5", rows.len()));
    }
    let mut ids: Vec<String> = Vec::new();
    for row in &rows {
        let items = row["components"].as_array().cloned().unwrap_or_default();
        let selects = items.iter().filter(|c| c["type"] != 2).count();
        if selects > 0 && items.len() > 1 {
            out.push(format!(
                "a select shares its action row with {} other components",
                items.len() - 1
            ));
        }
        if items.len() > 5 {
            out.push(format!("{} buttons in a row, at most 5", items.len()));
        }
        for c in &items {
            let link = c["type"] == 2 && c["style"].as_u64() == Some(5);
            if !link {
                let id = c["custom_id"].as_str().unwrap_or("");
                let n = id.chars().count();
                if !(1..=100).contains(&n) {
                    out.push(format!("a custom_id of {n} characters (1-100)"));
                }
                if ids.iter().any(|i| i == id) {
                    out.push(format!("the custom_id {id:?} twice in one message"));
                }
                ids.push(id.to_string());
            }
            match c["type"].as_u64() {
                Some(2) => {
                    let label = chars(&c["label"]);
                    if label > 80 {
                        out.push(format!("a button label of {label} characters, over 80"));
                    }
                }
                Some(3) => string_select(c, out),
                other => out.push(format!("a component of type {other:?} in a message")),
            }
        }
    }
}

fn string_select(c: &Value, out: &mut Vec<String>) {
    let what = format!("the select {}", c["custom_id"]);
    let placeholder = chars(&c["placeholder"]);
    if placeholder > 150 {
        out.push(format!(
            "{what}: a placeholder of {placeholder} characters, over 150"
        ));
    }
    let options = c["options"].as_array().cloned().unwrap_or_default();
    if !(1..=25).contains(&options.len()) {
        out.push(format!("{what}: {} options (1-25)", options.len()));
    }
    let mut values: Vec<&str> = Vec::new();
    for o in &options {
        for field in ["label", "value"] {
            let n = chars(&o[field]);
            if !(1..=100).contains(&n) {
                out.push(format!(
                    "{what}: an option {field} of {n} characters (1-100)"
                ));
            }
        }
        let d = chars(&o["description"]);
        if d > 100 {
            out.push(format!(
                "{what}: an option description of {d} characters, over 100"
            ));
        }
        let v = o["value"].as_str().unwrap_or("");
        if values.contains(&v) {
            out.push(format!("{what}: the value {v:?} twice"));
        }
        values.push(v);
    }
}

/// interactions/receiving-and-responding#interaction-response-object-autocomplete: at most
/// 25 choices, names 1-100 characters.
pub fn autocomplete(data: &Value) -> Vec<String> {
    let mut out = Vec::new();
    let choices = data["choices"].as_array().cloned().unwrap_or_default();
    if choices.len() > 25 {
        out.push(format!(
            "{} autocomplete choices, at most 25",
            choices.len()
        ));
    }
    for c in &choices {
        let n = chars(&c["name"]);
        if !(1..=100).contains(&n) {
            out.push(format!(
                "an autocomplete choice name of {n} characters (1-100)"
            ));
        }
        if c["value"].as_str().is_some_and(|v| v.chars().count() > 100) {
            out.push("an autocomplete choice value over 100 characters".into());
        }
    }
    out
}
