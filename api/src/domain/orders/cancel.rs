//! Cancelling an order that awaits delivery (`situacao '1'`), by its buyer (`'00'`) or its
//! supplier (`'0'`), in one write transaction: an unpaid Pix charge is cancelled; a paid one is
//! marked refunded, its open item leaves the supplier's balance (decisions.md §9) and its refund
//! is scheduled ([`refunds::schedule`], asked of the PSP by the refund job once this commits,
//! with our id: never twice, never lost); the order's stock and sales counters are given back
//! (§8). No provider call happens inside the transaction: after it commits, an unpaid charge is
//! removed at the PSP (best effort: a payment that still arrives is refunded automatically).
//!
//! A paid order whose open item already went into a withdrawal cannot be refunded by the
//! platform any more: that cancellation is refused and the buyer talks to the seller.

use crate::{
    db::{Db, begin_write, now_ms},
    domain::error::{DomainError, DomainResult},
    domain::{
        charges,
        codes::{OrderStatus, PixStatus, RefundReason},
        ledger, refunds, stock,
    },
    messages::PEDIDO_NAO_ENCONTRADO,
    pix::PixProvider,
};

/// Who cancels an order awaiting delivery: its buyer (`'00'`) or its supplier (`'0'`).
#[derive(Debug, Clone, Copy)]
pub enum CancelledBy<'a> {
    Buyer(&'a str),
    Supplier(&'a str),
}

impl CancelledBy<'_> {
    fn user_id(&self) -> &str {
        match self {
            Self::Buyer(id) | Self::Supplier(id) => id,
        }
    }

    /// The order's `situacao` once cancelled.
    fn status(&self) -> OrderStatus {
        match self {
            Self::Buyer(_) => OrderStatus::CancelledByBuyer,
            Self::Supplier(_) => OrderStatus::CancelledBySupplier,
        }
    }
}

/// What a cancellation did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Cancelled; the supplier's pending count changed.
    Cancelled { supplier_id: String },
    /// The order no longer awaits delivery (or is not `by`'s): nothing changed.
    NotAwaiting,
}

/// Cancels order `order_id` while it awaits delivery, as `by` (whose ownership the caller has
/// checked). A paid charge's refund is scheduled in the same transaction.
pub async fn cancel_awaiting(
    db: &Db,
    pix: &dyn PixProvider,
    order_id: &str,
    by: CancelledBy<'_>,
) -> DomainResult<Outcome> {
    let order: Option<(Option<String>, String)> =
        sqlx::query_as("SELECT txid, supplier_id FROM orders WHERE id = $1")
            .bind(order_id)
            .fetch_optional(db)
            .await?;
    let (txid, supplier_id) =
        order.ok_or_else(|| DomainError::NotFound(PEDIDO_NAO_ENCONTRADO.into()))?;
    let now = now_ms();
    let mut tx = begin_write(db).await?;
    // Locks in the order charges.rs uses: charge, order, open item, products.
    let mut unpaid_cancelled = false;
    let mut refund = None;
    if let Some(txid) = &txid {
        unpaid_cancelled = charges::cancel_unpaid(&mut tx, txid).await?;
        if !unpaid_cancelled {
            refund = charges::mark_refunded(&mut tx, txid, now).await?;
        }
    }
    // An awaited Pix payment will not come: `status_pix` '1' becomes '0'.
    let changed = sqlx::query(match by {
        CancelledBy::Buyer(_) => {
            "UPDATE orders SET situacao = $1, atualizado_em = $2, \
             status_pix = CASE WHEN status_pix = $3 THEN $4 ELSE status_pix END \
             WHERE id = $5 AND buyer_id = $6 AND situacao = $7"
        }
        CancelledBy::Supplier(_) => {
            "UPDATE orders SET situacao = $1, atualizado_em = $2, \
             status_pix = CASE WHEN status_pix = $3 THEN $4 ELSE status_pix END \
             WHERE id = $5 AND supplier_id = $6 AND situacao = $7"
        }
    })
    .bind(by.status().as_db())
    .bind(now)
    .bind(PixStatus::Awaiting.as_db())
    .bind(PixStatus::Expired.as_db())
    .bind(order_id)
    .bind(by.user_id())
    .bind(OrderStatus::Awaiting.as_db())
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if changed == 0 {
        tx.rollback().await?;
        return Ok(Outcome::NotAwaiting);
    }
    if let Some((paid_by, valor)) = &refund {
        if !ledger::reverse_order(&mut tx, order_id).await? {
            tx.rollback().await?;
            return Err(DomainError::Conflict(
                "O valor deste pedido já foi repassado ao fornecedor. \
                 Combine o cancelamento com ele."
                    .into(),
            ));
        }
        match paid_by {
            Some(e2e) => {
                let reason = RefundReason::Cancellation;
                refunds::schedule(&mut tx, e2e, txid.as_deref(), *valor, reason, now).await?;
            }
            None => tracing::error!(order_id, "a paid charge without its Pix: refund by hand"),
        }
    }
    stock::release(&mut tx, order_id).await?;
    crate::mail::queue_order_notice(
        &mut tx,
        order_id,
        crate::mail::OrderNotice::Cancelled {
            by_supplier: matches!(by, CancelledBy::Supplier(_)),
            refunded: refund.is_some(),
        },
    )
    .await?;
    tx.commit().await?;
    if let (true, Some(txid)) = (unpaid_cancelled, &txid) {
        charges::forget_at_provider(db, pix, txid).await;
    }
    Ok(Outcome::Cancelled { supplier_id })
}
