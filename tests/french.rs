//! Issue 15: the French transcripts (`tests/transcripts/french-*.out`, whose players and
//! server all speak French) contain no English sentence. Every message the bot writes there is
//! scanned for words that exist in English only; what is not prose is left out first: slash
//! commands, `name:value` options, `code`, mentions and timestamps, and move notation (its
//! words, `turn`, `spore`, `large`..., are typed the same in every language).

use std::path::PathBuf;

/// Words of English sentences that are no French word, no notation and no option name.
const ENGLISH_ONLY: &[&str] = &[
    "the", "your", "you", "is", "are", "wins", "win", "players", "player", "game", "games",
    "opens", "joins", "begins", "seats", "seat", "played", "resigns", "legal", "cannot", "not",
    "with", "and", "clock", "reminder", "left", "offers", "offer", "accepts", "accepted",
    "declines", "declined", "draw", "board", "history", "time", "days", "hours", "minutes", "over",
    "which", "there", "this", "that", "of", "to", "it", "has", "have", "by", "moves", "rule",
    "square", "wait", "takes", "back", "asks", "lapses", "remove", "vote", "runs", "out", "last",
    "roll", "dice", "stash", "pips", "nobody", "should", "write", "settings", "saved", "yours",
    "here", "need", "needs", "only", "one", "when", "what", "who", "move", "first", "turns",
    "while",
];

/// Move notation and option values that read like English but are typed as they are.
fn is_notation(word: &str) -> bool {
    matches!(
        word,
        "turn"
            | "move"
            | "tower"
            | "build"
            | "branch"
            | "spore"
            | "challenge"
            | "retract"
            | "stand"
            | "place"
            | "control"
            | "upgrade"
            | "activate"
            | "transport"
            | "done"
            | "skip"
            | "from"
            | "overload"
            | "joker"
            | "small"
            | "medium"
            | "large"
            | "up"
    )
}

/// The prose of one line the bot wrote, or nothing for echoed input and attachment lines.
fn prose(line: &str) -> Option<String> {
    if line.starts_with("> ") || line.starts_with("[#") || line.starts_with("[dm ") {
        return None;
    }
    if line.starts_with("[image ") || line.starts_with("[file ") {
        return None;
    }
    let line = match line.strip_prefix("[button ") {
        Some(rest) => rest.split_once(':').map_or(rest, |(label, _)| label),
        None => line,
    };
    let mut out = String::new();
    let mut in_code = false;
    for ch in line.chars() {
        if ch == '`' {
            in_code = !in_code;
            out.push(' ');
        } else if !in_code {
            out.push(ch);
        }
    }
    let kept: Vec<&str> = out
        .split_whitespace()
        .filter(|w| !w.starts_with(['/', '@', '<', '#']))
        .filter(|w| !w.trim_end_matches([':', '.', ',', ')']).contains(':'))
        .collect();
    Some(kept.join(" "))
}

fn english_words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphabetic())
        .map(str::to_lowercase)
        .filter(|w| !w.is_empty() && !is_notation(w))
        .filter(|w| ENGLISH_ONLY.contains(&w.as_str()))
        .collect()
}

#[test]
fn french_transcripts_have_no_english_sentence() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/transcripts");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/transcripts exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension().is_some_and(|x| x == "out")
                && p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.starts_with("french-"))
        })
        .collect();
    files.sort();
    assert!(files.len() >= 2, "the French transcripts are missing");
    let mut found = Vec::new();
    let mut lines = 0;
    for f in &files {
        let text = std::fs::read_to_string(f).expect("a transcript's output");
        for (n, line) in text.lines().enumerate() {
            let Some(p) = prose(line) else { continue };
            lines += 1;
            let words = english_words(&p);
            if !words.is_empty() {
                found.push(format!(
                    "{}:{}: {words:?} in {line:?}",
                    f.file_name().unwrap().to_string_lossy(),
                    n + 1
                ));
            }
        }
    }
    assert!(lines > 100, "only {lines} lines of replies scanned");
    assert!(
        found.is_empty(),
        "English in French replies:\n{}",
        found.join("\n")
    );
}

/// The scan itself finds English, and lets notation, commands and options through.
#[test]
fn the_scan_tells_english_from_notation() {
    let en = prose("It is not your turn: bob (Blue) is to move.").unwrap();
    // (`move` is notation, left alone.)
    assert_eq!(english_words(&en), ["it", "is", "not", "your", "is", "to"]);
    let fr = prose("alice (Orange) a joué turn d1 e. Écrivez `move FROM TO`, /moves, quiet:off.")
        .unwrap();
    assert!(english_words(&fr).is_empty(), "{fr}");
    assert_eq!(
        prose("[button Coups possibles: /moves]").unwrap(),
        "Coups possibles"
    );
    assert_eq!(prose("> @bob /turn a4 e"), None);
}
