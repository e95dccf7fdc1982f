//! The service's vocabulary, shared by every transport: who asks ([`Context`]), what
//! ([`Command`]), and what the bot answers ([`Reply`]). Transports only translate to and from
//! these types.

use crate::ai::Level;
use crate::competition::Format;
use crate::engine::GameKind;
use crate::i18n::Lang;
use crate::rating::views::Scope;
use serde::{Deserialize, Serialize};

/// A user as a transport knows them: a stable id (a Discord snowflake, or derived from the
/// name in the local channel) and a display name.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct UserRef {
    pub id: String,
    pub name: String,
}

/// A channel (or thread) that hosts at most one active game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ChannelRef {
    pub id: String,
    pub name: String,
    /// The server; `None` in direct messages and in the local channel.
    pub guild: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Context {
    pub user: UserRef,
    pub channel: ChannelRef,
    /// The author may manage the channel (Discord's Manage Channels), e.g. to abort others' games.
    pub can_manage: bool,
    /// The author's client language as Discord sends it (the interaction's `locale`: `fr`,
    /// `en-US`); `None` when the transport does not know it.
    #[serde(default)]
    pub locale: Option<String>,
    /// The server's language as Discord sends it (`guild_locale`, set for community servers).
    #[serde(default)]
    pub guild_locale: Option<String>,
    /// The languages of this request's answers: filled in by [`crate::table::Table::handle`]
    /// from the locales above and the users' and servers' settings; transports leave it be.
    #[serde(skip)]
    pub langs: Langs,
    /// A direct message with the bot (no server, no channel of players).
    #[serde(default)]
    pub is_dm: bool,
    /// The ids of the bot accounts among the users this request names (Discord marks them
    /// `bot` in the interaction's resolved users): no one can answer for them.
    #[serde(default)]
    pub bots: Vec<String>,
    /// Whom the command's answer is for, known before it runs (the service sets it: a Share
    /// button under an answer that can be shared, or a shared answer); transports leave it be.
    #[serde(skip)]
    pub audience: Audience,
}

/// Whom an answer that informs its asker is built for (issue 27): the reply constructors of
/// `present/` read it, so that a reply is built once, as its readers see it, and never edited.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Audience {
    /// The asker alone; `share` is the command of the Share button under the answer, when it
    /// can be posted for everyone.
    Asker { share: Option<String> },
    /// Posted in the channel for everyone by `by` (a display name), pinging nobody.
    Shared { by: String },
    /// Asked to be shared, but the same answer was posted in the channel at `at` (ms since
    /// the epoch): the asker alone reads it, with a note saying so.
    SharedAgain { at: i64 },
}

impl Default for Audience {
    fn default() -> Audience {
        Audience::Asker { share: None }
    }
}

/// Who reads what: an ephemeral answer or a direct message speaks the user's language, a
/// message to the channel (boards, pings, reminders, lobby) the channel's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Langs {
    pub user: Lang,
    pub channel: Lang,
}

/// What `/analyse` does with the asker's private analysis board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnalyseAction {
    /// A new board at the channel game's position after `from` actions (`None`: the last).
    Open {
        from: Option<u32>,
    },
    /// The board as it is.
    Show,
    /// Plays a move on the board for the side to move there.
    Try(String),
    Back,
    Forward,
    /// Back to the starting position, the moves tried forgotten.
    Reset,
    Close,
    /// A step of the move picker over the board's position (the words chosen so far).
    Pick(String),
}

/// Seat order chosen at `/start`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum SeatOrder {
    #[default]
    Random,
    Join,
}

/// `/vacation start|end`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VacationAction {
    Start,
    End,
}

/// `/conditional add LINE|list|clear` (issue 28).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConditionalAction {
    /// A line as typed: their move, the author's reply, and so on in turn.
    Add(String),
    List,
    Clear,
}

/// What `/tournament` is asked to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TournamentAction {
    Create,
    Join,
    Leave,
    Start,
    Standings,
    Withdraw,
    Cancel,
}

impl TournamentAction {
    pub const ALL: [TournamentAction; 7] = [
        TournamentAction::Create,
        TournamentAction::Join,
        TournamentAction::Leave,
        TournamentAction::Start,
        TournamentAction::Standings,
        TournamentAction::Withdraw,
        TournamentAction::Cancel,
    ];

    pub fn id(self) -> &'static str {
        match self {
            TournamentAction::Create => "create",
            TournamentAction::Join => "join",
            TournamentAction::Leave => "leave",
            TournamentAction::Start => "start",
            TournamentAction::Standings => "standings",
            TournamentAction::Withdraw => "withdraw",
            TournamentAction::Cancel => "cancel",
        }
    }

    pub fn parse(word: &str) -> Option<TournamentAction> {
        let w = word.trim().to_ascii_lowercase();
        TournamentAction::ALL.into_iter().find(|a| a.id() == w)
    }
}

/// `/tournament create`'s settings, read once by the parser.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TournamentSettings {
    pub game: Option<GameKind>,
    pub format: Option<Format>,
    pub rounds: Option<u32>,
    /// Players per game.
    pub players: Option<u8>,
    /// The games' options as given (`clock`, `timeout`, game options), name and value.
    pub options: Vec<(String, String)>,
}

/// One command of the service, as typed in a channel, its values read
/// (`commands::build`, from the declarations of `spec.rs`). Game verbs (`/turn`, `/spore`, ..)
/// arrive as [`Command::Play`] with the verb's move text (`VerbSpec::move_text`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    New {
        game: GameKind,
        players: Option<u8>,
        /// Remaining options as given (`clock`, `thread`, game options), name and value.
        options: Vec<(String, String)>,
    },
    Join,
    Leave,
    Start {
        order: Option<SeatOrder>,
    },
    Play {
        text: String,
    },
    /// `/pick [PATH]` and the Move button: the move picker at the step PATH leads to (the
    /// words chosen so far); a path starting `>` comes from the picker's own components.
    Pick {
        path: String,
    },
    /// `/analyse`: the asker's private analysis board; `inside` when the board's own
    /// components sent it (their answer replaces the board's message).
    Analyse {
        action: AnalyseAction,
        inside: bool,
    },
    Board,
    Moves,
    Resign,
    History {
        page: Option<u32>,
    },
    /// Take back one's last move (free until another player moved, else asks them).
    Undo,
    /// Offer a draw to the opponents.
    Draw,
    /// Accept the pending undo request or draw offer.
    Accept,
    /// Decline the pending offer (its author withdraws it).
    Decline,
    /// The channel's last game again, same players and options, seats rotated.
    Rematch,
    /// End a game before the first moves, without a result.
    Abort,
    /// The author's open games everywhere.
    MyGames,
    /// The game's record as a text file.
    Export,
    /// An animated GIF of the game.
    Replay,
    Rules {
        game: Option<GameKind>,
    },
    Help,
    /// After a soft timeout: claim the win (2 players) or vote the player out (3+).
    Claim,
    /// `/vacation [start|end]`; none shows the vacation bank.
    Vacation {
        action: Option<VacationAction>,
    },
    /// `/rating [user] [game]`: a player's ratings (the author's by default).
    Rating {
        user: Option<String>,
        game: Option<GameKind>,
    },
    /// `/leaderboard GAME [scope] [page]`: settled ratings, best first.
    Leaderboard {
        game: Option<GameKind>,
        scope: Option<Scope>,
        page: Option<u32>,
    },
    /// `/stats [user]`: results, pace, opponents and a chart of the ratings.
    Stats {
        user: Option<String>,
    },
    /// `/addbot [level]`: the host seats a computer player (issue 13).
    AddBot {
        level: Option<Level>,
    },
    /// `/hint`: the move the medium level would play, for the author only.
    Hint,
    /// `/challenge GAME [opponent] [players] [options..]` (issue 14).
    Challenge {
        game: GameKind,
        opponent: Option<String>,
        players: Option<u8>,
        options: Vec<(String, String)>,
    },
    /// `/accept challenge:N` or `/decline challenge:N`.
    AnswerChallenge {
        id: i64,
        accept: bool,
    },
    /// `/seek [game] [players] [clock] [rated]`; no game lists the queue.
    Seek {
        game: Option<GameKind>,
        players: Option<u8>,
        options: Vec<(String, String)>,
    },
    /// `/unseek`: leave the queue; a moderator names someone to take them out of it.
    Unseek {
        user: Option<String>,
    },
    /// `/tournament ACTION [options..]`.
    Tournament {
        action: TournamentAction,
        settings: TournamentSettings,
    },
    /// `/pause`: offer to stop the game's clocks (a moderator stops them alone).
    Pause,
    /// `/resume`: start the paused game's clocks again.
    Resume,
    /// `/settings` options as given (`reminders`, `digest`, `quiet`, `timezone`).
    Settings {
        options: Vec<(String, String)>,
    },
    /// `/conditional`: the author's conditional moves in the channel's game.
    Conditional {
        action: ConditionalAction,
    },
    /// An answer that informs only its asker (`/board`, `/history`, `/export`, `/replay`,
    /// `/rating`, `/leaderboard`, `/stats`), posted in the channel for everyone: the command
    /// with `share:true`, or the Share button under its private answer (issue 27).
    Shared(Box<Command>),
    /// `/follow [game:N]`: the game's boards by direct message (issue 28).
    Follow {
        game: Option<i64>,
    },
    /// `/unfollow [game:N]`.
    Unfollow {
        game: Option<i64>,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    pub ctx: Context,
    pub command: Command,
    /// Set when the request comes from a button on an earlier message: the game id and the
    /// number of moves played when that message was posted. A stale button gets a polite
    /// "this board is out of date" instead of acting.
    pub from_button: Option<(i64, u32)>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Visibility {
    /// Everyone in the channel sees it.
    Public,
    /// Only the author of the request sees it (errors, `/moves`).
    Ephemeral,
    /// A direct message to this user id.
    Direct(String),
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Image {
    /// File name for the attachment, `game-ID-ply-N.png` (N actions played).
    pub name: String,
    pub png: Vec<u8>,
    /// What the picture shows, in words, for screen readers (Discord's attachment
    /// `description`); empty for a file that is not a picture of a position.
    #[serde(default)]
    pub description: String,
}

/// A shortcut for a command; every button has a command that does the same (conventions §4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Button {
    pub label: String,
    /// The equivalent slash command as typed, e.g. `/join` or `/resign`.
    pub command: String,
    /// Game id and move count when posted, for stale-click detection.
    pub game: Option<(i64, u32)>,
}

impl Button {
    /// Whether a click must be confirmed before it acts (`/resign`: a stray click must be
    /// harmless). The local channel, where typing the command is its own confirmation, shows
    /// no such button.
    pub fn needs_confirmation(&self) -> bool {
        self.command.split_whitespace().next() == Some("/resign")
    }
}

/// A choice among options (Discord's string select menu). Like a button it is a shortcut for
/// a command: choosing the option whose value is `V` runs `command` followed by ` V` (the
/// move picker's `/pick move h3` with `h5` runs `/pick move h3 h5`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Menu {
    /// What the closed menu shows (`Choose a piece`).
    pub placeholder: String,
    pub command: String,
    pub options: Vec<MenuOption>,
    /// Game id and move count when posted, for stale-choice detection (as `Button::game`).
    pub game: Option<(i64, u32)>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MenuOption {
    pub label: String,
    /// The word appended to the menu's command; one word, no spaces.
    pub value: String,
    /// A second, dimmer line under the label (`4 moves`).
    pub description: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reply {
    pub channel: ChannelRef,
    pub visibility: Visibility,
    /// Plain text; a mention is written `<@USER_ID>` (Discord's own syntax, so the Discord
    /// layer sends it as is; the local channel prints `@name`).
    pub text: String,
    pub image: Option<Image>,
    pub buttons: Vec<Button>,
    /// User ids pinged by this message (only the player to move, normally).
    pub mentions: Vec<String>,
    /// Select menus, shown above the buttons.
    pub menus: Vec<Menu>,
    /// This answer to a component replaces the message the component was on (Discord's
    /// UPDATE_MESSAGE response) instead of adding a message: the move picker's steps.
    pub update: bool,
    /// The game's web page, for a public board (`pages::link_boards`): the transport shows
    /// it as a link button.
    pub link: Option<Link>,
}

/// A link to a web page, with its words in the reader's language.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Link {
    pub url: String,
    pub label: String,
}

impl Reply {
    /// Text alone (no image, buttons, pings nor menus), as a new message: the transports'
    /// own notes (a refusal, a message that could not go where it was meant to) are these.
    pub fn plain(channel: ChannelRef, visibility: Visibility, text: impl Into<String>) -> Reply {
        Reply {
            channel,
            visibility,
            text: text.into(),
            image: None,
            buttons: Vec::new(),
            mentions: Vec::new(),
            menus: Vec::new(),
            update: false,
            link: None,
        }
    }
}

/// Work a request leaves for the transport to start after it has answered, off the request's
/// time (a computer player's search takes up to its level's time cap): returned with the
/// replies rather than polled after every request.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FollowUps {
    /// A computer player is to move in this channel's game.
    pub bots_in: Option<String>,
    /// Games decided by challenges, seeks or tournaments may be waiting for their channels.
    pub openings: bool,
}
