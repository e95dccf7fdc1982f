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
//! squares where the player to move may spore (none while a challenge awaits its answer).
//! `trigger`: the seat that could not act (R9).
//! With `counting_coup`, `challenge` is `{"sporer", "tower", "move", "eligible": [seats],
//! "challenger": seat|null}` while a window is open, `forbidden` the spore a retracting player
//! may not repeat, `cards` the number of hidden cards per seat (their ranks once the game is
//! over: 0 = ace .. 12 = king). `credits` (once over): per seat `{"pips", "towers"}` (R12).

mod checks;
mod coup;
mod notation;
mod pos;
mod scoring;
#[cfg(test)]
mod tests;
mod verbs;

pub use notation::Move;
pub use pos::{Branch, Cell, Piece, Pos, Rules, Tower};
pub use scoring::card_points;
pub use verbs::{OPTIONS, VERBS};

use super::board::{Size, Square};
use super::rng::SplitMix64;
use super::{msg, Arg, Game, GameKind, Join, MoveError, Msg, Outcome, Seat, Setup, SetupError};
use checks::apply_action;
use serde::{Deserialize, Serialize};
use serde_json::json;

/// Colour names of the seats, as the renderer's palette draws them.
pub const SEAT_COLOURS: [&str; 8] = [
    "orange",
    "blue",
    "green",
    "pink",
    "yellow",
    "sky",
    "vermilion",
    "grey",
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
    /// For tests: the deck, the number drawn and the hands, to set up hidden cards.
    #[cfg(test)]
    pub(crate) fn hidden_mut(&mut self) -> (&mut Vec<u8>, &mut u8, &mut Vec<Vec<u8>>) {
        (&mut self.deck, &mut self.drawn, &mut self.cards)
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

    /// Worked examples and tests build positions on a new game with these two: pieces taken
    /// from the stash mean the player's first turn is over (R2).
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

    fn seat_name(&self, seat: Seat) -> Msg {
        msg!("sprawl-seat", colour = self.seat_label(seat), seat)
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

    /// R1, R9: passes the turn on from `from`, letting stuck players pass and ending the game
    /// when the turn reaches the trigger's seat.
    fn advance(&mut self, from: Seat) {
        let n = self.players;
        let mut s = from;
        for _ in 0..2 * n as usize + 1 {
            s = s % n + 1;
            if self.trigger == Some(s) {
                let why = msg!("sprawl-end-stuck", who = self.seat_label(s));
                self.finish(why);
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
        self.finish(msg!("sprawl-end-nobody"));
    }

    fn forbidden_for(&self, seat: Seat) -> Option<&Move> {
        if seat == self.to_move {
            self.forbidden.as_ref()
        } else {
            None
        }
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
        self.outcome.is_none().then(|| self.actor_now())
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
                    return Err(MoveError::illegal("R17", msg!("sprawl-coup-off")));
                }
                match &self.window {
                    None => Err(MoveError::illegal(
                        "R17",
                        msg!("sprawl-nothing-to-challenge"),
                    )),
                    Some(w) if w.challenger.is_some() => {
                        Err(MoveError::illegal("R17", msg!("sprawl-already-challenged")))
                    }
                    Some(w) if !w.eligible.contains(&seat) => Err(MoveError::illegal(
                        "R17",
                        msg!(
                            "sprawl-cannot-challenge",
                            who = self.seat_name(seat),
                            square = w.tower
                        ),
                    )),
                    Some(_) => Ok(()),
                }
            }
            Move::Retract | Move::Stand => match pending {
                None => Err(MoveError::illegal("R17", msg!("sprawl-no-challenge"))),
                Some(_) if *mv == Move::Retract && !self.can_retract() => {
                    Err(MoveError::illegal("R17", msg!("sprawl-cannot-retract")))
                }
                Some(_) => Ok(()),
            },
            _ => {
                if let Some((w, c)) = pending {
                    return Err(MoveError::illegal(
                        "R17",
                        msg!(
                            "sprawl-answer-first",
                            challenger = self.seat_name(c),
                            sporer = self.seat_name(w.sporer),
                            square = w.tower
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

    /// R17: the others' counting coup cards and the undrawn deck are hidden from `seat`; they
    /// are dealt again from the cards `seat` has not seen, each hand keeping its size.
    fn has_chance(&self) -> bool {
        self.rules().counting_coup
    }

    fn determinise(&mut self, seat: Seat, rng: &mut SplitMix64) {
        let drawn = (self.drawn as usize).min(self.deck.len());
        let mut unseen: Vec<u8> = self.deck[drawn..].to_vec();
        for (i, hand) in self.cards.iter().enumerate() {
            if i + 1 != seat as usize {
                unseen.extend_from_slice(hand);
            }
        }
        if unseen.is_empty() {
            return;
        }
        // Sorted first, so that the deal depends on which cards are unseen, never on where
        // they really are.
        unseen.sort_unstable();
        rng.shuffle(&mut unseen);
        let mut next = unseen.into_iter();
        for (i, hand) in self.cards.iter_mut().enumerate() {
            if i + 1 != seat as usize {
                hand.iter_mut()
                    .for_each(|c| *c = next.next().expect("as many as taken"));
            }
        }
        for c in self.deck[drawn..].iter_mut() {
            *c = next.next().expect("as many as taken");
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

    /// R13: every player ranked by score and the tie-breaks, resigned players last.
    fn places(&self) -> Option<Vec<u8>> {
        self.outcome.as_ref()?;
        Some(crate::engine::places_by(self.players, |s| self.rank_key(s)))
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
        // Nobody may spore while a challenge awaits its answer.
        let pending = self.window.as_ref().is_some_and(|w| w.challenger.is_some());
        let targets: Vec<String> = match self.to_move().filter(|_| !pending) {
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
    fn resign(&mut self, seat: Seat, how: crate::engine::Leave) -> Result<(), MoveError> {
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        if seat == 0 || seat > self.players || self.is_resigned(seat) {
            return Err(MoveError::illegal("R14", msg!("seat-not-playing", seat)));
        }
        let order = self.resigned.iter().filter(|&&r| r > 0).count() as u8 + 1;
        self.resigned[seat as usize - 1] = order;
        let left: Vec<Seat> = (1..=self.players)
            .filter(|&s| !self.is_resigned(s))
            .collect();
        if left.len() == 1 {
            self.finish(msg!(
                "sprawl-end-last-left",
                left = msg!("outcome-left", who = self.seat_name(seat), how = how.word()),
                last = self.seat_name(left[0])
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
        Err(MoveError::illegal("R14", msg!("sprawl-no-draws")))
    }

    fn seat_label(&self, seat: Seat) -> Msg {
        msg!("seat-label", name = SEAT_COLOURS[(seat as usize + 7) % 8])
    }

    fn status(&self) -> Vec<Msg> {
        let colour = |s: Seat| self.seat_label(s);
        let mut parts = Vec::new();
        if let Some(w) = &self.window {
            match w.challenger {
                Some(c) => parts.push(msg!(
                    "sprawl-status-challenged",
                    challenger = colour(c),
                    sporer = colour(w.sporer),
                    square = w.tower
                )),
                None => parts.push(msg!(
                    "sprawl-status-window",
                    eligible = Arg::list(
                        w.eligible.iter().map(|&s| msg!(
                            "sprawl-status-may-challenge",
                            who = colour(s),
                            seat = s
                        )),
                        Join::Or
                    ),
                    sporer = colour(w.sporer),
                    square = w.tower
                )),
            }
        }
        if let Some(f) = &self.forbidden {
            parts.push(msg!(
                "sprawl-status-retracted",
                who = colour(self.to_move),
                mv = f.to_string()
            ));
        }
        if let Some(t) = self.trigger {
            if self.outcome.is_none() {
                parts.push(msg!("sprawl-status-last-round", who = colour(t)));
            }
        }
        parts
    }
}
