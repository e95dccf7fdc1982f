//! The slash commands, as data built at run time: the service's commands (conventions §4b)
//! and every game's verbs, merged by name from the engine's [`VerbSpec`] tables, so that a verb
//! appears in Discord as soon as a game declares it; and their registrations.

use crate::engine::{GameKind, Msg, OptionKind, ParamKind, VerbSpec};
use crate::i18n::{say, Lang};
use crate::table::commands::SERVICE_COMMANDS;
use serenity::all::{CommandOptionType, CreateCommand, CreateCommandOption};

/// Discord's limits on a registration (it rejects the whole batch beyond them).
pub const MAX_DESCRIPTION: usize = 100;
pub const MAX_OPTIONS: usize = 25;
pub const MAX_CHOICES: usize = 25;

/// French names of commands and options. Discord sends the canonical (English) names in every
/// interaction whatever the user's locale, so these only change what French users see and type.
const FRENCH: &[(&str, &str)] = &[
    ("undo", "annuler"),
    ("draw", "nulle"),
    ("accept", "accepter"),
    ("decline", "refuser"),
    ("rematch", "revanche"),
    ("abort", "interrompre"),
    ("mygames", "mesparties"),
    ("export", "exporter"),
    ("replay", "revoir"),
    ("new", "nouvelle"),
    ("join", "rejoindre"),
    ("leave", "quitter"),
    ("start", "commencer"),
    ("board", "plateau"),
    ("moves", "coups"),
    ("resign", "abandonner"),
    ("history", "historique"),
    ("rules", "règles"),
    ("help", "aide"),
    ("claim", "réclamer"),
    ("vacation", "vacances"),
    ("settings", "réglages"),
    ("reminders", "rappels"),
    ("digest", "résumé"),
    ("quiet", "calme"),
    ("timezone", "fuseau"),
    ("timeout", "dépassement"),
    ("play", "jouer"),
    ("turn", "tourner"),
    ("move", "déplacer"),
    ("tower", "tour"),
    ("build", "construire"),
    ("branch", "ramifier"),
    ("place", "placer"),
    ("control", "contrôler"),
    ("upgrade", "améliorer"),
    ("activate", "activer"),
    ("transport", "transporter"),
    ("skip", "passer"),
    ("done", "terminer"),
    ("challenge", "défier"),
    ("retract", "retirer"),
    ("stand", "maintenir"),
    ("game", "jeu"),
    ("players", "joueurs"),
    ("clock", "pendule"),
    ("thread", "fil"),
    ("order", "ordre"),
    ("square", "case"),
    ("from", "de"),
    ("to", "vers"),
    ("size", "taille"),
    ("colour", "couleur"),
    ("target", "cible"),
    ("overload", "surcharge"),
    ("die", "dé"),
    ("dice", "dés"),
];

fn french_lang() -> Lang {
    Lang::parse("fr").unwrap_or(Lang::EN)
}

pub fn french(word: &str) -> Option<&'static str> {
    FRENCH.iter().find(|(en, _)| *en == word).map(|(_, fr)| *fr)
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
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParamDef {
    pub name: String,
    pub description: String,
    pub description_fr: Option<String>,
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
    pub description: String,
    pub description_fr: String,
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

fn param(name: &str, en: &str, fr: &str, required: bool, ty: ParamType) -> ParamDef {
    ParamDef {
        name: name.to_string(),
        description: clip(en),
        description_fr: Some(clip(fr)),
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

fn service(name: &str, action: Action, en: &str, fr: &str, params: Vec<ParamDef>) -> CommandDef {
    CommandDef {
        name: name.to_string(),
        description: clip(en),
        description_fr: clip(fr),
        action,
        params,
    }
}

/// The game options of every game, merged by key, as optional options of `/new`.
fn game_options() -> Vec<ParamDef> {
    let mut out: Vec<(ParamDef, Vec<&'static str>)> = Vec::new();
    for kind in GameKind::ALL {
        for spec in kind.option_specs() {
            let ty = match spec.kind {
                OptionKind::Bool => ParamType::Bool,
                OptionKind::Int { min, max } => ParamType::Integer { min, max },
                OptionKind::Choice(list) => ParamType::Choice(words(list)),
            };
            match out.iter_mut().find(|(p, _)| p.name == spec.key) {
                Some((p, titles)) => {
                    p.ty = merge_types(&p.ty, &ty);
                    titles.push(kind.title());
                }
                None => out.push((
                    ParamDef {
                        name: spec.key.to_string(),
                        description: say(Lang::EN, &Msg::new(spec.message)),
                        description_fr: None,
                        required: false,
                        ty,
                        autocomplete: false,
                    },
                    vec![kind.title()],
                )),
            }
        }
    }
    out.into_iter()
        .map(|(mut p, titles)| {
            p.description = clip(&format!("{}: {}", titles.join(", "), p.description));
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
                    &format!("/{name}: see /help"),
                    &format!("/{name} : voir /help"),
                    declared
                        .iter()
                        .map(|o| {
                            param(
                                o,
                                &format!("{o} (see /help)"),
                                &format!("{o} (voir /help)"),
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
        param("game", "the game to play", "le jeu", true, games()),
        param(
            "players",
            "how many players (default: the game's smallest number)",
            "nombre de joueurs (par défaut : le minimum du jeu)",
            false,
            ParamType::Integer {
                min: min_players as i64,
                max: max_players as i64,
            },
        ),
        param(
            "thread",
            "play in a new thread of this channel",
            "jouer dans un nouveau fil de ce salon",
            false,
            ParamType::Bool,
        ),
    ];
    if service_has_clocks() {
        new_params.insert(
            2,
            param(
                "clock",
                "time per move: casual 7 days, standard 3 days +1 per move, fast 1 day, untimed",
                "temps par coup : casual 7 jours, standard 3 jours +1 par coup, fast 1 jour, untimed",
                false,
                ParamType::Choice(words(&["casual", "standard", "fast", "untimed"])),
            ),
        );
        new_params.insert(
            3,
            param(
                "timeout",
                "when time runs out: soft (others may claim) or hard (the game ends)",
                "temps écoulé : soft (les autres peuvent réclamer) ou hard (fin de partie)",
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
            "game options as key=value words, e.g. target=15",
            "options du jeu en mots clé=valeur, p. ex. target=15",
            false,
            ParamType::Text,
        ));
    }
    let mut play_move = param(
        "move",
        "your move in the game's notation",
        "votre coup, dans la notation du jeu",
        true,
        ParamType::Text,
    );
    play_move.autocomplete = true;
    vec![
        service(
            "new",
            Action::Service,
            "Open a game in this channel; others join, then /start",
            "Ouvrir une partie dans ce salon ; les autres la rejoignent, puis /start",
            new_params,
        ),
        service(
            "join",
            Action::Service,
            "Take a seat in this channel's game",
            "Prendre place dans la partie de ce salon",
            vec![],
        ),
        service(
            "leave",
            Action::Service,
            "Leave this channel's game before it starts",
            "Quitter la partie de ce salon avant son début",
            vec![],
        ),
        service(
            "start",
            Action::Service,
            "Start the game once everyone has joined",
            "Commencer la partie une fois tout le monde assis",
            vec![param(
                "order",
                "seat order: random (default) or join order",
                "ordre des places : random (par défaut) ou join (ordre d'arrivée)",
                false,
                ParamType::Choice(words(&["random", "join"])),
            )],
        ),
        service(
            "board",
            Action::Service,
            "Show the board of this channel's game",
            "Afficher le plateau de la partie de ce salon",
            vec![],
        ),
        service(
            "moves",
            Action::Service,
            "List your legal moves (only you see them)",
            "Lister vos coups légaux (vous seul les voyez)",
            vec![],
        ),
        service(
            "resign",
            Action::Service,
            "Resign from this channel's game",
            "Abandonner la partie de ce salon",
            vec![],
        ),
        service(
            "history",
            Action::Service,
            "Show the moves played so far",
            "Afficher les coups joués",
            vec![param(
                "page",
                "page of the history, 1 = the first moves",
                "page de l'historique, 1 = les premiers coups",
                false,
                ParamType::Integer { min: 1, max: 1000 },
            )],
        ),
        service(
            "undo",
            Action::Service,
            "Take back your last move (asks the others once they have moved)",
            "Reprendre votre dernier coup (demande aux autres s'ils ont joué depuis)",
            vec![],
        ),
        service(
            "draw",
            Action::Service,
            "Offer a draw to your opponents",
            "Proposer la nulle à vos adversaires",
            vec![],
        ),
        service(
            "accept",
            Action::Service,
            "Accept the pending undo request or draw offer",
            "Accepter la demande de reprise ou la proposition de nulle",
            vec![],
        ),
        service(
            "decline",
            Action::Service,
            "Decline the pending offer (or withdraw your own)",
            "Refuser la proposition en cours (ou retirer la vôtre)",
            vec![],
        ),
        service(
            "rematch",
            Action::Service,
            "Play the channel's last game again, seats rotated",
            "Rejouer la dernière partie du salon, places tournées",
            vec![],
        ),
        service(
            "abort",
            Action::Service,
            "End this game before everyone has moved, without a result",
            "Interrompre la partie avant que tous aient joué, sans résultat",
            vec![],
        ),
        service(
            "mygames",
            Action::Service,
            "Your games on every server, your turn first",
            "Vos parties sur tous les serveurs, votre tour d'abord",
            vec![],
        ),
        service(
            "export",
            Action::Service,
            "The game record as a text file",
            "Le relevé de la partie en fichier texte",
            vec![],
        ),
        service(
            "replay",
            Action::Service,
            "An animated replay of the game (GIF)",
            "Une animation de la partie (GIF)",
            vec![],
        ),
        service(
            "rules",
            Action::Service,
            "Summarise the rules of a game",
            "Résumer les règles d'un jeu",
            vec![param(
                "game",
                "the game (default: this channel's)",
                "le jeu (par défaut : celui du salon)",
                false,
                games(),
            )],
        ),
        service(
            "help",
            Action::Service,
            "How to play with Plateau",
            "Comment jouer avec Plateau",
            vec![],
        ),
        service(
            "play",
            Action::Service,
            "Play a move written in the game's notation",
            "Jouer un coup écrit dans la notation du jeu",
            vec![play_move],
        ),
        service(
            "claim",
            Action::Service,
            "Claim the win (or vote a player out) when their time has run out",
            "Réclamer la victoire (ou voter l'exclusion) quand le temps d'un joueur est écoulé",
            vec![],
        ),
        service(
            "vacation",
            Action::Service,
            "Freeze your clocks in every game, or see your vacation days",
            "Geler vos pendules dans toutes vos parties, ou voir vos jours de vacances",
            vec![param(
                "action",
                "start or end a vacation (none: show what is left)",
                "commencer ou finir des vacances (rien : voir ce qui reste)",
                false,
                ParamType::Choice(words(&["start", "end"])),
            )],
        ),
        service(
            "settings",
            Action::Service,
            "Your reminders, daily digest, quiet hours and time zone",
            "Vos rappels, résumé quotidien, heures calmes et fuseau horaire",
            vec![
                param(
                    "reminders",
                    "remind me before deadlines",
                    "me rappeler avant les échéances",
                    false,
                    ParamType::Choice(words(&["on", "off"])),
                ),
                param(
                    "digest",
                    "one daily direct message instead of pings",
                    "un message privé par jour au lieu des mentions",
                    false,
                    ParamType::Choice(words(&["on", "off"])),
                ),
                param(
                    "quiet",
                    "quiet hours, e.g. 22-8",
                    "heures calmes, p. ex. 22-8",
                    false,
                    ParamType::Text,
                ),
                param(
                    "timezone",
                    "your time zone as an offset, e.g. +2 or -5",
                    "votre fuseau en décalage, p. ex. +2 ou -5",
                    false,
                    ParamType::Text,
                ),
            ],
        ),
    ]
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
                            description: clip(&say(Lang::EN, &verb.description())),
                            description_fr: clip(&say(french_lang(), &verb.description())),
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
                let list = games.join(", ");
                def.description = clip(&format!("A move in {list}: see /rules for its form"));
                def.description_fr =
                    clip(&format!("Un coup de {list} : voir /rules pour sa forme"));
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
                p.description = join_descriptions(&p.description, &clip(&say(Lang::EN, &desc)));
                p.description_fr = p
                    .description_fr
                    .as_deref()
                    .map(|d| join_descriptions(d, &clip(&say(french_lang(), &desc))));
                insert_at = i + 1;
            }
            None => {
                def.params.insert(
                    insert_at,
                    ParamDef {
                        name: spec.name.to_string(),
                        description: clip(&say(Lang::EN, &verb.param_description(spec.name))),
                        description_fr: Some(clip(&say(
                            french_lang(),
                            &verb.param_description(spec.name),
                        ))),
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
    let mut cmd = CreateCommand::new(def.name.as_str())
        .description(def.description.as_str())
        .description_localized("fr", def.description_fr.as_str());
    if let Some(fr) = french(&def.name) {
        cmd = cmd.name_localized("fr", fr);
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
    };
    let mut opt = CreateCommandOption::new(kind, p.name.as_str(), p.description.as_str())
        .required(p.required);
    if let Some(fr) = french(&p.name) {
        opt = opt.name_localized("fr", fr);
    }
    if let Some(fr) = &p.description_fr {
        opt = opt.description_localized("fr", fr.as_str());
    }
    match &p.ty {
        ParamType::Choice(list) => {
            for w in list {
                opt = opt.add_string_choice(w.as_str(), w.as_str());
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
        ParamType::Bool => {}
    }
    opt
}
