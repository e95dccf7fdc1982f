//! The Fluent bundles, one per folder of `locales/`, built once from the files embedded at
//! compile time, and the formatting of one message.

use super::msg::{Arg, Join, Msg};
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use include_dir::{include_dir, Dir};
use std::borrow::Cow;
use std::sync::OnceLock;
use unic_langid::LanguageIdentifier;

pub(super) static LOCALES: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/locales");

pub(super) struct Locale {
    pub code: &'static str,
    pub bundle: FluentBundle<FluentResource>,
}

/// Every language of `locales/`, English first (the fallback).
pub(super) fn locales() -> &'static [Locale] {
    static ALL: OnceLock<Vec<Locale>> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut out: Vec<Locale> = LOCALES
            .dirs()
            .filter_map(|d| d.path().file_name()?.to_str().map(|c| (c, d)))
            .map(|(code, dir)| Locale {
                code,
                bundle: bundle(code, dir),
            })
            .collect();
        out.sort_by_key(|l| (l.code != "en", l.code));
        assert!(
            out.first().is_some_and(|l| l.code == "en"),
            "locales/en is the fallback language and must exist"
        );
        out
    })
}

/// The `.ftl` files of one language folder, in name order, with their text.
pub(super) fn files(dir: &'static Dir<'static>) -> Vec<(&'static str, &'static str)> {
    let mut files: Vec<_> = dir
        .files()
        .filter(|f| f.path().extension().is_some_and(|e| e == "ftl"))
        .filter_map(|f| Some((f.path().to_str()?, f.contents_utf8()?)))
        .collect();
    files.sort();
    files
}

fn bundle(code: &str, dir: &'static Dir<'static>) -> FluentBundle<FluentResource> {
    let id: LanguageIdentifier = code
        .parse()
        .unwrap_or_else(|e| panic!("locales/{code}: not a language tag: {e}"));
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // Isolation marks (FSI/PDI) around variables would reach Discord and the transcripts as
    // invisible characters; none of our languages mixes writing directions.
    bundle.set_use_isolating(false);
    for (path, text) in files(dir) {
        let res = FluentResource::try_new(text.to_string())
            .unwrap_or_else(|(_, e)| panic!("{path}: Fluent syntax errors: {e:?}"));
        bundle
            .add_resource(res)
            .unwrap_or_else(|e| panic!("{path}: {e:?}"));
    }
    bundle
}

/// Formats `id` with `args` in the bundle at `index`, falling back to English.
pub(super) fn format(index: usize, id: &str, args: &[(Cow<'static, str>, Arg)]) -> String {
    let all = locales();
    let (locale, pattern) = match lookup(&all[index], id).or_else(|| lookup(&all[0], id)) {
        Some(found) => found,
        None => {
            missing(id);
            return id.to_string();
        }
    };
    let mut fargs = FluentArgs::new();
    for (name, value) in args {
        let v = match value {
            Arg::Num(n) => FluentValue::from(*n),
            other => FluentValue::from(text(index, other)),
        };
        fargs.set(name.as_ref(), v);
    }
    let mut errors = Vec::new();
    let out = locale
        .bundle
        .format_pattern(pattern, Some(&fargs), &mut errors)
        .into_owned();
    if !errors.is_empty() {
        let report = format!("message {id} ({}): {errors:?}", locale.code);
        if cfg!(debug_assertions) {
            panic!("{report}");
        }
        tracing::error!("{report}");
    }
    out
}

type Pattern = fluent_syntax::ast::Pattern<&'static str>;

fn lookup(locale: &'static Locale, id: &str) -> Option<(&'static Locale, &'static Pattern)> {
    let (msg_id, attr) = match id.split_once('.') {
        Some((m, a)) => (m, Some(a)),
        None => (id, None),
    };
    let msg = locale.bundle.get_message(msg_id)?;
    let pattern = match attr {
        Some(a) => msg.get_attribute(a)?.value(),
        None => msg.value()?,
    };
    Some((locale, pattern))
}

fn missing(id: &str) {
    // The key-parity test fails on any id the code uses that English lacks; this only
    // guards ids built at run time.
    if cfg!(debug_assertions) {
        panic!("message {id} is missing from locales/en");
    }
    tracing::error!("message {id} is missing from locales/en");
}

/// A variable's value as text in the language at `index`.
fn text(index: usize, arg: &Arg) -> String {
    match arg {
        Arg::Num(n) => n.to_string(),
        Arg::Text(s) => s.clone(),
        Arg::Msg(m) => format(index, &m.id, &m.args),
        Arg::List { items, join } => {
            let words: Vec<String> = items.iter().map(|a| text(index, a)).collect();
            join_words(index, &words, *join)
        }
    }
}

fn join_words(index: usize, words: &[String], join: Join) -> String {
    let sep = format(
        index,
        match join {
            Join::And | Join::Or | Join::Comma => "list-separator",
            Join::Semicolon => "list-semicolon",
            Join::Space => "list-space",
            Join::Slash => "list-slash",
        },
        &[],
    );
    match words {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => {
            let last_sep = match join {
                Join::And => format(index, "list-and", &[]),
                Join::Or => format(index, "list-or", &[]),
                _ => sep.clone(),
            };
            format!("{}{last_sep}{last}", init.join(&sep))
        }
    }
}

/// Renders a message built elsewhere (by the engines, for example).
pub(super) fn say(index: usize, msg: &Msg) -> String {
    format(index, &msg.id, &msg.args)
}
