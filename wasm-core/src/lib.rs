//! Feira's domain rules, written once and used twice: compiled to WebAssembly for the browser
//! (behind the `wasm` feature) and linked natively by the API, so both sides compute the very
//! same numbers and messages.

pub mod money;
pub mod places;
pub mod text;

#[cfg(feature = "wasm")]
pub mod wasm;
