//! Issue 41: no file under `src/table/cmd/` names another file under it but the registry
//! (`cmd/mod.rs`, which lists them all), and no command calls a method defined in another
//! command's file. What several commands need lives
//! a floor below (`table/running.rs`, `table/followers.rs`, ...), where a reader of one
//! command finds it without reading another.

use super::lex::tokens;
use super::resolve::edges;
use std::collections::{BTreeMap, BTreeSet};

const CMD: &str = "table/cmd/";

/// The registry: the one file that names every command's file (and that a command's test may
/// read, as `/help`'s does, to know every command).
const REGISTRY: &str = "table/cmd/mod.rs";

/// Every import from one file under `cmd/` to another, as `from -> to: line path`; the
/// registry aside.
pub fn imports(files: &[(String, String)]) -> Vec<String> {
    edges(files)
        .into_iter()
        .filter(|e| e.from.starts_with(CMD) && e.to.starts_with(CMD) && e.from != e.to)
        .filter(|e| e.from != REGISTRY && e.to != REGISTRY)
        .map(|e| format!("src/{} -> src/{}: line {} {}", e.from, e.to, e.line, e.path))
        .collect()
}

/// A file's code without its test module (tests drive the service as a transport does).
fn code(src: &str) -> &str {
    src.find("#[cfg(test)]").map_or(src, |i| &src[..i])
}

/// Every `self.m(` under `cmd/` where `m` is a method (it takes `self`) defined in another
/// file under `cmd/` and not in the caller's own, as `caller -> defining file: m`, once each.
/// Read from the tokens, not resolved by type: a `self` method of another type with the same
/// name in another cmd file would count too, which `cmd/` does not have.
pub fn calls(files: &[(String, String)]) -> Vec<String> {
    let cmd: Vec<_> = files.iter().filter(|(f, _)| f.starts_with(CMD)).collect();
    let mut defined: BTreeMap<String, BTreeSet<&str>> = BTreeMap::new();
    for (file, src) in &cmd {
        let t = tokens(code(src));
        for i in 0..t.len().saturating_sub(1) {
            if !(t[i].is("fn") && t[i + 1].is_ident()) {
                continue;
            }
            let Some(open) = (i + 2..t.len()).find(|&j| t[j].is("(")) else {
                continue;
            };
            let receiver = t[open + 1..]
                .iter()
                .take_while(|x| !x.is(",") && !x.is(")"))
                .any(|x| x.is("self"));
            if receiver {
                let methods = defined.entry(t[i + 1].text.clone()).or_default();
                methods.insert(file.as_str());
            }
        }
    }
    let mut out = BTreeSet::new();
    for (file, src) in &cmd {
        let t = tokens(code(src));
        for w in t.windows(4) {
            let called = w[0].is("self") && w[1].is(".") && w[3].is("(");
            let Some(owners) = defined.get(&w[2].text).filter(|_| called) else {
                continue;
            };
            if owners.contains(file.as_str()) {
                continue;
            }
            for owner in owners {
                out.insert(format!("src/{file} -> src/{owner}: {}", w[2].text));
            }
        }
    }
    out.into_iter().collect()
}
