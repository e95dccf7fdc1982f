//! Every reply of the service is built here, once, in the language of whoever reads it: the
//! board post ([`board`]), lobby lines ([`lobby`]), and the plain constructors below. Nothing
//! edits a reply's text after it is built: what a board says about its clock and whom it pings
//! comes in with it ([`board::TurnNews`]), and whom an answer is for with the request
//! ([`Audience`]: its asker, offered a Share button, or the channel it is shared in).
//!
//! Files: `happened` (what a move did, in words), `board` (the board post, the outcome and clock
//! lines, the rating changes; it tells what `happened`), `analyse` (the private analysis
//! board), `pick` (the move picker), `moves` (`/moves`' compact lines), `lobby` (the
//! lobby's lines and buttons, and the refusals about a channel's game), `alt` (pictures'
//! descriptions). Then one file for each family of commands, holding every sentence it says,
//! its refusals included, so that a command decides what happened and names the sentence:
//! `play`, `offers`, `pause`, `undo`, `claim`, `records`, `ratings`, `settings`, `vacation`,
//! `follow`, `conditional`, `bots`, `help`, `challenges`, `seeks`, `tournaments`. A sentence
//! is a function named for what it says, taking typed values (a yes/no choice as a `bool`)
//! and returning a `Msg` (a refusal, or a line put into words later) or the `String` in the
//! reader's language. They import the floors below (`live`, `policy`, `markup`, `api`,
//! `spec`), never `cmd/`; the commands and the scheduler call them.

pub(crate) mod alt;
pub(crate) mod analyse;
pub(crate) mod board;
pub(crate) mod bots;
pub(crate) mod challenges;
pub(crate) mod claim;
pub(crate) mod conditional;
pub(crate) mod follow;
pub(crate) mod happened;
pub(crate) mod help;
pub(crate) mod lobby;
pub(crate) mod moves;
pub(crate) mod offers;
pub(crate) mod pause;
pub(crate) mod pick;
pub(crate) mod play;
pub(crate) mod ratings;
pub(crate) mod records;
pub(crate) mod seeks;
pub(crate) mod settings;
pub(crate) mod tournaments;
pub(crate) mod undo;
pub(crate) mod vacation;

use super::api::{Audience, Button, ChannelRef, Context, Langs, Reply, UserRef, Visibility};
use crate::i18n::{say, Lang, Msg};

/// The Accept and Decline buttons of an offer: `accept` is the command that accepts it
/// (`/accept`, or `/rematch` for a rematch), `game` the stale-click tag.
pub(crate) fn accept_decline(lang: Lang, accept: &str, game: Option<(i64, u32)>) -> Vec<Button> {
    vec![
        Button {
            label: crate::tr!(lang, "button-accept"),
            command: accept.into(),
            game,
        },
        Button {
            label: crate::tr!(lang, "button-decline"),
            command: "/decline".into(),
            game,
        },
    ]
}

/// An answer to the asker, built for the request's audience ([`Audience`]): to them alone
/// (with a Share button when it can be shared), posted in the channel saying who shared it, or
/// to them alone saying when the same answer was posted.
pub(crate) fn ephemeral(ctx: &Context, text: impl Into<String>) -> Reply {
    for_asker(ctx, text, Vec::new())
}

/// [`ephemeral`] with its own buttons, which come before the Share button.
pub(crate) fn for_asker(ctx: &Context, text: impl Into<String>, buttons: Vec<Button>) -> Reply {
    let mut buttons = buttons;
    // No mentions in any of them: a shared answer pings nobody.
    let visibility = match &ctx.audience {
        Audience::Asker { share } => {
            buttons.extend(share.iter().map(|command| Button {
                label: crate::tr!(ctx.langs.user, "button-share"),
                command: command.clone(),
                game: None,
            }));
            Visibility::Ephemeral
        }
        Audience::Shared { .. } => Visibility::Public,
        Audience::SharedAgain { .. } => Visibility::Ephemeral,
    };
    let text = match audience_line(ctx) {
        Some(line) => format!("{line}\n{}", text.into()),
        None => text.into(),
    };
    Reply {
        buttons,
        ..Reply::plain(ctx.channel.clone(), visibility, text)
    }
}

/// The line an answer for this audience starts with: who shared it (in the channel's
/// language), or when the same answer was posted (in the asker's).
pub(crate) fn audience_line(ctx: &Context) -> Option<String> {
    match &ctx.audience {
        Audience::Asker { .. } => None,
        Audience::Shared { by } => {
            Some(crate::tr!(ctx.langs.channel, "share-by", who = by.as_str()))
        }
        Audience::SharedAgain { at } => Some(crate::tr!(
            ctx.langs.user,
            "share-again",
            when = super::markup::stamp(*at)
        )),
    }
}

pub(crate) fn public(ctx: &Context, text: impl Into<String>) -> Reply {
    Reply::plain(ctx.channel.clone(), Visibility::Public, text)
}

/// `m` said to everyone in the channel, in its language.
pub(crate) fn announce(ctx: &Context, m: Msg) -> Reply {
    public(ctx, say(ctx.langs.channel, &m))
}

/// A reply in a channel, from the scheduler (no request to answer).
pub(crate) fn post(channel: &ChannelRef, text: impl Into<String>) -> Reply {
    Reply::plain(channel.clone(), Visibility::Public, text)
}

/// A direct message to `user`.
pub(crate) fn direct(user: &str, text: impl Into<String>) -> Reply {
    let channel = ChannelRef {
        id: format!("dm:{user}"),
        name: "dm".into(),
        guild: None,
    };
    Reply::plain(channel, Visibility::Direct(user.to_string()), text)
}

/// The context the scheduler acts in: the bot in the game's channel, speaking its language.
pub(crate) fn bot_context(channel: &ChannelRef, lang: Lang) -> Context {
    Context {
        user: UserRef {
            id: "plateau".into(),
            name: "Plateau".into(),
        },
        channel: channel.clone(),
        can_manage: true,
        langs: Langs {
            user: lang,
            channel: lang,
        },
        ..Default::default()
    }
}
