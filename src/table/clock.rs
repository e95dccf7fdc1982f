//! Time comes in from outside (conventions §5): real in `serve`, manual in tests.

use std::sync::atomic::{AtomicI64, Ordering};

/// Milliseconds since the Unix epoch.
pub trait Clock: Send + Sync {
    fn now_ms(&self) -> i64;
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
