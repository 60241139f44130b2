//! A Pix charge's life in the database (`pix_charges`): opened at the provider *before* the
//! transaction that records it ([`open_at_provider`], then [`record`] in the order's
//! transaction, or [`open`] for a token purchase), paid exactly once ([`mark_paid`], called by
//! [`super::payments`]: the order becomes `status_pix '2'`, a delivery the store is told of, and
//! the supplier gains an item held until the delivery, decisions.md §9, §27; tokens are
//! credited), expired after its time unpaid ([`expire_due`]: the order is cancelled and its
//! stock and coupon use released, §8, §32), cancelled or refunded with its order
//! ([`cancel_unpaid`], [`mark_refunded`], called by [`super::orders::cancel_awaiting`], which
//! schedules the refund itself: [`super::refunds`]).
//!
//! No provider call is ever made inside a write transaction: a slow PSP would hold the
//! database's write lock (SQLite) or row locks (PostgreSQL) for everyone. A charge opened at the
//! PSP whose transaction then fails is removed there again (best effort: nobody was shown its
//! code, so nobody can pay it).
//!
//! Every change is one conditional `UPDATE … WHERE status = 'pendente'` inside a write
//! transaction, so two callers (a payment and the expiry, two payments) never both win. Row
//! locks are always taken charge → order → open item → products, the same order as an order's
//! cancellation, so PostgreSQL never deadlocks between them.
//!
//! `provider` holds what is asked of the PSP outside any transaction (open, forget, the janitor
//! of abandoned openings), `expiry` the expiry of unpaid charges; the rest is here.

mod expiry;
mod provider;

pub use expiry::*;
pub use provider::*;

use super::{
    codes::{ChargePurpose, ChargeStatus, PixStatus},
    ledger, stock, tokens,
};
use crate::{
    db::insert,
    domain::error::{DomainError, DomainResult},
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
    /// Taken before the provider is called, so our expiry is never before the PSP's.
    pub now: i64,
}

impl Charge<'_> {
    fn description(&self) -> &'static str {
        match self.purpose {
            Purpose::Order(_) => "Pedido na Feira",
            Purpose::Tokens(_) => "Fichas de registro na Feira",
        }
    }
}

/// Records charge `c`, already open at the provider with `copia_e_cola`, in `tx` (an order's
/// transaction), and ends its opening. It expires `grace` after the PSP stops accepting it
/// ([`crate::pix::PixProvider::expiry_grace`]).
pub async fn record(
    tx: &mut Transaction<'_, Any>,
    c: &Charge<'_>,
    copia_e_cola: &str,
    grace: Duration,
) -> sqlx::Result<()> {
    let ms = |d: Duration| i64::try_from(d.as_millis()).unwrap_or(i64::MAX / 4);
    let (finalidade, order_id, fichas) = match c.purpose {
        Purpose::Order(id) => (ChargePurpose::Order, Some(id), None),
        Purpose::Tokens(n) => (ChargePurpose::Tokens, None, Some(n)),
    };
    let expira_em = c
        .now
        .saturating_add(ms(c.expires_in))
        .saturating_add(ms(grace));
    insert(
        &mut **tx,
        "pix_charges",
        &[
            ("txid", c.txid.into()),
            ("finalidade", finalidade.as_db().into()),
            ("order_id", order_id.into()),
            ("user_id", c.user_id.into()),
            ("valor_centavos", c.amount.centavos().into()),
            ("fichas", fichas.into()),
            ("copia_e_cola", copia_e_cola.into()),
            ("status", ChargeStatus::Pending.as_db().into()),
            ("criado_em", c.now.into()),
            ("expira_em", expira_em.into()),
        ],
        "",
    )
    .await?;
    sqlx::query("DELETE FROM pix_openings WHERE txid = $1")
        .bind(c.txid)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// A charge as the payment path reads it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct StoredCharge {
    pub txid: String,
    #[sqlx(try_from = "String")]
    pub finalidade: ChargePurpose,
    pub order_id: Option<String>,
    pub user_id: String,
    pub valor_centavos: i64,
    pub fichas: Option<i64>,
    #[sqlx(try_from = "String")]
    pub status: ChargeStatus,
    pub expira_em: i64,
    pub end_to_end_id: Option<String>,
}

/// Charge `txid`, read inside `tx`.
pub async fn find(tx: &mut Transaction<'_, Any>, txid: &str) -> sqlx::Result<Option<StoredCharge>> {
    sqlx::query_as(
        "SELECT txid, finalidade, order_id, user_id, valor_centavos, fichas, status, expira_em, \
         end_to_end_id FROM pix_charges WHERE txid = $1",
    )
    .bind(txid)
    .fetch_optional(&mut **tx)
    .await
}

/// What a payment paid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Paid {
    /// An order, now `status_pix '2'`, with its supplier (who gained a held item and now has
    /// a delivery to make), its buyer's name and total (for the supplier's live 'Novo pedido').
    Order {
        order_id: String,
        supplier_id: String,
        cliente_nome: String,
        total_centavos: i64,
    },
    /// Tokens, credited to the buyer.
    Tokens,
}

/// Marks charge `c` (pending) paid by Pix `end_to_end_id`, inside `tx`: its order becomes
/// `status_pix '2'` and the supplier gets an open item of the order's total; a token purchase
/// credits the buyer's ledger. `None` when the charge was no longer pending (another caller
/// won).
pub async fn mark_paid(
    tx: &mut Transaction<'_, Any>,
    c: &StoredCharge,
    end_to_end_id: &str,
    now: i64,
) -> DomainResult<Option<Paid>> {
    let paid = sqlx::query(
        "UPDATE pix_charges SET status = $1, pago_em = $2, end_to_end_id = $3 \
         WHERE txid = $4 AND status = $5",
    )
    .bind(ChargeStatus::Paid.as_db())
    .bind(now)
    .bind(end_to_end_id)
    .bind(&c.txid)
    .bind(ChargeStatus::Pending.as_db())
    .execute(&mut **tx)
    .await?
    .rows_affected();
    if paid == 0 {
        return Ok(None);
    }
    let outcome = match (c.finalidade, &c.order_id) {
        (ChargePurpose::Order, Some(order_id)) => {
            sqlx::query("UPDATE orders SET status_pix = $1, atualizado_em = $2 WHERE id = $3")
                .bind(PixStatus::Paid.as_db())
                .bind(now)
                .bind(order_id)
                .execute(&mut **tx)
                .await?;
            ledger::credit_order(tx, order_id, now).await?;
            // Paid: now its units count as sold (the best-seller rank).
            stock::count_sale(tx, order_id).await?;
            let (supplier_id, cliente_nome, total_centavos): (String, String, i64) =
                sqlx::query_as(
                    "SELECT supplier_id, cliente_nome, total_centavos FROM orders WHERE id = $1",
                )
                .bind(order_id)
                .fetch_one(&mut **tx)
                .await?;
            // Only now is it a delivery: the store hears of it, the buyer gets a receipt.
            use crate::mail::OrderNotice::{NewOrder, PaymentReceived};
            crate::mail::queue_order_notices(tx, order_id, &[NewOrder, PaymentReceived]).await?;
            Paid::Order {
                order_id: order_id.clone(),
                supplier_id,
                cliente_nome,
                total_centavos,
            }
        }
        (ChargePurpose::Tokens, _) => {
            let fichas = c.fichas.unwrap_or(0);
            tokens::credit_purchase(tx, &c.user_id, fichas, &c.txid, now).await?;
            Paid::Tokens
        }
        (ChargePurpose::Order, None) => {
            return Err(DomainError::Internal(anyhow::anyhow!(
                "order charge {} without its order",
                c.txid
            )));
        }
    };
    crate::metrics::pix_charge(crate::metrics::PixEvent::Paid);
    Ok(Some(outcome))
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

/// The Pix that paid a charge (absent only in rows older than the PSP provider) and its amount.
pub type PaidBy = (Option<String>, i64);

/// Marks paid charge `txid` given back (its order was cancelled); returns the Pix that paid it
/// and its amount (what the caller schedules the refund of), or `None` when it is not paid.
pub async fn mark_refunded(
    tx: &mut Transaction<'_, Any>,
    txid: &str,
    now: i64,
) -> sqlx::Result<Option<PaidBy>> {
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
    if refunded == 0 {
        return Ok(None);
    }
    sqlx::query_as("SELECT end_to_end_id, valor_centavos FROM pix_charges WHERE txid = $1")
        .bind(txid)
        .fetch_one(&mut **tx)
        .await
        .map(Some)
}
