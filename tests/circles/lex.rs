//! Rust source reduced to what an import reader looks at: identifiers, `::` and single
//! punctuation, each with its line. Comments (doc comments too: a link is not an import),
//! strings, characters, numbers and lifetimes are dropped, so that `"crate::x"` in a message
//! or `'static` never reads as a path or an item.

#[derive(Debug, Clone, PartialEq)]
pub struct Token {
    pub text: String,
    pub line: usize,
}

impl Token {
    pub fn is(&self, text: &str) -> bool {
        self.text == text
    }

    pub fn is_ident(&self) -> bool {
        let mut chars = self.text.chars();
        matches!(chars.next(), Some(c) if c == '_' || c == '$' || c.is_alphabetic())
    }
}

pub fn tokens(src: &str) -> Vec<Token> {
    let s: Vec<char> = src.chars().collect();
    let at = |i: usize| s.get(i).copied().unwrap_or('\0');
    let mut out = Vec::new();
    let mut line = 1;
    let mut i = 0;
    while i < s.len() {
        let c = s[i];
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c == '/' && at(i + 1) == '/' {
            while i < s.len() && s[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            i = block_comment(&s, i, &mut line);
        } else if c == '"' {
            i = string(&s, i + 1, &mut line);
        } else if c == '\'' {
            i = quote(&s, i);
        } else if c.is_ascii_digit() {
            while i < s.len() && (s[i].is_alphanumeric() || s[i] == '_') {
                i += 1;
            }
        } else if c == '_' || c.is_alphabetic() {
            let start = i;
            while i < s.len() && (s[i].is_alphanumeric() || s[i] == '_') {
                i += 1;
            }
            let word: String = s[start..i].iter().collect();
            match (word.as_str(), at(i)) {
                ("b" | "c", '"') => i = string(&s, i + 1, &mut line),
                ("b", '\'') => i = quote(&s, i),
                ("r" | "br" | "cr", '"' | '#') if raw_string_at(&s, i) => {
                    i = raw_string(&s, i, &mut line)
                }
                // A raw identifier (`r#type`) is the identifier itself.
                ("r", '#') => {
                    let start = i + 1;
                    i = start;
                    while i < s.len() && (s[i].is_alphanumeric() || s[i] == '_') {
                        i += 1;
                    }
                    out.push(Token {
                        text: s[start..i].iter().collect(),
                        line,
                    });
                }
                _ => out.push(Token { text: word, line }),
            }
        } else if c == ':' && at(i + 1) == ':' {
            out.push(Token {
                text: "::".into(),
                line,
            });
            i += 2;
        } else if c == '$' && s[i + 1..].starts_with(&['c', 'r', 'a', 't', 'e']) {
            out.push(Token {
                text: "$crate".into(),
                line,
            });
            i += 6;
        } else {
            out.push(Token {
                text: c.to_string(),
                line,
            });
            i += 1;
        }
    }
    out
}

/// Block comments nest in Rust.
fn block_comment(s: &[char], mut i: usize, line: &mut usize) -> usize {
    let mut depth = 0;
    while i < s.len() {
        if s[i] == '/' && s.get(i + 1) == Some(&'*') {
            depth += 1;
            i += 2;
        } else if s[i] == '*' && s.get(i + 1) == Some(&'/') {
            depth -= 1;
            i += 2;
            if depth == 0 {
                return i;
            }
        } else {
            if s[i] == '\n' {
                *line += 1;
            }
            i += 1;
        }
    }
    i
}

/// From just after the opening quote to just after the closing one.
fn string(s: &[char], mut i: usize, line: &mut usize) -> usize {
    while i < s.len() {
        match s[i] {
            '\\' => i += 2,
            '"' => return i + 1,
            c => {
                if c == '\n' {
                    *line += 1;
                }
                i += 1;
            }
        }
    }
    i
}

fn raw_string_at(s: &[char], mut i: usize) -> bool {
    while s.get(i) == Some(&'#') {
        i += 1;
    }
    s.get(i) == Some(&'"')
}

/// From the `#`s (or quote) after `r` to just after the closing quote and as many `#`s.
fn raw_string(s: &[char], mut i: usize, line: &mut usize) -> usize {
    let mut hashes = 0;
    while s[i] == '#' {
        hashes += 1;
        i += 1;
    }
    i += 1;
    while i < s.len() {
        if s[i] == '"' && (1..=hashes).all(|k| s.get(i + k) == Some(&'#')) {
            return i + 1 + hashes;
        }
        if s[i] == '\n' {
            *line += 1;
        }
        i += 1;
    }
    i
}

/// A character literal (`'a'`, `'\n'`, `'\u{1F}'`) or a lifetime or label (`'a`,
/// `'static`): both skipped whole.
fn quote(s: &[char], i: usize) -> usize {
    let at = |k: usize| s.get(k).copied().unwrap_or('\0');
    if at(i + 1) == '\\' {
        let mut j = i + 3;
        while j < s.len() && s[j] != '\'' {
            j += 1;
        }
        return j + 1;
    }
    if at(i + 2) == '\'' {
        return i + 3;
    }
    let mut j = i + 1;
    while j < s.len() && (s[j].is_alphanumeric() || s[j] == '_') {
        j += 1;
    }
    j
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(src: &str) -> Vec<String> {
        tokens(src).into_iter().map(|t| t.text).collect()
    }

    #[test]
    fn comments_strings_and_lifetimes_are_not_read() {
        let src = r##"
            // use crate::a;
            /* crate::b /* nested */ crate::c */
            /// [`crate::d`]
            let s = "crate::e \" super::f";
            let r = r#"crate::g "quoted" "#;
            let b = b"crate::h";
            let c = '"';
            let q = '\'';
            fn f<'a>(x: &'static str) {}
            super::i
        "##;
        let words = texts(src);
        assert!(!words.iter().any(|w| w == "crate" || w == "static"));
        assert!(words.ends_with(&["super".into(), "::".into(), "i".into()]));
    }

    #[test]
    fn lines_are_counted_through_comments_and_strings() {
        let t = tokens("/* a\n b */ \"x\ny\"\nsuper");
        assert_eq!(
            t.last().map(|t| (t.text.as_str(), t.line)),
            Some(("super", 4))
        );
    }

    #[test]
    fn raw_identifiers_and_dollar_crate() {
        assert_eq!(texts("r#type $crate::x"), ["type", "$crate", "::", "x"]);
    }
}
