//! What a request gets back before it is put into words: the replies, or a refusal saying
//! what was wrong (built into an ephemeral answer in the author's language), and how a store
//! failure becomes one.

use super::api::Reply;
use crate::i18n::Msg;
use crate::msg;
use crate::store::db::DbError;
use crate::store::StoreError;

/// Why a request was refused: the ephemeral answer, put into words in the author's language.
#[derive(Debug)]
pub(crate) struct Refusal(pub Msg);

impl From<Msg> for Refusal {
    fn from(m: Msg) -> Refusal {
        Refusal(m)
    }
}

pub(crate) type Answer = Result<Vec<Reply>, Refusal>;

/// The value, or `None` after logging why the store failed: for reads whose failure should
/// only thin out a message (a reminder, a digest, a ping) rather than refuse a request.
pub(crate) fn logged<T>(what: &str, r: Result<T, StoreError>) -> Option<T> {
    r.map_err(|e| tracing::error!("store: {what}: {e}")).ok()
}

/// What a user reads when the store failed; a game the store cannot read is named as damaged
/// (a moderator can `/abort` it), not as a passing failure to try again.
pub(crate) fn store_failure(e: StoreError) -> Refusal {
    if let StoreError::Sql(DbError::Damaged { row, why }) = e {
        tracing::error!(game = row, "damaged game refused: {why}");
        return Refusal(msg!("lobby-damaged", game = row, why));
    }
    tracing::error!("store: {e}");
    Refusal(msg!("error-store", error = e.to_string()))
}
