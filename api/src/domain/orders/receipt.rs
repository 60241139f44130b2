//! The buyer's word on a delivered order (decisions.md §37, amending §27): once the store marked
//! it delivered ([`super::confirm_delivery`]), its held Pix money ('A liberar') joins the store's
//! balance when the buyer taps 'Recebi meu pedido' ([`confirm`]) or, with no problem reported,
//! `RELEASE_AFTER_DAYS` after the mark ([`release_due`], the `orders-release` job, once per period
//! across instances). Either way the order's receipt is recorded once (`recebido_em`,
//! `recebimento`) by one conditional `UPDATE`, in the transaction that releases the money, so two
//! confirmations, two job runs or a confirmation racing the job release it once. An in-person
//! order follows the same steps with no money held. A review (§33) needs the receipt. An order
//! with an open problem case (`em_reclamacao`, [`crate::domain::cases`]) is left alone: its case
//! settles it.

use crate::{
    db::{Db, begin_write},
    domain::{
        codes::{OrderStatus, ReceiptBy},
        error::DomainResult,
        ledger,
    },
};
use sqlx::{Any, Transaction};
use std::time::Duration;

/// What the buyer's 'Recebi meu pedido' did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Received {
    /// Recorded now; the held money (if any) was released.
    Confirmed,
    /// Already received (by the buyer before, or released by the job): nothing moved.
    Already,
    /// The store has not marked it delivered (or it was cancelled).
    NotDelivered,
    /// The buyer reported a problem: the case settles the money ([`crate::domain::cases`]).
    InCase,
}

/// Records delivered order `order_id`'s receipt as `by` and releases its held money, inside
/// `tx`; false when it was not a delivered order awaiting the buyer's word (nothing changed).
async fn receive(
    tx: &mut Transaction<'_, Any>,
    order_id: &str,
    by: ReceiptBy,
    delivered_before: Option<i64>,
    now: i64,
) -> sqlx::Result<bool> {
    let changed = sqlx::query(
        "UPDATE orders SET recebido_em = $1, recebimento = $2 \
         WHERE id = $3 AND situacao = $4 AND recebido_em IS NULL AND em_reclamacao IS NULL \
         AND ($5 = 0 OR entregue_em <= $6)",
    )
    .bind(now)
    .bind(by.as_db())
    .bind(order_id)
    .bind(OrderStatus::Delivered.as_db())
    .bind(i64::from(delivered_before.is_some()))
    .bind(delivered_before.unwrap_or(0))
    .execute(&mut **tx)
    .await?
    .rows_affected();
    if changed == 0 {
        return Ok(false);
    }
    ledger::release_order(tx, order_id, now).await?;
    let automatic = by == ReceiptBy::Automatic;
    let notice = crate::mail::OrderNotice::ReceiptSettled { automatic };
    crate::mail::queue_order_notice(tx, order_id, notice).await?;
    Ok(true)
}

/// The buyer's 'Recebi meu pedido' on order `order_id` (whose buyer the caller checked): its
/// receipt recorded and its held money released at once, in one write transaction.
pub async fn confirm(db: &Db, order_id: &str, now: i64) -> sqlx::Result<Received> {
    let mut tx = begin_write(db).await?;
    if receive(&mut tx, order_id, ReceiptBy::Buyer, None, now).await? {
        tx.commit().await?;
        return Ok(Received::Confirmed);
    }
    tx.rollback().await?;
    let row: Option<(Option<i64>, Option<i64>)> =
        sqlx::query_as("SELECT recebido_em, em_reclamacao FROM orders WHERE id = $1")
            .bind(order_id)
            .fetch_optional(db)
            .await?;
    Ok(match row {
        Some((Some(_), _)) => Received::Already,
        Some((None, Some(_))) => Received::InCase,
        _ => Received::NotDelivered,
    })
}

/// Orders one run releases at most (the next run takes the rest).
const BATCH: i64 = 500;

/// Releases every delivered order marked more than `after` ago that its buyer has not answered:
/// its receipt recorded as automatic and its held money released, one write transaction per
/// order. Returns how many it released. Safe to run twice at once: each order's change is one
/// conditional `UPDATE`.
pub async fn release_due(db: &Db, after: Duration, now: i64) -> DomainResult<u64> {
    let before = now.saturating_sub(i64::try_from(after.as_millis()).unwrap_or(i64::MAX));
    let due: Vec<String> = sqlx::query_scalar(
        "SELECT id FROM orders WHERE recebido_em IS NULL AND em_reclamacao IS NULL \
         AND situacao = $1 AND entregue_em <= $2 ORDER BY entregue_em, id LIMIT $3",
    )
    .bind(OrderStatus::Delivered.as_db())
    .bind(before)
    .bind(BATCH)
    .fetch_all(db)
    .await?;
    let mut released = 0;
    for order_id in due {
        let mut tx = begin_write(db).await?;
        if receive(&mut tx, &order_id, ReceiptBy::Automatic, Some(before), now).await? {
            tx.commit().await?;
            released += 1;
        } else {
            tx.rollback().await?;
        }
    }
    if released > 0 {
        tracing::info!(
            released,
            "delivered orders released without a problem reported"
        );
    }
    Ok(released)
}
