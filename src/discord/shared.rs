//! What every handler of the bot shares, and the two ways it runs the service: a job in the
//! blocking pool ([`run_service`]) and a job whose channel messages are then posted
//! ([`post_job`]). `bot.rs` and `openings.rs` both build on it.

use super::post::{post_reply, Muted};
use super::register::Registration;
use super::respond::Answered;
use super::Backend;
use crate::config::Config;
use crate::i18n::Lang;
use crate::table::Reply;
use poise::serenity_prelude as serenity;
use serenity::all::Http;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::Semaphore;
use tokio::task::JoinHandle;

/// What every handler shares.
pub struct Shared {
    pub(super) service: Arc<dyn Backend>,
    pub(super) config: Config,
    pub(super) inflight: Arc<Semaphore>,
    /// Held while decided games get their threads (`openings.rs`), so that two jobs never
    /// open a thread each for one game.
    pub(super) opening: tokio::sync::Mutex<()>,
    pub(super) registration: Mutex<Option<Registration>>,
    pub(super) muted: Arc<Muted>,
    pub(super) answered: Arc<Answered>,
    pub(super) stop_ticking: tokio::sync::Notify,
}

/// Runs `f` on the service in the blocking pool (SQLite and PNG rendering block).
pub(super) fn run_service<T: Send + 'static>(
    shared: &Shared,
    f: impl FnOnce(&dyn Backend) -> T + Send + 'static,
) -> JoinHandle<T> {
    let service = shared.service.clone();
    tokio::task::spawn_blocking(move || f(service.as_ref()))
}

/// Runs a service job that returns channel messages (the scheduler's, computer players'
/// boards) in the blocking pool and posts them.
pub(super) async fn post_job(
    shared: &Shared,
    http: &Http,
    job: impl FnOnce(&dyn Backend) -> Vec<Reply> + Send + 'static,
) {
    // Each player's language comes with the replies, for a direct message should their
    // channel refuse the bot.
    let due = run_service(shared, |s| {
        let replies = job(s);
        let langs: HashMap<String, Lang> = replies
            .iter()
            .flat_map(|r| r.mentions.iter().map(move |u| (u, &r.channel)))
            .map(|(u, channel)| (u.clone(), s.user_lang_in(u, channel)))
            .collect();
        (replies, langs)
    })
    .await
    .unwrap_or_default();
    let (replies, langs) = due;
    let mut closed = Vec::new();
    for r in &replies {
        let lang_of = |u: &str| langs.get(u).copied().unwrap_or(Lang::EN);
        closed.extend(post_reply(http, &shared.muted, r, lang_of).await);
    }
    dms_closed(shared, closed).await;
}

/// Tells the service of users who accept no direct messages, outside any answer to them (their
/// notice waits for their next request).
pub(super) async fn dms_closed(shared: &Shared, mut users: Vec<String>) {
    users.sort();
    users.dedup();
    if users.is_empty() {
        return;
    }
    let _ = run_service(shared, move |s| {
        for u in &users {
            s.dms_closed(u, false);
        }
    })
    .await;
}
