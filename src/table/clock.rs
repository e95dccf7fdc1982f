//! Time and chance come in from outside (conventions §5): real in `serve`, manual in tests.

use crate::engine::rng::SplitMix64;
use std::sync::atomic::{AtomicI64, Ordering};

/// Milliseconds since the Unix epoch, and the seeds of new games and analysis boards.
pub trait Clock: Send + Sync {
    fn now_ms(&self) -> i64;

    /// A new seed (a game's, an analysis board's dice). From the operating system's
    /// randomness: a seed derived from what players can see (the channel, the instant of
    /// `/new`, which Discord's message ids carry to the millisecond) could be found by trying
    /// the few candidates against the first rolls, and every later roll read ahead.
    fn seed(&self, _salt: &str) -> u64 {
        os_seed()
    }
}

/// 64 bits from the operating system. Should it ever fail, the time's nanoseconds mixed
/// with the address space's layout are the fallback: never a fixed value.
fn os_seed() -> u64 {
    getrandom::u64().unwrap_or_else(|_| {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0);
        let here = &nanos as *const u64 as u64;
        SplitMix64::new(nanos ^ here.rotate_left(32)).next()
    })
}

pub struct SystemClock;

impl Clock for SystemClock {
    fn now_ms(&self) -> i64 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_millis() as i64)
            .unwrap_or(0)
    }
}

/// A clock that moves only when told (`!advance` in transcripts).
pub struct ManualClock {
    now: AtomicI64,
}

impl ManualClock {
    pub fn new(start_ms: i64) -> ManualClock {
        ManualClock {
            now: AtomicI64::new(start_ms),
        }
    }
    pub fn advance(&self, ms: i64) {
        self.now.fetch_add(ms, Ordering::SeqCst);
    }
    pub fn set(&self, ms: i64) {
        self.now.store(ms, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now_ms(&self) -> i64 {
        self.now.load(Ordering::SeqCst)
    }

    /// Under a manual clock (tests, transcripts, the local channel) seeds repeat run after
    /// run, so that a transcript's dice are the same each time: from the salt and the time.
    fn seed(&self, salt: &str) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in salt.bytes() {
            h = (h ^ b as u64).wrapping_mul(0x0100_0000_01b3);
        }
        SplitMix64::new(h ^ self.now_ms() as u64).next()
    }
}

/// Real time sped up from a shared starting instant: `anchor + (now - anchor) * rate`. For
/// rehearsing clocks of days in seconds with several processes that must agree on the time
/// (`PLATEAU_CLOCK_RATE=RATE@ANCHOR_MS` for `serve`; the multi-process test uses it).
pub struct ScaledClock {
    anchor_ms: i64,
    rate: i64,
}

/// The environment variable `serve` reads a [`ScaledClock`] from.
pub const CLOCK_RATE_VAR: &str = "PLATEAU_CLOCK_RATE";

impl ScaledClock {
    /// `RATE@ANCHOR_MS`, such as `86400@1767225600000` (a day a second from that instant).
    pub fn parse(text: &str) -> Result<ScaledClock, String> {
        let bad =
            || format!("{CLOCK_RATE_VAR}={text}: give RATE@ANCHOR_MS, such as 86400@1767225600000");
        let (rate, anchor) = text.split_once('@').ok_or_else(bad)?;
        let rate: i64 = rate.trim().parse().map_err(|_| bad())?;
        let anchor_ms: i64 = anchor.trim().parse().map_err(|_| bad())?;
        if rate < 1 {
            return Err(bad());
        }
        Ok(ScaledClock { anchor_ms, rate })
    }
}

impl Clock for ScaledClock {
    fn now_ms(&self) -> i64 {
        let real = SystemClock.now_ms();
        self.anchor_ms + (real - self.anchor_ms).saturating_mul(self.rate)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Conventions §5's fair play: a real clock's seeds do not follow from the channel and
    /// the instant; a manual clock's repeat (the transcripts' dice).
    #[test]
    fn real_seeds_are_unpredictable_and_manual_ones_repeat() {
        let seeds: std::collections::HashSet<u64> =
            (0..64).map(|_| SystemClock.seed("#tavern")).collect();
        assert_eq!(seeds.len(), 64, "64 draws, 64 different seeds");
        let c = ManualClock::new(1_767_225_600_000);
        assert_eq!(c.seed("#tavern"), c.seed("#tavern"));
        assert_ne!(c.seed("#tavern"), c.seed("#arena"));
    }

    #[test]
    fn a_scaled_clock_runs_fast_from_its_anchor() {
        let now = SystemClock.now_ms();
        let c = ScaledClock::parse(&format!("1000@{}", now - 10)).unwrap();
        let t = c.now_ms();
        assert!(t >= now - 10 + 10_000, "{t}");
        assert!(ScaledClock::parse("fast").is_err());
        assert!(ScaledClock::parse("0@5").is_err());
    }
}
