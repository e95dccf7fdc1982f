//! The documents that describe the code are kept true by these tests:
//!
//! - `docs/architecture.md` names only `src/` paths that exist, and names every folder of
//!   `src/` (so a new folder comes with a line saying what it holds);
//! - `docs/hosting.md` names every key of `config.example.toml` with its table, active or
//!   commented out, on one line (a row of its configuration table).

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &str) -> String {
    fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("cannot read {path}: {e}"))
}

/// Characters a path is written with.
fn in_path(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '/' | '_' | '-' | '.')
}

/// Every `src/...` path `text` names, without a trailing `/` or a sentence's full stop.
fn src_paths(text: &str) -> BTreeSet<String> {
    let mut paths = BTreeSet::new();
    let mut from = 0;
    while let Some(found) = text[from..].find("src/") {
        let at = from + found;
        from = at + "src/".len();
        // Part of a longer path (`benches/src/`): not a path of this crate's `src/`.
        if text[..at].chars().next_back().is_some_and(in_path) {
            continue;
        }
        let tail = &text[at..];
        let end = tail.find(|c: char| !in_path(c)).unwrap_or(tail.len());
        let path = tail[..end].trim_end_matches(['.', '/']);
        if path != "src" {
            paths.insert(path.to_string());
        }
    }
    paths
}

/// Every folder under `dir`, as a path relative to the crate's root (`src/table/cmd`).
fn folders_under(dir: &Path, out: &mut Vec<String>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            let relative = path.strip_prefix(root()).expect("under the crate's root");
            out.push(relative.to_string_lossy().replace('\\', "/"));
            folders_under(&path, out);
        }
    }
}

#[test]
fn the_architecture_document_names_every_folder_of_src_and_nothing_else() {
    let doc = read("docs/architecture.md");
    let named = src_paths(&doc);
    let missing: Vec<&String> = named.iter().filter(|p| !root().join(p).exists()).collect();
    let mut folders = Vec::new();
    folders_under(&root().join("src"), &mut folders);
    let unnamed: Vec<&String> = folders.iter().filter(|f| !named.contains(*f)).collect();
    let mut problems = Vec::new();
    if !missing.is_empty() {
        problems.push(format!(
            "docs/architecture.md names paths that do not exist: {}",
            list(&missing)
        ));
    }
    if !unnamed.is_empty() {
        problems.push(format!(
            "docs/architecture.md does not name these folders of src/ (write each as \
             `src/.../` with what it holds): {}",
            list(&unnamed)
        ));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(
        named.len() >= folders.len(),
        "the document was read: {named:?}"
    );
}

fn list(items: &[&String]) -> String {
    items
        .iter()
        .map(|s| s.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// A key of `config.example.toml`: its table as the documents write it (a quoted id such as
/// `"123456789012345678"` written `"ID"`), its name, and its line in the file.
#[derive(Debug)]
struct Key {
    table: String,
    name: String,
    line: usize,
}

/// `[discord.servers."123"]` -> `discord.servers."ID"`.
fn table_name(header: &str) -> String {
    let mut out = String::new();
    for (i, part) in header.split('"').enumerate() {
        out.push_str(if i % 2 == 1 { "\"ID\"" } else { part });
    }
    out
}

/// The name of a `key = value` line (without its comment sign), if it is one.
fn key_of(line: &str) -> Option<&str> {
    let (name, value) = line.split_once('=')?;
    let name = name.trim();
    let is_name = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-');
    (is_name && !value.trim().is_empty()).then_some(name)
}

/// Every key of the example configuration: its active `key = value` lines, and the keys of a
/// table that is shown commented out (`# [discord.servers."..."]` then `# threads = true`).
fn example_keys(text: &str) -> Vec<Key> {
    let mut keys = Vec::new();
    let mut table = String::new();
    // Whether the current table is itself commented out, so that its keys are too.
    let mut commented_table = false;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        let (commented, body) = match line.strip_prefix('#') {
            Some(rest) => (true, rest.trim()),
            None => (false, line),
        };
        if body.starts_with('[') && body.ends_with(']') {
            table = table_name(body.trim_start_matches('[').trim_end_matches(']'));
            commented_table = commented;
            continue;
        }
        if commented && !commented_table {
            continue; // prose
        }
        if let Some(name) = key_of(body) {
            keys.push(Key {
                table: table.clone(),
                name: name.to_string(),
                line: i + 1,
            });
        }
    }
    keys
}

#[test]
fn the_hosting_document_names_every_configuration_key_with_its_table() {
    let example = read("config.example.toml");
    let doc = read("docs/hosting.md");
    let keys = example_keys(&example);
    assert!(keys.len() >= 10, "config.example.toml was read: {keys:?}");
    let missing: Vec<String> = keys
        .iter()
        .filter(|k| {
            let table = format!("[{}]", k.table);
            let key = format!("`{}`", k.name);
            !doc.lines()
                .any(|l| l.contains(&key) && (k.table.is_empty() || l.contains(&table)))
        })
        .map(|k| {
            format!(
                "[{}] {} (config.example.toml line {})",
                k.table, k.name, k.line
            )
        })
        .collect();
    assert!(
        missing.is_empty(),
        "docs/hosting.md does not name these keys of config.example.toml (give each a row of \
         its configuration table: a line holding `[table]` and `key`, its default and what it \
         does):\n  {}",
        missing.join("\n  ")
    );
}

#[test]
fn paths_and_keys_are_read_as_written() {
    let paths = src_paths(
        "`src/table/` and src/store/db/mod.rs. Not benches/src/x, nor `src/`; (src/ai/).",
    );
    let paths: Vec<&str> = paths.iter().map(String::as_str).collect();
    assert_eq!(paths, ["src/ai", "src/store/db/mod.rs", "src/table"]);
    let keys = example_keys(
        "# prose = not a key\n[a]\nx = 1\n# y = 2\n# [a.b.\"42\"]\n# z = true\n[c]\nw = \"\"\n",
    );
    let keys: Vec<String> = keys
        .iter()
        .map(|k| format!("[{}] {}", k.table, k.name))
        .collect();
    assert_eq!(keys, ["[a] x", "[a.b.\"ID\"] z", "[c] w"]);
}
