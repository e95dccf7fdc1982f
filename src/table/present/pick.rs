//! The move picker's message: the board from the mover's side (on the first step only: a
//! later step updates the message in place and keeps its picture), what is chosen so far,
//! how many moves are left, the step's select menu, and Back and Cancel; on the last step a
//! button naming the move that plays it as `/play` would. Also `/pick`'s refusals and the
//! pieces a chosen move takes, in words.

use crate::engine::board::{Size, Square};
use crate::engine::{AnyGame, GameKind};
use crate::i18n::{say, Arg, Join, Lang, Msg};
use crate::picker::{preview, ChoiceKind, Step, STOP};
use crate::render;
use crate::table::api::{Button, Context, Image, Menu, MenuOption, Reply};
use crate::table::present::board::Snap;
use crate::table::present::ephemeral;
use crate::{msg, tr};

/// The first word of a path that the picker's own components send: their answer replaces
/// the picker's message rather than adding one.
pub(crate) const IN_PICKER: &str = ">";
/// The path of the Cancel button.
pub(crate) const CANCEL: &str = "-";
/// The last token of the Back button's path: the step it goes back to sends the first
/// step's picture again, taking the marks of a piece left off the picture.
pub(crate) const BACK: &str = "<";
/// The last token of a path whose move is played at once, without a confirmation (Battle
/// Zone's actions, a menu choice each).
pub(crate) const PLAY_NOW: &str = "!";

/// Longest label, description or value of a menu option, and longest button label
/// (Discord's limits: 100 and 80 characters).
const OPTION_MAX: usize = 100;
const LABEL_MAX: usize = 80;

/// Where the picked move goes: to the game (`/play`), or onto the asker's analysis board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Target {
    Game,
    Analysis,
}

impl Target {
    /// The command of the picker's components, before the path.
    fn prefix(self) -> String {
        match self {
            Target::Game => format!("/pick {IN_PICKER}"),
            Target::Analysis => "/analyse > pick".into(),
        }
    }
}

/// What the picker's message needs about the game.
pub(crate) struct Opening {
    pub target: Target,
    pub kind: GameKind,
    /// The game's id and ply, which every component carries.
    pub game: (i64, u32),
    /// The mover's seat, drawn at the bottom.
    pub seat: u8,
    /// The position, for the picture of a first message (`None`: an update).
    pub snap: Option<Snap>,
    /// The mover's theme, for that picture.
    pub theme: render::Theme,
    /// Battle Zone's unused dice, said on every step (the roll, once and short).
    pub dice: Vec<u8>,
    /// The position on every step (not only the first), for what a move does and the marks
    /// of a chosen piece: `None` where the picker shows neither (the analysis board).
    pub position: Option<Snap>,
    /// This step was reached by the Back button.
    pub back: bool,
}

/// What the picker marks on the picture: the chosen piece, the places its moves reach and
/// those where they capture or neutralise (`picker::preview`). `None` before a piece is
/// chosen.
fn marks(o: &Opening, step: &Step) -> Option<render::Marks> {
    let snap = o.position.as_ref()?;
    let p = preview::preview(&snap.game, &step.words)?;
    Some(render::Marks {
        from: Some(p.from),
        reach: p.reach,
        takes: p.takes,
    })
}

/// What a move takes or neutralises, in words, in every game but Pikemen (whose words name
/// the piece's size, [`does`]): `neutralises ben's tower on d4`.
fn hits_in_words(lang: Lang, o: &Opening, mv: &str) -> Option<String> {
    let snap = o.position.as_ref()?;
    let hits = preview::hits(&snap.game, mv);
    if hits.is_empty() {
        return None;
    }
    let names = snap.live.names_by_seat();
    let list: Vec<String> = hits
        .iter()
        .map(|&(sq, seat)| {
            let who = names.get(usize::from(seat).saturating_sub(1));
            hit(
                lang,
                o.kind.id(),
                who.map(String::as_str).unwrap_or_default(),
                sq.to_string(),
            )
        })
        .collect();
    let kind = match o.kind {
        GameKind::Skyscrapers => "capture",
        GameKind::Battlezone => "hit",
        _ => "neutralise",
    };
    Some(tr!(lang, "pick-hits", kind, list = list.join(", ")))
}

/// What a Pikemen move does, in words, when it captures: `e3 → c5, captures ben's small`.
fn does(lang: Lang, o: &Opening, mv: &str) -> Option<String> {
    let snap = o.position.as_ref()?;
    let AnyGame::Pikemen(g) = &snap.game else {
        return hits_in_words(lang, o, mv);
    };
    let words: Vec<&str> = mv.split(' ').collect();
    let (from, to) = match words[..] {
        ["move", f, t, ..] => (f, t),
        _ => return None,
    };
    let at = Square::parse(to, 8, 8).ok()?;
    let mover = g.piece(Square::parse(from, 8, 8).ok()?)?.seat;
    let taken = g.piece(at).filter(|p| p.seat != mover)?;
    let names = snap.live.names_by_seat();
    let who = names
        .get(usize::from(taken.seat).saturating_sub(1))
        .cloned()
        .unwrap_or_default();
    let size = match taken.size {
        Size::Small => "small",
        Size::Medium => "medium",
        Size::Large => "large",
    };
    Some(tr!(lang, "pick-captures", from, to, who, size))
}

/// The unused dice of a Battle Zone position (none in other games).
pub(crate) fn dice_left(game: &AnyGame) -> Vec<u8> {
    match game {
        AnyGame::Battlezone(g) => g.dice_left(),
        _ => Vec::new(),
    }
}

/// `Dice to use: 3 green, 6 joker (any colour).`
fn dice_line(lang: Lang, dice: &[u8]) -> String {
    const COLOURS: [&str; 6] = ["red", "blue", "green", "yellow", "black", "joker"];
    let dice: Vec<String> = dice
        .iter()
        .map(|&d| {
            let colour = COLOURS[usize::from(d.clamp(1, 6)) - 1];
            tr!(lang, "pick-die", die = i64::from(d), colour)
        })
        .collect();
    tr!(lang, "pick-dice", dice = dice.join(", "))
}

pub(crate) fn picker(ctx: &Context, o: &Opening, path: &[String], step: &Step) -> Reply {
    let lang = ctx.langs.user;
    let mut lines = Vec::new();
    if path.is_empty() {
        lines.push(match o.target {
            Target::Game => tr!(lang, "pick-head"),
            Target::Analysis => tr!(lang, "analyse-pick-head"),
        });
    }
    if !o.dice.is_empty() {
        lines.push(dice_line(lang, &o.dice));
    }
    if !step.words.is_empty() {
        lines.push(tr!(lang, "pick-so-far", words = step.words.join(" ")));
    }
    let mut r = ephemeral(ctx, String::new());
    match &step.complete {
        Some(mv) => {
            lines.push(match o.target {
                Target::Game => tr!(lang, "pick-confirm-line", mv = mv.as_str()),
                Target::Analysis => tr!(lang, "analyse-try-line", mv = mv.as_str()),
            });
            if let Some(d) = does(lang, o, mv) {
                lines.push(d);
            }
            let (label, command) = match o.target {
                Target::Game => (
                    tr!(lang, "pick-confirm", mv = mv.as_str()),
                    format!("/play {mv}"),
                ),
                Target::Analysis => (
                    tr!(lang, "analyse-try", mv = mv.as_str()),
                    format!("/analyse > try {mv}"),
                ),
            };
            r.buttons.push(Button {
                label: cut(label, LABEL_MAX),
                command,
                game: Some(o.game),
            });
        }
        None => {
            lines.push(tr!(lang, "pick-left", n = step.remaining));
            r.menus.push(menu(lang, o, step));
        }
    }
    if !path.is_empty() {
        let mut command = command(o.target, &path[..path.len() - 1]);
        if o.position.is_some() {
            command = format!("{command} {BACK}");
        }
        r.buttons.push(Button {
            label: tr!(lang, "pick-back"),
            command,
            game: Some(o.game),
        });
    }
    r.buttons.push(Button {
        label: tr!(lang, "pick-cancel"),
        command: match o.target {
            Target::Game => format!("/pick {IN_PICKER} {CANCEL}"),
            // Back to the analysis board, as it is.
            Target::Analysis => "/analyse > show".into(),
        },
        game: Some(o.game),
    });
    r.text = lines.join("\n");
    // A chosen piece is marked on the picture: a step that chooses one draws it again.
    let marked = marks(o, step);
    match &o.snap {
        Some(snap) => {
            let view = render::View {
                names: snap.live.names_by_seat(),
                lang,
                side: Some(o.seat),
                theme: o.theme,
            };
            r.image = Some(Image {
                name: format!("game-{}-ply-{}-side-{}.png", o.game.0, o.game.1, o.seat),
                png: render::png_marked(&snap.game, &view, &marked.unwrap_or_default()),
                description: super::alt::describe(lang, &snap.game),
            });
        }
        None => {
            r.update = true;
            if let Some(snap) = &o.position {
                let view = render::View {
                    names: snap.live.names_by_seat(),
                    lang,
                    side: Some(o.seat),
                    theme: o.theme,
                };
                let plain = format!("game-{}-ply-{}-side-{}.png", o.game.0, o.game.1, o.seat);
                r.image = match &marked {
                    Some(m) => {
                        let from = m.from.map(|s| s.to_string()).unwrap_or_default();
                        Some(Image {
                            name: plain.replace(".png", &format!("-{from}.png")),
                            png: render::png_marked(&snap.game, &view, m),
                            description: super::alt::describe(lang, &snap.game),
                        })
                    }
                    // Back before a piece is chosen: the marks of the piece left are
                    // taken off, the first step's picture sent again.
                    None if o.back => Some(Image {
                        name: plain,
                        png: render::png(&snap.game, &view),
                        description: super::alt::describe(lang, &snap.game),
                    }),
                    None => None,
                };
            }
        }
    }
    r
}

/// The picker's path as the command of its components.
fn command(target: Target, path: &[String]) -> String {
    let mut c = target.prefix();
    for t in path {
        c.push(' ');
        c.push_str(t);
    }
    c
}

fn menu(lang: Lang, o: &Opening, step: &Step) -> Menu {
    let parts: Vec<Msg> = step
        .parts
        .iter()
        .map(|p| msg!("pick-part", part = *p))
        .collect();
    let options = step
        .options
        .iter()
        .map(|c| {
            let label = match &c.what {
                ChoiceKind::Stop { part } => tr!(lang, "pick-stop", part = *part),
                ChoiceKind::Group { first, last } => format!("{first} – {last}"),
                ChoiceKind::More => tr!(lang, "pick-more"),
                ChoiceKind::Move { text } => in_words(lang, o.kind, text),
                ChoiceKind::Set { words } => {
                    format!("{} …", in_words(lang, o.kind, &words.join(" ")))
                }
                ChoiceKind::Word => in_words(lang, o.kind, &c.value),
            };
            debug_assert!(
                c.value != STOP
                    || matches!(c.what, ChoiceKind::Stop { .. } | ChoiceKind::Move { .. })
            );
            let mut description = tr!(lang, "pick-option-moves", n = c.moves);
            // An action says what it does, for a newcomer to the notation.
            let first = match &c.what {
                ChoiceKind::Set { words } if words.len() == 1 => words[0].as_str(),
                _ => c.value.as_str(),
            };
            let verb = o.kind.verbs().iter().find(|v| v.name == first);
            if let (true, Some(v)) = (step.words.is_empty(), verb) {
                description = format!("{description} · {}", say(lang, &v.description()));
            }
            let mut value = c.value.clone();
            if let ChoiceKind::Move { text } = &c.what {
                description = does(lang, o, text).unwrap_or_default();
                if plays_at_once(o) {
                    value = format!("{value}{}{PLAY_NOW}", crate::picker::JOIN);
                }
            }
            MenuOption {
                label: cut(label, OPTION_MAX),
                value,
                description: (!description.is_empty()).then(|| cut(description, OPTION_MAX)),
            }
        })
        .collect();
    Menu {
        placeholder: tr!(lang, "pick-choose", parts = Arg::list(parts, Join::Or)),
        command: command(o.target, &step.base),
        options,
        game: Some(o.game),
    }
}

/// Whether a whole move chosen in the menu is played at once, without a confirmation:
/// Battle Zone's actions, several to a turn (within its turn, `/undo` takes one back).
fn plays_at_once(o: &Opening) -> bool {
    o.target == Target::Game && o.kind == GameKind::Battlezone
}

/// A move's words as a label in the reader's language: Battle Zone's colours translated (the
/// parser takes them in either language), the rest as the notation writes it.
fn in_words(lang: Lang, kind: GameKind, text: &str) -> String {
    if kind != GameKind::Battlezone {
        return text.to_string();
    }
    text.split(' ')
        .map(|w| match w {
            "red" | "blue" | "green" | "yellow" | "black" => {
                tr!(lang, "battlezone-colour", colour = w)
            }
            w => w.to_string(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The picker closed by its Cancel button.
pub(crate) fn cancelled(ctx: &Context, update: bool) -> Reply {
    let mut r = ephemeral(ctx, tr!(ctx.langs.user, "pick-cancelled"));
    r.update = update;
    r
}

/// A picker older than the position: says so, with a Move button for a fresh one. `update`:
/// it answers one of the old picker's components and replaces it.
pub(crate) fn out_of_date(ctx: &Context, game: (i64, u32), update: bool) -> Reply {
    let lang = ctx.langs.user;
    let mut r = ephemeral(ctx, tr!(lang, "pick-stale"));
    r.buttons.push(Button {
        label: tr!(lang, "button-move"),
        command: "/pick".into(),
        game: Some(game),
    });
    r.update = update;
    r
}

fn cut(mut s: String, max: usize) -> String {
    if s.chars().count() > max {
        s = s.chars().take(max - 1).collect();
        s.push('…');
    }
    s
}

pub(crate) fn bad_path(word: String) -> Msg {
    msg!("pick-bad-path", word)
}

pub(crate) fn hit(lang: Lang, game: &str, who: &str, square: String) -> String {
    tr!(lang, "pick-hit", game, who, square)
}

pub(crate) fn not_your_turn(who: String) -> Msg {
    msg!("pick-not-your-turn", who)
}
