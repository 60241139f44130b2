//! Arweave (decisions.md §17): the platform's wallet ([`wallet`], a JWK file), format-2
//! transactions ([`transaction`]: tags, `data_root`, deep hash ([`deep_hash`]), RSA-PSS
//! signature), the chunk tree of a file read from disk ([`chunks`]: 256 KiB chunks, Arweave's
//! balancing of the last two, Merkle proofs) and the gateway's HTTP API ([`gateway`]:
//! `GET /tx_anchor`, `GET /price/{bytes}`, `POST /tx`, `POST /chunk` with retries,
//! `GET /tx/{id}/status`).
//!
//! Hand-written on `ring` (the RSA-PSS signature), `sha2` and `base64` (why, in docs/arweave.md): the Rust crates that
//! exist hold the whole file in memory and pull old dependency trees; this code streams from
//! a file and is checked against the npm `arweave` client in the tests.

pub mod chunks;
pub mod deep_hash;
pub mod gateway;
pub mod notary;
pub mod transaction;
pub mod wallet;

use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};

pub use chunks::ChunkedFile;
pub use gateway::{Gateway, TxStatus};
pub use notary::Notary;
pub use transaction::{Tag, Transaction};
pub use wallet::Wallet;

/// Base64url without padding, Arweave's encoding of every binary field.
pub fn b64(bytes: &[u8]) -> String {
    URL_SAFE_NO_PAD.encode(bytes)
}

/// Decodes Arweave's base64url (padding tolerated).
pub fn unb64(text: &str) -> anyhow::Result<Vec<u8>> {
    Ok(URL_SAFE_NO_PAD.decode(text.trim_end_matches('='))?)
}
