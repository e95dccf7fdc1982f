//! `plateau replay FILE [--out DIR] [--lang L]`: a game record's final position as JSON, and
//! with `--out` its final board and an animated replay.

use super::failure::Failure;
use super::words::language;
use anyhow::Context as _;
use clap::Args;
use plateau::render;
use plateau::table::record::{animate, Record, ATTACHMENT_LIMIT};
use std::path::PathBuf;

#[derive(Args)]
pub struct Replay {
    file: PathBuf,
    #[arg(long)]
    out: Option<PathBuf>,
    /// The language of the pictures' words (a folder of locales/: en, fr).
    #[arg(long, default_value = "en")]
    lang: String,
}

pub fn run(Replay { file, out, lang }: Replay) -> Result<(), Failure> {
    let lang = language(&lang)?;
    let text = std::fs::read_to_string(&file)
        .map_err(|e| Failure::Usage(format!("{}: {e}", file.display())))?;
    let record =
        Record::parse(&text).map_err(|e| Failure::Usage(format!("{}: {e}", file.display())))?;
    let positions = record
        .positions()
        .map_err(|e| Failure::Usage(format!("{}: {e}", file.display())))?;
    let last = positions.last().expect("the set-up is a position");
    if let Some(dir) = out {
        let stem = file
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "game".into());
        std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
        let png = dir.join(format!("{stem}.png"));
        let view = render::View {
            lang,
            ..record.view()
        };
        std::fs::write(&png, render::png(last, &view))
            .with_context(|| format!("writing {}", png.display()))?;
        let gif = animate(&positions, &view, ATTACHMENT_LIMIT)
            .map_err(|e| anyhow::anyhow!("drawing the replay: {e}"))?;
        let path = dir.join(format!("{stem}.gif"));
        std::fs::write(&path, gif.bytes).with_context(|| format!("writing {}", path.display()))?;
    }
    println!("{}", last.state_json());
    Ok(())
}
