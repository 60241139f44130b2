//! The expiry of unpaid charges: each pending charge past its time becomes `expirado` and its
//! order is cancelled, its stock and coupon use released and its buyer told, in one write
//! transaction per charge (decisions.md §8, §32).

use crate::{
    db::{Db, begin_write, now_ms},
    domain::{
        codes::{ChargeStatus, OrderStatus, PixStatus, RefundReason},
        coupons,
        error::DomainResult,
        stock,
    },
};

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
/// Database only: a payment that arrives afterwards is refunded ([`crate::domain::payments`]).
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
            coupons::release(&mut tx, &order_id, now).await?;
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
