//! What /vacation says: a vacation started, ended or run out, its state, and its refusals.

use crate::i18n::{Lang, Msg};
use crate::{msg, tr};

/// `vacation-already`: “You are already on vacation (since { $since }). End it with /vacation end.”
pub(crate) fn already(since: String) -> Msg {
    msg!("vacation-already", since = since)
}

/// `vacation-back`: “{ $name } is back from vacation: their clock runs again; they have until
/// { $until } to move.”
pub(crate) fn back(lang: Lang, name: &str, until: String) -> String {
    tr!(lang, "vacation-back", name = name, until = until)
}

/// `vacation-bad-action`: “/vacation takes start or end, not "{ $value }", e.g. /vacation start.”
pub(crate) fn bad_action(value: &str) -> Msg {
    msg!("vacation-bad-action", value = value)
}

/// `vacation-ends`: “Welcome back: your vacation is over and your clocks run again.”
pub(crate) fn ends(lang: Lang) -> String {
    tr!(lang, "vacation-ends")
}

/// `vacation-frozen`: “{ $name } is on vacation: their clock in this game is frozen with { $left }
/// left.”
pub(crate) fn frozen(lang: Lang, name: &str, left: String) -> String {
    tr!(lang, "vacation-frozen", name = name, left = left)
}

/// `vacation-not-on`: “You are not on vacation; /vacation start begins one.”
pub(crate) fn not_on() -> Msg {
    msg!("vacation-not-on")
}

/// `vacation-ran-out`: “Your vacation days for this year are used up, so your vacation has ended:
/// your clocks run again.”
pub(crate) fn ran_out(lang: Lang) -> String {
    tr!(lang, "vacation-ran-out")
}

/// `vacation-starts`: “Your vacation starts now: your clocks are frozen in all your games until you
/// come back with /vacation end, or { $until } when the { $left } left in your { $year } bank of 30
/// days run out.”
pub(crate) fn starts(lang: Lang, until: String, left: String, year: i64) -> String {
    tr!(
        lang,
        "vacation-starts",
        until = until,
        left = left,
        year = year
    )
}

/// `vacation-state`: “You are not on vacation. /vacation start freezes your clocks in all your
/// games. Vacation left in { $year }: { $left } of 30 days.”
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
        since = since,
        ends = ends,
        year = year,
        left = left
    )
}

/// `vacation-used-up`: “You have used your 30 vacation days for { $year }; the bank fills again on
/// 1 January.”
pub(crate) fn used_up(year: i64) -> Msg {
    msg!("vacation-used-up", year = year)
}
