//! `permitir_documento`: one store per CPF/CNPJ is the rule (`domain::stores::document_taken`);
//! the administrator may allow a document to be shared by more than one store (a person with
//! two stores), or take the allowance back. Stores already registered stay either way.

use crate::{
    auth::Admin,
    db::now_ms,
    domain::stores,
    error::{ApiError, ApiResult},
    rpc::shapes::True,
    state::AppState,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use wasm_core::document::TaxId;

/// `permitir_documento`: the CPF or CNPJ (with or without its punctuation), and whether a
/// second store may use it (`true` when absent).
#[derive(Debug, Deserialize, ToSchema)]
pub struct AllowDocument {
    /// The CPF or CNPJ, typed with or without the mask.
    #[serde(rename = "cpf")]
    pub document: String,
    /// `true` (the default): more than one store may have it; `false`: one again.
    #[serde(rename = "permitir", default = "yes")]
    pub allow: bool,
}

const fn yes() -> bool {
    true
}

/// `permitir_documento`'s answer: the document, formatted, and the allowance as saved.
#[derive(Debug, Serialize, ToSchema)]
pub struct DocumentAllowed {
    pub ok: True,
    /// `123.456.789-09` or `12.345.678/0001-95`.
    #[serde(rename = "cpf")]
    pub document: String,
    #[serde(rename = "permitir")]
    pub allowed: bool,
}

/// `permitir_documento`: 400 `CPF/CNPJ inválido.` for what is neither.
pub async fn allow(
    state: &AppState,
    _admin: Admin,
    req: AllowDocument,
) -> ApiResult<DocumentAllowed> {
    let doc =
        TaxId::parse(&req.document).map_err(|_| ApiError::bad_request("CPF/CNPJ inválido."))?;
    stores::allow_document(&state.db, doc.as_str(), req.allow, now_ms()).await?;
    tracing::info!(
        allowed = req.allow,
        "admin: a document shared by several stores"
    );
    Ok(DocumentAllowed {
        ok: True,
        document: doc.formatted(),
        allowed: req.allow,
    })
}
