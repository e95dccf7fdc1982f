//! What a move did beyond itself, as facts: the pieces it captured, the towers it neutralized
//! or took, the players it left unable to act. Worked out by comparing the position before the
//! move with the position after it, so that playing a move (millions of times in a search)
//! costs nothing more; the service words these facts for the players.

use super::any::AnyGame;
use super::board::{Size, Square};
use super::pikemen::{Move as PikemenMove, Pikemen};
use super::sprawl::{Move as SprawlMove, Sprawl};
use super::Seat;

/// One thing a move did, besides placing or turning its own piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// Pikemen R5: `by` took `owner`'s piece of `size` on `square`.
    Captured {
        by: Seat,
        owner: Seat,
        size: Size,
        square: Square,
    },
    /// Sprawl D6: `owner`'s tower on `square` is neutralized; `branch` is the mover's branch
    /// that attacks it (its square and size), when the move placed one.
    Neutralized {
        by: Seat,
        owner: Seat,
        square: Square,
        branch: Option<(Square, Size)>,
    },
    /// Sprawl R4 with `sprawlgami`: `by` built on `owner`'s tower on `square` and controls it.
    Taken {
        by: Seat,
        owner: Seat,
        square: Square,
    },
    /// `seat` can no longer act, for good: Pikemen R12 (no piece left) or Sprawl R9 (no live
    /// tower, or no piece left in the stash).
    Out { seat: Seat, why: OutWhy },
    /// Sprawl R9: `seat` could not act and passed in the last round.
    Passed { seat: Seat },
}

/// Why a player can no longer act.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutWhy {
    /// Every piece on the board was captured (Pikemen).
    NoPieces,
    /// No tower the player controls is live (Sprawl).
    NoLiveTower,
    /// The player's stash is empty (Sprawl).
    EmptyStash,
    /// Live towers and pieces, but no legal action (Sprawl).
    NoAction,
}

/// The events of the move that turned `before` into `after`. Empty for games of different
/// kinds, and for Sky Scrapers and Battle Zone, whose moves say all they do.
pub fn between(before: &AnyGame, after: &AnyGame) -> Vec<Event> {
    match (before, after) {
        (AnyGame::Pikemen(b), AnyGame::Pikemen(a)) => pikemen(b, a),
        (AnyGame::Sprawl(b), AnyGame::Sprawl(a)) => sprawl(b, a),
        _ => Vec::new(),
    }
}

fn pikemen_pieces(g: &Pikemen, seat: Seat) -> usize {
    (0..64)
        .filter(|&i| g.piece(Square(i)).is_some_and(|p| p.seat == seat))
        .count()
}

fn pikemen(before: &Pikemen, after: &Pikemen) -> Vec<Event> {
    let mut out = Vec::new();
    let Some(by) = super::Game::to_move(before) else {
        return out;
    };
    if let (Some(PikemenMove::Charge { to, .. }), Some(taken)) =
        (after.last_move(), after.last_capture())
    {
        out.push(Event::Captured {
            by,
            owner: taken.seat,
            size: taken.size,
            square: to,
        });
    }
    // With two players, losing the last piece ends the game, and the outcome says so.
    let players = super::Game::players(after);
    for seat in (1..=players).filter(|_| players > 2) {
        if !after.is_resigned(seat)
            && pikemen_pieces(before, seat) > 0
            && pikemen_pieces(after, seat) == 0
        {
            out.push(Event::Out {
                seat,
                why: OutWhy::NoPieces,
            });
        }
    }
    out
}

fn sprawl(before: &Sprawl, after: &Sprawl) -> Vec<Event> {
    let mut out = Vec::new();
    let Some(by) = super::Game::to_move(before) else {
        return out;
    };
    let last = after.last_move();
    let rules = after.rules();
    for sq in Square::all(rules.files, rules.ranks) {
        let Some(t) = after.pos().tower(sq) else {
            continue;
        };
        if after.neutralized(sq) && !before.neutralized(sq) {
            let branch = match last {
                Some(SprawlMove::Branch { square, size, .. })
                    if after
                        .pos()
                        .branch(square)
                        .is_some_and(|b| rules.step(square, b.dir, 1) == Some(sq)) =>
                {
                    Some((square, size))
                }
                _ => None,
            };
            out.push(Event::Neutralized {
                by,
                owner: t.controller(),
                square: sq,
                branch,
            });
        }
        if let Some(was) = before.pos().tower(sq) {
            if was.controller() != t.controller() && t.controller() == by {
                out.push(Event::Taken {
                    by,
                    owner: was.controller(),
                    square: sq,
                });
            }
        }
    }
    // R9: the players the turn passed over, from the mover to whoever moves next (or to the
    // end of the game), could not act.
    let n = super::Game::players(after);
    let next = super::Game::to_move(after);
    let mut s = by;
    for _ in 0..n {
        s = s % n + 1;
        // Reaching the seat that set off the last round ended the game.
        if Some(s) == next || s == by || before.trigger() == Some(s) {
            break;
        }
        if after.is_resigned(s) {
            continue;
        }
        if after.trigger() == Some(s) && before.trigger() != Some(s) {
            out.push(Event::Out {
                seat: s,
                why: sprawl_why(after, s),
            });
        } else if before.trigger().is_some() || after.trigger().is_some() {
            out.push(Event::Passed { seat: s });
        }
    }
    out
}

fn sprawl_why(g: &Sprawl, seat: Seat) -> OutWhy {
    let rules = g.rules();
    let live = Square::all(rules.files, rules.ranks).any(|sq| {
        g.pos()
            .tower(sq)
            .is_some_and(|t| t.controller() == seat && !g.neutralized(sq))
    });
    if !live {
        OutWhy::NoLiveTower
    } else if g.pos().stash_pieces(seat) == 0 {
        OutWhy::EmptyStash
    } else {
        OutWhy::NoAction
    }
}
