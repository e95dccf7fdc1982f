//! What /undo says when a turn cannot be taken back.

use crate::i18n::Msg;
use crate::msg;

pub(crate) fn dice_rolled(who: String) -> Msg {
    msg!("undo-dice-rolled", who)
}
