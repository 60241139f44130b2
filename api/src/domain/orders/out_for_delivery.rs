//! 'Saiu para entrega' (decisions.md §36): the store leaves with a route's orders; each buyer is
//! told once by e-mail (the notice queued in the outbox with the change that records it).

use super::awaiting_delivery;
use crate::db::{Db, begin_write};
use std::sync::LazyLock;

/// Marks order `order_id` of `supplier_id` out for delivery — a delivery (not a pickup) still
/// awaiting it, paid when by Pix, not marked before — and queues its buyer's e-mail, in one
/// write transaction. Whether the buyer was told now (false: not this store's, not a pending
/// delivery, or told already).
pub async fn out_for_delivery(
    db: &Db,
    order_id: &str,
    supplier_id: &str,
    now: i64,
) -> sqlx::Result<bool> {
    static MARK: LazyLock<String> = LazyLock::new(|| {
        format!(
            "UPDATE orders SET saiu_para_entrega_em = $1 WHERE id = $2 AND supplier_id = $3 \
             AND saiu_para_entrega_em IS NULL AND tipo_entrega = 'Entrega' AND {}",
            awaiting_delivery("")
        )
    });
    let mut tx = begin_write(db).await?;
    let changed = sqlx::query(MARK.as_str())
        .bind(now)
        .bind(order_id)
        .bind(supplier_id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    if changed == 0 {
        tx.rollback().await?;
        return Ok(false);
    }
    crate::mail::queue_order_notice(&mut tx, order_id, crate::mail::OrderNotice::OutForDelivery)
        .await?;
    tx.commit().await?;
    Ok(true)
}
