//! `plateau rules GAME [--lang L]`: the rules summary `/rules` shows.

use super::failure::Failure;
use super::game::kind;
use super::words::language;
use clap::Args;
use plateau::i18n::say;
use std::io::{self, Write};

#[derive(Args)]
pub struct Rules {
    game: String,
    /// The summary's language (a folder of locales/: en, fr).
    #[arg(long, default_value = "en")]
    lang: String,
}

pub fn run(Rules { game, lang }: Rules) -> Result<(), Failure> {
    let lang = language(&lang)?;
    writeln!(io::stdout(), "{}", say(lang, &kind(&game)?.rules_summary()))?;
    Ok(())
}
