//! Operations (issue 16): what the people running the bot watch. Prometheus metrics of the
//! service (moves, requests and their latency, games in memory, timers due) and a small HTTP
//! endpoint serving them with a readiness check, off unless `[ops] listen` is set.
//!
//! A leaf room: the service and the transports record into it; it knows neither.

pub mod endpoint;
pub mod metrics;
