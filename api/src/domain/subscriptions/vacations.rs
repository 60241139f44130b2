//! A store's vacations (`store_pauses`): no basket of the store is delivered from one date to
//! another; setting one tells every subscriber not cancelled, in its transaction.

use crate::db::{Db, begin_write, now_ms};
use crate::mail::enqueue_for_user;
use serde::Serialize;
use utoipa::ToSchema;
use wasm_core::date::Date;

/// A store's vacation.
#[derive(Debug, Clone, sqlx::FromRow, Serialize, ToSchema)]
pub struct StorePause {
    pub de: String,
    pub ate: String,
}

/// The store's vacations that end on or after `from`.
pub async fn pauses(db: &Db, supplier_id: &str, from: Date) -> sqlx::Result<Vec<StorePause>> {
    sqlx::query_as(
        "SELECT de, ate FROM store_pauses WHERE supplier_id = $1 AND ate >= $2 ORDER BY de",
    )
    .bind(supplier_id)
    .bind(from.iso())
    .fetch_all(db)
    .await
}

/// Whether a vacation of the store covers `date`.
pub async fn on_vacation(db: &Db, supplier_id: &str, date: &str) -> sqlx::Result<bool> {
    let n: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM store_pauses WHERE supplier_id = $1 AND de <= $2 AND ate >= $2",
    )
    .bind(supplier_id)
    .bind(date)
    .fetch_one(db)
    .await?;
    Ok(n > 0)
}

/// Records a vacation from `de` to `ate` and tells every subscriber not cancelled (one e-mail
/// each, in the same transaction); answers how many were told.
pub async fn add_pause(
    db: &Db,
    supplier_id: &str,
    de: Date,
    ate: Date,
    subject: &str,
    body: &str,
) -> sqlx::Result<u64> {
    let mut tx = begin_write(db).await?;
    sqlx::query(
        "INSERT INTO store_pauses (supplier_id, de, ate, criado_em) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (supplier_id, de) DO UPDATE SET ate = excluded.ate",
    )
    .bind(supplier_id)
    .bind(de.iso())
    .bind(ate.iso())
    .bind(now_ms())
    .execute(&mut *tx)
    .await?;
    let buyers: Vec<String> = sqlx::query_scalar(
        "SELECT DISTINCT buyer_id FROM subscriptions \
         WHERE supplier_id = $1 AND situacao <> 'cancelada' ORDER BY buyer_id",
    )
    .bind(supplier_id)
    .fetch_all(&mut *tx)
    .await?;
    for b in &buyers {
        enqueue_for_user(&mut tx, b, subject, body).await?;
        let (de, ate) = (de.iso(), ate.iso());
        crate::mail::whatsapp::baskets::vacation(&mut tx, b, supplier_id, &de, &ate).await?;
    }
    tx.commit().await?;
    crate::mail::wake();
    Ok(u64::try_from(buyers.len()).unwrap_or(0))
}
