//! Autocomplete: the author's legal moves, served from memory.

use super::service::Service;
use super::{live, Context, AUTOCOMPLETE_MAX};
use std::sync::Arc;

/// Legal moves of the channel's running game for the author when it is their turn,
/// filtered by what they typed: a prefix of the canonical text, or every typed word a
/// prefix of the corresponding word (`mo h3 h` finds `move h3 h5`). At most
/// [`AUTOCOMPLETE_MAX`]; served from memory.
pub(crate) fn autocomplete(svc: &Service, ctx: &Context, typed: &str) -> Vec<String> {
    let started = std::time::Instant::now();
    let found = autocomplete_from_memory(svc, ctx, typed);
    crate::ops::metrics::autocomplete(started.elapsed());
    found
}

pub(crate) fn autocomplete_from_memory(svc: &Service, ctx: &Context, typed: &str) -> Vec<String> {
    match auto_for(svc, ctx) {
        Some(auto) => matching(&auto, typed),
        None => Vec::new(),
    }
}

/// As [`autocomplete`], when it can be answered without waiting: the channel's game already
/// in memory and, when it is the author's turn, its moves already listed (every keystroke
/// after the first). A transport answers those on its own thread rather than handing them
/// to a pool of blocking ones, which under load cost more than the answer. `None` when the
/// store or the listing would be needed.
pub(crate) fn autocomplete_now(svc: &Service, ctx: &Context, typed: &str) -> Option<Vec<String>> {
    let started = std::time::Instant::now();
    let auto = svc.cached(&ctx.channel.id)?.auto.read().clone();
    let found = if auto.mover.as_deref() != Some(ctx.user.id.as_str()) {
        Vec::new()
    } else if auto.listed() {
        matching(&auto, typed)
    } else {
        return None;
    };
    crate::ops::metrics::autocomplete(started.elapsed());
    Some(found)
}

/// `auto`'s moves that `typed` finds, at most [`AUTOCOMPLETE_MAX`].
fn matching(auto: &live::Auto, typed: &str) -> Vec<String> {
    let typed = typed.trim_start().to_ascii_lowercase();
    let words: Vec<&str> = typed.split_whitespace().collect();
    auto.moves()
        .iter()
        .filter(|m| {
            m.starts_with(typed.as_str()) || {
                let mut mw = m.split(' ');
                words
                    .iter()
                    .all(|w| mw.next().is_some_and(|x| x.starts_with(w)))
            }
        })
        .take(AUTOCOMPLETE_MAX)
        .cloned()
        .collect()
}

/// Every legal move of the channel's running game for the author when it is their turn
/// (empty otherwise), sorted, from memory: for transports that complete one option of a
/// verb at a time and need more than [`AUTOCOMPLETE_MAX`] whole moves to pick words from.
pub(crate) fn legal_moves_for(svc: &Service, ctx: &Context) -> Vec<String> {
    auto_for(svc, ctx)
        .map(|a| a.moves().to_vec())
        .unwrap_or_default()
}

/// The cached moves of the channel's game if the author is the one to move.
pub(crate) fn auto_for(svc: &Service, ctx: &Context) -> Option<Arc<live::Auto>> {
    let slot = svc.slot(&ctx.channel.id)?;
    let auto = slot.auto.read().clone();
    (auto.mover.as_deref() == Some(ctx.user.id.as_str())).then_some(auto)
}
