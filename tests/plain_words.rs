//! Every reply of every transcript (`tests/transcripts/*.out`) in plain words (issue 27): no
//! rule numbers outside `/rules` ("(R11)", "rule R4.2"), no seat jargon ("seat 2 (Blue)"), no
//! doubled brackets ("Plateau (easy) (Blue)"), no "1 frames", "0 minutes" or raw "rated=".
//! It reads the expected outputs, so a wording that comes back fails here before it is merged.
//! The same outputs show that answers which only inform the asker (`/board`, `/history`, ..)
//! are private unless shared.

use std::path::Path;

/// Whether `line` names a rule by number: `R` then a digit, not inside a word (`R9`, `R4.2`,
/// `R6-rps`), as the rules files number them.
fn rule_number(line: &str) -> bool {
    let b = line.as_bytes();
    (0..b.len().saturating_sub(1)).any(|i| {
        b[i] == b'R' && b[i + 1].is_ascii_digit() && (i == 0 || !b[i - 1].is_ascii_alphanumeric())
    })
}

/// Whether `line` says "seat N" (any case): players are named by name and colour instead.
fn seat_number(line: &str) -> bool {
    let lower = line.to_lowercase();
    lower.match_indices("seat ").any(|(i, m)| {
        lower[i + m.len()..]
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_digit())
            && (i == 0 || !lower.as_bytes()[i - 1].is_ascii_alphabetic())
    })
}

/// What is wrong with `line`, a reply to `command`.
fn fault(command: &str, line: &str) -> Option<&'static str> {
    let rules = command.split_whitespace().any(|w| w == "/rules");
    if !rules && rule_number(line) {
        return Some("a rule number outside /rules");
    }
    if seat_number(line) {
        return Some("seat jargon (\"seat N\")");
    }
    if line.contains(") (") || line.contains("))") {
        return Some("doubled brackets");
    }
    for (bad, why) in [
        ("1 frames", "\"1 frames\""),
        (" 0 minutes", "\"0 minutes\" (say \"under a minute\")"),
        ("rated=", "a raw \"rated=\""),
    ] {
        if line.contains(bad) {
            return Some(why);
        }
    }
    None
}

/// The faults of one transcript output, as `file:line: why: text`.
fn faults(path: &Path, out: &str) -> Vec<String> {
    let mut command = "";
    let mut found = Vec::new();
    for (n, line) in out.lines().enumerate() {
        // An echoed input line (a command, or a comment written by whoever wrote the test).
        if let Some(input) = line.strip_prefix("> ") {
            command = input;
            continue;
        }
        // Attachments and buttons name files and commands, not sentences.
        if line.starts_with("[image ") || line.starts_with("[file ") || line.starts_with("[button ")
        {
            continue;
        }
        if let Some(why) = fault(command, line) {
            found.push(format!("{}:{}: {why}: {line}", path.display(), n + 1));
        }
    }
    found
}

#[test]
fn every_transcript_reply_is_in_plain_words() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/transcripts");
    let mut found = Vec::new();
    let mut read = 0;
    for entry in std::fs::read_dir(&dir).expect("tests/transcripts exists") {
        let path = entry.expect("readable entry").path();
        if path.extension().is_some_and(|e| e == "out") {
            let out = std::fs::read_to_string(&path).expect("readable transcript");
            found.extend(faults(&path, &out));
            read += 1;
        }
    }
    assert!(
        read > 10,
        "only {read} transcript outputs found in {}",
        dir.display()
    );
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn the_checks_catch_what_they_are_for() {
    let p = Path::new("x.out");
    let bad = [
        "Game over: alice (Orange) wins (Blue reached 13 points (R11)).",
        "Cannot play \"done\": no transport step now (rule R4.2).",
        "Game over: alice wins (seat 2 (Blue) resigned).",
        "South (seat 1) rolled 6 5 4.",
        "Plateau (easy) (Blue) played turn c8 e.",
        "Blue (Plateau (easy)) to move.",
        "Replay of Pikemen game 3 (1 frames).",
        "Sprawl: 1 game, 0 minutes a move on average",
        "Game 3 (rated=false) ends.",
    ];
    for line in bad {
        let out = format!("> @alice /board\n{line}\n");
        assert_eq!(faults(p, &out).len(), 1, "{line}");
    }
    let good = [
        "> @alice /rules pikemen\nR11 Score: the first to 13 points wins.",
        "> # A comment naming R9 and seat 2 (Blue) is the test writer's.\n",
        "> @alice /board\nGame over, alice (Orange) wins: Blue resigned.",
        "> @alice /board\nSprawl: 1 game, under a minute a move on average",
        "> @alice /replay\nReplay of Pikemen game 3 (1 frame).",
        "> @alice /board\nRed, ROUTE66, 12 rounds, seats 1-4.",
    ];
    for out in good {
        assert!(faults(p, out).is_empty(), "{out}: {:?}", faults(p, out));
    }
}

/// The commands whose answer only informs the asker: private unless shared (issue 27).
const INFORMATIONAL: &[&str] = &[
    "/board",
    "/history",
    "/export",
    "/replay",
    "/rating",
    "/stats",
    "/leaderboard",
    "/analyse",
];

/// Informational answers posted in public without `share:true`, as `file:line: command`.
fn public_information(path: &Path, out: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut asked: Option<&str> = None;
    for (n, line) in out.lines().enumerate() {
        if let Some(input) = line.strip_prefix("> ") {
            let words: Vec<&str> = input.split_whitespace().collect();
            let command = words.iter().find(|w| w.starts_with('/'));
            asked = command
                .filter(|c| INFORMATIONAL.contains(c))
                .filter(|_| !input.contains("share:true"))
                .map(|_| input);
            continue;
        }
        // A reply's first line names where it went: `[#channel]` alone is public.
        if let Some(input) = asked {
            if line.starts_with("[#") && !line.contains("(ephemeral") {
                found.push(format!("{}:{}: {input}", path.display(), n + 1));
            }
        }
    }
    found
}

#[test]
fn informational_answers_are_private_unless_shared() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/transcripts");
    let mut found = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("tests/transcripts exists") {
        let path = entry.expect("readable entry").path();
        if path.extension().is_some_and(|e| e == "out") {
            let out = std::fs::read_to_string(&path).expect("readable transcript");
            found.extend(public_information(&path, &out));
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
    // And the check sees what it is for.
    let p = Path::new("x.out");
    let posted = "> @carol /history\n[#tavern]\nPikemen game 1: ...\n";
    assert_eq!(public_information(p, posted).len(), 1);
    let private = "> @carol /history\n[#tavern] (ephemeral)\nPikemen game 1: ...\n";
    assert!(public_information(p, private).is_empty());
    let shared = "> @carol /history share:true\n[#tavern]\nShared by carol: ...\n";
    assert!(public_information(p, shared).is_empty());
}

/// Issue 40: no message of any language names a rule by number, wherever it is shown (a
/// game's end reached the board picture as "7 to 6 (R9)"), except the rules summaries of
/// `/rules` (`rules.ftl`), which are where the numbers belong.
#[test]
fn no_message_names_a_rule_number() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("locales");
    let mut found = Vec::new();
    for lang in std::fs::read_dir(&root).expect("locales/ exists") {
        let lang = lang.expect("readable entry").path();
        for file in std::fs::read_dir(&lang).expect("a language folder") {
            let path = file.expect("readable entry").path();
            if path.file_name().is_some_and(|n| n == "rules.ftl") {
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("readable messages");
            for (n, line) in text.lines().enumerate() {
                let comment = line.trim_start().starts_with('#');
                if !comment && (rule_number(line) || line.contains("$rule")) {
                    found.push(format!("{}:{}: {line}", path.display(), n + 1));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "rule numbers in messages:\n{}",
        found.join("\n")
    );
}
