//! The commands: one file per family, each a set of handlers over typed [`Command`]s that
//! `Table::dispatch` calls. A handler reads the game it needs, asks the engine, commits a
//! change through the one write path (`change.rs`) and has its reply built by the presenter
//! (`present/`).
//!
//! Files: `lobby` (`/new`, `/join`, `/leave`, `/start`), `play` (moves, `/resign`, `/board`,
//! `/moves`), `undo`, `offers` (draw, accept, decline, abort), `pause` (`/pause`, `/resume`),
//! `rematch`, `claim` (time-outs),
//! `settings` (`/settings`, `/vacation`), `records` (`/history`, `/export`, `/replay`,
//! `/mygames`), `bots` (`/addbot`, `/hint`, computer players' moves), `ratings` (`/rating`,
//! `/leaderboard`, `/stats`), `competing/` (challenges, seeks, tournaments and the games they
//! open), `follow` (`/follow`, `/unfollow`, and the direct messages a board brings),
//! `conditional` (`/conditional`, and the replies a move triggers). They import the floors
//! below them and never one another: what several families need lives below `cmd/` (finding
//! the game in `running.rs`, what follows a change in `aftermath.rs`, direct messages in
//! `followers.rs`), checked by `tests/circles`. `Table::dispatch` and the scheduler call
//! them; transports never do.
//!
//! [`Command`]: crate::table::Command

pub(crate) mod analyse;
pub(crate) mod bots;
pub(crate) mod claim;
pub(crate) mod competing;
pub(crate) mod conditional;
pub(crate) mod follow;
pub(crate) mod help;
pub(crate) mod lobby;
pub(crate) mod offers;
pub(crate) mod pause;
pub(crate) mod pick;
pub(crate) mod play;
pub(crate) mod ratings;
pub(crate) mod records;
pub(crate) mod rematch;
pub(crate) mod settings;
pub(crate) mod share;
pub(crate) mod undo;

use crate::table::service::Handler;
use crate::table::spec::CommandSpec;
use crate::table::{Answer, Command, Request, Service};

/// Every command, in the order Discord registers them and `/help` and an unknown command's
/// answer list them. Adding a command: a type implementing [`Handler`], a line here, and its
/// messages (`cmd-NAME` in `commands.ftl`, its `help-` line in `help.ftl`).
pub(crate) static REGISTRY: &[&dyn Handler] = &[
    &lobby::New,
    &lobby::JOIN_CMD,
    &lobby::LEAVE_CMD,
    &lobby::Start,
    &play::Play,
    &pick::Pick,
    &play::BOARD_CMD,
    &analyse::Analyse,
    &play::MOVES_CMD,
    &play::RESIGN_CMD,
    &records::History,
    &undo::UNDO_CMD,
    &offers::DRAW_CMD,
    &competing::challenges::ACCEPT_CMD,
    &competing::challenges::DECLINE_CMD,
    &rematch::REMATCH_CMD,
    &offers::ABORT_CMD,
    &records::MYGAMES_CMD,
    &records::EXPORT_CMD,
    &records::REPLAY_CMD,
    &help::Rules,
    &help::Help,
    &claim::CLAIM_CMD,
    &settings::Vacation,
    &ratings::Rating,
    &ratings::Leaderboard,
    &ratings::Stats,
    &bots::AddBot,
    &bots::HINT_CMD,
    &competing::challenges::Challenge,
    &competing::seeks::SeekCommand,
    &competing::seeks::Unseek,
    &competing::tournaments::TournamentCommand,
    &settings::Settings,
    &follow::Follow,
    &follow::Unfollow,
    &pause::PAUSE_CMD,
    &pause::RESUME_CMD,
    &conditional::Conditional,
];

/// The command of this name.
pub(crate) fn find(name: &str) -> Option<&'static dyn Handler> {
    REGISTRY.iter().copied().find(|h| h.spec().name == name)
}

/// Every command's declaration, in [`REGISTRY`]'s order.
pub fn specs() -> impl Iterator<Item = &'static CommandSpec> {
    REGISTRY.iter().map(|h| h.spec())
}

/// The handler of a command (a shared answer's: the command it shares).
fn handler_of(command: &Command) -> Option<&'static dyn Handler> {
    match command {
        Command::Shared(inner) => handler_of(inner),
        c => REGISTRY.iter().copied().find(|h| h.owns(c)),
    }
}

/// Answers a request with its command's handler, for its audience: the asker (with a Share
/// button when the answer can be shared) or, for a shared answer, the channel.
pub(crate) fn dispatch(svc: &Service, req: &Request) -> Answer {
    match &req.command {
        Command::Shared(inner) => share::share(svc, req, inner),
        _ => share::ask(svc, req),
    }
}

/// How metrics name a command (`move` for any game verb).
pub fn label(command: &Command) -> &'static str {
    handler_of(command).map_or("unknown", |h| h.label(command))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::spec::{HelpLine, OptionType};

    #[test]
    fn names_are_unique_and_options_fit_discord() {
        let all: Vec<&CommandSpec> = specs().collect();
        for (i, c) in all.iter().enumerate() {
            assert!(
                all[..i].iter().all(|d| d.name != c.name),
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
        let all: Vec<HelpLine> = specs().flat_map(|c| c.help.iter().copied()).collect();
        for a in &all {
            for b in &all {
                assert!(a.2 != b.2 || a == b, "{a:?} and {b:?}");
                assert!(a.2 == b.2 || (a.0, a.1) != (b.0, b.1), "{a:?} and {b:?}");
            }
        }
    }

    #[test]
    fn every_text_the_table_names_exists() {
        for c in specs() {
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
        let challenge = find("challenge").unwrap().spec().option_names();
        for kind in crate::engine::GameKind::ALL {
            for verb in kind.verbs().iter().filter(|v| find(v.name).is_some()) {
                for p in verb.params {
                    assert!(
                        find(verb.name)
                            .unwrap()
                            .spec()
                            .option_names()
                            .contains(&p.name),
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
