//! A cycle handled once per (basket, delivery date): its outcome recorded under that primary key
//! with the basket moved on and the buyer told in one transaction ([`record_cycle`]); the notice
//! ahead of a cut-off marked and sent once ([`record_notice`]); the last cycles, for the views.

use super::{BasketRow, CycleOutcome};
use crate::db::{Db, begin_write, now_ms};
use crate::mail::enqueue_for_user;
use wasm_core::date::Date;

/// A cycle handled.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CycleRow {
    pub data_entrega: String,
    pub situacao: String,
    pub order_id: Option<String>,
    pub faltaram: String,
    pub motivo: Option<String>,
    pub total_centavos: Option<i64>,
}

/// A basket's last `n` cycles, newest first.
pub async fn cycles(db: &Db, id: &str, n: i64) -> sqlx::Result<Vec<CycleRow>> {
    sqlx::query_as(
        "SELECT data_entrega, situacao, order_id, faltaram, motivo, total_centavos \
         FROM subscription_cycles WHERE subscription_id = $1 \
         ORDER BY data_entrega DESC LIMIT $2",
    )
    .bind(id)
    .bind(n)
    .fetch_all(db)
    .await
}

/// A cycle's outcome, to record.
pub struct Cycle<'a> {
    pub basket: &'a BasketRow,
    pub date: &'a str,
    pub outcome: CycleOutcome,
    pub order_id: Option<&'a str>,
    /// Titles left out for lack of stock.
    pub left_out: &'a [String],
    pub reason: Option<&'a str>,
    pub total_centavos: Option<i64>,
    /// The basket's next date.
    pub next: Date,
    /// The buyer's e-mail about it, if any: (subject, body).
    pub tell: Option<(String, String)>,
}

/// Records `c` once: the cycle row (primary key (basket, date)) and the basket moved on to
/// `c.next` only from `c.date` (a pause that ended by then ends; a skip of that date is used),
/// with the buyer's e-mail, in one transaction. `false` when it was recorded before (by another
/// instance, or before a crash): nothing is written then.
pub async fn record_cycle(db: &Db, c: &Cycle<'_>) -> sqlx::Result<bool> {
    let now = now_ms();
    let mut tx = begin_write(db).await?;
    let moved = sqlx::query(
        "UPDATE subscriptions SET proxima_data = $1, atualizado_em = $2, \
         ciclos_feitos = ciclos_feitos + $3, \
         pular_data = CASE WHEN pular_data <= $4 THEN NULL ELSE pular_data END, \
         situacao = CASE WHEN situacao = 'pausada' AND pausada_ate <= $1 THEN 'ativa' \
                         ELSE situacao END, \
         pausada_ate = CASE WHEN situacao = 'pausada' AND pausada_ate <= $1 THEN NULL \
                            ELSE pausada_ate END \
         WHERE id = $5 AND proxima_data = $4",
    )
    .bind(c.next.iso())
    .bind(now)
    .bind(i64::from(c.outcome == CycleOutcome::Ordered))
    .bind(c.date)
    .bind(&c.basket.id)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    let inserted = sqlx::query(
        "INSERT INTO subscription_cycles (subscription_id, data_entrega, situacao, order_id, \
         faltaram, motivo, total_centavos, criado_em) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) \
         ON CONFLICT DO NOTHING",
    )
    .bind(&c.basket.id)
    .bind(c.date)
    .bind(c.outcome.as_db())
    .bind(c.order_id)
    .bind(serde_json::to_string(c.left_out).unwrap_or_else(|_| "[]".into()))
    .bind(c.reason)
    .bind(c.total_centavos)
    .bind(now)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if moved == 0 || inserted == 0 {
        tx.rollback().await?;
        return Ok(false);
    }
    if let Some((subject, body)) = &c.tell {
        enqueue_for_user(&mut tx, &c.basket.buyer_id, subject, body).await?;
    }
    let refused = match c.outcome {
        CycleOutcome::Empty => Some(None),
        CycleOutcome::Refused => Some(c.reason),
        _ => None,
    };
    if let Some(reason) = refused {
        let (b, s) = (&c.basket.buyer_id, &c.basket.supplier_id);
        crate::mail::whatsapp::baskets::not_placed(&mut tx, b, s, c.date, reason).await?;
    }
    tx.commit().await?;
    if c.tell.is_some() {
        crate::mail::wake();
    }
    Ok(true)
}

/// Marks the notice ahead of the cut-off of `date` sent, with its e-mail, once: `false` when it
/// was sent before.
pub async fn record_notice(
    db: &Db,
    b: &BasketRow,
    date: &str,
    subject: &str,
    body: &str,
) -> sqlx::Result<bool> {
    let mut tx = begin_write(db).await?;
    let marked = sqlx::query(
        "UPDATE subscriptions SET aviso_data = $1 \
         WHERE id = $2 AND proxima_data = $1 AND (aviso_data IS NULL OR aviso_data <> $1)",
    )
    .bind(date)
    .bind(&b.id)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if marked == 0 {
        tx.rollback().await?;
        return Ok(false);
    }
    enqueue_for_user(&mut tx, &b.buyer_id, subject, body).await?;
    crate::mail::whatsapp::baskets::ahead(&mut tx, &b.buyer_id, &b.supplier_id, date).await?;
    tx.commit().await?;
    crate::mail::wake();
    Ok(true)
}
