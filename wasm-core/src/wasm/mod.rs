//! wasm-bindgen bindings: bytes, numbers, strings and serde values in and out; errors become
//! JS exceptions carrying the spec's message; nothing here panics across the boundary.
//!
//! Thin bindings over the plain-Rust rules, one file per area; `js` holds the glue they share.
//! Amounts cross as JS numbers of whole centavos; objects as plain JS objects read and built
//! field by field (see `js`). Every error becomes a JS `Error` whose message is the spec's text.

mod checkout;
mod days;
mod delivery;
mod documents;
mod forms;
mod js;
mod money;
mod payments;
mod places;
mod pricing;
mod review;

pub use checkout::*;
pub use days::*;
pub use delivery::*;
pub use documents::*;
pub use forms::*;
pub use money::*;
pub use payments::*;
pub use places::*;
pub use pricing::*;
pub use review::*;
