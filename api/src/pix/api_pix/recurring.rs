//! Pix Automático over BACEN's API Pix (docs/pix.md): the [`RecurringPix`] of
//! [`ApiPixProvider`].
//!
//! | call | endpoint |
//! |---|---|
//! | [`RecurringPix::create_recurrence`] | `POST /locrec`, then `POST /rec` on that location (periodicidade, PERMITE_3R_7D); answers idRec and `dadosQR.pixCopiaECola` (or `GET /rec/{idRec}` for it) |
//! | [`RecurringPix::recurrence`] | `GET /rec/{idRec}` |
//! | [`RecurringPix::cancel_recurrence`] | `PATCH /rec/{idRec}` `{"status": "CANCELADA"}` |
//! | [`RecurringPix::open_recurring_charge`] | `PUT /cobr/{txid}` (due date, amount, `ajusteDiaUtil` false) |
//! | [`RecurringPix::recurring_charge`] | `GET /cobr/{txid}` |
//! | [`RecurringPix::cancel_recurring_charge`] | `PATCH /cobr/{txid}` `{"status": "CANCELADA"}` |
//! | [`RecurringPix::retry_recurring_charge`] | `POST /cobr/{txid}/retentativa/{data}` |
//! | [`RecurringPix::register_recurring_webhooks`] | `PUT /webhookrec`, `PUT /webhookcobr` |

use super::{ApiPixProvider, profile, segment, wire::parse_valor};
use crate::pix::{
    PixError, PixResult, ReceivedPix,
    recurring::{
        NewRecurrence, NewRecurringCharge, RecurrenceAtPsp, RecurrenceCreated,
        RecurringChargeAtPsp, RecurringPix,
    },
};
use futures::future::BoxFuture;
use reqwest::{
    Method,
    header::{HeaderMap, HeaderName, HeaderValue},
};
use serde_json::{Value, json};
use wasm_core::date::Date;

/// The receiver's account as a recurring charge names it (`recebedor`; the PSP fills the rest).
const ACCOUNT: (&str, &str) = ("0", "PAGAMENTO");

fn text<'v>(v: &'v Value, pointer: &str) -> Option<&'v str> {
    v.pointer(pointer).and_then(Value::as_str)
}

fn unexpected(what: &str, v: &Value) -> PixError {
    PixError::Unexpected(format!("{what}: {v}"))
}

/// BACEN's recurrence status into ours.
fn recurrence_state(v: &Value) -> PixResult<RecurrenceAtPsp> {
    Ok(match text(v, "/status") {
        Some("CRIADA") => RecurrenceAtPsp::Created,
        Some("APROVADA") => RecurrenceAtPsp::Approved,
        Some("REJEITADA" | "EXPIRADA") => RecurrenceAtPsp::Refused,
        Some("CANCELADA") => RecurrenceAtPsp::Cancelled {
            by_payer: matches!(
                text(v, "/encerramento/cancelamento/solicitante"),
                Some("USUARIO_PAGADOR" | "PSP_PAGADOR")
            ),
        },
        _ => return Err(unexpected("recurrence status", v)),
    })
}

/// A recurring charge as the PSP answers it; its Pix carry the txid and `key`.
fn charge_state(v: &Value, key: &str) -> PixResult<RecurringChargeAtPsp> {
    let status = text(v, "/status")
        .ok_or_else(|| unexpected("recurring charge", v))?
        .to_owned();
    let txid = text(v, "/txid").map(str::to_owned);
    let attempts = v
        .get("tentativas")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let last_attempt_failed = attempts
        .last()
        .is_some_and(|t| text(t, "/status") == Some("REJEITADA"));
    let retries = attempts
        .iter()
        .filter(|t| text(t, "/tipo") == Some("NTAG"))
        .count();
    let mut paid_by = Vec::new();
    for p in v.get("pix").and_then(Value::as_array).into_iter().flatten() {
        let (Some(e2e), Some(valor), Some(horario)) = (
            text(p, "/endToEndId"),
            text(p, "/valor"),
            text(p, "/horario"),
        ) else {
            return Err(unexpected("recurring charge's pix", p));
        };
        let amount = parse_valor(valor).ok_or_else(|| unexpected("pix valor", p))?;
        paid_by.push(ReceivedPix {
            end_to_end_id: e2e.to_owned(),
            txid: text(p, "/txid").map(str::to_owned).or_else(|| txid.clone()),
            amount,
            // A recurring charge is paid to the account; the payment path applies it as ours.
            chave: Some(key.to_owned()),
            horario: horario.to_owned(),
            info_pagador: text(p, "/infoPagador").map(str::to_owned),
            refunds: Vec::new(),
        });
    }
    Ok(RecurringChargeAtPsp {
        recurrence: text(v, "/idRec").unwrap_or_default().to_owned(),
        status,
        last_attempt_failed,
        retries: u32::try_from(retries).unwrap_or(u32::MAX),
        paid_by,
    })
}

impl ApiPixProvider {
    async fn get_or_none(&self, path: &str) -> PixResult<Option<Value>> {
        match self.call(Method::GET, path, None).await {
            Ok(v) => Ok(Some(v)),
            Err(e) if e.is_not_found() => Ok(None),
            Err(e) => Err(e),
        }
    }
}

impl RecurringPix for ApiPixProvider {
    fn create_recurrence<'a>(
        &'a self,
        r: NewRecurrence<'a>,
    ) -> BoxFuture<'a, PixResult<RecurrenceCreated>> {
        Box::pin(async move {
            let loc = self.call(Method::POST, "/locrec", None).await?;
            let loc_id = loc
                .get("id")
                .and_then(Value::as_i64)
                .ok_or_else(|| unexpected("locrec", &loc))?;
            let devedor = if r.payer_document.len() == 14 {
                json!({"cnpj": r.payer_document, "nome": r.payer_name})
            } else {
                json!({"cpf": r.payer_document, "nome": r.payer_name})
            };
            let payload = json!({
                "vinculo": {"contrato": r.contract, "devedor": devedor, "objeto": r.object},
                "calendario": {"dataInicial": r.first.iso(), "periodicidade": r.periodicity.as_psp()},
                "politicaRetentativa": "PERMITE_3R_7D",
                "loc": loc_id,
            });
            let rec = self.call(Method::POST, "/rec", Some(payload)).await?;
            let id = text(&rec, "/idRec")
                .ok_or_else(|| unexpected("rec", &rec))?
                .to_owned();
            let code = match text(&rec, "/dadosQR/pixCopiaECola") {
                Some(c) => c.to_owned(),
                None => {
                    let full = self
                        .call(Method::GET, &format!("/rec/{}", segment(&id)), None)
                        .await?;
                    text(&full, "/dadosQR/pixCopiaECola")
                        .ok_or_else(|| unexpected("a recurrence without its QR", &full))?
                        .to_owned()
                }
            };
            if !code.starts_with("000201") {
                return Err(PixError::Unexpected(format!("recurrence QR {code:?}")));
            }
            Ok(RecurrenceCreated {
                id,
                copia_e_cola: code,
            })
        })
    }

    fn recurrence<'a>(&'a self, id: &'a str) -> BoxFuture<'a, PixResult<Option<RecurrenceAtPsp>>> {
        Box::pin(async move {
            match self.get_or_none(&format!("/rec/{}", segment(id))).await? {
                Some(v) if text(&v, "/idRec") == Some(id) => recurrence_state(&v).map(Some),
                Some(v) => Err(unexpected("asked for another recurrence", &v)),
                None => Ok(None),
            }
        })
    }

    fn cancel_recurrence<'a>(&'a self, id: &'a str) -> BoxFuture<'a, PixResult<()>> {
        Box::pin(async move {
            let path = format!("/rec/{}", segment(id));
            self.call(Method::PATCH, &path, Some(json!({"status": "CANCELADA"})))
                .await?;
            Ok(())
        })
    }

    fn open_recurring_charge<'a>(
        &'a self,
        c: NewRecurringCharge<'a>,
    ) -> BoxFuture<'a, PixResult<()>> {
        Box::pin(async move {
            let payload = json!({
                "idRec": c.recurrence,
                "infoAdicional": c.description,
                "calendario": {"dataDeVencimento": c.due.iso()},
                "valor": {"original": c.amount.decimal_string()},
                "ajusteDiaUtil": false,
                "recebedor": {"conta": ACCOUNT.0, "tipoConta": ACCOUNT.1},
            });
            let path = format!("/cobr/{}", segment(c.txid));
            self.call(Method::PUT, &path, Some(payload)).await?;
            Ok(())
        })
    }

    fn recurring_charge<'a>(
        &'a self,
        txid: &'a str,
    ) -> BoxFuture<'a, PixResult<Option<RecurringChargeAtPsp>>> {
        Box::pin(async move {
            match self
                .get_or_none(&format!("/cobr/{}", segment(txid)))
                .await?
            {
                Some(v) if text(&v, "/txid") == Some(txid) => charge_state(&v, &self.key).map(Some),
                Some(v) => Err(unexpected("asked for another recurring charge", &v)),
                None => Ok(None),
            }
        })
    }

    fn cancel_recurring_charge<'a>(&'a self, txid: &'a str) -> BoxFuture<'a, PixResult<()>> {
        Box::pin(async move {
            let path = format!("/cobr/{}", segment(txid));
            self.call(Method::PATCH, &path, Some(json!({"status": "CANCELADA"})))
                .await?;
            Ok(())
        })
    }

    fn retry_recurring_charge<'a>(
        &'a self,
        txid: &'a str,
        on: Date,
    ) -> BoxFuture<'a, PixResult<()>> {
        Box::pin(async move {
            let path = format!("/cobr/{}/retentativa/{}", segment(txid), on.iso());
            self.call(Method::POST, &path, None).await?;
            Ok(())
        })
    }

    fn register_recurring_webhooks<'a>(
        &'a self,
        url: &'a str,
        hmac: Option<&'a str>,
    ) -> BoxFuture<'a, PixResult<()>> {
        Box::pin(async move {
            let target = profile::webhook_url(url, hmac);
            let payload = json!({"webhookUrl": target});
            for path in ["/webhookrec", "/webhookcobr"] {
                let mut headers = HeaderMap::new();
                if let (Some(_), Some(name)) = (hmac, self.profile.skip_mtls_header) {
                    headers.insert(
                        HeaderName::from_static(name),
                        HeaderValue::from_static("true"),
                    );
                }
                self.client
                    .call(Method::PUT, path, &[], Some(&payload), headers)
                    .await?;
            }
            tracing::info!(
                psp = self.profile.name,
                url,
                "pix automático webhooks registered"
            );
            Ok(())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_recurring_charge_reads_with_its_attempts_and_pix() {
        let v = json!({
            "idRec": "RR1234567820261129abcdefghijk", "txid": "t".repeat(32), "status": "ATIVA",
            "tentativas": [
                {"tipo": "AGND", "status": "REJEITADA"},
                {"tipo": "NTAG", "status": "REJEITADA"}
            ]
        });
        let c = charge_state(&v, "k").expect("reads");
        assert!(c.last_attempt_failed);
        assert_eq!(c.retries, 1);
        assert!(c.paid_by.is_empty());
        let paid = json!({
            "idRec": "RR1234567820261129abcdefghijk", "txid": "t".repeat(32), "status": "CONCLUIDA",
            "pix": [{"endToEndId": "E12345678202611290000abcdefghijk", "valor": "45.90", "horario": "2026-11-29T00:00:00Z"}]
        });
        let c = charge_state(&paid, "k").expect("reads");
        assert_eq!(c.paid_by.len(), 1);
        assert_eq!(c.paid_by[0].txid.as_deref(), Some("t".repeat(32).as_str()));
        assert_eq!(c.paid_by[0].chave.as_deref(), Some("k"));
        assert_eq!(c.paid_by[0].amount.centavos(), 4590);
    }

    #[test]
    fn who_cancelled_a_recurrence_is_read() {
        let bank = json!({"status": "CANCELADA", "encerramento": {"cancelamento": {"solicitante": "USUARIO_PAGADOR"}}});
        assert_eq!(
            recurrence_state(&bank).ok(),
            Some(RecurrenceAtPsp::Cancelled { by_payer: true })
        );
        let us = json!({"status": "CANCELADA", "encerramento": {"cancelamento": {"solicitante": "USUARIO_RECEBEDOR"}}});
        assert_eq!(
            recurrence_state(&us).ok(),
            Some(RecurrenceAtPsp::Cancelled { by_payer: false })
        );
        assert!(recurrence_state(&json!({"status": "OUTRO"})).is_err());
    }
}
