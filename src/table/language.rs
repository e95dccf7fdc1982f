//! Which language each answer speaks (issue 15).
//!
//! A user's language: their `/settings language` choice, else their Discord client's locale
//! (the interaction's `locale`, remembered for the direct messages sent between requests),
//! else English. A channel's language: its `/settings channel-language`, else its server's
//! `/settings server-language`, else the server's Discord locale (`guild_locale`, remembered
//! for the reminders sent between requests), else English. Locales without files fall back
//! to English. Choices live in the store and in memory; `auto` forgets a choice.

use super::ChannelRef;
use crate::i18n::Lang;
use std::collections::HashMap;

/// The choices and remembered locales, by scope then key (the `languages` table).
#[derive(Default)]
pub(crate) struct Languages {
    pub(crate) rows: HashMap<(String, String), String>,
}

pub(crate) const USER: &str = "user";
pub(crate) const SERVER: &str = "server";
pub(crate) const CHANNEL: &str = "channel";
pub(crate) const USER_LOCALE: &str = "user-locale";
pub(crate) const SERVER_LOCALE: &str = "server-locale";

impl Languages {
    pub fn from_rows(rows: Vec<(String, String, String)>) -> Languages {
        Languages {
            rows: rows.into_iter().map(|(s, k, v)| ((s, k), v)).collect(),
        }
    }

    pub(crate) fn get(&self, scope: &str, key: &str) -> Option<&str> {
        self.rows
            .get(&(scope.to_string(), key.to_string()))
            .map(String::as_str)
    }

    pub(crate) fn lang(&self, scope: &str, key: &str) -> Option<Lang> {
        self.get(scope, key).and_then(Lang::parse)
    }
}

/// The key of a channel's server: its guild, or the channel itself where there is none
/// (direct messages, the local channel).
pub(crate) fn server_key(channel: &ChannelRef) -> &str {
    channel.guild.as_deref().unwrap_or(&channel.id)
}

pub(crate) fn lang_of_channel(langs: &Languages, channel: &ChannelRef) -> Lang {
    let server = server_key(channel);
    langs
        .lang(CHANNEL, &channel.id)
        .or_else(|| langs.lang(SERVER, server))
        .or_else(|| langs.lang(SERVER_LOCALE, server))
        .unwrap_or_default()
}
