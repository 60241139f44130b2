//! Feira's domain rules, written once and used twice: compiled to WebAssembly for the browser
//! (behind the `wasm` feature) and linked natively by the API, so both sides compute the very
//! same numbers and messages. The photo pipeline is its own crate, `photo/` (`feira-photo`).

pub mod cep;
pub mod checkout;
pub mod coupon;
pub mod date;
pub mod delivery;
pub mod document;
pub mod forms;
pub mod messages;
pub mod money;
pub mod options;
pub mod phone;
pub mod places;
pub mod pricing;
pub mod review;
pub mod route;
pub mod store_url;
pub mod text;

#[cfg(feature = "openapi")]
pub mod openapi;
#[cfg(feature = "wasm")]
pub mod wasm;
