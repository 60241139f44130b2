//! The sandbox Pix provider (`PIX_PROVIDER=sandbox`, the default for `just run`): real BR Code
//! payloads for the platform's `PIX_KEY`, no PSP behind them. A payment is made by
//! `POST /pix/sandbox/{txid}/pagar` (`crate::pix_http::sandbox`), which the demo and the tests
//! call; that route exists only
//! with this provider, and this provider never with `APP_ENV=production` (decisions.md §20).
//! Refunds are settled at once (nothing leaves any account).
//!
//! It offers Pix Automático too (decisions.md §35), the same way: a recurrence gets an idRec of
//! BACEN's shape and a QR of the PSPs' shape (a location under `sandbox.feira.invalid`, which
//! no bank resolves), and the payer's side is the demo's: `POST /pix/sandbox/rec/{idRec}/autorizar`
//! authorises it, and a cycle's recurring charge is paid by `POST /pix/sandbox/{txid}/pagar`
//! like any charge. It keeps no state: the database is the truth, so a recurring charge stands
//! as 'ATIVA', unpaid, until the demo pays it or it expires at the end of its due date.

use super::{
    ChargeAtPsp, NewCharge, OpenCharge, PixProvider, PixResult, ReceivedPix, RefundAtPsp,
    RefundRequest, RefundState,
    brcode::{self, BrCode},
    recurring::{
        NewRecurrence, NewRecurringCharge, RecurrenceAtPsp, RecurrenceCreated,
        RecurringChargeAtPsp, RecurringPix,
    },
};
use crate::config::{PixConfig, PixProviderKind};
use anyhow::Context;
use futures::future::BoxFuture;
use rand::{Rng, distr::Alphanumeric};
use wasm_core::{date::Date, money::Money};

/// Where the sandbox's recurrence QRs point (`.invalid`: no bank app can reach it).
const REC_LOCATION: &str = "sandbox.feira.invalid/qr/v2/rec";
/// The ISPB in the sandbox's ids (no participant has it).
const ISPB: &str = "00000000";

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

    fn recurring(&self) -> Option<&dyn RecurringPix> {
        Some(self)
    }
}

/// A new idRec as BACEN shapes it: `RR` (retries allowed), the ISPB, the day (`yyyyMMdd`) and 11
/// letters and digits — 29 characters.
fn new_id_rec(first: Date) -> String {
    let tail: String = rand::rng()
        .sample_iter(&Alphanumeric)
        .take(11)
        .map(char::from)
        .collect();
    format!("RR{ISPB}{}{tail}", first.iso().replace('-', ""))
}

impl RecurringPix for SandboxProvider {
    fn create_recurrence<'a>(
        &'a self,
        r: NewRecurrence<'a>,
    ) -> BoxFuture<'a, PixResult<RecurrenceCreated>> {
        Box::pin(async move {
            let id = new_id_rec(r.first);
            let copia_e_cola =
                brcode::location_payload(&format!("{REC_LOCATION}/{id}"), &self.name, &self.city)
                    .map_err(|e| super::PixError::Unexpected(e.to_string()))?;
            tracing::info!(
                id_rec = %id,
                contract = r.contract,
                "sandbox: recurrence created; authorise it with POST /pix/sandbox/rec/{{idRec}}/autorizar"
            );
            Ok(RecurrenceCreated { id, copia_e_cola })
        })
    }

    /// No state kept: the database says how a recurrence stands (the sandbox's payer
    /// authorises it there), so nothing is confirmed here.
    fn recurrence<'a>(&'a self, _id: &'a str) -> BoxFuture<'a, PixResult<Option<RecurrenceAtPsp>>> {
        Box::pin(async { Ok(None) })
    }

    fn cancel_recurrence<'a>(&'a self, _id: &'a str) -> BoxFuture<'a, PixResult<()>> {
        Box::pin(async { Ok(()) })
    }

    fn open_recurring_charge<'a>(
        &'a self,
        _c: NewRecurringCharge<'a>,
    ) -> BoxFuture<'a, PixResult<()>> {
        Box::pin(async { Ok(()) })
    }

    /// 'ATIVA' and unpaid, always: a sandbox charge is paid through the database
    /// (`POST /pix/sandbox/{txid}/pagar`), and one left unpaid expires like any charge.
    fn recurring_charge<'a>(
        &'a self,
        _txid: &'a str,
    ) -> BoxFuture<'a, PixResult<Option<RecurringChargeAtPsp>>> {
        Box::pin(async {
            Ok(Some(RecurringChargeAtPsp {
                recurrence: String::new(),
                status: "ATIVA".to_owned(),
                last_attempt_failed: false,
                retries: 0,
                paid_by: Vec::new(),
            }))
        })
    }

    fn cancel_recurring_charge<'a>(&'a self, _txid: &'a str) -> BoxFuture<'a, PixResult<()>> {
        Box::pin(async { Ok(()) })
    }

    fn retry_recurring_charge<'a>(
        &'a self,
        _txid: &'a str,
        _on: Date,
    ) -> BoxFuture<'a, PixResult<()>> {
        Box::pin(async { Ok(()) })
    }

    fn register_recurring_webhooks<'a>(
        &'a self,
        _url: &'a str,
        _hmac: Option<&'a str>,
    ) -> BoxFuture<'a, PixResult<()>> {
        Box::pin(async { Ok(()) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pix::recurring::Periodicity;

    fn sandbox() -> SandboxProvider {
        SandboxProvider {
            key: "chave@feira.test".into(),
            name: "Feira".into(),
            city: "Piracicaba".into(),
        }
    }

    #[tokio::test]
    async fn a_recurrence_gets_an_id_rec_and_a_location_qr() {
        let s = sandbox();
        let rec = s.recurring().expect("the sandbox offers Pix Automático");
        let first = Date::parse("2026-12-01").unwrap();
        let made = rec
            .create_recurrence(NewRecurrence {
                contract: "cesta1",
                object: "Cesta Feira",
                payer_document: "52998224725",
                payer_name: "Carla Souza",
                first,
                periodicity: Periodicity::Weekly,
            })
            .await
            .unwrap();
        assert_eq!(made.id.len(), 29, "{}", made.id);
        assert!(made.id.starts_with("RR0000000020261201"), "{}", made.id);
        assert!(made.id.chars().all(|c| c.is_ascii_alphanumeric()));
        assert!(
            made.copia_e_cola.starts_with("000201010212"),
            "{}",
            made.copia_e_cola
        );
        assert!(
            made.copia_e_cola
                .contains(&format!("sandbox.feira.invalid/qr/v2/rec/{}", made.id)),
            "{}",
            made.copia_e_cola
        );
        let body = &made.copia_e_cola[..made.copia_e_cola.len() - 8];
        assert_eq!(brcode::with_crc(body), made.copia_e_cola);
        // A recurring charge stands as the database says: open and unpaid.
        let c = rec
            .recurring_charge("T".repeat(32).as_str())
            .await
            .unwrap()
            .unwrap();
        assert_eq!(c.status, "ATIVA");
        assert!(c.paid_by.is_empty() && !c.last_attempt_failed);
    }
}
