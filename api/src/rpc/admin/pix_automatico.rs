//! `pegar_pix_automatico_problemas` (decisions.md §35, docs/subscriptions.md, docs/pix.md): the
//! Pix Automático recurrences and recurring charges with problems, beside 'Pendências Pix' —
//! recurrences refused or cancelled at the payer's bank, recurring charges whose attempt failed,
//! that ended unpaid, or whose order was cancelled at the delivery's eve, and notifications that
//! changed nothing (an id that is not ours, one the PSP did not confirm, a cancellation the PSP
//! refused) — newest first.

use crate::{auth::Admin, domain::pix_automatico, error::ApiResult, state::AppState};
use serde::Serialize;
use utoipa::ToSchema;

/// The most problems listed.
const LIMIT: i64 = 200;

/// One problem.
#[derive(Debug, Serialize, ToSchema)]
pub struct RecurringProblem {
    /// `rec` (a recurrence) or `cobr` (a recurring charge).
    pub tipo: String,
    /// The idRec or the txid.
    pub referencia: String,
    /// The basket, when it is ours.
    pub assinatura: Option<String>,
    pub motivo: String,
    /// When (ms since the epoch).
    pub quando: i64,
}

/// `pegar_pix_automatico_problemas`' answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct RecurringProblems {
    pub problemas: Vec<RecurringProblem>,
}

/// `pegar_pix_automatico_problemas`.
pub async fn problems(state: &AppState, _admin: Admin) -> ApiResult<RecurringProblems> {
    let problemas = pix_automatico::problems(&state.db, LIMIT)
        .await?
        .into_iter()
        .map(|p| RecurringProblem {
            tipo: p.tipo,
            referencia: p.referencia,
            assinatura: p.assinatura,
            motivo: p.motivo,
            quando: p.quando,
        })
        .collect();
    Ok(RecurringProblems { problemas })
}
