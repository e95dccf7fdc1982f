//! Answers that inform only their asker (`/board`, `/history`, `/export`, `/replay`, `/rating`,
//! `/leaderboard`, `/stats`) are private; a Share button under them (or `share:true`) posts the
//! same answer in the channel (issue 27). The same answer shared again in a channel within
//! [`SHARE_QUIET_MS`] is answered privately with a note saying when it was posted, so that a
//! channel does not fill with copies of one table or one board.

use crate::i18n::Lang;
use crate::table::answer::Answer;
use crate::table::api::{Button, Command, Context, Reply, Request, Visibility};
use crate::table::markup::stamp;
use crate::table::Service;
use crate::tr;
use std::hash::{Hash, Hasher};

/// How long the same answer, shared once in a channel, is not posted there again.
pub(crate) const SHARE_QUIET_MS: i64 = 10 * 60 * 1000;

/// Adds a Share button to the private answers of a command that can be shared.
pub(crate) fn offer_share(_svc: &Service, ctx: &Context, command: &Command, replies: &mut [Reply]) {
    let Some(text) = share_text(command) else {
        return;
    };
    for r in replies
        .iter_mut()
        .filter(|r| r.visibility == Visibility::Ephemeral && !r.update)
    {
        r.buttons.push(Button {
            label: tr!(ctx.langs.user, "button-share"),
            command: text.clone(),
            game: None,
        });
    }
}

/// `share:true`: the answer of `inner`, in the channel's language, posted for everyone,
/// unless the same answer was posted here within [`SHARE_QUIET_MS`].
pub(crate) fn share(svc: &Service, req: &Request, inner: &Command) -> Answer {
    let mut ctx = req.ctx.clone();
    ctx.langs.user = ctx.langs.channel;
    let shared = Request {
        ctx: ctx.clone(),
        command: inner.clone(),
        from_button: None,
    };
    let mut replies = svc.run(&shared)?;
    let key = (ctx.channel.id.clone(), fingerprint(&replies));
    let now = svc.now_ms();
    let last = {
        let mut seen = svc.shared.lock().unwrap_or_else(|e| e.into_inner());
        let last = seen.get(&key).copied().filter(|t| now - t < SHARE_QUIET_MS);
        if last.is_none() {
            seen.retain(|_, t| now - *t < SHARE_QUIET_MS);
            seen.insert(key, now);
        }
        last
    };
    if let Some(at) = last {
        let mine = Request {
            command: inner.clone(),
            ..req.clone()
        };
        let mut again = svc.run(&mine)?;
        let note = tr!(req.ctx.langs.user, "share-again", when = stamp(at));
        if let Some(first) = again.first_mut() {
            first.text = format!("{note}\n{}", first.text);
        }
        return Ok(again);
    }
    let lang: Lang = ctx.langs.channel;
    let by = tr!(lang, "share-by", who = ctx.user.name.as_str());
    for (i, r) in replies.iter_mut().enumerate() {
        if r.visibility == Visibility::Ephemeral {
            r.visibility = Visibility::Public;
        }
        // A shared answer pings nobody.
        r.mentions.clear();
        if i == 0 {
            r.text = format!("{by}\n{}", r.text);
        }
    }
    Ok(replies)
}

/// What the Share button runs: the command again, with `share:true`; `None` for a command
/// that informs everyone already, or whose options a button cannot carry (a name with spaces).
fn share_text(command: &Command) -> Option<String> {
    let mut words: Vec<String> = match command {
        Command::Board => vec!["/board".into()],
        Command::History { page } => {
            vec!["/history".into(), format!("page:{}", page.unwrap_or(1))]
        }
        Command::Export => vec!["/export".into()],
        Command::Replay => vec!["/replay".into()],
        Command::Rating { user, game } => {
            let mut w = vec!["/rating".to_string()];
            w.extend(user.as_ref().map(|u| format!("user:{u}")));
            w.extend(game.map(|g| format!("game:{}", g.id())));
            w
        }
        Command::Leaderboard { game, scope, page } => {
            let mut w = vec!["/leaderboard".to_string()];
            w.extend(game.map(|g| format!("game:{}", g.id())));
            w.extend(scope.map(|s| {
                format!(
                    "scope:{}",
                    match s {
                        crate::rating::views::Scope::Server => "server",
                        crate::rating::views::Scope::Global => "global",
                    }
                )
            }));
            w.extend(page.map(|p| format!("page:{p}")));
            w
        }
        Command::Stats { user } => {
            let mut w = vec!["/stats".to_string()];
            w.extend(user.as_ref().map(|u| format!("user:{u}")));
            w
        }
        _ => return None,
    };
    if words.iter().any(|w| w.trim().contains(char::is_whitespace)) {
        return None;
    }
    words.push("share:true".into());
    Some(words.join(" "))
}

/// The same answer, as far as throttling goes: its texts and attachments' names.
fn fingerprint(replies: &[Reply]) -> u64 {
    let mut h = std::hash::DefaultHasher::new();
    for r in replies {
        r.text.hash(&mut h);
        r.image.as_ref().map(|i| &i.name).hash(&mut h);
    }
    h.finish()
}
