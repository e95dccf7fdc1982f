//! What /vacation says: a vacation started, ended or run out, its state, and its refusals.

use crate::i18n::{Lang, Msg};
use crate::{msg, tr};

pub(crate) fn already(since: String) -> Msg {
    msg!("vacation-already", since)
}

pub(crate) fn back(lang: Lang, name: &str, until: String) -> String {
    tr!(lang, "vacation-back", name, until)
}

pub(crate) fn bad_action(value: &str) -> Msg {
    msg!("vacation-bad-action", value)
}

pub(crate) fn ends(lang: Lang) -> String {
    tr!(lang, "vacation-ends")
}

pub(crate) fn frozen(lang: Lang, name: &str, left: String) -> String {
    tr!(lang, "vacation-frozen", name, left)
}

pub(crate) fn not_on() -> Msg {
    msg!("vacation-not-on")
}

pub(crate) fn ran_out(lang: Lang) -> String {
    tr!(lang, "vacation-ran-out")
}

pub(crate) fn starts(lang: Lang, until: String, left: String, year: i64) -> String {
    tr!(lang, "vacation-starts", until, left, year)
}

pub(crate) fn state(
    lang: Lang,
    on: bool,
    since: String,
    ends: String,
    year: i64,
    left: String,
) -> String {
    tr!(
        lang,
        "vacation-state",
        on = if on { "yes" } else { "no" },
        since,
        ends,
        year,
        left
    )
}

pub(crate) fn used_up(year: i64) -> Msg {
    msg!("vacation-used-up", year)
}
