//! The supplier's ledger of Pix money (decisions.md §9, §27): every paid Pix order gives its
//! supplier one open item of the order's total, held ('A liberar', [`credit_order`]) until the
//! supplier confirms the delivery ([`release_order`]); released items not yet in a withdrawal
//! are the balance ([`balance`], [`open_items`]); held ones are shown apart ([`held_items`]). A
//! refunded order's item leaves the ledger ([`reverse_order`]) unless it was already in a
//! withdrawal. Withdrawals move released items into a request ([`super::withdrawals`]). Paid
//! orders held too long are listed for the admin ([`overdue`]).

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

/// Adds the open item of paid order `order_id` (its total, for its supplier), held until the
/// delivery is confirmed, inside the payment's `tx`.
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
    .bind(OpenItemStatus::Held.as_db())
    .bind(now)
    .bind(order_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Releases delivered order `order_id`'s held item into the balance, inside the confirmation's
/// `tx` (nothing for an order paid in person).
pub async fn release_order(
    tx: &mut Transaction<'_, Any>,
    order_id: &str,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE open_items SET status = $1, liberado_em = $2 WHERE order_id = $3 AND status = $4",
    )
    .bind(OpenItemStatus::Received.as_db())
    .bind(now)
    .bind(order_id)
    .bind(OpenItemStatus::Held.as_db())
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Takes refunded order `order_id`'s open item out of the ledger (held, or released and not
/// requested), inside the cancellation's `tx`; false when there is none left to take (it
/// already went into a withdrawal).
pub async fn reverse_order(tx: &mut Transaction<'_, Any>, order_id: &str) -> sqlx::Result<bool> {
    let reversed = sqlx::query(
        "UPDATE open_items SET status = $1 \
         WHERE order_id = $2 AND status IN ($3, $4) AND withdrawal_id IS NULL",
    )
    .bind(OpenItemStatus::Refunded.as_db())
    .bind(order_id)
    .bind(OpenItemStatus::Held.as_db())
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
pub async fn balance<'e>(
    db: impl sqlx::Executor<'e, Database = sqlx::Any>,
    supplier_id: &str,
) -> sqlx::Result<i64> {
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

/// The supplier's held items ('A liberar': paid, delivery not confirmed yet), oldest first.
pub async fn held_items<'e>(
    db: impl sqlx::Executor<'e, Database = sqlx::Any>,
    supplier_id: &str,
) -> sqlx::Result<Vec<OpenItem>> {
    sqlx::query_as(
        "SELECT id, order_id, cliente_nome, valor_centavos, criado_em FROM open_items \
         WHERE supplier_id = $1 AND status = $2 ORDER BY criado_em, id",
    )
    .bind(supplier_id)
    .bind(OpenItemStatus::Held.as_db())
    .fetch_all(db)
    .await
}

/// A paid order whose delivery was not confirmed in time, for the admin.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Overdue {
    pub order_id: String,
    pub nomeforn: String,
    pub cliente_nome: String,
    pub valor_centavos: i64,
    /// When it was paid (the held item's creation).
    pub pago_em: i64,
}

/// Held items paid before `paid_before` (ms), oldest first, at most `limit`.
pub async fn overdue(db: &Db, paid_before: i64, limit: i64) -> sqlx::Result<Vec<Overdue>> {
    sqlx::query_as(
        "SELECT i.order_id, o.nomeforn, i.cliente_nome, i.valor_centavos, i.criado_em AS pago_em \
         FROM open_items i JOIN orders o ON o.id = i.order_id \
         WHERE i.status = $1 AND i.criado_em < $2 ORDER BY i.criado_em, i.order_id LIMIT $3",
    )
    .bind(OpenItemStatus::Held.as_db())
    .bind(paid_before)
    .bind(limit)
    .fetch_all(db)
    .await
}
