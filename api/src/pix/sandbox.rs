//! The sandbox Pix provider (`PIX_PROVIDER=sandbox`, the default for `just run`): real BR Code
//! payloads for the platform's `PIX_KEY`, no PSP behind them. A payment is made by
//! `POST /pix/sandbox/{txid}/pagar`, which the demo and the tests call; that route exists only
//! with this provider, and this provider never with `APP_ENV=production` (decisions.md §20).
//! Refunds are settled at once (nothing leaves any account).

use super::{
    ChargeAtPsp, NewCharge, OpenCharge, PixProvider, PixResult, ReceivedPix, RefundAtPsp,
    RefundRequest, RefundState, brcode::BrCode,
};
use crate::{
    config::{PixConfig, PixProviderKind},
    domain::payments::{self, SandboxPayment},
    error::ApiResult,
    state::AppState,
};
use anyhow::Context;
use axum::{
    Json,
    extract::{Path, State},
};
use futures::future::BoxFuture;
use serde::Serialize;
use wasm_core::money::Money;

/// Makes BR Codes locally for the platform's key.
#[derive(Debug, Clone)]
pub struct SandboxProvider {
    key: String,
    name: String,
    city: String,
}

impl SandboxProvider {
    /// Checks that the settings make a valid BR Code.
    pub fn new(config: &PixConfig) -> anyhow::Result<Self> {
        BrCode::new(
            &config.key,
            &config.merchant_name,
            &config.merchant_city,
            Money::from_centavos(1),
            &"0".repeat(26),
        )
        .context("PIX_KEY, PIX_MERCHANT_NAME or PIX_MERCHANT_CITY cannot make a BR Code")?;
        Ok(Self {
            key: config.key.clone(),
            name: config.merchant_name.clone(),
            city: config.merchant_city.clone(),
        })
    }
}

impl PixProvider for SandboxProvider {
    fn kind(&self) -> PixProviderKind {
        PixProviderKind::Sandbox
    }

    fn open_charge<'a>(&'a self, charge: NewCharge<'a>) -> BoxFuture<'a, PixResult<OpenCharge>> {
        Box::pin(async move {
            let code = BrCode::new(
                &self.key,
                &self.name,
                &self.city,
                charge.amount,
                charge.txid,
            )
            .map_err(|e| super::PixError::Unexpected(e.to_string()))?;
            Ok(OpenCharge {
                copia_e_cola: code.payload(),
            })
        })
    }

    fn remove_charge<'a>(&'a self, _txid: &'a str) -> BoxFuture<'a, PixResult<()>> {
        Box::pin(async { Ok(()) })
    }

    fn charge<'a>(&'a self, _txid: &'a str) -> BoxFuture<'a, PixResult<Option<ChargeAtPsp>>> {
        Box::pin(async { Ok(None) })
    }

    fn refund<'a>(&'a self, refund: RefundRequest<'a>) -> BoxFuture<'a, PixResult<RefundAtPsp>> {
        Box::pin(async move {
            tracing::info!(
                end_to_end_id = refund.end_to_end_id,
                refund = refund.id,
                centavos = refund.amount.centavos(),
                "sandbox: refund settled"
            );
            Ok(RefundAtPsp {
                id: refund.id.to_owned(),
                state: RefundState::Done,
                rtr_id: None,
            })
        })
    }

    fn refund_status<'a>(
        &'a self,
        _end_to_end_id: &'a str,
        id: &'a str,
    ) -> BoxFuture<'a, PixResult<RefundAtPsp>> {
        Box::pin(async move {
            Ok(RefundAtPsp {
                id: id.to_owned(),
                state: RefundState::Done,
                rtr_id: None,
            })
        })
    }

    fn pix<'a>(&'a self, _end_to_end_id: &'a str) -> BoxFuture<'a, PixResult<Option<ReceivedPix>>> {
        Box::pin(async { Ok(None) })
    }

    fn received<'a>(&'a self, _: i64, _: i64) -> BoxFuture<'a, PixResult<Vec<ReceivedPix>>> {
        Box::pin(async { Ok(Vec::new()) })
    }

    fn register_webhook<'a>(
        &'a self,
        _url: &'a str,
        _hmac: Option<&'a str>,
    ) -> BoxFuture<'a, PixResult<()>> {
        Box::pin(async { Ok(()) })
    }
}

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
        super::inbox::announce(&state.events, paid);
    }
    Ok(Json(SandboxPaid {
        ok: true,
        txid,
        paid: true,
        already_paid: outcome == SandboxPayment::AlreadyPaid,
    }))
}
