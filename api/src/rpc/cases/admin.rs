//! The admin's 'Disputas' (decisions.md §37): the cases that went to mediation (and those still
//! open, for a look), the buyers with many cases, and the decision — release, refund all or an
//! amount — with a reason both sides receive, applied once.

use super::{CaseSettled, CaseView, centavos, load, settled, view::view};
use crate::{
    auth::Admin,
    domain::{
        cases::{self, Decision},
        codes::{CaseSide, CaseStatus},
    },
    error::{ApiError, ApiResult},
    state::AppState,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Cases listed per state at most.
const LISTED: i64 = 100;
/// From this many cases a buyer is listed.
const MANY: i64 = 3;

/// A buyer with many cases.
#[derive(Debug, Serialize, ToSchema)]
pub struct FrequentBuyer {
    pub usuario: String,
    pub nome: String,
    pub email: String,
    pub reclamacoes: i64,
    /// Of them, how many ended with money given back.
    pub com_devolucao: i64,
}

/// `pegar_disputas`'s answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct Disputes {
    /// In mediation, oldest first: the admin decides these.
    pub disputas: Vec<CaseView>,
    /// Still between buyer and store, oldest first.
    pub abertas: Vec<CaseView>,
    pub compradores: Vec<FrequentBuyer>,
}

/// `decidir_disputa`'s decision.
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
pub enum Verdict {
    #[serde(rename = "liberar")]
    Release,
    #[serde(rename = "devolver_tudo")]
    RefundAll,
    #[serde(rename = "devolver_valor")]
    RefundAmount,
}

/// `decidir_disputa`: the case of order `idpedido`, the decision, the amount (reais, for
/// `devolver_valor`) and the reason both sides receive.
#[derive(Debug, Deserialize, ToSchema)]
pub struct Decide {
    pub idpedido: String,
    pub decisao: Verdict,
    #[serde(default)]
    pub valor: Option<f64>,
    pub motivo: String,
}

/// `pegar_disputas`.
pub async fn list(state: &AppState, admin: Admin) -> ApiResult<Disputes> {
    let mut out = Disputes {
        disputas: Vec::new(),
        abertas: Vec::new(),
        compradores: Vec::new(),
    };
    for c in cases::in_status(&state.db, CaseStatus::Mediation, LISTED).await? {
        out.disputas.push(view(state, &c, CaseSide::Admin).await?);
    }
    for c in cases::in_status(&state.db, CaseStatus::Open, LISTED).await? {
        out.abertas.push(view(state, &c, CaseSide::Admin).await?);
    }
    drop(admin);
    out.compradores = cases::frequent_buyers(&state.db, MANY)
        .await?
        .into_iter()
        .map(|b| FrequentBuyer {
            usuario: b.buyer_id,
            nome: b.nome,
            email: b.email,
            reclamacoes: b.reclamacoes,
            com_devolucao: b.devolvidas,
        })
        .collect();
    Ok(out)
}

/// `decidir_disputa`.
pub async fn decide(state: &AppState, admin: Admin, req: Decide) -> ApiResult<CaseSettled> {
    let reason = req.motivo.trim();
    if reason.is_empty() {
        return Err(ApiError::bad_request("Informe o motivo da decisão."));
    }
    if reason.chars().count() > cases::MAX_TEXT {
        return Err(ApiError::bad_request(
            "O motivo pode ter até 2000 caracteres.",
        ));
    }
    let (case, _) = load(state, &admin.0, &req.idpedido).await?;
    let decision = match req.decisao {
        Verdict::Release => Decision::Release,
        Verdict::RefundAll => Decision::RefundAll,
        Verdict::RefundAmount => Decision::Refund(centavos(
            req.valor
                .ok_or_else(|| ApiError::bad_request("Informe o valor a devolver."))?,
        )?),
    };
    settled(state, &case, CaseSide::Admin, decision, Some(reason)).await
}
