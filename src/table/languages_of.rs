//! The language of each reader: a request's (its author's and its channel's), a user's reached
//! outside a request, a channel's, a new game's; read from the choices and remembered locales
//! the service holds (`language.rs`).

use super::{store_failure, ChannelRef, Context, Langs, Refusal};
use crate::i18n::Lang;
use crate::table::language::*;
use crate::table::Service;

/// The languages of a request, remembering the locales it brings.
pub(crate) fn langs_of(svc: &Service, ctx: &Context) -> Langs {
    if let Some(l) = ctx.locale.as_deref().filter(|l| !l.is_empty()) {
        remember(svc, USER_LOCALE, &ctx.user.id, l);
    }
    if let Some(l) = ctx.guild_locale.as_deref().filter(|l| !l.is_empty()) {
        remember(svc, SERVER_LOCALE, server_key(&ctx.channel), l);
    }
    let langs = svc.languages.read();
    let user = langs
        .lang(USER, &ctx.user.id)
        .or_else(|| ctx.locale.as_deref().and_then(Lang::parse))
        .or_else(|| langs.lang(USER_LOCALE, &ctx.user.id))
        .unwrap_or_default();
    Langs {
        user,
        channel: lang_of_channel(&langs, &ctx.channel),
    }
}

/// The language of a user reached outside a request (a direct message from the clock).
pub(crate) fn user_lang(svc: &Service, user: &str) -> Lang {
    let langs = svc.languages.read();
    langs
        .lang(USER, user)
        .or_else(|| langs.lang(USER_LOCALE, user))
        .unwrap_or_default()
}

/// The language of messages to a channel outside a request (reminders, time-outs).
pub(crate) fn channel_lang(svc: &Service, channel: &ChannelRef) -> Lang {
    let langs = svc.languages.read();
    lang_of_channel(&langs, channel)
}

/// The language of a game opened in `channel` for a challenge, seek or tournament decided
/// in `parent`: the new channel's own choice, else the parent's language, which the new
/// channel then keeps (a local channel, unlike a Discord thread, has no server to share).
pub(crate) fn opened_lang(svc: &Service, channel: &ChannelRef, parent: &ChannelRef) -> Lang {
    let (own, inherited) = {
        let langs = svc.languages.read();
        (
            langs.lang(CHANNEL, &channel.id),
            lang_of_channel(&langs, parent),
        )
    };
    if let Some(l) = own {
        return l;
    }
    if inherited != channel_lang(svc, channel) {
        // Only later messages in the channel depend on it: log and go on.
        if let Err(e) = choose_language(svc, CHANNEL, &channel.id, Some(inherited)) {
            tracing::error!("store: a new channel's language: {}", e.0.english());
        }
    }
    inherited
}

/// A user's language where it is known (their choice or their client's), else `fallback`:
/// a direct message from a server speaks the server's language rather than English.
pub(crate) fn user_lang_or(svc: &Service, user: &str, fallback: Lang) -> Lang {
    known_user_lang(svc, user).unwrap_or(fallback)
}

pub(crate) fn known_user_lang(svc: &Service, user: &str) -> Option<Lang> {
    let langs = svc.languages.read();
    langs
        .lang(USER, user)
        .or_else(|| langs.lang(USER_LOCALE, user))
}

/// The language of a direct message to `user` about `game`: theirs where it is known,
/// else that of the game's channel (its server's), rather than English.
pub(crate) fn user_lang_for(svc: &Service, user: &str, game: Option<i64>) -> Lang {
    known_user_lang(svc, user)
        .or_else(|| {
            let row = svc.store().game(game?).ok().flatten()?;
            Some(channel_lang(
                svc,
                &ChannelRef {
                    id: row.channel,
                    name: row.channel_name,
                    guild: row.guild,
                },
            ))
        })
        .unwrap_or_default()
}

/// A Discord locale seen in a request, stored only when it changed.
pub(crate) fn remember(svc: &Service, scope: &str, key: &str, locale: &str) {
    let known = {
        let langs = svc.languages.read();
        langs.get(scope, key) == Some(locale)
    };
    if known {
        return;
    }
    let stored = svc.store().set_language(scope, key, Some(locale));
    if let Err(e) = stored {
        // Only the language of later reminders depends on it: log and go on.
        tracing::error!("store: remembering a locale: {e}");
    }
    svc.languages
        .write()
        .rows
        .insert((scope.to_string(), key.to_string()), locale.to_string());
}

/// A choice as `/settings` shows it (`None` for auto).
pub(crate) fn chosen_language(svc: &Service, scope: &str, key: &str) -> Option<Lang> {
    let langs = svc.languages.read();
    langs.lang(scope, key)
}

/// Sets (or with `None`, forgets) a choice of `/settings`.
pub(crate) fn choose_language(
    svc: &Service,
    scope: &'static str,
    key: &str,
    lang: Option<Lang>,
) -> Result<(), Refusal> {
    let stored = svc.store().set_language(scope, key, lang.map(Lang::code));
    stored.map_err(store_failure)?;
    let mut langs = svc.languages.write();
    let k = (scope.to_string(), key.to_string());
    match lang {
        Some(l) => langs.rows.insert(k, l.code().to_string()),
        None => langs.rows.remove(&k),
    };
    Ok(())
}
