//! An unpaid in-person order its store never confirmed expires (`IN_PERSON_EXPIRY_DAYS`, default
//! 7): it is cancelled (`situacao '0'`, the store did not confirm it) and gives back its stock and
//! its coupon's use, and its buyer is told by e-mail, in one write transaction per order. Run by
//! the periodic jobs (`orders-expiry`, once per period across instances); each order's change is
//! one conditional update, so two runs at once expire it once.

use super::awaiting_delivery;
use crate::{
    db::{Db, begin_write, now_ms},
    domain::{
        codes::{OrderStatus, PaymentMethod},
        coupons,
        error::DomainResult,
        stock,
    },
    mail::{OrderNotice, queue_order_notice},
};
use std::{sync::LazyLock, time::Duration};

/// Orders one run expires at most (the next run takes the rest).
const BATCH: i64 = 500;

/// Expires every in-person order awaiting delivery placed more than `after` ago; returns how
/// many expired.
pub async fn expire_in_person(db: &Db, after: Duration) -> DomainResult<u64> {
    let now = now_ms();
    let before = now.saturating_sub(i64::try_from(after.as_millis()).unwrap_or(i64::MAX));
    let due: Vec<String> = sqlx::query_scalar(
        "SELECT id FROM orders WHERE situacao = $1 AND pagamento <> $2 AND criado_em <= $3 \
         ORDER BY criado_em, id LIMIT $4",
    )
    .bind(OrderStatus::Awaiting.as_db())
    .bind(PaymentMethod::Pix.as_db())
    .bind(before)
    .bind(BATCH)
    .fetch_all(db)
    .await?;
    let mut expired = 0;
    for order_id in due {
        if expire_one(db, &order_id, before, now).await? {
            expired += 1;
        }
    }
    if expired > 0 {
        tracing::info!(expired, "unconfirmed in-person orders expired");
    }
    Ok(expired)
}

/// Expires order `order_id` if it is still an in-person order awaiting delivery placed before
/// `before`.
async fn expire_one(db: &Db, order_id: &str, before: i64, now: i64) -> DomainResult<bool> {
    static EXPIRE: LazyLock<String> = LazyLock::new(|| {
        format!(
            "UPDATE orders SET situacao = $1, atualizado_em = $2 \
             WHERE id = $3 AND pagamento <> $4 AND criado_em <= $5 AND {}",
            awaiting_delivery("")
        )
    });
    let mut tx = begin_write(db).await?;
    let changed = sqlx::query(EXPIRE.as_str())
        .bind(OrderStatus::CancelledBySupplier.as_db())
        .bind(now)
        .bind(order_id)
        .bind(PaymentMethod::Pix.as_db())
        .bind(before)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    if changed == 0 {
        tx.rollback().await?;
        return Ok(false);
    }
    stock::release(&mut tx, order_id).await?;
    coupons::release(&mut tx, order_id, now).await?;
    queue_order_notice(&mut tx, order_id, OrderNotice::InPersonExpired).await?;
    tx.commit().await?;
    Ok(true)
}
