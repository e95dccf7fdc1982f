//! What the competing commands (challenges, seeks, tournaments) and the commands that must
//! treat a tournament's game apart share: a user named in an option, the refusal in a direct
//! message, where a server's seeks are announced (`/settings seeks:`) and whether a game
//! belongs to a tournament.

use crate::i18n::Msg;
use crate::store::OpeningSource;
use crate::table::answer::{store_failure, Refusal};
use crate::table::api::Context;
use crate::table::markup;
use crate::table::Service;
use crate::{msg, tr};

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
        return Err(msg!("compete-not-in-dm", what));
    }
    Ok(())
}

/// The key a server's seeks are kept under: the channel's server, or empty outside one.
pub(crate) fn guild_key(ctx: &Context) -> String {
    ctx.channel.guild.clone().unwrap_or_default()
}

/// Whether `game` was opened for a tournament: it then ends only by play, resignation or
/// time, never by `/abort`, which would leave its round unfinished.
pub(crate) fn is_tournament_game(svc: &Service, game: i64) -> bool {
    let found = svc.store().opening_of_game(game);
    crate::table::logged("a game's opening", found)
        .flatten()
        .is_some_and(|o| o.source == OpeningSource::Tournament)
}

/// `/settings seeks:here|off`, checked without saving anything (Manage Channels, a
/// server, a known word): whether to announce seeks here.
pub(crate) fn seek_channel_choice(
    _svc: &Service,
    ctx: &Context,
    value: &str,
) -> Result<bool, Refusal> {
    not_in_dm(ctx, "/settings seeks")?;
    if !ctx.can_manage {
        return Err(msg!("seek-channel-manage").into());
    }
    match value.trim().to_ascii_lowercase().as_str() {
        "here" => Ok(true),
        "off" => Ok(false),
        other => Err(msg!("seek-channel-bad", value = other).into()),
    }
}

/// Saves a [`crate::table::compete::seek_channel_choice`]; the sentence saying so.
pub(crate) fn set_seek_channel(
    svc: &Service,
    ctx: &Context,
    here: bool,
) -> Result<String, Refusal> {
    let channel = here.then_some((ctx.channel.id.as_str(), ctx.channel.name.as_str()));
    svc.store()
        .set_seek_channel(&guild_key(ctx), channel)
        .map_err(store_failure)?;
    let lang = ctx.langs.user;
    Ok(if here {
        tr!(
            lang,
            "seek-channel-set",
            channel = markup::channel(&ctx.channel.id)
        )
    } else {
        tr!(lang, "seek-channel-off")
    })
}

/// `Pikemen for 2 players, standard clock, not rated`, in the words of a lobby's opening line.
pub(crate) fn describe_challenge(
    lang: crate::i18n::Lang,
    game: &str,
    players: u8,
    options: &[(String, String)],
) -> String {
    let opts: Vec<String> = options
        .iter()
        .map(|(k, v)| {
            tr!(
                lang,
                "challenge-option",
                name = k.as_str(),
                value = v.as_str()
            )
        })
        .collect();
    tr!(
        lang,
        "challenge-what",
        game,
        size = msg!("lobby-size", n = players),
        options = opts.join(", "),
        count = opts.len()
    )
}
