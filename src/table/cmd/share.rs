//! Answers that inform only their asker (`/board`, `/history`, `/export`, `/replay`, `/rating`,
//! `/leaderboard`, `/stats`) are private; a Share button under them (or `share:true`) posts the
//! same answer in the channel (issue 27). The same answer shared again in a channel within
//! [`SHARE_QUIET_MS`] is answered privately with a note saying when it was posted, so that a
//! channel does not fill with copies of one table or one board.
//!
//! Each answer is built once for whom it is for: the audience ([`Audience`]) is set here before
//! the command runs, and `present/` reads it (visibility, the Share button, the line saying who
//! shared it or when it was posted); nothing edits the replies afterwards.

use crate::table::answer::Answer;
use crate::table::api::{Audience, Command, Reply, Request};
use crate::table::present::audience_line;
use crate::table::Service;
use std::hash::{Hash, Hasher};

/// How long the same answer, shared once in a channel, is not posted there again.
pub(crate) const SHARE_QUIET_MS: i64 = 10 * 60 * 1000;

/// The answer of a command that informs its asker alone, built with a Share button when the
/// command can be shared.
pub(crate) fn ask(svc: &Service, req: &Request) -> Answer {
    let Some(share) = share_text(&req.command) else {
        return svc.run(req);
    };
    let mut asked = req.clone();
    asked.ctx.audience = Audience::Asker { share: Some(share) };
    svc.run(&asked)
}

/// `share:true`: the answer of `inner`, in the channel's language, posted for everyone,
/// unless the same answer was posted here within [`SHARE_QUIET_MS`].
pub(crate) fn share(svc: &Service, req: &Request, inner: &Command) -> Answer {
    let mut ctx = req.ctx.clone();
    ctx.langs.user = ctx.langs.channel;
    ctx.audience = Audience::Shared {
        by: ctx.user.name.clone(),
    };
    let shared = Request {
        ctx: ctx.clone(),
        command: inner.clone(),
        from_button: None,
    };
    let replies = svc.run(&shared)?;
    // Who shares it is no part of the answer: shared by someone else, it is the same.
    let key = (
        ctx.channel.id.clone(),
        fingerprint(&replies, audience_line(&ctx).as_deref()),
    );
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
    let Some(at) = last else {
        return Ok(replies);
    };
    let mut mine = Request {
        command: inner.clone(),
        ..req.clone()
    };
    mine.ctx.audience = Audience::SharedAgain { at };
    svc.run(&mine)
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

/// The same answer, as far as throttling goes: its texts (without the `line` its audience
/// starts them with) and attachments' names.
fn fingerprint(replies: &[Reply], line: Option<&str>) -> u64 {
    let mut h = std::hash::DefaultHasher::new();
    for r in replies {
        let text = line
            .and_then(|l| r.text.strip_prefix(l))
            .and_then(|t| t.strip_prefix('\n'))
            .unwrap_or(&r.text);
        text.hash(&mut h);
        r.image.as_ref().map(|i| &i.name).hash(&mut h);
    }
    h.finish()
}
