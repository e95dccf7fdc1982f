//! Service replies as Discord messages, and the custom ids that carry a button's command.
//!
//! A board travels as a PNG attachment shown by an embed whose description is the service's
//! text; pings go in the message content (Discord never pings from an embed) and
//! `allowed_mentions` lets through only the users the reply names, so text quoting a name can
//! never ping anyone else.

use super::menus::{clip, decode_id, encode_id, select, MenuId, Refusal};
use crate::engine::GameKind;
use crate::fnv::Fnv;
use crate::i18n::Lang;
use crate::table::commands;
use crate::table::Arg;
use crate::table::{Button, Command, Menu, Reply, Visibility};
use crate::tr;
use serenity::all::{
    ButtonStyle, CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateButton,
    CreateEmbed, CreateInteractionResponseFollowup, CreateInteractionResponseMessage,
    CreateMessage, EditInteractionResponse, Nonce, UserId,
};

/// The same message on any of serenity's four builders (they share no trait): mentions,
/// buttons, text, embed and the attachment, added with the builder's own `$attach` method.
macro_rules! fill {
    ($out:ident, $builder:expr, $attach:ident) => {{
        let mut m = $builder
            .allowed_mentions($out.mentions.clone())
            .components($out.components.clone());
        if let Some(c) = &$out.content {
            m = m.content(c.clone());
        }
        if let Some(e) = &$out.embed {
            m = m.embed(e.clone());
        }
        if let Some(f) = &$out.file {
            m = m.$attach(f.clone());
        }
        m
    }};
}

pub const MAX_CONTENT: usize = 2000;
pub const MAX_EMBED: usize = 4096;
/// Discord's limits: 5 buttons per row, 5 rows (and `MAX_CUSTOM_ID`, shared with menus).
const BUTTONS_PER_ROW: usize = 5;
const MAX_BUTTON_LABEL: usize = 80;
const MAX_ROWS: usize = 5;

/// What a button does when clicked: run `command`, or first ask to confirm it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ButtonId {
    pub game: Option<(i64, u32)>,
    pub command: String,
    pub confirm: bool,
}

/// Commands a stray click must not do at once.
impl ButtonId {
    pub fn for_button(b: &Button) -> ButtonId {
        ButtonId {
            game: b.game,
            command: b.command.clone(),
            confirm: b.needs_confirmation(),
        }
    }

    /// `b|GAME|MOVES|COMMAND` (or `c|..` to ask first); `b|||/help` without a game.
    pub fn encode(&self) -> Option<String> {
        encode_id(
            if self.confirm { "c" } else { "b" },
            self.game,
            &self.command,
        )
    }

    pub fn decode(id: &str) -> Option<ButtonId> {
        let id = decode_id(id)?;
        let confirm = match id.kind {
            "b" => false,
            "c" => true,
            _ => return None,
        };
        Some(ButtonId {
            game: id.game,
            command: id.command,
            confirm,
        })
    }
}

/// Reads a button's (or a menu choice's) command as typed (`/start order:join`, `/play turn e2 n`) the way the
/// service reads typed commands: options as `name:value` or in declared order.
pub fn parse_command_text(text: &str, game: Option<GameKind>) -> Option<Command> {
    let text = text.trim().strip_prefix('/')?;
    let (name, rest) = text.split_once(' ').unwrap_or((text, ""));
    // `/play` and the move picker's `/pick` take their rest as one free-text option (a move,
    // or the picker's path so far), whatever its words.
    let args: Vec<Arg> = if name == "play" || name == "pick" {
        let rest = rest.trim();
        if rest.is_empty() {
            Vec::new()
        } else {
            vec![Arg::positional(rest)]
        }
    } else {
        rest.split_whitespace()
            .map(|w| match w.split_once(':') {
                Some((k, v)) => Arg::named(k, v),
                None => Arg::positional(w),
            })
            .collect()
    };
    commands::build(game, name, &args).ok()
}

fn style(command: &str) -> ButtonStyle {
    match command.split_whitespace().next() {
        Some("/resign") => ButtonStyle::Danger,
        Some("/join") | Some("/start") => ButtonStyle::Success,
        _ => ButtonStyle::Secondary,
    }
}

pub fn button(id: &ButtonId, label: &str) -> Option<CreateButton> {
    Some(
        CreateButton::new(id.encode()?)
            // components/reference#button: a label of at most 80 characters.
            .label(clip(label, MAX_BUTTON_LABEL))
            .style(style(&id.command)),
    )
}

/// The action rows of a reply: each select menu on its own row (Discord puts a select alone
/// in its row), then the buttons five to a row, at most five rows. A component whose custom id
/// another already has is left out (components/reference: "Multiple components on the same
/// message must not share the same custom_id"), and so is whatever does not fit; the menus
/// that could not be sent are returned, for the message to say how to type them instead.
pub fn rows(menus: &[Menu], buttons: &[Button]) -> (Vec<CreateActionRow>, Vec<Menu>) {
    let mut ids: Vec<String> = Vec::new();
    let mut rows: Vec<CreateActionRow> = Vec::new();
    let mut refused: Vec<Menu> = Vec::new();
    for m in menus {
        let made = select(m).and_then(|s| {
            let id = MenuId::for_menu(m).encode().ok_or(Refusal::IdTooLong)?;
            if ids.contains(&id) {
                return Err(Refusal::Duplicate);
            }
            ids.push(id);
            Ok(s)
        });
        match made {
            Ok(s) if rows.len() < MAX_ROWS => rows.push(CreateActionRow::SelectMenu(s)),
            Ok(_) => {
                tracing::error!(command = m.command.as_str(), "a menu over Discord's 5 rows");
                refused.push(m.clone());
            }
            Err(why) => {
                tracing::error!(command = m.command.as_str(), "a menu not sent: {why}");
                refused.push(m.clone());
            }
        }
    }
    let mut made: Vec<CreateButton> = Vec::new();
    for b in buttons {
        let id = ButtonId::for_button(b);
        let Some(text) = id.encode() else {
            tracing::error!(
                command = b.command.as_str(),
                "a button not sent: its custom id would be over 100 characters"
            );
            continue;
        };
        if ids.contains(&text) {
            continue;
        }
        ids.push(text);
        made.extend(button(&id, &b.label));
    }
    let room = MAX_ROWS - rows.len();
    if made.len() > room * BUTTONS_PER_ROW {
        tracing::error!(
            buttons = made.len(),
            "buttons beyond Discord's 5 rows left out"
        );
    }
    rows.extend(
        made.chunks(BUTTONS_PER_ROW)
            .take(room)
            .map(|row| CreateActionRow::Buttons(row.to_vec())),
    );
    (rows, refused)
}

/// Adds a link button (style 5: a `url`, no custom id; Discord opens it without telling the
/// bot) to `url` after the other buttons, in their last row if it has room, else in a row of
/// its own if Discord allows one more.
fn with_link(rows: &mut Vec<CreateActionRow>, url: &str, label: &str) {
    let link = CreateButton::new_link(url).label(clip(label, MAX_BUTTON_LABEL));
    if let Some(CreateActionRow::Buttons(last)) = rows.last_mut() {
        if last.len() < BUTTONS_PER_ROW {
            last.push(link);
            return;
        }
    }
    if rows.len() < MAX_ROWS {
        rows.push(CreateActionRow::Buttons(vec![link]));
    }
}

/// A reply laid out for Discord, ready to become any of serenity's message builders.
#[derive(Clone, Debug)]
pub struct Outgoing {
    pub content: Option<String>,
    pub embed: Option<CreateEmbed>,
    pub file: Option<CreateAttachment>,
    pub components: Vec<CreateActionRow>,
    pub mentions: CreateAllowedMentions,
    pub ephemeral: bool,
    /// The nonce of this message as a channel post: the same for the same logical post (a
    /// retry, a board re-posted after its interaction died), so that Discord, with
    /// `enforce_nonce`, returns the first message instead of posting (and pinging) twice.
    pub nonce: String,
    /// Laid out to be updated in place (text in the content, the picture a plain attachment):
    /// an update then clears any embed the message had.
    pub panel: bool,
}

/// `p` and 16 hex digits: 17 characters, within Discord's 25 (resources/message
/// #create-message, `nonce`).
fn nonce_of(reply: &Reply) -> String {
    let mut h = Fnv::new();
    let to = match &reply.visibility {
        Visibility::Direct(user) => format!("dm {user}"),
        Visibility::Public => "public".to_string(),
        Visibility::Ephemeral => "private".to_string(),
    };
    h.eat(reply.channel.id.as_bytes())
        .eat(to.as_bytes())
        .eat(reply.text.as_bytes());
    if let Some(image) = &reply.image {
        // The picture by its CRC-32 (vectorised): FNV, a byte at a time, over a 100 KB board
        // was 2% of a bot's CPU under load.
        h.eat(image.name.as_bytes())
            .eat(&crc32fast::hash(&image.png).to_le_bytes());
    }
    for m in &reply.mentions {
        h.eat(m.as_bytes());
    }
    for b in &reply.buttons {
        h.eat(b.command.as_bytes());
    }
    for m in &reply.menus {
        h.eat(m.command.as_bytes());
        for o in &m.options {
            h.eat(o.value.as_bytes());
        }
    }
    format!("p{:016x}", h.0)
}

/// Allowed mentions that ping nobody: no users (until some are added), no roles, no
/// `@everyone`, no replied user. Set on every message, so that text quoting a user can never
/// ping (Discord's default, with no `allowed_mentions`, parses every mention).
fn quiet() -> CreateAllowedMentions {
    CreateAllowedMentions::new()
        .empty_users()
        .empty_roles()
        .everyone(false)
        .replied_user(false)
}

fn mention_ids(reply: &Reply) -> Vec<UserId> {
    reply
        .mentions
        .iter()
        .filter_map(|id| id.parse::<u64>().ok().filter(|n| *n != 0))
        .map(UserId::new)
        .collect()
}

impl Outgoing {
    pub fn from_reply(reply: &Reply) -> Outgoing {
        Outgoing::from_reply_in(reply, Lang::EN)
    }

    /// The reply laid out for Discord; `lang` is the reader's, for what the transport adds (how
    /// to type a choice whose menu could not be sent).
    pub fn from_reply_in(reply: &Reply, lang: Lang) -> Outgoing {
        let ephemeral = reply.visibility == Visibility::Ephemeral;
        let ids = if ephemeral {
            Vec::new()
        } else {
            mention_ids(reply)
        };
        let pings_for = |text: &str| -> Option<String> {
            let pings: Vec<String> = ids
                .iter()
                .map(|id| format!("<@{id}>"))
                .filter(|p| !text.contains(p.as_str()))
                .collect();
            (!pings.is_empty()).then(|| pings.join(" "))
        };
        let (mut components, refused) = rows(&reply.menus, &reply.buttons);
        if let Some(link) = &reply.link {
            with_link(&mut components, &link.url, &link.label);
        }
        let mut text = reply.text.clone();
        for m in &refused {
            text.push_str("\n\n");
            text.push_str(&tr!(lang, "bot-menu-unsent", command = m.command.as_str()));
        }
        let file = reply.image.as_ref().map(attachment);
        let panel = !reply.menus.is_empty() || reply.update;
        let (content, embed) = match &reply.image {
            // A message whose components change it in place (the move picker) keeps its text
            // in the content and its picture as a plain attachment, outside any embed: an
            // update can then replace the text alone and leave the picture as it is (an
            // update without `attachments` keeps them; resources/message#edit-message).
            _ if panel => {
                let text = match pings_for(&text) {
                    Some(p) => format!("{p} {text}"),
                    None => text,
                };
                (Some(clip(&text, MAX_CONTENT)), None)
            }
            // Discord never notifies a mention inside an embed: the pings of a board go in
            // the message content, even though its text (in the embed) names them too.
            Some(image) => (
                pings_for(""),
                Some({
                    let embed = CreateEmbed::new().description(clip(&text, MAX_EMBED));
                    // Pictures (boards, a replay GIF) show in the embed; a game record is a
                    // plain file under it.
                    if image.name.ends_with(".png") || image.name.ends_with(".gif") {
                        embed.image(format!("attachment://{}", image.name))
                    } else {
                        embed
                    }
                }),
            ),
            None => {
                let text = match pings_for(&text) {
                    Some(p) => format!("{p} {text}"),
                    None => text,
                };
                if text.chars().count() <= MAX_CONTENT {
                    (Some(text), None)
                } else {
                    // Long listings (history, legal moves) fit an embed's larger limit.
                    (
                        None,
                        Some(CreateEmbed::new().description(clip(&text, MAX_EMBED))),
                    )
                }
            }
        };
        Outgoing {
            content,
            embed,
            file,
            components,
            mentions: quiet().users(ids),
            ephemeral,
            nonce: nonce_of(reply),
            panel,
        }
    }

    /// A private answer of the transport's own (a confirmation, a leftover interaction), with
    /// mentions as explicit as every other message: none.
    pub fn private(text: &str, components: Vec<CreateActionRow>) -> Outgoing {
        Outgoing {
            content: Some(clip(text, MAX_CONTENT)),
            embed: None,
            file: None,
            components,
            mentions: quiet(),
            ephemeral: true,
            nonce: format!("p{:016x}", Fnv::new().eat(text.as_bytes()).0),
            panel: false,
        }
    }

    pub fn response(&self) -> CreateInteractionResponseMessage {
        fill!(
            self,
            CreateInteractionResponseMessage::new().ephemeral(self.ephemeral),
            add_file
        )
    }

    pub fn edit(&self) -> EditInteractionResponse {
        fill!(self, EditInteractionResponse::new(), new_attachment)
    }

    /// This message as the update of the message its component was on (UPDATE_MESSAGE, type
    /// 7): the callback's body and its files. An update replaces what it names and keeps the
    /// rest (resources/message#edit-message: attachments are kept unless `attachments` is
    /// sent). So an update without a picture of its own sends no `attachments`, and the
    /// message keeps its picture; serenity's builder always writes the field (an empty list,
    /// which would remove the picture), hence the JSON made here. Any embed is cleared: an
    /// embed's picture left alone then shows as a plain attachment (discord-api-docs#2840).
    pub fn update(&self) -> (serde_json::Value, Vec<CreateAttachment>) {
        let data = fill!(self, CreateInteractionResponseMessage::new(), add_file);
        let data = if self.embed.is_none() {
            data.embeds(Vec::new())
        } else {
            data
        };
        let response = serenity::all::CreateInteractionResponse::UpdateMessage(data);
        let mut body = serde_json::to_value(&response).unwrap_or_default();
        if self.file.is_none() {
            if let Some(d) = body
                .get_mut("data")
                .and_then(serde_json::Value::as_object_mut)
            {
                d.remove("attachments");
            }
        }
        (body, self.file.iter().cloned().collect())
    }

    /// As [`Outgoing::update`], as the edit of the message after a deferred update (type 6):
    /// there, `attachments` is written only with a new picture.
    pub fn update_edit(&self) -> EditInteractionResponse {
        let edit = self.edit();
        if self.embed.is_none() {
            edit.embeds(Vec::new())
        } else {
            edit
        }
    }

    pub fn followup(&self) -> CreateInteractionResponseFollowup {
        fill!(
            self,
            CreateInteractionResponseFollowup::new().ephemeral(self.ephemeral),
            add_file
        )
    }

    /// A channel message (or DM), with its nonce enforced: a retry after Discord answered 5xx
    /// having posted it returns the first message rather than a second one.
    pub fn message(&self) -> CreateMessage {
        fill!(self, CreateMessage::new(), add_file)
            .nonce(Nonce::String(self.nonce.clone()))
            .enforce_nonce(true)
    }
}

/// A reply's picture as Discord's attachment, with its description for screen readers
/// (`description`, at most 1,024 characters: resources/message#attachment-object).
fn attachment(image: &crate::table::Image) -> CreateAttachment {
    let file = CreateAttachment::bytes(image.png.clone(), image.name.clone());
    if image.description.is_empty() {
        return file;
    }
    file.description(image.description.clone())
}

#[cfg(test)]
mod nonce_tests {
    use super::*;
    use crate::table::ChannelRef;

    fn board(channel: &str, text: &str) -> Reply {
        Reply {
            channel: ChannelRef {
                id: channel.into(),
                name: "tavern".into(),
                guild: None,
            },
            visibility: Visibility::Public,
            text: text.into(),
            image: None,
            buttons: Vec::new(),
            mentions: vec!["100000000000000002".into()],
            menus: Vec::new(),
            update: false,
            link: None,
        }
    }

    #[test]
    fn a_post_keeps_its_nonce_and_another_gets_another() {
        let a = Outgoing::from_reply(&board("7", "alice played turn d1 e."));
        let again = Outgoing::from_reply(&board("7", "alice played turn d1 e."));
        assert_eq!(a.nonce, again.nonce, "a retry reuses the nonce");
        assert!(a.nonce.chars().count() <= 25, "Discord takes 25 characters");
        let elsewhere = Outgoing::from_reply(&board("8", "alice played turn d1 e."));
        let next = Outgoing::from_reply(&board("7", "bob played turn a4 s."));
        assert_ne!(a.nonce, elsewhere.nonce);
        assert_ne!(a.nonce, next.nonce);
        let m = serde_json::to_value(a.message()).unwrap();
        assert_eq!(m["nonce"], serde_json::json!(a.nonce));
        assert_eq!(m["enforce_nonce"], serde_json::json!(true));
    }

    #[test]
    fn a_linked_board_carries_a_link_button() {
        let mut r = board("7", "alice played turn d1 e.");
        r.link = Some(crate::table::Link {
            url: "https://plateau.example/g/abc".into(),
            label: "Game page".into(),
        });
        let m = serde_json::to_value(Outgoing::from_reply(&r).message()).unwrap();
        let link = &m["components"][0]["components"][0];
        assert_eq!(link["style"], serde_json::json!(5));
        assert_eq!(
            link["url"],
            serde_json::json!("https://plateau.example/g/abc")
        );
        assert!(link.get("custom_id").is_none(), "{link}");
    }
}
