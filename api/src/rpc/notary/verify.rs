//! `verificar_blockchain` (public, behind `/verificar/{transactionId}`): what we recorded for
//! a transaction (file name, type, size, SHA-256, date, link) and the gateway's confirmation
//! status. Anyone may ask, so the gateway is asked within bounds ([`crate::outside`]): a
//! confirmation read in the last `ARWEAVE_STATUS_CACHE_SECONDS` is answered again (a pending
//! status is asked again, it changes within minutes), reads are bounded by `ARWEAVE_READ_RATE`
//! across all instances, and over it the visitor is told to try again shortly (503 with
//! `Retry-After`). Only our own transactions reach the gateway.

use crate::{
    arweave::TxStatus,
    error::{ApiError, ApiResult},
    state::AppState,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// `verificar_blockchain`: the transaction asked about.
#[derive(Debug, Deserialize, ToSchema)]
pub struct VerifyRecord {
    #[serde(rename = "transactionId")]
    transaction_id: String,
}

/// What the gateway says of a transaction, asked at each call.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
pub enum GatewayStatus {
    /// In a block (with `confirmacoes`).
    #[serde(rename = "confirmado")]
    Confirmed,
    #[serde(rename = "pendente")]
    Pending,
    /// The gateway does not know it.
    #[serde(rename = "desconhecido")]
    Unknown,
    /// The gateway did not answer.
    #[serde(rename = "indisponivel")]
    Unavailable,
}

/// `verificar_blockchain`'s answer: what we recorded (never the description) and the
/// gateway's status.
#[derive(Debug, Serialize, ToSchema)]
pub struct Verification {
    #[serde(rename = "transactionId")]
    pub transaction_id: String,
    #[serde(rename = "nomeArquivo")]
    pub file_name: String,
    /// The file's content type.
    #[serde(rename = "tipo")]
    pub content_type: String,
    /// Bytes.
    #[serde(rename = "tamanho")]
    pub size: i64,
    /// Lower-case hex.
    pub sha256: String,
    /// When it was notarised, in milliseconds since the epoch.
    #[serde(rename = "data")]
    pub at: i64,
    pub link: String,
    pub status: GatewayStatus,
    /// Confirmations (0 unless `confirmado`).
    #[serde(rename = "confirmacoes")]
    pub confirmations: u64,
}

#[derive(sqlx::FromRow)]
struct Row {
    nome_arquivo: String,
    tipo_conteudo: String,
    tamanho: i64,
    sha256: String,
    link: String,
    criado_em: i64,
}

/// `status`: `confirmado` (with `confirmacoes`), `pendente`, `desconhecido` (the gateway does
/// not know it) or `indisponivel` (the gateway did not answer).
pub async fn verify(state: &AppState, req: VerifyRecord) -> ApiResult<Verification> {
    let id = req.transaction_id.trim();
    let row: Option<Row> = sqlx::query_as(
        "SELECT nome_arquivo, tipo_conteudo, tamanho, sha256, link, criado_em \
         FROM notarisations WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(&state.db)
    .await?;
    let row = row.ok_or_else(|| ApiError::NotFound("Registro não encontrado.".into()))?;
    let asked = match state.outside.statuses.get(&id.to_owned()) {
        Some(known) => Ok(known),
        None => {
            state.outside.gateway.take(&state.db).await?;
            let asked = state.notary.gateway.status(id).await;
            if let Ok(s @ TxStatus::Confirmed { .. }) = &asked {
                state.outside.statuses.put(id.to_owned(), s.clone());
            }
            asked
        }
    };
    let (status, confirmations) = match asked {
        Ok(TxStatus::Confirmed { confirmations, .. }) => (GatewayStatus::Confirmed, confirmations),
        Ok(TxStatus::Pending) => (GatewayStatus::Pending, 0),
        Ok(TxStatus::NotFound) => (GatewayStatus::Unknown, 0),
        Err(e) => {
            tracing::warn!(error = ?e, "gateway status");
            (GatewayStatus::Unavailable, 0)
        }
    };
    Ok(Verification {
        transaction_id: id.to_owned(),
        file_name: row.nome_arquivo,
        content_type: row.tipo_conteudo,
        size: row.tamanho,
        sha256: row.sha256,
        at: row.criado_em,
        link: row.link,
        status,
        confirmations,
    })
}
