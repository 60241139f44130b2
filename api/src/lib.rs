//! Feira's API as a library: `main.rs` and the tests build the same [`startup::Application`].

pub mod arweave;
pub mod auth;
pub mod backup;
#[cfg(test)]
mod boundaries;
pub mod config;
pub mod db;
pub mod domain;
pub mod error;
pub mod events;
pub mod jobs;
pub mod mail;
pub mod media;
pub mod messages;
pub mod metrics;
pub mod ops;
pub mod outside;
pub mod pix;
pub mod pix_http;
pub mod places;
pub mod rpc;
pub mod search;
pub mod security;
pub mod seed;
pub mod startup;
pub mod state;
pub mod telemetry;
pub mod web;
pub mod whatsapp_http;
