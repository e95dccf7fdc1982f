//! The markup replies speak, in Discord's own syntax (the Discord layer sends it as is; the local
//! channel prints it readably): a user's mention, a relative timestamp, a channel link. No other
//! file of the service writes these forms by hand.

use crate::ai::Occupant;
use crate::store::SeatRow;

pub(crate) use crate::i18n::span;

/// `<@id>`: pings the user when the message is created and allows the mention.
pub(crate) fn mention(user: &str) -> String {
    format!("<@{user}>")
}

/// A seated player as a message names them: a person is mentioned, a computer player is only
/// named (nobody is behind it to notify).
pub(crate) fn person(seat: &SeatRow) -> String {
    match seat.occupant() {
        Occupant::Human(id) => mention(id),
        Occupant::Bot(_) => seat.name.clone(),
    }
}

/// `<t:1767657600:R>`: Discord shows it as "in 2 days"; the local channel prints it as is.
pub(crate) fn stamp(ms: i64) -> String {
    format!("<t:{}:R>", ms.div_euclid(1000))
}

/// `<#id>`: a link to a channel or thread.
pub(crate) fn channel(id: &str) -> String {
    format!("<#{id}>")
}

/// Where a channel is: a link Discord opens (`@me` for direct messages) when the channel is
/// a Discord one, else its name.
pub(crate) fn channel_link(channel_id: &str, guild: Option<&str>, name: &str) -> String {
    if !channel_id.is_empty() && channel_id.bytes().all(|b| b.is_ascii_digit()) {
        format!(
            "https://discord.com/channels/{}/{channel_id}",
            guild.unwrap_or("@me")
        )
    } else {
        format!("#{name}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_forms() {
        assert_eq!(mention("42"), "<@42>");
        let seat = |id: String, name: &str| SeatRow::new(id, name.into(), 1, Some(1));
        assert_eq!(person(&seat("42".into(), "ann")), "<@42>");
        let bot = crate::ai::bot_id(crate::ai::Level::Easy, 2);
        assert_eq!(person(&seat(bot, "Plateau (easy) #2")), "Plateau (easy) #2");
        assert_eq!(stamp(1_767_225_600_999), "<t:1767225600:R>");
        assert_eq!(channel("7"), "<#7>");
    }

    #[test]
    fn links_open_discord_channels_and_dms() {
        assert_eq!(
            channel_link("123", Some("9"), "x"),
            "https://discord.com/channels/9/123"
        );
        assert_eq!(
            channel_link("123", None, "x"),
            "https://discord.com/channels/@me/123"
        );
        assert_eq!(channel_link("local:#tavern", None, "tavern"), "#tavern");
    }
}
