//! One file read as a reader reads it for imports: the modules it opens inline (`mod tests
//! { ... }`), the items it defines, its `use` declarations (grouped trees expanded) and the
//! paths it writes inline in code, each with the module it is written in.

use super::lex::{tokens, Token};

/// A module's path from its crate's root, the crate first (`["lib", "render", "canvas"]`).
pub type ModPath = Vec<String>;

#[derive(Debug, Default)]
pub struct Facts {
    pub inline_mods: Vec<ModPath>,
    /// `mod x;` at the file's top: how `main.rs` names the binary's own modules.
    pub declared_mods: Vec<String>,
    /// Items named in a module: functions, types, traits, constants, statics, macros.
    pub items: Vec<(ModPath, String)>,
    /// `#[macro_export]` macros, which live at the crate's root whatever file defines them.
    pub exported_macros: Vec<String>,
    pub uses: Vec<Use>,
    /// Paths written in code (`super::x::f()`), as written.
    pub paths: Vec<Written>,
}

/// One leaf of a `use` tree: `use a::{b, c as d, e::*}` gives three.
#[derive(Debug, Clone, PartialEq)]
pub struct Use {
    pub scope: ModPath,
    pub path: Vec<String>,
    /// The name it brings into scope (`None` for `_` and for a glob).
    pub name: Option<String>,
    pub glob: bool,
    pub line: usize,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Written {
    pub scope: ModPath,
    pub path: Vec<String>,
    pub line: usize,
}

const ITEM_KEYWORDS: [&str; 8] = [
    "fn", "struct", "enum", "trait", "type", "const", "static", "union",
];

pub fn read(src: &str, module: &ModPath) -> Facts {
    let t = tokens(src);
    let mut facts = Facts::default();
    // Inline modules open: (their path, the brace depth outside them).
    let mut open: Vec<(ModPath, usize)> = Vec::new();
    let mut depth = 0;
    let mut i = 0;
    while i < t.len() {
        let scope = open.last().map_or(module, |(m, _)| m).clone();
        let item_depth = open.last().map_or(0, |(_, d)| d + 1);
        let next = |k: usize| {
            t.get(i + k)
                .filter(|t| t.is_ident())
                .map(|t| t.text.clone())
        };
        match t[i].text.as_str() {
            "{" => depth += 1,
            "}" => {
                depth -= 1;
                if open.last().is_some_and(|(_, d)| *d == depth) {
                    open.pop();
                }
            }
            "use" => {
                let end = (i..t.len()).find(|&k| t[k].is(";")).unwrap_or(t.len());
                let mut leaves = Vec::new();
                let mut k = i + 1;
                tree(&t[..end], &mut k, Vec::new(), &mut leaves);
                for (path, name, glob) in leaves {
                    facts.uses.push(Use {
                        scope: scope.clone(),
                        path,
                        name,
                        glob,
                        line: t[i].line,
                    });
                }
                i = end;
                continue;
            }
            "mod" if t.get(i + 2).is_some_and(|t| t.is("{")) => {
                if let Some(name) = next(1) {
                    let mut inner = scope.clone();
                    inner.push(name);
                    facts.inline_mods.push(inner.clone());
                    open.push((inner, depth));
                    depth += 1;
                    i += 3;
                    continue;
                }
            }
            "mod" if depth == 0 && t.get(i + 2).is_some_and(|t| t.is(";")) => {
                facts.declared_mods.extend(next(1));
            }
            "macro_rules" if t.get(i + 1).is_some_and(|t| t.is("!")) => {
                if let Some(name) = next(2) {
                    let exported = t[i.saturating_sub(8)..i]
                        .iter()
                        .any(|t| t.is("macro_export"));
                    if exported {
                        facts.exported_macros.push(name.clone());
                    }
                    facts.items.push((scope.clone(), name));
                }
            }
            word if depth == item_depth && ITEM_KEYWORDS.contains(&word) => {
                if let Some(name) = next(1).filter(|n| n != "_" && n != "fn") {
                    facts.items.push((scope.clone(), name));
                }
            }
            _ if t[i].is_ident() && t.get(i + 1).is_some_and(|t| t.is("::")) => {
                let starts = i == 0 || !t[i - 1].is("::");
                if starts {
                    let line = t[i].line;
                    let mut path = vec![t[i].text.clone()];
                    let mut k = i + 1;
                    while t.get(k).is_some_and(|t| t.is("::"))
                        && t.get(k + 1).is_some_and(Token::is_ident)
                    {
                        path.push(t[k + 1].text.clone());
                        k += 2;
                    }
                    facts.paths.push(Written { scope, path, line });
                    i = k;
                    continue;
                }
            }
            _ => {}
        }
        i += 1;
    }
    facts
}

/// One `use` tree from `t[*k]`, its leaves appended as (path, bound name, glob).
fn tree(
    t: &[Token],
    k: &mut usize,
    mut path: Vec<String>,
    out: &mut Vec<(Vec<String>, Option<String>, bool)>,
) {
    while *k < t.len() {
        let word = t[*k].text.as_str();
        *k += 1;
        match word {
            "::" => {}
            "*" => {
                out.push((path, None, true));
                return;
            }
            "{" => {
                while *k < t.len() && !t[*k].is("}") {
                    tree(t, k, path.clone(), out);
                    if t.get(*k).is_some_and(|t| t.is(",")) {
                        *k += 1;
                    }
                }
                *k += 1;
                return;
            }
            _ if t[*k - 1].is_ident() => {
                path.push(word.to_string());
                if t.get(*k).is_some_and(|t| t.is("::")) {
                    continue;
                }
                // `a::{self, ..}` names `a` itself.
                if path.last().is_some_and(|w| w == "self") && path.len() > 1 {
                    path.pop();
                }
                let mut name = path.last().cloned();
                if t.get(*k).is_some_and(|t| t.is("as")) {
                    name = t.get(*k + 1).map(|t| t.text.clone()).filter(|n| n != "_");
                    *k += 2;
                }
                out.push((path, name, false));
                return;
            }
            _ => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn here() -> ModPath {
        vec!["lib".into(), "a".into()]
    }

    fn words(p: &[&str]) -> Vec<String> {
        p.iter().map(|w| w.to_string()).collect()
    }

    #[test]
    fn grouped_uses_expand_to_their_leaves() {
        let f = read(
            "use super::{x::{self, X}, y as z, w::*};\npub(crate) use crate::v::_W as _;",
            &here(),
        );
        let leaves: Vec<_> = f
            .uses
            .iter()
            .map(|u| (u.path.join("::"), u.name.clone(), u.glob, u.line))
            .collect();
        assert_eq!(
            leaves,
            [
                ("super::x".into(), Some("x".into()), false, 1),
                ("super::x::X".into(), Some("X".into()), false, 1),
                ("super::y".into(), Some("z".into()), false, 1),
                ("super::w".into(), None, true, 1),
                ("crate::v::_W".into(), None, false, 2),
            ]
        );
    }

    #[test]
    fn inline_paths_and_modules_carry_their_scope() {
        let f = read(
            "fn f() { super::x::g(); let v = Vec::<u8>::new(); }\n\
             #[cfg(test)]\nmod tests {\n use super::*;\n fn t() { crate::y::Z::new(); }\n}\n\
             fn h() { self::q::r(); }",
            &here(),
        );
        let tests = words(&["lib", "a", "tests"]);
        assert_eq!(f.inline_mods, std::slice::from_ref(&tests));
        let paths: Vec<_> = f
            .paths
            .iter()
            .map(|p| (p.scope.clone(), p.path.join("::")))
            .collect();
        assert_eq!(
            paths,
            [
                (here(), "super::x::g".into()),
                (here(), "Vec".into()),
                (tests.clone(), "crate::y::Z::new".into()),
                (here(), "self::q::r".into()),
            ]
        );
        assert_eq!(f.uses[0].scope, tests);
    }

    #[test]
    fn items_are_those_of_the_module_not_of_bodies() {
        let f = read(
            "pub const fn a() { const B: u8 = 1; }\nstruct C;\nimpl C { fn d() {} }\n\
             trait E { type F; }\n#[macro_export]\nmacro_rules! g { () => {} }\n\
             const _: () = ();\nmod m { pub enum H {} }",
            &here(),
        );
        let names: Vec<_> = f.items.iter().map(|(_, n)| n.as_str()).collect();
        assert_eq!(names, ["a", "C", "E", "g", "H"]);
        assert_eq!(f.exported_macros, ["g"]);
    }
}
