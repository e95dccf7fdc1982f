//! The transcript format of conventions §4, one line at a time.

use crate::table::Arg;
use std::collections::HashMap;

pub const DEFAULT_CHANNEL: &str = "general";

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    Blank,
    Comment,
    /// `@name [#channel] /command args..`
    Command {
        author: String,
        channel: String,
        name: String,
        args: Vec<Arg>,
    },
    /// `@name [#channel] words`: ordinary chat, which the bot does not answer.
    Chat {
        author: String,
        channel: String,
    },
    /// `@name [#channel] [press LABEL]`: presses the button LABEL of the newest message the
    /// author sees in the channel that has one.
    Press {
        author: String,
        channel: String,
        label: String,
    },
    /// `@name [#channel] [choose VALUE]`: chooses the option VALUE of the newest select menu
    /// the author sees in the channel that offers it.
    Choose {
        author: String,
        channel: String,
        value: String,
    },
    /// `!advance 30m`: milliseconds to move the clock by.
    Advance(i64),
    /// `!locale @bob fr`: the language bob's client reports from now on (Discord's
    /// interaction `locale`); `!locale #tavern fr`: the channel's server language (Discord's
    /// `guild_locale`). `None` (`!locale @bob none`) reports none again.
    Locale {
        target: LocaleTarget,
        locale: Option<String>,
    },
    /// `!manage @carol`: carol may manage channels from now on (Discord's Manage Channels
    /// permission, which tournaments and server settings ask for).
    Manage(String),
    /// `!restart`: the service stops and starts again on the same database, as a restarted
    /// bot would: only what is in the store survives.
    Restart,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LocaleTarget {
    User(String),
    Channel(String),
}

/// Reads lines, remembering each author's current channel and who wrote last.
#[derive(Default)]
pub struct Parser {
    channels: HashMap<String, String>,
    last_author: Option<String>,
}

/// Who writes a bare `/command` typed before any `@name` line.
const DEFAULT_AUTHOR: &str = "you";

impl Parser {
    pub fn parse(&mut self, line: &str) -> Result<Line, String> {
        let line = line.trim();
        if line.is_empty() {
            return Ok(Line::Blank);
        }
        if line.starts_with('#') {
            return Ok(Line::Comment);
        }
        if let Some(rest) = line.strip_prefix('!') {
            let mut words = rest.split_whitespace();
            return match (words.next(), words.next(), words.next(), words.next()) {
                (Some("advance"), Some(d), None, None) => Ok(Line::Advance(parse_duration(d)?)),
                (Some("locale"), Some(who), Some(l), None) => {
                    let target = if let Some(u) = who.strip_prefix('@') {
                        LocaleTarget::User(u.to_string())
                    } else if let Some(c) = who.strip_prefix('#') {
                        LocaleTarget::Channel(c.to_string())
                    } else {
                        return Err(format!(
                            "\"{line}\": !locale takes @user or #channel, then a locale, e.g. !locale @bob fr"
                        ));
                    };
                    let locale = (l != "none").then(|| l.to_string());
                    Ok(Line::Locale { target, locale })
                }
                (Some("manage"), Some(who), None, None) if who.starts_with('@') => {
                    Ok(Line::Manage(who[1..].to_string()))
                }
                (Some("restart"), None, None, None) => Ok(Line::Restart),
                _ => Err(format!(
                    "\"{line}\" is not a directive: they are !advance DURATION (e.g. !advance 12h), !locale @USER|#CHANNEL LOCALE (e.g. !locale @bob fr), !manage @USER and !restart"
                )),
            };
        }
        if line.starts_with(['/', '[']) {
            // A bare command or component is the last author's, in their channel: typing
            // at the terminal need not repeat `@alice #tavern` on every line.
            let author = self.last_author.as_deref().unwrap_or(DEFAULT_AUTHOR);
            return self.parse(&format!("@{author} {line}"));
        }
        let Some(rest) = line.strip_prefix('@') else {
            return Err(format!(
                "\"{line}\" should start with @name (the author), / (a command, by the last author), # (a comment) or !advance, e.g. @alice #tavern /help"
            ));
        };
        let (author, rest) = split_word(rest);
        if author.is_empty() || rest_starts_blank(line) || author.starts_with(['/', '#', '@']) {
            return Err("@ must be followed by the author's name, e.g. @alice /join".into());
        }
        let author = author.to_string();
        self.last_author = Some(author.clone());
        let mut rest = rest;
        if let Some(r) = rest.strip_prefix('#') {
            let (channel, r) = split_word(r);
            if channel.is_empty() {
                return Err("# must be followed by the channel's name, e.g. #tavern".into());
            }
            self.channels.insert(author.clone(), channel.to_string());
            rest = r;
        }
        let channel = self
            .channels
            .get(&author)
            .cloned()
            .unwrap_or_else(|| DEFAULT_CHANNEL.to_string());
        if let Some(inner) = rest.strip_prefix('[') {
            let bad = || {
                format!("\"{line}\": a component is [press LABEL] or [choose VALUE], e.g. @alice [press Move]")
            };
            let inner = inner.strip_suffix(']').ok_or_else(bad)?;
            let (verb, what) = split_word(inner);
            let what = what.trim().to_string();
            if what.is_empty() {
                return Err(bad());
            }
            return match verb {
                "press" => Ok(Line::Press {
                    author,
                    channel,
                    label: what,
                }),
                "choose" => Ok(Line::Choose {
                    author,
                    channel,
                    value: what,
                }),
                _ => Err(bad()),
            };
        }
        let Some(cmd) = rest.strip_prefix('/') else {
            return Ok(Line::Chat { author, channel });
        };
        let (name, rest) = split_word(cmd);
        if name.is_empty() {
            return Err("/ must be followed by a command, e.g. /help".into());
        }
        let args = tokens(rest)?
            .into_iter()
            .map(|(tok, quoted)| match tok.split_once(':') {
                Some((n, v)) if !quoted && is_name(n) => Arg::named(n, unquote(v)),
                _ => Arg::positional(if quoted { tok } else { unquote(&tok) }),
            })
            .collect();
        Ok(Line::Command {
            author,
            channel,
            name: name.to_ascii_lowercase(),
            args,
        })
    }
}

/// `@ alice`: the name must follow the @ directly.
fn rest_starts_blank(line: &str) -> bool {
    line[1..].starts_with(char::is_whitespace)
}

fn split_word(s: &str) -> (&str, &str) {
    let s = s.trim_start();
    match s.find(char::is_whitespace) {
        Some(i) => (&s[..i], s[i..].trim_start()),
        None => (s, ""),
    }
}

fn is_name(s: &str) -> bool {
    !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

fn unquote(v: &str) -> String {
    v.trim_matches('"').to_string()
}

/// Splits on spaces, keeping `"quoted values"` (also after `name:`) together. The flag says
/// whether the whole token was quoted (then a colon inside it does not name an option).
fn tokens(s: &str) -> Result<Vec<(String, bool)>, String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut in_quote = false;
    let mut started = false;
    let mut whole_quoted = false;
    for c in s.chars() {
        match c {
            '"' => {
                if !started {
                    whole_quoted = true;
                }
                in_quote = !in_quote;
                started = true;
                if whole_quoted && !in_quote {
                    continue;
                }
                if !whole_quoted {
                    cur.push(c);
                }
            }
            c if c.is_whitespace() && !in_quote => {
                if started {
                    out.push((std::mem::take(&mut cur), whole_quoted));
                    started = false;
                    whole_quoted = false;
                }
            }
            c => {
                cur.push(c);
                started = true;
            }
        }
    }
    if in_quote {
        return Err(format!("a quote is not closed in \"{}\"", s.trim()));
    }
    if started {
        out.push((cur, whole_quoted));
    }
    Ok(out)
}

/// `30m`, `12h`, `3d`, `1d12h`, `45s`, `2w`.
pub fn parse_duration(text: &str) -> Result<i64, String> {
    let bad = || format!("\"{text}\" is not a duration: write e.g. 30m, 12h, 3d or 1d12h");
    let mut total: i64 = 0;
    let mut num = String::new();
    for c in text.chars() {
        if c.is_ascii_digit() {
            num.push(c);
            continue;
        }
        let n: i64 = num.parse().map_err(|_| bad())?;
        num.clear();
        let unit = match c {
            's' => 1_000,
            'm' => 60_000,
            'h' => 3_600_000,
            'd' => 86_400_000,
            'w' => 7 * 86_400_000,
            _ => return Err(bad()),
        };
        total = n
            .checked_mul(unit)
            .and_then(|v| total.checked_add(v))
            .ok_or_else(bad)?;
    }
    if !num.is_empty() || total == 0 {
        return Err(bad());
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The banner's `/help`: a bare command is the last author's, in their channel, and
    /// `@you` in the default channel before anyone wrote.
    #[test]
    fn a_bare_command_is_the_last_author_s() {
        let mut p = Parser::default();
        let author_of = |l: Line| match l {
            Line::Command {
                author, channel, ..
            } => (author, channel),
            other => panic!("{other:?}"),
        };
        let first = author_of(p.parse("/help").unwrap());
        assert_eq!(first, (DEFAULT_AUTHOR.into(), DEFAULT_CHANNEL.into()));
        p.parse("@alice #den /new pikemen").unwrap();
        assert_eq!(
            author_of(p.parse("/join").unwrap()),
            ("alice".into(), "den".into())
        );
        assert!(matches!(
            p.parse("[press Move]").unwrap(),
            Line::Press { author, .. } if author == "alice"
        ));
    }

    #[test]
    fn channels_persist_per_author() {
        let mut p = Parser::default();
        let l = p.parse("@alice #tavern /new pikemen players:2").unwrap();
        assert_eq!(
            l,
            Line::Command {
                author: "alice".into(),
                channel: "tavern".into(),
                name: "new".into(),
                args: vec![Arg::positional("pikemen"), Arg::named("players", "2")],
            }
        );
        match p.parse("@alice /join").unwrap() {
            Line::Command { channel, .. } => assert_eq!(channel, "tavern"),
            other => panic!("{other:?}"),
        }
        match p.parse("@bob /join").unwrap() {
            Line::Command { channel, .. } => assert_eq!(channel, DEFAULT_CHANNEL),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn quotes_keep_spaces_and_colons() {
        let mut p = Parser::default();
        match p
            .parse(r#"@a /play "move h3 h5" note:"a b:c" "x:y""#)
            .unwrap()
        {
            Line::Command { args, .. } => assert_eq!(
                args,
                vec![
                    Arg::positional("move h3 h5"),
                    Arg::named("note", "a b:c"),
                    Arg::positional("x:y"),
                ]
            ),
            other => panic!("{other:?}"),
        }
        assert!(p.parse(r#"@a /play "move h3"#).is_err());
    }

    #[test]
    fn other_lines() {
        let mut p = Parser::default();
        assert_eq!(p.parse("   "), Ok(Line::Blank));
        assert_eq!(p.parse("# note"), Ok(Line::Comment));
        assert_eq!(p.parse("!advance 1d12h"), Ok(Line::Advance(36 * 3_600_000)));
        assert_eq!(p.parse("!restart"), Ok(Line::Restart));
        assert!(p.parse("!restart now").is_err());
        assert!(p.parse("!advance soon").is_err());
        assert!(p.parse("!wait 3d").is_err());
        assert_eq!(
            p.parse("!locale @bob fr"),
            Ok(Line::Locale {
                target: LocaleTarget::User("bob".into()),
                locale: Some("fr".into())
            })
        );
        assert_eq!(
            p.parse("!locale #tavern none"),
            Ok(Line::Locale {
                target: LocaleTarget::Channel("tavern".into()),
                locale: None
            })
        );
        assert!(p.parse("!locale bob fr").is_err());
        assert!(p.parse("hello").is_err());
        assert!(p.parse("@ /join").is_err());
        assert_eq!(
            p.parse("@carol hello all"),
            Ok(Line::Chat {
                author: "carol".into(),
                channel: DEFAULT_CHANNEL.into()
            })
        );
        assert_eq!(
            p.parse("@alice [press Play move h3 h5]"),
            Ok(Line::Press {
                author: "alice".into(),
                channel: DEFAULT_CHANNEL.into(),
                label: "Play move h3 h5".into()
            })
        );
        assert_eq!(
            p.parse("@alice #tavern [choose h5]"),
            Ok(Line::Choose {
                author: "alice".into(),
                channel: "tavern".into(),
                value: "h5".into()
            })
        );
        assert!(p.parse("@alice [press]").is_err());
        assert!(p.parse("@alice [push Move]").is_err());
        assert!(p.parse("@alice [press Move").is_err());
        assert_eq!(parse_duration("30m"), Ok(1_800_000));
        assert!(parse_duration("30").is_err());
        assert!(parse_duration("m").is_err());
    }
}
