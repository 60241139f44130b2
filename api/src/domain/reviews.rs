//! Reviews of delivered orders (decisions.md §33): the buyer rates an order once they confirmed
//! receiving it or its release happened (decisions.md §37: the store's own mark,
//! `confirmar_entrega`, is not enough; docs/money.md), one review per order, which they may change
//! for 30 days ([`write`]); the store replies once, publicly ([`reply`]); the admin removes one
//! with a reason, e-mailed to its author ([`remove`]). A removed review is kept (with its
//! reason) and shown nowhere.
//!
//! The store's sum and count of shown notes live on its row (`avaliacoes_soma`,
//! `avaliacoes_quantidade`) and change in the same transaction as the review, so the average
//! shown on the storefront, the product pages and /lojas ([`rating`], [`ratings`]) is always
//! the reviews' own.

use super::codes::OrderStatus;
use crate::{
    db::{Db, begin_write, new_id},
    domain::error::{DomainError, DomainResult},
    messages::PEDIDO_NAO_ENCONTRADO,
};
use sqlx::{Any, Executor};
use std::collections::HashMap;
use wasm_core::review::{self, Review};

pub const SO_ENTREGUE: &str = "Você poderá avaliar o pedido depois de confirmar que o recebeu (ou quando o valor for liberado à loja).";
pub const PROPRIA_LOJA: &str = "Você não pode avaliar a sua própria loja.";
pub const PRAZO_TERMINOU: &str = "O prazo de 30 dias para alterar esta avaliação terminou.";
pub const REMOVIDA: &str = "Esta avaliação foi removida pela moderação.";
pub const JA_RESPONDIDA: &str = "Esta avaliação já foi respondida.";
pub const AVALIACAO_NAO_ENCONTRADA: &str = "Avaliação não encontrada.";

/// A store's shown reviews: the sum of their notes and how many.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Rating {
    pub sum: i64,
    pub count: i64,
}

impl Rating {
    /// The average note, one decimal (0 without reviews).
    pub fn average(self) -> f64 {
        if self.count == 0 {
            0.0
        } else {
            // Tenths rounded half up, as wasm-core's `review::average_text`.
            ((self.sum * 20 + self.count) / (2 * self.count)) as f64 / 10.0
        }
    }
}

/// What writing a review did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Written {
    Created,
    Changed,
}

/// A review as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ReviewRow {
    pub id: String,
    pub order_id: String,
    pub supplier_id: String,
    pub buyer_id: String,
    pub nota: i64,
    pub comentario: Option<String>,
    pub criado_em: i64,
    pub editado_em: Option<i64>,
    pub resposta: Option<String>,
    pub respondido_em: Option<i64>,
    pub removido_em: Option<i64>,
    pub motivo_remocao: Option<String>,
}

const REVIEW_COLUMNS: &str = "id, order_id, supplier_id, buyer_id, nota, comentario, criado_em, \
     editado_em, resposta, respondido_em, removido_em, motivo_remocao";

/// Adds `sum` and `count` to the store's shown reviews.
async fn adjust<'e>(
    e: impl Executor<'e, Database = Any>,
    supplier_id: &str,
    sum: i64,
    count: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE suppliers SET avaliacoes_soma = avaliacoes_soma + $1, \
         avaliacoes_quantidade = avaliacoes_quantidade + $2 WHERE user_id = $3",
    )
    .bind(sum)
    .bind(count)
    .bind(supplier_id)
    .execute(e)
    .await?;
    Ok(())
}

/// The review of order `order_id`, if any.
pub async fn of_order<'e>(
    e: impl Executor<'e, Database = Any>,
    order_id: &str,
) -> sqlx::Result<Option<ReviewRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {REVIEW_COLUMNS} FROM reviews WHERE order_id = $1"
    )))
    .bind(order_id)
    .fetch_optional(e)
    .await
}

/// The reviews of `order_ids`, by order (one query per 100 ids).
pub async fn of_orders(db: &Db, order_ids: &[&str]) -> sqlx::Result<HashMap<String, ReviewRow>> {
    let mut out = HashMap::new();
    for chunk in order_ids.chunks(100) {
        let placeholders: Vec<String> = (1..=chunk.len()).map(|n| format!("${n}")).collect();
        // Only `$n` placeholders are interpolated; the ids are bound.
        let sql = format!(
            "SELECT {REVIEW_COLUMNS} FROM reviews WHERE order_id IN ({})",
            placeholders.join(", ")
        );
        let mut q = sqlx::query_as::<_, ReviewRow>(sqlx::AssertSqlSafe(sql));
        for id in chunk {
            q = q.bind(*id);
        }
        for r in q.fetch_all(db).await? {
            out.insert(r.order_id.clone(), r);
        }
    }
    Ok(out)
}

/// Rates order `order_id` as its buyer `buyer_id`: creates its review, or changes it within 30
/// days of its first writing. Only a delivered order of someone else's store; 404 for an order
/// that does not exist, 403 for another buyer's.
pub async fn write(
    db: &Db,
    buyer_id: &str,
    order_id: &str,
    r: &Review,
    now: i64,
) -> DomainResult<Written> {
    let order: Option<(String, String, String, Option<i64>)> = sqlx::query_as(
        "SELECT buyer_id, supplier_id, situacao, recebido_em FROM orders WHERE id = $1",
    )
    .bind(order_id)
    .fetch_optional(db)
    .await?;
    let (owner, supplier_id, situacao, received) =
        order.ok_or_else(|| DomainError::NotFound(PEDIDO_NAO_ENCONTRADO.into()))?;
    if owner != buyer_id {
        return Err(DomainError::Forbidden);
    }
    if supplier_id == buyer_id {
        return Err(DomainError::invalid(PROPRIA_LOJA));
    }
    // Only once the buyer confirmed receipt or the release happened (decisions.md §37): the
    // store's own mark is not enough.
    if situacao != OrderStatus::Delivered.as_db() || received.is_none() {
        return Err(DomainError::Conflict(SO_ENTREGUE.into()));
    }
    let nota = i64::from(r.nota);
    let mut tx = begin_write(db).await?;
    let created = sqlx::query(
        "INSERT INTO reviews (id, order_id, supplier_id, buyer_id, nota, comentario, criado_em) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (order_id) DO NOTHING",
    )
    .bind(new_id())
    .bind(order_id)
    .bind(&supplier_id)
    .bind(buyer_id)
    .bind(nota)
    .bind(&r.comentario)
    .bind(now)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if created == 1 {
        adjust(&mut *tx, &supplier_id, nota, 1).await?;
        tx.commit().await?;
        return Ok(Written::Created);
    }
    let existing = of_order(&mut *tx, order_id)
        .await?
        .ok_or_else(|| DomainError::Internal(anyhow::anyhow!("review vanished")))?;
    if existing.removido_em.is_some() {
        tx.rollback().await?;
        return Err(DomainError::Conflict(REMOVIDA.into()));
    }
    if !review::editable(existing.criado_em, now) {
        tx.rollback().await?;
        return Err(DomainError::Conflict(PRAZO_TERMINOU.into()));
    }
    let changed = sqlx::query(
        "UPDATE reviews SET nota = $1, comentario = $2, editado_em = $3 \
         WHERE id = $4 AND nota = $5 AND removido_em IS NULL",
    )
    .bind(nota)
    .bind(&r.comentario)
    .bind(now)
    .bind(&existing.id)
    .bind(existing.nota)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if changed == 1 {
        adjust(&mut *tx, &supplier_id, nota - existing.nota, 0).await?;
    }
    tx.commit().await?;
    Ok(Written::Changed)
}

/// The store `supplier_id` replies to the review of its order `order_id`, once.
pub async fn reply(
    db: &Db,
    supplier_id: &str,
    order_id: &str,
    text: &str,
    now: i64,
) -> DomainResult<()> {
    let existing = of_order(db, order_id)
        .await?
        .filter(|r| r.removido_em.is_none())
        .ok_or_else(|| DomainError::NotFound(AVALIACAO_NAO_ENCONTRADA.into()))?;
    if existing.supplier_id != supplier_id {
        return Err(DomainError::Forbidden);
    }
    let replied = sqlx::query(
        "UPDATE reviews SET resposta = $1, respondido_em = $2 \
         WHERE id = $3 AND resposta IS NULL AND removido_em IS NULL",
    )
    .bind(text)
    .bind(now)
    .bind(&existing.id)
    .execute(db)
    .await?
    .rows_affected();
    if replied == 0 {
        return Err(DomainError::Conflict(JA_RESPONDIDA.into()));
    }
    Ok(())
}

/// The admin removes the review of order `order_id`, with `reason`, which its author is
/// e-mailed; the store's average leaves it at once. False when it had been removed before.
pub async fn remove(db: &Db, order_id: &str, reason: &str, now: i64) -> DomainResult<bool> {
    let mut tx = begin_write(db).await?;
    let existing = of_order(&mut *tx, order_id)
        .await?
        .ok_or_else(|| DomainError::NotFound(AVALIACAO_NAO_ENCONTRADA.into()))?;
    let removed = sqlx::query(
        "UPDATE reviews SET removido_em = $1, motivo_remocao = $2 \
         WHERE id = $3 AND removido_em IS NULL",
    )
    .bind(now)
    .bind(reason)
    .bind(&existing.id)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if removed == 0 {
        tx.rollback().await?;
        return Ok(false);
    }
    adjust(&mut *tx, &existing.supplier_id, -existing.nota, -1).await?;
    crate::mail::moderation::queue_review_removed(&mut tx, &existing.id, reason).await?;
    tx.commit().await?;
    Ok(true)
}

/// A store's shown reviews.
pub async fn rating<'e>(
    e: impl Executor<'e, Database = Any>,
    supplier_id: &str,
) -> sqlx::Result<Rating> {
    let row: Option<(i64, i64)> = sqlx::query_as(
        "SELECT avaliacoes_soma, avaliacoes_quantidade FROM suppliers WHERE user_id = $1",
    )
    .bind(supplier_id)
    .fetch_optional(e)
    .await?;
    Ok(row.map_or_else(Rating::default, |(sum, count)| Rating { sum, count }))
}

/// The shown reviews of every store with one, by supplier id (`ids` only; one query).
pub async fn ratings(db: &Db, ids: &[&str]) -> sqlx::Result<HashMap<String, Rating>> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(String, i64, i64)> = sqlx::query_as(
        "SELECT user_id, avaliacoes_soma, avaliacoes_quantidade FROM suppliers \
         WHERE avaliacoes_quantidade > 0",
    )
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .filter(|(id, _, _)| ids.contains(&id.as_str()))
        .map(|(id, sum, count)| (id, Rating { sum, count }))
        .collect())
}

/// A review as a store's page lists it, with its author's first name.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Listed {
    pub order_id: String,
    pub nota: i64,
    pub comentario: Option<String>,
    pub criado_em: i64,
    pub editado_em: Option<i64>,
    pub resposta: Option<String>,
    pub respondido_em: Option<i64>,
    pub nome: String,
}

/// The store's shown reviews, newest first, at most `limit`.
pub async fn list(db: &Db, supplier_id: &str, limit: i64) -> sqlx::Result<Vec<Listed>> {
    sqlx::query_as(
        "SELECT r.order_id, r.nota, r.comentario, r.criado_em, r.editado_em, r.resposta, \
         r.respondido_em, u.nome FROM reviews r JOIN users u ON u.id = r.buyer_id \
         WHERE r.supplier_id = $1 AND r.removido_em IS NULL \
         ORDER BY r.criado_em DESC, r.id DESC LIMIT $2",
    )
    .bind(supplier_id)
    .bind(limit)
    .fetch_all(db)
    .await
}

/// The first name of a full name (a review shows only that of its author).
pub fn first_name(nome: &str) -> String {
    nome.split_whitespace()
        .next()
        .map_or_else(|| "Cliente".to_owned(), str::to_owned)
}
