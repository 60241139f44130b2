//! `POST /pix/sandbox/{txid}/pagar`: paying a charge of the sandbox provider
//! ([`crate::pix::sandbox`]), which the demo and the tests call. Routed only with that provider,
//! which production refuses (decisions.md §20).

use crate::{
    domain::{
        inbox,
        payments::{self, SandboxPayment},
    },
    error::ApiResult,
    state::AppState,
};
use axum::{
    Json,
    extract::{Path, State},
};
use serde::Serialize;

/// `true`, always, as a schema.
fn always_true() -> utoipa::openapi::Object {
    utoipa::openapi::ObjectBuilder::new()
        .schema_type(utoipa::openapi::Type::Boolean)
        .enum_values(Some([true]))
        .build()
}

/// The sandbox payment's answer.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SandboxPaid {
    /// Always `true`.
    #[schema(schema_with = always_true)]
    pub ok: bool,
    /// The charge paid.
    pub txid: String,
    /// Always `true`.
    #[serde(rename = "pago")]
    #[schema(schema_with = always_true)]
    pub paid: bool,
    /// It had been paid before: nothing changed.
    #[serde(rename = "ja_pago")]
    pub already_paid: bool,
}

/// `POST /pix/sandbox/{txid}/pagar` (routed only with the sandbox provider): pays a pending
/// charge, once. Paying it again answers the same success (`ja_pago: true`); an expired or
/// cancelled charge is 409; an unknown one 404. The supplier's panel hears of it live.
pub async fn pay(
    State(state): State<AppState>,
    Path(txid): Path<String>,
) -> ApiResult<Json<SandboxPaid>> {
    let outcome = payments::pay_sandbox(&state.db, &txid).await?;
    if let SandboxPayment::Confirmed(paid) = &outcome {
        inbox::announce(&state.events, paid);
    }
    Ok(Json(SandboxPaid {
        ok: true,
        txid,
        paid: true,
        already_paid: outcome == SandboxPayment::AlreadyPaid,
    }))
}
