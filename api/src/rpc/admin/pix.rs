//! What the admin watches of the money that did not flow by itself (decisions.md §21–§22, §27,
//! §28): `pegar_pendencias_pix` lists the received Pix that were never applied (a charge no
//! longer payable, another amount, an unknown or missing txid) each with the state of its
//! refund, the refunds that have not given the money back (waiting for the PSP, retried by the
//! refund job, or refused: those need the admin, who may ask again with `tentar_devolucao_pix`),
//! and the paid orders whose delivery was not confirmed within `RELEASE_REVIEW_DAYS`.

use crate::{
    auth::Admin,
    db::now_ms,
    domain::{
        codes::{PixOrigin, ReceivedState, RefundReason, RefundStatus},
        ledger, refunds,
    },
    error::{ApiError, ApiResult},
    rpc::{fields::Reais, shapes::True},
    state::AppState,
};
use serde::{Deserialize, Serialize};
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
    refund_id: Option<String>,
    refund_status: Option<String>,
}

/// Most rows of each list.
const LIMIT: i64 = 500;

/// A received Pix that was never applied (`recebidos[]`): logged, never applied, given back.
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
    /// Why it was not applied (`txid desconhecido`, `Pix sem txid`, another amount, the charge
    /// expired, cancelled or already paid).
    #[serde(rename = "motivo")]
    pub reason: Option<String>,
    /// When we recorded it.
    #[serde(rename = "recebido_em")]
    pub received_at: i64,
    /// Its refund (every Pix not applied is given back, decisions.md §28): our id, null for one
    /// recorded before refunds were automatic.
    #[serde(rename = "devolucao_id")]
    pub refund_id: Option<String>,
    /// That refund's state.
    #[serde(rename = "devolucao")]
    pub refund: Option<RefundStatus>,
}

/// A paid order whose delivery was not confirmed in time (`atrasados[]`): its money is still
/// held ('A liberar').
#[derive(Debug, Serialize, ToSchema)]
pub struct OverdueOrder {
    #[serde(rename = "idpedido")]
    pub order_id: String,
    #[serde(rename = "nomeforn")]
    pub supplier_name: String,
    #[serde(rename = "cliente_nome")]
    pub buyer_name: String,
    #[serde(rename = "valor")]
    pub value: Reais,
    /// When it was paid.
    #[serde(rename = "pago_em")]
    pub paid_at: i64,
}

/// `tentar_devolucao_pix`: a refund's id (`devolucoes[].id` or `recebidos[].devolucao_id`).
#[derive(Debug, Deserialize, ToSchema)]
pub struct RetryRefund {
    pub id: String,
}

/// `tentar_devolucao_pix`'s answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct RefundRetried {
    pub ok: True,
}

/// Only a refund that failed can be asked again.
pub const NAO_REPETIVEL: &str =
    "Só uma devolução recusada ou não realizada pode ser tentada de novo.";

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
    /// Paid orders not confirmed within `RELEASE_REVIEW_DAYS`, oldest first (at most 500).
    #[serde(rename = "atrasados")]
    pub overdue: Vec<OverdueOrder>,
}

/// `pegar_pendencias_pix`: `{recebidos: [...], devolucoes: [...]}`, newest received first and
/// oldest refund first (docs/rpc.md).
pub async fn pending(state: &AppState, _admin: Admin) -> ApiResult<PixIssues> {
    let refused: Vec<RefusedRow> = sqlx::query_as(
        "SELECT p.end_to_end_id, p.txid, p.valor_centavos, p.horario, p.info_pagador, p.origem, \
         p.motivo, p.recebido_em, r.id AS refund_id, r.status AS refund_status \
         FROM pix_received p LEFT JOIN pix_refunds r ON r.end_to_end_id = p.end_to_end_id \
         WHERE p.estado IN ($1, $2) ORDER BY p.recebido_em DESC, p.end_to_end_id LIMIT $3",
    )
    .bind(ReceivedState::Refused.as_db())
    .bind(ReceivedState::Refunded.as_db())
    .bind(LIMIT)
    .fetch_all(&state.db)
    .await?;
    let received = refused
        .into_iter()
        .map(|r| {
            let refund = r
                .refund_status
                .as_deref()
                .map(RefundStatus::from_db)
                .transpose()?;
            Ok(RefusedPix {
                end_to_end_id: r.end_to_end_id,
                txid: r.txid,
                value: Reais::from_centavos(r.valor_centavos),
                paid_at: r.horario,
                payer_note: r.info_pagador,
                origin: r.origem,
                reason: r.motivo,
                received_at: r.recebido_em,
                refund_id: r.refund_id,
                refund,
            })
        })
        .collect::<ApiResult<_>>()?;
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
    let review = i64::try_from(state.config.pix.release_review.as_millis()).unwrap_or(i64::MAX);
    let overdue = ledger::overdue(&state.db, now_ms().saturating_sub(review), LIMIT)
        .await?
        .into_iter()
        .map(|o| OverdueOrder {
            order_id: o.order_id,
            supplier_name: o.nomeforn,
            buyer_name: o.cliente_nome,
            value: Reais::from_centavos(o.valor_centavos),
            paid_at: o.pago_em,
        })
        .collect();
    Ok(PixIssues {
        received,
        refunds,
        overdue,
    })
}

/// `tentar_devolucao_pix`: asks a failed refund again ([`refunds::retry`]); 409 for one that
/// did not fail (or is unknown).
pub async fn retry_refund(
    state: &AppState,
    _admin: Admin,
    req: RetryRefund,
) -> ApiResult<RefundRetried> {
    match refunds::retry(&state.db, req.id.trim()).await? {
        refunds::Retry::Scheduled => Ok(RefundRetried { ok: True }),
        refunds::Retry::NotRetryable => Err(ApiError::Conflict(NAO_REPETIVEL.into())),
    }
}
