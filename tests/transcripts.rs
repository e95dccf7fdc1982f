//! Runs every `tests/transcripts/*.txt` through the local channel on a fresh database and
//! compares the output with the `.out` file next to it. `UPDATE_TRANSCRIPTS=1 cargo test
//! --test transcripts` rewrites the expected files instead (review the diff before
//! committing). Every picture a transcript mentions must be written and decode as a PNG.

use plateau::local::Session;
use std::path::{Path, PathBuf};

/// 2026-01-01T00:00:00Z: transcripts run on a fixed clock so their output never changes.
const START_MS: i64 = 1_767_225_600_000;

fn run(txt: &Path) -> Result<(), String> {
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let renders = dir.path().join("renders");
    // A private database: in memory, or a fresh PostgreSQL schema when the service tests
    // run on PostgreSQL (`plateau::store::testing`).
    let db = plateau::store::testing::location(Path::new(":memory:"));
    let session =
        Session::open_at(Some(&db), Some(renders.clone()), START_MS).map_err(|e| e.to_string())?;
    let text = std::fs::read_to_string(txt).map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    session
        .script(&text, &mut out)
        .map_err(|e| format!("{}: {e}", txt.display()))?;
    let out = String::from_utf8(out).map_err(|e| e.to_string())?;
    for line in out.lines() {
        if let Some(name) = line
            .strip_prefix("[image ")
            .and_then(|l| l.strip_suffix(']'))
        {
            let bytes = std::fs::read(renders.join(name))
                .map_err(|e| format!("{}: image {name} not written: {e}", txt.display()))?;
            let img = image::load_from_memory_with_format(&bytes, image::ImageFormat::Png)
                .map_err(|e| format!("{}: image {name} does not decode: {e}", txt.display()))?;
            if img.width() < 100 || img.height() < 100 {
                return Err(format!("{}: image {name} is too small", txt.display()));
            }
        }
    }
    for line in out.lines() {
        if let Some(name) = line
            .strip_prefix("[file ")
            .and_then(|l| l.strip_suffix(']'))
        {
            let bytes = std::fs::read(renders.join(name))
                .map_err(|e| format!("{}: file {name} not written: {e}", txt.display()))?;
            if name.ends_with(".gif") {
                image::load_from_memory_with_format(&bytes, image::ImageFormat::Gif)
                    .map_err(|e| format!("{}: {name} does not decode: {e}", txt.display()))?;
            }
        }
    }
    let expected_path = txt.with_extension("out");
    if std::env::var_os("UPDATE_TRANSCRIPTS").is_some() {
        std::fs::write(&expected_path, &out).map_err(|e| e.to_string())?;
        return Ok(());
    }
    let expected = std::fs::read_to_string(&expected_path).map_err(|e| {
        format!(
            "{}: {e} (create it with UPDATE_TRANSCRIPTS=1 cargo test --test transcripts)",
            expected_path.display()
        )
    })?;
    if expected != out {
        let first = expected
            .lines()
            .zip(out.lines())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| expected.lines().count().min(out.lines().count()));
        return Err(format!(
            "{} differs from {} at line {}:\n  expected: {:?}\n  got:      {:?}\n(rewrite with UPDATE_TRANSCRIPTS=1 cargo test --test transcripts)",
            txt.display(),
            expected_path.display(),
            first + 1,
            expected.lines().nth(first).unwrap_or("<end>"),
            out.lines().nth(first).unwrap_or("<end>"),
        ));
    }
    Ok(())
}

#[test]
fn transcripts() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/transcripts");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/transcripts exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        // `TRANSCRIPTS=conditional` runs only the files whose name holds that word.
        .filter(|p| {
            std::env::var("TRANSCRIPTS").map_or(true, |only| {
                p.file_name()
                    .is_some_and(|n| n.to_string_lossy().contains(&only))
            })
        })
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no transcripts in {}", dir.display());
    let failures: Vec<String> = files.iter().filter_map(|f| run(f).err()).collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
