//! `POST /pix/sandbox/{txid}/pagar`: paying a charge of the sandbox provider
//! ([`crate::pix::sandbox`]), a one-off or a basket cycle's recurring charge alike; and
//! `POST /pix/sandbox/rec/{idRec}/autorizar`: the payer authorising a basket's Pix Automático
//! recurrence at their bank (decisions.md §35). The demo and the tests call them. Routed only
//! with that provider, which production refuses (decisions.md §20).

use crate::{
    domain::{
        inbox,
        payments::{self, SandboxPayment},
        sandbox_recurrence::{self, SandboxAuthorisation},
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

/// The sandbox authorisation's answer.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SandboxAuthorised {
    /// Always `true`.
    #[schema(schema_with = always_true)]
    pub ok: bool,
    /// The recurrence authorised.
    #[serde(rename = "idRec")]
    pub id_rec: String,
    /// The basket's Pix Automático now: always `ativa`.
    #[serde(rename = "situacao")]
    pub state: String,
    /// It had been authorised before: nothing changed.
    #[serde(rename = "ja_autorizada")]
    pub already_authorised: bool,
}

/// `POST /pix/sandbox/rec/{idRec}/autorizar` (routed only with the sandbox provider): the payer
/// authorises a basket's recurrence, once; again, the same success (`ja_autorizada: true`). An
/// unknown recurrence is 404; one refused or cancelled 409.
pub async fn authorise(
    State(state): State<AppState>,
    Path(id_rec): Path<String>,
) -> ApiResult<Json<SandboxAuthorised>> {
    let outcome = sandbox_recurrence::authorise_sandbox_recurrence(&state.db, &id_rec).await?;
    Ok(Json(SandboxAuthorised {
        ok: true,
        id_rec,
        state: "ativa".to_owned(),
        already_authorised: outcome == SandboxAuthorisation::AlreadyAuthorised,
    }))
}
