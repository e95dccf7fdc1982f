//! Plateau: play-by-post abstract board games for Discord.
//!
//! Layers, each depending only on those above it in this list:
//! - [`i18n`]: Fluent bundles; every sentence users read comes from `locales/`;
//! - [`engine`]: the rules, pure and synchronous (it names messages, never words them);
//! - [`render`]: PNG boards drawn from engine states;
//! - [`store`]: SQLite, the only module that speaks SQL;
//! - [`ai`]: the computer opponent, Monte Carlo tree search over the engines (pure);
//! - [`rating`]: ratings from finished games (Glicko-2, Weng-Lin), leaderboards, charts;
//! - [`table`]: the play-by-post service (channels, seats, turns, replies);
//! - [`local`] and [`discord`]: transports that turn messages into service calls;
//! - [`web`]: each game's page, read-only (HTTP, server-sent events).

pub mod ai;
pub mod calendar;
pub mod competition;
pub mod config;
pub mod discord;
pub mod engine;
pub mod fnv;
pub mod i18n;
pub mod local;
pub mod ops;
pub mod picker;
pub mod rating;
pub mod render;
pub mod store;
pub mod table;
pub mod web;
