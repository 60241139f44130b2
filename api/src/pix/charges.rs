//! A Pix charge's life in the database (`pix_charges`): opened with its order or for a token
//! purchase ([`record`], [`Purpose`]), paid exactly
//! once (the order becomes `status_pix '2'` and the supplier gains an open item, decisions.md
//! §9), expired after its time unpaid (the order is cancelled and its stock released, §8),
//! cancelled or refunded with its order (`rpc::orders`).
//!
//! Every change is one conditional `UPDATE … WHERE status = 'pendente'` inside a write
//! transaction, so two callers (a payment and the expiry, two payments) never both win. Row
//! locks are always taken charge → order → open item → products, the same order as
//! `cancelar_pedido`, so PostgreSQL never deadlocks between them.

use super::{NewCharge, PixProvider};
use crate::{
    db::{Db, new_id, now_ms},
    error::{ApiError, ApiResult},
    rpc::orders::{begin_write, release_stock},
};
use sqlx::{Any, Transaction};
use std::time::Duration;
use wasm_core::money::Money;

/// `pix_charges.status` values.
pub const PENDENTE: &str = "pendente";
pub const PAGO: &str = "pago";
pub const EXPIRADO: &str = "expirado";
pub const DEVOLVIDO: &str = "devolvido";
/// An unpaid charge whose order was cancelled by the buyer.
pub const CANCELADO: &str = "cancelado";

/// How often the background task looks for expired charges.
const SWEEP_EVERY: Duration = Duration::from_secs(60);

/// What a charge pays for (`pix_charges.finalidade`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose<'a> {
    /// An order (`'pedido'`): paid, it becomes `status_pix '2'`.
    Order(&'a str),
    /// Notarisation tokens (`'fichas'`): paid, they are credited to the buyer's ledger once.
    Tokens(i64),
}

/// Any charge: an order's or a token purchase.
#[derive(Debug, Clone, Copy)]
pub struct Charge<'a> {
    /// From [`super::new_txid`].
    pub txid: &'a str,
    pub purpose: Purpose<'a>,
    pub user_id: &'a str,
    pub amount: Money,
    pub expires_in: Duration,
    pub now: i64,
}

/// Opens charge `c` at the provider and records it in `tx`; returns the "copia e cola".
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
        Purpose::Order(id) => ("pedido", Some(id), None),
        Purpose::Tokens(n) => ("fichas", None, Some(n)),
    };
    sqlx::query(
        "INSERT INTO pix_charges (txid, finalidade, order_id, user_id, valor_centavos, fichas, \
         copia_e_cola, status, criado_em, expira_em) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
    )
    .bind(c.txid)
    .bind(finalidade)
    .bind(order_id)
    .bind(c.user_id)
    .bind(c.amount.centavos())
    .bind(fichas)
    .bind(&charge.copia_e_cola)
    .bind(PENDENTE)
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
    .bind(PAGO)
    .bind(now)
    .bind(end_to_end_id)
    .bind(txid)
    .bind(PENDENTE)
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
        if let Some(order_id) = order_id {
            sqlx::query("UPDATE orders SET status_pix = '2', atualizado_em = $1 WHERE id = $2")
                .bind(now)
                .bind(&order_id)
                .execute(&mut *tx)
                .await?;
            sqlx::query(
                "INSERT INTO open_items (id, supplier_id, order_id, cliente_nome, valor_centavos, \
                 status, criado_em) \
                 SELECT $1, supplier_id, id, cliente_nome, total_centavos, '2', $2 \
                 FROM orders WHERE id = $3",
            )
            .bind(new_id())
            .bind(now)
            .bind(&order_id)
            .execute(&mut *tx)
            .await?;
        } else if finalidade == "fichas" {
            sqlx::query(
                "INSERT INTO token_ledger (id, user_id, delta, motivo, referencia, criado_em) \
                 VALUES ($1, $2, $3, 'compra', $4, $5)",
            )
            .bind(new_id())
            .bind(&user_id)
            .bind(fichas.unwrap_or(0))
            .bind(txid)
            .bind(now)
            .execute(&mut *tx)
            .await?;
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
    match status.as_deref() {
        None => Err(ApiError::NotFound("Cobrança não encontrada.".into())),
        Some(PAGO | DEVOLVIDO) => Ok(Payment::AlreadyPaid),
        Some(CANCELADO) => Err(ApiError::Conflict("Cobrança cancelada.".into())),
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
    .bind(PENDENTE)
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
    .bind(EXPIRADO)
    .bind(txid)
    .bind(PENDENTE)
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
            "UPDATE orders SET status_pix = '0', situacao = '00', atualizado_em = $1 \
             WHERE id = $2 AND situacao = '1'",
        )
        .bind(now)
        .bind(&order_id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if cancelled == 1 {
            release_stock(&mut tx, &order_id).await?;
            crate::mail::queue_order_notice(&mut tx, &order_id, crate::mail::OrderNotice::Expired)
                .await?;
        }
    }
    tx.commit().await?;
    tracing::info!(txid, "pix charge expired");
    Ok(true)
}

/// Runs [`expire_due`] every minute, for as long as the runtime lives.
pub fn spawn_expiry_task(db: Db) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut every = tokio::time::interval(SWEEP_EVERY);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            every.tick().await;
            if let Err(e) = expire_due(&db).await {
                tracing::warn!(error = ?e, "expiring pix charges");
            }
        }
    })
}
