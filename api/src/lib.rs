//! Feira's API as a library: `main.rs` and the tests build the same [`startup::Application`].

pub mod arweave;
pub mod auth;
pub mod config;
pub mod db;
pub mod domain;
pub mod error;
pub mod mail;
pub mod media;
pub mod messages;
pub mod openapi;
pub mod pix;
pub mod places;
pub mod rpc;
pub mod seed;
pub mod startup;
pub mod state;
pub mod telemetry;
pub mod web;
