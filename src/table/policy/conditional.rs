//! Conditional moves, pure (issue 28): a player's lines "if they play X, I play Y (then if they
//! play Z, I play W ...)", stored on their opponent's turn. A line is its moves in turn, theirs
//! first, as canonical text. This file reads a line as typed, plays it out on a copy of the
//! position, adds it to the author's lines and prunes them after the opponent's move; the
//! service (`cmd/conditional.rs`) stores them and plays the reply in the move's own change.
//!
//! Only games where every turn is one move of the player to move, with nothing hidden and no
//! chance, take them: there a line checked when entered stays legal until the position
//! changes otherwise than by its own moves (an undo, which clears every line).

use crate::engine::{AnyGame, GameKind, Seat};
use crate::i18n::Msg;
use crate::msg;

/// Lines a player may keep in one game.
pub(crate) const MAX_LINES: usize = 20;

/// Moves in one line (theirs and the author's): ten exchanges.
pub(crate) const MAX_MOVES: usize = 20;

/// Why a game has no conditional moves, or `None` when it has them.
pub(crate) fn unavailable(kind: GameKind) -> Option<Msg> {
    match kind {
        GameKind::Pikemen | GameKind::Skyscrapers => None,
        // The next roll decides which moves exist.
        GameKind::Battlezone => Some(msg!("conditional-no-dice")),
        // Sprawl is played by three players or more (the two-player check refuses it): were
        // it played by two, a spore challenged out of turn and a hidden counting-coup hand
        // would also have to be thought through.
        GameKind::Sprawl => None,
    }
}

/// The moves of a line as typed: separated by `;`, `,`, `->` or `→`, spaces squeezed.
pub(crate) fn split(text: &str) -> Vec<String> {
    text.replace("->", ";")
        .replace(['→', ','], ";")
        .split(';')
        .map(|m| m.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|m| !m.is_empty())
        .collect()
}

/// Plays `moves` out on a copy of `game` for `author`, theirs first and then in turn; their
/// canonical texts, or why the line cannot be stored.
pub(crate) fn check(game: &AnyGame, author: Seat, moves: &[String]) -> Result<Vec<String>, Msg> {
    if moves.is_empty() {
        return Err(msg!("conditional-empty"));
    }
    if moves.len() > MAX_MOVES {
        return Err(msg!("conditional-too-long", max = MAX_MOVES));
    }
    if moves.len() % 2 == 1 {
        return Err(msg!(
            "conditional-no-reply",
            mv = moves.last().expect("not empty").as_str()
        ));
    }
    let mut position = game.clone();
    let mut canonical = Vec::with_capacity(moves.len());
    for (i, text) in moves.iter().enumerate() {
        let theirs = i % 2 == 0;
        let n = i + 1;
        let after = if i == 0 {
            String::new()
        } else {
            canonical.join("; ")
        };
        let Some(to_move) = position.to_move().filter(|_| !position.is_over()) else {
            return Err(msg!("conditional-ends", n, after));
        };
        if theirs == (to_move == author) {
            return Err(msg!(
                "conditional-out-of-turn",
                n,
                theirs = if theirs { "yes" } else { "no" },
                start = if i == 0 { "yes" } else { "no" },
                after
            ));
        }
        match position.play(text) {
            Ok(c) => canonical.push(c),
            Err(e) => {
                return Err(msg!(
                    "conditional-illegal",
                    n,
                    mv = text.as_str(),
                    theirs = if theirs { "yes" } else { "no" },
                    error = e.msg()
                ))
            }
        }
    }
    Ok(canonical)
}

/// What adding a line to the author's lines gives.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Added {
    /// The lines with the new one: a line it extends is replaced by it.
    Lines(Vec<Vec<String>>),
    /// The lines already play it all: nothing changes.
    Known,
}

/// Adds `line` to `lines`. A line answering the same moves of theirs with another move of
/// the author's is refused: the opponent's move would have two replies.
pub(crate) fn add(lines: &[Vec<String>], line: Vec<String>) -> Result<Added, Msg> {
    let mut kept = Vec::with_capacity(lines.len() + 1);
    for old in lines {
        match old.iter().zip(&line).position(|(a, b)| a != b) {
            // Their moves differ here: another branch.
            Some(i) if i % 2 == 0 => kept.push(old.clone()),
            Some(i) => {
                return Err(msg!(
                    "conditional-contradicts",
                    theirs = line[..i].join("; "),
                    mine = old[i].as_str(),
                    other = line[i].as_str()
                ))
            }
            None if old.len() >= line.len() => return Ok(Added::Known),
            // The new line goes on from the old one: it replaces it.
            None => {}
        }
    }
    kept.push(line);
    if kept.len() > MAX_LINES {
        return Err(msg!("conditional-too-many", max = MAX_LINES));
    }
    Ok(Added::Lines(kept))
}

/// The author's lines after their opponent played `played`.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Triggered {
    /// The author's reply, when a line began with `played`.
    pub reply: Option<String>,
    /// The lines that began with `played` and its reply, without those two moves; those that
    /// began otherwise, or ended with the reply, are gone.
    pub rest: Vec<Vec<String>>,
}

/// Prunes the author's lines by the move their opponent played. Lines agree on the reply to
/// one move (`add` refuses those that do not); should they not, the first one entered wins.
pub(crate) fn after(lines: &[Vec<String>], played: &str) -> Triggered {
    let reply = lines
        .iter()
        .find(|l| l.len() >= 2 && l[0] == played)
        .map(|l| l[1].clone());
    let rest = match &reply {
        None => Vec::new(),
        Some(r) => lines
            .iter()
            .filter(|l| l.len() > 2 && l[0] == played && l[1] == *r)
            .map(|l| l[2..].to_vec())
            .collect(),
    };
    Triggered { reply, rest }
}

/// An author's lines in a game, as a move's change reads them from the store.
pub(crate) struct Authored {
    pub user: String,
    /// Their seat in the game (`None`: no longer seated).
    pub seat: Option<Seat>,
    pub lines: Vec<Vec<String>>,
}

/// What a move does to the game's conditional moves.
#[derive(Debug, Default)]
pub(crate) struct Response {
    /// The reply it triggers: its author, seat, canonical text and the position after it.
    pub reply: Option<(String, Seat, String, AnyGame)>,
    /// Each author's lines after the move (and the reply).
    pub lines: Vec<(String, Vec<Vec<String>>)>,
    /// Lines found no longer legal, by author: dropped, and their author is told.
    pub dropped: Vec<(String, Vec<Vec<String>>)>,
}

/// The move `played` by `mover` (`next`: the position after it) against every author's
/// lines: the opponent's lines that begin with it give the reply and keep their tails, the
/// others are dropped; the mover's own lines were for a turn that is over.
pub(crate) fn respond(
    authors: Vec<Authored>,
    mover: Option<Seat>,
    played: &str,
    next: &AnyGame,
) -> Response {
    let mut out = Response::default();
    for a in authors {
        let Some(seat) = a.seat.filter(|s| Some(*s) != mover && next.players() == 2) else {
            out.lines.push((a.user, Vec::new()));
            continue;
        };
        let triggered = after(&a.lines, played);
        let mut position = next.clone();
        let reply = triggered.reply.and_then(|r| {
            // Checked when entered, a line stays legal; should it not be (it is no longer
            // its author's turn, or the reply is refused), it is dropped and its author told.
            let theirs = next.to_move() == Some(seat) && !next.is_over();
            let canonical = theirs.then(|| position.play(&r).ok()).flatten();
            if canonical.is_none() {
                let gone = a
                    .lines
                    .iter()
                    .filter(|l| l.first().map(String::as_str) == Some(played));
                out.dropped.push((a.user.clone(), gone.cloned().collect()));
            }
            canonical
        });
        let Some(reply) = reply else {
            out.lines.push((a.user, Vec::new()));
            continue;
        };
        // The tails must still play out from the position after the reply.
        let (kept, gone): (Vec<_>, Vec<_>) = triggered
            .rest
            .into_iter()
            .partition(|tail| check(&position, seat, tail).is_ok());
        if !gone.is_empty() {
            out.dropped.push((a.user.clone(), gone));
        }
        out.lines.push((a.user.clone(), kept));
        out.reply = Some((a.user, seat, reply, position));
    }
    out
}

/// A line as its author reads it: "if alice plays X, you play Y; then if she plays Z, ...".
pub(crate) fn describe(line: &[String], them: &str) -> Msg {
    let pairs: Vec<Msg> = line
        .chunks(2)
        .enumerate()
        .map(|(i, pair)| {
            msg!(
                "conditional-pair",
                first = if i == 0 { "yes" } else { "no" },
                them,
                theirs = pair[0].as_str(),
                mine = pair.get(1).map_or("", String::as_str)
            )
        })
        .collect();
    msg!(
        "conditional-line",
        pairs = crate::i18n::Arg::list(pairs, crate::i18n::Join::Semicolon)
    )
}

/// An author's lines dropped as no longer legal, to be told once the game is released.
pub(crate) struct Dropped {
    pub(crate) user: String,
    /// Their opponent's name, as the lines read.
    pub(crate) them: String,
    pub(crate) lines: Vec<Vec<String>>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::options::Options;
    use crate::engine::Setup;

    fn line(moves: &[&str]) -> Vec<String> {
        moves.iter().map(|m| m.to_string()).collect()
    }

    fn pikemen() -> AnyGame {
        let kind = GameKind::Pikemen;
        let options = Options::parse(kind.title(), kind.option_specs(), &[]).unwrap();
        let setup = Setup {
            players: 2,
            seed: 0,
            options,
        };
        AnyGame::new(kind, &setup).unwrap()
    }

    /// Two legal plies from the start: seat 1's move, then seat 2's.
    fn two_plies(game: &AnyGame) -> Vec<String> {
        let mut g = game.clone();
        let first = g.legal_moves()[0].clone();
        g.play(&first).unwrap();
        let second = g.legal_moves()[0].clone();
        vec![first, second]
    }

    #[test]
    fn a_line_is_read_with_any_separator() {
        assert_eq!(
            split(" move h3 h5 n ;turn  c4 e -> move a1 a2 s , turn b2 n → x "),
            line(&[
                "move h3 h5 n",
                "turn c4 e",
                "move a1 a2 s",
                "turn b2 n",
                "x"
            ])
        );
        assert!(split(" ; , ").is_empty());
    }

    #[test]
    fn a_line_is_played_out_theirs_first() {
        let game = pikemen();
        let moves = two_plies(&game);
        // Seat 1 is to move: seat 2 may enter the line, seat 1 may not.
        assert_eq!(check(&game, 2, &moves).unwrap(), moves);
        let err = check(&game, 1, &moves).unwrap_err();
        assert_eq!(err.id, "conditional-out-of-turn");
        // Upper case and extra spaces are read, the canonical text is stored.
        let shouted: Vec<String> = moves.iter().map(|m| m.to_uppercase()).collect();
        assert_eq!(check(&game, 2, &shouted).unwrap(), moves);
    }

    #[test]
    fn a_bad_line_says_which_move() {
        let game = pikemen();
        let moves = two_plies(&game);
        let bad = vec![moves[0].clone(), "turn z9 n".to_string()];
        let err = check(&game, 2, &bad).unwrap_err();
        assert_eq!(err.id, "conditional-illegal");
        assert!(err.english().contains("turn z9 n"), "{}", err.english());
        assert_eq!(
            check(&game, 2, &moves[..1]).unwrap_err().id,
            "conditional-no-reply"
        );
        assert_eq!(check(&game, 2, &[]).unwrap_err().id, "conditional-empty");
        let long = vec![moves[0].clone(); MAX_MOVES + 2];
        assert_eq!(
            check(&game, 2, &long).unwrap_err().id,
            "conditional-too-long"
        );
    }

    #[test]
    fn lines_branch_extend_and_refuse_a_second_reply() {
        let a = line(&["x", "y"]);
        let b = line(&["z", "w"]);
        let lines = match add(std::slice::from_ref(&a), b.clone()).unwrap() {
            Added::Lines(l) => l,
            Added::Known => panic!("a new branch"),
        };
        assert_eq!(lines, [a.clone(), b.clone()]);
        assert_eq!(add(&lines, a.clone()), Ok(Added::Known));
        let longer = line(&["x", "y", "u", "v"]);
        assert_eq!(
            add(&lines, longer.clone()),
            Ok(Added::Lines(vec![b.clone(), longer.clone()]))
        );
        assert_eq!(
            add(std::slice::from_ref(&longer), a.clone()),
            Ok(Added::Known)
        );
        // Their other answer to y is a branch; a second answer of ours to x is not.
        assert!(matches!(
            add(std::slice::from_ref(&longer), line(&["x", "y", "s", "t"])),
            Ok(Added::Lines(l)) if l.len() == 2
        ));
        let err = add(&lines, line(&["x", "q"])).unwrap_err();
        assert_eq!(err.id, "conditional-contradicts");
        let many: Vec<Vec<String>> = (0..MAX_LINES)
            .map(|i| line(&[&i.to_string(), "r"]))
            .collect();
        assert_eq!(
            add(&many, line(&["new", "r"])).unwrap_err().id,
            "conditional-too-many"
        );
    }

    #[test]
    fn a_move_plays_the_reply_and_keeps_the_tails() {
        let lines = vec![
            line(&["x", "y"]),
            line(&["x", "y", "u", "v"]),
            line(&["x", "y", "s", "t", "p", "q"]),
            line(&["z", "w", "u", "v"]),
        ];
        assert_eq!(
            after(&lines, "x"),
            Triggered {
                reply: Some("y".into()),
                rest: vec![line(&["u", "v"]), line(&["s", "t", "p", "q"])],
            }
        );
        assert_eq!(
            after(&lines, "u"),
            Triggered {
                reply: None,
                rest: Vec::new()
            }
        );
        assert_eq!(after(&[], "x").reply, None);
    }

    #[test]
    fn a_move_plays_the_reply_on_the_real_position() {
        let game = pikemen();
        let mut g = game.clone();
        let first = g.legal_moves()[0].clone();
        g.play(&first).unwrap();
        let reply = g.legal_moves()[0].clone();
        let other = g.legal_moves()[1].clone();
        let mut after_reply = g.clone();
        after_reply.play(&reply).unwrap();
        let theirs = after_reply.legal_moves()[0].clone();
        let mine = {
            let mut h = after_reply.clone();
            h.play(&theirs).unwrap();
            h.legal_moves()[0].clone()
        };
        let author = |lines: Vec<Vec<String>>| Authored {
            user: "bob".into(),
            seat: Some(2),
            lines,
        };
        let line_a = vec![first.clone(), reply.clone(), theirs.clone(), mine.clone()];
        let r = respond(vec![author(vec![line_a.clone()])], Some(1), &first, &g);
        let (user, seat, text, position) = r.reply.clone().unwrap();
        assert_eq!(
            (user.as_str(), seat, text.as_str()),
            ("bob", 2, reply.as_str())
        );
        assert_eq!(position.to_move(), Some(1));
        assert_eq!(
            r.lines,
            [("bob".to_string(), vec![vec![theirs.clone(), mine.clone()]])]
        );
        assert!(r.dropped.is_empty());
        // Another move of hers: every line is dropped, silently.
        let r = respond(vec![author(vec![line_a.clone()])], Some(1), &other, &g);
        assert!(r.reply.is_none());
        assert_eq!(r.lines, [("bob".to_string(), Vec::new())]);
        assert!(r.dropped.is_empty());
        // A reply that cannot be played (a line stored by an older version, say): dropped, told.
        let bad = vec![first.clone(), "turn z9 n".to_string()];
        let r = respond(vec![author(vec![bad.clone()])], Some(1), &first, &g);
        assert!(r.reply.is_none());
        assert_eq!(r.dropped, [("bob".to_string(), vec![bad])]);
        // A tail that no longer plays out is dropped, the reply is still played.
        let tail_bad = vec![
            first.clone(),
            reply.clone(),
            theirs.clone(),
            "turn z9 n".into(),
        ];
        let r = respond(vec![author(vec![tail_bad])], Some(1), &first, &g);
        assert!(r.reply.is_some());
        assert_eq!(
            r.dropped,
            [(
                "bob".to_string(),
                vec![vec![theirs.clone(), "turn z9 n".to_string()]]
            )]
        );
        // The mover's own lines were for a turn that is over.
        let own = Authored {
            user: "ann".into(),
            seat: Some(1),
            lines: vec![line_a],
        };
        let r = respond(vec![own], Some(1), &first, &g);
        assert!(r.reply.is_none());
        assert_eq!(r.lines, [("ann".to_string(), Vec::new())]);
    }

    #[test]
    fn games_with_dice_have_none() {
        assert!(unavailable(GameKind::Pikemen).is_none());
        assert!(unavailable(GameKind::Skyscrapers).is_none());
        assert!(unavailable(GameKind::Battlezone).is_some());
        assert!(GameKind::Sprawl.players().0 > 2);
    }

    #[test]
    fn a_line_reads_in_words() {
        let text = describe(&line(&["x", "y", "u", "v"]), "alice").english();
        assert_eq!(
            text,
            "if alice plays x, you play y; then if alice plays u, you play v"
        );
    }
}
