//! What the admin watches of the money that did not flow by itself (decisions.md §21–§22):
//! `pegar_pendencias_pix` lists the received Pix that were never applied (an unknown txid, no
//! txid, another amount than the charge's: kept, logged, never applied) and the refunds that
//! have not given the money back (waiting for the PSP, retried by the refund job, or refused:
//! those need the admin).

use crate::{
    auth::Admin,
    domain::{codes::ReceivedState, refunds},
    error::ApiResult,
    rpc::fields::reais,
    state::AppState,
};
use serde_json::{Value, json};

/// A received Pix that was not applied.
#[derive(Debug, sqlx::FromRow)]
struct RefusedRow {
    end_to_end_id: String,
    txid: Option<String>,
    valor_centavos: i64,
    horario: String,
    info_pagador: Option<String>,
    origem: String,
    motivo: Option<String>,
    recebido_em: i64,
}

/// Most rows of each list.
const LIMIT: i64 = 500;

/// `pegar_pendencias_pix`: `{recebidos: [...], devolucoes: [...]}`, newest received first and
/// oldest refund first (docs/rpc.md).
pub async fn pending(state: &AppState, _admin: Admin) -> ApiResult<Value> {
    let refused: Vec<RefusedRow> = sqlx::query_as(
        "SELECT end_to_end_id, txid, valor_centavos, horario, info_pagador, origem, motivo, \
         recebido_em FROM pix_received WHERE estado = $1 \
         ORDER BY recebido_em DESC, end_to_end_id LIMIT $2",
    )
    .bind(ReceivedState::Refused.as_db())
    .bind(LIMIT)
    .fetch_all(&state.db)
    .await?;
    let recebidos: Vec<Value> = refused
        .into_iter()
        .map(|r| {
            json!({
                "endToEndId": r.end_to_end_id,
                "txid": r.txid,
                "valor": reais(r.valor_centavos),
                "horario": r.horario,
                "infoPagador": r.info_pagador,
                "origem": r.origem,
                "motivo": r.motivo,
                "recebido_em": r.recebido_em,
            })
        })
        .collect();
    let devolucoes: Vec<Value> = refunds::unsettled(&state.db)
        .await?
        .into_iter()
        .take(usize::try_from(LIMIT).unwrap_or(500))
        .map(|r| {
            json!({
                "id": r.id,
                "endToEndId": r.end_to_end_id,
                "txid": r.txid,
                "valor": reais(r.valor_centavos),
                "motivo": r.motivo.as_db(),
                "status": r.status.as_db(),
                "tentativas": r.tentativas,
                "erro": r.erro,
                "criado_em": r.criado_em,
                "atualizado_em": r.atualizado_em,
            })
        })
        .collect();
    Ok(json!({ "recebidos": recebidos, "devolucoes": devolucoes }))
}
