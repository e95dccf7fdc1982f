//! `--renders DIR` of `play` and `script`.

use super::failure::Failure;
use std::path::Path;

/// The pictures' folder, made if missing and tried with a file, so that a folder the bot
/// cannot use is named at the start rather than at the first board.
pub fn writable(dir: &Path) -> Result<(), Failure> {
    let probe = dir.join(".plateau-write-test");
    std::fs::create_dir_all(dir)
        .and_then(|()| std::fs::write(&probe, b""))
        .and_then(|()| std::fs::remove_file(&probe))
        .map_err(|e| {
            Failure::Usage(format!(
                "--renders {}: the pictures cannot be written there ({e}); give a folder you \
                 can write to, e.g. --renders boards",
                dir.display()
            ))
        })
}
