//! The last look at every reply before a transport sends it: text echoed from users can hold
//! anything (a 6,000-character move, `@everyone`, someone's `<@id>`), and a chat message has
//! limits. Discord's `allowed_mentions` is what really stops pings (the transport sets it to
//! exactly `Reply::mentions`); this is the defence in depth, and it keeps the local channel
//! and Discord showing the same text.

use super::Reply;

/// Discord's limit on a message's content, in UTF-16 code units (how its API counts).
pub const CONTENT_MAX: usize = 2000;

/// A zero-width space: placed after `@` it keeps the text readable and the mention dead.
const BREAK: char = '\u{200b}';

/// Makes `reply` safe to send: mass and role mentions defused, user mentions kept only for
/// the users in `known` (the players the service named on purpose), and the text cut to
/// [`CONTENT_MAX`].
pub(crate) fn make_safe(reply: &mut Reply, known: &[String]) {
    let defused = defuse(&reply.text, known);
    reply.text = clamp(&defused, CONTENT_MAX);
    reply.mentions.retain(|m| known.contains(m));
}

/// `@everyone`, `@here`, `<@&role>` and `<@user>` (for users not in `known`) with a break
/// after the `@`.
fn defuse(text: &str, known: &[String]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('@') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        let mass = after.starts_with("everyone") || after.starts_with("here");
        let mention = out.ends_with('<') && !is_known_mention(after, known);
        out.push('@');
        if mass || mention {
            out.push(BREAK);
        }
        rest = after;
    }
    out.push_str(rest);
    out
}

/// Whether `after` (what follows `<@`) is the mention of a known user: `ID>` or `!ID>`.
fn is_known_mention(after: &str, known: &[String]) -> bool {
    let after = after.strip_prefix('!').unwrap_or(after);
    match after.find('>') {
        Some(end) => known.iter().any(|k| k == &after[..end]),
        None => false,
    }
}

/// `text` cut to at most `max` UTF-16 units, ending with an ellipsis when cut.
fn clamp(text: &str, max: usize) -> String {
    if text.encode_utf16().count() <= max {
        return text.to_string();
    }
    let mut out = String::new();
    let mut units = 0;
    for c in text.chars() {
        if units + c.len_utf16() > max - 1 {
            break;
        }
        units += c.len_utf16();
        out.push(c);
    }
    out.push('…');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn known() -> Vec<String> {
        vec!["111".into(), "u-bob".into()]
    }

    #[test]
    fn mass_role_and_unknown_user_mentions_are_defused() {
        let t = defuse("@everyone @here <@&5> <@999> <@!999>", &known());
        assert_eq!(
            t,
            "@\u{200b}everyone @\u{200b}here <@\u{200b}&5> <@\u{200b}999> <@\u{200b}!999>"
        );
    }

    #[test]
    fn players_mentions_and_plain_text_are_kept() {
        let s = "Blue (<@u-bob>) to move. <@111>, <@!111> mail@example.com";
        assert_eq!(defuse(s, &known()), s);
        assert_eq!(
            defuse("<t:1767225600:R> <#42>", &known()),
            "<t:1767225600:R> <#42>"
        );
    }

    #[test]
    fn long_text_is_cut_within_discords_limit() {
        let long = "é".repeat(3000);
        let cut = clamp(&long, CONTENT_MAX);
        assert_eq!(cut.encode_utf16().count(), CONTENT_MAX);
        assert!(cut.ends_with('…'));
        // Astral characters count two units each and are never split.
        let emoji = "🎲".repeat(1500);
        let cut = clamp(&emoji, CONTENT_MAX);
        assert!(cut.encode_utf16().count() <= CONTENT_MAX);
        assert_eq!(clamp("short", CONTENT_MAX), "short");
    }
}
