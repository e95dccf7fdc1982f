//! The files of `src/` as the module tree they make, and every path they write resolved to
//! the file that defines what it names. A name re-exported by a module (`pub use view::View`,
//! `pub use api::*`) is followed to the file that defines it, as a reader jumping to the
//! definition would: `super::View` written in `render/canvas.rs` depends on `render/view.rs`,
//! not on `render/mod.rs`.

use super::read::{read, ModPath, Use};
use std::collections::BTreeMap;

/// One import between two files of `src/`, with where it is written (the first such place).
#[derive(Debug, Clone, PartialEq)]
pub struct Edge {
    pub from: String,
    pub to: String,
    pub line: usize,
    pub path: String,
}

#[derive(Default)]
struct Module {
    file: String,
    /// Each item's name and the file defining it (a macro exported to the root is not in
    /// the root's file).
    items: BTreeMap<String, String>,
    names: BTreeMap<String, Use>,
    globs: Vec<Use>,
}

struct Tree {
    modules: BTreeMap<ModPath, Module>,
}

/// A file's module from its path under `src/`: `render/canvas.rs` is `lib::render::canvas`,
/// `render/mod.rs` is `lib::render`, and a module `main.rs` declares is the binary's.
fn module_of(file: &str, bin_mods: &[String]) -> ModPath {
    let mut parts: Vec<String> = file
        .trim_end_matches(".rs")
        .split('/')
        .map(String::from)
        .collect();
    let krate = match parts[0].as_str() {
        "main" if parts.len() == 1 => return vec!["bin".into()],
        "lib" if parts.len() == 1 => return vec!["lib".into()],
        first if bin_mods.iter().any(|m| m == first) => "bin",
        _ => "lib",
    };
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts.insert(0, krate.into());
    parts
}

/// Every import between different files of `files` (path under `src/`, source text).
pub fn edges(files: &[(String, String)]) -> Vec<Edge> {
    let bin_mods = files
        .iter()
        .find(|(f, _)| f == "main.rs")
        .map(|(_, src)| read(src, &vec!["bin".into()]).declared_mods)
        .unwrap_or_default();
    let mut tree = Tree {
        modules: BTreeMap::new(),
    };
    let mut all = Vec::new();
    for (file, src) in files {
        let module = module_of(file, &bin_mods);
        let facts = read(src, &module);
        for m in std::iter::once(&module).chain(&facts.inline_mods) {
            tree.modules.entry(m.clone()).or_default().file = file.clone();
        }
        for (m, name) in &facts.items {
            let items = &mut tree.modules.entry(m.clone()).or_default().items;
            items.insert(name.clone(), file.clone());
        }
        let root = vec![module[0].clone()];
        for name in &facts.exported_macros {
            let items = &mut tree.modules.entry(root.clone()).or_default().items;
            items.insert(name.clone(), file.clone());
        }
        for u in &facts.uses {
            let m = tree.modules.entry(u.scope.clone()).or_default();
            match &u.name {
                _ if u.glob => m.globs.push(u.clone()),
                Some(name) => {
                    m.names.insert(name.clone(), u.clone());
                }
                None => {}
            }
        }
        all.push((file.clone(), facts));
    }
    let mut out: Vec<Edge> = Vec::new();
    for (file, facts) in &all {
        let written = facts.uses.iter().map(|u| (&u.scope, &u.path, u.line));
        let inline = facts.paths.iter().map(|p| (&p.scope, &p.path, p.line));
        for (scope, path, line) in written.chain(inline) {
            let Some(to) = tree
                .absolute(scope, path, 0)
                .and_then(|abs| tree.resolve(&abs, 0))
                .map(|(to, _)| to)
            else {
                continue;
            };
            let seen = out.iter().any(|e| &e.from == file && e.to == to);
            if &to != file && !seen {
                out.push(Edge {
                    from: file.clone(),
                    to,
                    line,
                    path: path.join("::"),
                });
            }
        }
    }
    out
}

impl Tree {
    /// A path as written in `scope`, from its crate's root; `None` for another crate's
    /// (`std::`, `image::`) or a local name.
    fn absolute(&self, scope: &ModPath, path: &[String], depth: usize) -> Option<ModPath> {
        let first = path.first()?.as_str();
        let mut base: ModPath = match first {
            "crate" | "$crate" => vec![scope[0].clone()],
            // The binary reaches the library by its name.
            "plateau" if scope[0] == "bin" => vec!["lib".into()],
            "self" => scope.clone(),
            "super" => {
                let ups = path.iter().take_while(|w| *w == "super").count();
                let base = scope[..scope.len().checked_sub(ups)?].to_vec();
                return (!base.is_empty()).then(|| [base, path[ups..].to_vec()].concat());
            }
            _ => {
                let mut child = scope.clone();
                child.push(first.to_string());
                if self.modules.contains_key(&child) {
                    return Some([scope.clone(), path.to_vec()].concat());
                }
                let bound = self.modules.get(scope)?.names.get(first)?;
                if depth > 16 || bound.path.as_slice() == path {
                    return None;
                }
                let target = self.absolute(&bound.scope, &bound.path, depth + 1)?;
                return Some([target, path[1..].to_vec()].concat());
            }
        };
        base.extend(path[1..].iter().cloned());
        Some(base)
    }

    /// The file defining what `path` names, and whether the name was found there (rather
    /// than assumed to be in the last module reached).
    fn resolve(&self, path: &[String], depth: usize) -> Option<(String, bool)> {
        if depth > 16 {
            return None;
        }
        let mut at = path[..1].to_vec();
        self.modules.get(&at)?;
        let mut k = 1;
        while k < path.len() {
            let mut deeper = at.clone();
            deeper.push(path[k].clone());
            if !self.modules.contains_key(&deeper) {
                break;
            }
            at = deeper;
            k += 1;
        }
        let module = &self.modules[&at];
        let Some(name) = path.get(k) else {
            return Some((module.file.clone(), true));
        };
        if let Some(file) = module.items.get(name) {
            return Some((file.clone(), true));
        }
        if let Some(bound) = module.names.get(name) {
            let target = self.absolute(&bound.scope, &bound.path, depth + 1)?;
            return self.resolve(&[target, path[k + 1..].to_vec()].concat(), depth + 1);
        }
        for glob in &module.globs {
            let found = self
                .absolute(&glob.scope, &glob.path, depth + 1)
                .and_then(|target| self.resolve(&[target, path[k..].to_vec()].concat(), depth + 1));
            if let Some((file, true)) = found {
                return Some((file, true));
            }
        }
        Some((module.file.clone(), false))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(f, s)| (f.to_string(), s.to_string()))
            .collect()
    }

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        edges(&files(list))
            .into_iter()
            .map(|e| (e.from, e.to))
            .collect()
    }

    fn want(list: &[(&str, &str)]) -> Vec<(String, String)> {
        files(list)
    }

    #[test]
    fn use_and_inline_paths_reach_the_defining_file() {
        let got = pairs(&[
            ("lib.rs", "pub mod a; pub mod b;"),
            ("a/mod.rs", "pub mod x; pub mod y; pub mod z;"),
            ("a/x.rs", "use super::{y::Y, z};\nfn f() { crate::b::g(); }"),
            (
                "a/y.rs",
                "pub struct Y; fn f() { super::super::b::inner::h(); }",
            ),
            ("a/z.rs", "pub fn z() {}"),
            ("b/mod.rs", "pub mod inner; pub fn g() {}"),
            ("b/inner.rs", "pub fn h() {}"),
        ]);
        assert_eq!(
            got,
            want(&[
                ("a/x.rs", "a/y.rs"),
                ("a/x.rs", "a/z.rs"),
                ("a/x.rs", "b/mod.rs"),
                ("a/y.rs", "b/inner.rs"),
            ])
        );
    }

    #[test]
    fn reexports_are_followed_to_the_definition() {
        let got = pairs(&[
            ("lib.rs", "pub mod a;"),
            (
                "a/mod.rs",
                "mod api; mod v; pub use api::*; pub use v::{View as Shown};",
            ),
            ("a/api.rs", "pub struct Reply;"),
            ("a/v.rs", "pub struct View;"),
            (
                "a/w.rs",
                "use super::{Reply, Shown}; fn f() { crate::a::Shown::new(); }",
            ),
        ]);
        assert_eq!(
            got,
            want(&[
                ("a/mod.rs", "a/api.rs"),
                ("a/mod.rs", "a/v.rs"),
                ("a/w.rs", "a/api.rs"),
                ("a/w.rs", "a/v.rs"),
            ])
        );
    }

    #[test]
    fn a_name_the_module_defines_stays_there_and_tests_modules_are_their_file() {
        let got = pairs(&[
            ("lib.rs", "pub mod a; pub mod i18n;"),
            ("i18n.rs", "#[macro_export]\nmacro_rules! tr { () => {} }"),
            ("a/mod.rs", "pub mod x; pub struct Table; fn f() { x::run(); }"),
            (
                "a/x.rs",
                "use super::Table;\nuse crate::tr;\npub fn run() {}\n\
                 #[cfg(test)] mod tests { use super::*; use std::io; fn t() { self::super::run(); } }",
            ),
        ]);
        assert_eq!(
            got,
            want(&[
                ("a/mod.rs", "a/x.rs"),
                ("a/x.rs", "a/mod.rs"),
                ("a/x.rs", "i18n.rs"),
            ])
        );
    }

    #[test]
    fn the_binary_reaches_its_own_modules_by_crate_and_the_library_by_name() {
        let got = pairs(&[
            ("lib.rs", "pub mod engine;"),
            ("engine.rs", "pub struct Game;"),
            ("main.rs", "mod cli;\nfn main() { cli::run(); }"),
            (
                "cli/mod.rs",
                "pub mod moves; pub fn run() { moves::run(); }",
            ),
            (
                "cli/moves.rs",
                "use plateau::engine::Game; use crate::cli::Failure;",
            ),
        ]);
        assert_eq!(
            got,
            want(&[
                ("main.rs", "cli/mod.rs"),
                ("cli/mod.rs", "cli/moves.rs"),
                ("cli/moves.rs", "engine.rs"),
                ("cli/moves.rs", "cli/mod.rs"),
            ])
        );
    }
}
