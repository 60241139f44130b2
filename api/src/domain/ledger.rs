//! The supplier's ledger of Pix money (decisions.md §9): every paid Pix order gives its
//! supplier one open item of the order's total ([`credit_order`]); the open items not yet in a
//! withdrawal are the balance ([`balance`], [`open_items`]); a refunded order's item leaves the
//! balance ([`reverse_order`]) unless it was already paid out. Withdrawals move open items into
//! a request ([`super::withdrawals`]).

use super::codes::OpenItemStatus;
use crate::db::Db;
use sqlx::{Any, Transaction};

/// An open item: Pix money received for an order and not yet in a withdrawal.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct OpenItem {
    pub id: String,
    pub order_id: String,
    pub cliente_nome: String,
    pub valor_centavos: i64,
    pub criado_em: i64,
}

/// Adds the open item of paid order `order_id` (its total, for its supplier), inside the
/// payment's `tx`.
pub async fn credit_order(
    tx: &mut Transaction<'_, Any>,
    order_id: &str,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO open_items (id, supplier_id, order_id, cliente_nome, valor_centavos, \
         status, criado_em) \
         SELECT $1, supplier_id, id, cliente_nome, total_centavos, $2, $3 \
         FROM orders WHERE id = $4",
    )
    .bind(crate::db::new_id())
    .bind(OpenItemStatus::Received.as_db())
    .bind(now)
    .bind(order_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Takes refunded order `order_id`'s open item out of the balance, inside the cancellation's
/// `tx`; false when there is none left to take (it already went into a withdrawal).
pub async fn reverse_order(tx: &mut Transaction<'_, Any>, order_id: &str) -> sqlx::Result<bool> {
    let reversed = sqlx::query(
        "UPDATE open_items SET status = $1 \
         WHERE order_id = $2 AND status = $3 AND withdrawal_id IS NULL",
    )
    .bind(OpenItemStatus::Refunded.as_db())
    .bind(order_id)
    .bind(OpenItemStatus::Received.as_db())
    .execute(&mut **tx)
    .await?
    .rows_affected();
    Ok(reversed > 0)
}

/// The supplier's open items, oldest first.
pub async fn open_items(db: &Db, supplier_id: &str) -> sqlx::Result<Vec<OpenItem>> {
    sqlx::query_as(
        "SELECT id, order_id, cliente_nome, valor_centavos, criado_em FROM open_items \
         WHERE supplier_id = $1 AND status = $2 AND withdrawal_id IS NULL \
         ORDER BY criado_em, id",
    )
    .bind(supplier_id)
    .bind(OpenItemStatus::Received.as_db())
    .fetch_all(db)
    .await
}

/// The open items' sum: Pix money received and not yet in a withdrawal.
pub async fn balance(db: &Db, supplier_id: &str) -> sqlx::Result<i64> {
    let sum: Option<i64> = sqlx::query_scalar(
        "SELECT CAST(SUM(valor_centavos) AS BIGINT) FROM open_items \
         WHERE supplier_id = $1 AND status = $2 AND withdrawal_id IS NULL",
    )
    .bind(supplier_id)
    .bind(OpenItemStatus::Received.as_db())
    .fetch_one(db)
    .await?;
    Ok(sum.unwrap_or(0))
}
