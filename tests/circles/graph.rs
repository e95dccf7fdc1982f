//! Imports between files seen folder by folder: in a folder, the nodes are the files directly
//! in it and its subfolders, each taken whole. An import counts in the deepest folder holding
//! both files: `table/cmd/play.rs` importing `table/store.rs` is `cmd/ -> store` in `table/`.
//! A circle is a cycle of such edges.
//!
//! A folder's `mod.rs` (`lib.rs` for `src/`) is the folder's own file: in its parent it is part
//! of the folder's node, and inside the folder it is the folder itself, not a sibling of its
//! files. It declares them and shows their names to the rest of the crate (`pub use`), and
//! they reach the folder's shared names through it; so its imports to and from its own
//! files are not edges between siblings. (Whether a `mod.rs` is both ground and roof is
//! issue 41's service question, not a circle between files.)

use super::resolve::Edge;
use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// A folder under `src/` ("" for `src/` itself) and its edges, each with the import that
/// makes it.
pub type Folders = BTreeMap<String, BTreeMap<(String, String), Edge>>;

pub fn folders(edges: &[Edge]) -> Folders {
    let mut out = Folders::new();
    for e in edges {
        let from: Vec<&str> = e.from.split('/').collect();
        let to: Vec<&str> = e.to.split('/').collect();
        let shared = from[..from.len() - 1]
            .iter()
            .zip(&to[..to.len() - 1])
            .take_while(|(a, b)| a == b)
            .count();
        let (a, b) = (node(&from, shared), node(&to, shared));
        let own = |n: &str| n == "mod" || (shared == 0 && n == "lib");
        if a != b && !own(&a) && !own(&b) {
            out.entry(from[..shared].join("/"))
                .or_default()
                .entry((a, b))
                .or_insert_with(|| e.clone());
        }
    }
    out
}

/// What a file is in the folder of its first `depth` parts: itself, or the subfolder holding it.
fn node(parts: &[&str], depth: usize) -> String {
    if parts.len() == depth + 1 {
        parts[depth].trim_end_matches(".rs").to_string()
    } else {
        format!("{}/", parts[depth])
    }
}

/// One circle: every node on it (a strongly connected set), and its shortest cycle through
/// its first node (`a -> b -> a`).
#[derive(Debug, PartialEq)]
pub struct Circle {
    pub nodes: Vec<String>,
    pub cycle: Vec<String>,
}

pub fn circles(edges: &BTreeMap<(String, String), Edge>) -> Vec<Circle> {
    let mut next: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for (a, b) in edges.keys() {
        next.entry(a).or_default().insert(b);
    }
    let reach = |start: &str| {
        let mut seen = BTreeSet::new();
        let mut todo = vec![start];
        while let Some(n) = todo.pop() {
            for &m in next.get(n).into_iter().flatten() {
                if seen.insert(m) {
                    todo.push(m);
                }
            }
        }
        seen
    };
    let reached: BTreeMap<&str, BTreeSet<&str>> = next.keys().map(|&n| (n, reach(n))).collect();
    let mut done = BTreeSet::new();
    let mut out = Vec::new();
    for (&n, from_n) in &reached {
        if done.contains(n) || !from_n.contains(n) {
            continue;
        }
        let set: BTreeSet<&str> = from_n
            .iter()
            .copied()
            .filter(|m| reached.get(m).is_some_and(|r| r.contains(n)))
            .collect();
        done.extend(set.iter().copied());
        out.push(Circle {
            nodes: set.iter().map(|n| n.to_string()).collect(),
            cycle: shortest_cycle(n, &set, &next),
        });
    }
    out
}

fn shortest_cycle(
    start: &str,
    set: &BTreeSet<&str>,
    next: &BTreeMap<&str, BTreeSet<&str>>,
) -> Vec<String> {
    let mut came_from: BTreeMap<&str, &str> = BTreeMap::new();
    let mut todo = VecDeque::from([start]);
    while let Some(n) = todo.pop_front() {
        for &m in next.get(n).into_iter().flatten() {
            if !set.contains(m) || came_from.contains_key(m) {
                continue;
            }
            came_from.insert(m, n);
            if m == start {
                let mut cycle = vec![start.to_string()];
                let mut at = came_from[start];
                while at != start {
                    cycle.push(at.to_string());
                    at = came_from[at];
                }
                cycle.push(start.to_string());
                cycle.reverse();
                return cycle;
            }
            todo.push_back(m);
        }
    }
    unreachable!("{start} is on a cycle of its set")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edge(from: &str, to: &str) -> Edge {
        Edge {
            from: from.into(),
            to: to.into(),
            line: 1,
            path: String::new(),
        }
    }

    #[test]
    fn an_import_counts_in_the_deepest_folder_holding_both_files() {
        let f = folders(&[
            edge("table/cmd/play.rs", "table/store.rs"),
            edge("table/cmd/play.rs", "table/cmd/mod.rs"),
            edge("table/cmd/mod.rs", "table/cmd/play.rs"),
            edge("table/cmd/mod.rs", "table/mod.rs"),
            edge("render/mod.rs", "engine/mod.rs"),
            edge("lib.rs", "table/mod.rs"),
            edge("main.rs", "cli/serve.rs"),
        ]);
        let keys: Vec<(&str, &str, &str)> = f
            .iter()
            .flat_map(|(d, es)| {
                es.keys()
                    .map(move |(a, b)| (d.as_str(), a.as_str(), b.as_str()))
            })
            .collect();
        assert_eq!(
            keys,
            [
                ("", "main", "cli/"),
                ("", "render/", "engine/"),
                ("table", "cmd/", "store"),
            ]
        );
    }

    #[test]
    fn each_circle_is_named_once_by_its_shortest_cycle() {
        let f = folders(&[
            edge("a.rs", "b/x.rs"),
            edge("b/y.rs", "c.rs"),
            edge("c.rs", "a.rs"),
            edge("c.rs", "b/mod.rs"),
            edge("d.rs", "e.rs"),
            edge("e.rs", "f.rs"),
            edge("f.rs", "d.rs"),
            edge("f.rs", "g.rs"),
        ]);
        let words = |w: &[&str]| w.iter().map(|w| w.to_string()).collect::<Vec<_>>();
        assert_eq!(
            circles(&f[""]),
            [
                Circle {
                    nodes: words(&["a", "b/", "c"]),
                    cycle: words(&["a", "b/", "c", "a"]),
                },
                Circle {
                    nodes: words(&["d", "e", "f"]),
                    cycle: words(&["d", "e", "f", "d"]),
                },
            ]
        );
    }
}
