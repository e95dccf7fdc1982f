//! Bot replies as the transcript format prints them (conventions §4).

use crate::table::{Reply, Visibility};
use std::io::{self, Write};
use std::path::Path;

/// Prints `reply` and writes its picture under `renders` when given.
pub fn reply(reply: &Reply, renders: Option<&Path>, out: &mut dyn Write) -> io::Result<()> {
    let channel = &reply.channel.name;
    match (&reply.visibility, reply.update) {
        (Visibility::Public, false) => writeln!(out, "[#{channel}]")?,
        (Visibility::Ephemeral, false) => writeln!(out, "[#{channel}] (ephemeral)")?,
        // The message a component was on, replaced (Discord's UPDATE_MESSAGE).
        (Visibility::Public, true) => writeln!(out, "[#{channel}] (updated)")?,
        (Visibility::Ephemeral, true) => writeln!(out, "[#{channel}] (ephemeral, updated)")?,
        (Visibility::Direct(who), _) => writeln!(out, "[dm @{}]", user_name(who))?,
    }
    writeln!(
        out,
        "{}",
        channels_as_names(&mentions_as_names(&reply.text))
    )?;
    if let Some(img) = &reply.image {
        if let Some(dir) = renders {
            std::fs::create_dir_all(dir)?;
            std::fs::write(dir.join(&img.name), &img.png)?;
        }
        // Other attachments (a record, a replay GIF) are files, not pictures of the board.
        if img.name.ends_with(".png") {
            writeln!(out, "[image {}]", img.name)?;
        } else {
            writeln!(out, "[file {}]", img.name)?;
        }
    }
    for m in &reply.menus {
        writeln!(out, "[select {}: {}]", m.placeholder, m.command)?;
        for o in &m.options {
            let mut line = format!("[option {}", o.value);
            if o.label != o.value {
                line.push_str(": ");
                line.push_str(&o.label);
            }
            if let Some(d) = &o.description {
                line.push_str(&format!(" ({d})"));
            }
            writeln!(out, "{line}]")?;
        }
    }
    // A button that asks for a confirmation (Resign) is a chat client's: here the typed
    // command is the confirmation, and transcripts list only buttons that act at once.
    for b in reply.buttons.iter().filter(|b| !b.needs_confirmation()) {
        writeln!(out, "[button {}: {}]", b.label, b.command)?;
    }
    if let Some(link) = &reply.link {
        writeln!(out, "[link {}]", link.url)?;
    }
    Ok(())
}

fn user_name(id: &str) -> &str {
    id.strip_prefix("local:").unwrap_or(id)
}

/// `<#local:#pikemen-3>` (a channel mention, as the service writes it) becomes `#pikemen-3`.
pub fn channels_as_names(text: &str) -> String {
    replace_mentions(text, "<#", '#', |id| {
        id.strip_prefix("local:#").unwrap_or(id)
    })
}

/// `<@local:bob>` (a mention, as the service writes it) becomes `@bob`.
pub fn mentions_as_names(text: &str) -> String {
    replace_mentions(text, "<@", '@', user_name)
}

/// Every `OPEN id>` in `text` written as `sigil` and the shown form of the id.
fn replace_mentions(text: &str, open: &str, sigil: char, shown: impl Fn(&str) -> &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find(open) {
        out.push_str(&rest[..i]);
        let after = &rest[i + open.len()..];
        match after.find('>') {
            Some(j) => {
                out.push(sigil);
                out.push_str(shown(&after[..j]));
                rest = &after[j + 1..];
            }
            None => {
                out.push_str(open);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn mentions_print_as_names() {
        assert_eq!(
            super::mentions_as_names("Blue (<@local:bob>) to move, <@123>. <@"),
            "Blue (@bob) to move, @123. <@"
        );
    }
}
