//! Which language each answer speaks (issue 15).
//!
//! A user's language: their `/settings language` choice, else their Discord client's locale
//! (the interaction's `locale`, remembered for the direct messages sent between requests),
//! else English. A channel's language: its `/settings channel-language`, else its server's
//! `/settings server-language`, else the server's Discord locale (`guild_locale`, remembered
//! for the reminders sent between requests), else English. Locales without files fall back
//! to English. Choices live in the store and in memory; `auto` forgets a choice.

use super::{store_failure, ChannelRef, Context, Langs, Refusal, Table};
use crate::i18n::Lang;
use std::collections::HashMap;

/// The choices and remembered locales, by scope then key (the `languages` table).
#[derive(Default)]
pub(crate) struct Languages {
    rows: HashMap<(String, String), String>,
}

pub(crate) const USER: &str = "user";
pub(crate) const SERVER: &str = "server";
pub(crate) const CHANNEL: &str = "channel";
const USER_LOCALE: &str = "user-locale";
const SERVER_LOCALE: &str = "server-locale";

impl Languages {
    pub fn from_rows(rows: Vec<(String, String, String)>) -> Languages {
        Languages {
            rows: rows.into_iter().map(|(s, k, v)| ((s, k), v)).collect(),
        }
    }

    fn get(&self, scope: &str, key: &str) -> Option<&str> {
        self.rows
            .get(&(scope.to_string(), key.to_string()))
            .map(String::as_str)
    }

    fn lang(&self, scope: &str, key: &str) -> Option<Lang> {
        self.get(scope, key).and_then(Lang::parse)
    }
}

/// The key of a channel's server: its guild, or the channel itself where there is none
/// (direct messages, the local channel).
pub(crate) fn server_key(channel: &ChannelRef) -> &str {
    channel.guild.as_deref().unwrap_or(&channel.id)
}

impl Table {
    /// The languages of a request, remembering the locales it brings.
    pub(crate) fn langs_of(&self, ctx: &Context) -> Langs {
        if let Some(l) = ctx.locale.as_deref().filter(|l| !l.is_empty()) {
            self.remember(USER_LOCALE, &ctx.user.id, l);
        }
        if let Some(l) = ctx.guild_locale.as_deref().filter(|l| !l.is_empty()) {
            self.remember(SERVER_LOCALE, server_key(&ctx.channel), l);
        }
        let langs = self.languages.read();
        let user = langs
            .lang(USER, &ctx.user.id)
            .or_else(|| ctx.locale.as_deref().and_then(Lang::parse))
            .or_else(|| langs.lang(USER_LOCALE, &ctx.user.id))
            .unwrap_or_default();
        Langs {
            user,
            channel: channel_lang(&langs, &ctx.channel),
        }
    }

    /// The language of a user reached outside a request (a direct message from the clock).
    pub(crate) fn user_lang(&self, user: &str) -> Lang {
        let langs = self.languages.read();
        langs
            .lang(USER, user)
            .or_else(|| langs.lang(USER_LOCALE, user))
            .unwrap_or_default()
    }

    /// The language of messages to a channel outside a request (reminders, time-outs).
    pub(crate) fn channel_lang(&self, channel: &ChannelRef) -> Lang {
        let langs = self.languages.read();
        channel_lang(&langs, channel)
    }

    /// The language of a game opened in `channel` for a challenge, seek or tournament decided
    /// in `parent`: the new channel's own choice, else the parent's language, which the new
    /// channel then keeps (a local channel, unlike a Discord thread, has no server to share).
    pub(crate) fn opened_lang(&self, channel: &ChannelRef, parent: &ChannelRef) -> Lang {
        let (own, inherited) = {
            let langs = self.languages.read();
            (
                langs.lang(CHANNEL, &channel.id),
                channel_lang(&langs, parent),
            )
        };
        if let Some(l) = own {
            return l;
        }
        if inherited != self.channel_lang(channel) {
            // Only later messages in the channel depend on it: log and go on.
            if let Err(e) = self.choose_language(CHANNEL, &channel.id, Some(inherited)) {
                tracing::error!("store: a new channel's language: {}", e.0.english());
            }
        }
        inherited
    }

    /// A user's language where it is known (their choice or their client's), else `fallback`:
    /// a direct message from a server speaks the server's language rather than English.
    pub(crate) fn user_lang_or(&self, user: &str, fallback: Lang) -> Lang {
        self.known_user_lang(user).unwrap_or(fallback)
    }

    fn known_user_lang(&self, user: &str) -> Option<Lang> {
        let langs = self.languages.read();
        langs
            .lang(USER, user)
            .or_else(|| langs.lang(USER_LOCALE, user))
    }

    /// The language of a direct message to `user` about `game`: theirs where it is known,
    /// else that of the game's channel (its server's), rather than English.
    pub(crate) fn user_lang_for(&self, user: &str, game: Option<i64>) -> Lang {
        self.known_user_lang(user)
            .or_else(|| {
                let row = self.store().game(game?).ok().flatten()?;
                Some(self.channel_lang(&ChannelRef {
                    id: row.channel,
                    name: row.channel_name,
                    guild: row.guild,
                }))
            })
            .unwrap_or_default()
    }

    /// A Discord locale seen in a request, stored only when it changed.
    fn remember(&self, scope: &str, key: &str, locale: &str) {
        let known = {
            let langs = self.languages.read();
            langs.get(scope, key) == Some(locale)
        };
        if known {
            return;
        }
        let stored = self.store().set_language(scope, key, Some(locale));
        if let Err(e) = stored {
            // Only the language of later reminders depends on it: log and go on.
            tracing::error!("store: remembering a locale: {e}");
        }
        self.languages
            .write()
            .rows
            .insert((scope.to_string(), key.to_string()), locale.to_string());
    }

    /// Sets (or with `None`, forgets) a choice of `/settings`.
    pub(crate) fn choose_language(
        &self,
        scope: &'static str,
        key: &str,
        lang: Option<Lang>,
    ) -> Result<(), Refusal> {
        let stored = self.store().set_language(scope, key, lang.map(Lang::code));
        stored.map_err(store_failure)?;
        let mut langs = self.languages.write();
        let k = (scope.to_string(), key.to_string());
        match lang {
            Some(l) => langs.rows.insert(k, l.code().to_string()),
            None => langs.rows.remove(&k),
        };
        Ok(())
    }

    /// A choice as `/settings` shows it (`None` for auto).
    pub(crate) fn chosen_language(&self, scope: &str, key: &str) -> Option<Lang> {
        let langs = self.languages.read();
        langs.lang(scope, key)
    }
}

fn channel_lang(langs: &Languages, channel: &ChannelRef) -> Lang {
    let server = server_key(channel);
    langs
        .lang(CHANNEL, &channel.id)
        .or_else(|| langs.lang(SERVER, server))
        .or_else(|| langs.lang(SERVER_LOCALE, server))
        .unwrap_or_default()
}
