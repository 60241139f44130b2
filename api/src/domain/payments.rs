//! Pix received, applied once per end-to-end id (decisions.md §21), whichever way they reached
//! us: the PSP's webhook, the reconciliation job, a status query, the expiry job's check, the
//! sandbox.
//!
//! Two steps, each its own short transaction, with no PSP call inside:
//!
//! 1. [`receive`] writes every Pix into `pix_received` (the inbox), keyed by its end-to-end id:
//!    the same Pix told twice (a webhook retried, a webhook and the reconciliation) is one row.
//!    The webhook acknowledges only after this commits, so an acknowledged notification is never
//!    lost, even if the process dies before applying it.
//! 2. [`apply`] claims one `novo` row (a conditional update: two instances never both apply it)
//!    and decides, in the same transaction:
//!    - our txid, the exact amount, the charge pending → the charge is paid ([`charges::mark_paid`]);
//!    - anything else is never applied and the money goes back in full (decisions.md §28,
//!      [`refunds::schedule`], `devolvido` with its reason, for the admin): our txid and the
//!      exact amount but the charge no longer payable (expired with its stock released,
//!      cancelled, already paid); another amount than the charge's; no txid or an unknown one.
//!      The buyer of an order's charge is told by e-mail.
//!
//! A Pix the PSP lists for another of the account's keys is never applied and goes back in full
//! ([`refuse_other_key`], the reconciliation's side of the webhook's key rule).
//!
//! [`apply_pending`] applies whatever is left (the jobs run it, so a crash between the two steps
//! loses nothing).

use super::{
    charges::{self, Paid},
    codes::{ChargeStatus, PixOrigin, ReceivedState, RefundReason},
    refunds,
};
use crate::{
    db::{Db, begin_write, insert, now_ms},
    domain::error::{DomainError, DomainResult},
    mail::{OrderNotice, queue_order_notice},
    pix::{ReceivedPix, rfc3339},
};
use chrono::{TimeZone, Utc};
use rand::{Rng, distr::Alphanumeric};
use wasm_core::money::Money;

/// What applying one received Pix did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// It paid its charge.
    Applied(Paid),
    /// It could not be applied (the reason, for the admin): its refund was scheduled.
    Refunded { reason: RefundReason, why: String },
    /// Already processed (by another caller or instance).
    Skipped,
}

/// Records `pix` (from `origin`) in the inbox in one transaction, then the states of the
/// refunds they list; returns the end-to-end ids that were new. Nothing is applied yet.
pub async fn receive(db: &Db, pix: &[ReceivedPix], origin: PixOrigin) -> DomainResult<Vec<String>> {
    let now = now_ms();
    let mut new = Vec::new();
    if !pix.is_empty() {
        let mut tx = begin_write(db).await?;
        for p in pix {
            let inserted = insert(
                &mut *tx,
                "pix_received",
                &[
                    ("end_to_end_id", (&p.end_to_end_id).into()),
                    ("txid", p.txid.as_deref().into()),
                    ("valor_centavos", p.amount.centavos().into()),
                    ("chave", p.chave.as_deref().into()),
                    ("horario", (&p.horario).into()),
                    ("info_pagador", p.info_pagador.as_deref().into()),
                    ("origem", origin.as_db().into()),
                    ("estado", ReceivedState::New.as_db().into()),
                    ("recebido_em", now.into()),
                ],
                "ON CONFLICT (end_to_end_id) DO NOTHING",
            )
            .await?;
            if inserted == 1 {
                new.push(p.end_to_end_id.clone());
            }
        }
        tx.commit().await?;
    }
    for p in pix.iter().filter(|p| !p.refunds.is_empty()) {
        refunds::settle(db, &p.end_to_end_id, &p.refunds).await?;
    }
    Ok(new)
}

fn reais(centavos: i64) -> String {
    Money::from_centavos(centavos).format()
}

/// Applies received Pix `end_to_end_id` once (see the module's rules).
pub async fn apply(db: &Db, end_to_end_id: &str) -> DomainResult<Outcome> {
    let now = now_ms();
    let mut tx = begin_write(db).await?;
    let claimed = sqlx::query(
        "UPDATE pix_received SET processado_em = $1 WHERE end_to_end_id = $2 AND estado = $3",
    )
    .bind(now)
    .bind(end_to_end_id)
    .bind(ReceivedState::New.as_db())
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if claimed == 0 {
        tx.rollback().await?;
        return Ok(Outcome::Skipped);
    }
    let (txid, valor): (Option<String>, i64) =
        sqlx::query_as("SELECT txid, valor_centavos FROM pix_received WHERE end_to_end_id = $1")
            .bind(end_to_end_id)
            .fetch_one(&mut *tx)
            .await?;
    let charge = match &txid {
        Some(t) => charges::find(&mut tx, t).await?,
        None => None,
    };
    let charge = match charge {
        // Another amount: never applied, whatever the charge's state.
        Some(c) if c.valor_centavos != valor => Err((
            RefundReason::WrongAmount,
            format!(
                "valor {} diferente do da cobrança ({})",
                reais(valor),
                reais(c.valor_centavos)
            ),
            Some(c),
        )),
        Some(c) => Ok(c),
        None if txid.is_none() => Err((RefundReason::UnknownCharge, "Pix sem txid".into(), None)),
        None => Err((
            RefundReason::UnknownCharge,
            "txid desconhecido".into(),
            None,
        )),
    };
    let outcome = match charge {
        Ok(c) => match charges::mark_paid(&mut tx, &c, end_to_end_id, now).await? {
            Some(paid) => Outcome::Applied(paid),
            None => {
                // Said as what happened: the charge's time ran out, its order was cancelled
                // (a paid one's money already went back), or it had been paid already.
                let (reason, why) = match c.status {
                    ChargeStatus::Expired => (RefundReason::LatePayment, "cobrança expirada"),
                    ChargeStatus::Cancelled => {
                        (RefundReason::AfterCancellation, "cobrança cancelada")
                    }
                    ChargeStatus::Refunded => {
                        (RefundReason::AfterCancellation, "cobrança já devolvida")
                    }
                    ChargeStatus::Paid | ChargeStatus::Pending => {
                        (RefundReason::DuplicatePayment, "cobrança já paga")
                    }
                };
                if let Some(order_id) = &c.order_id {
                    queue_order_notice(&mut tx, order_id, OrderNotice::Refunded { reason }).await?;
                }
                Outcome::Refunded {
                    reason,
                    why: why.to_owned(),
                }
            }
        },
        Err((reason, why, c)) => {
            if let Some(order_id) = c.as_ref().and_then(|c| c.order_id.as_ref()) {
                let notice = OrderNotice::WrongAmount {
                    valor_centavos: valor,
                };
                queue_order_notice(&mut tx, order_id, notice).await?;
            }
            Outcome::Refunded { reason, why }
        }
    };
    let (estado, motivo) = match &outcome {
        Outcome::Applied(_) => (ReceivedState::Applied, None),
        Outcome::Refunded { reason, why } => {
            refunds::schedule(&mut tx, end_to_end_id, txid.as_deref(), valor, *reason, now).await?;
            (ReceivedState::Refunded, Some(why.clone()))
        }
        Outcome::Skipped => unreachable!("a claimed row is decided"),
    };
    sqlx::query("UPDATE pix_received SET estado = $1, motivo = $2 WHERE end_to_end_id = $3")
        .bind(estado.as_db())
        .bind(motivo.as_deref())
        .bind(end_to_end_id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    match &outcome {
        Outcome::Refunded { why, .. } => tracing::warn!(
            end_to_end_id,
            txid = txid.as_deref(),
            centavos = valor,
            reason = %why,
            "pix received and not applied: refund scheduled"
        ),
        _ => tracing::info!(end_to_end_id, txid = txid.as_deref(), "pix payment applied"),
    }
    Ok(outcome)
}

/// Records the Pix the PSP lists for another key than `ours` (the account's other keys), each
/// once per end-to-end id, as never applied and refunded in full (the webhook's key rule,
/// decisions.md §28); the buyer of an order's charge is told. Returns the end-to-end ids that
/// were new.
pub async fn refuse_other_key(
    db: &Db,
    pix: &[ReceivedPix],
    origin: PixOrigin,
    ours: &str,
) -> DomainResult<Vec<String>> {
    let now = now_ms();
    let mut new = Vec::new();
    if !pix.is_empty() {
        let mut tx = begin_write(db).await?;
        for p in pix {
            let why = format!(
                "Pix para outra chave ({}), não {ours}",
                p.chave.as_deref().unwrap_or("nenhuma")
            );
            let inserted = insert(
                &mut *tx,
                "pix_received",
                &[
                    ("end_to_end_id", (&p.end_to_end_id).into()),
                    ("txid", p.txid.as_deref().into()),
                    ("valor_centavos", p.amount.centavos().into()),
                    ("chave", p.chave.as_deref().into()),
                    ("horario", (&p.horario).into()),
                    ("info_pagador", p.info_pagador.as_deref().into()),
                    ("origem", origin.as_db().into()),
                    ("estado", ReceivedState::Refunded.as_db().into()),
                    ("motivo", (&why).into()),
                    ("recebido_em", now.into()),
                    ("processado_em", now.into()),
                ],
                "ON CONFLICT (end_to_end_id) DO NOTHING",
            )
            .await?;
            if inserted == 0 {
                continue;
            }
            let valor = p.amount.centavos();
            let txid = p.txid.as_deref();
            refunds::schedule(
                &mut tx,
                &p.end_to_end_id,
                txid,
                valor,
                RefundReason::OtherKey,
                now,
            )
            .await?;
            if let Some(t) = txid
                && let Some(order_id) = charges::find(&mut tx, t).await?.and_then(|c| c.order_id)
            {
                let notice = OrderNotice::Refunded {
                    reason: RefundReason::OtherKey,
                };
                queue_order_notice(&mut tx, &order_id, notice).await?;
            }
            tracing::warn!(
                end_to_end_id = %p.end_to_end_id,
                txid,
                reason = %why,
                "pix for another key: refund scheduled"
            );
            new.push(p.end_to_end_id.clone());
        }
        tx.commit().await?;
    }
    for p in pix.iter().filter(|p| !p.refunds.is_empty()) {
        refunds::settle(db, &p.end_to_end_id, &p.refunds).await?;
    }
    Ok(new)
}

/// Applies every received Pix still `novo`, oldest first; returns what each did.
pub async fn apply_pending(db: &Db) -> DomainResult<Vec<Outcome>> {
    let pending: Vec<String> = sqlx::query_scalar(
        "SELECT end_to_end_id FROM pix_received WHERE estado = $1 \
         ORDER BY recebido_em, end_to_end_id LIMIT 500",
    )
    .bind(ReceivedState::New.as_db())
    .fetch_all(db)
    .await?;
    let mut done = Vec::with_capacity(pending.len());
    for e2e in pending {
        done.push(apply(db, &e2e).await?);
    }
    Ok(done)
}

/// What the sandbox's payment did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SandboxPayment {
    /// This call paid the charge.
    Confirmed(Paid),
    /// It had been paid before: nothing changed.
    AlreadyPaid,
}

/// The sandbox's payer pays charge `txid` (decisions.md §10), as a PSP would accept it: only a
/// pending charge within its time, once. The Pix is recorded like any other (`origem
/// 'sandbox'`). An unknown charge is 404; an expired or cancelled one 409.
pub async fn pay_sandbox(db: &Db, txid: &str) -> DomainResult<SandboxPayment> {
    let now = now_ms();
    let e2e = end_to_end_id(now);
    let mut tx = begin_write(db).await?;
    let charge = charges::find(&mut tx, txid)
        .await?
        .ok_or_else(|| DomainError::NotFound("Cobrança não encontrada.".into()))?;
    if charge.status == ChargeStatus::Pending
        && charge.expira_em > now
        && let Some(paid) = charges::mark_paid(&mut tx, &charge, &e2e, now).await?
    {
        let paid_at = rfc3339(now);
        insert(
            &mut *tx,
            "pix_received",
            &[
                ("end_to_end_id", (&e2e).into()),
                ("txid", txid.into()),
                ("valor_centavos", charge.valor_centavos.into()),
                ("horario", (&paid_at).into()),
                ("origem", PixOrigin::Sandbox.as_db().into()),
                ("estado", ReceivedState::Applied.as_db().into()),
                ("recebido_em", now.into()),
                ("processado_em", now.into()),
            ],
            "",
        )
        .await?;
        tx.commit().await?;
        return Ok(SandboxPayment::Confirmed(paid));
    }
    tx.rollback().await?;
    // Read again: a concurrent payment may have just won (the row read above was stale).
    let status: String = sqlx::query_scalar("SELECT status FROM pix_charges WHERE txid = $1")
        .bind(txid)
        .fetch_one(db)
        .await?;
    match ChargeStatus::from_db(&status)? {
        s if s.was_paid() => Ok(SandboxPayment::AlreadyPaid),
        ChargeStatus::Cancelled => Err(DomainError::Conflict("Cobrança cancelada.".into())),
        _ => {
            // Pending but past its time: expire it now (lazily), then refuse.
            charges::expire_due(db).await?;
            Err(DomainError::Conflict("Cobrança expirada.".into()))
        }
    }
}

/// A made-up end-to-end id in the PSPs' shape: `E`, an ISPB, yyyyMMddHHmm, 11 letters and digits.
fn end_to_end_id(now: i64) -> String {
    let stamp = Utc
        .timestamp_millis_opt(now)
        .single()
        .unwrap_or_default()
        .format("%Y%m%d%H%M");
    let tail: String = rand::rng()
        .sample_iter(&Alphanumeric)
        .take(11)
        .map(char::from)
        .collect();
    format!("E00000000{stamp}{tail}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sandbox_end_to_end_ids_have_the_psps_shape() {
        let id = end_to_end_id(1_738_378_800_000);
        assert_eq!(id.len(), 32);
        assert!(id.starts_with("E00000000202502010300"), "{id}");
        assert!(id.chars().all(|c| c.is_ascii_alphanumeric()));
    }
}
