//! The sandbox Pix provider (`PIX_PROVIDER=sandbox`, the default): real BR Code payloads for
//! the platform's `PIX_KEY`, no PSP behind them. A payment is confirmed by
//! `POST /pix/sandbox/{txid}/pagar`, which the demo and the tests call; with any other provider
//! that endpoint answers 404. Refunds are only recorded (the charge becomes `devolvido`).

use super::{NewCharge, OpenCharge, PixProvider, brcode::BrCode};
use crate::{
    config::{PixConfig, PixProviderKind},
    domain::charges,
    error::{ApiError, ApiResult},
    messages::ENDERECO_NAO_ENCONTRADO,
    state::AppState,
};
use anyhow::Context;
use axum::{
    Json,
    extract::{Path, State},
};
use futures::future::BoxFuture;
use rand::{Rng, distr::Alphanumeric};
use serde_json::{Value, json};
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

    fn open_charge<'a>(
        &'a self,
        charge: NewCharge<'a>,
    ) -> BoxFuture<'a, anyhow::Result<OpenCharge>> {
        Box::pin(async move {
            let code = BrCode::new(
                &self.key,
                &self.name,
                &self.city,
                charge.amount,
                charge.txid,
            )?;
            Ok(OpenCharge {
                copia_e_cola: code.payload(),
            })
        })
    }

    fn refund<'a>(&'a self, txid: &'a str, amount: Money) -> BoxFuture<'a, anyhow::Result<()>> {
        Box::pin(async move {
            tracing::info!(
                txid,
                centavos = amount.centavos(),
                "sandbox: refund recorded"
            );
            Ok(())
        })
    }
}

/// `POST /pix/sandbox/{txid}/pagar`: pays a pending charge, once. Paying it again answers the
/// same success (`ja_pago: true`); an expired or cancelled charge is 409; an unknown one 404.
pub async fn pay(
    State(state): State<AppState>,
    Path(txid): Path<String>,
) -> ApiResult<Json<Value>> {
    if state.pix.kind() != PixProviderKind::Sandbox {
        return Err(ApiError::NotFound(ENDERECO_NAO_ENCONTRADO.into()));
    }
    let outcome = charges::confirm_payment(&state.db, &txid, &end_to_end_id()).await?;
    Ok(Json(json!({
        "ok": true,
        "txid": txid,
        "pago": true,
        "ja_pago": outcome == charges::Payment::AlreadyPaid,
    })))
}

/// A made-up end-to-end id in the PSPs' shape (`E` and 31 letters and digits).
fn end_to_end_id() -> String {
    let tail: String = rand::rng()
        .sample_iter(&Alphanumeric)
        .take(31)
        .map(char::from)
        .collect();
    format!("E{tail}")
}
