//! Notarisation on Arweave (decisions.md §17): tokens (fichas) bought by Pix
//! ([`tokens`]: `gerarpix_blockchain`, `pegar_fichas_blockchain`), files stored permanently
//! ([`upload`]: the streaming endpoint `POST /api/blockchain/upload` and the spec's JSON
//! `upload_blockchain` with a data URL) and the public record behind `/verificar/{id}`
//! ([`verify`]: `verificar_blockchain`).
//!
//! A token is spent only when the gateway has accepted the transaction and all its chunks, in
//! the same database transaction that records the notarisation; any failure before that keeps
//! the token and answers 'Algum erro ocorreu!'.

mod spool;
pub mod tokens;
pub mod upload;
pub mod verify;
