//! No import circle in any folder of `src/` (issue 41): in every folder, the files directly
//! in it and its subfolders import one another one way only, so that each can be read, moved
//! or tested knowing only what is below it.
//!
//! The project's own reader rather than a tool's: it reads every `.rs` file's `use` trees
//! and the `crate::`, `super::` and `self::` paths written in code (and the names `main.rs`
//! reaches `plateau::` by), resolves each to the file defining what it names (following
//! re-exports), and looks for cycles folder by folder (`graph`, which says how a folder's
//! `mod.rs` counts). `mod x;` declarations are not imports: a folder must name its files.

mod commands;
mod graph;
mod lex;
mod read;
mod resolve;

use std::path::Path;

/// Every `.rs` file under `dir`, as (path relative to `root` with `/`, text), sorted.
fn sources(root: &Path, dir: &Path, out: &mut Vec<(String, String)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            sources(root, &path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            let text = std::fs::read_to_string(&path).expect("a readable source file");
            let name = path.strip_prefix(root).expect("under the root");
            let name = name.to_string_lossy().replace('\\', "/");
            out.push((name, text));
        }
    }
}

/// The circles of a set of files, one line each, with the import that makes each step.
fn report(files: &[(String, String)]) -> Vec<String> {
    let folders = graph::folders(&resolve::edges(files));
    let mut out = Vec::new();
    for (folder, edges) in &folders {
        for circle in graph::circles(edges) {
            let place = if folder.is_empty() {
                "src".into()
            } else {
                format!("src/{folder}")
            };
            let mut line = format!("{place}: {}", circle.cycle.join(" -> "));
            if circle.nodes.len() + 1 > circle.cycle.len() {
                line += &format!(" (the circle holds {})", circle.nodes.join(", "));
            }
            for step in circle.cycle.windows(2) {
                let e = &edges[&(step[0].clone(), step[1].clone())];
                line += &format!(
                    "\n    {} -> {}: src/{}:{} {}",
                    step[0], step[1], e.from, e.line, e.path
                );
            }
            out.push(line);
        }
    }
    out
}

#[test]
fn no_folder_of_src_has_an_import_circle() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&root, &root, &mut files);
    assert!(files.len() > 100, "src/ read: {} files", files.len());
    let found = report(&files);
    assert!(
        found.is_empty(),
        "import circles (move what both sides need down a floor):\n{}",
        found.join("\n")
    );
}

#[test]
fn no_command_file_names_or_calls_another() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&root, &root, &mut files);
    let named = commands::imports(&files);
    assert!(
        named.is_empty(),
        "files under src/table/cmd/ name one another (move what both need below cmd/):\n{}",
        named.join("\n")
    );
    // Commands are free functions and types now: a method of the service defined in a
    // command's file would bring the hidden coupling back.
    let called = commands::calls(&files);
    assert!(
        called.is_empty(),
        "a command calls a method defined in another command's file (move it below cmd/):\n{}",
        called.join("\n")
    );
}

#[test]
fn a_command_naming_or_calling_another_is_caught() {
    let files: Vec<(String, String)> = [
        ("lib.rs", "pub mod table;"),
        ("table/mod.rs", "pub mod cmd; pub mod running; pub struct Table;"),
        ("table/running.rs", "impl super::Table { fn open(&self) {} }"),
        ("table/cmd/mod.rs", "pub mod a; pub mod b;"),
        (
            "table/cmd/a.rs",
            "use super::b::helper;\nimpl crate::table::Table {\n fn run(&self) { self.open(); self.go(); }\n}",
        ),
        (
            "table/cmd/b.rs",
            "pub fn helper() {}\nimpl crate::table::Table { fn go(&self) { self.open(); } }",
        ),
    ]
    .iter()
    .map(|(f, s)| (f.to_string(), s.to_string()))
    .collect();
    assert_eq!(
        commands::imports(&files),
        ["src/table/cmd/a.rs -> src/table/cmd/b.rs: line 1 super::b::helper"]
    );
    assert_eq!(
        commands::calls(&files),
        ["src/table/cmd/a.rs -> src/table/cmd/b.rs: go"]
    );
}

#[test]
fn a_planted_circle_is_caught_and_named() {
    let files: Vec<(String, String)> = [
        ("lib.rs", "pub mod render;"),
        (
            "render/mod.rs",
            "pub mod canvas; pub mod palette; pub use canvas::Canvas;",
        ),
        (
            "render/canvas.rs",
            "use super::palette::Palette;\npub struct Canvas;",
        ),
        (
            "render/palette.rs",
            "pub struct Palette;\nfn f() { super::Canvas::new(); }",
        ),
    ]
    .iter()
    .map(|(f, s)| (f.to_string(), s.to_string()))
    .collect();
    assert_eq!(
        report(&files),
        ["src/render: canvas -> palette -> canvas\n    \
          canvas -> palette: src/render/canvas.rs:1 super::palette::Palette\n    \
          palette -> canvas: src/render/palette.rs:2 super::Canvas::new"]
    );
}
