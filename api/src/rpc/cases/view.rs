//! A problem case as the buyer, the store and the admin see it: its state, the amounts, the
//! order's lines (what the store may give back per line) and the dated thread.

use crate::{
    domain::{
        cases::{self, CaseRow, reason_label},
        codes::{CaseReason, CaseSide, CaseStatus},
    },
    error::ApiResult,
    rpc::fields::reais,
    state::AppState,
};
use serde::Serialize;
use utoipa::ToSchema;

/// One message of the thread.
#[derive(Debug, Serialize, ToSchema)]
pub struct CaseMessage {
    /// 'comprador', 'loja' or 'admin'.
    pub autor: CaseSide,
    pub texto: String,
    /// The photos' URLs (the opening's).
    pub fotos: Vec<String>,
    /// When it was written (ms since the epoch).
    pub data: i64,
}

/// A line of the order, with its value as paid (reais).
#[derive(Debug, Serialize, ToSchema)]
pub struct CaseLine {
    pub id: String,
    pub titulo: String,
    pub quantidade: i64,
    pub valor: f64,
}

/// A case.
#[derive(Debug, Serialize, ToSchema)]
pub struct CaseView {
    pub idpedido: String,
    pub motivo: CaseReason,
    /// The reason as the buyer chose it ('Veio faltando', …).
    pub motivo_texto: String,
    /// 'aberta', 'mediacao' (with the admin) or 'encerrada'.
    pub status: CaseStatus,
    /// The caller's side: 'comprador', 'loja' or 'admin'.
    pub papel: CaseSide,
    pub cliente: String,
    pub loja: String,
    /// What the store proposes to give back (reais), once it proposed.
    pub proposta: Option<f64>,
    /// What the order still holds (reais).
    pub retido: f64,
    /// Given back to the buyer when it ended (reais).
    pub devolvido: f64,
    /// 'liberado', 'devolvido_parcial' or 'devolvido_total' once ended.
    pub resultado: Option<String>,
    pub decidido_por: Option<String>,
    /// The admin's reason.
    pub decisao_motivo: Option<String>,
    pub aberta_em: i64,
    pub encerrada_em: Option<i64>,
    pub linhas: Vec<CaseLine>,
    pub mensagens: Vec<CaseMessage>,
}

/// `case` as `side` sees it.
pub async fn view(state: &AppState, case: &CaseRow, side: CaseSide) -> ApiResult<CaseView> {
    let db = &state.db;
    let (cliente, loja): (String, String) =
        sqlx::query_as("SELECT cliente_nome, nomeforn FROM orders WHERE id = $1")
            .bind(&case.order_id)
            .fetch_one(db)
            .await?;
    let lines: Vec<(String, String, i64, i64)> = sqlx::query_as(
        "SELECT id, titulo, quantidade, pago_centavos FROM order_lines WHERE order_id = $1 \
         ORDER BY id",
    )
    .bind(&case.order_id)
    .fetch_all(db)
    .await?;
    let messages = cases::thread(db, &case.id).await?;
    Ok(CaseView {
        idpedido: case.order_id.clone(),
        motivo: case.motivo,
        motivo_texto: reason_label(case.motivo).into(),
        status: case.status,
        papel: side,
        cliente,
        loja,
        proposta: case.proposta_centavos.map(reais),
        retido: reais(cases::held(db, &case.order_id).await?),
        devolvido: reais(case.devolvido_centavos),
        resultado: case.resultado.clone(),
        decidido_por: case.decidido_por.clone(),
        decisao_motivo: case.decisao_motivo.clone(),
        aberta_em: case.criado_em,
        encerrada_em: case.encerrado_em,
        linhas: lines
            .into_iter()
            .map(|(id, titulo, quantidade, pago)| CaseLine {
                id,
                titulo,
                quantidade,
                valor: reais(pago),
            })
            .collect(),
        mensagens: messages
            .into_iter()
            .map(|m| CaseMessage {
                autor: m.autor,
                texto: m.texto,
                fotos: serde_json::from_str(&m.fotos).unwrap_or_default(),
                data: m.criado_em,
            })
            .collect(),
    })
}
