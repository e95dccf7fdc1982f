//! Decided games get their channels: each game a challenge, a seek or a tournament decided
//! (`Table::pending_openings`) opens in a new public thread of the channel where it was
//! decided, named by the service (`Pikemen: alice vs bob`), or in that channel itself when
//! the server turned threads off in its own section of the configuration and the channel has
//! no game. The service then creates and
//! starts it there (`Table::open_at`) and its board is posted as a channel message, which
//! pings the first player.

use super::post::{create_thread, post_reply, thread_refused_text};
use super::shared::{post_job, run_service, Shared};
use crate::i18n::Lang;
use crate::table::{ChannelRef, Reply, Visibility};
use poise::serenity_prelude as serenity;
use serenity::all::{ChannelId, Http};

pub(super) async fn open_decided(shared: &Shared, http: &Http) {
    // One job at a time: a second one would see the same openings and open a thread each.
    let _one = shared.opening.lock().await;
    let pending = run_service(shared, |s| s.pending_openings())
        .await
        .unwrap_or_default();
    for o in pending {
        let Some(parent) = o.parent.id.parse::<u64>().ok().filter(|&p| p != 0) else {
            tracing::error!(
                opening = o.id,
                "a decided game's channel is not a Discord id"
            );
            continue;
        };
        let refused = shared.config.threads_refused_in(o.parent.guild.as_deref());
        let free = {
            let p = o.parent.clone();
            run_service(shared, move |s| s.channel_game(&p).is_none())
                .await
                .unwrap_or(false)
        };
        let channel = if refused && free {
            o.parent.clone()
        } else {
            let made = create_thread(http, &shared.muted, ChannelId::new(parent), &o.title).await;
            match made {
                Ok(t) => ChannelRef {
                    id: t.id.get().to_string(),
                    name: t.name.clone(),
                    guild: o.parent.guild.clone(),
                },
                Err(refused) => {
                    // Tried again on a later tick; a channel that refused is left alone for a
                    // while (`post::create_thread`), so no storm of requests, and its
                    // moderators read once why the game waits.
                    if refused.first {
                        let lang = {
                            let p = o.parent.clone();
                            run_service(shared, move |s| s.channel_lang(&p))
                                .await
                                .unwrap_or_default()
                        };
                        let text = thread_refused_text(lang, refused.failure, None);
                        post_note(http, shared, &o.parent, text).await;
                    }
                    let _ = run_service(shared, |s| s.retry_openings()).await;
                    continue;
                }
            }
        };
        let id = o.id;
        post_job(shared, http, move |s| s.open_at(id, channel)).await;
    }
}

/// A message of the transport's own in a channel (no ping).
async fn post_note(http: &Http, shared: &Shared, channel: &ChannelRef, text: String) {
    let note = Reply::plain(channel.clone(), Visibility::Public, text);
    post_reply(http, &shared.muted, &note, |_| Lang::EN).await;
}
