//! Sprawl, per `../shared/rules/sprawl.md` (definitions D1-D7, rules R1-R17 cited below).
//!
//! `state --json` board object:
//! ```json
//! {"files": 5, "ranks": 6,
//!  "towers": [{"square": "c2", "pieces": [{"seat": 3, "size": "medium"}, {"seat": 3, "size": "small"}],
//!              "controller": 3, "neutralized": false}],
//!  "branches": [{"square": "c3", "seat": 3, "size": "medium", "dir": "n", "source": "c2",
//!                "root": "c2", "depth": 1, "attacks": "c4", "targets": "c5", "active": true}],
//!  "stash": [{"small": 5, "medium": 4, "large": 4}, ..],
//!  "spore_targets": ["c5"], "trigger": null, "resigned": [], "last": "branch c3 n medium",
//!  "options": {"own_attacks": false, ..},
//!  "challenge": null, "forbidden": null, "cards": [0, 0, 0], "deck_left": 52,
//!  "credits": null}
//! ```
//! Towers and branches in square order a1, b1, ..; pieces bottom first. `spore_targets`: the
//! squares where the player to move may spore. `trigger`: the seat that could not act (R9).
//! With `counting_coup`, `challenge` is `{"sporer", "tower", "move", "eligible": [seats],
//! "challenger": seat|null}` while a window is open, `forbidden` the spore a retracting player
//! may not repeat, `cards` the number of hidden cards per seat (their ranks once the game is
//! over: 0 = ace .. 12 = king). `credits` (once over): per seat `{"pips", "towers"}` (R12).

mod notation;
mod pos;
#[cfg(test)]
mod tests;

pub use notation::Move;
pub use pos::{Branch, Cell, Piece, Pos, Rules, Tower};

use super::board::{Size, Square};
use super::rng::SplitMix64;
use super::{
    Game, GameKind, MoveError, OptionKind, OptionSpec, Outcome, ParamKind, ParamSpec, Seat, Setup,
    SetupError, VerbSpec, Written,
};
use notation::Parsed;
use pos::{size_name_article, Mask};
use serde::{Deserialize, Serialize};
use serde_json::json;

pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        key: "sprawlgami",
        kind: OptionKind::Bool,
        default: "false",
        description:
            "build on another player's tower that one of your active branches targets (R4)",
    },
    OptionSpec {
        key: "overload",
        kind: OptionKind::Bool,
        default: "false",
        description:
            "spore and build at once with several targeting branches: spore q k overload n (R15)",
    },
    OptionSpec {
        key: "superior_forces",
        kind: OptionKind::Bool,
        default: "false",
        description: "a tower falls only when its attackers' pips exceed its own (D6)",
    },
    OptionSpec {
        key: "loose_branching",
        kind: OptionKind::Bool,
        default: "false",
        description: "also branch sideways off the square a branch points at (R16)",
    },
    OptionSpec {
        key: "own_attacks",
        kind: OptionKind::Bool,
        default: "false",
        description: "your own branches also attack your towers (D5)",
    },
    OptionSpec {
        key: "counting_coup",
        kind: OptionKind::Bool,
        default: "false",
        description:
            "challenge a spore you could neutralize: retract it or stand; cards lower scores (R17)",
    },
];

const DIRS: &[&str] = &["n", "e", "s", "w"];

const SQUARE: ParamSpec = ParamSpec {
    name: "square",
    kind: ParamKind::Square,
    required: true,
    written: Written::Value,
    description: "the square",
    description_fr: "la case",
};

pub const VERBS: &[VerbSpec] = &[
    VerbSpec {
        name: "tower",
        params: &[
            ParamSpec {
                description: "any vacant square for your starting tower",
                description_fr: "une case vide pour votre tour de départ",
                ..SQUARE
            },
            ParamSpec {
                name: "size",
                kind: ParamKind::Size,
                required: true,
                written: Written::Value,
                description: "the piece from your stash",
                description_fr: "la pièce de votre réserve",
            },
        ],
        description: "First turn only: place your starting tower",
        description_fr: "Premier tour seulement : poser votre tour de départ",
    },
    VerbSpec {
        name: "build",
        params: &[
            ParamSpec {
                description: "a live tower you control (or target, with sprawlgami)",
                description_fr: "une tour vivante que vous contrôlez (ou ciblez, avec sprawlgami)",
                ..SQUARE
            },
            ParamSpec {
                name: "size",
                kind: ParamKind::Size,
                required: false,
                written: Written::Value,
                description: "one size smaller than the top piece (optional: it is forced)",
                description_fr: "une taille de moins que la pièce du haut (facultatif : imposée)",
            },
        ],
        description: "Cap a tower with a piece one size smaller",
        description_fr: "Coiffer une tour d'une pièce plus petite d'une taille",
    },
    VerbSpec {
        name: "branch",
        params: &[
            ParamSpec {
                description: "a vacant square next to your tower or branch",
                description_fr: "une case vide à côté de votre tour ou branche",
                ..SQUARE
            },
            ParamSpec {
                name: "direction",
                kind: ParamKind::Direction(DIRS),
                required: true,
                written: Written::Value,
                description: "where it points: directly away from its source",
                description_fr: "où elle pointe : à l'opposé de sa source",
            },
            ParamSpec {
                name: "size",
                kind: ParamKind::Size,
                required: true,
                written: Written::Value,
                description: "any size off a tower; one smaller than the branch it grows from",
                description_fr: "toute taille depuis une tour ; une de moins que la branche source",
            },
            ParamSpec {
                name: "from",
                kind: ParamKind::Square,
                required: false,
                written: Written::Keyword,
                description: "its source, only when loose branching leaves a choice",
                description_fr: "sa source, seulement si le branchement libre laisse un choix",
            },
        ],
        description: "Lay a piece pointing away from your tower or branch",
        description_fr: "Coucher une pièce pointant à l'opposé de votre tour ou branche",
    },
    VerbSpec {
        name: "spore",
        params: &[
            ParamSpec {
                description: "a vacant square one of your active branches targets",
                description_fr: "une case vide ciblée par une de vos branches actives",
                ..SQUARE
            },
            ParamSpec {
                name: "size",
                kind: ParamKind::Size,
                required: true,
                written: Written::Value,
                description: "any size that is not neutralized at once",
                description_fr: "toute taille qui n'est pas neutralisée aussitôt",
            },
            ParamSpec {
                name: "overload",
                kind: ParamKind::Integer { min: 0, max: 2 },
                required: false,
                written: Written::Keyword,
                description: "with overload: also build this many pieces on it",
                description_fr: "avec overload : construire aussi ce nombre de pièces dessus",
            },
        ],
        description: "Start a new tower on a square your branch targets",
        description_fr: "Fonder une nouvelle tour sur une case ciblée par votre branche",
    },
    VerbSpec {
        name: "challenge",
        params: &[ParamSpec {
            name: "seat",
            kind: ParamKind::Integer { min: 1, max: 8 },
            required: false,
            written: Written::Value,
            description: "your seat number (needed if several players may challenge)",
            description_fr: "votre numéro de place (utile si plusieurs peuvent défier)",
        }],
        description: "Counting coup: challenge a spore you could neutralize",
        description_fr: "Counting coup : défier un essaimage que vous pourriez neutraliser",
    },
    VerbSpec {
        name: "retract",
        params: &[],
        description: "Counting coup: take back your challenged spore (the challenger draws a card)",
        description_fr: "Counting coup : reprendre l'essaimage défié (le défieur tire une carte)",
    },
    VerbSpec {
        name: "stand",
        params: &[],
        description: "Counting coup: keep your challenged spore",
        description_fr: "Counting coup : maintenir l'essaimage défié",
    },
];

pub const RULES_SUMMARY: &str = "\
Sprawl (J. A. Leistiko and friends), 3-8 players; 5x6 board (3), 6x6 (4-6), 8x8 (7-8).
Each player has 15 pieces: 5 small (1 pip), 5 medium (2), 5 large (3). Lowest stash at the end wins.
Towers stand upright (1-3 pieces, controlled by the owner of the top piece); branches lie and point n/e/s/w.
- First turn: tower SQUARE SIZE, any vacant square (e.g. tower c3 large). Never again.
- Then exactly one action a turn:
  build SQUARE [SIZE]: cap a live tower you control with a piece one size smaller (e.g. build c3 medium).
  branch SQUARE DIR SIZE: a piece lying next to your live tower, pointing directly away from it (any size),
    or next to your active branch, pointing away from it, one size smaller (large > medium > small);
    a tower of height h supports branches h deep. Must point at a square (e.g. branch c4 n medium).
  spore SQUARE SIZE: a new tower on a vacant square targeted by your active branch (e.g. spore c5 large).
- A branch attacks the square it points at and targets the square as many squares away as its pips
  (pieces in between do not matter). A tower attacked by another player's branch of a size it does not
  contain is neutralized for ever: no building or branching from it or its branches, no sporing from them.
  You may not spore a size that would be neutralized at once. A branch is active while the tower it
  grows from (through other branches) is live and yours; only active branches grow and spore.
- A player who cannot act ends the game: everyone else gets one more turn. Neutralized towers and their
  branches return to the stashes; lowest stash pips wins. Ties: pips of towers you neutralized, their
  number, squares you hold, pips of your towers, their number.
Options: sprawlgami (build on a tower your active branch targets), overload (spore SQUARE SIZE overload N
  builds N more with N+1 targeting branches, e.g. spore c5 large overload 1), superior_forces (a tower falls
  when attackers' pips exceed its own), loose_branching (branch sideways off the square a branch points at;
  add `from SQUARE` when two sources fit), own_attacks (your branches attack your towers too),
  counting_coup (after a spore, a player who could neutralize it may `challenge SEAT`; the sporer answers
  `retract` (take another action; the challenger draws a card worth -1 or -2) or `stand`).
  E.g. challenge 2, then retract or stand. A challenge is answered before anything else.
Resign at any time: your pieces stay and keep attacking; you rank last. No draws.
Sizes: small/medium/large or 1/2/3 (petit/moyen/grand); directions n/e/s/w (nord/est/sud/ouest).";

/// Colour names of the seats, as the renderer's palette draws them.
pub const SEAT_COLOURS: [&str; 8] = [
    "Orange",
    "Blue",
    "Green",
    "Pink",
    "Yellow",
    "Sky",
    "Vermilion",
    "Grey",
];

/// What a retraction puts back (R17): the position and the turn state just before the spore.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Before {
    pos: Pos,
    trigger: Option<Seat>,
    last: Option<Move>,
}

/// R17: an open challenge window.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Window {
    pub sporer: Seat,
    pub spore: Move,
    pub tower: Square,
    /// Eligible challengers, in seat order.
    pub eligible: Vec<Seat>,
    pub challenger: Option<Seat>,
    before: Box<Before>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Sprawl {
    players: u8,
    rules: Rules,
    /// Boxed to keep [`crate::engine::AnyGame`]'s variants of similar sizes.
    pos: Box<Pos>,
    /// The seat whose turn it is (while a challenge awaits an answer, the seat the turn goes
    /// back to after `stand`).
    to_move: Seat,
    /// R9.
    trigger: Option<Seat>,
    /// 0 = playing, else the order of resignation (1 = first).
    resigned: [u8; 8],
    last: Option<Move>,
    outcome: Option<Outcome>,
    /// R17: deck (card indices), cards drawn so far, each seat's hidden cards.
    deck: Vec<u8>,
    drawn: u8,
    cards: Vec<Vec<u8>>,
    window: Option<Window>,
    forbidden: Option<Move>,
    /// R12, filled at the end: (pips, towers) credited per seat.
    credits: Option<Vec<(u32, u32)>>,
}

/// Card points (R17): ace to ten 1, jack, queen, king 2.
pub fn card_points(card: u8) -> u32 {
    if card % 13 >= 10 {
        2
    } else {
        1
    }
}

impl Sprawl {
    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    pub fn pos(&self) -> &Pos {
        &self.pos
    }
    pub fn last_move(&self) -> Option<Move> {
        self.last
    }
    pub fn trigger(&self) -> Option<Seat> {
        self.trigger
    }
    pub fn window(&self) -> Option<&Window> {
        self.window.as_ref()
    }
    pub fn is_resigned(&self, seat: Seat) -> bool {
        self.resigned[seat as usize - 1] > 0
    }
    pub fn cards(&self, seat: Seat) -> &[u8] {
        &self.cards[seat as usize - 1]
    }
    pub fn credits(&self, seat: Seat) -> Option<(u32, u32)> {
        self.credits.as_ref().map(|c| c[seat as usize - 1])
    }

    /// D6 on the current position.
    pub fn neutralized(&self, sq: Square) -> bool {
        match self.pos.tower(sq) {
            Some(t) => self.pos.neutralized_tower(&self.rules, sq, &t),
            None => false,
        }
    }

    pub fn neutral_mask(&self) -> u64 {
        self.pos.neutral_mask(&self.rules)
    }

    /// D7 on the current position.
    pub fn is_active(&self, sq: Square) -> bool {
        match self.pos.branch(sq) {
            Some(b) => self.pos.active(&b, b.seat, self.neutral_mask()),
            None => false,
        }
    }

    /// The squares where `seat` may spore now (any size), R6.
    pub fn spore_targets(&self, seat: Seat) -> Vec<Square> {
        let mut out = Vec::new();
        if self.outcome.is_some() || self.pos.first_turn(seat) {
            return out;
        }
        let nm = self.neutral_mask();
        let tg = self.pos.targets(&self.rules, seat, nm);
        for q in Square::all(self.rules.files, self.rules.ranks) {
            if tg.count[q.index()] > 0
                && self.pos.is_vacant(q)
                && Size::ALL.iter().any(|&k| {
                    self.pos.has(seat, k) && self.pos.spore_lives(&self.rules, seat, q, k)
                })
            {
                out.push(q);
            }
        }
        out
    }

    /// An empty board with every first turn over: pieces are then put with [`Sprawl::put_tower`]
    /// and [`Sprawl::put_branch`] (worked examples, tests).
    pub fn empty(setup: &Setup) -> Result<Sprawl, SetupError> {
        Sprawl::new(setup)
    }

    /// Puts a tower (sizes bottom first, all of `seat`) and takes its pieces from the stash.
    pub fn put_tower(&mut self, sq: Square, seat: Seat, sizes: &[Size]) {
        let mut t = Tower::new(Piece {
            seat,
            size: sizes[0],
        });
        for &s in &sizes[1..] {
            t.push(Piece { seat, size: s });
        }
        for &s in sizes {
            self.pos.take(seat, s);
        }
        self.pos.board[sq.index()] = Cell::Tower(t);
    }

    /// Puts a branch whose source is the square behind it (or `source`) and takes its piece.
    pub fn put_branch(&mut self, sq: Square, seat: Seat, size: Size, dir: super::board::Dir) {
        let s = self
            .rules
            .step(sq, dir, -1)
            .expect("a test branch has its source on the board");
        let (root, depth) = match self.pos.cell(s) {
            Cell::Tower(_) => (s, 1),
            Cell::Branch(b) => (b.root, b.depth + 1),
            Cell::Empty => panic!("a test branch needs its source placed first"),
        };
        self.pos.take(seat, size);
        self.pos.board[sq.index()] = Cell::Branch(Branch {
            seat,
            size,
            dir,
            source: s,
            root,
            depth,
        });
    }

    pub fn set_to_move(&mut self, seat: Seat) {
        self.to_move = seat;
    }

    fn seat_name(&self, seat: Seat) -> String {
        format!("{} (seat {seat})", SEAT_COLOURS[seat as usize - 1])
    }

    /// The seat answering a challenge, else the seat whose turn it is.
    fn actor_now(&self) -> Seat {
        match &self.window {
            Some(Window {
                challenger: Some(_),
                sporer,
                ..
            }) => *sporer,
            _ => self.to_move,
        }
    }

    /// R17: the sporer may retract if, back before the spore, another action is legal.
    fn can_retract(&self) -> bool {
        let Some(w) = &self.window else { return false };
        w.before
            .pos
            .has_action(&self.rules, w.sporer, Some(&w.spore))
    }

    /// R17: the other players who have an action after which the tower on `t` is neutralized.
    fn eligible_challengers(&self, sporer: Seat, t: Square) -> Vec<Seat> {
        let r = self.rules;
        (1..=self.players)
            .filter(|&q| {
                q != sporer
                    && !self.is_resigned(q)
                    && !self.pos.actions(&r, q, |m| {
                        // Only a branch pointing at T or a build on T changes T's status.
                        let relevant = match m {
                            Move::Branch { square, dir, .. } => r.step(square, dir, 1) == Some(t),
                            Move::Build { square, .. } => square == t,
                            _ => false,
                        };
                        if !relevant {
                            return true;
                        }
                        let mut p = *self.pos;
                        apply_action(&mut p, &r, q, &m);
                        !p.tower(t).is_some_and(|tw| p.neutralized_tower(&r, t, &tw))
                    })
            })
            .collect()
    }

    /// R1, R9: passes the turn on from `from`, letting stuck players pass and ending the game
    /// when the turn reaches the trigger's seat.
    fn advance(&mut self, from: Seat) {
        let n = self.players;
        let mut s = from;
        for _ in 0..2 * n as usize + 1 {
            s = s % n + 1;
            if self.trigger == Some(s) {
                let why = format!(
                    "{} could not act and every other player has had one more turn (R9)",
                    SEAT_COLOURS[s as usize - 1]
                );
                self.finish(&why);
                return;
            }
            if self.is_resigned(s) {
                continue;
            }
            if self.pos.has_action(&self.rules, s, self.forbidden_for(s)) {
                self.to_move = s;
                return;
            }
            if self.trigger.is_none() {
                self.trigger = Some(s);
            }
        }
        self.finish("no player can act (R9)");
    }

    fn forbidden_for(&self, seat: Seat) -> Option<&Move> {
        if seat == self.to_move {
            self.forbidden.as_ref()
        } else {
            None
        }
    }

    /// R10-R13: removal, credits, scores, ranking, outcome.
    fn finish(&mut self, why: &str) {
        let r = self.rules;
        self.window = None;
        self.forbidden = None;
        let nm = self.pos.neutral_mask(&r);
        let mut credits = vec![(0u32, 0u32); self.players as usize];
        // R12, before removal.
        for t_sq in Square::all(r.files, r.ranks) {
            if nm & (1u64 << t_sq.index()) == 0 {
                continue;
            }
            let t = self
                .pos
                .tower(t_sq)
                .expect("a neutralized square holds a tower");
            let ctrl = t.controller();
            let mut who = [false; 8];
            for (_, b) in self.pos.attackers(&r, t_sq, ctrl) {
                if b.seat != ctrl && (r.superior_forces || !t.has_size(b.size)) {
                    who[b.seat as usize - 1] = true;
                }
            }
            for s in 0..self.players as usize {
                if who[s] {
                    credits[s].0 += t.pips() as u32;
                    credits[s].1 += 1;
                }
            }
        }
        // R10.
        for sq in Square::all(r.files, r.ranks) {
            match self.pos.board[sq.index()] {
                Cell::Tower(t) if nm & (1u64 << sq.index()) != 0 => {
                    for p in t.stack() {
                        self.pos.give(p.seat, p.size);
                    }
                    self.pos.board[sq.index()] = Cell::Empty;
                }
                Cell::Branch(b) if nm & (1u64 << b.root.index()) != 0 => {
                    self.pos.give(b.seat, b.size);
                    self.pos.board[sq.index()] = Cell::Empty;
                }
                _ => {}
            }
        }
        self.credits = Some(credits);
        let order = self.ranking();
        let best = order[0];
        let key0 = self.rank_key(best);
        let winners: Vec<Seat> = order
            .iter()
            .copied()
            .filter(|&s| self.rank_key(s) == key0)
            .collect();
        let scores = self.final_scores();
        let list: Vec<String> = order
            .iter()
            .map(|&s| {
                let tag = if self.is_resigned(s) {
                    " (resigned)"
                } else {
                    ""
                };
                format!(
                    "{} {}{tag}",
                    SEAT_COLOURS[s as usize - 1],
                    scores[s as usize - 1]
                )
            })
            .collect();
        let tied = order
            .iter()
            .filter(|&&s| {
                !self.is_resigned(s) && scores[s as usize - 1] == scores[best as usize - 1]
            })
            .count()
            > winners.len();
        let mut reason = format!("{why}; lowest score wins: {}", list.join(", "));
        if tied {
            reason.push_str("; tie broken by R13");
        }
        self.outcome = Some(Outcome::new(winners, reason));
    }

    fn final_scores(&self) -> Vec<i64> {
        (1..=self.players)
            .map(|s| {
                self.pos.stash_pips(s) as i64
                    - self
                        .cards(s)
                        .iter()
                        .map(|&c| card_points(c) as i64)
                        .sum::<i64>()
            })
            .collect()
    }

    /// R13: smaller is better; resigned players last, later resignations first.
    fn rank_key(&self, seat: Seat) -> (u8, i64, i64, i64, i64, i64, i64) {
        let r = self.rules;
        let (cp, ct) = self.credits(seat).unwrap_or((0, 0));
        let mut squares = 0i64;
        let mut tower_pips = 0i64;
        let mut towers = 0i64;
        for sq in Square::all(r.files, r.ranks) {
            match self.pos.cell(sq) {
                Cell::Tower(t) if t.controller() == seat => {
                    squares += 1;
                    tower_pips += t.pips() as i64;
                    towers += 1;
                }
                Cell::Branch(b) if b.seat == seat => squares += 1,
                _ => {}
            }
        }
        let res = self.resigned[seat as usize - 1];
        let resigned_rank = if res == 0 { 0 } else { 100 - res };
        (
            resigned_rank,
            self.final_scores()[seat as usize - 1],
            -(cp as i64),
            -(ct as i64),
            -squares,
            -tower_pips,
            -towers,
        )
    }

    /// Every seat, best first (R13); equal keys share a place.
    pub fn ranking(&self) -> Vec<Seat> {
        let mut seats: Vec<Seat> = (1..=self.players).collect();
        seats.sort_by_key(|&s| (self.rank_key(s), s));
        seats
    }

    /// Places (1 = first) per seat once the game is over, shared places equal.
    pub fn places(&self) -> Option<Vec<u8>> {
        self.outcome.as_ref()?;
        let order = self.ranking();
        let mut places = vec![0u8; self.players as usize];
        for (i, &s) in order.iter().enumerate() {
            let place = if i > 0 && self.rank_key(order[i - 1]) == self.rank_key(s) {
                places[order[i - 1] as usize - 1]
            } else {
                i as u8 + 1
            };
            places[s as usize - 1] = place;
        }
        Some(places)
    }

    fn resolve(&self, parsed: Parsed) -> Result<Move, MoveError> {
        let me = self.to_move;
        let r = self.rules;
        match parsed {
            Parsed::BuildAnySize(q) => match self.pos.tower(q) {
                None => Err(MoveError::illegal(
                    "R4",
                    format!("there is no tower on {q} to build on"),
                )),
                Some(t) => match t.top().size.smaller() {
                    Some(size) => Ok(Move::Build { square: q, size }),
                    None => Err(MoveError::illegal(
                        "R4",
                        format!("the tower on {q} is topped by a small: nothing goes on a small"),
                    )),
                },
            },
            Parsed::ChallengeAnySeat => {
                let eligible = self
                    .window
                    .as_ref()
                    .filter(|w| w.challenger.is_none())
                    .map(|w| w.eligible.clone())
                    .unwrap_or_default();
                match eligible[..] {
                    [seat] => Ok(Move::Challenge { seat }),
                    [] => Err(MoveError::illegal(
                        "R17",
                        "there is no spore open to a challenge now",
                    )),
                    _ => Err(MoveError::illegal(
                        "R17",
                        format!(
                            "several players may challenge: write challenge SEAT with your seat number ({})",
                            eligible.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(" or ")
                        ),
                    )),
                }
            }
            Parsed::Move(Move::Branch {
                square,
                dir,
                size,
                from: Some(s),
            }) => {
                // Section 7: naming the only source is the plain move.
                let nm = self.pos.neutral_mask(&r);
                let (ok, _) = self.pos.branch_sources(&r, me, nm, square, dir, size);
                let from = if ok.len() > 1
                    || (ok.is_empty() && r.step(square, dir, -1) != Some(s))
                    || (ok.len() == 1 && ok[0].square != s)
                {
                    Some(s)
                } else {
                    None
                };
                Ok(Move::Branch {
                    square,
                    dir,
                    size,
                    from,
                })
            }
            Parsed::Move(m) => Ok(m),
        }
    }

    fn check_action(&self, me: Seat, mv: &Move) -> Result<(), MoveError> {
        let r = self.rules;
        let p = &self.pos;
        let stash = |k: Size, rule: &'static str| {
            if p.has(me, k) {
                Ok(())
            } else {
                Err(MoveError::illegal(
                    rule,
                    format!("you have no {k} left in your stash"),
                ))
            }
        };
        let vacant = |q: Square, rule: &'static str| {
            if p.is_vacant(q) {
                Ok(())
            } else {
                Err(MoveError::illegal(
                    rule,
                    format!(
                        "{q} is not vacant: it holds a {}",
                        match p.cell(q) {
                            Cell::Tower(_) => "tower",
                            _ => "branch",
                        }
                    ),
                ))
            }
        };
        if p.first_turn(me) {
            return match *mv {
                Move::Tower { square, size } => {
                    vacant(square, "R2")?;
                    stash(size, "R2")
                }
                _ => Err(MoveError::illegal(
                    "R2",
                    "your first action places your starting tower: tower SQUARE SIZE, e.g. tower c3 large",
                )),
            };
        }
        if self.forbidden.as_ref() == Some(mv) {
            return Err(MoveError::illegal(
                "R17",
                format!("after retracting you may not play {mv} again: choose another action"),
            ));
        }
        let nm = p.neutral_mask(&r);
        match *mv {
            Move::Tower { .. } => Err(MoveError::illegal(
                "R2",
                "tower is only your first action: now build, branch or spore",
            )),
            Move::Build { square: q, size: k } => {
                let Some(t) = p.tower(q) else {
                    return Err(MoveError::illegal(
                        "R4",
                        format!("there is no tower on {q} to build on"),
                    ));
                };
                if nm & (1u64 << q.index()) != 0 {
                    return Err(MoveError::illegal(
                        "R4",
                        format!("the tower on {q} is neutralized and can never change"),
                    ));
                }
                if t.controller() != me {
                    let who = self.seat_name(t.controller());
                    if !r.sprawlgami {
                        return Err(MoveError::illegal(
                            "R4",
                            format!("the tower on {q} is controlled by {who}: you build only on towers you control"),
                        ));
                    }
                    if p.targets(&r, me, nm).count[q.index()] == 0 {
                        return Err(MoveError::illegal(
                            "R4",
                            format!("the tower on {q} is controlled by {who} and none of your active branches targets it"),
                        ));
                    }
                }
                match t.top().size.smaller() {
                    None => Err(MoveError::illegal(
                        "R4",
                        format!("the tower on {q} is topped by a small: nothing goes on a small"),
                    )),
                    Some(want) if want != k => Err(MoveError::illegal(
                        "R4",
                        format!(
                            "a build on a {} must be {}: build {q} {want}",
                            t.top().size,
                            size_name_article(want)
                        ),
                    )),
                    Some(_) => stash(k, "R4"),
                }
            }
            Move::Branch {
                square: q,
                dir: d,
                size: k,
                from,
            } => {
                vacant(q, "R5")?;
                if r.step(q, d, 1).is_none() {
                    return Err(MoveError::illegal(
                        "R5",
                        format!("a branch on {q} pointing {d} would point off the board: a branch must point at a square"),
                    ));
                }
                stash(k, "R5")?;
                let (ok, err) = p.branch_sources(&r, me, nm, q, d, k);
                match from {
                    None => match ok.len() {
                        1 => Ok(()),
                        0 => Err(err.unwrap_or_else(|| {
                            MoveError::illegal("R5", format!("nothing of yours can grow a branch on {q} pointing {d}"))
                        })),
                        _ => Err(MoveError::illegal(
                            "R16",
                            format!(
                                "this branch can grow from {}: add `from SQUARE`, e.g. {mv} from {}",
                                ok.iter().map(|s| s.square.to_string()).collect::<Vec<_>>().join(" or "),
                                ok[0].square
                            ),
                        )),
                    },
                    Some(s) => {
                        if ok.iter().any(|src| src.square == s) {
                            return Ok(());
                        }
                        let main = r.step(q, d, -1);
                        if main == Some(s) {
                            return Err(err.unwrap_or_else(|| MoveError::illegal("R5", format!("{s} cannot be the source of this branch"))));
                        }
                        let side = r.loose_branching
                            && crate::engine::sprawl::pos::perpendicular(d)
                                .iter()
                                .any(|&d2| r.step(q, d2, -1) == Some(s));
                        if side {
                            if let Some(b) = p.branch(s) {
                                if r.step(s, b.dir, 1) == Some(q) {
                                    return p.source_ok(me, nm, s, k, q, d, true).map(|_| ());
                                }
                            }
                            Err(MoveError::illegal(
                                "R16",
                                format!("{s} holds no branch pointing at {q}, so it cannot be this branch's source"),
                            ))
                        } else {
                            Err(MoveError::illegal(
                                "R5",
                                format!("{s} cannot be the source of a branch on {q} pointing {d}: a branch points directly away from its source"),
                            ))
                        }
                    }
                }
            }
            Move::Spore {
                square: q,
                size: k,
                overload: n,
            } => {
                vacant(q, "R6")?;
                let m = p.targets(&r, me, nm).count[q.index()];
                if m == 0 {
                    return Err(MoveError::illegal(
                        "R6",
                        format!("{q} is not targeted by any of your active branches"),
                    ));
                }
                stash(k, "R6")?;
                let t = Tower::new(Piece { seat: me, size: k });
                if p.neutralized_tower(&r, q, &t) {
                    let by: Vec<String> = p
                        .attackers(&r, q, me)
                        .map(|(s, b)| format!("the {} branch on {s}", b.size))
                        .collect();
                    let safe: Vec<&str> = Size::ALL
                        .iter()
                        .filter(|&&k2| p.spore_lives(&r, me, q, k2))
                        .map(|k2| k2.name())
                        .collect();
                    let hint = if safe.is_empty() {
                        "no size can live there".to_string()
                    } else {
                        format!("a tower there can only be {}", safe.join(" or "))
                    };
                    return Err(MoveError::illegal(
                        "R6",
                        format!(
                            "a {k} tower on {q} would be neutralized at once by {}: {hint}",
                            by.join(" and ")
                        ),
                    ));
                }
                if n == 0 {
                    return Ok(());
                }
                if !r.overload {
                    return Err(MoveError::illegal(
                        "R15",
                        "overload is not on in this game: spore a single piece",
                    ));
                }
                if n > k.pips() - 1 {
                    return Err(MoveError::illegal(
                        "R15",
                        format!("{} spore takes at most {} more piece{}: each build is one size smaller", size_name_article(k), k.pips() - 1, if k.pips() == 2 { "" } else { "s" }),
                    ));
                }
                if n > m - 1 {
                    return Err(MoveError::illegal(
                        "R15",
                        format!("overload {n} needs {} of your active branches targeting {q}; you have {m}", n + 1),
                    ));
                }
                for i in 1..=n {
                    stash(Size::from_pips(k.pips() - i).expect("n < k"), "R15")?;
                }
                Ok(())
            }
            Move::Challenge { .. } | Move::Retract | Move::Stand => {
                unreachable!("reactions are checked before actions")
            }
        }
    }

    fn apply_reaction(&mut self, mv: &Move) {
        match *mv {
            Move::Challenge { seat } => {
                if let Some(w) = self.window.as_mut() {
                    w.challenger = Some(seat);
                }
            }
            Move::Stand => self.window = None,
            Move::Retract => {
                let w = self.window.take().expect("a retract answers a challenge");
                *self.pos = w.before.pos;
                self.trigger = w.before.trigger;
                self.last = w.before.last;
                self.to_move = w.sporer;
                self.forbidden = Some(w.spore);
                if let Some(c) = w.challenger {
                    if (self.drawn as usize) < self.deck.len() {
                        let card = self.deck[self.drawn as usize];
                        self.drawn += 1;
                        self.cards[c as usize - 1].push(card);
                    }
                }
            }
            _ => unreachable!("only reactions"),
        }
    }
}

/// The effect of an action on the position (R2, R4-R6, R15), trusted legal.
fn apply_action(p: &mut Pos, r: &Rules, me: Seat, mv: &Move) {
    match *mv {
        Move::Tower { square, size } => {
            p.take(me, size);
            p.board[square.index()] = Cell::Tower(Tower::new(Piece { seat: me, size }));
        }
        Move::Build { square, size } => {
            p.take(me, size);
            if let Cell::Tower(t) = &mut p.board[square.index()] {
                t.push(Piece { seat: me, size });
            }
        }
        Move::Branch {
            square,
            dir,
            size,
            from,
        } => {
            let behind = r.step(square, dir, -1);
            let fast = match (from, r.loose_branching, behind) {
                (None, false, Some(s)) => match p.cell(s) {
                    Cell::Tower(_) => Some(pos::Source {
                        square: s,
                        root: s,
                        depth: 1,
                    }),
                    Cell::Branch(b) => Some(pos::Source {
                        square: s,
                        root: b.root,
                        depth: b.depth + 1,
                    }),
                    Cell::Empty => None,
                },
                _ => None,
            };
            let nm: Mask = if fast.is_some() { 0 } else { p.neutral_mask(r) };
            let src = match from {
                _ if fast.is_some() => Ok(fast.expect("checked")),
                Some(s) => p.source_ok(
                    me,
                    nm,
                    s,
                    size,
                    square,
                    dir,
                    r.step(square, dir, -1) != Some(s),
                ),
                None => {
                    let (ok, err) = p.branch_sources(r, me, nm, square, dir, size);
                    ok.first()
                        .copied()
                        .ok_or(err.unwrap_or(MoveError::GameOver))
                }
            }
            .expect("apply takes a legal branch");
            p.take(me, size);
            p.board[square.index()] = Cell::Branch(Branch {
                seat: me,
                size,
                dir,
                source: src.square,
                root: src.root,
                depth: src.depth,
            });
        }
        Move::Spore {
            square,
            size,
            overload,
        } => {
            p.take(me, size);
            let mut t = Tower::new(Piece { seat: me, size });
            for i in 1..=overload {
                let s = Size::from_pips(size.pips() - i).expect("overload < size");
                p.take(me, s);
                t.push(Piece { seat: me, size: s });
            }
            p.board[square.index()] = Cell::Tower(t);
        }
        Move::Challenge { .. } | Move::Retract | Move::Stand => {}
    }
}

impl Game for Sprawl {
    type Move = Move;
    const KIND: GameKind = GameKind::Sprawl;

    fn new(setup: &Setup) -> Result<Self, SetupError> {
        let players = setup.players;
        let (files, ranks) = match players {
            3 => (5, 6),
            4..=6 => (6, 6),
            7 | 8 => (8, 8),
            got => {
                return Err(SetupError::Players {
                    game: "Sprawl",
                    min: 3,
                    max: 8,
                    got,
                })
            }
        };
        let o = &setup.options;
        let rules = Rules {
            files,
            ranks,
            own_attacks: o.bool("own_attacks", false),
            sprawlgami: o.bool("sprawlgami", false),
            overload: o.bool("overload", false),
            superior_forces: o.bool("superior_forces", false),
            loose_branching: o.bool("loose_branching", false),
            counting_coup: o.bool("counting_coup", false),
        };
        let deck = if rules.counting_coup {
            let mut d: Vec<u8> = (0..52).collect();
            SplitMix64::new(setup.seed).shuffle(&mut d);
            d
        } else {
            Vec::new()
        };
        Ok(Sprawl {
            players,
            rules,
            pos: Box::new(Pos::new(players)),
            to_move: 1,
            trigger: None,
            resigned: [0; 8],
            last: None,
            outcome: None,
            deck,
            drawn: 0,
            cards: vec![Vec::new(); players as usize],
            window: None,
            forbidden: None,
            credits: None,
        })
    }

    fn players(&self) -> u8 {
        self.players
    }

    /// The sporer while a challenge awaits an answer (section 7).
    fn to_move(&self) -> Option<Seat> {
        if self.outcome.is_some() {
            None
        } else {
            Some(self.actor_now())
        }
    }

    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        if self.outcome.is_some() {
            return;
        }
        if let Some(w) = &self.window {
            if w.challenger.is_some() {
                if self.can_retract() {
                    out.push(Move::Retract);
                }
                out.push(Move::Stand);
                return;
            }
            out.extend(w.eligible.iter().map(|&seat| Move::Challenge { seat }));
        }
        let forbidden = self.forbidden;
        self.pos.actions(&self.rules, self.to_move, |m| {
            if Some(m) != forbidden {
                out.push(m);
            }
            true
        });
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let parsed = notation::parse(text, self.rules.files, self.rules.ranks, self.players)?;
        self.resolve(parsed)
    }

    fn check(&self, mv: &Move) -> Result<(), MoveError> {
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        let pending = self
            .window
            .as_ref()
            .and_then(|w| w.challenger.map(|c| (w, c)));
        match *mv {
            Move::Challenge { seat } => {
                if !self.rules.counting_coup {
                    return Err(MoveError::illegal(
                        "R17",
                        "counting_coup is not on in this game: there are no challenges",
                    ));
                }
                match &self.window {
                    None => Err(MoveError::illegal(
                        "R17",
                        "there is no spore to challenge: a challenge follows a spore, before the next action",
                    )),
                    Some(w) if w.challenger.is_some() => Err(MoveError::illegal(
                        "R17",
                        "this spore has already been challenged: only the first challenge counts",
                    )),
                    Some(w) if !w.eligible.contains(&seat) => Err(MoveError::illegal(
                        "R17",
                        format!(
                            "{} has no action that would neutralize the tower spored on {}, so cannot challenge it",
                            self.seat_name(seat),
                            w.tower
                        ),
                    )),
                    Some(_) => Ok(()),
                }
            }
            Move::Retract | Move::Stand => match pending {
                None => Err(MoveError::illegal("R17", "there is no challenge to answer")),
                Some(_) if *mv == Move::Retract && !self.can_retract() => Err(MoveError::illegal(
                    "R17",
                    "you have no other legal action, so you cannot retract: stand",
                )),
                Some(_) => Ok(()),
            },
            _ => {
                if let Some((w, c)) = pending {
                    return Err(MoveError::illegal(
                        "R17",
                        format!(
                            "{} challenged {}'s spore on {}: it must first be answered with retract or stand",
                            self.seat_name(c),
                            self.seat_name(w.sporer),
                            w.tower
                        ),
                    ));
                }
                self.check_action(self.to_move, mv)
            }
        }
    }

    fn apply(&mut self, mv: &Move) {
        if matches!(mv, Move::Challenge { .. } | Move::Retract | Move::Stand) {
            self.apply_reaction(mv);
            return;
        }
        let me = self.to_move;
        let before = if self.rules.counting_coup && matches!(mv, Move::Spore { .. }) {
            Some(Before {
                pos: *self.pos,
                trigger: self.trigger,
                last: self.last,
            })
        } else {
            None
        };
        self.window = None;
        self.forbidden = None;
        apply_action(&mut self.pos, &self.rules, me, mv);
        self.last = Some(*mv);
        self.advance(me);
        if let (Some(before), Move::Spore { square, .. }) = (before, *mv) {
            if self.outcome.is_none() {
                let eligible = self.eligible_challengers(me, square);
                if !eligible.is_empty() {
                    self.window = Some(Window {
                        sporer: me,
                        spore: *mv,
                        tower: square,
                        eligible,
                        challenger: None,
                        before: Box::new(before),
                    });
                }
            }
        }
    }

    fn actor(&self, mv: &Move) -> Option<Seat> {
        if self.outcome.is_some() {
            return None;
        }
        match *mv {
            Move::Challenge { seat } => Some(seat),
            _ => Some(self.actor_now()),
        }
    }

    /// Conventions §3: stash pips during play, the final score (R11) once over.
    fn scores(&self) -> Vec<i64> {
        if self.outcome.is_some() {
            self.final_scores()
        } else {
            (1..=self.players)
                .map(|s| self.pos.stash_pips(s) as i64)
                .collect()
        }
    }

    fn board_json(&self) -> serde_json::Value {
        let r = self.rules;
        let nm = self.neutral_mask();
        let mut towers = Vec::new();
        let mut branches = Vec::new();
        for sq in Square::all(r.files, r.ranks) {
            match self.pos.cell(sq) {
                Cell::Tower(t) => towers.push(json!({
                    "square": sq.to_string(),
                    "pieces": t.stack().iter().map(|p| json!({"seat": p.seat, "size": p.size.name()})).collect::<Vec<_>>(),
                    "controller": t.controller(),
                    "neutralized": nm & (1u64 << sq.index()) != 0,
                })),
                Cell::Branch(b) => branches.push(json!({
                    "square": sq.to_string(), "seat": b.seat, "size": b.size.name(),
                    "dir": b.dir.name(), "source": b.source.to_string(), "root": b.root.to_string(),
                    "depth": b.depth,
                    "attacks": r.step(sq, b.dir, 1).map(|s| s.to_string()),
                    "targets": self.pos.target_of(&r, sq, &b).map(|s| s.to_string()),
                    "active": self.pos.active(&b, b.seat, nm),
                })),
                Cell::Empty => {}
            }
        }
        let stash: Vec<_> = (1..=self.players)
            .map(|s| {
                let st = self.pos.stash[s as usize - 1];
                json!({"small": st[0], "medium": st[1], "large": st[2]})
            })
            .collect();
        let targets: Vec<String> = match self.to_move() {
            Some(s) => self
                .spore_targets(s)
                .iter()
                .map(|q| q.to_string())
                .collect(),
            None => Vec::new(),
        };
        let mut resigned: Vec<Seat> = (1..=self.players)
            .filter(|&s| self.is_resigned(s))
            .collect();
        resigned.sort_by_key(|&s| self.resigned[s as usize - 1]);
        let over = self.outcome.is_some();
        let cards: Vec<serde_json::Value> = self
            .cards
            .iter()
            .map(|c| if over { json!(c) } else { json!(c.len()) })
            .collect();
        json!({
            "files": r.files, "ranks": r.ranks,
            "towers": towers, "branches": branches, "stash": stash,
            "spore_targets": targets,
            "trigger": self.trigger, "resigned": resigned,
            "last": self.last.map(|m| m.to_string()),
            "options": {"own_attacks": r.own_attacks, "sprawlgami": r.sprawlgami,
                        "overload": r.overload, "superior_forces": r.superior_forces,
                        "loose_branching": r.loose_branching, "counting_coup": r.counting_coup},
            "challenge": self.window.as_ref().map(|w| json!({
                "sporer": w.sporer, "tower": w.tower.to_string(), "move": w.spore.to_string(),
                "eligible": w.eligible, "challenger": w.challenger})),
            "forbidden": self.forbidden.map(|m| m.to_string()),
            "cards": cards,
            "deck_left": self.deck.len() - self.drawn as usize,
            "credits": self.credits.as_ref().map(|c| c.iter().map(|&(p, t)| json!({"pips": p, "towers": t})).collect::<Vec<_>>()),
        })
    }

    /// R14: the pieces stay; the resigner ranks last; one player left wins at once.
    fn resign(&mut self, seat: Seat) -> Result<(), MoveError> {
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        if seat == 0 || seat > self.players || self.is_resigned(seat) {
            return Err(MoveError::illegal(
                "R14",
                format!("seat {seat} is not playing"),
            ));
        }
        let order = self.resigned.iter().filter(|&&r| r > 0).count() as u8 + 1;
        self.resigned[seat as usize - 1] = order;
        let left: Vec<Seat> = (1..=self.players)
            .filter(|&s| !self.is_resigned(s))
            .collect();
        if left.len() == 1 {
            self.finish(&format!(
                "{} resigned and {} is the last player left (R14)",
                self.seat_name(seat),
                self.seat_name(left[0])
            ));
            return Ok(());
        }
        if let Some(w) = self.window.as_mut() {
            w.eligible.retain(|&s| s != seat);
            // A challenge lapses (the spore stands) when its sporer or challenger leaves.
            if w.sporer == seat
                || w.challenger == Some(seat)
                || (w.challenger.is_none() && w.eligible.is_empty())
            {
                self.window = None;
            }
        }
        if self.to_move == seat {
            self.forbidden = None;
            self.advance(seat);
        }
        Ok(())
    }

    fn draw_allowed(&self) -> bool {
        false
    }

    fn agree_draw(&mut self) -> Result<(), MoveError> {
        Err(MoveError::illegal(
            "R14",
            "Sprawl has no draw offers: play on, or resign",
        ))
    }

    fn seat_label(&self, seat: Seat) -> String {
        SEAT_COLOURS[(seat as usize + 7) % 8].to_string()
    }

    fn status(&self) -> String {
        let colour = |s: Seat| SEAT_COLOURS[s as usize - 1];
        let mut parts = Vec::new();
        if let Some(w) = &self.window {
            match w.challenger {
                Some(c) => parts.push(format!(
                    "{} challenges {}'s spore on {}: {} must answer `retract` or `stand` (R17).",
                    colour(c),
                    colour(w.sporer),
                    w.tower,
                    colour(w.sporer)
                )),
                None => parts.push(format!(
                    "Until the next action, {} may challenge {}'s spore on {} (R17).",
                    w.eligible
                        .iter()
                        .map(|&s| format!("{} (`challenge {s}`)", colour(s)))
                        .collect::<Vec<_>>()
                        .join(" or "),
                    colour(w.sporer),
                    w.tower,
                )),
            }
        }
        if let Some(f) = &self.forbidden {
            parts.push(format!(
                "{} retracted and may not play `{f}` again this turn (R17).",
                colour(self.to_move)
            ));
        }
        if let Some(t) = self.trigger {
            if self.outcome.is_none() {
                parts.push(format!(
                    "Last round: {} could not act; the game ends when the turn comes back to {} (R9).",
                    colour(t),
                    colour(t)
                ));
            }
        }
        parts.join("\n")
    }
}
