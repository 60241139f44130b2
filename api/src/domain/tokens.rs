//! Notarisation tokens (`token_ledger`): credited once when their Pix charge is paid
//! ([`credit_purchase`], from [`super::charges::mark_paid`]), spent one per stored file
//! ([`reserve_one`], [`spend_reserved`]); the balance is the ledger's sum.
//!
//! An upload reserves its token before it talks to the gateway ([`reserve_one`]: a `-1` row
//! marked `reserva`, committed at once), so however many uploads run at once, one token pays
//! for one transaction. The upload then turns the reservation into the spend
//! ([`spend_reserved`]) or, when it failed, gives it back ([`release`]). A reservation left by a
//! process killed mid-upload is given back by the housekeeping job ([`release_stale`]).

use super::codes::TokenEntry;
use crate::db::{Db, begin_write, new_id};
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

/// Writes a `-1` row of kind `motivo` for `user_id`, inside `tx`; false when the balance is
/// zero. The user's row is locked first (a no-op update) so that two uploads of the same user
/// never both take the last token on PostgreSQL; SQLite's `BEGIN IMMEDIATE` already serialises
/// writers.
async fn spend(
    tx: &mut Transaction<'_, Any>,
    user_id: &str,
    motivo: TokenEntry,
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
    .bind(motivo.as_db())
    .bind(reference)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(true)
}

/// A token held for one upload in progress ([`reserve_one`]).
#[derive(Debug)]
pub struct Reservation {
    reference: String,
}

/// Reserves one token of `user_id` for an upload about to start, in its own committed
/// transaction; `None` when the balance is zero (other reservations count as spent).
pub async fn reserve_one(db: &Db, user_id: &str, now: i64) -> sqlx::Result<Option<Reservation>> {
    let reference = format!("reserva-{}", new_id());
    let mut tx = begin_write(db).await?;
    if !spend(&mut tx, user_id, TokenEntry::Reservation, &reference, now).await? {
        tx.rollback().await?;
        return Ok(None);
    }
    tx.commit().await?;
    Ok(Some(Reservation { reference }))
}

/// Turns `reservation` of `user_id` into the spend for Arweave transaction `tx_id`, inside
/// `tx`. (An upload that outlived [`release_stale`]'s age lost its reservation: the file is
/// stored all the same, so the token is spent anyway.)
pub async fn spend_reserved(
    tx: &mut Transaction<'_, Any>,
    user_id: &str,
    reservation: &Reservation,
    tx_id: &str,
    now: i64,
) -> sqlx::Result<()> {
    let done =
        sqlx::query("UPDATE token_ledger SET motivo = $1, referencia = $2 WHERE referencia = $3")
            .bind(TokenEntry::Notarisation.as_db())
            .bind(tx_id)
            .bind(&reservation.reference)
            .execute(&mut **tx)
            .await?;
    if done.rows_affected() == 0 {
        tracing::warn!(%tx_id, "a reservation given back before its upload ended; spent now");
        sqlx::query(
            "INSERT INTO token_ledger (id, user_id, delta, motivo, referencia, criado_em) \
             VALUES ($1, $2, -1, $3, $4, $5)",
        )
        .bind(new_id())
        .bind(user_id)
        .bind(TokenEntry::Notarisation.as_db())
        .bind(tx_id)
        .bind(now)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

/// Gives the token of a failed upload back.
pub async fn release(db: &Db, reservation: &Reservation) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM token_ledger WHERE referencia = $1 AND motivo = $2")
        .bind(&reservation.reference)
        .bind(TokenEntry::Reservation.as_db())
        .execute(db)
        .await?;
    Ok(())
}

/// Gives back reservations older than `before` (ms): uploads whose process died before they
/// finished (no notarisation was recorded for them).
pub async fn release_stale(db: &Db, before: i64) -> sqlx::Result<u64> {
    let done = sqlx::query("DELETE FROM token_ledger WHERE motivo = $1 AND criado_em < $2")
        .bind(TokenEntry::Reservation.as_db())
        .bind(before)
        .execute(db)
        .await?;
    Ok(done.rows_affected())
}
