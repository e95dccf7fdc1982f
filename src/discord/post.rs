//! Messages outside an interaction's answer: channel posts (a game's thread, reminders, a slow
//! move's board) and direct messages. Each is retried through rate limits and short outages
//! (`rest.rs`); an archived game thread is revived; a channel that refuses the bot (missing
//! permissions, deleted) is left alone for a while, because Discord bans a bot for a time
//! after many 401/403/429 answers, and whoever should have read the message is told once.

use super::reply::Outgoing;
use super::rest::{post_deadline, retrying, Failure};
use crate::i18n::Lang;
use crate::table::{ChannelRef, Reply, Visibility};
use crate::tr;
use poise::serenity_prelude as serenity;
use serenity::all::{ChannelId, EditThread, Http, UserId};
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How long a channel that refused the bot is left alone.
pub const MUTE_FOR: Duration = Duration::from_secs(600);

/// The permissions a game channel needs, as an admin reads them in Discord's settings.
pub fn needed(lang: Lang) -> String {
    tr!(lang, "bot-permissions")
}

/// Channels (and DM recipients) that refused the bot, with when that happened.
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

    /// Leaves `id` alone for [`MUTE_FOR`]; true the first time (so the refusal is told once).
    fn mute(&self, id: u64) -> bool {
        let mut map = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let fresh = map.get(&id).is_none_or(|at| at.elapsed() >= MUTE_FOR);
        if fresh {
            tracing::warn!(
                channel = id,
                "Discord refused a post here: leaving it alone"
            );
            map.insert(id, Instant::now());
        }
        fresh
    }
}

fn snowflake(text: &str) -> Option<u64> {
    text.parse::<u64>().ok().filter(|n| *n != 0)
}

/// Why a post did not arrive, and whether this is the first refusal of that channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refused {
    pub failure: Failure,
    pub first: bool,
}

pub async fn direct(http: &Http, muted: &Muted, user: &str, out: &Outgoing) -> Result<(), Refused> {
    let Some(id) = snowflake(user) else {
        return Ok(());
    };
    if muted.is_muted(id) {
        return Err(Refused {
            failure: Failure::Forbidden,
            first: false,
        });
    }
    let deadline = post_deadline();
    let dm = retrying("opening a direct message", deadline, || {
        UserId::new(id).create_dm_channel(http)
    })
    .await;
    let sent = match dm {
        Ok(dm) => retrying("a direct message", deadline, || {
            dm.id.send_message(http, out.message())
        })
        .await
        .map(|_| ()),
        Err(e) => Err(e),
    };
    sent.map_err(|e| {
        // Users who close their DMs answer 403: do not insist.
        tracing::warn!("a direct message failed: {e}");
        let first = e.failure == Failure::Forbidden && muted.mute(id);
        Refused {
            failure: e.failure,
            first,
        }
    })
}

/// Posts a message in a channel; an archived game thread is revived (unarchived) and the
/// message sent again.
pub async fn post(
    http: &Http,
    muted: &Muted,
    channel: &ChannelRef,
    out: &Outgoing,
) -> Result<(), Refused> {
    let Some(raw) = snowflake(&channel.id) else {
        return Ok(());
    };
    if muted.is_muted(raw) {
        return Err(Refused {
            failure: Failure::Forbidden,
            first: false,
        });
    }
    let id = ChannelId::new(raw);
    let deadline = post_deadline();
    let send = || id.send_message(http, out.message());
    let mut sent = retrying("a channel message", deadline, send).await;
    if matches!(&sent, Err(e) if e.failure == Failure::ArchivedThread) {
        let revived = retrying("reviving a thread", deadline, || {
            id.edit_thread(http, EditThread::new().archived(false))
        })
        .await;
        sent = match revived {
            Ok(_) => retrying("a channel message", deadline, send).await,
            Err(e) => Err(e),
        };
    }
    sent.map(|_| ()).map_err(|e| {
        tracing::warn!("posting in {} failed: {e}", channel.id);
        let gone = matches!(e.failure, Failure::Forbidden | Failure::UnknownChannel);
        Refused {
            failure: e.failure,
            first: gone && muted.mute(raw),
        }
    })
}

/// A message of the scheduler (a reminder, a time-out): posted, and if the channel refuses
/// the bot for the first time, the players it was for learn it by direct message, with the
/// message itself and what the bot needs there.
/// `lang_of` gives each player's language for that direct message.
pub async fn post_reply(http: &Http, muted: &Muted, reply: &Reply, lang_of: impl Fn(&str) -> Lang) {
    let out = Outgoing::from_reply(reply);
    let refused = match &reply.visibility {
        Visibility::Direct(user) => {
            let _ = direct(http, muted, user, &out).await;
            return;
        }
        _ => post(http, muted, &reply.channel, &out).await,
    };
    let Err(Refused { first: true, .. }) = refused else {
        return;
    };
    for user in &reply.mentions {
        let lang = lang_of(user);
        let note = tr!(
            lang,
            "bot-could-not-post",
            channel = reply.channel.name.clone(),
            perms = needed(lang),
            text = reply.text.clone()
        );
        let dm = Reply {
            channel: reply.channel.clone(),
            visibility: Visibility::Public,
            text: note,
            image: None,
            buttons: Vec::new(),
            mentions: Vec::new(),
        };
        let _ = direct(http, muted, user, &Outgoing::from_reply(&dm)).await;
    }
}
