//! A Pix charge's life in the database (`pix_charges`): opened with its order or for a token
//! purchase ([`record`], [`open`], [`Purpose`]), paid exactly once ([`confirm_payment`]: the
//! order becomes `status_pix '2'` and the supplier gains an open item, decisions.md §9; tokens
//! are credited), expired after its time unpaid ([`expire_due`]: the order is cancelled and its
//! stock released, §8), cancelled or refunded with its order ([`cancel_unpaid`],
//! [`mark_refunded`], called by [`super::orders::cancel_awaiting`]).
//!
//! Every change is one conditional `UPDATE … WHERE status = 'pendente'` inside a write
//! transaction, so two callers (a payment and the expiry, two payments) never both win. Row
//! locks are always taken charge → order → open item → products, the same order as an order's
//! cancellation, so PostgreSQL never deadlocks between them.
//!
//! A PSP's webhook confirms payments through [`confirm_payment`] (idempotent on the charge);
//! the provider itself is reached through [`PixProvider`].

use super::{
    codes::{ChargePurpose, ChargeStatus, OrderStatus, PixStatus},
    ledger, stock, tokens,
};
use crate::{
    db::{Db, begin_write, now_ms},
    error::{ApiError, ApiResult},
    pix::{NewCharge, PixProvider},
};
use sqlx::{Any, Transaction};
use std::time::Duration;
use wasm_core::money::Money;

/// What a charge pays for, with what it needs ([`ChargePurpose`] is its code).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose<'a> {
    /// An order: paid, it becomes `status_pix '2'`.
    Order(&'a str),
    /// Notarisation tokens: paid, they are credited to the buyer's ledger once.
    Tokens(i64),
}

/// Any charge: an order's or a token purchase.
#[derive(Debug, Clone, Copy)]
pub struct Charge<'a> {
    /// From [`crate::pix::new_txid`].
    pub txid: &'a str,
    pub purpose: Purpose<'a>,
    pub user_id: &'a str,
    pub amount: Money,
    pub expires_in: Duration,
    pub now: i64,
}

/// Opens charge `c` at the provider and records it in a transaction of its own (a token
/// purchase); returns the "copia e cola".
pub async fn open(db: &Db, provider: &dyn PixProvider, c: Charge<'_>) -> ApiResult<String> {
    let mut tx = begin_write(db).await?;
    let copia_e_cola = record(&mut tx, provider, c).await?;
    tx.commit().await?;
    Ok(copia_e_cola)
}

/// Opens charge `c` at the provider and records it in `tx` (an order's transaction); returns
/// the "copia e cola".
pub async fn record(
    tx: &mut Transaction<'_, Any>,
    provider: &dyn PixProvider,
    c: Charge<'_>,
) -> ApiResult<String> {
    let charge = provider
        .open_charge(NewCharge {
            txid: c.txid,
            amount: c.amount,
            expires_in: c.expires_in,
        })
        .await?;
    let expires_in_ms = i64::try_from(c.expires_in.as_millis()).unwrap_or(i64::MAX / 2);
    let (finalidade, order_id, fichas) = match c.purpose {
        Purpose::Order(id) => (ChargePurpose::Order, Some(id), None),
        Purpose::Tokens(n) => (ChargePurpose::Tokens, None, Some(n)),
    };
    sqlx::query(
        "INSERT INTO pix_charges (txid, finalidade, order_id, user_id, valor_centavos, fichas, \
         copia_e_cola, status, criado_em, expira_em) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
    )
    .bind(c.txid)
    .bind(finalidade.as_db())
    .bind(order_id)
    .bind(c.user_id)
    .bind(c.amount.centavos())
    .bind(fichas)
    .bind(&charge.copia_e_cola)
    .bind(ChargeStatus::Pending.as_db())
    .bind(c.now)
    .bind(c.now.saturating_add(expires_in_ms))
    .execute(&mut **tx)
    .await?;
    crate::metrics::pix_charge(crate::metrics::PixEvent::Opened);
    Ok(charge.copia_e_cola)
}

/// What a payment confirmation did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Payment {
    /// This call paid the charge.
    Confirmed,
    /// It had been paid before: nothing changed.
    AlreadyPaid,
}

/// Marks charge `txid` paid, once: its order becomes `status_pix '2'` and the supplier gets an
/// open item (status `'2'`) of the order's total; a token purchase (`fichas`) credits the
/// buyer's ledger. All in one transaction.
pub async fn confirm_payment(db: &Db, txid: &str, end_to_end_id: &str) -> ApiResult<Payment> {
    let now = now_ms();
    let mut tx = begin_write(db).await?;
    let paid = sqlx::query(
        "UPDATE pix_charges SET status = $1, pago_em = $2, end_to_end_id = $3 \
         WHERE txid = $4 AND status = $5 AND expira_em > $2",
    )
    .bind(ChargeStatus::Paid.as_db())
    .bind(now)
    .bind(end_to_end_id)
    .bind(txid)
    .bind(ChargeStatus::Pending.as_db())
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if paid == 1 {
        let (finalidade, order_id, user_id, fichas): (String, Option<String>, String, Option<i64>) =
            sqlx::query_as(
                "SELECT finalidade, order_id, user_id, fichas FROM pix_charges WHERE txid = $1",
            )
            .bind(txid)
            .fetch_one(&mut *tx)
            .await?;
        match (ChargePurpose::from_db(&finalidade)?, order_id) {
            (ChargePurpose::Order, Some(order_id)) => {
                sqlx::query("UPDATE orders SET status_pix = $1, atualizado_em = $2 WHERE id = $3")
                    .bind(PixStatus::Paid.as_db())
                    .bind(now)
                    .bind(&order_id)
                    .execute(&mut *tx)
                    .await?;
                ledger::credit_order(&mut tx, &order_id, now).await?;
            }
            (ChargePurpose::Tokens, _) => {
                let fichas = fichas.unwrap_or(0);
                tokens::credit_purchase(&mut tx, &user_id, fichas, txid, now).await?;
            }
            (ChargePurpose::Order, None) => {
                tracing::warn!(txid, "a paid order charge without its order");
            }
        }
        tx.commit().await?;
        crate::metrics::pix_charge(crate::metrics::PixEvent::Paid);
        return Ok(Payment::Confirmed);
    }
    tx.rollback().await?;
    let status: Option<String> =
        sqlx::query_scalar("SELECT status FROM pix_charges WHERE txid = $1")
            .bind(txid)
            .fetch_optional(db)
            .await?;
    let status = status.as_deref().map(ChargeStatus::from_db).transpose()?;
    match status {
        None => Err(ApiError::NotFound("Cobrança não encontrada.".into())),
        Some(s) if s.was_paid() => Ok(Payment::AlreadyPaid),
        Some(ChargeStatus::Cancelled) => Err(ApiError::Conflict("Cobrança cancelada.".into())),
        Some(_) => {
            // Pending but past its time: expire it now (lazily), then refuse.
            expire_due(db).await?;
            Err(ApiError::Conflict("Cobrança expirada.".into()))
        }
    }
}

/// Expires every pending charge past its time: the charge becomes `expirado`, its order
/// `status_pix '0'` and cancelled (`situacao '00'`), its stock released. Returns how many.
pub async fn expire_due(db: &Db) -> ApiResult<u64> {
    let now = now_ms();
    let due: Vec<String> = sqlx::query_scalar(
        "SELECT txid FROM pix_charges WHERE status = $1 AND expira_em <= $2 ORDER BY expira_em",
    )
    .bind(ChargeStatus::Pending.as_db())
    .bind(now)
    .fetch_all(db)
    .await?;
    let mut expired = 0;
    for txid in due {
        if expire_one(db, &txid, now).await? {
            expired += 1;
        }
    }
    Ok(expired)
}

async fn expire_one(db: &Db, txid: &str, now: i64) -> ApiResult<bool> {
    let mut tx = begin_write(db).await?;
    let changed = sqlx::query(
        "UPDATE pix_charges SET status = $1 WHERE txid = $2 AND status = $3 AND expira_em <= $4",
    )
    .bind(ChargeStatus::Expired.as_db())
    .bind(txid)
    .bind(ChargeStatus::Pending.as_db())
    .bind(now)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if changed == 0 {
        tx.rollback().await?;
        return Ok(false);
    }
    let order_id: Option<String> =
        sqlx::query_scalar("SELECT order_id FROM pix_charges WHERE txid = $1")
            .bind(txid)
            .fetch_one(&mut *tx)
            .await?;
    if let Some(order_id) = order_id {
        let cancelled = sqlx::query(
            "UPDATE orders SET status_pix = $1, situacao = $2, atualizado_em = $3 \
             WHERE id = $4 AND situacao = $5",
        )
        .bind(PixStatus::Expired.as_db())
        .bind(OrderStatus::CancelledByBuyer.as_db())
        .bind(now)
        .bind(&order_id)
        .bind(OrderStatus::Awaiting.as_db())
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if cancelled == 1 {
            stock::release(&mut tx, &order_id).await?;
            crate::mail::queue_order_notice(&mut tx, &order_id, crate::mail::OrderNotice::Expired)
                .await?;
        }
    }
    tx.commit().await?;
    tracing::info!(txid, "pix charge expired");
    Ok(true)
}

/// Cancels charge `txid` while unpaid (its order was cancelled); false when it is not pending.
pub async fn cancel_unpaid(tx: &mut Transaction<'_, Any>, txid: &str) -> sqlx::Result<bool> {
    let cancelled =
        sqlx::query("UPDATE pix_charges SET status = $1 WHERE txid = $2 AND status = $3")
            .bind(ChargeStatus::Cancelled.as_db())
            .bind(txid)
            .bind(ChargeStatus::Pending.as_db())
            .execute(&mut **tx)
            .await?
            .rows_affected();
    Ok(cancelled == 1)
}

/// Marks paid charge `txid` given back (its order was cancelled); false when it is not paid.
/// The caller asks the provider for the refund before committing.
pub async fn mark_refunded(
    tx: &mut Transaction<'_, Any>,
    txid: &str,
    now: i64,
) -> sqlx::Result<bool> {
    let refunded = sqlx::query(
        "UPDATE pix_charges SET status = $1, devolvido_em = $2 WHERE txid = $3 AND status = $4",
    )
    .bind(ChargeStatus::Refunded.as_db())
    .bind(now)
    .bind(txid)
    .bind(ChargeStatus::Paid.as_db())
    .execute(&mut **tx)
    .await?
    .rows_affected();
    Ok(refunded == 1)
}
