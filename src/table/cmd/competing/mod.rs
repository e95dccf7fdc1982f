//! The service's side of issue 14: challenges, the seek queue and tournaments. What they
//! decide (pairings, tables, standings, matches) comes from the `competition` room; here
//! they become rows, answers and games. Every game they start goes through an opening
//! (`openings.rs`): decided in the store first, then given a channel by the transport.

mod challenges;
mod openings;
mod seeks;
mod tournaments;

pub use openings::Opening;

use crate::i18n::Msg;
use crate::msg;
use crate::table::api::Context;

/// A user named in an option (`<@id>` as Discord sends a user option, or `@name`): their id
/// and the name the service knows (empty for someone who never sat at a table here). The
/// lookup is `/rating`'s; only its refusal is worded for challenges.
pub(crate) fn user_option(
    store: &crate::store::Store,
    value: &str,
) -> Result<(String, String), Msg> {
    let nobody = crate::rating::views::Who {
        id: String::new(),
        name: String::new(),
    };
    match crate::rating::views::who(store, Some(value), &nobody) {
        Ok(w) => Ok((w.id, w.name)),
        Err(m) if m.id == "rating-unknown-player" => Err(msg!(
            "compete-unknown-user",
            who = value.trim().trim_start_matches('@')
        )),
        Err(m) => Err(m),
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
