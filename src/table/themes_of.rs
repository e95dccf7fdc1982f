//! The board theme of each picture: the channel's for a public board, the asker's for a
//! private one; read from the choices the service holds (`theme.rs`).

use super::language::server_key;
use super::{store_failure, ChannelRef, Refusal};
use crate::render::Theme;
use crate::table::theme::*;
use crate::table::Service;

/// The theme of the public boards of `channel`'s server.
pub(crate) fn public_theme(svc: &Service, channel: &ChannelRef) -> Theme {
    svc.themes
        .read()
        .get(SERVER, server_key(channel))
        .unwrap_or(DEFAULT)
}

/// The theme of pictures only `user` sees, asked for in `channel`.
pub(crate) fn private_theme(svc: &Service, user: &str, channel: &ChannelRef) -> Theme {
    let themes = svc.themes.read();
    themes
        .get(USER, user)
        .or_else(|| themes.get(SERVER, server_key(channel)))
        .unwrap_or(DEFAULT)
}

/// A choice as `/settings` shows it (`None` for auto).
pub(crate) fn chosen_theme(svc: &Service, scope: &str, key: &str) -> Option<Theme> {
    svc.themes.read().get(scope, key)
}

/// Sets (or with `None`, forgets) a choice of `/settings`.
pub(crate) fn choose_theme(
    svc: &Service,
    scope: &'static str,
    key: &str,
    theme: Option<Theme>,
) -> Result<(), Refusal> {
    let stored = svc.store().set_theme(scope, key, theme.map(Theme::name));
    stored.map_err(store_failure)?;
    let mut themes = svc.themes.write();
    let k = (scope.to_string(), key.to_string());
    match theme {
        Some(t) => themes.rows.insert(k, t),
        None => themes.rows.remove(&k),
    };
    Ok(())
}
