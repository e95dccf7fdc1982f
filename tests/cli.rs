//! The `plateau` binary as tools outside the code use it (conventions §1), error contract
//! included: status 2, one line on stderr, nothing on stdout.

use std::process::{Command, Output};

fn plateau(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_plateau"))
        .args(args)
        .env("PLATEAU_CLOCK_START", "2026-01-01T00:00:00Z")
        .output()
        .expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

/// Status 2, exactly one line on stderr containing `says`, nothing on stdout.
fn refused(o: &Output, says: &str) {
    assert_eq!(o.status.code(), Some(2), "{}", stderr(o));
    assert!(o.stdout.is_empty(), "stdout: {}", stdout(o));
    let err = stderr(o);
    assert_eq!(err.lines().count(), 1, "stderr: {err}");
    assert!(err.contains(says), "stderr: {err}");
}

#[test]
fn moves_lists_the_position_sorted() {
    let o = plateau(&["moves", "pikemen"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let lines: Vec<String> = stdout(&o).lines().map(String::from).collect();
    // R3 from the set-up: 15 upright pieces, 8 facings each, no charges.
    assert_eq!(lines.len(), 120);
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    assert_eq!(lines[0], "turn d1 e");

    let o = plateau(&["moves", "pikemen", "--history", "turn d1 nw; turn a4 e"]);
    assert!(o.status.success());
    assert!(stdout(&o).lines().any(|l| l == "move d1 a4"));
    let o = plateau(&["moves", "pikemen", "--players", "4"]);
    assert_eq!(stdout(&o).lines().count(), 9 * 8);
}

#[test]
fn history_errors_name_the_move() {
    let o = plateau(&[
        "moves",
        "pikemen",
        "--history",
        "turn h3 n; turn a6 s; move e2 e9",
    ]);
    refused(&o, "move 3 \"move e2 e9\": e9 is not on the board");
    let o = plateau(&["state", "pikemen", "--history", "turn h3 up", "--json"]);
    refused(&o, "move 1 \"turn h3 up\":");
    let o = plateau(&[
        "render",
        "pikemen",
        "--history",
        "turn a8 s",
        "--out",
        "x.png",
    ]);
    refused(&o, "(rule R3)");
}

#[test]
fn unknown_games_and_options_exit_2() {
    refused(&plateau(&["moves", "chess"]), "unknown game \"chess\"");
    refused(
        &plateau(&["moves", "pikemen", "--option", "colour=red"]),
        "unknown option \"colour\"",
    );
    refused(
        &plateau(&["moves", "pikemen", "--option", "target=99"]),
        "option target must be",
    );
    refused(
        &plateau(&["moves", "pikemen", "--option", "target"]),
        "key=value",
    );
    refused(
        &plateau(&["perft", "pikemen", "1", "--players", "9"]),
        "2 to 4 players",
    );
    refused(&plateau(&["rules", "chess"]), "the games are");
    refused(&plateau(&["serve"]), "plateau play");
    refused(
        &plateau(&["moves", "pikemen", "--colour", "red"]),
        "--colour",
    );
    refused(&plateau(&["perft", "pikemen", "deep"]), "deep");
}

#[test]
fn state_is_one_json_object() {
    let o = plateau(&[
        "state",
        "pikemen",
        "--players",
        "3",
        "--option",
        "target=15",
        "--history",
        "turn d8 s",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 1);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["game"], "pikemen");
    assert_eq!(v["players"], 3);
    assert_eq!(v["to_move"], 2);
    assert_eq!(v["outcome"], serde_json::Value::Null);
    assert_eq!(v["scores"], serde_json::json!([0, 0, 0]));
    assert_eq!(v["board"]["target"], 15);
}

#[test]
fn perft_rules_and_render() {
    let o = plateau(&["perft", "pikemen", "1"]);
    assert_eq!(stdout(&o).trim(), "120");
    let o = plateau(&["rules", "pikemen"]);
    assert!(stdout(&o).starts_with("Pikemen"));
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("board.png");
    let o = plateau(&[
        "render",
        "pikemen",
        "--history",
        "turn h3 n",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    image::open(&out).expect("a PNG");
}

#[test]
fn script_runs_a_transcript_and_continues_on_the_same_database() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("p.db");
    let renders = dir.path().join("boards");
    let first = dir.path().join("first.txt");
    std::fs::write(
        &first,
        "@alice #t /new pikemen 2\n@bob #t /join\n@alice /start order:join\n@alice /turn h3 n\n",
    )
    .unwrap();
    let args = |f: &std::path::Path| {
        vec![
            "script".to_string(),
            f.to_str().unwrap().to_string(),
            "--db".into(),
            db.to_str().unwrap().into(),
            "--renders".into(),
            renders.to_str().unwrap().into(),
        ]
    };
    let a = args(&first);
    let o = plateau(&a.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("> @alice /turn h3 n\n[#t]\nalice (Orange) played turn h3 n."));
    assert!(renders.join("game-1-ply-1.png").exists());

    // A new process on the same database: bob answers, as if nothing happened.
    let second = dir.path().join("second.txt");
    std::fs::write(&second, "@bob #t /turn a6 s\n@bob /history\n").unwrap();
    let a = args(&second);
    let o = plateau(&a.iter().map(String::as_str).collect::<Vec<_>>());
    let out = stdout(&o);
    assert!(out.contains("bob (Blue) played turn a6 s."), "{out}");
    assert!(
        out.contains("1. alice (Orange): turn h3 n\n2. bob (Blue): turn a6 s"),
        "{out}"
    );
}

#[test]
fn script_refuses_files_it_cannot_read_or_parse() {
    let dir = tempfile::tempdir().unwrap();
    refused(
        &plateau(&["script", dir.path().join("none.txt").to_str().unwrap()]),
        "none.txt",
    );
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "@alice /new pikemen\nhello there\n").unwrap();
    refused(&plateau(&["script", bad.to_str().unwrap()]), "line 2");
    // Commands the bot refuses are part of a transcript, not errors of the file.
    let ok = dir.path().join("ok.txt");
    std::fs::write(&ok, "@alice /frobnicate\n").unwrap();
    let o = plateau(&["script", ok.to_str().unwrap()]);
    assert!(o.status.success());
    assert!(stdout(&o).contains("(ephemeral)"));
}

#[test]
fn play_reads_lines_from_stdin() {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_plateau"))
        .args(["play", "--db"])
        .arg(dir.path().join("p.db"))
        .arg("--renders")
        .arg(dir.path().join("boards"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"@alice /new pikemen 2\nnonsense\n@bob hello there\n@bob /join\n")
        .unwrap();
    let o = child.wait_with_output().unwrap();
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.contains("alice opens a Pikemen table"), "{out}");
    assert!(
        out.contains("? \"nonsense\" should start with @name"),
        "{out}"
    );
    assert!(out.contains("bob joins"), "{out}");
    // Chat gets a hint in the terminal (a transcript passes over it in silence).
    assert!(
        out.contains("? The bot answers commands only: start with /, e.g. @bob #general /help"),
        "{out}"
    );
    // Piped input is echoed once, as a transcript is.
    assert_eq!(out.matches("> @bob /join").count(), 1, "{out}");
}

/// Issue 27: a pictures folder that cannot be used is named before anything runs.
#[test]
fn an_unusable_pictures_folder_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("not-a-folder");
    std::fs::write(&file, "").unwrap();
    let renders = file.join("boards");
    let renders = renders.to_str().unwrap();
    let db = dir.path().join("p.db");
    let o = plateau(&["play", "--db", db.to_str().unwrap(), "--renders", renders]);
    refused(
        &o,
        &format!("--renders {renders}: the pictures cannot be written there"),
    );
}

/// Issue 27: `arena` names what is missing, and how it is written.
#[test]
fn arena_says_which_argument_is_missing() {
    refused(
        &plateau(&["arena", "pikemen", "--a", "hard"]),
        "the following required arguments were not provided: --b <B> (usage: plateau arena",
    );
    refused(
        &plateau(&[
            "arena", "pikemen", "--a", "easy", "--b", "easy", "--games", "0",
        ]),
        "the number of games to play, at least 1",
    );
    let o = plateau(&[
        "arena", "pikemen", "--a", "random", "--b", "easy", "--games", "1",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("--b easy seconds a move"),
        "{}",
        stdout(&o)
    );
}

/// Issue 12: `plateau ratings rebuild` on the database a transcript left behind.
#[test]
fn ratings_rebuild_recomputes_from_the_finished_games() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("plateau.db");
    let db = db.to_str().unwrap();
    let script = dir.path().join("games.txt");
    std::fs::write(
        &script,
        // A rated game counts once both have moved (issue 27).
        "@alice #t /new pikemen 2\n@bob #t /join\n@alice /start order:join\n\
         @alice /turn d1 e\n@bob /turn a4 e\n@bob /resign\n\
         @alice /new pikemen 2 rated:false\n@bob /join\n@alice /start\n@alice /resign\n",
    )
    .unwrap();
    let o = plateau(&["script", script.to_str().unwrap(), "--db", db]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = plateau(&["ratings", "rebuild", "--db", db]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "Ratings rebuilt from 1 rated game.\n");
    let missing = dir.path().join("nothing.db");
    let o = plateau(&["ratings", "rebuild", "--db", missing.to_str().unwrap()]);
    refused(&o, "no such database");
}

/// `plateau serve` with a configuration file and a token, without reaching Discord (every
/// case here is refused before connecting).
fn serve_with(config: &str, args: &[&str]) -> Output {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    std::fs::write(&path, config).unwrap();
    let mut all = vec!["serve", "--config", path.to_str().unwrap()];
    all.extend_from_slice(args);
    Command::new(env!("CARGO_BIN_EXE_plateau"))
        .args(&all)
        .env("DISCORD_TOKEN", "not-a-real-token")
        .output()
        .expect("the binary runs")
}

/// Issue 16: bad configuration is refused at start with one clear line and status 2.
#[test]
fn shards_out_of_range_are_refused() {
    refused(
        &serve_with("", &["--shards", "2-1", "--total-shards", "4"]),
        "out of range",
    );
    refused(
        &serve_with("", &["--shards", "0-2", "--total-shards", "2"]),
        "FIRST <= LAST < 2",
    );
    refused(
        &serve_with("", &["--shards", "zero", "--total-shards", "2"]),
        "give FIRST-LAST",
    );
}

#[test]
fn an_unreachable_database_is_refused() {
    // Port 1 on loopback: nothing listens there.
    let o = serve_with(
        "[store]\nurl = \"postgres://plateau:secret@127.0.0.1:1/plateau\"\n",
        &[],
    );
    refused(
        &o,
        "cannot use the database at postgres://plateau:***@127.0.0.1:1/plateau",
    );
    assert!(
        !stderr(&o).contains("secret"),
        "the password is never shown"
    );
}

#[test]
fn a_wrong_password_is_refused() {
    let Some(url) = plateau::store::testing::postgres_url() else {
        return; // needs the test server (`.ci/test` starts one)
    };
    let (head, host) = url.rsplit_once('@').expect("the test URL names a user");
    let user = head.rsplit_once(':').map_or(head, |(u, _)| u);
    let wrong = format!("{user}:wrong-password@{host}");
    refused(
        &serve_with(&format!("[store]\nurl = \"{wrong}\"\n"), &[]),
        "password authentication failed",
    );
}
