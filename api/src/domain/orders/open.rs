//! The bound on a buyer's unpaid open orders (docs/readings.md, "Stock hoarding"): an order paid
//! in person holds its stock until the supplier confirms or cancels it, and a Pix order until its
//! charge is paid or expires, so one buyer may hold at most `MAX_OPEN_ORDERS` (5 by default,
//! [`DEFAULT_MAX_OPEN_ORDERS`]) such orders at one store at a time. Orders paid by Pix and
//! awaiting delivery do not count.

use super::super::codes::{OrderStatus, PaymentMethod, PixStatus};
use crate::{
    db::Db,
    domain::error::{DomainError, DomainResult},
};
use sqlx::{Any, Transaction};

/// The most unpaid open orders one buyer may hold at one store, unless `MAX_OPEN_ORDERS` says
/// otherwise (a setting: it lives with the configuration, at the bottom).
pub use crate::config::DEFAULT_MAX_OPEN_ORDERS;

/// *Gap:* the refusal when the bound (`max`) is reached.
pub fn pedidos_em_aberto(max: u32) -> String {
    format!(
        "Você já tem {max} pedidos em aberto nesta loja. \
         Aguarde a entrega ou cancele um deles para fazer outro."
    )
}

/// Refuses (409) a new order of `buyer_id` at `supplier_id` when the buyer already holds `max`
/// such orders, inside the order's transaction. The buyer's row is locked first (a no-op update), so
/// that concurrent orders of one buyer are counted one after the other on PostgreSQL too.
pub async fn check_room(
    tx: &mut Transaction<'_, Any>,
    buyer_id: &str,
    supplier_id: &str,
    max: u32,
) -> DomainResult<()> {
    sqlx::query("UPDATE users SET id = id WHERE id = $1")
        .bind(buyer_id)
        .execute(&mut **tx)
        .await?;
    refuse_when_full(count_open(&mut **tx, buyer_id, supplier_id).await?, max)
}

/// The same refusal, read without a transaction or a lock: the cheap check made before anything
/// costs (a Pix charge opened at the PSP), so a buyer at the bound never reaches the PSP.
/// [`check_room`] still decides, in the order's transaction.
pub async fn precheck(db: &Db, buyer_id: &str, supplier_id: &str, max: u32) -> DomainResult<()> {
    refuse_when_full(count_open(db, buyer_id, supplier_id).await?, max)
}

fn refuse_when_full(open: i64, max: u32) -> DomainResult<()> {
    if open >= i64::from(max) {
        return Err(DomainError::Conflict(pedidos_em_aberto(max)));
    }
    Ok(())
}

/// How many unpaid open orders `buyer_id` holds at `supplier_id`.
async fn count_open<'e>(
    executor: impl sqlx::Executor<'e, Database = Any>,
    buyer_id: &str,
    supplier_id: &str,
) -> DomainResult<i64> {
    Ok(sqlx::query_scalar(
        "SELECT COUNT(*) FROM orders WHERE buyer_id = $1 AND supplier_id = $2 AND situacao = $3 \
         AND (pagamento = $4 OR status_pix = $5)",
    )
    .bind(buyer_id)
    .bind(supplier_id)
    .bind(OrderStatus::Awaiting.as_db())
    .bind(PaymentMethod::InPerson.as_db())
    .bind(PixStatus::Awaiting.as_db())
    .fetch_one(executor)
    .await?)
}
