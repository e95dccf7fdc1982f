//! Messages outside an interaction's answer: channel posts (a game's thread, reminders, a slow
//! move's board) and direct messages. Each is retried through rate limits and short outages
//! (`rest.rs`); an archived game thread is revived; a channel that refuses the bot (missing
//! permissions, deleted) is left alone for a while, because Discord bans a bot for a time
//! after many 401/403/429 answers, and whoever should have read the message is told once.

use super::reply::Outgoing;
use super::rest::{post_deadline, retrying, retrying_unsent, Failure};
use crate::i18n::Lang;
use crate::table::{ChannelRef, Reply, Visibility};
use crate::tr;
use poise::serenity_prelude as serenity;
use serenity::all::{
    AutoArchiveDuration, ChannelId, ChannelType, CreateThread, EditThread, GuildChannel, Http,
    Permissions, UserId,
};
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How long a channel that refused the bot is left alone.
pub const MUTE_FOR: Duration = Duration::from_secs(600);

/// The permissions a game channel needs, as an admin reads them in Discord's settings.
pub fn needed(lang: Lang) -> String {
    tr!(lang, "bot-permissions")
}

/// What a game channel needs: to see it, post, show a board (an embed) and attach it.
const GAME_CHANNEL: [Permissions; 4] = [
    Permissions::VIEW_CHANNEL,
    Permissions::SEND_MESSAGES,
    Permissions::EMBED_LINKS,
    Permissions::ATTACH_FILES,
];

/// A permission as Discord's settings name it, in `lang`.
fn permission_name(lang: Lang, p: Permissions) -> String {
    match p {
        Permissions::VIEW_CHANNEL => tr!(lang, "perm-view-channel"),
        Permissions::SEND_MESSAGES => tr!(lang, "perm-send-messages"),
        Permissions::SEND_MESSAGES_IN_THREADS => tr!(lang, "perm-send-in-threads"),
        Permissions::EMBED_LINKS => tr!(lang, "perm-embed-links"),
        Permissions::ATTACH_FILES => tr!(lang, "perm-attach-files"),
        Permissions::CREATE_PUBLIC_THREADS => tr!(lang, "perm-create-public-threads"),
        _ => format!("{p}"),
    }
}

/// Which of `need` the bot lacks, named for a moderator, and how many. Discord's 403 (50013)
/// does not say which permission was missing; the interaction does (`app_permissions`, the
/// bot's permissions in its channel). When it is not known, or shows nothing missing (the
/// permissions changed since), every one of `need` is named.
pub fn missing(lang: Lang, have: Option<Permissions>, need: &[Permissions]) -> (String, usize) {
    let lacking: Vec<Permissions> = match have {
        Some(have) => need
            .iter()
            .copied()
            .filter(|p| !have.contains(*p))
            .collect(),
        None => Vec::new(),
    };
    let named = if lacking.is_empty() {
        need.to_vec()
    } else {
        lacking
    };
    let names: Vec<String> = named.iter().map(|p| permission_name(lang, *p)).collect();
    let list = match names.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => tr!(
            lang,
            "perm-list",
            rest = rest.join(", "),
            last = last.as_str()
        ),
    };
    (list, names.len())
}

/// What a game channel lacks, for the mover told that their board could not be posted.
pub fn missing_in_game_channel(lang: Lang, have: Option<Permissions>) -> (String, usize) {
    missing(lang, have, &GAME_CHANNEL)
}

/// Channels (and DM recipients) that refused the bot, with when that happened; users who do
/// not accept direct messages; channels where threads could not be opened.
#[derive(Default)]
pub struct Muted {
    posts: Mutex<HashMap<u64, Instant>>,
    /// Users whose DMs are closed, until when they are not asked again.
    closed_dms: Hold,
    /// Channels where a thread could not be opened, until when none is tried there.
    threads: Hold,
    /// Each user's DM channel, opened once (`direct`).
    dm_channels: DmChannels,
}

/// How many users' DM channels are remembered; past it the least recently used is forgotten
/// (and opened again when next needed).
pub const DM_CHANNELS_MAX: usize = 10_000;

/// The DM channel of each user the bot wrote to. Discord's Create DM returns the user's
/// existing DM channel when there is one ("if one already exists, it will be returned
/// instead", resources/user#create-dm), and warns that opening many DMs quickly gets a bot
/// rate limited or blocked from opening more: so each user's is asked for once, and a message
/// a turn (a followed game's board, a turn notice) goes straight to it.
#[derive(Default)]
struct DmChannels(Mutex<Recent>);

/// Each user's DM channel with when it was last used (a count of uses), and that count.
type Recent = (HashMap<u64, (ChannelId, u64)>, u64);

impl DmChannels {
    fn get(&self, user: u64) -> Option<ChannelId> {
        let mut guard = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let (map, clock) = &mut *guard;
        *clock += 1;
        let now = *clock;
        map.get_mut(&user).map(|(c, used)| {
            *used = now;
            *c
        })
    }

    fn put(&self, user: u64, channel: ChannelId) {
        let mut guard = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let (map, clock) = &mut *guard;
        *clock += 1;
        if map.len() >= DM_CHANNELS_MAX && !map.contains_key(&user) {
            let oldest = map
                .iter()
                .min_by_key(|(_, (_, used))| *used)
                .map(|(u, _)| *u);
            if let Some(u) = oldest {
                map.remove(&u);
            }
        }
        map.insert(user, (channel, *clock));
    }

    fn forget(&self, user: u64) {
        let mut guard = self.0.lock().unwrap_or_else(|e| e.into_inner());
        guard.0.remove(&user);
    }
}

/// Keys held back until a time, with the refusal that made them so (said again meanwhile).
#[derive(Default)]
struct Hold(Mutex<HashMap<u64, (Instant, Failure)>>);

impl Hold {
    fn held(&self, key: u64) -> Option<Failure> {
        let mut map = self.0.lock().unwrap_or_else(|e| e.into_inner());
        match map.get(&key) {
            Some((until, why)) if Instant::now() < *until => Some(*why),
            Some(_) => {
                map.remove(&key);
                None
            }
            None => None,
        }
    }

    fn hold(&self, key: u64, for_: Duration, why: Failure) {
        let mut map = self.0.lock().unwrap_or_else(|e| e.into_inner());
        map.insert(key, (Instant::now() + for_, why));
    }
}

impl Muted {
    pub fn is_muted(&self, id: u64) -> bool {
        let mut map = self.posts.lock().unwrap_or_else(|e| e.into_inner());
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
        let mut map = self.posts.lock().unwrap_or_else(|e| e.into_inner());
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
    // A user who does not take DMs is not asked again for a while: each refusal is a 403,
    // which counts toward Discord's invalid-request limit.
    if muted.closed_dms.held(id).is_some() {
        return Err(Refused {
            failure: Failure::ClosedDms,
            first: false,
        });
    }
    if muted.is_muted(id) {
        return Err(Refused {
            failure: Failure::Forbidden,
            first: false,
        });
    }
    let deadline = post_deadline();
    let send = |dm: ChannelId| {
        retrying("a direct message", deadline, move || {
            dm.send_message(http, out.message())
        })
    };
    let open = || async {
        let dm = retrying("opening a direct message", deadline, || {
            UserId::new(id).create_dm_channel(http)
        })
        .await?;
        muted.dm_channels.put(id, dm.id);
        Ok(dm.id)
    };
    let sent = match muted.dm_channels.get(id) {
        Some(dm) => match send(dm).await {
            // A DM channel Discord no longer knows: opened again, once.
            Err(e) if e.failure == Failure::UnknownChannel => {
                muted.dm_channels.forget(id);
                match open().await {
                    Ok(dm) => send(dm).await.map(|_| ()),
                    Err(e) => Err(e),
                }
            }
            sent => sent.map(|_| ()),
        },
        None => match open().await {
            Ok(dm) => send(dm).await.map(|_| ()),
            Err(e) => Err(e),
        },
    };
    sent.map_err(|e| {
        // Users who close their DMs answer 403: do not insist.
        tracing::warn!("a direct message failed: {e}");
        if e.failure == Failure::ClosedDms {
            muted.closed_dms.hold(id, MUTE_FOR, Failure::ClosedDms);
            return Refused {
                failure: e.failure,
                first: true,
            };
        }
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
/// `lang_of` gives each player's language for that direct message. Returns the user of a
/// direct message refused because they accept none (for the service: `dms_closed`).
pub async fn post_reply(
    http: &Http,
    muted: &Muted,
    reply: &Reply,
    lang_of: impl Fn(&str) -> Lang,
) -> Option<String> {
    let out = Outgoing::from_reply(reply);
    let refused = match &reply.visibility {
        Visibility::Direct(user) => {
            let closed = direct_or_channel(http, muted, reply, user, lang_of(user)).await;
            return closed.then(|| user.clone());
        }
        _ => post(http, muted, &reply.channel, &out).await,
    };
    let Err(Refused { first: true, .. }) = refused else {
        return None;
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
        let dm = Reply::plain(reply.channel.clone(), Visibility::Public, note);
        let _ = direct(http, muted, user, &Outgoing::from_reply(&dm)).await;
    }
    None
}

/// A direct message; if its user does not accept DMs (50007), they are told in the channel the
/// message came from, with its text and a ping, since that is where they play. A DM of the
/// scheduler (a digest, a followed game's board) has no such channel: it is logged, and its
/// user left alone a while. True when the user accepts no direct messages (the transport
/// tells the service, which stops what it sends them that way: `Backend::dms_closed`).
pub async fn direct_or_channel(
    http: &Http,
    muted: &Muted,
    reply: &Reply,
    user: &str,
    lang: Lang,
) -> bool {
    let out = Outgoing::from_reply(reply);
    let Err(Refused {
        failure: Failure::ClosedDms,
        ..
    }) = direct(http, muted, user, &out).await
    else {
        return false;
    };
    if snowflake(&reply.channel.id).is_none() {
        tracing::warn!(
            user,
            "a direct message refused (closed DMs) has no channel to go to instead"
        );
        return true;
    }
    let text = tr!(
        lang,
        "bot-dm-closed",
        user = format!("<@{user}>"),
        text = reply.text.clone()
    );
    let told = Reply {
        buttons: reply.buttons.clone(),
        mentions: vec![user.to_string()],
        ..Reply::plain(reply.channel.clone(), Visibility::Public, text)
    };
    let _ = post(http, muted, &reply.channel, &Outgoing::from_reply(&told)).await;
    true
}

/// Creates a game's public thread under `parent`. Creating a thread is not idempotent (a
/// retry after a 5xx could open two), so it is retried only through what surely did not
/// create one (a 429, honouring its `retry_after`). A channel that refused (no permission,
/// the server's 1,000 active threads reached, a long rate limit) is not asked again for a
/// while, so that openings retried on every tick do not become a storm of refused requests.
pub async fn create_thread(
    http: &Http,
    muted: &Muted,
    parent: ChannelId,
    name: &str,
) -> Result<GuildChannel, Refused> {
    let key = parent.get();
    if let Some(failure) = muted.threads.held(key) {
        return Err(Refused {
            failure,
            first: false,
        });
    }
    let made = retrying_unsent("creating a thread", post_deadline(), || {
        parent.create_thread(
            http,
            CreateThread::new(name)
                .kind(ChannelType::PublicThread)
                .auto_archive_duration(AutoArchiveDuration::OneWeek),
        )
    })
    .await;
    made.map_err(|e| {
        tracing::warn!(parent = parent.get(), "creating a game thread failed: {e}");
        let hold = match e.failure {
            Failure::Forbidden | Failure::TooManyThreads => Some(MUTE_FOR),
            Failure::RateLimited => Some(Duration::from_secs(60)),
            _ => None,
        };
        if let Some(d) = hold {
            muted.threads.hold(key, d, e.failure);
        }
        Refused {
            failure: e.failure,
            first: hold.is_some(),
        }
    })
}

/// What the user of `/new` reads when the game's thread could not be opened.
pub fn thread_refused_text(lang: Lang, failure: Failure, have: Option<Permissions>) -> String {
    match failure {
        Failure::Forbidden => {
            let (perms, count) = missing(lang, have, &[Permissions::CREATE_PUBLIC_THREADS]);
            tr!(lang, "bot-no-thread-permission", perms, count)
        }
        Failure::TooManyThreads => tr!(lang, "bot-no-thread-limit"),
        Failure::RateLimited => tr!(lang, "bot-no-thread-busy"),
        _ => tr!(lang, "bot-no-thread"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dm_channels_are_remembered_and_bounded() {
        let c = DmChannels::default();
        for u in 1..=DM_CHANNELS_MAX as u64 {
            c.put(u, ChannelId::new(u + 1_000_000));
        }
        assert_eq!(c.get(1), Some(ChannelId::new(1_000_001)));
        c.put(99_999, ChannelId::new(5));
        assert_eq!(c.get(2), None, "the least recently used is forgotten");
        assert_eq!(c.get(1), Some(ChannelId::new(1_000_001)));
        assert_eq!(c.get(99_999), Some(ChannelId::new(5)));
        c.forget(1);
        assert_eq!(c.get(1), None);
    }

    #[test]
    fn the_missing_permissions_are_named_or_else_all_of_them() {
        let have = Permissions::VIEW_CHANNEL | Permissions::SEND_MESSAGES;
        let (named, n) = missing_in_game_channel(Lang::EN, Some(have));
        assert_eq!((named.as_str(), n), ("Embed Links and Attach Files", 2));
        let (named, n) = missing_in_game_channel(Lang::EN, None);
        assert_eq!(
            (named.as_str(), n),
            (
                "View Channel, Send Messages, Embed Links and Attach Files",
                4
            )
        );
        let (named, _) = missing(
            Lang::parse("fr").unwrap(),
            Some(Permissions::empty()),
            &[Permissions::CREATE_PUBLIC_THREADS],
        );
        assert_eq!(named, "Créer des fils publics");
    }
}
