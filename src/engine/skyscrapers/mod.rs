//! Sky Scrapers, per `../shared/rules/skyscrapers.md` (rule numbers R1-R11 cited below).
//!
//! Stacks are kept as a height and a bit pattern per vertex (bit `i` set = the `i`-th pawn from
//! the bottom is White), so moving a stack is one shift and one or: playouts and perft need
//! no allocation.
//!
//! `state --json` board object:
//! `{"setup": "standard"|"free", "pawns": 15, "phase": "placement"|"play",
//!   "placed": [green, white], "skipped": seat|null, "last": "move c4 f4"|null,
//!   "stacks": [{"vertex": "a1", "layers": "WGG", "height": 3, "owner": 1}, ..]}`
//! with stacks in vertex-name order (a1 b1 c1 a2 .. c7), empty vertices left out; `layers`
//! lists the pawns bottom to top (`G` Green = seat 1, `W` White = seat 2) as in the rules'
//! examples; `owner` is the seat of the top pawn. `skipped` is the seat passed over by R5 at
//! the last turn change, `placed` the pawns placed so far (free set-up).

pub mod geometry;
mod notation;
#[cfg(test)]
mod tests;

/// The rules' worked example 6 (the original's end position): each vertex and its stack's
/// layers, bottom first.
#[cfg(test)]
pub(crate) const EXAMPLE_6: [(&str, &str); 7] = [
    ("c3", "WWGGWG"),
    ("a5", "GGWGW"),
    ("f4", "WGWG"),
    ("c4", "GWGWW"),
    ("a7", "GGWWW"),
    ("b7", "GWWG"),
    ("d5", "G"),
];

pub use geometry::{HexDir, Vertex, VERTICES};
pub use notation::{Move, VERBS};

use super::{
    msg, Game, GameKind, MoveError, Msg, OptionKind, OptionSpec, Outcome, Seat, Setup, SetupError,
};
use geometry::LONGEST_LINE;
use serde::{Deserialize, Serialize};
use serde_json::json;

pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        key: "setup",
        kind: OptionKind::Choice(&["standard", "free"]),
        default: "standard",
        message: "option-skyscrapers-setup",
    },
    OptionSpec {
        key: "pawns",
        kind: OptionKind::Int { min: 11, max: 15 },
        default: "15",
        message: "option-skyscrapers-pawns",
    },
];

/// Seat colours: seat 1 Green, seat 2 White (section 2).
pub const SEAT_COLOURS: [&str; 2] = ["green", "white"];
/// Skyscraper height (R7).
pub const SKYSCRAPER: u8 = 4;

/// Section 3, `standard`: each colour's vertices.
const STANDARD_GREEN: [&str; 15] = [
    "a7", "c7", "b6", "d6", "a5", "c5", "e5", "b4", "d4", "f4", "b3", "d3", "b2", "d2", "b1",
];
const STANDARD_WHITE: [&str; 15] = [
    "b7", "a6", "c6", "b5", "d5", "a4", "c4", "e4", "a3", "c3", "e3", "a2", "c2", "a1", "c1",
];

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SetupKind {
    Standard,
    Free,
}

/// One stack, bottom to top: `layers` bit `i` set = pawn `i` is White.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stack {
    pub height: u8,
    pub layers: u32,
}

impl Stack {
    /// Seat of the pawn at `i` (0 = bottom).
    pub fn layer(self, i: u8) -> Seat {
        if self.layers >> i & 1 == 1 {
            2
        } else {
            1
        }
    }
    /// The owner (R3: the top pawn's colour), `None` for an empty vertex.
    pub fn owner(self) -> Option<Seat> {
        (self.height > 0).then(|| self.layer(self.height - 1))
    }
    /// Pawns of `seat` in the stack.
    pub fn count(self, seat: Seat) -> u8 {
        let white = (self.layers & mask(self.height)).count_ones() as u8;
        if seat == 2 {
            white
        } else {
            self.height - white
        }
    }
    /// `WGG` style, bottom to top.
    pub fn letters(self) -> String {
        (0..self.height)
            .map(|i| if self.layer(i) == 2 { 'W' } else { 'G' })
            .collect()
    }
    /// Reads `WGG` style text (tests and worked examples).
    pub fn from_letters(text: &str) -> Option<Stack> {
        let mut s = Stack {
            height: 0,
            layers: 0,
        };
        for c in text.chars() {
            match c.to_ascii_uppercase() {
                'G' => {}
                'W' => s.layers |= 1 << s.height,
                _ => return None,
            }
            s.height += 1;
        }
        (s.height as usize <= VERTICES).then_some(s)
    }
}

fn mask(h: u8) -> u32 {
    if h >= 32 {
        u32::MAX
    } else {
        (1u32 << h) - 1
    }
}

/// Per seat: (skyscrapers, tallest stack owned) for R7-R10.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Tally {
    pub skyscrapers: u8,
    pub tallest: u8,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Skyscrapers {
    setup: SetupKind,
    pawns: u8,
    heights: [u8; VERTICES],
    layers: [u32; VERTICES],
    placed: [u8; 2],
    to_move: Seat,
    /// Seat skipped by R5 when the turn last changed hands.
    skipped: Option<Seat>,
    outcome: Option<Outcome>,
    last: Option<Move>,
}

impl Skyscrapers {
    pub fn stack(&self, v: Vertex) -> Stack {
        Stack {
            height: self.heights[v.index()],
            layers: self.layers[v.index()],
        }
    }

    pub fn height(&self, v: Vertex) -> u8 {
        self.heights[v.index()]
    }

    pub fn setup_kind(&self) -> SetupKind {
        self.setup
    }

    pub fn pawns(&self) -> u8 {
        self.pawns
    }

    pub fn placed(&self, seat: Seat) -> u8 {
        self.placed[seat as usize - 1]
    }

    pub fn last_move(&self) -> Option<Move> {
        self.last
    }

    pub fn skipped(&self) -> Option<Seat> {
        self.skipped
    }

    /// Free set-up still under way (section 3).
    pub fn placing(&self) -> bool {
        self.placed[0] + self.placed[1] < 2 * self.pawns
    }

    /// An empty board in play (not placement) with Green to move; put stacks with
    /// [`Skyscrapers::put`] (tests and worked examples), then call [`Skyscrapers::begin`].
    pub fn empty() -> Skyscrapers {
        Skyscrapers {
            setup: SetupKind::Standard,
            pawns: 15,
            heights: [0; VERTICES],
            layers: [0; VERTICES],
            placed: [15, 15],
            to_move: 1,
            skipped: None,
            outcome: None,
            last: None,
        }
    }

    pub fn put(&mut self, v: Vertex, s: Stack) {
        self.heights[v.index()] = s.height;
        self.layers[v.index()] = s.layers & mask(s.height);
    }

    /// Starts play with `seat` to move, applying R5-R6 at once (a stuck seat is skipped, a
    /// position where nobody can move is scored).
    pub fn begin(&mut self, seat: Seat) {
        self.outcome = None;
        self.skipped = None;
        self.turn_to(seat);
    }

    /// R7: each seat's skyscrapers and tallest stack.
    pub fn tally(&self) -> [Tally; 2] {
        let mut t = [Tally::default(); 2];
        for v in Vertex::all() {
            let s = self.stack(v);
            if let Some(o) = s.owner() {
                let e = &mut t[o as usize - 1];
                e.tallest = e.tallest.max(s.height);
                if s.height >= SKYSCRAPER {
                    e.skyscrapers += 1;
                }
            }
        }
        t
    }

    /// Whether the stack on `from` (of height 1..6) has an occupied vertex exactly its height
    /// away in some direction (R3).
    #[inline]
    fn targets(&self, from: Vertex, mut f: impl FnMut(Vertex)) {
        let h = self.heights[from.index()];
        if h == 0 || h >= LONGEST_LINE {
            return;
        }
        for d in HexDir::ALL {
            if let Some(to) = from.reach(d, h) {
                if self.heights[to.index()] > 0 {
                    f(to);
                }
            }
        }
    }

    fn has_move(&self, seat: Seat) -> bool {
        Vertex::all().any(|v| {
            if self.stack(v).owner() != Some(seat) {
                return false;
            }
            let mut any = false;
            self.targets(v, |_| any = true);
            any
        })
    }

    /// R1, R5, R6: gives the turn to `seat`, or skips it, or ends the game.
    fn turn_to(&mut self, seat: Seat) {
        self.skipped = None;
        if self.has_move(seat) {
            self.to_move = seat;
        } else if self.has_move(3 - seat) {
            self.skipped = Some(seat);
            self.to_move = 3 - seat;
        } else {
            self.to_move = seat;
            self.outcome = Some(self.final_outcome());
        }
    }

    /// R8-R10.
    pub fn final_outcome(&self) -> Outcome {
        let [g, w] = self.tally();
        let name = |s: Seat| Self::seat_name(s);
        if g.skyscrapers != w.skyscrapers {
            let (win, a, b) = if g.skyscrapers > w.skyscrapers {
                (1, g, w)
            } else {
                (2, w, g)
            };
            return Outcome::new(
                vec![win],
                msg!(
                    "skyscrapers-end-more",
                    who = name(win),
                    a = a.skyscrapers,
                    b = b.skyscrapers
                ),
            );
        }
        // R9 with skyscrapers, R10 without: the rule's number stays in /rules.
        let what = if g.skyscrapers > 0 {
            msg!("skyscrapers-each", n = g.skyscrapers)
        } else {
            msg!("skyscrapers-none")
        };
        match g.tallest.cmp(&w.tallest) {
            std::cmp::Ordering::Equal => Outcome::new(
                vec![1, 2],
                msg!("skyscrapers-end-draw", what, tallest = g.tallest),
            ),
            o => {
                let win = if o.is_gt() { 1 } else { 2 };
                Outcome::new(
                    vec![win],
                    msg!(
                        "skyscrapers-end-tallest",
                        what,
                        who = name(win),
                        a = g.tallest.max(w.tallest),
                        b = g.tallest.min(w.tallest)
                    ),
                )
            }
        }
    }

    fn seat_name(seat: Seat) -> Msg {
        msg!("seat-label", name = SEAT_COLOURS[seat as usize - 1])
    }

    fn placement_error(&self) -> MoveError {
        MoveError::illegal(
            "3",
            msg!(
                "skyscrapers-still-placing",
                placed = self.placed(self.to_move),
                pawns = self.pawns
            ),
        )
    }
}

impl Game for Skyscrapers {
    type Move = Move;
    const KIND: GameKind = GameKind::Skyscrapers;

    fn new(setup: &Setup) -> Result<Self, SetupError> {
        if setup.players != 2 {
            return Err(SetupError::Players {
                game: "Sky Scrapers",
                min: 2,
                max: 2,
                got: setup.players,
            });
        }
        let o = &setup.options;
        let kind = match o.choice("setup", "standard") {
            "free" => SetupKind::Free,
            _ => SetupKind::Standard,
        };
        let pawns = o.int("pawns", 15) as u8;
        let mut g = Skyscrapers::empty();
        g.setup = kind;
        g.pawns = pawns;
        match kind {
            SetupKind::Standard => {
                if pawns != 15 {
                    return Err(SetupError::Conflict(msg!(
                        "skyscrapers-pawns-need-free",
                        pawns
                    )));
                }
                for (names, letters) in [(STANDARD_GREEN, "G"), (STANDARD_WHITE, "W")] {
                    for n in names {
                        let v = Vertex::parse(n).expect("setup tables hold valid vertices");
                        g.put(v, Stack::from_letters(letters).expect("a pawn"));
                    }
                }
                g.begin(1);
            }
            SetupKind::Free => g.placed = [0, 0],
        }
        Ok(g)
    }

    fn players(&self) -> u8 {
        2
    }

    fn to_move(&self) -> Option<Seat> {
        self.outcome.is_none().then_some(self.to_move)
    }

    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        if self.outcome.is_some() {
            return;
        }
        if self.placing() {
            for v in Vertex::all() {
                if self.heights[v.index()] == 0 {
                    out.push(Move::Place { vertex: v });
                }
            }
            return;
        }
        for from in Vertex::all() {
            if self.stack(from).owner() == Some(self.to_move) {
                self.targets(from, |to| out.push(Move::Move { from, to }));
            }
        }
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        self.parse(text)
    }

    fn check(&self, mv: &Move) -> Result<(), MoveError> {
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        let me = self.to_move;
        match *mv {
            Move::Place { vertex } => {
                if !self.placing() {
                    let why = if self.setup == SetupKind::Standard {
                        "standard"
                    } else {
                        "free"
                    };
                    return Err(MoveError::illegal(
                        "3",
                        msg!("skyscrapers-no-placing", setup = why),
                    ));
                }
                if self.height(vertex) > 0 {
                    return Err(MoveError::illegal(
                        "3",
                        msg!("skyscrapers-occupied", vertex),
                    ));
                }
                Ok(())
            }
            Move::Move { from, to } => {
                if self.placing() {
                    return Err(self.placement_error());
                }
                let s = self.stack(from);
                match s.owner() {
                    None => {
                        return Err(MoveError::illegal(
                            "R3",
                            msg!("skyscrapers-from-empty", vertex = from),
                        ))
                    }
                    Some(o) if o != me => {
                        return Err(MoveError::illegal(
                            "R3",
                            msg!(
                                "skyscrapers-not-yours",
                                vertex = from,
                                owner = Self::seat_name(o),
                                me = Self::seat_name(me)
                            ),
                        ))
                    }
                    Some(_) => {}
                }
                let h = s.height;
                match from.line_to(to) {
                    None if from == to => {
                        return Err(MoveError::illegal(
                            "R3",
                            msg!("skyscrapers-same-vertex", vertex = from),
                        ))
                    }
                    None => {
                        return Err(MoveError::illegal(
                            "R3",
                            msg!("skyscrapers-not-in-line", to, from),
                        ))
                    }
                    Some((_, k)) if k != h => {
                        return Err(MoveError::illegal(
                            "R3",
                            msg!(
                                "skyscrapers-wrong-distance",
                                height = h,
                                to,
                                steps = k,
                                from,
                                never = if h >= LONGEST_LINE { "yes" } else { "no" }
                            ),
                        ));
                    }
                    Some(_) => {}
                }
                if self.height(to) == 0 {
                    return Err(MoveError::illegal(
                        "R3",
                        msg!("skyscrapers-to-empty", vertex = to),
                    ));
                }
                Ok(())
            }
        }
    }

    fn apply(&mut self, mv: &Move) {
        let me = self.to_move;
        match *mv {
            Move::Place { vertex } => {
                self.heights[vertex.index()] = 1;
                self.layers[vertex.index()] = if me == 2 { 1 } else { 0 };
                self.placed[me as usize - 1] += 1;
                self.skipped = None;
                if self.placing() {
                    self.to_move = 3 - me;
                } else {
                    // Section 3: play starts with seat 1 once every pawn is down.
                    self.turn_to(1);
                }
            }
            Move::Move { from, to } => {
                let (fi, ti) = (from.index(), to.index());
                let (h, bits) = (self.heights[fi], self.layers[fi]);
                let below = self.heights[ti];
                self.layers[ti] |= bits << below;
                self.heights[ti] = below + h;
                self.heights[fi] = 0;
                self.layers[fi] = 0;
                self.turn_to(3 - me);
            }
        }
        self.last = Some(*mv);
    }

    /// Conventions §3: skyscraper counts.
    fn scores(&self) -> Vec<i64> {
        self.tally().iter().map(|t| t.skyscrapers as i64).collect()
    }

    fn board_json(&self) -> serde_json::Value {
        let stacks: Vec<_> = Vertex::all()
            .filter(|&v| self.height(v) > 0)
            .map(|v| {
                let s = self.stack(v);
                json!({"vertex": v.to_string(), "layers": s.letters(), "height": s.height,
                       "owner": s.owner()})
            })
            .collect();
        json!({
            "setup": self.setup,
            "pawns": self.pawns,
            "phase": if self.placing() { "placement" } else { "play" },
            "placed": self.placed,
            "skipped": self.skipped,
            "last": self.last.map(|m| m.to_string()),
            "stacks": stacks,
        })
    }

    /// R11.
    fn resign(&mut self, seat: Seat, how: crate::engine::Leave) -> Result<(), MoveError> {
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        if seat != 1 && seat != 2 {
            return Err(MoveError::illegal("R11", msg!("seat-not-playing", seat)));
        }
        self.outcome = Some(Outcome::new(
            vec![3 - seat],
            msg!(
                "skyscrapers-end-left",
                left = msg!(
                    "outcome-left",
                    who = Self::seat_name(seat),
                    how = how.word()
                )
            ),
        ));
        Ok(())
    }

    fn draw_allowed(&self) -> bool {
        self.outcome.is_none()
    }

    /// R11.
    fn agree_draw(&mut self) -> Result<(), MoveError> {
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        self.outcome = Some(Outcome::new(vec![1, 2], msg!("skyscrapers-end-agreed")));
        Ok(())
    }

    fn seat_label(&self, seat: Seat) -> Msg {
        (seat as usize)
            .checked_sub(1)
            .and_then(|i| SEAT_COLOURS.get(i))
            .map_or_else(
                || msg!("seat-number", seat),
                |s| msg!("seat-label", name = *s),
            )
    }

    fn status(&self) -> Vec<Msg> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        if self.placing() {
            return vec![msg!(
                "skyscrapers-status-placing",
                green = self.placed[0],
                white = self.placed[1],
                pawns = self.pawns
            )];
        }
        match self.skipped {
            Some(s) => vec![msg!(
                "skyscrapers-status-skipped",
                who = Self::seat_name(s),
                other = Self::seat_name(3 - s)
            )],
            None => Vec::new(),
        }
    }
}
