//! What /pause and /resume say when they refuse.

use crate::i18n::Msg;
use crate::msg;

pub(crate) fn not_paused() -> Msg {
    msg!("pause-not-paused")
}

pub(crate) fn race() -> Msg {
    msg!("pause-race")
}
