//! The slash commands, as data built at run time: the service's commands as
//! `table::command_specs` declares them (conventions §4b), and every game's verbs, merged by
//! name from the engine's [`VerbSpec`] tables, so that a verb appears in Discord as soon as a
//! game declares it; and their registrations.

use crate::engine::{GameKind, Msg, OptionKind, ParamKind, VerbSpec};
use crate::i18n::{say, Lang};
use crate::msg;
use crate::table::spec::{CommandSpec, OptionType};
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
        Some(option) => msg!("slash-choice", word, option),
        None => msg!("slash-name", word),
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

fn words(list: &[&str]) -> Vec<String> {
    list.iter().map(|w| w.to_string()).collect()
}

fn games() -> ParamType {
    ParamType::Choice(GameKind::ALL.iter().map(|k| k.id().to_string()).collect())
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

/// The service's commands as `table::command_specs` declares them, in its order.
pub fn service_commands() -> Vec<CommandDef> {
    crate::table::command_specs().map(service_command).collect()
}

fn service_command(spec: &CommandSpec) -> CommandDef {
    let message = command_msg(spec.name);
    let mut params = Vec::new();
    for option in spec.options {
        let described = Msg {
            id: spec.option_description_id(option).into(),
            args: Vec::new(),
        };
        let ty = match option.ty {
            OptionType::GameOptions => {
                let merged = game_options();
                // Discord takes 25 options: past that, one free-text option holds them all.
                if spec.options.len() - 1 + merged.len() <= MAX_OPTIONS {
                    params.extend(merged);
                    continue;
                }
                ParamType::Text
            }
            ty => param_type(ty),
        };
        let mut p = param(option.name, described, option.required, ty);
        p.autocomplete = option.ty == OptionType::Move;
        params.push(p);
    }
    CommandDef {
        name: spec.name.to_string(),
        description: clip(&message.english()),
        localized: localized(&message),
        action: Action::Service,
        params,
    }
}

/// How Discord offers an option of the service.
fn param_type(ty: OptionType) -> ParamType {
    let counts = GameKind::ALL.iter().map(|k| k.players());
    let fewest = counts.clone().map(|c| c.0).min().unwrap_or(2) as i64;
    let most = counts.map(|c| c.1).max().unwrap_or(2) as i64;
    match ty {
        OptionType::Text | OptionType::Move | OptionType::GameOptions => ParamType::Text,
        OptionType::Integer { min, max } => ParamType::Integer { min, max },
        OptionType::Bool => ParamType::Bool,
        OptionType::Choice(list) => ParamType::Choice(words(list)),
        OptionType::Game => games(),
        OptionType::Players => ParamType::Integer {
            min: fewest,
            max: most,
        },
        OptionType::Seat => ParamType::Integer {
            min: 1,
            max: most.max(fewest),
        },
        OptionType::User => ParamType::User,
        OptionType::Language => languages(),
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::cmd::help::names_command;
    use crate::table::present::help::messages as help;

    /// What Discord registers is what `/help` tells, in every language: a service command
    /// wherever `/help` is asked, a verb in the channels of the games that have it.
    #[test]
    fn every_registered_command_is_in_help_in_every_language() {
        let commands: Vec<_> = crate::table::command_specs().collect();
        let defs = all_commands();
        assert!(
            defs.len() > crate::table::command_specs().count(),
            "the verbs are registered too"
        );
        for lang in Lang::all() {
            for def in &defs {
                let places: Vec<Option<GameKind>> = match def.action {
                    Action::Service => std::iter::once(None)
                        .chain(GameKind::ALL.into_iter().map(Some))
                        .collect(),
                    Action::Verb => GameKind::ALL
                        .into_iter()
                        .filter(|k| k.verbs().iter().any(|v| v.name == def.name))
                        .map(Some)
                        .collect(),
                };
                assert!(!places.is_empty(), "/{} belongs to no game", def.name);
                for game in places {
                    let text = help(lang, game, &commands).join("\n");
                    assert!(
                        names_command(&text, &def.name),
                        "/help in {lang} ({game:?}) does not name /{}",
                        def.name
                    );
                }
            }
        }
    }
}
