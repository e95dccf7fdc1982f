//! Issue 41: the registry adds up. Every command it lists has its lines in `/help`, its
//! descriptions for Discord in English and in French, and at least one transcript of the
//! local channel that uses it.

use plateau::i18n::{exists_in, Lang};
use plateau::table::command_specs;
use plateau::table::spec::OptionType;
use std::path::Path;

/// Every transcript's input lines, as typed.
fn transcripts() -> String {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/transcripts");
    let mut all = String::new();
    for entry in std::fs::read_dir(&dir).expect("tests/transcripts") {
        let path = entry.expect("an entry").path();
        if path.extension().is_some_and(|x| x == "txt") {
            all += &std::fs::read_to_string(&path).expect("a transcript");
            all.push('\n');
        }
    }
    all
}

/// Whether a line of a transcript types `/name` (then a space, or the line's end).
fn uses(transcripts: &str, name: &str) -> bool {
    let slash = format!("/{name}");
    transcripts.lines().any(|line| {
        line.match_indices(&slash).any(|(at, _)| {
            let after = &line[at + slash.len()..];
            after.is_empty() || after.starts_with(' ')
        })
    })
}

#[test]
fn every_command_has_its_help_descriptions_and_a_transcript() {
    let typed = transcripts();
    let fr = Lang::parse("fr").expect("French is shipped");
    let mut missing = Vec::new();
    let specs: Vec<_> = command_specs().collect();
    assert!(specs.len() >= 39, "only {} commands listed", specs.len());
    for spec in &specs {
        if spec.help.is_empty() {
            missing.push(format!("/{}: no line in /help", spec.name));
        }
        for line in spec.help {
            for lang in [Lang::EN, fr] {
                if !exists_in(lang, line.2) {
                    missing.push(format!(
                        "/{}: help line {} in {}",
                        spec.name,
                        line.2,
                        lang.code()
                    ));
                }
            }
        }
        for lang in [Lang::EN, fr] {
            let id = spec.description_id();
            if !exists_in(lang, &id) {
                missing.push(format!("/{}: {id} in {}", spec.name, lang.code()));
            }
            // A game's own options are described by the engine, not by name here.
            for option in spec
                .options
                .iter()
                .filter(|o| o.ty != OptionType::GameOptions)
            {
                let id = spec.option_description_id(option);
                if !exists_in(lang, &id) {
                    missing.push(format!("/{}: {id} in {}", spec.name, lang.code()));
                }
            }
        }
        if !uses(&typed, spec.name) {
            missing.push(format!("/{}: no transcript uses it", spec.name));
        }
    }
    assert!(
        missing.is_empty(),
        "the registry lacks:\n{}",
        missing.join("\n")
    );
    println!(
        "{} commands: each with help, en+fr descriptions, a transcript",
        specs.len()
    );
}
