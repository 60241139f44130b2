//! An order's life as it touches money and stock: placed in one transaction with its stock
//! reserved and, for Pix, its charge opened ([`place`]); cancelled while it awaits delivery,
//! with its charge cancelled or refunded and its stock given back ([`cancel_awaiting`]);
//! delivered ([`confirm_delivery`]). Who may do each is the caller's check (`rpc/`).

mod cancel;
pub mod open;
mod place;

pub use cancel::{CancelledBy, Outcome, cancel_awaiting};
pub use place::{Address, NewLine, NewOrder, Placed, place};

use super::codes::OrderStatus;
use crate::db::Db;

/// Marks order `order_id` of `supplier_id` delivered (`situacao '2'`) while it awaits
/// delivery; false when it no longer does.
pub async fn confirm_delivery(
    db: &Db,
    order_id: &str,
    supplier_id: &str,
    now: i64,
) -> sqlx::Result<bool> {
    let changed = sqlx::query(
        "UPDATE orders SET situacao = $1, atualizado_em = $2 \
         WHERE id = $3 AND supplier_id = $4 AND situacao = $5",
    )
    .bind(OrderStatus::Delivered.as_db())
    .bind(now)
    .bind(order_id)
    .bind(supplier_id)
    .bind(OrderStatus::Awaiting.as_db())
    .execute(db)
    .await?
    .rows_affected();
    Ok(changed == 1)
}
