//! How the transport meets Discord's REST failures: each is sorted into what it means for the
//! message (gone for good, worth retrying, or a sign to leave a channel alone), and calls
//! worth retrying are retried a bounded number of times within a deadline.
//!
//! serenity's own rate limiter waits out 429s, but it is off when the bot speaks through a
//! proxy (the `proxy` setting and the tests' fake Discord), and it does not retry 5xx or
//! time-outs at all; hence the retries here. serenity keeps only the error's JSON `code`
//! and `message`, not `retry_after`: behind a proxy, `gate.rs` reads it on the way, and a
//! 429 is waited out exactly that long (a retry made earlier would be refused again and count
//! toward Discord's invalid-request limit); without a gate, with a growing backoff.

use poise::serenity_prelude as serenity;
use std::future::Future;
use std::time::Duration;
use tokio::time::Instant;

/// How long one REST call may take before it counts as failed (a stalled connection must not
/// hold a handler forever).
pub const CALL_TIMEOUT: Duration = Duration::from_secs(10);

/// What a failed call means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// 403 / 50013 Missing Permissions, 50001 Missing Access: the bot may not post here.
    Forbidden,
    /// 10003 Unknown Channel: the channel (or thread) is gone.
    UnknownChannel,
    /// 50083: an archived thread; unarchiving it revives it.
    ArchivedThread,
    /// 10062 Unknown interaction, 50027 Invalid Webhook Token, 10015 Unknown Webhook: the
    /// interaction can no longer be answered this way.
    Interaction,
    /// 40060 "Interaction has already been acknowledged": an earlier attempt got through
    /// (Discord answered it 5xx after doing the work), so it counts as answered.
    AlreadyAnswered,
    /// 50007 "Cannot send messages to this user": they do not accept direct messages.
    ClosedDms,
    /// 160006 "Maximum number of active threads reached" in the server.
    TooManyThreads,
    /// 429: slow down and try again.
    RateLimited,
    /// 5xx or no answer in time: try again (it may have been carried out all the same).
    Unavailable,
    /// No connection: the request never left.
    Unreached,
    /// Anything else (a malformed request: a bug, logged).
    Other,
}

impl Failure {
    pub fn of(e: &serenity::Error) -> Failure {
        let serenity::Error::Http(http) = e else {
            return Failure::Other;
        };
        match http {
            serenity::HttpError::UnsuccessfulRequest(r) => {
                let status = r.status_code.as_u16();
                match (status, r.error.code) {
                    (429, _) => Failure::RateLimited,
                    (500..=599, _) => Failure::Unavailable,
                    (_, 50007) => Failure::ClosedDms,
                    (_, 50013 | 50001) | (403, _) => Failure::Forbidden,
                    (_, 10003) => Failure::UnknownChannel,
                    (_, 50083) => Failure::ArchivedThread,
                    (_, 40060) => Failure::AlreadyAnswered,
                    (_, 160006) => Failure::TooManyThreads,
                    (_, 10062 | 50027 | 10015) => Failure::Interaction,
                    _ => Failure::Other,
                }
            }
            // Refused before it was sent: certainly not carried out.
            serenity::HttpError::Request(r) if r.is_connect() => Failure::Unreached,
            serenity::HttpError::Request(r) if r.is_timeout() => Failure::Unavailable,
            _ => Failure::Other,
        }
    }

    fn transient(self) -> bool {
        matches!(
            self,
            Failure::RateLimited | Failure::Unavailable | Failure::Unreached
        )
    }

    /// Whether Discord certainly did not carry the request out: a 429 (topics/rate-limits:
    /// the request is refused) or no connection. Only these may be retried for a request
    /// that is not idempotent and takes no nonce (a follow-up).
    fn unsent(self) -> bool {
        matches!(self, Failure::RateLimited | Failure::Unreached)
    }
}

/// A failed call: what it means and the error itself (for the log).
#[derive(Debug)]
pub struct Failed {
    pub failure: Failure,
    pub error: String,
}

impl std::fmt::Display for Failed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}: {}", self.failure, self.error)
    }
}

/// Runs `call` until it succeeds, fails for good, or `deadline` would be passed by the next
/// wait; each attempt is cut at [`CALL_TIMEOUT`] (or the deadline, if sooner). For calls that
/// are safe to repeat: idempotent ones, messages with a nonce, an interaction's first answer
/// (a repeat is refused with 40060).
pub async fn retrying<T, F, Fut>(what: &str, deadline: Instant, call: F) -> Result<T, Failed>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, serenity::Error>>,
{
    retry_while(what, deadline, call, Failure::transient).await
}

/// As [`retrying`], for a call that would be carried out twice if repeated after Discord did
/// it (a follow-up takes no nonce): retried only when it certainly was not sent.
pub async fn retrying_unsent<T, F, Fut>(what: &str, deadline: Instant, call: F) -> Result<T, Failed>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, serenity::Error>>,
{
    retry_while(what, deadline, call, Failure::unsent).await
}

async fn retry_while<T, F, Fut>(
    what: &str,
    deadline: Instant,
    mut call: F,
    again: fn(Failure) -> bool,
) -> Result<T, Failed>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, serenity::Error>>,
{
    let mut backoff = Duration::from_millis(250);
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let (failed, limited) = match tokio::time::timeout(left.min(CALL_TIMEOUT), call()).await {
            Ok(Ok(v)) => return Ok(v),
            Ok(Err(e)) => (
                Failed {
                    failure: Failure::of(&e),
                    error: e.to_string(),
                },
                super::gate::retry_after(&e),
            ),
            Err(_) => (
                Failed {
                    failure: Failure::Unavailable,
                    error: "no answer in time".into(),
                },
                None,
            ),
        };
        // A 429's own wait when the gate read it; a small margin covers the clocks' grain.
        let wait = match limited {
            Some(after) => after + Duration::from_millis(20),
            None => backoff,
        };
        if !again(failed.failure) || Instant::now() + wait >= deadline {
            return Err(failed);
        }
        tracing::info!("{what}: {failed}; trying again in {wait:?}");
        tokio::time::sleep(wait).await;
        if limited.is_none() {
            backoff *= 2;
        }
    }
}

/// The deadline of a message that is not an interaction's answer: it may take a while (a
/// rate limit, a short outage), not forever.
pub fn post_deadline() -> Instant {
    Instant::now() + Duration::from_secs(20)
}
