//! Notarisation on Arweave (issue 8, decisions.md §17): tokens (fichas) bought by Pix
//! ([`tokens`]: `gerarpix_blockchain`, `pegar_fichas_blockchain`), files stored permanently
//! ([`upload`]: the streaming endpoint `POST /api/blockchain/upload` and the spec's JSON
//! `upload_blockchain` with a data URL) and the public record behind `/verificar/{id}`
//! ([`verify`]: `verificar_blockchain`).
//!
//! A token is spent only when the gateway has accepted the transaction and all its chunks, in
//! the same database transaction that records the notarisation; any failure before that keeps
//! the token and answers 'Algum erro ocorreu!'.

mod spool;
mod tokens;
mod upload;
mod verify;

pub use tokens::BuyTokens;
pub use upload::{UploadJson, upload_stream};
pub use verify::VerifyRecord;

use crate::{auth::AuthUser, error::ApiResult, state::AppState};
use serde_json::Value;

/// `pegar_fichas_blockchain`.
pub async fn balance(state: &AppState, user: AuthUser) -> ApiResult<Value> {
    tokens::balance(state, &user).await
}

/// `gerarpix_blockchain`.
pub async fn buy_tokens(state: &AppState, user: AuthUser, req: BuyTokens) -> ApiResult<Value> {
    tokens::buy(state, &user, req).await
}

/// `upload_blockchain`.
pub async fn upload_json(state: &AppState, user: AuthUser, req: UploadJson) -> ApiResult<Value> {
    upload::upload_json(state, &user, req).await
}

/// `verificar_blockchain` (public).
pub async fn verify_record(state: &AppState, req: VerifyRecord) -> ApiResult<Value> {
    verify::verify(state, req).await
}
