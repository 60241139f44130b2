//! 'Saiu para entrega' (decisions.md §36): the store leaves with a route's orders; each buyer is
//! told once by e-mail (the notice queued in the outbox with the change that records it).

use super::awaiting_delivery;
use crate::db::{Db, begin_write};

/// Marks the orders `order_ids` of `supplier_id` out for delivery — deliveries (not pickups)
/// still awaiting it, paid when by Pix, not marked before — and queues each one's buyer e-mail,
/// in one write transaction and one conditional update. How many buyers were told now (an
/// order of another store, not a pending delivery, or told already, is not).
pub async fn out_for_delivery(
    db: &Db,
    order_ids: &[String],
    supplier_id: &str,
    now: i64,
) -> sqlx::Result<i64> {
    if order_ids.is_empty() {
        return Ok(0);
    }
    let ids: Vec<String> = (0..order_ids.len())
        .map(|i| format!("${}", i + 3))
        .collect();
    let sql = format!(
        "UPDATE orders SET saiu_para_entrega_em = $1 WHERE supplier_id = $2 AND id IN ({}) \
         AND saiu_para_entrega_em IS NULL AND tipo_entrega = 'Entrega' AND {} RETURNING id",
        ids.join(", "),
        awaiting_delivery("")
    );
    let mut tx = begin_write(db).await?;
    let mut q = sqlx::query_scalar::<_, String>(sqlx::AssertSqlSafe(sql))
        .bind(now)
        .bind(supplier_id);
    for id in order_ids {
        q = q.bind(id);
    }
    let marked = q.fetch_all(&mut *tx).await?;
    for id in &marked {
        crate::mail::queue_order_notice(&mut tx, id, crate::mail::OrderNotice::OutForDelivery)
            .await?;
    }
    tx.commit().await?;
    Ok(marked.len() as i64)
}
