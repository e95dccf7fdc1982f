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
    const fn required(mut self) -> OptionSpec {
        self.required = true;
        self
    }
    const fn words_of(mut self, command: &'static str) -> OptionSpec {
        self.described_in = Some(command);
        self
    }
}

use OptionType::*;
use Section::{Compete, Correspondence, Play};

const fn opt(name: &'static str, ty: OptionType) -> OptionSpec {
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
const ON_OFF: &[&str] = &["on", "off"];

const NEW: &[OptionSpec] = &[
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
const CHALLENGE: &[OptionSpec] = &[
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
const SEEK: &[OptionSpec] = &[
    opt("game", Game).words_of("new"),
    opt("players", Players).words_of("new"),
    opt("clock", Choice(CLOCKS)).words_of("new"),
    opt("timeout", Choice(TIMEOUTS)).words_of("new"),
    opt("rated", Bool).words_of("new"),
];

const TOURNAMENT: &[OptionSpec] = &[
    opt("action", Choice(TOURNAMENT_ACTIONS)).required(),
    opt("game", Game),
    opt("format", Choice(FORMATS)),
    opt("rounds", Integer { min: 1, max: 50 }),
    opt("clock", Choice(CLOCKS)).words_of("new"),
    opt("players", Players),
];

const SETTINGS: &[OptionSpec] = &[
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

const THEMES: &[&str] = &["dark", "light", "auto"];

const PAGE: OptionSpec = opt("page", Integer { min: 1, max: 1000 });
/// Posts an answer that informs its asker in the channel instead (issue 27).
const SHARE: OptionSpec = opt("share", Bool);
const CHALLENGE_NUMBER: OptionSpec = opt(
    "challenge",
    Integer {
        min: 1,
        max: i32::MAX as i64,
    },
);

const fn cmd(
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

/// The service's commands, in the order Discord registers them and an unknown command's
/// answer lists them.
pub const COMMANDS: &[CommandSpec] = &[
    cmd(
        "new",
        NEW,
        &[
            HelpLine(Play, 1, "help-new"),
            HelpLine(Correspondence, 11, "help-clock"),
        ],
    ),
    cmd("join", &[], &[HelpLine(Play, 2, "help-join")]),
    cmd("leave", &[], &[HelpLine(Play, 2, "help-join")]),
    cmd(
        "start",
        &[opt("order", Choice(ORDERS))],
        &[HelpLine(Play, 3, "help-start")],
    ),
    cmd(
        "play",
        &[opt("move", Move).required()],
        &[HelpLine(Play, 4, "help-play")],
    ),
    cmd(
        "pick",
        &[opt("move", Move)],
        &[HelpLine(Play, 4, "help-play")],
    ),
    cmd("board", &[SHARE], &[HelpLine(Play, 9, "help-board")]),
    cmd(
        "analyse",
        &[
            opt(
                "move",
                Integer {
                    min: 0,
                    max: 100_000,
                },
            ),
            opt("try", Text),
            opt("step", Choice(ANALYSE_STEPS)),
        ],
        &[HelpLine(Play, 16, "help-analyse")],
    ),
    cmd("moves", &[], &[HelpLine(Play, 4, "help-play")]),
    cmd("resign", &[], &[HelpLine(Play, 10, "help-resign")]),
    cmd(
        "history",
        &[PAGE, SHARE],
        &[HelpLine(Play, 9, "help-board")],
    ),
    cmd("undo", &[], &[HelpLine(Play, 5, "help-undo")]),
    cmd("draw", &[], &[HelpLine(Play, 6, "help-draw")]),
    cmd(
        "accept",
        &[CHALLENGE_NUMBER],
        &[
            HelpLine(Play, 6, "help-draw"),
            HelpLine(Compete, 2, "help-challenge"),
        ],
    ),
    cmd(
        "decline",
        &[CHALLENGE_NUMBER],
        &[
            HelpLine(Play, 6, "help-draw"),
            HelpLine(Compete, 2, "help-challenge"),
        ],
    ),
    cmd("rematch", &[], &[HelpLine(Play, 7, "help-abort")]),
    cmd("abort", &[], &[HelpLine(Play, 7, "help-abort")]),
    cmd("mygames", &[], &[HelpLine(Play, 8, "help-mygames")]),
    cmd("export", &[SHARE], &[HelpLine(Play, 8, "help-mygames")]),
    cmd("replay", &[SHARE], &[HelpLine(Play, 8, "help-mygames")]),
    cmd(
        "rules",
        &[opt("game", Game)],
        &[HelpLine(Play, 10, "help-resign")],
    ),
    cmd("help", &[], &[HelpLine(Play, 10, "help-resign")]),
    cmd("claim", &[], &[HelpLine(Correspondence, 12, "help-claim")]),
    cmd(
        "vacation",
        &[opt("action", Choice(VACATION_ACTIONS))],
        &[HelpLine(Correspondence, 13, "help-vacation")],
    ),
    cmd(
        "rating",
        &[opt("user", User), opt("game", Game), SHARE],
        &[HelpLine(Compete, 1, "help-rating")],
    ),
    cmd(
        "leaderboard",
        &[
            opt("game", Game).required(),
            opt("scope", Choice(SCOPES)),
            PAGE,
            SHARE,
        ],
        &[HelpLine(Compete, 1, "help-rating")],
    ),
    cmd(
        "stats",
        &[opt("user", User), SHARE],
        &[HelpLine(Compete, 1, "help-rating")],
    ),
    cmd(
        "addbot",
        &[opt("level", Choice(LEVELS))],
        &[HelpLine(Play, 14, "help-addbot")],
    ),
    cmd("hint", &[], &[HelpLine(Play, 14, "help-addbot")]),
    cmd(
        "challenge",
        CHALLENGE,
        &[HelpLine(Compete, 2, "help-challenge")],
    ),
    cmd("seek", SEEK, &[HelpLine(Compete, 3, "help-seek")]),
    cmd(
        "unseek",
        &[opt("user", User)],
        &[HelpLine(Compete, 3, "help-seek")],
    ),
    cmd(
        "tournament",
        TOURNAMENT,
        &[HelpLine(Compete, 4, "help-tournament")],
    ),
    cmd(
        "settings",
        SETTINGS,
        &[HelpLine(Correspondence, 15, "help-settings")],
    ),
    cmd(
        "follow",
        FOLLOW,
        &[HelpLine(Correspondence, 17, "help-follow")],
    ),
    cmd(
        "unfollow",
        FOLLOW,
        &[HelpLine(Correspondence, 17, "help-follow")],
    ),
    cmd("pause", &[], &[HelpLine(Correspondence, 20, "help-pause")]),
    cmd("resume", &[], &[HelpLine(Correspondence, 20, "help-pause")]),
    cmd(
        "conditional",
        &[
            opt("action", Choice(CONDITIONAL_ACTIONS)),
            opt("line", Text),
        ],
        &[HelpLine(Correspondence, 18, "help-conditional")],
    ),
];

/// `/follow` and `/unfollow`: the channel's game, or this one.
const FOLLOW: &[OptionSpec] = &[opt(
    "game",
    Integer {
        min: 1,
        max: i32::MAX as i64,
    },
)
.words_of("follow")];

/// The service's command of this name.
pub fn find(name: &str) -> Option<&'static CommandSpec> {
    COMMANDS.iter().find(|c| c.name == name)
}

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

/// The lines of `/help` (message ids) of a section, in their order, each once.
pub fn help_lines(section: Section) -> Vec<&'static str> {
    let mut lines: Vec<HelpLine> = COMMANDS
        .iter()
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

    #[test]
    fn names_are_unique_and_options_fit_discord() {
        for (i, c) in COMMANDS.iter().enumerate() {
            assert!(
                COMMANDS[..i].iter().all(|d| d.name != c.name),
                "/{} twice",
                c.name
            );
            let names = c.option_names();
            for (j, n) in names.iter().enumerate() {
                assert!(!names[..j].contains(n), "/{} {n} twice", c.name);
            }
            // Discord wants required options first.
            let first_optional = c.options.iter().position(|o| !o.required);
            if let Some(at) = first_optional {
                assert!(
                    c.options[at..].iter().all(|o| !o.required),
                    "/{}: a required option after an optional one",
                    c.name
                );
            }
            assert!(!c.help.is_empty(), "/{} has no line in /help", c.name);
        }
    }

    #[test]
    fn a_help_line_has_one_place() {
        let all: Vec<HelpLine> = COMMANDS
            .iter()
            .flat_map(|c| c.help.iter().copied())
            .collect();
        for a in &all {
            for b in &all {
                assert!(a.2 != b.2 || a == b, "{a:?} and {b:?}");
                assert!(a.2 == b.2 || (a.0, a.1) != (b.0, b.1), "{a:?} and {b:?}");
            }
        }
    }

    #[test]
    fn every_text_the_table_names_exists() {
        for c in COMMANDS {
            assert!(
                crate::i18n::exists(&c.description_id()),
                "{}",
                c.description_id()
            );
            for o in c.options.iter().filter(|o| o.ty != OptionType::GameOptions) {
                let id = c.option_description_id(o);
                assert!(crate::i18n::exists(&id), "{id}");
            }
            for l in c.help {
                assert!(crate::i18n::exists(l.2), "{}", l.2);
            }
        }
    }

    /// Sprawl's counting-coup `/challenge` is read as that verb in a Sprawl channel: the
    /// command's options must offer the verb's.
    #[test]
    fn challenge_offers_the_verb_it_stands_for() {
        let challenge = find("challenge").unwrap().option_names();
        for kind in crate::engine::GameKind::ALL {
            for verb in kind.verbs().iter().filter(|v| find(v.name).is_some()) {
                for p in verb.params {
                    assert!(
                        find(verb.name).unwrap().option_names().contains(&p.name),
                        "/{} lacks {}'s option {}",
                        verb.name,
                        kind.title(),
                        p.name
                    );
                }
            }
        }
        assert!(challenge.contains(&"seat"));
    }
}
