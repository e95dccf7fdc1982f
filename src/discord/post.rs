//! Messages outside an interaction's answer: channel posts (a game's thread, reminders) and
//! direct messages. Discord bans a bot for a while after many 401/403/429 answers, so a
//! channel where posting was forbidden is left alone for a while instead of tried again.

use super::reply::Outgoing;
use crate::table::{ChannelRef, Reply, Visibility};
use poise::serenity_prelude as serenity;
use serenity::all::{ChannelId, EditThread, Http, UserId};
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Discord's error code for a message sent to an archived thread.
const THREAD_ARCHIVED: isize = 50083;
/// How long a channel that refused the bot is left alone.
pub const MUTE_FOR: Duration = Duration::from_secs(600);

/// Channels (and DM recipients) that answered 403 Forbidden, with when that happened.
#[derive(Default)]
pub struct Muted(Mutex<HashMap<u64, Instant>>);

impl Muted {
    pub fn is_muted(&self, id: u64) -> bool {
        let mut map = self.0.lock().unwrap_or_else(|e| e.into_inner());
        match map.get(&id) {
            Some(at) if at.elapsed() < MUTE_FOR => true,
            Some(_) => {
                map.remove(&id);
                false
            }
            None => false,
        }
    }

    /// Remembers `id` if `error` says the bot may not post there.
    fn note(&self, id: u64, error: &serenity::Error) {
        if let serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(e)) = error {
            if e.status_code.as_u16() == 403 {
                tracing::warn!(channel = id, "no permission to post here: leaving it alone");
                self.0
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .insert(id, Instant::now());
            }
        }
    }
}

fn snowflake(text: &str) -> Option<u64> {
    text.parse::<u64>().ok().filter(|n| *n != 0)
}

pub async fn direct(http: &Http, muted: &Muted, user: &str, out: &Outgoing) {
    let Some(id) = snowflake(user) else { return };
    if muted.is_muted(id) {
        return;
    }
    let sent = match UserId::new(id).create_dm_channel(http).await {
        Ok(dm) => dm.id.send_message(http, out.message()).await.map(|_| ()),
        Err(e) => Err(e),
    };
    if let Err(e) = sent {
        // Users who close their DMs answer 403: do not insist.
        muted.note(id, &e);
        tracing::warn!("a direct message failed: {e}");
    }
}

/// Posts a message in a channel; an archived game thread is revived (unarchived) and the
/// message sent again.
pub async fn post(http: &Http, muted: &Muted, channel: &ChannelRef, out: &Outgoing) {
    let Some(raw) = snowflake(&channel.id) else {
        return;
    };
    if muted.is_muted(raw) {
        return;
    }
    let id = ChannelId::new(raw);
    let sent = match id.send_message(http, out.message()).await {
        Ok(_) => Ok(()),
        Err(serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(e)))
            if e.error.code == THREAD_ARCHIVED =>
        {
            match id
                .edit_thread(http, EditThread::new().archived(false))
                .await
            {
                Ok(_) => id.send_message(http, out.message()).await.map(|_| ()),
                Err(e) => Err(e),
            }
        }
        Err(e) => Err(e),
    };
    if let Err(e) = sent {
        muted.note(raw, &e);
        tracing::warn!("posting in {} failed: {e}", channel.id);
    }
}

pub async fn post_reply(http: &Http, muted: &Muted, reply: &Reply) {
    let out = Outgoing::from_reply(reply);
    match &reply.visibility {
        Visibility::Direct(user) => direct(http, muted, user, &out).await,
        _ => post(http, muted, &reply.channel, &out).await,
    }
}
