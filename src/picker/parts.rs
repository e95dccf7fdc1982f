//! Which part of a move a word chooses, read from the game's verbs (`engine::VerbSpec`): the
//! first word is the action, each later word fills the next parameter whose shape it has
//! (a keyword parameter's name and its value are the same part). The part's name is the
//! game's own word for it (a Pikemen `from` square is the piece, a Sky Scrapers one the stack).

use crate::engine::{GameKind, ParamKind, ParamSpec, VerbSpec, Written};

/// What a step of the picker chooses: an id of the `pick-part` message (`piece`, `target`,
/// `facing`, ...).
pub type Part = &'static str;

/// The part that `next` fills after `words` (the move's words chosen so far, verb first).
pub fn part_of(kind: GameKind, words: &[String], next: &str) -> Part {
    let Some(verb) = words.first() else {
        return "action";
    };
    let Some(spec) = kind.verbs().iter().find(|v| v.name == verb.as_str()) else {
        return "next";
    };
    let mut filled = Filler::new(spec);
    for w in &words[1..] {
        filled.fill(w);
    }
    match filled.fill(next) {
        Some(p) => name(kind, spec.name, p.name),
        None => "next",
    }
}

/// Where `next` comes among the values of the parameter it fills when they have an order
/// of their own (compass directions clockwise, sizes small to large); `None` for squares,
/// numbers and actions, which sort as written.
pub fn rank(kind: GameKind, words: &[String], next: &str) -> Option<usize> {
    let spec = kind
        .verbs()
        .iter()
        .find(|v| Some(v.name) == words.first().map(String::as_str))?;
    let mut filled = Filler::new(spec);
    for w in &words[1..] {
        filled.fill(w);
    }
    match filled.fill(next)?.kind {
        ParamKind::Direction(list) | ParamKind::Choice(list) => {
            list.iter().position(|w| *w == next)
        }
        ParamKind::Size => ["small", "medium", "large"].iter().position(|w| *w == next),
        _ => None,
    }
}

/// Assigns words to a verb's parameters in declared order, skipping absent optional ones.
struct Filler<'a> {
    params: &'a [ParamSpec],
    at: usize,
    /// A keyword parameter whose name was the last word: its value comes next.
    keyword: Option<&'a ParamSpec>,
}

impl<'a> Filler<'a> {
    fn new(spec: &'a VerbSpec) -> Self {
        Filler {
            params: spec.params,
            at: 0,
            keyword: None,
        }
    }

    fn fill(&mut self, word: &str) -> Option<&'a ParamSpec> {
        if let Some(p) = self.keyword.take() {
            return Some(p);
        }
        for (j, p) in self.params.iter().enumerate().skip(self.at) {
            let takes = match p.written {
                Written::Keyword | Written::Switch => word == p.name,
                Written::Value => accepts(p.kind, word),
            };
            if takes {
                self.at = j + 1;
                if p.written == Written::Keyword {
                    self.keyword = Some(p);
                }
                return Some(p);
            }
        }
        None
    }
}

/// Whether `word` has the shape of a value of `kind`.
fn accepts(kind: ParamKind, word: &str) -> bool {
    match kind {
        ParamKind::Square => {
            let letters = word.chars().take_while(char::is_ascii_lowercase).count();
            letters > 0
                && letters < word.len()
                && word[letters..].chars().all(|c| c.is_ascii_digit())
        }
        ParamKind::Direction(words) | ParamKind::Choice(words) => words.contains(&word),
        ParamKind::Size => matches!(word, "small" | "medium" | "large"),
        ParamKind::Colour => word.chars().all(|c| c.is_ascii_lowercase()),
        ParamKind::Integer { min, max } => word.parse::<i64>().is_ok_and(|n| n >= min && n <= max),
        ParamKind::Bool => matches!(word, "true" | "false" | "yes" | "no"),
    }
}

/// The game's word for a verb's parameter.
fn name(kind: GameKind, verb: &str, param: &'static str) -> Part {
    match (kind, verb, param) {
        (GameKind::Pikemen, _, "square" | "from") => "piece",
        (GameKind::Pikemen, _, "to") => "target",
        (GameKind::Pikemen, _, "direction") => "facing",
        (GameKind::Sprawl, "build", "square") => "tower",
        (GameKind::Sprawl, _, "from") => "source",
        (GameKind::Skyscrapers, _, "from") => "stack",
        (GameKind::Skyscrapers, _, "to") => "destination",
        (GameKind::Skyscrapers, _, "square") => "vertex",
        (GameKind::Battlezone, "place", "square") => "square",
        (GameKind::Battlezone, _, "square" | "from") => "pyramid",
        (GameKind::Battlezone, _, "to") => "destination",
        (_, _, p) => p,
    }
}

/// Every part [`part_of`] may return: each has its words in `pick-part` and `pick-stop`.
pub const PARTS: &[Part] = &[
    "action",
    "next",
    "piece",
    "target",
    "facing",
    "square",
    "tower",
    "size",
    "direction",
    "source",
    "overload",
    "seat",
    "stack",
    "destination",
    "vertex",
    "pyramid",
    "colour",
    "joker",
    "die",
    "move",
    "group",
];

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn pikemen_piece_target_facing() {
        let k = GameKind::Pikemen;
        assert_eq!(part_of(k, &[], "move"), "action");
        assert_eq!(part_of(k, &words("move"), "h3"), "piece");
        assert_eq!(part_of(k, &words("move h3"), "h5"), "target");
        assert_eq!(part_of(k, &words("move h3 h5"), "ne"), "facing");
        assert_eq!(part_of(k, &words("turn d1"), "up"), "facing");
        assert_eq!(rank(k, &words("turn d1"), "ne"), Some(1));
        assert_eq!(rank(k, &words("move"), "h3"), None);
        assert_eq!(rank(GameKind::Sprawl, &words("tower a1"), "large"), Some(2));
    }

    #[test]
    fn keywords_and_switches() {
        assert_eq!(
            part_of(GameKind::Sprawl, &words("spore c4 large"), "overload"),
            "overload"
        );
        assert_eq!(
            part_of(GameKind::Sprawl, &words("spore c4 large overload"), "2"),
            "overload"
        );
        assert_eq!(
            part_of(GameKind::Battlezone, &words("move c3 n"), "joker"),
            "joker"
        );
        assert_eq!(part_of(GameKind::Battlezone, &words("skip"), "3"), "die");
        assert_eq!(
            part_of(GameKind::Skyscrapers, &words("move a5"), "a4"),
            "destination"
        );
        // Every part named has its words.
        for k in GameKind::ALL {
            for v in k.verbs() {
                for p in v.params {
                    assert!(PARTS.contains(&name(k, v.name, p.name)), "{k} {}", p.name);
                }
            }
        }
    }
}
