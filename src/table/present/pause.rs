//! What /pause and /resume say when they refuse.

use crate::i18n::Msg;
use crate::msg;

/// `pause-not-paused`: “This game's clocks are not paused. /pause offers to stop them.”
pub(crate) fn not_paused() -> Msg {
    msg!("pause-not-paused")
}

/// `pause-race`: “The game changed at the same moment; check /board and try again.”
pub(crate) fn race() -> Msg {
    msg!("pause-race")
}
