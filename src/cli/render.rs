//! `plateau render GAME [OPTS] [--history ...] --out FILE.png`: the position drawn.

use super::failure::Failure;
use super::game::{position, GameArgs};
use super::words::language;
use anyhow::Context as _;
use clap::Args;
use plateau::render;
use std::path::PathBuf;

#[derive(Args)]
pub struct Render {
    #[command(flatten)]
    game: GameArgs,
    #[arg(long)]
    out: PathBuf,
    /// The language of the picture's words (a folder of locales/: en, fr).
    #[arg(long, default_value = "en")]
    lang: String,
    /// light or dark.
    #[arg(long, default_value = "light")]
    theme: String,
    /// The seat whose side of the board is at the bottom (1 = as the notation reads).
    #[arg(long)]
    side: Option<u8>,
}

pub fn run(args: Render) -> Result<(), Failure> {
    let Render {
        game,
        out,
        lang,
        theme,
        side,
    } = args;
    let lang = language(&lang)?;
    let g = position(&game)?;
    let theme = render::Theme::parse(&theme)
        .ok_or_else(|| Failure::Usage(format!("--theme {theme}: the themes are light and dark")))?;
    if let Some(s) = side.filter(|&s| s == 0 || s > g.players()) {
        return Err(Failure::Usage(format!(
            "--side {s}: this game's seats are 1 to {}",
            g.players()
        )));
    }
    let png = render::png(
        &g,
        &render::View {
            lang,
            theme,
            side,
            ..Default::default()
        },
    );
    std::fs::write(&out, png).with_context(|| format!("writing {}", out.display()))?;
    Ok(())
}
