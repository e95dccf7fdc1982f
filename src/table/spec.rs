//! Every command of the service, declared once: its name, its options with their types and
//! choices, and the lines of `/help` that present it. The parser (`commands.rs`), the Discord
//! registration (`discord/commands.rs`), [`super::Command::label`] and `/help` (`text.rs`)
//! read this table; game verbs come from the engine's `VerbSpec`s (`GameKind::verbs`).
//!
//! Texts live in `locales/*/`: `cmd-NAME` describes a command to Discord and `cmd-NAME.OPTION`
//! its options (`commands.ftl`); `help-…` are the lines of `/help` (`help.ftl`). Adding a
//! command is one entry here, its handler (`Command` and `dispatch`) and those messages.

/// One command of the service.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CommandSpec {
    pub name: &'static str,
    /// In declared order (conventions §4b): bare values fill them in this order.
    pub options: &'static [OptionSpec],
    /// The lines of `/help` that present the command (ids in `help.ftl`), each with its place
    /// in `/help`: a line may present several commands (`/join, /leave`) and is shown once.
    pub help: &'static [HelpLine],
}

/// A line of `/help`: its section, its place in it (lines are shown in this order) and its
/// message id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct HelpLine(pub Section, pub u8, pub &'static str);

/// A line of `/help`'s first section (playing), at its place there.
pub(crate) const fn play(at: u8, id: &'static str) -> HelpLine {
    HelpLine(Section::Play, at, id)
}

/// A line of `/help`'s section on play over days and weeks.
pub(crate) const fn correspondence(at: u8, id: &'static str) -> HelpLine {
    HelpLine(Section::Correspondence, at, id)
}

/// A line of `/help`'s section on ratings and competition.
pub(crate) const fn compete(at: u8, id: &'static str) -> HelpLine {
    HelpLine(Section::Compete, at, id)
}

/// `/help` answers one message a section (a chat message holds 2,000 characters), the
/// sections after the first under a heading.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Section {
    /// Playing a game, with the channel's game's verbs (or the games) after it.
    Play,
    /// Play over days and weeks: clocks, reminders, notices, pauses, conditional moves.
    Correspondence,
    /// Ratings and competition.
    Compete,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    pub name: &'static str,
    pub ty: OptionType,
    pub required: bool,
    /// The command whose `cmd-COMMAND.OPTION` describes it: its own, or another's when they
    /// share the words (`/seek`'s `clock` is `/new`'s).
    pub described_in: Option<&'static str>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionType {
    Text,
    /// A move as free text, offered the author's legal moves while typed.
    Move,
    Integer {
        min: i64,
        max: i64,
    },
    Bool,
    /// A few canonical words.
    Choice(&'static [&'static str]),
    /// One of the games (`GameKind::ALL`).
    Game,
    /// A number of players: from the fewest any game takes to the most.
    Players,
    /// A seat number, from 1 to the most players any game takes.
    Seat,
    /// A member of the server; reaches the service as a mention, `<@ID>`.
    User,
    /// A language of `locales/`, or `auto`.
    Language,
    /// Every game's own options (the engine's `OptionSpec`s), merged by name; written
    /// `name:value`. Where Discord cannot take them all, one free-text option of this name.
    GameOptions,
}

impl OptionSpec {
    const fn new(name: &'static str, ty: OptionType) -> OptionSpec {
        OptionSpec {
            name,
            ty,
            required: false,
            described_in: None,
        }
    }
    pub(crate) const fn required(mut self) -> OptionSpec {
        self.required = true;
        self
    }
    pub(crate) const fn words_of(mut self, command: &'static str) -> OptionSpec {
        self.described_in = Some(command);
        self
    }
}

use OptionType::*;

pub(crate) const fn opt(name: &'static str, ty: OptionType) -> OptionSpec {
    OptionSpec::new(name, ty)
}

pub const CLOCKS: &[&str] = &["casual", "standard", "fast", "untimed"];
pub const TIMEOUTS: &[&str] = &["soft", "hard"];
pub const ORDERS: &[&str] = &["random", "join"];
pub const LEVELS: &[&str] = &["easy", "medium", "hard"];
pub const SCOPES: &[&str] = &["server", "global"];
pub const FORMATS: &[&str] = &["round-robin", "swiss", "knockout"];
pub const TOURNAMENT_ACTIONS: &[&str] = &[
    "create",
    "join",
    "leave",
    "start",
    "standings",
    "withdraw",
    "cancel",
];
pub const VACATION_ACTIONS: &[&str] = &["start", "end"];
pub const ANALYSE_STEPS: &[&str] = &["back", "forward", "reset", "close"];
pub const CONDITIONAL_ACTIONS: &[&str] = &["add", "list", "clear"];
pub(crate) const ON_OFF: &[&str] = &["on", "off"];

pub(crate) const NEW: &[OptionSpec] = &[
    opt("game", Game).required(),
    opt("players", Players),
    opt("clock", Choice(CLOCKS)),
    opt("timeout", Choice(TIMEOUTS)),
    opt("thread", Bool),
    opt("rated", Bool),
    opt("hints", Bool),
    opt("options", GameOptions),
];

/// `/new`'s game, count and options, then whom; and `seat`, the option of Sprawl's
/// counting-coup verb `/challenge` (rule R17), which the command is read as in a Sprawl
/// channel.
pub(crate) const CHALLENGE: &[OptionSpec] = &[
    opt("game", Game),
    opt("opponent", User),
    opt("seat", Seat),
    opt("players", Players).words_of("new"),
    opt("clock", Choice(CLOCKS)).words_of("new"),
    opt("timeout", Choice(TIMEOUTS)).words_of("new"),
    opt("rated", Bool).words_of("new"),
    opt("options", GameOptions).words_of("new"),
];

/// `/seek` alone lists the queue: nothing is required.
pub(crate) const SEEK: &[OptionSpec] = &[
    opt("game", Game).words_of("new"),
    opt("players", Players).words_of("new"),
    opt("clock", Choice(CLOCKS)).words_of("new"),
    opt("timeout", Choice(TIMEOUTS)).words_of("new"),
    opt("rated", Bool).words_of("new"),
];

pub(crate) const TOURNAMENT: &[OptionSpec] = &[
    opt("action", Choice(TOURNAMENT_ACTIONS)).required(),
    opt("game", Game),
    opt("format", Choice(FORMATS)),
    opt("rounds", Integer { min: 1, max: 50 }),
    opt("clock", Choice(CLOCKS)).words_of("new"),
    opt("players", Players),
];

pub(crate) const SETTINGS: &[OptionSpec] = &[
    opt("reminders", Choice(ON_OFF)),
    opt("digest", Choice(ON_OFF)),
    opt("quiet", Text),
    opt("timezone", Text),
    opt("language", Language),
    opt("server-language", Language),
    opt("channel-language", Language),
    opt("seeks", Choice(&["here", "off"])),
    opt("theme", Choice(THEMES)),
    opt("server-theme", Choice(THEMES)),
    opt("notify", Choice(&["channel", "dm", "both"])),
];

pub(crate) const THEMES: &[&str] = &["dark", "light", "auto"];

pub(crate) const PAGE: OptionSpec = opt("page", Integer { min: 1, max: 1000 });
/// Posts an answer that informs its asker in the channel instead (issue 27).
pub(crate) const SHARE: OptionSpec = opt("share", Bool);
pub(crate) const CHALLENGE_NUMBER: OptionSpec = opt(
    "challenge",
    Integer {
        min: 1,
        max: i32::MAX as i64,
    },
);

pub(crate) const fn cmd(
    name: &'static str,
    options: &'static [OptionSpec],
    help: &'static [HelpLine],
) -> CommandSpec {
    CommandSpec {
        name,
        options,
        help,
    }
}

/// `/follow` and `/unfollow`: the channel's game, or this one.
pub(crate) const FOLLOW: &[OptionSpec] = &[opt(
    "game",
    Integer {
        min: 1,
        max: i32::MAX as i64,
    },
)
.words_of("follow")];

impl CommandSpec {
    /// The options' names in declared order.
    pub fn option_names(&self) -> Vec<&'static str> {
        self.options.iter().map(|o| o.name).collect()
    }

    /// `cmd-NAME`, which describes the command.
    pub fn description_id(&self) -> String {
        format!("cmd-{}", self.name)
    }

    /// `cmd-COMMAND.OPTION`, which describes an option.
    pub fn option_description_id(&self, option: &OptionSpec) -> String {
        format!(
            "cmd-{}.{}",
            option.described_in.unwrap_or(self.name),
            option.name
        )
    }
}

/// The lines of `/help` of a section, each once, in their order, from every command's
/// declaration.
pub fn help_lines<'a>(
    commands: impl IntoIterator<Item = &'a CommandSpec>,
    section: Section,
) -> Vec<&'static str> {
    let mut lines: Vec<HelpLine> = commands
        .into_iter()
        .flat_map(|c| c.help.iter().copied())
        .filter(|l| l.0 == section)
        .collect();
    lines.sort();
    lines.dedup();
    lines.into_iter().map(|l| l.2).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;
    use crate::competition::Format;
    use crate::rating::views::Scope;
    use crate::table::api::TournamentAction;
    use crate::table::policy::{ClockKind, Timeout};

    fn ids<T>(
        all: impl IntoIterator<Item = T>,
        id: impl Fn(T) -> &'static str,
    ) -> Vec<&'static str> {
        all.into_iter().map(id).collect()
    }

    #[test]
    fn choices_are_the_words_the_parsers_read() {
        assert_eq!(CLOCKS, ids(ClockKind::ALL, ClockKind::id));
        assert_eq!(TIMEOUTS, ids([Timeout::Soft, Timeout::Hard], Timeout::id));
        assert_eq!(LEVELS, ids(Level::OFFERED, Level::id));
        assert_eq!(FORMATS, ids(Format::ALL, Format::id));
        assert_eq!(
            TOURNAMENT_ACTIONS,
            ids(TournamentAction::ALL, TournamentAction::id)
        );
        assert_eq!(
            SCOPES
                .iter()
                .map(|s| Scope::parse(Some(s)))
                .collect::<Vec<_>>(),
            [Ok(Scope::Server), Ok(Scope::Global)]
        );
    }
}
