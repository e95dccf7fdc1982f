//! Battle Zone, per `../shared/rules/battlezone.md` (definitions D1-D4, rules R1-R17).
//!
//! Two players share one supply of 45 pyramids (5 colours x 3 sizes x 3 copies). Each turn
//! three dice, drawn from the game's own [`SplitMix64`] (conventions §5), say which colours may
//! act; the generator lives in the state, so replaying the moves from the seed replays every
//! roll.
//!
//! `state --json` board object:
//! ```json
//! {"pieces": [{"square": "e7", "colour": "yellow", "size": "large", "controller": 1}, ..],
//!  "supply": {"red": [small, medium, large], "blue": [..], "green": [..], "yellow": [..],
//!             "black": [..]},
//!  "exited": [{"red": [small, medium, large], ..}, {..}],
//!  "transport": null | {"square": "d4", "radius": 2, "left": 1, "moved": ["b6"]},
//!  "turn": 3, "turn_limit": 0,
//!  "last": null | {"seat": 1, "move": "move e7 n", "squares": ["e7"]},
//!  "turn_actions": [{"seat": .., "move": .., "squares": [..]}, ..], "previous_turn": [..],
//!  "last_activation": null | {"seat": 1, "square": "d4", "colour": "red", "radius": 1,
//!                             "turn": 3}}
//! ```
//! `pieces` are in square order a1, b1, .., h8; `controller` is `null` for an upright pyramid
//! (D1). `exited` is indexed by seat - 1. `turn` counts the turns that have ended (R16);
//! `transport` is the open transport step (R13); `turn_actions` are the actions of the turn
//! in progress, `previous_turn` those of the turn before. The top level adds `dice` (this turn's roll)
//! and `dice_left` (unused values, ascending; empty once the game is over).

mod check;
mod moves;
mod notation;
#[cfg(test)]
mod tests;

pub use notation::{OPTIONS, VERBS};

use super::board::{Size, Square};
use super::rng::SplitMix64;
use super::{msg, Game, GameKind, MoveError, Msg, Outcome, Seat, Setup, SetupError};
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

/// The five colours; the discriminant is the die face that activates the colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    Red = 1,
    Blue = 2,
    Green = 3,
    Yellow = 4,
    Black = 5,
}

/// The die face that pays for any colour.
pub const JOKER: u8 = 6;

impl Colour {
    pub const ALL: [Colour; 5] = [
        Colour::Red,
        Colour::Blue,
        Colour::Green,
        Colour::Yellow,
        Colour::Black,
    ];

    pub const fn die(self) -> u8 {
        self as u8
    }

    pub const fn index(self) -> usize {
        self as usize - 1
    }

    pub fn from_die(v: u8) -> Option<Colour> {
        Colour::ALL.get((v as usize).wrapping_sub(1)).copied()
    }

    pub const fn name(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Blue => "blue",
            Colour::Green => "green",
            Colour::Yellow => "yellow",
            Colour::Black => "black",
        }
    }

    /// The letter drawn on pyramids; black is `K` so that it differs from blue.
    pub const fn letter(self) -> char {
        match self {
            Colour::Red => 'R',
            Colour::Blue => 'B',
            Colour::Green => 'G',
            Colour::Yellow => 'Y',
            Colour::Black => 'K',
        }
    }

    /// The colour's power (R10-R14).
    pub const fn power(self) -> &'static str {
        match self {
            Colour::Red => "destroy",
            Colour::Blue => "control",
            Colour::Green => "upgrade",
            Colour::Yellow => "transport",
            Colour::Black => "freeze",
        }
    }

    /// Every alias of section 7 (English, French, the physical pair's second colour).
    pub fn parse(word: &str) -> Option<Colour> {
        Some(match word.trim().to_ascii_lowercase().as_str() {
            "red" | "rouge" | "orange" => Colour::Red,
            "blue" | "bleu" | "purple" | "violet" => Colour::Blue,
            "green" | "vert" | "cyan" => Colour::Green,
            "yellow" | "jaune" | "clear" | "transparent" => Colour::Yellow,
            "black" | "noir" | "white" | "blanc" => Colour::Black,
            _ => return None,
        })
    }
}

impl std::fmt::Display for Colour {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A pyramid on the board; `ctrl` is the controlling seat, `None` when upright (D1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Piece {
    pub colour: Colour,
    pub size: Size,
    pub ctrl: Option<Seat>,
}

impl Piece {
    pub fn new(colour: Colour, size: Size, ctrl: Option<Seat>) -> Piece {
        Piece { colour, size, ctrl }
    }
}

pub use super::board::Dir;

/// One action (section 7). `joker` is the canonical flag: set only when a die of the colour
/// was also available and the 6 was chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Move {
    Place {
        square: Square,
        colour: Colour,
        joker: bool,
    },
    Control {
        square: Square,
        joker: bool,
    },
    Upgrade {
        square: Square,
        joker: bool,
    },
    Activate {
        square: Square,
        joker: bool,
    },
    Move {
        from: Square,
        dir: Dir,
        joker: bool,
    },
    Skip {
        die: u8,
    },
    Transport {
        from: Square,
        to: Square,
    },
    Done,
}

/// The open transport step of a yellow activation (R13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TransportStep {
    pub square: Square,
    pub radius: u8,
    /// Transports still allowed.
    pub left: u8,
    /// Squares now holding a pyramid already transported in this step (bit = square index).
    pub moved: u64,
}

/// The last action, for the picture: who, what, and the squares it touched.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LastAction {
    pub seat: Seat,
    pub mv: Move,
    /// Start and end squares (an exit or a one-square action has one).
    pub squares: [Option<Square>; 2],
    /// What an activation did to the pyramids in its range, for the picture's caption: how
    /// many it destroyed, took over and stood upright (zero for any other action).
    #[serde(default)]
    pub hit: Hit,
}

/// The pyramids an activation changed (the `events` module names them in words).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hit {
    pub destroyed: u8,
    pub controlled: u8,
    pub frozen: u8,
}

/// The last activation, for shading its range in the picture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Activation {
    pub seat: Seat,
    pub square: Square,
    pub colour: Colour,
    pub radius: u8,
    /// The value of [`Battlezone::turn`] when it happened.
    pub turn: u32,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Battlezone {
    turn_limit: u32,
    #[serde(with = "board_serde")]
    board: [Option<Piece>; 64],
    /// D3: counts by colour index then size - 1.
    supply: [[u8; 3]; 5],
    /// D4: counts by seat - 1, colour index, size - 1.
    exited: [[[u8; 3]; 5]; 2],
    rng: SplitMix64,
    dice: [u8; 3],
    used: [bool; 3],
    to_move: Seat,
    /// Turns ended so far (R16).
    turn: u32,
    transport: Option<TransportStep>,
    outcome: Option<Outcome>,
    /// Actions of the turn in progress, then of the previous turn: at most 3 dice plus 3
    /// transports after each of 3 yellow activations.
    log: [Option<LastAction>; LOG],
    prev_log: [Option<LastAction>; LOG],
    last_activation: Option<Activation>,
}

mod board_serde {
    use super::Piece;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(b: &[Option<Piece>; 64], s: S) -> Result<S::Ok, S::Error> {
        b.as_slice().serialize(s)
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<[Option<Piece>; 64], D::Error> {
        let v: Vec<Option<Piece>> = Vec::deserialize(d)?;
        v.try_into()
            .map_err(|_| serde::de::Error::custom("a Battle Zone board has 64 squares"))
    }
}

/// Seat names (section 2): seat 1 plays from rank 1, seat 2 from rank 8.
pub const SEAT_NAMES: [&str; 2] = ["south", "north"];

const LOG: usize = 12;

/// Pyramids of one colour and size in the game (D3).
pub const COPIES: u8 = 3;

impl Battlezone {
    pub fn piece(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    pub fn supply(&self, colour: Colour, size: Size) -> u8 {
        self.supply[colour.index()][size as usize - 1]
    }

    pub fn exited(&self, seat: Seat, colour: Colour, size: Size) -> u8 {
        self.exited[seat as usize - 1][colour.index()][size as usize - 1]
    }

    /// Colours of which `seat` has exited at least one pyramid (R15).
    pub fn exited_colours(&self, seat: Seat) -> impl Iterator<Item = Colour> + '_ {
        Colour::ALL.into_iter().filter(move |c| {
            self.exited[seat as usize - 1][c.index()]
                .iter()
                .any(|&n| n > 0)
        })
    }

    pub fn exited_count(&self, seat: Seat) -> u32 {
        self.exited[seat as usize - 1]
            .iter()
            .flatten()
            .map(|&n| n as u32)
            .sum()
    }

    /// This turn's roll (the last one once the game is over).
    pub fn dice(&self) -> [u8; 3] {
        self.dice
    }

    /// Whether each die of [`Battlezone::dice`] is spent.
    pub fn dice_used(&self) -> [bool; 3] {
        self.used
    }

    /// Unused die values, ascending.
    pub fn dice_left(&self) -> Vec<u8> {
        let mut v: Vec<u8> = (0..3)
            .filter(|&i| !self.used[i])
            .map(|i| self.dice[i])
            .collect();
        v.sort_unstable();
        v
    }

    pub fn transport_step(&self) -> Option<TransportStep> {
        self.transport
    }

    pub fn turn(&self) -> u32 {
        self.turn
    }

    pub fn turn_limit(&self) -> u32 {
        self.turn_limit
    }

    pub fn last_action(&self) -> Option<LastAction> {
        self.turn_actions()
            .last()
            .or_else(|| self.previous_turn_actions().last())
    }

    /// The actions of the turn in progress (of the last turn once the game is over).
    pub fn turn_actions(&self) -> impl DoubleEndedIterator<Item = LastAction> + '_ {
        self.log.iter().flatten().copied()
    }

    /// The actions of the turn before.
    pub fn previous_turn_actions(&self) -> impl DoubleEndedIterator<Item = LastAction> + '_ {
        self.prev_log.iter().flatten().copied()
    }

    pub fn last_activation(&self) -> Option<Activation> {
        self.last_activation
    }

    /// The seat whose turn it is, also once the game is over (the last one to act).
    pub fn current_seat(&self) -> Seat {
        self.to_move
    }

    /// Sets this turn's dice, all unused (tests and worked examples, R2).
    pub fn set_dice(&mut self, dice: [u8; 3]) {
        assert!(dice.iter().all(|d| (1..=6).contains(d)), "dice show 1-6");
        self.dice = dice;
        self.used = [false; 3];
    }

    /// Sets this turn's dice and which are spent (tests).
    pub fn set_dice_used(&mut self, used: [bool; 3]) {
        self.used = used;
    }

    pub fn set_to_move(&mut self, seat: Seat) {
        self.to_move = seat;
    }

    /// Puts `piece` on `sq` taking it from the supply, or empties `sq` returning its pyramid
    /// (tests and worked examples). Returns false, changing nothing, when the supply lacks it.
    pub fn put(&mut self, sq: Square, piece: Option<Piece>) -> bool {
        if let Some(p) = piece {
            if self.supply(p.colour, p.size) == 0 {
                return false;
            }
            self.supply[p.colour.index()][p.size as usize - 1] -= 1;
        }
        if let Some(old) = self.board[sq.index()] {
            self.supply[old.colour.index()][old.size as usize - 1] += 1;
        }
        self.board[sq.index()] = piece;
        true
    }

    /// Moves one pyramid from the supply to `seat`'s exited ones (tests and worked examples).
    pub fn exit_from_supply(&mut self, seat: Seat, colour: Colour, size: Size) -> bool {
        let s = &mut self.supply[colour.index()][size as usize - 1];
        if *s == 0 {
            return false;
        }
        *s -= 1;
        self.exited[seat as usize - 1][colour.index()][size as usize - 1] += 1;
        true
    }

    /// Pyramids of each colour and size over supply, board and exits: always [`COPIES`].
    pub fn census(&self) -> [[u8; 3]; 5] {
        let mut n = self.supply;
        for p in self.board.iter().flatten() {
            n[p.colour.index()][p.size as usize - 1] += 1;
        }
        for seat in &self.exited {
            for (c, sizes) in seat.iter().enumerate() {
                for (s, &k) in sizes.iter().enumerate() {
                    n[c][s] += k;
                }
            }
        }
        n
    }

    /// `seat 1 (South)`.
    fn seat_name(seat: Seat) -> Msg {
        msg!("battlezone-seat", seat, name = Self::seat_label_of(seat))
    }

    fn seat_label_of(seat: Seat) -> Msg {
        SEAT_NAMES.get((seat as usize).wrapping_sub(1)).map_or_else(
            || msg!("seat-number", seat),
            |s| msg!("seat-label", name = *s),
        )
    }

    fn roll(&mut self) {
        for d in self.dice.iter_mut() {
            *d = 1 + self.rng.below(6) as u8;
        }
        self.used = [false; 3];
    }

    /// Ends the game: the roll stays, no die is left (R2).
    fn finish(&mut self, outcome: Outcome) {
        self.used = [true; 3];
        self.transport = None;
        self.outcome = Some(outcome);
    }
}

impl Game for Battlezone {
    type Move = Move;
    const KIND: GameKind = GameKind::Battlezone;

    fn new(setup: &Setup) -> Result<Self, SetupError> {
        if setup.players != 2 {
            return Err(SetupError::Players {
                game: "Battle Zone",
                min: 2,
                max: 2,
                got: setup.players,
            });
        }
        let mut g = Battlezone {
            turn_limit: setup.options.int("turn_limit", 0).clamp(0, 1000) as u32,
            board: [None; 64],
            supply: [[COPIES; 3]; 5],
            exited: [[[0; 3]; 5]; 2],
            rng: SplitMix64::new(setup.seed),
            dice: [0; 3],
            used: [false; 3],
            to_move: 1,
            turn: 0,
            transport: None,
            outcome: None,
            log: [None; LOG],
            prev_log: [None; LOG],
            last_activation: None,
        };
        g.roll();
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
        self.generate(out);
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        self.parse(text)
    }

    fn check(&self, mv: &Move) -> Result<(), MoveError> {
        self.validate(mv)
    }

    fn apply(&mut self, mv: &Move) {
        self.execute(mv);
    }

    /// Conventions §3: colour classes exited.
    fn scores(&self) -> Vec<i64> {
        (1..=2)
            .map(|s| self.exited_colours(s).count() as i64)
            .collect()
    }

    fn board_json(&self) -> Value {
        let pieces: Vec<Value> = (0..64u8)
            .filter_map(|i| {
                self.board[i as usize].map(|p| {
                    json!({"square": Square(i).to_string(), "colour": p.colour.name(),
                           "size": p.size.name(), "controller": p.ctrl})
                })
            })
            .collect();
        let by_colour = |counts: &[[u8; 3]; 5]| {
            let mut m = Map::new();
            for c in Colour::ALL {
                m.insert(c.name().into(), json!(counts[c.index()]));
            }
            Value::Object(m)
        };
        let transport = self.transport.map(|t| {
            let moved: Vec<String> = (0..64u8)
                .filter(|i| t.moved >> i & 1 == 1)
                .map(|i| Square(i).to_string())
                .collect();
            json!({"square": t.square.to_string(), "radius": t.radius, "left": t.left,
                   "moved": moved})
        });
        let action = |l: LastAction| {
            let squares: Vec<String> = l.squares.iter().flatten().map(|s| s.to_string()).collect();
            json!({"seat": l.seat, "move": l.mv.to_string(), "squares": squares})
        };
        let last = self.last_action().map(action);
        let turn_actions: Vec<Value> = self.turn_actions().map(action).collect();
        let previous_turn: Vec<Value> = self.previous_turn_actions().map(action).collect();
        let activation = self.last_activation.map(|a| {
            json!({"seat": a.seat, "square": a.square.to_string(), "colour": a.colour.name(),
                   "radius": a.radius, "turn": a.turn})
        });
        json!({
            "pieces": pieces,
            "supply": by_colour(&self.supply),
            "exited": [by_colour(&self.exited[0]), by_colour(&self.exited[1])],
            "transport": transport,
            "turn": self.turn,
            "turn_limit": self.turn_limit,
            "last": last,
            "turn_actions": turn_actions,
            "previous_turn": previous_turn,
            "last_activation": activation,
        })
    }

    fn extra_json(&self, obj: &mut Map<String, Value>) {
        obj.insert("dice".into(), json!(self.dice));
        obj.insert("dice_left".into(), json!(self.dice_left()));
    }

    /// R17.
    fn resign(&mut self, seat: Seat, how: crate::engine::Leave) -> Result<(), MoveError> {
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        if !(1..=2).contains(&seat) {
            return Err(MoveError::illegal("R17", msg!("seat-not-playing", seat)));
        }
        self.finish(Outcome::new(
            vec![3 - seat],
            msg!(
                "outcome-left",
                who = Self::seat_label_of(seat),
                how = how.word()
            ),
        ));
        Ok(())
    }

    /// R2: the rolls to come are unknown to both players; the dice of this turn are public.
    fn determinise(&mut self, _seat: Seat, rng: &mut SplitMix64) {
        self.rng = SplitMix64::new(rng.next());
    }

    fn has_chance(&self) -> bool {
        true
    }

    fn draw_allowed(&self) -> bool {
        self.outcome.is_none()
    }

    /// R17.
    fn agree_draw(&mut self) -> Result<(), MoveError> {
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        self.finish(Outcome::new(vec![1, 2], msg!("outcome-draw-agreed")));
        Ok(())
    }

    fn seat_label(&self, seat: Seat) -> Msg {
        Self::seat_label_of(seat)
    }

    fn status(&self) -> Vec<Msg> {
        vec![self.describe()]
    }
}
