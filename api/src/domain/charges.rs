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

use super::{
    codes::{ChargePurpose, ChargeStatus, OrderStatus, PixStatus, RefundReason},
    ledger, stock, tokens,
};
use crate::{
    db::{Db, begin_write, insert, now_ms},
    domain::error::{DomainError, DomainResult},
    messages::PIX_INDISPONIVEL,
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

/// Opens charge `c` at the provider (no transaction is open); returns the "copia e cola". Its
/// txid is first written to `pix_openings` (committed), so a charge whose order is never
/// recorded (the process died in between) is found and removed at the PSP
/// ([`forget_abandoned`]). A provider that fails or times out gives the buyer 'Não foi possível
/// gerar o Pix agora. Tente novamente.' (503), and nothing is stored.
pub async fn open_at_provider(
    db: &Db,
    provider: &dyn PixProvider,
    c: &Charge<'_>,
) -> DomainResult<String> {
    sqlx::query("INSERT INTO pix_openings (txid, criado_em) VALUES ($1, $2)")
        .bind(c.txid)
        .bind(c.now)
        .execute(db)
        .await?;
    let opened = provider
        .open_charge(NewCharge {
            txid: c.txid,
            amount: c.amount,
            expires_in: c.expires_in,
            description: c.description(),
        })
        .await
        .map_err(|e| {
            tracing::error!(error = %e, txid = c.txid, "opening a Pix charge at the provider");
            // Not opened (or unknown): the janitor asks the PSP to remove it anyway.
            DomainError::Unavailable(PIX_INDISPONIVEL.into())
        })?;
    crate::metrics::pix_charge(crate::metrics::PixEvent::Opened);
    Ok(opened.copia_e_cola)
}

/// Removes charge `txid` at the provider (its order was refused, or cancelled unpaid), then its
/// opening row; a failure leaves the row for [`forget_abandoned`] to retry. A basket cycle's
/// recurring charge (`pix_cobr`) is cancelled as one (`PATCH /cobr`), not as a `/cob`.
pub async fn forget_at_provider(db: &Db, provider: &dyn PixProvider, txid: &str) {
    let recurring: Option<String> =
        match sqlx::query_scalar("SELECT txid FROM pix_cobr WHERE txid = $1")
            .bind(txid)
            .fetch_optional(db)
            .await
        {
            Ok(r) => r,
            Err(e) => {
                tracing::warn!(error = %e, txid, "reading whether a charge is recurring");
                return;
            }
        };
    let removed = match (recurring, provider.recurring()) {
        (None, _) => provider.remove_charge(txid).await,
        (Some(_), Some(r)) => r.cancel_recurring_charge(txid).await,
        (Some(_), None) => {
            tracing::error!(
                txid,
                "a recurring charge with no Pix Automático to cancel it"
            );
            return;
        }
    };
    match removed {
        Ok(()) => {
            if let Err(e) = sqlx::query("DELETE FROM pix_openings WHERE txid = $1")
                .bind(txid)
                .execute(db)
                .await
            {
                tracing::warn!(error = %e, txid, "forgetting a removed charge's opening");
            }
        }
        Err(e) => tracing::warn!(error = %e, txid, "removing a Pix charge at the provider"),
    }
}

/// Removes at the provider every charge whose opening is older than `older_than` ms and that
/// was never recorded (its request died between the PSP and the database), so nobody can pay a
/// charge no order holds; a recorded one only loses its row. Returns how many were removed.
pub async fn forget_abandoned(
    db: &Db,
    provider: &dyn PixProvider,
    older_than: i64,
) -> DomainResult<u64> {
    let rows: Vec<(String, Option<String>)> = sqlx::query_as(
        "SELECT o.txid, c.txid FROM pix_openings o LEFT JOIN pix_charges c ON c.txid = o.txid \
         WHERE o.criado_em < $1 ORDER BY o.criado_em LIMIT 200",
    )
    .bind(now_ms() - older_than)
    .fetch_all(db)
    .await?;
    let mut removed = 0;
    for (txid, recorded) in rows {
        if recorded.is_none() {
            match provider.remove_charge(&txid).await {
                Ok(()) => {
                    tracing::warn!(txid, "removed a Pix charge that no order holds");
                    removed += 1;
                }
                // Never opened there (the request died before the PSP answered).
                Err(e) if e.is_not_found() => {}
                Err(e) if e.is_transient() => {
                    tracing::warn!(error = %e, txid, "removing an abandoned Pix charge (will retry)");
                    continue;
                }
                Err(e) => {
                    tracing::error!(error = %e, txid, "the PSP refused to remove an abandoned charge")
                }
            }
        }
        sqlx::query("DELETE FROM pix_openings WHERE txid = $1")
            .bind(&txid)
            .execute(db)
            .await?;
    }
    Ok(removed)
}

/// Opens charge `c` (a token purchase) at the provider, then records it in a transaction of
/// its own; returns the "copia e cola".
pub async fn open(db: &Db, provider: &dyn PixProvider, c: Charge<'_>) -> DomainResult<String> {
    let copia_e_cola = open_at_provider(db, provider, &c).await?;
    let recorded = async {
        let mut tx = begin_write(db).await?;
        record(&mut tx, &c, &copia_e_cola, provider.expiry_grace()).await?;
        tx.commit().await
    }
    .await;
    if let Err(e) = recorded {
        forget_at_provider(db, provider, c.txid).await;
        return Err(e.into());
    }
    Ok(copia_e_cola)
}

/// Records charge `c`, already open at the provider with `copia_e_cola`, in `tx` (an order's
/// transaction), and ends its opening. It expires `grace` after the PSP stops accepting it
/// ([`PixProvider::expiry_grace`]).
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

/// The pending charges past their time, oldest first.
pub async fn due(db: &Db, now: i64) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar(
        "SELECT txid FROM pix_charges WHERE status = $1 AND expira_em <= $2 ORDER BY expira_em",
    )
    .bind(ChargeStatus::Pending.as_db())
    .bind(now)
    .fetch_all(db)
    .await
}

/// Expires every pending charge past its time: the charge becomes `expirado`, its order
/// `status_pix '0'` and cancelled (`situacao '00'`), its stock released. Returns how many.
/// Database only: a payment that arrives afterwards is refunded ([`super::payments`]).
pub async fn expire_due(db: &Db) -> DomainResult<u64> {
    let now = now_ms();
    let mut expired = 0;
    for txid in due(db, now).await? {
        if expire_one(db, &txid, now).await? {
            expired += 1;
        }
    }
    Ok(expired)
}

/// Expires charge `txid` if it is still pending and past its time.
pub async fn expire_one(db: &Db, txid: &str, now: i64) -> DomainResult<bool> {
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
            super::coupons::release(&mut tx, &order_id, now).await?;
            // A Pix of another amount that came in (and went back) means it was paid, not right.
            let returned: i64 = sqlx::query_scalar(
                "SELECT COUNT(*) FROM pix_refunds WHERE txid = $1 AND motivo = $2",
            )
            .bind(txid)
            .bind(RefundReason::WrongAmount.as_db())
            .fetch_one(&mut *tx)
            .await?;
            let notice = crate::mail::OrderNotice::Expired {
                returned: returned > 0,
            };
            crate::mail::queue_order_notice(&mut tx, &order_id, notice).await?;
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
