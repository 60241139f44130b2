//! `verificar_blockchain` (public, behind `/verificar/{transactionId}`): what we recorded for
//! a transaction (file name, type, size, SHA-256, date, link) and the gateway's confirmation
//! status, asked now.

use crate::{
    arweave::TxStatus,
    error::{ApiError, ApiResult},
    state::AppState,
};
use serde::Deserialize;
use serde_json::{Value, json};

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct VerifyRecord {
    #[serde(rename = "transactionId")]
    transaction_id: String,
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
pub async fn verify(state: &AppState, req: VerifyRecord) -> ApiResult<Value> {
    let id = req.transaction_id.trim();
    let row: Option<Row> = sqlx::query_as(
        "SELECT nome_arquivo, tipo_conteudo, tamanho, sha256, link, criado_em \
         FROM notarisations WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(&state.db)
    .await?;
    let row = row.ok_or_else(|| ApiError::NotFound("Registro não encontrado.".into()))?;
    let (status, confirmacoes) = match state.notary.gateway.status(id).await {
        Ok(TxStatus::Confirmed { confirmations, .. }) => ("confirmado", confirmations),
        Ok(TxStatus::Pending) => ("pendente", 0),
        Ok(TxStatus::NotFound) => ("desconhecido", 0),
        Err(e) => {
            tracing::warn!(error = ?e, "gateway status");
            ("indisponivel", 0)
        }
    };
    Ok(json!({
        "transactionId": id,
        "nomeArquivo": row.nome_arquivo,
        "tipo": row.tipo_conteudo,
        "tamanho": row.tamanho,
        "sha256": row.sha256,
        "data": row.criado_em,
        "link": row.link,
        "status": status,
        "confirmacoes": confirmacoes,
    }))
}
