//! Every language has every message English has, with the same attributes and variables, and
//! every message id the code names exists.

use super::bundles::{files, LOCALES};
use super::*;
use crate::tr;
use fluent_syntax::ast;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Per message: attribute names (`""` for the value) with the variables each uses.
type Shape = BTreeMap<String, BTreeMap<String, BTreeSet<String>>>;

fn shape(code: &str) -> Shape {
    let dir = LOCALES
        .get_dir(code)
        .unwrap_or_else(|| panic!("no locales/{code}"));
    let mut out = Shape::new();
    for (path, text) in files(dir) {
        let res = ast_of(text, path);
        for entry in res.body {
            if let ast::Entry::Message(m) = entry {
                let id = m.id.name.to_string();
                assert!(
                    !out.contains_key(&id),
                    "{path}: {id} defined twice in {code}"
                );
                let mut parts = BTreeMap::new();
                if let Some(v) = &m.value {
                    parts.insert(String::new(), vars(v));
                }
                for a in &m.attributes {
                    parts.insert(a.id.name.to_string(), vars(&a.value));
                }
                out.insert(id, parts);
            }
        }
    }
    out
}

fn ast_of<'s>(text: &'s str, path: &str) -> ast::Resource<&'s str> {
    fluent_syntax::parser::parse(text).unwrap_or_else(|(_, e)| panic!("{path}: {e:?}"))
}

fn vars(p: &ast::Pattern<&str>) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    pattern_vars(p, &mut out);
    out
}

fn pattern_vars(p: &ast::Pattern<&str>, out: &mut BTreeSet<String>) {
    for e in &p.elements {
        if let ast::PatternElement::Placeable { expression } = e {
            expr_vars(expression, out);
        }
    }
}

fn expr_vars(e: &ast::Expression<&str>, out: &mut BTreeSet<String>) {
    match e {
        ast::Expression::Select { selector, variants } => {
            inline_vars(selector, out);
            for v in variants {
                pattern_vars(&v.value, out);
            }
        }
        ast::Expression::Inline(i) => inline_vars(i, out),
    }
}

fn inline_vars(i: &ast::InlineExpression<&str>, out: &mut BTreeSet<String>) {
    match i {
        ast::InlineExpression::VariableReference { id } => {
            out.insert(id.name.to_string());
        }
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline_vars(a, out);
            }
            for a in &arguments.named {
                inline_vars(&a.value, out);
            }
        }
        ast::InlineExpression::TermReference {
            arguments: Some(arguments),
            ..
        } => {
            for a in &arguments.positional {
                inline_vars(a, out);
            }
            for a in &arguments.named {
                inline_vars(&a.value, out);
            }
        }
        ast::InlineExpression::Placeable { expression } => expr_vars(expression, out),
        _ => {}
    }
}

#[test]
fn every_language_has_the_same_messages_attributes_and_variables() {
    let en = shape("en");
    assert!(en.len() > 100, "English has only {} messages", en.len());
    let mut problems = Vec::new();
    for lang in Lang::all().filter(|&l| l != Lang::EN) {
        let other = shape(lang.code());
        for (id, parts) in &en {
            match other.get(id) {
                None => problems.push(format!("{lang}: {id} is missing")),
                Some(o) => {
                    for (attr, v) in parts {
                        match o.get(attr) {
                            None => problems.push(format!("{lang}: {id}.{attr} is missing")),
                            Some(ov) if ov != v => problems.push(format!(
                                "{lang}: {id}{}{attr} uses {ov:?}, English {v:?}",
                                if attr.is_empty() { "" } else { "." }
                            )),
                            Some(_) => {}
                        }
                    }
                    for attr in o.keys().filter(|a| !parts.contains_key(*a)) {
                        problems.push(format!("{lang}: {id}.{attr} is not in English"));
                    }
                }
            }
        }
        for id in other.keys().filter(|id| !en.contains_key(*id)) {
            problems.push(format!("{lang}: {id} is not in English"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The string literal opening each `msg!(`, `tr!(.., ` and `Msg::new(` in the sources.
fn ids_in_code() -> BTreeSet<(String, String)> {
    let mut out = BTreeSet::new();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut stack = vec![root];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("src is readable").flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs")
                && !path.ends_with("i18n/tests.rs")
            {
                let text = std::fs::read_to_string(&path).expect("a source file");
                for id in ids_in(&text) {
                    out.insert((id, path.display().to_string()));
                }
            }
        }
    }
    out
}

fn ids_in(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for opener in ["msg!(", "tr!(", "Msg::new("] {
        for (at, _) in text.match_indices(opener) {
            // `include_str!(` is not `tr!(`.
            if text[..at]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() || c == '_')
            {
                continue;
            }
            let rest = &text[at + opener.len()..];
            let Some(q) = rest.find('"') else { continue };
            if rest[..q].contains([';', '{', '}']) {
                continue;
            }
            let lit = &rest[q + 1..];
            let Some(end) = lit.find('"') else { continue };
            out.push(lit[..end].to_string());
        }
    }
    out
}

#[test]
fn every_message_the_code_names_exists() {
    let ids = ids_in_code();
    assert!(
        ids.len() > 50,
        "found only {} ids in the sources",
        ids.len()
    );
    let missing: Vec<String> = ids
        .iter()
        .filter(|(id, _)| !exists(id))
        .map(|(id, file)| format!("{id} ({file})"))
        .collect();
    assert!(
        missing.is_empty(),
        "missing from locales/en:\n{}",
        missing.join("\n")
    );
}

#[test]
fn ids_are_found_in_every_form() {
    let src = r#"let a = msg!("one"); tr!(lang, "two", n = 3); Msg::new("three"); tr!(self.lang(ctx), "four");"#;
    assert_eq!(ids_in(src), ["one", "two", "four", "three"]);
}

#[test]
fn plurals_and_selectors_come_from_fluent() {
    let fr = Lang::parse("fr").expect("French files");
    assert_eq!(tr!(fr, "common-players", n = 1), "1 joueur");
    assert_eq!(tr!(fr, "common-players", n = 3), "3 joueurs");
    assert_eq!(tr!(Lang::EN, "common-players", n = 1), "1 player");
    assert_eq!(tr!(Lang::EN, "common-players", n = 2), "2 players");
}

#[test]
fn no_isolation_marks_reach_the_text() {
    let s = tr!(Lang::EN, "common-players", n = 2);
    assert!(!s.contains(['\u{2068}', '\u{2069}']), "{s:?}");
}

#[test]
fn lists_read_naturally() {
    let fr = Lang::parse("fr").unwrap();
    let m = Msg::new("common-text").with("text", Arg::list(["a", "b", "c"], Join::Or));
    assert_eq!(say(Lang::EN, &m), "a, b or c");
    assert_eq!(say(fr, &m), "a, b ou c");
}

#[test]
fn locales_are_read_from_discord_and_users() {
    assert_eq!(Lang::parse("en-US"), Some(Lang::EN));
    assert_eq!(Lang::parse("fr").map(Lang::code), Some("fr"));
    assert_eq!(Lang::parse("FR-ca").map(Lang::code), Some("fr"));
    assert_eq!(Lang::parse("de"), None);
    assert_eq!(Lang::EN.discord_locales(), Vec::<String>::new());
    assert_eq!(Lang::parse("fr").unwrap().discord_locales(), ["fr"]);
}

/// French typography, one convention: a no-break space (U+00A0) before `: ; ! ?` and inside
/// « », never an ordinary one, so a phone never breaks a line before the colon; and the
/// typographic apostrophe ’.
#[test]
fn french_punctuation_uses_no_break_spaces() {
    let dir = LOCALES.get_dir("fr").expect("locales/fr");
    let mut bad = Vec::new();
    for (path, text) in files(dir) {
        for (n, line) in text.lines().enumerate() {
            if line.trim_start().starts_with('#') {
                continue;
            }
            let value = line.split_once(" = ").map_or(line, |(_, v)| v);
            let chars: Vec<char> = value.chars().collect();
            for i in 1..chars.len() {
                let c = chars[i];
                let before = chars[i - 1];
                let after = chars.get(i + 1).copied();
                let spaced = matches!(c, ';' | '!' | '?' | ':')
                    && (before == ' ' || (before.is_alphabetic() && after == Some(' ')));
                let guillemet = (c == '«' && after == Some(' ')) || (c == '»' && before == ' ');
                // Typographic apostrophes (’) only.
                let apostrophe = c == '\'' && before.is_alphabetic();
                if spaced || guillemet || apostrophe {
                    bad.push(format!("{path}:{}: {line}", n + 1));
                    break;
                }
            }
        }
    }
    assert!(
        bad.is_empty(),
        "use U+00A0 before : ; ! ? and inside « », and ’:\n{}",
        bad.join("\n")
    );
}

/// A variable named as the message's argument stands alone, as in `format!`, beside the
/// `name = value` form.
#[test]
fn arguments_may_be_named_by_their_variable() {
    let (who, n) = ("ana", 3);
    assert_eq!(
        crate::msg!("play-board-head", who, n, game = "Pikemen"),
        crate::msg!("play-board-head", who = who, n = n, game = "Pikemen")
    );
    assert_eq!(
        crate::tr!(Lang::EN, "share-by", who),
        crate::tr!(Lang::EN, "share-by", who = "ana")
    );
}
