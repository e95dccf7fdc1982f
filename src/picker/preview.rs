//! What a move being chosen does, read off the position itself: each legal move that goes on
//! from the words chosen so far is played on a copy of the game, and the places it changes
//! are the places the chosen piece reaches; those where another seat's piece is taken or
//! neutralised are its hits. Played rather than reasoned about, it is right in every game
//! and variant: a Pikemen capture, a Sprawl tower neutralised by a spore, a Sky Scrapers
//! stack landed on, a Battle Zone pyramid destroyed, taken over or stood upright.

use crate::engine::board::Square;
use crate::engine::skyscrapers::Vertex;
use crate::engine::sprawl::Cell;
use crate::engine::{AnyGame, Seat};
use std::collections::HashMap;

/// The marks of a piece chosen in the picker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Preview {
    /// The chosen piece (or square: a Sprawl spore's, a Battle Zone placement's).
    pub from: Square,
    /// Every place one of its moves changes, in the order first found.
    pub reach: Vec<Square>,
    /// The places among them where another seat's piece is taken or neutralised.
    pub takes: Vec<Square>,
}

/// Who holds a place (`None`: nobody, or neutralised) and what stands there, in words.
type Places = HashMap<Square, (Option<Seat>, String)>;

/// The preview once `words` (verb first) name a piece: `None` before, or when no legal move
/// goes on from them. Sky Scrapers' vertices are named as squares of the notation (`c2`).
pub fn preview(game: &AnyGame, words: &[String]) -> Option<Preview> {
    let from = Square::parse(words.get(1)?, 8, 8).ok()?;
    let mover = game.to_move()?;
    let before = places(game);
    let mut p = Preview {
        from,
        reach: Vec::new(),
        takes: Vec::new(),
    };
    let mut found = false;
    for mv in game.legal_moves() {
        if !continues(&mv, words) {
            continue;
        }
        found = true;
        let mut after = game.clone();
        if after.play(&mv).is_err() {
            continue;
        }
        for (sq, hit) in changes(&before, &places(&after), mover) {
            if sq != from && !p.reach.contains(&sq) {
                p.reach.push(sq);
            }
            if hit && !p.takes.contains(&sq) {
                p.takes.push(sq);
            }
        }
    }
    found.then_some(p)
}

/// The places a single move `mv` changes and hits, as [`preview`] finds them.
pub fn hits(game: &AnyGame, mv: &str) -> Vec<(Square, Seat)> {
    let (Some(mover), mut after) = (game.to_move(), game.clone()) else {
        return Vec::new();
    };
    if after.play(mv).is_err() {
        return Vec::new();
    }
    let before = places(game);
    let now = places(&after);
    changes(&before, &now, mover)
        .into_iter()
        .filter(|&(_, hit)| hit)
        .filter_map(|(sq, _)| Some((sq, before.get(&sq)?.0?)))
        .collect()
}

/// Whether the move `mv` begins with `words`.
fn continues(mv: &str, words: &[String]) -> bool {
    let mut it = mv.split(' ');
    words.iter().all(|w| it.next() == Some(w.as_str()))
}

/// The places that differ, each with whether another seat than `mover` lost it.
fn changes(before: &Places, after: &Places, mover: Seat) -> Vec<(Square, bool)> {
    let mut out: Vec<(Square, bool)> = before
        .keys()
        .chain(after.keys().filter(|sq| !before.contains_key(sq)))
        .filter(|sq| before.get(sq) != after.get(sq))
        .map(|&sq| {
            let was = before.get(&sq).and_then(|p| p.0);
            let now = after.get(&sq).and_then(|p| p.0);
            (sq, was.is_some_and(|w| w != mover && now != Some(w)))
        })
        .collect();
    out.sort_by_key(|(sq, _)| sq.0);
    out
}

fn places(game: &AnyGame) -> Places {
    match game {
        AnyGame::Pikemen(g) => Square::all(8, 8)
            .filter_map(|sq| g.piece(sq).map(|p| (sq, (Some(p.seat), format!("{p:?}")))))
            .collect(),
        AnyGame::Sprawl(g) => {
            let (files, ranks) = (g.rules().files, g.rules().ranks);
            Square::all(files, ranks)
                .filter_map(|sq| {
                    let (seat, root) = match g.pos().cell(sq) {
                        Cell::Tower(t) => (t.controller(), sq),
                        Cell::Branch(b) => (b.seat, b.root),
                        Cell::Empty => return None,
                    };
                    // A neutralised tower, and its branches, are no longer their seat's.
                    let held = (!g.neutralized(root)).then_some(seat);
                    Some((sq, (held, format!("{:?}", g.pos().cell(sq)))))
                })
                .collect()
        }
        AnyGame::Skyscrapers(g) => Vertex::all()
            .filter(|&v| g.height(v) > 0)
            .filter_map(|v| {
                let sq = Square::parse(&v.to_string(), 8, 8).ok()?;
                let s = g.stack(v);
                Some((sq, (s.owner(), format!("{s:?}"))))
            })
            .collect(),
        AnyGame::Battlezone(g) => Square::all(8, 8)
            .filter_map(|sq| g.piece(sq).map(|p| (sq, (p.ctrl, format!("{p:?}")))))
            .collect(),
    }
}
