//! What the admin watches of the money that did not flow by itself (decisions.md §21–§22):
//! `pegar_pendencias_pix` lists the received Pix that were never applied (an unknown txid, no
//! txid, another amount than the charge's: kept, logged, never applied) and the refunds that
//! have not given the money back (waiting for the PSP, retried by the refund job, or refused:
//! those need the admin).

use crate::{
    auth::Admin,
    domain::{
        codes::{PixOrigin, ReceivedState, RefundReason, RefundStatus},
        refunds,
    },
    error::ApiResult,
    rpc::fields::Reais,
    state::AppState,
};
use serde::Serialize;
use utoipa::ToSchema;

/// A received Pix that was not applied.
#[derive(Debug, sqlx::FromRow)]
struct RefusedRow {
    end_to_end_id: String,
    txid: Option<String>,
    valor_centavos: i64,
    horario: String,
    info_pagador: Option<String>,
    #[sqlx(try_from = "String")]
    origem: PixOrigin,
    motivo: Option<String>,
    recebido_em: i64,
}

/// Most rows of each list.
const LIMIT: i64 = 500;

/// A received Pix that was never applied (`recebidos[]`): kept, logged, never applied.
#[derive(Debug, Serialize, ToSchema)]
pub struct RefusedPix {
    /// The Pix's id at the central bank.
    #[serde(rename = "endToEndId")]
    pub end_to_end_id: String,
    /// The txid it named (null: none).
    pub txid: Option<String>,
    #[serde(rename = "valor")]
    pub value: Reais,
    /// When the payer paid, as the PSP wrote it (RFC 3339).
    #[serde(rename = "horario")]
    pub paid_at: String,
    /// The payer's message.
    #[serde(rename = "infoPagador")]
    pub payer_note: Option<String>,
    /// How it reached us.
    #[serde(rename = "origem")]
    pub origin: PixOrigin,
    /// Why it was not applied (`txid desconhecido`, `Pix sem txid`, another amount).
    #[serde(rename = "motivo")]
    pub reason: Option<String>,
    /// When we recorded it.
    #[serde(rename = "recebido_em")]
    pub received_at: i64,
}

/// A refund that has not given the money back: only these four states (only its schema: the
/// value is a [`RefundStatus`]).
#[derive(ToSchema)]
#[allow(dead_code)]
pub enum UnsettledStatus {
    /// Not yet accepted by the PSP (the job retries).
    #[schema(rename = "pendente")]
    Pending,
    /// Accepted by the PSP, on its way.
    #[schema(rename = "em_processamento")]
    Processing,
    /// The PSP refused the request for good: the admin acts.
    #[schema(rename = "falhou")]
    Failed,
    /// The PSP could not return it: the admin acts.
    #[schema(rename = "nao_realizado")]
    NotDone,
}

/// A refund that has not given the money back (`devolucoes[]`).
#[derive(Debug, Serialize, ToSchema)]
pub struct UnsettledRefund {
    /// Our refund id (the PSP's `id` of the devolução).
    pub id: String,
    /// The Pix refunded.
    #[serde(rename = "endToEndId")]
    pub end_to_end_id: String,
    pub txid: Option<String>,
    #[serde(rename = "valor")]
    pub value: Reais,
    #[serde(rename = "motivo")]
    pub reason: RefundReason,
    #[schema(value_type = UnsettledStatus)]
    pub status: RefundStatus,
    /// Requests made to the PSP.
    #[serde(rename = "tentativas")]
    pub attempts: i64,
    /// The PSP's last error.
    #[serde(rename = "erro")]
    pub error: Option<String>,
    #[serde(rename = "criado_em")]
    pub created_at: i64,
    #[serde(rename = "atualizado_em")]
    pub updated_at: i64,
}

/// `pegar_pendencias_pix`'s answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct PixIssues {
    /// Received Pix never applied, newest first (at most 500).
    #[serde(rename = "recebidos")]
    pub received: Vec<RefusedPix>,
    /// Refunds not settled, oldest first (at most 500).
    #[serde(rename = "devolucoes")]
    pub refunds: Vec<UnsettledRefund>,
}

/// `pegar_pendencias_pix`: `{recebidos: [...], devolucoes: [...]}`, newest received first and
/// oldest refund first (docs/rpc.md).
pub async fn pending(state: &AppState, _admin: Admin) -> ApiResult<PixIssues> {
    let refused: Vec<RefusedRow> = sqlx::query_as(
        "SELECT end_to_end_id, txid, valor_centavos, horario, info_pagador, origem, motivo, \
         recebido_em FROM pix_received WHERE estado = $1 \
         ORDER BY recebido_em DESC, end_to_end_id LIMIT $2",
    )
    .bind(ReceivedState::Refused.as_db())
    .bind(LIMIT)
    .fetch_all(&state.db)
    .await?;
    let received = refused
        .into_iter()
        .map(|r| RefusedPix {
            end_to_end_id: r.end_to_end_id,
            txid: r.txid,
            value: Reais::from_centavos(r.valor_centavos),
            paid_at: r.horario,
            payer_note: r.info_pagador,
            origin: r.origem,
            reason: r.motivo,
            received_at: r.recebido_em,
        })
        .collect();
    let refunds = refunds::unsettled(&state.db)
        .await?
        .into_iter()
        .take(usize::try_from(LIMIT).unwrap_or(500))
        .map(|r| UnsettledRefund {
            id: r.id,
            end_to_end_id: r.end_to_end_id,
            txid: r.txid,
            value: Reais::from_centavos(r.valor_centavos),
            reason: r.motivo,
            status: r.status,
            attempts: r.tentativas,
            error: r.erro,
            created_at: r.criado_em,
            updated_at: r.atualizado_em,
        })
        .collect();
    Ok(PixIssues { received, refunds })
}
