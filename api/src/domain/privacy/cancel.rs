//! The orders awaiting a Pix payment that an account deletion cancels, in its transaction.

use crate::domain::{
    charges,
    codes::{OrderStatus, PixStatus, RefundReason},
    coupons,
    error::DomainResult,
    ledger, refunds, stock,
};
use sqlx::{Any, Transaction};

/// Cancels, in the deletion's `tx`, every order of `user_id` (as a buyer or as a store) still
/// awaiting its Pix payment, as a cancellation does (`domain::orders::cancel_awaiting`): the
/// charge cancelled (or, paid meanwhile, marked refunded with its refund scheduled and its held
/// money reversed), the order cancelled ('00' for the buyer's own, '0' for the store's), its
/// stock and coupon use given back, the store's buyers told. Locks in the order
/// `domain::charges` uses: charges, orders, open items, products. Returns the txids of the
/// charges to remove at the PSP once this commits.
pub(super) async fn cancel_awaiting_payment(
    tx: &mut Transaction<'_, Any>,
    user_id: &str,
    now: i64,
) -> DomainResult<Vec<String>> {
    let open: Vec<(String, String, Option<String>)> = sqlx::query_as(
        "SELECT id, buyer_id, txid FROM orders \
         WHERE (buyer_id = $1 OR supplier_id = $1) AND situacao = $2 ORDER BY txid, id",
    )
    .bind(user_id)
    .bind(OrderStatus::Awaiting.as_db())
    .fetch_all(&mut **tx)
    .await?;
    let mut forget = Vec::new();
    let mut refunded = Vec::new();
    for (order_id, _, txid) in &open {
        let Some(txid) = txid else { continue };
        if charges::cancel_unpaid(tx, txid).await? {
            forget.push(txid.clone());
        } else if let Some(paid_by) = charges::mark_refunded(tx, txid, now).await? {
            refunded.push((order_id.clone(), txid.clone(), paid_by));
        }
    }
    for (order_id, buyer_id, _) in &open {
        let by_buyer = buyer_id == user_id;
        let status = if by_buyer {
            OrderStatus::CancelledByBuyer
        } else {
            OrderStatus::CancelledBySupplier
        };
        sqlx::query(
            "UPDATE orders SET situacao = $1, atualizado_em = $2, \
             status_pix = CASE WHEN status_pix = $3 THEN $4 ELSE status_pix END \
             WHERE id = $5 AND situacao = $6",
        )
        .bind(status.as_db())
        .bind(now)
        .bind(PixStatus::Awaiting.as_db())
        .bind(PixStatus::Expired.as_db())
        .bind(order_id)
        .bind(OrderStatus::Awaiting.as_db())
        .execute(&mut **tx)
        .await?;
    }
    for (order_id, txid, (paid_by, valor)) in &refunded {
        ledger::reverse_order(tx, order_id).await?;
        match paid_by {
            Some(e2e) => {
                let reason = RefundReason::Cancellation;
                refunds::schedule(tx, e2e, Some(txid.as_str()), *valor, reason, now).await?;
            }
            None => tracing::error!(order_id, "a paid charge without its Pix: refund by hand"),
        }
    }
    for (order_id, buyer_id, _) in &open {
        stock::release(tx, order_id).await?;
        coupons::release(tx, order_id, now).await?;
        if buyer_id != user_id {
            let notice = crate::mail::OrderNotice::Cancelled {
                by_supplier: true,
                refunded: refunded.iter().any(|(id, _, _)| id == order_id),
            };
            crate::mail::queue_order_notice(tx, order_id, notice).await?;
        }
    }
    if !open.is_empty() {
        tracing::info!(
            cancelled = open.len(),
            "orders awaiting payment cancelled by an account deletion"
        );
    }
    Ok(forget)
}
