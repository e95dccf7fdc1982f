//! The slash commands, as data built at run time: the service's commands (conventions §4b)
//! and every game's verbs, merged by name from the engine's [`VerbSpec`] tables, so that a verb
//! appears in Discord as soon as a game declares it; and their registrations.

use crate::engine::{GameKind, Msg, OptionKind, ParamKind, VerbSpec};
use crate::i18n::{say, Lang};
use crate::msg;
use crate::table::commands::SERVICE_COMMANDS;
use serenity::all::{CommandOptionType, CreateCommand, CreateCommandOption};

/// Discord's limits on a registration (it rejects the whole batch beyond them).
pub const MAX_DESCRIPTION: usize = 100;
pub const MAX_OPTIONS: usize = 25;
pub const MAX_CHOICES: usize = 25;

/// Every language but English (the registration's default) with the Discord locales its
/// users have (`language-discord-locales` in each `locales/<lang>/language.ftl`).
fn other_languages() -> Vec<(String, Lang)> {
    Lang::all()
        .filter(|&l| l != Lang::EN)
        .flat_map(|l| l.discord_locales().into_iter().map(move |loc| (loc, l)))
        .collect()
}

/// A description in every other language, clipped to Discord's limit.
fn localized(message: &Msg) -> Vec<(String, String)> {
    other_languages()
        .into_iter()
        .map(|(loc, l)| (loc, clip(&say(l, message))))
        .collect()
}

/// A command's, option's or choice's name in every other language where it differs
/// (`slash-name`, and `slash-choice` for a choice of the option `choice_of`, since one word
/// can need two translations: `hard` is a strict timeout and a difficult level). Discord
/// sends the canonical names back whatever the user's language, so these only change what
/// users see and type.
pub fn localized_names(word: &str, choice_of: Option<&str>) -> Vec<(String, String)> {
    let m = match choice_of {
        Some(option) => msg!("slash-choice", word = word, option = option),
        None => msg!("slash-name", word = word),
    };
    other_languages()
        .into_iter()
        .map(|(loc, l)| (loc, say(l, &m)))
        .filter(|(_, name)| name != word)
        .collect()
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamType {
    Text,
    Integer {
        min: i64,
        max: i64,
    },
    Bool,
    /// A small set of canonical words, offered as choices named by the word itself.
    Choice(Vec<String>),
    /// A member of the server, picked from Discord's list; reaches the service as `<@ID>`.
    User,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParamDef {
    pub name: String,
    /// In English (the registration's default).
    pub description: String,
    /// In every other language: (Discord locale, text).
    pub localized: Vec<(String, String)>,
    pub required: bool,
    pub ty: ParamType,
    /// Offer legal moves (or the words of them this option holds) while the user types.
    pub autocomplete: bool,
}

/// What a slash command does once its options are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// One of the service's own commands.
    Service,
    /// A game verb: its move text is built by the channel's game (`VerbSpec::move_text`).
    Verb,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommandDef {
    pub name: String,
    /// In English (the registration's default).
    pub description: String,
    /// In every other language: (Discord locale, text).
    pub localized: Vec<(String, String)>,
    pub action: Action,
    pub params: Vec<ParamDef>,
}

fn clip(text: &str) -> String {
    if text.chars().count() <= MAX_DESCRIPTION {
        return text.to_string();
    }
    let mut out: String = text.chars().take(MAX_DESCRIPTION - 1).collect();
    out.push('…');
    out
}

/// An option described by `message` (an attribute of commands.ftl, `cmd-new.game`).
fn param(name: &str, message: Msg, required: bool, ty: ParamType) -> ParamDef {
    ParamDef {
        name: name.to_string(),
        description: clip(&message.english()),
        localized: localized(&message),
        required,
        ty,
        autocomplete: false,
    }
}

/// `cmd-NAME.OPTION`.
fn option_msg(command: &str, option: &str) -> Msg {
    Msg {
        id: format!("cmd-{command}.{option}").into(),
        args: Vec::new(),
    }
}

fn words(list: &[&str]) -> Vec<String> {
    list.iter().map(|w| w.to_string()).collect()
}

fn games() -> ParamType {
    ParamType::Choice(GameKind::ALL.iter().map(|k| k.id().to_string()).collect())
}

/// A command described by `message` (`cmd-NAME` in commands.ftl).
fn service(name: &str, action: Action, message: Msg, params: Vec<ParamDef>) -> CommandDef {
    CommandDef {
        name: name.to_string(),
        description: clip(&message.english()),
        localized: localized(&message),
        action,
        params,
    }
}

/// `cmd-NAME`.
fn command_msg(name: &str) -> Msg {
    Msg {
        id: format!("cmd-{name}").into(),
        args: Vec::new(),
    }
}

/// The game options of every game, merged by key, as optional options of `/new`.
fn game_options() -> Vec<ParamDef> {
    let mut out: Vec<(ParamDef, Vec<&'static str>, &'static str)> = Vec::new();
    for kind in GameKind::ALL {
        for spec in kind.option_specs() {
            let ty = match spec.kind {
                OptionKind::Bool => ParamType::Bool,
                OptionKind::Int { min, max } => ParamType::Integer { min, max },
                OptionKind::Choice(list) => ParamType::Choice(words(list)),
            };
            match out.iter_mut().find(|(p, _, _)| p.name == spec.key) {
                Some((p, titles, _)) => {
                    p.ty = merge_types(&p.ty, &ty);
                    titles.push(kind.title());
                }
                None => out.push((
                    ParamDef {
                        name: spec.key.to_string(),
                        description: String::new(),
                        localized: Vec::new(),
                        required: false,
                        ty,
                        autocomplete: false,
                    },
                    vec![kind.title()],
                    spec.message,
                )),
            }
        }
    }
    out.into_iter()
        .map(|(mut p, titles, message)| {
            // The first game's words; the games that share the option are named.
            let m = msg!(
                "cmd-game-option",
                games = titles.join(", "),
                description = Msg::new(message)
            );
            p.description = clip(&m.english());
            p.localized = localized(&m);
            p
        })
        .collect()
}

fn merge_types(a: &ParamType, b: &ParamType) -> ParamType {
    match (a, b) {
        (ParamType::Bool, ParamType::Bool) => ParamType::Bool,
        (ParamType::Integer { min: a0, max: a1 }, ParamType::Integer { min: b0, max: b1 }) => {
            ParamType::Integer {
                min: *a0.min(b0),
                max: *a1.max(b1),
            }
        }
        (ParamType::Choice(x), ParamType::Choice(y)) => {
            let mut all = x.clone();
            for w in y {
                if !all.contains(w) {
                    all.push(w.clone());
                }
            }
            if all.len() <= MAX_CHOICES {
                ParamType::Choice(all)
            } else {
                ParamType::Text
            }
        }
        _ => ParamType::Text,
    }
}

/// The service's commands, as its reader lists them (`table::commands::SERVICE_COMMANDS`), so
/// that a command it gains reaches Discord at once: with the descriptions and typed options
/// below when known here, else with text options and a pointer to `/help`.
pub fn service_commands() -> Vec<CommandDef> {
    let known = known_service_commands();
    SERVICE_COMMANDS
        .iter()
        .map(
            |(name, declared)| match known.iter().find(|d| d.name == *name) {
                Some(def) => def.clone(),
                None => service(
                    name,
                    Action::Service,
                    msg!("cmd-unknown", name = *name),
                    declared
                        .iter()
                        .map(|o| {
                            param(
                                o,
                                msg!("cmd-unknown-option", option = *o),
                                false,
                                ParamType::Text,
                            )
                        })
                        .collect(),
                ),
            },
        )
        .collect()
}

/// Whether the service has correspondence clocks (its `/claim` comes with them): only then
/// does `/new` offer `clock` and `timeout`, which it would otherwise refuse.
fn service_has_clocks() -> bool {
    SERVICE_COMMANDS.iter().any(|(n, _)| *n == "claim")
}

/// What is known here of the service's commands: descriptions in English and French, option
/// types and choices.
fn known_service_commands() -> Vec<CommandDef> {
    let max_players = GameKind::ALL
        .iter()
        .map(|k| k.players().1)
        .max()
        .unwrap_or(2);
    let min_players = GameKind::ALL
        .iter()
        .map(|k| k.players().0)
        .min()
        .unwrap_or(2);
    let mut new_params = vec![
        param("game", option_msg("new", "game"), true, games()),
        param(
            "players",
            option_msg("new", "players"),
            false,
            ParamType::Integer {
                min: min_players as i64,
                max: max_players as i64,
            },
        ),
        param(
            "thread",
            option_msg("new", "thread"),
            false,
            ParamType::Bool,
        ),
        param("rated", option_msg("new", "rated"), false, ParamType::Bool),
        param("hints", option_msg("new", "hints"), false, ParamType::Bool),
    ];
    if service_has_clocks() {
        new_params.insert(
            2,
            param(
                "clock",
                option_msg("new", "clock"),
                false,
                ParamType::Choice(words(&["casual", "standard", "fast", "untimed"])),
            ),
        );
        new_params.insert(
            3,
            param(
                "timeout",
                option_msg("new", "timeout"),
                false,
                ParamType::Choice(words(&["soft", "hard"])),
            ),
        );
    }
    let options = game_options();
    if new_params.len() + options.len() <= MAX_OPTIONS {
        new_params.extend(options);
    } else {
        // Too many game options for Discord: one free-text option holds them all.
        new_params.push(param(
            "options",
            option_msg("new", "options"),
            false,
            ParamType::Text,
        ));
    }
    let challenge_params = challenge_params(&new_params, min_players, max_players);
    let seek_params: Vec<ParamDef> = new_params
        .iter()
        .filter(|p| {
            matches!(
                p.name.as_str(),
                "game" | "players" | "clock" | "timeout" | "rated"
            )
        })
        .cloned()
        .map(|mut p| {
            // `/seek` alone lists the queue.
            p.required = false;
            p
        })
        .collect();
    let mut play_move = param("move", option_msg("play", "move"), true, ParamType::Text);
    play_move.autocomplete = true;
    vec![
        service("new", Action::Service, command_msg("new"), new_params),
        service("join", Action::Service, command_msg("join"), vec![]),
        service("leave", Action::Service, command_msg("leave"), vec![]),
        service(
            "start",
            Action::Service,
            command_msg("start"),
            vec![param(
                "order",
                option_msg("start", "order"),
                false,
                ParamType::Choice(words(&["random", "join"])),
            )],
        ),
        service("board", Action::Service, command_msg("board"), vec![]),
        service("moves", Action::Service, command_msg("moves"), vec![]),
        service("resign", Action::Service, command_msg("resign"), vec![]),
        service(
            "history",
            Action::Service,
            command_msg("history"),
            vec![param(
                "page",
                option_msg("history", "page"),
                false,
                ParamType::Integer { min: 1, max: 1000 },
            )],
        ),
        service("undo", Action::Service, command_msg("undo"), vec![]),
        service("draw", Action::Service, command_msg("draw"), vec![]),
        service(
            "accept",
            Action::Service,
            command_msg("accept"),
            vec![challenge_number("accept")],
        ),
        service(
            "decline",
            Action::Service,
            command_msg("decline"),
            vec![challenge_number("decline")],
        ),
        service(
            "challenge",
            Action::Service,
            command_msg("challenge"),
            challenge_params,
        ),
        service("seek", Action::Service, command_msg("seek"), seek_params),
        service("unseek", Action::Service, command_msg("unseek"), vec![]),
        service(
            "tournament",
            Action::Service,
            command_msg("tournament"),
            vec![
                param(
                    "action",
                    option_msg("tournament", "action"),
                    true,
                    ParamType::Choice(words(&[
                        "create",
                        "join",
                        "leave",
                        "start",
                        "standings",
                        "withdraw",
                        "cancel",
                    ])),
                ),
                param("game", option_msg("tournament", "game"), false, games()),
                param(
                    "format",
                    option_msg("tournament", "format"),
                    false,
                    ParamType::Choice(words(&["round-robin", "swiss", "knockout"])),
                ),
                param(
                    "rounds",
                    option_msg("tournament", "rounds"),
                    false,
                    ParamType::Integer { min: 1, max: 50 },
                ),
                param(
                    "clock",
                    option_msg("new", "clock"),
                    false,
                    ParamType::Choice(words(&["casual", "standard", "fast", "untimed"])),
                ),
                param(
                    "players",
                    option_msg("tournament", "players"),
                    false,
                    ParamType::Integer {
                        min: min_players as i64,
                        max: max_players as i64,
                    },
                ),
            ],
        ),
        service("rematch", Action::Service, command_msg("rematch"), vec![]),
        service("abort", Action::Service, command_msg("abort"), vec![]),
        service("mygames", Action::Service, command_msg("mygames"), vec![]),
        service("export", Action::Service, command_msg("export"), vec![]),
        service("replay", Action::Service, command_msg("replay"), vec![]),
        service(
            "rules",
            Action::Service,
            command_msg("rules"),
            vec![param("game", option_msg("rules", "game"), false, games())],
        ),
        service("help", Action::Service, command_msg("help"), vec![]),
        service(
            "addbot",
            Action::Service,
            command_msg("addbot"),
            vec![param(
                "level",
                option_msg("addbot", "level"),
                false,
                ParamType::Choice(words(&["easy", "medium", "hard"])),
            )],
        ),
        service("hint", Action::Service, command_msg("hint"), vec![]),
        service(
            "rating",
            Action::Service,
            command_msg("rating"),
            vec![
                param("user", option_msg("rating", "user"), false, ParamType::User),
                param("game", option_msg("rating", "game"), false, games()),
            ],
        ),
        service(
            "leaderboard",
            Action::Service,
            command_msg("leaderboard"),
            vec![
                param("game", option_msg("leaderboard", "game"), true, games()),
                param(
                    "scope",
                    option_msg("leaderboard", "scope"),
                    false,
                    ParamType::Choice(words(&["server", "global"])),
                ),
                param(
                    "page",
                    option_msg("leaderboard", "page"),
                    false,
                    ParamType::Integer { min: 1, max: 1000 },
                ),
            ],
        ),
        service(
            "stats",
            Action::Service,
            command_msg("stats"),
            vec![param(
                "user",
                option_msg("stats", "user"),
                false,
                ParamType::User,
            )],
        ),
        service(
            "play",
            Action::Service,
            command_msg("play"),
            vec![play_move],
        ),
        service("claim", Action::Service, command_msg("claim"), vec![]),
        service(
            "vacation",
            Action::Service,
            command_msg("vacation"),
            vec![param(
                "action",
                option_msg("vacation", "action"),
                false,
                ParamType::Choice(words(&["start", "end"])),
            )],
        ),
        service(
            "settings",
            Action::Service,
            command_msg("settings"),
            vec![
                param(
                    "reminders",
                    option_msg("settings", "reminders"),
                    false,
                    ParamType::Choice(words(&["on", "off"])),
                ),
                param(
                    "digest",
                    option_msg("settings", "digest"),
                    false,
                    ParamType::Choice(words(&["on", "off"])),
                ),
                param(
                    "quiet",
                    option_msg("settings", "quiet"),
                    false,
                    ParamType::Text,
                ),
                param(
                    "timezone",
                    option_msg("settings", "timezone"),
                    false,
                    ParamType::Text,
                ),
                param(
                    "language",
                    option_msg("settings", "language"),
                    false,
                    languages(),
                ),
                param(
                    "server-language",
                    option_msg("settings", "server-language"),
                    false,
                    languages(),
                ),
                param(
                    "channel-language",
                    option_msg("settings", "channel-language"),
                    false,
                    languages(),
                ),
                param(
                    "seeks",
                    option_msg("settings", "seeks"),
                    false,
                    ParamType::Choice(words(&["here", "off"])),
                ),
            ],
        ),
    ]
}

/// `/accept` and `/decline` answer a challenge when given its number (else the game's offer).
fn challenge_number(command: &str) -> ParamDef {
    param(
        "challenge",
        option_msg(command, "challenge"),
        false,
        ParamType::Integer {
            min: 1,
            max: i32::MAX as i64,
        },
    )
}

/// `/challenge`: `/new`'s game, count and options, then whom; and in a Sprawl channel the
/// counting-coup challenge of rule R17, whose `seat` is Sprawl's verb option (the service
/// reads the command as that verb where the channel's game has it).
fn challenge_params(new_params: &[ParamDef], min: u8, max: u8) -> Vec<ParamDef> {
    let mut out: Vec<ParamDef> = new_params
        .iter()
        .filter(|p| !matches!(p.name.as_str(), "thread" | "hints"))
        .cloned()
        .map(|mut p| {
            if p.name == "game" {
                // Not required: Sprawl's counting coup takes only a seat.
                p.required = false;
                p.description = clip(&option_msg("challenge", "game").english());
                p.localized = localized(&option_msg("challenge", "game"));
            }
            p
        })
        .collect();
    out.insert(
        1,
        param(
            "opponent",
            option_msg("challenge", "opponent"),
            false,
            ParamType::User,
        ),
    );
    let seat = GameKind::Sprawl
        .verbs()
        .iter()
        .find(|v| v.name == "challenge")
        .and_then(|v| v.params.iter().find(|p| p.name == "seat"));
    if seat.is_some() {
        out.insert(
            2,
            param(
                "seat",
                option_msg("challenge", "seat"),
                false,
                ParamType::Integer {
                    min: 1,
                    max: max.max(min) as i64,
                },
            ),
        );
    }
    out.truncate(MAX_OPTIONS);
    out
}

/// Every language of `locales/`, then `auto` (follow the Discord client's or server's).
fn languages() -> ParamType {
    let mut all: Vec<String> = Lang::all().map(|l| l.code().to_string()).collect();
    all.push("auto".into());
    ParamType::Choice(all)
}

fn verb_param_type(kind: ParamKind) -> ParamType {
    match kind {
        ParamKind::Square | ParamKind::Colour => ParamType::Text,
        ParamKind::Direction(list) | ParamKind::Choice(list) => ParamType::Choice(words(list)),
        ParamKind::Size => ParamType::Choice(words(&["small", "medium", "large"])),
        ParamKind::Integer { min, max } => ParamType::Integer { min, max },
        ParamKind::Bool => ParamType::Bool,
    }
}

/// Every game's verbs merged by name: a parameter is required only if every game with the verb
/// requires it, parameters keep each game's notation order, and choices are united.
pub fn verb_commands() -> Vec<CommandDef> {
    let tables: Vec<(&str, &[VerbSpec])> = GameKind::ALL
        .iter()
        .map(|k| (k.title(), k.verbs()))
        .collect();
    let reserved: Vec<String> = service_commands().into_iter().map(|c| c.name).collect();
    merge_verbs(&tables, &reserved)
}

/// [`verb_commands`] over any verb tables (each with its game's title); verbs named like one
/// of `reserved` are left out.
pub fn merge_verbs(tables: &[(&str, &[VerbSpec])], reserved: &[String]) -> Vec<CommandDef> {
    let mut out: Vec<(CommandDef, Vec<String>)> = Vec::new();
    for (title, table) in tables {
        for verb in table.iter() {
            if reserved.iter().any(|r| r == verb.name) {
                tracing::warn!(verb = verb.name, "a game verb has a service command's name");
                continue;
            }
            let idx = match out.iter().position(|(c, _)| c.name == verb.name) {
                Some(i) => i,
                None => {
                    out.push((
                        CommandDef {
                            name: verb.name.to_string(),
                            description: clip(&verb.description().english()),
                            localized: localized(&verb.description()),
                            action: Action::Verb,
                            params: Vec::new(),
                        },
                        Vec::new(),
                    ));
                    out.len() - 1
                }
            };
            let (def, games) = &mut out[idx];
            merge_verb(def, games.len(), verb);
            games.push(title.to_string());
        }
    }
    out.into_iter()
        .map(|(mut def, games)| {
            if games.len() > 1 {
                // One game's description would mislead in another's channel.
                let m = msg!("cmd-verb-shared", games = games.join(", "));
                def.description = clip(&m.english());
                def.localized = localized(&m);
            }
            // Discord wants required options first; the move text follows notation order
            // anyway, since values are placed by name.
            def.params.sort_by_key(|p| !p.required);
            def
        })
        .collect()
}

/// Two games' descriptions of one option, both when they fit.
fn join_descriptions(a: &str, b: &str) -> String {
    if a == b || a.contains(b) {
        return a.to_string();
    }
    let both = format!("{a} | {b}");
    if both.chars().count() <= MAX_DESCRIPTION {
        both
    } else {
        a.to_string()
    }
}

fn merge_verb(def: &mut CommandDef, games_before: usize, verb: &VerbSpec) {
    for p in def.params.iter_mut() {
        if !verb.params.iter().any(|q| q.name == p.name) {
            p.required = false;
        }
    }
    let mut insert_at = 0;
    for spec in verb.params {
        let ty = verb_param_type(spec.kind);
        match def.params.iter().position(|p| p.name == spec.name) {
            Some(i) => {
                let p = &mut def.params[i];
                p.ty = merge_types(&p.ty, &ty);
                p.required &= spec.required;
                p.autocomplete = p.ty == ParamType::Text;
                let desc = verb.param_description(spec.name);
                p.description = join_descriptions(&p.description, &clip(&desc.english()));
                for (loc, text) in p.localized.iter_mut() {
                    if let Some((_, l)) = other_languages().into_iter().find(|(x, _)| x == loc) {
                        *text = join_descriptions(text, &clip(&say(l, &desc)));
                    }
                }
                insert_at = i + 1;
            }
            None => {
                def.params.insert(
                    insert_at,
                    ParamDef {
                        name: spec.name.to_string(),
                        description: clip(&verb.param_description(spec.name).english()),
                        localized: localized(&verb.param_description(spec.name)),
                        // A parameter some earlier game lacks cannot be required.
                        required: spec.required && games_before == 0,
                        autocomplete: ty == ParamType::Text,
                        ty,
                    },
                );
                insert_at += 1;
            }
        }
    }
}

/// Every slash command: the service's, then the verbs.
pub fn all_commands() -> Vec<CommandDef> {
    let mut all = service_commands();
    all.extend(verb_commands());
    all
}

/// The registration of one command, as Discord's API wants it.
pub fn create_command(def: &CommandDef) -> CreateCommand {
    let mut cmd = CreateCommand::new(def.name.as_str()).description(def.description.as_str());
    for (loc, text) in &def.localized {
        cmd = cmd.description_localized(loc.as_str(), text.as_str());
    }
    for (loc, name) in localized_names(&def.name, None) {
        cmd = cmd.name_localized(loc, name);
    }
    for p in &def.params {
        cmd = cmd.add_option(create_option(p));
    }
    cmd
}

fn create_option(p: &ParamDef) -> CreateCommandOption {
    let kind = match p.ty {
        ParamType::Text | ParamType::Choice(_) => CommandOptionType::String,
        ParamType::Integer { .. } => CommandOptionType::Integer,
        ParamType::Bool => CommandOptionType::Boolean,
        ParamType::User => CommandOptionType::User,
    };
    let mut opt = CreateCommandOption::new(kind, p.name.as_str(), p.description.as_str())
        .required(p.required);
    for (loc, name) in localized_names(&p.name, None) {
        opt = opt.name_localized(loc, name);
    }
    for (loc, text) in &p.localized {
        opt = opt.description_localized(loc.as_str(), text.as_str());
    }
    match &p.ty {
        ParamType::Choice(list) => {
            // A choice's name is its canonical word (conventions §4b); other languages see
            // their own word for it, and the value sent back is the canonical one.
            for w in list {
                let names = localized_names(w, Some(&p.name));
                opt = if names.is_empty() {
                    opt.add_string_choice(w.as_str(), w.as_str())
                } else {
                    opt.add_string_choice_localized(w.as_str(), w.as_str(), names)
                };
            }
        }
        ParamType::Integer { min, max } => {
            if *min >= 0 {
                opt = opt.min_int_value(*min as u64);
            }
            if *max >= 0 {
                opt = opt.max_int_value(*max as u64);
            }
        }
        ParamType::Text => opt = opt.set_autocomplete(p.autocomplete),
        ParamType::Bool | ParamType::User => {}
    }
    opt
}
