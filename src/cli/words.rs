//! The words other flags take (`--lang`, `--level`, `--a`, `--b`), read or refused with the
//! list of those that exist.

use super::failure::Failure;
use plateau::i18n::Lang;

pub fn language(code: &str) -> Result<Lang, Failure> {
    Lang::parse(code).ok_or_else(|| {
        let all: Vec<&str> = Lang::all().map(Lang::code).collect();
        Failure::Usage(format!(
            "unknown language \"{code}\": the languages are {}",
            all.join(", ")
        ))
    })
}

pub fn level_of(word: &str) -> Result<plateau::ai::Level, Failure> {
    plateau::ai::Level::parse(word).ok_or_else(|| {
        Failure::Usage(format!(
            "unknown level \"{word}\": the levels are random, easy, medium, hard"
        ))
    })
}
