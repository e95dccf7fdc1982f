//! What a move did beyond itself, as facts: the pieces it captured, the towers it neutralized
//! or took, the players it left unable to act. Worked out by comparing the position before the
//! move with the position after it, so that playing a move (millions of times in a search)
//! costs nothing more; the service words these facts for the players.

use super::any::AnyGame;
use super::battlezone::{Battlezone, Colour, Move as BattlezoneMove};
use super::board::{Size, Square};
use super::pikemen::{Move as PikemenMove, Pikemen};
use super::sprawl::{Move as SprawlMove, Sprawl};
use super::Seat;

/// One thing a move did, besides placing or turning its own piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// Pikemen R6-R7: `by` took `owner`'s piece of `size` on `square`.
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
    /// `seat` can no longer act, for good: Pikemen R10 (no piece left) or Sprawl R9 (no live
    /// tower, or no piece left in the stash).
    Out { seat: Seat, why: OutWhy },
    /// Sprawl R9: `seat` could not act and passed in the last round.
    Passed { seat: Seat },
    /// Battle Zone R10, R11, R14: `by`'s activation destroyed, took control of, or froze
    /// (stood upright) the pyramids of others in its range. Empty lists are not events.
    Activated {
        by: Seat,
        power: Power,
        pyramids: Vec<Pyramid>,
    },
}

/// What a Battle Zone activation did to the pyramids in its range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Power {
    Destroyed,
    Controlled,
    Frozen,
}

/// A Battle Zone pyramid an activation touched, as it was before: `owner` is the seat that
/// controlled it (`None`: it stood upright).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pyramid {
    pub square: Square,
    pub colour: Colour,
    pub size: Size,
    pub owner: Option<Seat>,
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
/// kinds, and for Sky Scrapers, whose moves say all they do.
pub fn between(before: &AnyGame, after: &AnyGame) -> Vec<Event> {
    match (before, after) {
        (AnyGame::Pikemen(b), AnyGame::Pikemen(a)) => pikemen(b, a),
        (AnyGame::Sprawl(b), AnyGame::Sprawl(a)) => sprawl(b, a),
        (AnyGame::Battlezone(b), AnyGame::Battlezone(a)) => battlezone(b, a),
        _ => Vec::new(),
    }
}

/// R10, R11, R14: what an activation did to pyramids not the mover's own; its own that it
/// destroyed too (red's range spares nothing).
fn battlezone(before: &Battlezone, after: &Battlezone) -> Vec<Event> {
    let Some(last) = after.last_action() else {
        return Vec::new();
    };
    let BattlezoneMove::Activate { square, .. } = last.mv else {
        return Vec::new();
    };
    let by = last.seat;
    let mut destroyed = Vec::new();
    let mut controlled = Vec::new();
    let mut frozen = Vec::new();
    for i in 0..64 {
        let sq = Square(i);
        let Some(was) = before.piece(sq) else {
            continue;
        };
        let pyramid = Pyramid {
            square: sq,
            colour: was.colour,
            size: was.size,
            owner: was.ctrl,
        };
        match after.piece(sq) {
            // The activating pyramid itself is not something done to others.
            None if sq != square => destroyed.push(pyramid),
            Some(now) if now.ctrl == Some(by) && was.ctrl != Some(by) => controlled.push(pyramid),
            Some(now) if now.ctrl.is_none() && was.ctrl.is_some_and(|s| s != by) => {
                frozen.push(pyramid)
            }
            _ => {}
        }
    }
    [
        (Power::Destroyed, destroyed),
        (Power::Controlled, controlled),
        (Power::Frozen, frozen),
    ]
    .into_iter()
    .filter(|(_, p)| !p.is_empty())
    .map(|(power, pyramids)| Event::Activated {
        by,
        power,
        pyramids,
    })
    .collect()
}

/// Whether `seat` is out of play for good without having resigned: a Pikemen player with no
/// piece left (R10). Sprawl's players who can no longer act are not counted: the game then
/// ends within a round (R9).
pub fn knocked_out(game: &AnyGame, seat: Seat) -> bool {
    match game {
        AnyGame::Pikemen(g) => !g.is_resigned(seat) && pikemen_pieces(g, seat) == 0,
        _ => false,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{GameKind, Options, Setup};

    /// The events of each move of `moves`, played from the start with `players` players.
    fn events(kind: GameKind, players: u8, moves: &[&str]) -> Vec<Vec<Event>> {
        let setup = Setup {
            players,
            seed: 1,
            options: Options::default(),
        };
        let mut g = AnyGame::new(kind, &setup).expect("a game");
        moves
            .iter()
            .map(|m| {
                let before = g.clone();
                g.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
                between(&before, &g)
            })
            .collect()
    }

    /// Pikemen R4, R6-R7: a charge onto a lying enemy piece captures it; the event names the
    /// piece, its owner and the square. Turning and plain moves capture nothing.
    #[test]
    fn pikemen_capture_is_named() {
        let e = events(
            GameKind::Pikemen,
            2,
            &[
                "turn d1 e",
                "turn a4 e",
                "turn d1 nw",
                "turn a4 n",
                "move d1 a4",
            ],
        );
        assert!(e[..4].iter().all(Vec::is_empty), "{e:?}");
        assert_eq!(
            e[4],
            vec![Event::Captured {
                by: 1,
                owner: 2,
                size: Size::Small,
                square: Square::new(0, 3),
            }]
        );
    }

    /// Pikemen R10: in a three-player game, the player whose last piece is captured has no turn
    /// any more: out.
    #[test]
    fn pikemen_player_out_when_the_last_piece_is_taken() {
        use crate::engine::board::{Dir, Orient};
        use crate::engine::pikemen::Piece;
        let setup = Setup {
            players: 3,
            seed: 1,
            options: Options::default(),
        };
        let mut p = Pikemen::empty(&setup).unwrap();
        let piece = |seat, dir| {
            Some(Piece {
                seat,
                size: Size::Small,
                orient: Orient::Lying(dir),
            })
        };
        p.put(Square::new(3, 0), piece(1, Dir::Nw));
        p.put(Square::new(0, 3), piece(2, Dir::N));
        p.put(Square::new(7, 7), piece(3, Dir::S));
        p.set_to_move(1);
        let before = AnyGame::Pikemen(p);
        let mut after = before.clone();
        after.play("move d1 a4").unwrap();
        assert_eq!(
            between(&before, &after),
            vec![
                Event::Captured {
                    by: 1,
                    owner: 2,
                    size: Size::Small,
                    square: Square::new(0, 3),
                },
                Event::Out {
                    seat: 2,
                    why: OutWhy::NoPieces,
                },
            ]
        );
        // R10: seat 2 is out of play for good (a table left to computer players ends then).
        assert!(knocked_out(&after, 2));
        assert!(!knocked_out(&after, 1) && !knocked_out(&before, 2));
    }

    /// Sprawl D6: a branch attacking a tower with a size the tower lacks neutralizes it; R9:
    /// the player left without a live tower cannot act, which starts the last round.
    #[test]
    fn sprawl_neutralized_tower_and_player_out() {
        let e = events(
            GameKind::Sprawl,
            3,
            &[
                "tower a2 large",
                "tower c4 large",
                "tower c2 medium",
                "branch a3 n large",
                "branch d4 e small",
                "build c2 small",
                "branch b2 e small",
                "branch b4 w small",
                "branch c3 n medium",
                "spore a6 small",
            ],
        );
        assert!(e[..8].iter().all(Vec::is_empty), "{e:?}");
        assert_eq!(
            e[8],
            vec![Event::Neutralized {
                by: 3,
                owner: 2,
                square: Square::new(2, 3),
                branch: Some((Square::new(2, 2), Size::Medium)),
            }]
        );
        assert_eq!(
            e[9],
            vec![Event::Out {
                seat: 2,
                why: OutWhy::NoLiveTower,
            }]
        );
    }

    /// Sprawl R9: once the last round has begun, a player the turn skips because they cannot
    /// act is named as passing, never the mover or the player to move next. Random 4-player
    /// games reach such rounds; the test fails if none of them does.
    #[test]
    fn sprawl_players_skipped_in_the_last_round_pass() {
        let mut passed = 0;
        for seed in 0..40u64 {
            let setup = Setup {
                players: 4,
                seed,
                options: Options::default(),
            };
            let mut g = AnyGame::new(GameKind::Sprawl, &setup).expect("a game");
            let mut rng = crate::engine::rng::SplitMix64::new(seed);
            while !g.is_over() {
                let moves = g.legal_moves();
                let mv = &moves[(rng.next() % moves.len() as u64) as usize];
                let before = g.clone();
                let by = before.to_move().expect("someone moves");
                g.play(mv).expect("a listed move plays");
                let AnyGame::Sprawl(after) = &g else {
                    unreachable!("a Sprawl game")
                };
                for e in between(&before, &g) {
                    if let Event::Passed { seat } = e {
                        passed += 1;
                        assert!(
                            after.trigger().is_some(),
                            "seed {seed}: {e:?} outside the last round"
                        );
                        assert_ne!(seat, by, "seed {seed}: the mover passed");
                        assert_ne!(
                            Some(seat),
                            g.to_move(),
                            "seed {seed}: the next player passed"
                        );
                    }
                }
            }
        }
        assert!(
            passed > 0,
            "no random game had a player pass in the last round"
        );
    }

    /// Games of different kinds, and the games whose moves say all they do, have no events.
    #[test]
    fn other_games_have_none() {
        let e = events(GameKind::Skyscrapers, 2, &[]);
        assert!(e.is_empty());
        let sky = AnyGame::new(
            GameKind::Skyscrapers,
            &Setup {
                players: 2,
                seed: 1,
                options: Options::default(),
            },
        )
        .unwrap();
        let pik = AnyGame::new(
            GameKind::Pikemen,
            &Setup {
                players: 2,
                seed: 1,
                options: Options::default(),
            },
        )
        .unwrap();
        assert!(between(&sky, &pik).is_empty());
        assert!(between(&sky, &sky).is_empty());
    }

    /// Battle Zone R8a, R10, R11: a red activation names every pyramid it destroyed (the
    /// opponent's, an upright one, the mover's own), in square order; a blue one names what
    /// changed hands.
    #[test]
    fn battle_zone_activations_name_what_they_did() {
        use crate::engine::battlezone::Piece;
        use crate::engine::Game;
        let setup = Setup {
            players: 2,
            seed: 1,
            options: Options::default(),
        };
        let sq = |s: &str| Square::parse(s, 8, 8).unwrap();
        let mut b = Battlezone::new(&setup).unwrap();
        for i in 0..64 {
            b.put(Square(i), None);
        }
        b.set_to_move(1);
        b.put(
            sq("d4"),
            Some(Piece::new(Colour::Red, Size::Medium, Some(1))),
        );
        b.put(
            sq("d5"),
            Some(Piece::new(Colour::Blue, Size::Small, Some(2))),
        );
        b.put(sq("f4"), Some(Piece::new(Colour::Green, Size::Small, None)));
        b.put(
            sq("c3"),
            Some(Piece::new(Colour::Yellow, Size::Small, Some(1))),
        );
        b.set_dice([1, 1, 1]);
        b.set_dice_used([false; 3]);
        let before = AnyGame::Battlezone(b);
        let mut after = before.clone();
        after.play("activate d4").unwrap();
        let pyr = |s: &str, colour, size, owner| Pyramid {
            square: sq(s),
            colour,
            size,
            owner,
        };
        assert_eq!(
            between(&before, &after),
            vec![Event::Activated {
                by: 1,
                power: Power::Destroyed,
                pyramids: vec![
                    pyr("c3", Colour::Yellow, Size::Small, Some(1)),
                    pyr("f4", Colour::Green, Size::Small, None),
                    pyr("d5", Colour::Blue, Size::Small, Some(2)),
                ],
            }]
        );
        // The same pyramids under a blue one: the opponent's and the upright one change hands.
        let AnyGame::Battlezone(mut b) = before.clone() else {
            unreachable!()
        };
        b.put(
            sq("d4"),
            Some(Piece::new(Colour::Blue, Size::Medium, Some(1))),
        );
        b.set_dice([2, 2, 2]);
        let before = AnyGame::Battlezone(b);
        let mut after = before.clone();
        after.play("activate d4").unwrap();
        assert_eq!(
            between(&before, &after),
            vec![Event::Activated {
                by: 1,
                power: Power::Controlled,
                pyramids: vec![
                    pyr("f4", Colour::Green, Size::Small, None),
                    pyr("d5", Colour::Blue, Size::Small, Some(2)),
                ],
            }]
        );
    }
}
