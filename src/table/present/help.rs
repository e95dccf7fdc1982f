//! The words of /rules and /help: a game's rules and verbs, the help's headings and lines.

use crate::i18n::{Lang, Msg};
use crate::{msg, tr};

/// `help-channel-game`: “This channel plays { $game }: { $commands }”
pub(crate) fn channel_game(lang: Lang, game: &str, commands: String) -> String {
    tr!(lang, "help-channel-game", game = game, commands = commands)
}

/// `help-games`: “Games: { $games }.”
pub(crate) fn games(lang: Lang, games: String) -> String {
    tr!(lang, "help-games", games = games)
}

/// `help-heading-compete`: “Ratings and competition:”
pub(crate) fn heading_compete(lang: Lang) -> String {
    tr!(lang, "help-heading-compete")
}

/// `help-heading-correspondence`: “Playing over days and weeks:”
pub(crate) fn heading_correspondence(lang: Lang) -> String {
    tr!(lang, "help-heading-correspondence")
}

/// `help-intro`: “Plateau hosts board games in this channel, one game at a time.”
pub(crate) fn intro(lang: Lang) -> String {
    tr!(lang, "help-intro")
}

/// `option-placeholder`: “{ $name }”
pub(crate) fn option_placeholder(name: &str) -> Msg {
    msg!("option-placeholder", name = name)
}

/// `rules-games`: “Games: { $games }. Read one's rules with /rules GAME, e.g. /rules pikemen.”
pub(crate) fn rules_games(lang: Lang, games: String) -> String {
    tr!(lang, "rules-games", games = games)
}

/// `rules-no-such-game`: “There is no game called "{ $game }": the games are { $games }.”
pub(crate) fn no_such_game(game: &str, games: String) -> Msg {
    msg!("rules-no-such-game", game = game, games = games)
}

/// `rules-play-only`: “/play MOVE”
pub(crate) fn play_only(lang: Lang) -> String {
    tr!(lang, "rules-play-only")
}

/// `rules-text`: “{ $summary }”
pub(crate) fn rules_text(lang: Lang, summary: Msg, commands: String) -> String {
    tr!(lang, "rules-text", summary = summary, commands = commands)
}

/// `rules-verbs`: “{ $verbs } (or /play MOVE)”
pub(crate) fn verbs(lang: Lang, verbs: String) -> String {
    tr!(lang, "rules-verbs", verbs = verbs)
}
