//! Withdrawal requests (decisions.md §9). A supplier's request ([`request`]) takes every open
//! item into one pending request (one at a time: a unique index), with wasm-core's 2 % fee;
//! the admin pays it by Pix outside the app and then confirms it ([`confirm`]).
//!
//! Confirmation is one conditional update (`… WHERE status = 'pendente'`) in a write
//! transaction: only the first confirmation changes anything — the request becomes `'pago'` and
//! its open items status `'3'` (Saque) in the supplier's payment history; any later or
//! concurrent one finds nothing pending and leaves everything as it is.

use super::{
    codes::{OpenItemStatus, WithdrawalStatus},
    ledger,
};
use crate::{
    db::{Db, begin_write, new_id, now_ms},
    domain::error::{DomainError, DomainResult},
};
use wasm_core::{
    forms::{FormError, Withdrawal},
    money::Money,
};

/// *Gap:* a second request while one is pending (decisions.md §9).
pub const SAQUE_PENDENTE: &str = "Você já tem uma solicitação de saque pendente.";
const SOLICITACAO_NAO_ENCONTRADA: &str = "Solicitação de saque não encontrada.";

/// A withdrawal request, in centavos.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Request {
    pub id: String,
    pub bruto_centavos: i64,
    pub taxa_centavos: i64,
    pub liquido_centavos: i64,
    pub chave_pix: String,
    pub criado_em: i64,
}

/// The supplier's pending request, if any.
pub async fn pending_of<'e>(
    db: impl sqlx::Executor<'e, Database = sqlx::Any>,
    supplier_id: &str,
) -> sqlx::Result<Option<Request>> {
    sqlx::query_as(
        "SELECT id, bruto_centavos, taxa_centavos, liquido_centavos, chave_pix, criado_em \
         FROM withdrawals WHERE supplier_id = $1 AND status = $2",
    )
    .bind(supplier_id)
    .bind(WithdrawalStatus::Pending.as_db())
    .fetch_optional(db)
    .await
}

/// Requests the payout of the supplier's whole balance to Pix key `key`, in one write
/// transaction: the request row is written first (the unique index allows one pending per
/// supplier: 409 otherwise), then the open items are moved into it and summed, then the fee and
/// net are filled in; no balance rolls everything back.
pub async fn request(db: &Db, supplier_id: &str, key: &str) -> DomainResult<Request> {
    if pending_of(db, supplier_id).await?.is_some() {
        return Err(DomainError::Conflict(SAQUE_PENDENTE.into()));
    }
    if ledger::balance(db, supplier_id).await? <= 0 {
        return Err(DomainError::invalid(FormError::NoBalance.to_string()));
    }
    let id = new_id();
    let now = now_ms();
    let mut tx = begin_write(db).await?;
    let inserted = sqlx::query(
        "INSERT INTO withdrawals (id, supplier_id, bruto_centavos, taxa_centavos, \
         liquido_centavos, chave_pix, status, criado_em) VALUES ($1, $2, 0, 0, 0, $3, $4, $5)",
    )
    .bind(&id)
    .bind(supplier_id)
    .bind(key)
    .bind(WithdrawalStatus::Pending.as_db())
    .bind(now)
    .execute(&mut *tx)
    .await;
    if let Err(e) = inserted {
        // The unique index: another request went in first.
        tracing::info!(error = %e, "withdrawal refused");
        tx.rollback().await?;
        return Err(DomainError::Conflict(SAQUE_PENDENTE.into()));
    }
    sqlx::query(
        "UPDATE open_items SET withdrawal_id = $1 \
         WHERE supplier_id = $2 AND status = $3 AND withdrawal_id IS NULL",
    )
    .bind(&id)
    .bind(supplier_id)
    .bind(OpenItemStatus::Received.as_db())
    .execute(&mut *tx)
    .await?;
    let moved: Option<i64> = sqlx::query_scalar(
        "SELECT CAST(SUM(valor_centavos) AS BIGINT) FROM open_items WHERE withdrawal_id = $1",
    )
    .bind(&id)
    .fetch_one(&mut *tx)
    .await?;
    let w = match Withdrawal::request(Money::from_centavos(moved.unwrap_or(0)), key) {
        Ok(w) => w,
        Err(e) => {
            tx.rollback().await?;
            return Err(DomainError::invalid(e.to_string()));
        }
    };
    sqlx::query(
        "UPDATE withdrawals SET bruto_centavos = $1, taxa_centavos = $2, liquido_centavos = $3 \
         WHERE id = $4",
    )
    .bind(w.bruto_centavos.centavos())
    .bind(w.taxa_centavos.centavos())
    .bind(w.liquido_centavos.centavos())
    .bind(&id)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(Request {
        id,
        bruto_centavos: w.bruto_centavos.centavos(),
        taxa_centavos: w.taxa_centavos.centavos(),
        liquido_centavos: w.liquido_centavos.centavos(),
        chave_pix: w.chave_pix,
        criado_em: now,
    })
}

/// Pays out request `id` once: true when this call did it, false when it had been confirmed
/// before. An unknown id is 404.
pub async fn confirm(db: &Db, id: &str) -> DomainResult<bool> {
    let now = now_ms();
    let mut tx = begin_write(db).await?;
    let paid = sqlx::query(
        "UPDATE withdrawals SET status = $1, confirmado_em = $2 WHERE id = $3 AND status = $4",
    )
    .bind(WithdrawalStatus::Paid.as_db())
    .bind(now)
    .bind(id)
    .bind(WithdrawalStatus::Pending.as_db())
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if paid == 0 {
        let exists: Option<String> = sqlx::query_scalar("SELECT id FROM withdrawals WHERE id = $1")
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?;
        tx.rollback().await?;
        return match exists {
            Some(_) => Ok(false),
            None => Err(DomainError::NotFound(SOLICITACAO_NAO_ENCONTRADA.into())),
        };
    }
    sqlx::query("UPDATE open_items SET status = $1 WHERE withdrawal_id = $2 AND status <> $3")
        .bind(OpenItemStatus::PaidOut.as_db())
        .bind(id)
        .bind(OpenItemStatus::Refunded.as_db())
        .execute(&mut *tx)
        .await?;
    crate::mail::whatsapp::queue_withdrawal_paid(&mut tx, id).await?;
    tx.commit().await?;
    tracing::info!(withdrawal = %id, "withdrawal paid out");
    Ok(true)
}
