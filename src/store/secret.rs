//! Database passwords kept out of every message, log line and panic (issue 29).
//!
//! A PostgreSQL location carries its password in one of three forms, all of which
//! `tokio-postgres` (and libpq) read: the URL's userinfo (`postgres://bot:SECRET@host/db`), a
//! `password` query parameter (`postgres://bot@host/db?password=SECRET`), or a keyword
//! connection string (`host=h user=bot password=SECRET dbname=db`). [`location`] masks a
//! location given whole; [`text`] masks any of the three forms found inside a longer text (an
//! error that quotes a location, a configuration line echoed by a parse error), the last
//! line of defence before anything is printed.

/// What a password is replaced with.
pub const MASK: &str = "***";

/// The keywords of a libpq connection string
/// (<https://www.postgresql.org/docs/current/libpq-connect.html#LIBPQ-PARAMKEYWORDS>): a
/// location that opens with one of them followed by `=` is a server, not a file name.
const KEYWORDS: &[&str] = &[
    "host",
    "hostaddr",
    "port",
    "dbname",
    "user",
    "password",
    "passfile",
    "channel_binding",
    "connect_timeout",
    "client_encoding",
    "options",
    "application_name",
    "fallback_application_name",
    "keepalives",
    "keepalives_idle",
    "keepalives_interval",
    "keepalives_count",
    "tcp_user_timeout",
    "replication",
    "gssencmode",
    "sslmode",
    "requiressl",
    "sslcompression",
    "sslcert",
    "sslkey",
    "sslpassword",
    "sslrootcert",
    "sslcrl",
    "sslcrldir",
    "sslsni",
    "requirepeer",
    "ssl_min_protocol_version",
    "ssl_max_protocol_version",
    "krbsrvname",
    "gsslib",
    "gssdelegation",
    "service",
    "target_session_attrs",
    "load_balance_hosts",
];

/// The keywords whose value is a secret: the password, and the password of the client's SSL
/// key.
const SECRET_KEYS: &[&str] = &["password", "sslpassword"];

/// Whether `s` is a keyword connection string (`host=h dbname=d ...`).
pub fn is_keyword_string(s: &str) -> bool {
    let Some((key, _)) = s.trim_start().split_once('=') else {
        return false;
    };
    KEYWORDS.contains(&key.trim_end())
}

/// A location fit to print: its password, in whichever form, replaced by [`MASK`].
pub fn location(s: &str) -> String {
    let lower = s.to_ascii_lowercase();
    if lower.starts_with("postgres://") || lower.starts_with("postgresql://") {
        // The whole location is one URL, spaces included: the driver reads the userinfo up
        // to the first `@` of the rest, whatever it holds.
        let start = s.find("://").map_or(0, |i| i + 3);
        let masked = match userinfo(s, start, s.len()) {
            Some((colon, at)) => format!("{}{MASK}{}", &s[..colon + 1], &s[at..]),
            None => s.to_string(),
        };
        return passwords(&masked);
    }
    text(s)
}

/// `text` with every password it holds, in any of the three forms, replaced by [`MASK`].
pub fn text(text: &str) -> String {
    passwords(&userinfos(text))
}

/// The password part of a URL's userinfo between `start` (after `://`) and `end`: the
/// positions of the `:` that opens it and of the `@` that closes it. The last `@` is taken,
/// so a password holding an unencoded `@` is masked whole.
fn userinfo(s: &str, start: usize, end: usize) -> Option<(usize, usize)> {
    let rest = &s[start..end];
    let at = rest.rfind('@')?;
    let colon = rest[..at].find(':')?;
    Some((start + colon, start + at))
}

/// Masks the userinfo password of every `scheme://user:password@` in free text. A URL ends at
/// white space or a quote, as it does when a message quotes it.
fn userinfos(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut done = 0;
    let mut from = 0;
    while let Some(found) = text[from..].find("://") {
        let start = from + found + 3;
        let end = text[start..]
            .find(|c: char| c.is_whitespace() || matches!(c, '"' | '\'' | '`' | '<' | '>'))
            .map_or(text.len(), |i| start + i);
        if let Some((colon, at)) = userinfo(text, start, end) {
            out.push_str(&text[done..colon + 1]);
            out.push_str(MASK);
            done = at;
        }
        from = end.max(start);
    }
    out.push_str(&text[done..]);
    out
}

/// Masks the value of every `password=` (a keyword string's, with optional spaces around
/// `=` and an optional quoted value; or a URL's query parameter, whose name may be
/// percent-encoded).
fn passwords(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut done = 0;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'=' || i < done {
            i += 1;
            continue;
        }
        let mut key_end = i;
        while key_end > done && bytes[key_end - 1].is_ascii_whitespace() {
            key_end -= 1;
        }
        let mut key_start = key_end;
        while key_start > done && is_key_byte(bytes[key_start - 1]) {
            key_start -= 1;
        }
        let key = percent_decoded(&text[key_start..key_end]);
        if !SECRET_KEYS.iter().any(|k| key.eq_ignore_ascii_case(k)) {
            i += 1;
            continue;
        }
        let in_query = key_start > 0 && matches!(bytes[key_start - 1], b'?' | b'&');
        let mut v = i + 1;
        while v < bytes.len() && bytes[v].is_ascii_whitespace() && !in_query {
            v += 1;
        }
        let value_end = value_end(bytes, v, in_query);
        out.push_str(&text[done..v]);
        out.push_str(MASK);
        done = value_end;
        i = value_end.max(i + 1);
    }
    out.push_str(&text[done..]);
    out
}

fn is_key_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'%')
}

/// Where a value starting at `v` ends: a quoted one at its closing quote (backslash escapes
/// skipped, as libpq reads them), a bare one at white space, or in a URL's query at `&`.
fn value_end(bytes: &[u8], v: usize, in_query: bool) -> usize {
    let mut j = v;
    if !in_query && bytes.get(j) == Some(&b'\'') {
        j += 1;
        while j < bytes.len() && bytes[j] != b'\'' {
            j += if bytes[j] == b'\\' { 2 } else { 1 };
        }
        return (j + 1).min(bytes.len());
    }
    while j < bytes.len() {
        match bytes[j] {
            b'\\' if !in_query => j += 2,
            b'&' if in_query => break,
            b if b.is_ascii_whitespace() => break,
            _ => j += 1,
        }
    }
    j.min(bytes.len())
}

/// `%70assword` as `password`; anything undecodable is left as written.
fn percent_decoded(s: &str) -> String {
    if !s.contains('%') {
        return s.to_string();
    }
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match (bytes[i], bytes.get(i + 1), bytes.get(i + 2)) {
            (b'%', Some(&h), Some(&l)) if hex(h).is_some() && hex(l).is_some() => {
                out.push((hex(h).unwrap_or(0) * 16 + hex(l).unwrap_or(0)) as u8);
                i += 3;
            }
            (b, _, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A writer that masks passwords in what passes through it, for log lines: each write is
/// masked whole, and the log formatter writes one whole event at a time.
pub struct Masked<W>(pub W);

impl<W: std::io::Write> std::io::Write for Masked<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match std::str::from_utf8(buf) {
            Ok(line) => self.0.write_all(text(line).as_bytes())?,
            Err(_) => self.0.write_all(buf)?,
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const S: &str = "hunter2";

    fn hidden(masked: &str) {
        assert!(!masked.contains(S), "{masked}");
        assert!(masked.contains(MASK), "{masked}");
    }

    #[test]
    fn urls_lose_their_userinfo_password() {
        assert_eq!(
            location("postgres://bot:hunter2@db.example:5432/plateau"),
            "postgres://bot:***@db.example:5432/plateau"
        );
        assert_eq!(location("postgres://bot@h/p"), "postgres://bot@h/p");
        // Unencoded `@`, `/` and spaces in the password: everything up to the last `@`.
        hidden(&location("postgresql://bot:hun@ter2 hunter2/x@h/p"));
        assert_eq!(
            text("cannot use postgres://bot:hunter2@h/p: refused; also http://u:hunter2@proxy"),
            "cannot use postgres://bot:***@h/p: refused; also http://u:***@proxy"
        );
        assert_eq!(
            text("see https://example.org/a@b"),
            "see https://example.org/a@b"
        );
    }

    #[test]
    fn query_parameters_are_masked_under_any_spelling() {
        assert_eq!(
            location("postgres://bot@h/p?sslmode=disable&password=hunter2&dbname=x"),
            "postgres://bot@h/p?sslmode=disable&password=***&dbname=x"
        );
        assert_eq!(
            location("postgres://bot@h/p?%70assword=hunter2"),
            "postgres://bot@h/p?%70assword=***"
        );
        assert_eq!(
            text("\"postgres://bot@h/p?PASSWORD=hunter2\" refused"),
            "\"postgres://bot@h/p?PASSWORD=*** refused"
        );
    }

    #[test]
    fn keyword_strings_are_servers_with_their_password_masked() {
        let s = "host=db user=bot password=hunter2 dbname=plateau";
        assert!(is_keyword_string(s));
        assert!(is_keyword_string("  dbname = plateau"));
        assert!(!is_keyword_string("plateau.db"));
        assert!(!is_keyword_string("games=old.db"));
        assert_eq!(location(s), "host=db user=bot password=*** dbname=plateau");
        assert_eq!(
            location("host=db password = 'hunter2 \\' hunter2' dbname=p"),
            "host=db password = *** dbname=p"
        );
        assert_eq!(
            location("password=hunter2\\ hunter2 host=h"),
            "password=*** host=h"
        );
        // An echoed configuration line.
        hidden(&text("url = \"host=h password=hunter2\"\n      ^ expected"));
        assert_eq!(text("no password here"), "no password here");
        assert_eq!(
            text("sslpassword=x sslmode=require"),
            "sslpassword=*** sslmode=require"
        );
    }

    #[test]
    fn log_lines_are_masked_on_their_way_out() {
        use std::io::Write;
        let mut out = Masked(Vec::new());
        write!(out, "store: postgres://bot:hunter2@h/p refused").unwrap();
        assert_eq!(out.0, b"store: postgres://bot:***@h/p refused");
    }
}
