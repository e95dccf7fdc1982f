//! What /undo says when a turn cannot be taken back.

use crate::i18n::Msg;
use crate::msg;

/// `undo-dice-rolled`: “Your turn is over and { $who } has rolled: in Battle Zone a finished turn
/// cannot be taken back, since it would be played again knowing the dice to come. Within your turn,
/// /undo takes back your actions.”
pub(crate) fn dice_rolled(who: String) -> Msg {
    msg!("undo-dice-rolled", who = who)
}
