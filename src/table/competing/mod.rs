//! The service's side of issue 14: challenges, the seek queue and tournaments. What they
//! decide (pairings, tables, standings, matches) comes from the `competition` room; here
//! they become rows, answers and games. Every game they start goes through an opening
//! (`openings.rs`): decided in the store first, then given a channel by the transport.

mod challenges;
mod openings;
mod seeks;
mod tournaments;

pub use openings::Opening;
pub(crate) use tournaments::settle_tournament_game;

use super::api::Context;
use crate::i18n::Msg;
use crate::msg;

/// A user named in an option: `<@id>` as Discord sends a user option (and the local
/// channel writes `@name`), the id and the name the service knows, if any.
pub(crate) fn user_option(
    store: &crate::store::Store,
    value: &str,
) -> Result<(String, String), Msg> {
    let v = value.trim();
    if let Some(id) = v
        .strip_prefix("<@")
        .and_then(|r| r.strip_suffix('>'))
        .map(|r| r.trim_start_matches('!'))
    {
        let name = store.player_name(id).ok().flatten().unwrap_or_default();
        return Ok((id.to_string(), name));
    }
    let name = v.trim_start_matches('@');
    match store.player_named(name) {
        Ok(Some(found)) => Ok(found),
        _ => Err(msg!("compete-unknown-user", who = name)),
    }
}

/// Competitions live on a server (the local channel counts as one); a direct message has
/// no one to find.
pub(crate) fn not_in_dm(ctx: &Context, what: &'static str) -> Result<(), Msg> {
    if ctx.is_dm {
        return Err(msg!("compete-not-in-dm", what = what));
    }
    Ok(())
}
