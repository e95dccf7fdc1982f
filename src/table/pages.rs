//! What a game's web page shows (issue 44), read for the `web` transport: free functions over
//! [`Table`], reading the store only (never the cache of open games), so that every process
//! sharing one PostgreSQL database serves every game's page, live.
//!
//! A page is reached by the game's token ([`token_for`], drawn from the operating system when
//! the game is first linked); an unknown token finds nothing. What a page holds is what the
//! channel already showed: display names (never user ids), the public boards, the moves and
//! what they did in the channel's words, and the `/export` record, which carries the seed only
//! once the game is over (conventions §5).

use crate::calendar::utc;
use crate::engine::{AnyGame, Seat};
use crate::fnv::Fnv;
use crate::i18n::{say, Lang};
use crate::render::{self, Theme};
use crate::store::{ActionRow, Status};
use crate::table::api::{Link, Reply, Visibility};
use crate::table::languages_of;
use crate::table::live::Live;
use crate::table::log::effective;
use crate::table::present::board::outcome_line;
use crate::table::present::happened;
use crate::table::record::Record;
use crate::table::Table;
use crate::tr;

/// Random bytes in a token: 128 bits, as base-32 text of 26 letters and digits.
const TOKEN_BYTES: usize = 16;
const ALPHABET: &[u8; 32] = b"abcdefghijklmnopqrstuvwxyz234567";

/// One game's page, in the channel's language.
#[derive(Clone, Debug)]
pub struct PageData {
    pub token: String,
    /// The store's id of the game (it is in every Discord board's text too).
    pub game: i64,
    /// `Pikemen game 12`.
    pub title: String,
    pub lang: Lang,
    /// The game's version: what the live stream compares.
    pub version: u32,
    /// Running (not finished nor aborted).
    pub running: bool,
    pub players: Vec<PagePlayer>,
    /// Entry 0 is the set-up; entry N the position after the N-th action that counts.
    pub plies: Vec<PagePly>,
    /// The outcome, or that the game was aborted.
    pub result: Option<String>,
    /// Whose turn it is, in words (`Orange (alice) to move.`).
    pub to_move: Option<String>,
    /// Whose clock runs and until when (UTC), or how much is left while it is frozen.
    pub clock: Option<String>,
    /// The words around the board (buttons, headings), in `lang`.
    pub words: Words,
}

/// A seat of the game.
#[derive(Clone, Debug)]
pub struct PagePlayer {
    pub seat: Seat,
    /// Display name (never the user's id).
    pub name: String,
    /// The seat's colour word (`Orange`).
    pub label: String,
    /// The colour of the seat's pieces as CSS (`#e69f00`), where seats have one.
    pub colour: Option<String>,
    pub score: i64,
    pub winner: bool,
}

/// A position of the game and the action that led to it.
#[derive(Clone, Debug)]
pub struct PagePly {
    /// `12. alice (Orange): move h3 h5 ne`; the set-up's own words for entry 0.
    pub line: String,
    /// What the action did, one sentence each (captures, towers taken, players out).
    pub said: Vec<String>,
    /// Battle Zone: the roll of the turn this action opened (`2 1 2`).
    pub roll: Option<String>,
    /// Names the position's picture: the same only for the same position, names and language
    /// (an undo followed by another move gives the ply a new key), so pictures can be cached
    /// for ever.
    pub key: String,
}

/// The page's own words, in the channel's language.
#[derive(Clone, Debug)]
pub struct Words {
    pub first: String,
    pub back: String,
    pub forward: String,
    pub last: String,
    pub moves: String,
    pub record: String,
    pub live: String,
    pub position: String,
}

/// The game's page token, drawn and stored on first use; `None` when the store fails (logged).
pub fn token_for(table: &Table, game: i64) -> Option<String> {
    let fresh = fresh_token()?;
    crate::table::logged("a page token", table.svc.store().page_token(game, &fresh))
}

/// The address of `game`'s page under `base` (`https://plateau.example`).
pub fn link(table: &Table, game: i64, base: &str) -> Option<String> {
    let token = token_for(table, game)?;
    Some(format!("{}/g/{token}", base.trim_end_matches('/')))
}

/// Gives every public board among `replies` its page's address under `base` (the
/// transport shows it as a link button). A board is a public reply with its picture named
/// `game-ID-ply-N.png` (`present/board.rs`).
pub fn link_boards(table: &Table, replies: &mut [Reply], base: &str) {
    for r in replies.iter_mut() {
        if r.visibility != Visibility::Public || r.link.is_some() {
            continue;
        }
        let Some(game) = r.image.as_ref().and_then(|i| board_game(&i.name)) else {
            continue;
        };
        let lang = languages_of::channel_lang(&table.svc, &r.channel);
        r.link = link(table, game, base).map(|url| Link {
            url,
            label: tr!(lang, "button-page"),
        });
    }
}

/// `/mygames`' links (issue 44): a line per running game of `user`, `Pikemen game 12:
/// https://...`, under a heading; `None` when they play no running game.
pub fn my_pages(table: &Table, user: &str, lang: Lang, base: &str) -> Option<String> {
    let rows = crate::table::logged("a user's games", table.svc.store().user_games(user))?;
    let lines: Vec<String> = rows
        .iter()
        .filter(|g| g.game.status == Status::Active)
        .filter_map(|g| {
            let url = link(table, g.game.id, base)?;
            let title = tr!(
                lang,
                "web-title",
                game = g.game.kind.title(),
                id = g.game.id
            );
            Some(format!("{title}: {url}"))
        })
        .collect();
    (!lines.is_empty()).then(|| format!("{}\n{}", tr!(lang, "web-mygames"), lines.join("\n")))
}

/// The game id in a board picture's name, `game-12-ply-3.png`.
fn board_game(name: &str) -> Option<i64> {
    let rest = name.strip_prefix("game-")?.strip_suffix(".png")?;
    let (id, ply) = rest.split_once("-ply-")?;
    ply.parse::<u32>().ok()?;
    id.parse().ok()
}

/// The game a token names, if its page can be shown (a started game).
pub fn game_of(table: &Table, token: &str) -> Option<i64> {
    if !plausible(token) {
        return None;
    }
    crate::table::logged("a page token", table.svc.store().game_of_page(token)).flatten()
}

/// The game's version (count of actions): one cheap read, for the live stream's polling.
pub fn version(table: &Table, game: i64) -> Option<u32> {
    crate::table::logged("a game's version", table.svc.store().game_ply(game)).flatten()
}

/// A loaded game with every position.
struct Loaded {
    live: Live,
    actions: Vec<ActionRow>,
    positions: Vec<AnyGame>,
    version: u32,
    lang: Lang,
}

fn load(table: &Table, token: &str) -> Option<Loaded> {
    let game = game_of(table, token)?;
    let (live, actions, row) = {
        let store = table.svc.store();
        let row = crate::table::logged("a page's game", store.game(game)).flatten()?;
        let live = live_of(&store, &row)?;
        let actions = crate::table::logged("a page's moves", store.actions(game))?;
        (live, actions, row)
    };
    live.game.as_ref()?;
    // The record's replay, with the game's seed (it never leaves this function): the
    // positions the channel's boards showed.
    let positions = match Record::of(&live, &actions, &row).positions() {
        Ok(p) => p,
        Err(e) => {
            tracing::error!(game, "a page's positions: {e}");
            return None;
        }
    };
    let lang = table.channel_lang(&live.channel);
    Some(Loaded {
        live,
        actions,
        positions,
        version: row.ply,
        lang,
    })
}

/// The page of the game `token` names; `None` for an unknown token or a game not started.
pub fn game_page(table: &Table, token: &str) -> Option<PageData> {
    let l = load(table, token)?;
    let (live, lang) = (&l.live, l.lang);
    let now = l.positions.last()?;
    let kept = effective(&l.actions);
    let keys = keys(&l, &kept);
    let mut plies = Vec::with_capacity(l.positions.len());
    plies.push(PagePly {
        line: tr!(lang, "web-setup"),
        said: Vec::new(),
        // The first turn's roll is shown with its first action, as every turn's is.
        roll: None,
        key: keys[0].clone(),
    });
    for (i, a) in kept.iter().enumerate() {
        let (before, after) = (&l.positions[i], &l.positions[i + 1]);
        let who = a
            .seat
            .map(|s| live.who(lang, after, s))
            .unwrap_or_else(|| tr!(lang, "history-the-table"));
        let what = match a.kind {
            crate::table::log::ActionKind::Move => a.text.clone(),
            crate::table::log::ActionKind::Draw => tr!(lang, "outcome-draw-agreed"),
            crate::table::log::ActionKind::Resign if a.text == "timeout" => {
                tr!(lang, "history-timeout")
            }
            other => tr!(lang, "history-action", kind = other.as_str()),
        };
        let events = crate::engine::events::between(before, after);
        // A Battle Zone turn's roll is shown at its first action.
        let opens_turn = i == 0 || before.to_move() != l.positions[i - 1].to_move();
        plies.push(PagePly {
            line: tr!(lang, "history-line", ply = i + 1, who, what),
            said: happened::sentences(lang, live, after, &events),
            roll: if opens_turn { roll(before) } else { None },
            key: keys[i + 1].clone(),
        });
    }
    let winners = now.outcome().map(|o| o.winners.clone()).unwrap_or_default();
    let scores = now.scores();
    let players = (1..=now.players())
        .map(|seat| {
            let colour = render::seat_swatch(live.kind, seat).map(|c| {
                let [r, g, b, _] = c.0;
                format!("#{r:02x}{g:02x}{b:02x}")
            });
            PagePlayer {
                seat,
                name: live
                    .at_seat(seat)
                    .map(|s| s.name.clone())
                    .unwrap_or_default(),
                label: say(lang, &now.seat_label(seat)),
                colour,
                score: scores.get(seat as usize - 1).copied().unwrap_or(0),
                winner: winners.contains(&seat),
            }
        })
        .collect();
    let result = match (now.outcome(), live.status) {
        (Some(o), _) => Some(outcome_line(lang, live, now, o)),
        (None, Status::Aborted) => Some(tr!(lang, "history-aborted")),
        _ => None,
    };
    let running = live.status == Status::Active && now.outcome().is_none();
    let timed = live.settings.clock != crate::store::ClockKind::Untimed;
    let clock = if running && timed {
        clock_words(table, lang, live, now)
    } else {
        None
    };
    Some(PageData {
        token: token.to_string(),
        game: live.id,
        title: tr!(lang, "web-title", game = live.kind.title(), id = live.id),
        lang,
        version: l.version,
        running,
        players,
        to_move: if running {
            to_move(lang, live, now)
        } else {
            None
        },
        plies,
        result,
        clock,
        words: words(lang),
    })
}

/// The picture of position `index` in `theme`, if `key` is still that position's key.
pub fn picture(
    table: &Table,
    token: &str,
    index: usize,
    key: &str,
    theme: Theme,
) -> Option<Vec<u8>> {
    let l = load(table, token)?;
    let kept = effective(&l.actions);
    if keys(&l, &kept).get(index).map(String::as_str) != Some(key) {
        return None;
    }
    let view = render::View {
        names: l.live.names_by_seat(),
        lang: l.lang,
        theme,
        side: None,
    };
    Some(render::png(l.positions.get(index)?, &view))
}

/// The game's record as `/export` writes it (the file's name, its text): without the seed
/// while the game runs.
pub fn record(table: &Table, token: &str) -> Option<(String, String)> {
    let game = game_of(table, token)?;
    let store = table.svc.store();
    let row = crate::table::logged("a page's game", store.game(game)).flatten()?;
    let live = live_of(&store, &row)?;
    live.game.as_ref()?;
    let actions = crate::table::logged("a page's moves", store.actions(game))?;
    let record = Record::of(&live, &actions, &row);
    let name = format!("{}-game-{}.txt", live.kind.id(), live.id);
    Some((name, record.to_text()))
}

fn live_of(store: &crate::store::Store, row: &crate::store::GameRow) -> Option<Live> {
    Live::load(store, row)
        .map_err(|e| tracing::error!(game = row.id, "a page's game: {e}"))
        .ok()
}

/// Each position's picture key: a hash of the language, the names and the actions up to it.
fn keys(l: &Loaded, kept: &[&ActionRow]) -> Vec<String> {
    let mut h = Fnv::new();
    h.eat(l.lang.code().as_bytes());
    for n in l.live.names_by_seat() {
        h.eat(n.as_bytes());
    }
    let mut out = vec![format!("{:016x}", h.0)];
    for a in kept {
        h.eat(a.kind.as_str().as_bytes())
            .eat(a.text.as_bytes())
            .eat(&[a.seat.unwrap_or(0)]);
        out.push(format!("{:016x}", h.0));
    }
    out
}

/// Battle Zone's roll in `game`, as its dice read (`2 1 2`); `None` for other games.
fn roll(game: &AnyGame) -> Option<String> {
    if game.kind() != crate::engine::GameKind::Battlezone {
        return None;
    }
    let state = game.state_json();
    let dice = state.get("dice")?.as_array()?;
    let dice: Vec<String> = dice.iter().map(|d| d.to_string()).collect();
    Some(dice.join(" "))
}

fn to_move(lang: Lang, live: &Live, game: &AnyGame) -> Option<String> {
    let seat = game.to_move()?;
    Some(tr!(
        lang,
        "play-to-move",
        who = live.who_by_seat(lang, game, seat)
    ))
}

/// Whose clock runs until when, from the stored turn.
fn clock_words(table: &Table, lang: Lang, live: &Live, game: &AnyGame) -> Option<String> {
    let turn = crate::table::logged("a page's clock", table.svc.store().turn(live.id)).flatten()?;
    let who = live.who_by_seat(lang, game, turn.seat);
    Some(match turn.deadline_ms {
        Some(d) => tr!(lang, "web-clock-until", who, until = utc(d)),
        None => tr!(
            lang,
            "web-clock-frozen",
            who,
            left = crate::i18n::span(lang, turn.left_ms)
        ),
    })
}

fn words(lang: Lang) -> Words {
    Words {
        first: tr!(lang, "web-first"),
        back: tr!(lang, "web-back"),
        forward: tr!(lang, "web-forward"),
        last: tr!(lang, "web-last"),
        moves: tr!(lang, "web-moves"),
        record: tr!(lang, "web-record"),
        live: tr!(lang, "web-live"),
        position: tr!(lang, "web-position"),
    }
}

/// A new token from the operating system's generator; `None` (logged) if it fails.
fn fresh_token() -> Option<String> {
    let mut bytes = [0u8; TOKEN_BYTES];
    if let Err(e) = getrandom::fill(&mut bytes) {
        tracing::error!("no random bytes for a page token: {e}");
        return None;
    }
    // Base 32, five bits a letter: 26 letters for 128 bits.
    let mut out = String::with_capacity(26);
    let (mut acc, mut bits) = (0u32, 0u32);
    for b in bytes {
        acc = (acc << 8) | u32::from(b);
        bits += 8;
        while bits >= 5 {
            bits -= 5;
            out.push(ALPHABET[((acc >> bits) & 31) as usize] as char);
        }
    }
    if bits > 0 {
        out.push(ALPHABET[((acc << (5 - bits)) & 31) as usize] as char);
    }
    Some(out)
}

/// Whether `token` has a token's shape: anything else is refused before the store is asked.
pub fn plausible(token: &str) -> bool {
    token.len() == 26 && token.bytes().all(|b| ALPHABET.contains(&b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_random_and_plausible() {
        let a = fresh_token().unwrap();
        let b = fresh_token().unwrap();
        assert_ne!(a, b);
        assert!(plausible(&a), "{a}");
        assert!(!plausible("1"));
        assert!(!plausible(&a.to_uppercase()));
    }

    #[test]
    fn boards_are_known_by_their_picture() {
        assert_eq!(board_game("game-12-ply-3.png"), Some(12));
        assert_eq!(board_game("game-12-ply-3-side-1.png"), None);
        assert_eq!(board_game("standings.png"), None);
    }
}
