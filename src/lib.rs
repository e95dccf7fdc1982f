//! Plateau: play-by-post abstract board games for Discord.
//!
//! Layers, each depending only on those above it in this list:
//! - [`engine`]: the rules, pure and synchronous;
//! - [`render`]: PNG boards drawn from engine states;
//! - [`store`]: SQLite, the only module that speaks SQL;
//! - [`table`]: the play-by-post service (channels, seats, turns, replies);
//! - [`local`] and [`discord`]: transports that turn messages into service calls.

pub mod discord;
pub mod engine;
pub mod local;
pub mod render;
pub mod store;
pub mod table;
