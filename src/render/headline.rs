//! A line that names players, fitted to one line of the picture whatever the names' length:
//! set smaller down to a floor, then with the names shortened, so that the words around them
//! ("to move", "wins") stay and every frame of a replay keeps the same layout.

use super::canvas::Canvas;
use super::fit::ellipsis;

/// The text `make` writes around `names`, and its size: at most `size`, at least `floor`,
/// fitting `width` pixels in `bold` or not.
pub fn fitted(
    make: impl Fn(&str) -> String,
    names: &str,
    size: f32,
    floor: f32,
    bold: bool,
    width: f32,
) -> (String, f32) {
    let fits = |text: &str, size: f32| Canvas::text_width(size, bold, text) as f32 <= width;
    let full = make(names);
    let mut at = size;
    while at > floor && !fits(&full, at) {
        at = (at - 1.0).max(floor);
    }
    if fits(&full, at) {
        return (full, at);
    }
    let mut kept: Vec<char> = names.chars().collect();
    while kept.pop().is_some() {
        let short: String = kept.iter().collect();
        let text = make(&format!("{}…", short.trim_end()));
        if fits(&text, at) {
            return (text, at);
        }
    }
    (ellipsis(&make("…"), at, bold, width), at)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_lines_keep_their_size_and_long_names_are_shortened() {
        let make = |n: &str| format!("{n} to move");
        assert_eq!(
            fitted(make, "bob", 18.0, 15.0, true, 400.0),
            ("bob to move".into(), 18.0)
        );
        let long = "Bartholomew Fitzgerald-Wolfeschlegel of Lower Saxony";
        let (text, size) = fitted(make, long, 18.0, 15.0, true, 300.0);
        assert_eq!(size, 15.0);
        assert!(text.ends_with("… to move"), "{text}");
        assert!(Canvas::text_width(15.0, true, &text) <= 300);
        // A line too long even without names is cut at its end.
        let (text, _) = fitted(
            |n: &str| format!("{n} {}", "x".repeat(80)),
            "a",
            18.0,
            15.0,
            true,
            100.0,
        );
        assert!(text.ends_with('…') && Canvas::text_width(15.0, true, &text) <= 100);
    }
}
