//! End-to-end tests of the Discord transport against the fake Discord of `tests/support/`,
//! which behaves as Discord does (notifications, defers, 3 s, limits) and validates every
//! request against Discord's own OpenAPI description.

#[path = "../support/mod.rs"]
mod support;

mod analysis;
mod answers;
mod bots;
mod competition;
mod degrade;
mod faults;
mod follow;
mod fuzz;
mod game;
mod gateway;
mod harness;
mod languages;
mod notify;
mod pages;
mod ratings;
mod tapping;
mod threads;
