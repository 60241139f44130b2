//! The API suite: each test spawns the whole application on a random port with a fresh database
//! (SQLite by default; PostgreSQL when `TEST_DATABASE_URL` points at a server).

mod address;
mod admin;
mod ads;
mod auth;
mod catalog;
mod contract;
mod coupons;
mod fixtures;
mod helpers;
mod instances;
mod mail;
mod matrix;
mod media;
mod moderation;
mod notary;
mod openapi;
mod orders;
mod paging;
mod pix;
mod places;
mod privacy;
mod psp;
mod resilience;
mod reviews;
mod security;
mod spec_clients;
mod subscriptions;
mod subscriptions_pix;
mod subscriptions_sandbox;
mod supplier;
mod whatsapp;
