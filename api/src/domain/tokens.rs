//! Notarisation tokens (`token_ledger`): credited once when their Pix charge is paid
//! ([`credit_purchase`], from [`super::charges::mark_paid`]), spent one per stored file
//! ([`spend_one`]); the balance is the ledger's sum.

use super::codes::TokenEntry;
use crate::db::{Db, new_id};
use sqlx::{Any, Executor, Transaction};

/// The user's token balance.
pub async fn balance(db: &Db, user_id: &str) -> sqlx::Result<i64> {
    sum(db, user_id).await
}

async fn sum<'e>(db: impl Executor<'e, Database = Any>, user_id: &str) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "SELECT CAST(COALESCE(SUM(delta), 0) AS BIGINT) FROM token_ledger WHERE user_id = $1",
    )
    .bind(user_id)
    .fetch_one(db)
    .await
}

/// Credits `fichas` tokens bought with charge `txid` to `user_id`, inside the payment's `tx`.
pub async fn credit_purchase(
    tx: &mut Transaction<'_, Any>,
    user_id: &str,
    fichas: i64,
    txid: &str,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO token_ledger (id, user_id, delta, motivo, referencia, criado_em) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(new_id())
    .bind(user_id)
    .bind(fichas)
    .bind(TokenEntry::Purchase.as_db())
    .bind(txid)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Spends one token of `user_id` for transaction `reference`, inside `tx`; false when the
/// balance is zero. The user's row is locked first (a no-op update) so that two uploads of the
/// same user never both spend the last token on PostgreSQL; SQLite's `BEGIN IMMEDIATE`
/// already serialises writers.
pub async fn spend_one(
    tx: &mut Transaction<'_, Any>,
    user_id: &str,
    reference: &str,
    now: i64,
) -> sqlx::Result<bool> {
    sqlx::query("UPDATE users SET id = id WHERE id = $1")
        .bind(user_id)
        .execute(&mut **tx)
        .await?;
    if sum(&mut **tx, user_id).await? < 1 {
        return Ok(false);
    }
    sqlx::query(
        "INSERT INTO token_ledger (id, user_id, delta, motivo, referencia, criado_em) \
         VALUES ($1, $2, -1, $3, $4, $5)",
    )
    .bind(new_id())
    .bind(user_id)
    .bind(TokenEntry::Notarisation.as_db())
    .bind(reference)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(true)
}
