//! Text made to fit a width: shortened with an ellipsis, broken into lines, or set smaller.
//! Names and translated lines have no bound on their length; a picture has.
//!
//! `bold` says which face measures the text. Some callers measure in bold text they draw in
//! the regular face (Pikemen's names, Battle Zone's footer): the bold face is wider, so the
//! text always fits, a little shorter than it could be.

use super::canvas::Canvas;

/// `text`, shortened with an ellipsis until it fits `width` pixels.
pub fn ellipsis(text: &str, size: f32, bold: bool, width: f32) -> String {
    if Canvas::text_width(size, bold, text) as f32 <= width {
        return text.to_string();
    }
    let mut s: String = text.to_string();
    while !s.is_empty() && Canvas::text_width(size, bold, &format!("{s}…")) as f32 > width {
        s.pop();
    }
    s + "…"
}

/// Breaks `text` at spaces into at most `max` lines of `width` pixels (measured in bold), the
/// last one shortened with an ellipsis if need be.
pub fn wrap(text: &str, size: f32, width: f32, max: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut rest = text.trim();
    while !rest.is_empty() {
        if lines.len() + 1 == max || Canvas::text_width(size, true, rest) as f32 <= width {
            lines.push(ellipsis(rest, size, true, width));
            break;
        }
        let cut = rest
            .char_indices()
            .filter(|&(i, ch)| {
                ch == ' ' && Canvas::text_width(size, true, &rest[..i]) as f32 <= width
            })
            .map(|(i, _)| i)
            .next_back()
            .unwrap_or(rest.len());
        lines.push(rest[..cut].to_string());
        rest = rest[cut..].trim_start();
    }
    lines
}

/// The size, a whole pixel at a time down from `size` to 12 at the least, at which `text`
/// fits `width` pixels.
pub fn shrink(text: &str, size: f32, bold: bool, width: f32) -> f32 {
    let mut size = size;
    while size > 12.0 && Canvas::text_width(size, bold, text) as f32 > width {
        size -= 1.0;
    }
    size
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_is_kept_and_long_text_ends_in_an_ellipsis() {
        assert_eq!(ellipsis("bob", 20.0, true, 200.0), "bob");
        let long = "Wolfgang Amadeus Mozart of Salzburg";
        let cut = ellipsis(long, 20.0, false, 120.0);
        assert!(cut.ends_with('…') && cut.len() < long.len(), "{cut}");
        assert!(Canvas::text_width(20.0, false, &cut) <= 120);
        assert_eq!(ellipsis(long, 20.0, true, 1.0), "…");
    }

    #[test]
    fn wrapped_lines_break_at_spaces_and_stop_at_the_maximum() {
        let text = "one two three four five six seven eight nine ten";
        let lines = wrap(text, 19.0, 150.0, 2);
        assert_eq!(lines.len(), 2);
        assert!(text.starts_with(&lines[0]) && !lines[0].ends_with(' '));
        assert!(lines[1].ends_with('…'), "{lines:?}");
        assert_eq!(wrap(text, 19.0, 2000.0, 3), [text]);
        assert!(wrap("  ", 19.0, 100.0, 2).is_empty());
    }

    #[test]
    fn shrinking_stops_at_twelve() {
        assert_eq!(shrink("ab", 18.0, true, 500.0), 18.0);
        let s = shrink("a somewhat long line", 18.0, false, 150.0);
        assert!(s < 18.0 && Canvas::text_width(s, false, "a somewhat long line") <= 150);
        assert_eq!(shrink("a somewhat long line", 18.0, false, 5.0), 12.0);
    }
}
