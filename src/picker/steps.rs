//! The steps of the picker, built from the legal moves themselves: the moves are a tree over
//! their words, a step offers the next words of the moves the path leaves, and a word every
//! remaining move shares is taken without asking. Where a step has more options than a
//! select menu holds, they are grouped by their first letters (a square's file) or paged.
//!
//! A path is the words chosen, optionally followed by one view token that narrows the step's
//! options without choosing: `h*` (the words that start with `h`), `h*2` (its third page),
//! `*1` (the second page of all). `.` after the words ends the move there, where a move is
//! also the start of longer ones (a Pikemen charge that keeps its facing).

use super::parts::{part_of, rank, Part};
use crate::engine::GameKind;
use std::cmp::Ordering;

/// Most options of one select menu (Discord's limit).
pub const MAX_OPTIONS: usize = 25;

/// The option that ends the move where it is.
pub const STOP: &str = ".";

/// One step of the picker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The move's words chosen so far, the ones taken without asking included.
    pub words: Vec<String>,
    /// The path this step is at, without its view token: a menu option's value is appended
    /// to it.
    pub base: Vec<String>,
    /// What the options choose, in order of first appearance.
    pub parts: Vec<Part>,
    pub options: Vec<Choice>,
    /// Legal moves the step still leaves (in its group, when it shows one).
    pub remaining: usize,
    /// The move, once the path names exactly one.
    pub complete: Option<String>,
}

impl Step {
    /// The step that names one whole move, `words` being its words.
    fn whole(words: &[&str], mv: &str, base: Vec<String>) -> Step {
        Step {
            words: words.iter().map(|w| w.to_string()).collect(),
            base,
            parts: Vec::new(),
            options: Vec::new(),
            remaining: 1,
            complete: Some(mv.to_string()),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The token appended to the path: a word, [`STOP`], or a view token.
    pub value: String,
    pub what: ChoiceKind,
    /// Legal moves left once chosen.
    pub moves: usize,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChoiceKind {
    /// The next word of some moves.
    Word,
    /// End the move here; `part` is what the longer moves would choose next.
    Stop { part: Part },
    /// The words from `first` to `last` (a group of the options).
    Group { first: String, last: String },
    /// The next page of the options.
    More,
    /// A whole move: `text` is its canonical text (the value holds the words it adds to the
    /// path, joined by [`JOIN`]).
    Move { text: String },
    /// The moves that start with `words` (the path's words and these): a group of a step
    /// that lists the moves in two taps, a group then a move.
    Set { words: Vec<String> },
}

/// What joins the words of one option's value (a value is one token): `c1_green`.
pub const JOIN: char = '_';

/// Why a path does not lead anywhere (a picker older than the position, or mistyped).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PathError {
    /// No legal move goes on with this word after the ones before it.
    NoSuchWord(String),
    /// `.` where no legal move ends.
    NoStop,
    /// A view token with nothing in it, or not last.
    BadView(String),
    /// No legal moves at all.
    NoMoves,
}

/// The step that `path` reaches among `moves` (canonical texts, as `legal_moves` lists them).
pub fn step(kind: GameKind, moves: &[String], path: &[String]) -> Result<Step, PathError> {
    // A value of several words (`c1_green`) stands for those words in turn.
    let path: Vec<String> = path
        .iter()
        .flat_map(|t| t.split(JOIN))
        .filter(|t| !t.is_empty())
        .map(str::to_string)
        .collect();
    let path = &path[..];
    if moves.is_empty() {
        return Err(PathError::NoMoves);
    }
    let split: Vec<Vec<&str>> = moves.iter().map(|m| m.split(' ').collect()).collect();
    let mut left: Vec<usize> = (0..moves.len()).collect();
    let mut words: Vec<String> = Vec::new();
    let mut base: Vec<String> = Vec::new();
    let mut view: Option<View> = None;
    for (i, token) in path.iter().enumerate() {
        if let Some(v) = View::parse(token) {
            if i + 1 != path.len() {
                return Err(PathError::BadView(token.clone()));
            }
            view = Some(v);
            break;
        }
        base.push(token.clone());
        if token == STOP {
            forced(&split, &left, &mut words);
            left.retain(|&m| split[m].len() == words.len());
            if left.is_empty() || i + 1 != path.len() {
                return Err(PathError::NoStop);
            }
            return Ok(Step::whole(&split[left[0]], &moves[left[0]], base));
        }
        // The word as the next one; else after the words every move shares (a typed path
        // may name them, the picker's own paths leave them out).
        if !next_is(&split, &left, words.len(), token) {
            forced(&split, &left, &mut words);
        }
        if !next_is(&split, &left, words.len(), token) {
            return Err(PathError::NoSuchWord(token.clone()));
        }
        let at = words.len();
        left.retain(|&m| split[m].get(at) == Some(&token.as_str()));
        words.push(token.clone());
    }
    forced(&split, &left, &mut words);
    if left.len() == 1 {
        return Ok(Step::whole(&split[left[0]], &moves[left[0]], base));
    }
    let at = words.len();
    // Few enough moves for one menu, or for a menu of groups of one menu each: two taps at
    // most from here.
    if view.is_none() {
        if let Some(options) = two_taps(kind, &split, &left, &words) {
            let all_moves = options
                .iter()
                .all(|c| matches!(c.what, ChoiceKind::Move { .. }));
            let remaining = left.len();
            return Ok(Step {
                words,
                base,
                parts: vec![if all_moves { "move" } else { "group" }],
                options,
                remaining,
                complete: None,
            });
        }
    }
    let mut next: Vec<(String, usize)> = Vec::new();
    let mut ends = false;
    for &m in &left {
        match split[m].get(at) {
            None => ends = true,
            Some(w) => match next.iter_mut().find(|(x, _)| x == w) {
                Some((_, n)) => *n += 1,
                None => next.push((w.to_string(), 1)),
            },
        }
    }
    // Directions and sizes in their own order, the rest as players count (`a2` before `a10`).
    let order = |w: &str| rank(kind, &words, w).unwrap_or(usize::MAX);
    next.sort_by(|a, b| {
        order(&a.0)
            .cmp(&order(&b.0))
            .then_with(|| natural(&a.0, &b.0))
    });
    let mut parts: Vec<Part> = Vec::new();
    for (w, _) in &next {
        let p = part_of(kind, &words, w);
        if !parts.contains(&p) {
            parts.push(p);
        }
    }
    // The stop option keeps its place on every page, so that pages start at the same words.
    let room = MAX_OPTIONS - usize::from(ends);
    let mut remaining = left.len();
    if let Some(v) = &view {
        next.retain(|(w, _)| w.starts_with(&v.prefix));
        if next.is_empty() {
            return Err(PathError::BadView(path[path.len() - 1].clone()));
        }
    }
    let mut options = Vec::new();
    if ends && view.is_none() {
        options.push(Choice {
            value: STOP.into(),
            what: ChoiceKind::Stop {
                part: parts.first().copied().unwrap_or("next"),
            },
            moves: 1,
        });
    }
    let prefix = view.as_ref().map_or(String::new(), |v| v.prefix.clone());
    let page = view.as_ref().map_or(0, |v| v.page);
    options.extend(arrange(&next, &prefix, page, room));
    if view.is_some() {
        // A group, or the pages from this one on.
        remaining = options.iter().map(|c| c.moves).sum();
    }
    Ok(Step {
        words,
        base,
        parts,
        options,
        remaining,
        complete: None,
    })
}

/// The options of a step that reaches every move left in two taps at most: the moves
/// themselves when they fit in one menu, else groups of moves sharing their first words, each
/// group fitting in one menu (the largest group split by its next word until all fit, or
/// until splitting it would make more groups than a menu holds: then it stays whole, a
/// third tap); `None` when the moves do not split into a menu's worth of groups at all.
fn two_taps(
    kind: GameKind,
    split: &[Vec<&str>],
    left: &[usize],
    words: &[String],
) -> Option<Vec<Choice>> {
    let depth = words.len();
    // A move ends before the moves it starts: its value says so with STOP.
    let one = |m: usize| -> Choice {
        let mut rest: Vec<&str> = split[m][depth..].to_vec();
        let longer = left.iter().any(|&o| {
            split[o].len() > split[m].len() && split[o][..split[m].len()] == split[m][..]
        });
        if longer {
            rest.push(STOP);
        }
        Choice {
            value: rest.join(&JOIN.to_string()),
            what: ChoiceKind::Move {
                text: split[m].join(" "),
            },
            moves: 1,
        }
    };
    if left.len() <= MAX_OPTIONS {
        return Some(left.iter().map(|&m| one(m)).collect());
    }
    // (the words after `words` the group shares, its moves, whether it is left whole)
    let mut groups: Vec<(Vec<String>, Vec<usize>, bool)> = vec![(Vec::new(), left.to_vec(), false)];
    while let Some(i) = (0..groups.len())
        .filter(|&i| groups[i].1.len() > MAX_OPTIONS && !groups[i].2)
        .max_by_key(|&i| groups[i].1.len())
    {
        let (shared, members, _) = &groups[i];
        let mut all: Vec<String> = words.to_vec();
        all.extend(shared.iter().cloned());
        forced(split, members, &mut all);
        let shared: Vec<String> = all[depth..].to_vec();
        let at = all.len();
        let mut subs: Vec<(Vec<String>, Vec<usize>, bool)> = Vec::new();
        for &m in members {
            let key: Vec<String> = match split[m].get(at) {
                Some(w) => {
                    let mut k = shared.clone();
                    k.push(w.to_string());
                    k
                }
                None => split[m][depth..].iter().map(|w| w.to_string()).collect(),
            };
            match subs.iter_mut().find(|(k, _, _)| *k == key) {
                Some((_, v, _)) => v.push(m),
                None => subs.push((key, vec![m], false)),
            }
        }
        // Too many groups: this one stays whole (a third tap for its moves), unless it is
        // all there is.
        if subs.len() < 2 || groups.len() - 1 + subs.len() > MAX_OPTIONS {
            if groups.len() == 1 {
                return None;
            }
            groups[i].2 = true;
            continue;
        }
        let order = |w: &str| rank(kind, &all, w).unwrap_or(usize::MAX);
        subs.sort_by(|a, b| {
            let x = a.0.last().map_or("", String::as_str);
            let y = b.0.last().map_or("", String::as_str);
            order(x).cmp(&order(y)).then_with(|| natural(x, y))
        });
        groups.remove(i);
        for (j, sub) in subs.into_iter().enumerate() {
            groups.insert(i + j, sub);
        }
    }
    Some(
        groups
            .into_iter()
            .map(|(shared, members, _)| {
                if members.len() == 1 {
                    return one(members[0]);
                }
                let mut all: Vec<String> = words.to_vec();
                all.extend(shared.iter().cloned());
                Choice {
                    value: shared.join(&JOIN.to_string()),
                    what: ChoiceKind::Set { words: all },
                    moves: members.len(),
                }
            })
            .collect(),
    )
}

/// `room` options at most for `next` (sorted): the words themselves, groups by a longer
/// common prefix than `prefix`, or pages.
fn arrange(next: &[(String, usize)], prefix: &str, page: usize, room: usize) -> Vec<Choice> {
    let word = |(w, n): &(String, usize)| Choice {
        value: w.clone(),
        what: ChoiceKind::Word,
        moves: *n,
    };
    if next.len() <= room && page == 0 {
        return next.iter().map(word).collect();
    }
    if page == 0 {
        let longest = next
            .iter()
            .map(|(w, _)| w.chars().count())
            .max()
            .unwrap_or(0);
        for k in prefix.chars().count() + 1..longest {
            let groups = group_by(next, k);
            if groups.len() >= 2 && groups.len() <= room {
                return groups
                    .into_iter()
                    .map(|g| {
                        if g.len() == 1 {
                            return word(&g[0]);
                        }
                        let head: String = g[0].0.chars().take(k).collect();
                        Choice {
                            value: format!("{head}*"),
                            what: ChoiceKind::Group {
                                first: g[0].0.clone(),
                                last: g[g.len() - 1].0.clone(),
                            },
                            moves: g.iter().map(|(_, n)| n).sum(),
                        }
                    })
                    .collect();
            }
        }
    }
    // Pages of room - 1 words and a "more" option; the last page may fill the room.
    let per = room - 1;
    let start = (page * per).min(next.len());
    let rest = &next[start..];
    if rest.len() <= room {
        return rest.iter().map(word).collect();
    }
    let mut out: Vec<Choice> = rest[..per].iter().map(word).collect();
    out.push(Choice {
        value: format!("{prefix}*{}", page + 1),
        what: ChoiceKind::More,
        moves: rest[per..].iter().map(|(_, n)| n).sum(),
    });
    out
}

/// The words of `next` sharing their first `k` characters, in order of first appearance (a
/// group's token names every word with its head, adjacent or not).
fn group_by(next: &[(String, usize)], k: usize) -> Vec<Vec<(String, usize)>> {
    let mut groups: Vec<Vec<(String, usize)>> = Vec::new();
    let head = |w: &str| -> String { w.chars().take(k).collect() };
    for item in next {
        match groups.iter_mut().find(|g| head(&g[0].0) == head(&item.0)) {
            Some(g) => g.push(item.clone()),
            None => groups.push(vec![item.clone()]),
        }
    }
    groups
}

/// Whether some move left has `token` as its word `at`.
fn next_is(split: &[Vec<&str>], left: &[usize], at: usize, token: &str) -> bool {
    left.iter().any(|&m| split[m].get(at) == Some(&token))
}

/// Takes the words every move left shares, as long as none of them ends there.
fn forced(split: &[Vec<&str>], left: &[usize], words: &mut Vec<String>) {
    loop {
        let at = words.len();
        let Some(w) = left.first().and_then(|&m| split[m].get(at)) else {
            return;
        };
        if left.len() < 2 || !left.iter().all(|&m| split[m].get(at) == Some(w)) {
            return;
        }
        words.push(w.to_string());
    }
}

/// A view token: `PREFIX*` or `PREFIX*PAGE`.
struct View {
    prefix: String,
    page: usize,
}

impl View {
    fn parse(token: &str) -> Option<View> {
        let (prefix, page) = token.split_once('*')?;
        let page = if page.is_empty() {
            0
        } else {
            page.parse().ok()?
        };
        Some(View {
            prefix: prefix.to_string(),
            page,
        })
    }
}

/// Letters by letters and numbers by value (`a2` before `a10`), as players count squares.
pub fn natural(a: &str, b: &str) -> Ordering {
    fn runs(s: &str) -> Vec<(bool, &str)> {
        let mut out = Vec::new();
        let mut start = 0;
        let bytes = s.as_bytes();
        for i in 1..=bytes.len() {
            if i == bytes.len() || bytes[i].is_ascii_digit() != bytes[start].is_ascii_digit() {
                out.push((bytes[start].is_ascii_digit(), &s[start..i]));
                start = i;
            }
        }
        out
    }
    let (ra, rb) = (runs(a), runs(b));
    for (x, y) in ra.iter().zip(rb.iter()) {
        let o = match (x, y) {
            ((true, p), (true, q)) => p.len().cmp(&q.len()).then_with(|| p.cmp(q)),
            ((_, p), (_, q)) => p.cmp(q),
        };
        if o != Ordering::Equal {
            return o;
        }
    }
    ra.len().cmp(&rb.len()).then_with(|| a.cmp(b))
}
