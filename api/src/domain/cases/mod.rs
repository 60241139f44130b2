//! The buyer's 'Tive um problema' (decisions.md §37): a case on a delivered order whose receipt
//! is not settled yet, opened once per order by its buyer within `CASE_OPEN_DAYS` of the store's
//! mark ([`open`]). Opening sets `orders.em_reclamacao` by one conditional `UPDATE` of the order's
//! row — the row the release ([`super::orders::receipt`]) changes under the opposite condition —
//! so the money of an order with an open case is never released by the job nor by 'Recebi meu
//! pedido', and a withdrawal never takes it (it stays `a_liberar`). Both sides then write in a
//! thread of dated messages ([`write`]), each e-mailed to the other side; the store may propose an
//! amount to give back; the buyer may ask the admin ([`ask_admin`]), and a case left without
//! agreement `CASE_ESCALATE_DAYS` goes to the admin by itself ([`escalate_due`]). How it ends —
//! released, part or all given back — is [`settle`]'s, applied once.
//!
//! `rows` reads a case, its thread and the counts the panels show; `settle` ends a case.

mod rows;
mod settle;

pub use rows::*;
pub use settle::{Decision, settle};

use crate::{
    db::{Db, begin_write, new_id},
    domain::{
        codes::{CaseReason, CaseSide, CaseStatus, OrderStatus},
        error::{DomainError, DomainResult},
    },
    mail::cases::{CaseNotice, Side, queue_case_notice},
    messages::PEDIDO_NAO_ENCONTRADO,
};
use std::time::Duration;

/// The most photos a case's opening may carry.
pub const MAX_PHOTOS: usize = 3;
/// The longest message, in characters.
pub const MAX_TEXT: usize = 2000;

pub const JA_TEM_RECLAMACAO: &str = "Este pedido já tem uma reclamação.";
pub const AINDA_NAO_ENTREGUE: &str =
    "Você poderá relatar um problema quando a loja marcar o pedido como entregue.";
pub const JA_RECEBIDO: &str =
    "O recebimento deste pedido já foi confirmado e o valor liberado para a loja.";
pub const RECLAMACAO_ENCERRADA: &str = "Esta reclamação já foi encerrada.";
pub const DESCREVA: &str = "Descreva o problema.";
pub const SEM_RECLAMACAO: &str = "Este pedido não tem reclamação.";

/// The reason as the buyer chose it.
pub fn reason_label(r: CaseReason) -> &'static str {
    match r {
        CaseReason::NotReceived => "Não recebi",
        CaseReason::Missing => "Veio faltando",
        CaseReason::Defective => "Produto com defeito ou estragado",
        CaseReason::Other => "Outro",
    }
}

/// A message's text, trimmed: refused when empty or too long.
pub fn message_text(text: &str) -> DomainResult<String> {
    let t = text.trim();
    if t.is_empty() {
        return Err(DomainError::Invalid(DESCREVA.into()));
    }
    if t.chars().count() > MAX_TEXT {
        return Err(DomainError::Invalid(format!(
            "A mensagem pode ter até {MAX_TEXT} caracteres."
        )));
    }
    Ok(t.to_owned())
}

/// An order as a case sees it.
#[derive(Debug, Clone, sqlx::FromRow)]
struct OrderFacts {
    buyer_id: String,
    situacao: String,
    entregue_em: Option<i64>,
    recebido_em: Option<i64>,
}

/// Whether `buyer_id` may open a case on order `order_id` now; the refusal says why. Read only:
/// [`open`] checks the same in its conditional `UPDATE`.
pub async fn check_open(
    db: &Db,
    order_id: &str,
    buyer_id: &str,
    open_for: Duration,
    now: i64,
) -> DomainResult<()> {
    let o: Option<OrderFacts> = sqlx::query_as(
        "SELECT buyer_id, situacao, entregue_em, recebido_em FROM orders WHERE id = $1",
    )
    .bind(order_id)
    .fetch_optional(db)
    .await?;
    // Another buyer's order is answered as one that does not exist.
    let o = o
        .filter(|o| o.buyer_id == buyer_id)
        .ok_or_else(|| DomainError::NotFound(PEDIDO_NAO_ENCONTRADO.into()))?;
    let exists: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM order_cases WHERE order_id = $1")
        .bind(order_id)
        .fetch_one(db)
        .await?;
    if exists > 0 {
        return Err(DomainError::Conflict(JA_TEM_RECLAMACAO.into()));
    }
    if o.situacao != OrderStatus::Delivered.as_db() || o.entregue_em.is_none() {
        return Err(DomainError::Conflict(AINDA_NAO_ENTREGUE.into()));
    }
    if o.recebido_em.is_some() {
        return Err(DomainError::Conflict(JA_RECEBIDO.into()));
    }
    if o.entregue_em.unwrap_or(0) < since(now, open_for) {
        let days = open_for.as_secs().div_ceil(24 * 3600);
        return Err(DomainError::Conflict(format!(
            "O prazo de {days} dias para relatar um problema terminou."
        )));
    }
    Ok(())
}

fn since(now: i64, d: Duration) -> i64 {
    now.saturating_sub(i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// A case the buyer opens.
#[derive(Debug, Clone)]
pub struct NewCase<'a> {
    pub order_id: &'a str,
    pub buyer_id: &'a str,
    pub reason: CaseReason,
    pub text: &'a str,
    /// The stored photos' URLs (at most [`MAX_PHOTOS`]).
    pub photos: &'a [String],
}

/// Opens the case of `c`, in one write transaction: the order marked as in a case by one
/// conditional `UPDATE` (its buyer's, delivered, receipt not settled, no case, within
/// `open_for` of the mark), the case and its first message written, the store told. Returns the
/// case's id.
pub async fn open(db: &Db, c: &NewCase<'_>, open_for: Duration, now: i64) -> DomainResult<String> {
    let text = message_text(c.text)?;
    if c.photos.len() > MAX_PHOTOS {
        return Err(DomainError::Invalid(format!(
            "Envie no máximo {MAX_PHOTOS} fotos."
        )));
    }
    let mut tx = begin_write(db).await?;
    let marked = sqlx::query(
        "UPDATE orders SET em_reclamacao = $1 WHERE id = $2 AND buyer_id = $3 AND situacao = $4 \
         AND recebido_em IS NULL AND em_reclamacao IS NULL AND entregue_em >= $5 \
         AND NOT EXISTS (SELECT 1 FROM order_cases WHERE order_id = $2)",
    )
    .bind(now)
    .bind(c.order_id)
    .bind(c.buyer_id)
    .bind(OrderStatus::Delivered.as_db())
    .bind(since(now, open_for))
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if marked == 0 {
        tx.rollback().await?;
        check_open(db, c.order_id, c.buyer_id, open_for, now).await?;
        return Err(DomainError::Conflict(JA_TEM_RECLAMACAO.into()));
    }
    let id = new_id();
    // The order's id is unique among cases: a second opening fails here at the latest.
    sqlx::query(
        "INSERT INTO order_cases (id, order_id, buyer_id, supplier_id, motivo, status, criado_em) \
         SELECT $1, id, buyer_id, supplier_id, $2, $3, $4 FROM orders WHERE id = $5",
    )
    .bind(&id)
    .bind(c.reason.as_db())
    .bind(CaseStatus::Open.as_db())
    .bind(now)
    .bind(c.order_id)
    .execute(&mut *tx)
    .await?;
    let photos = serde_json::to_string(c.photos).unwrap_or_else(|_| "[]".into());
    add_message(&mut tx, &id, CaseSide::Buyer, &text, &photos, now).await?;
    let notice = CaseNotice::Opened {
        motivo: reason_label(c.reason),
        texto: &text,
    };
    queue_case_notice(&mut tx, c.order_id, notice).await?;
    tx.commit().await?;
    tracing::info!(order = c.order_id, case = %id, "a problem case was opened");
    Ok(id)
}

async fn add_message(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    case_id: &str,
    by: CaseSide,
    text: &str,
    photos: &str,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO order_case_messages (id, case_id, autor, texto, fotos, criado_em) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(new_id())
    .bind(case_id)
    .bind(by.as_db())
    .bind(text)
    .bind(photos)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

fn side(by: CaseSide) -> Side {
    match by {
        CaseSide::Buyer => Side::Buyer,
        CaseSide::Store => Side::Store,
        CaseSide::Admin => Side::Admin,
    }
}

/// Writes `text` by `by` in case `case_id` (of order `order_id`) while it is not closed; with
/// `proposal` (the store's), the amount it proposes to give back, at most what is held. The
/// other side is told by e-mail.
pub async fn write(
    db: &Db,
    case: &CaseRow,
    by: CaseSide,
    text: &str,
    proposal: Option<i64>,
    now: i64,
) -> DomainResult<()> {
    let text = message_text(text)?;
    let mut tx = begin_write(db).await?;
    let changed = sqlx::query(
        "UPDATE order_cases SET proposta_centavos = COALESCE($1, proposta_centavos) \
         WHERE id = $2 AND status <> $3",
    )
    .bind(proposal)
    .bind(&case.id)
    .bind(CaseStatus::Closed.as_db())
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if changed == 0 {
        tx.rollback().await?;
        return Err(DomainError::Conflict(RECLAMACAO_ENCERRADA.into()));
    }
    if let Some(p) = proposal {
        let h = held(&mut *tx, &case.order_id).await?;
        if p < 0 || p > h {
            tx.rollback().await?;
            return Err(settle::too_much(p, h));
        }
    }
    add_message(&mut tx, &case.id, by, &text, "[]", now).await?;
    let notice = CaseNotice::Message {
        from: side(by),
        texto: &text,
    };
    queue_case_notice(&mut tx, &case.order_id, notice).await?;
    tx.commit().await?;
    Ok(())
}

/// The buyer's 'Pedir ajuda da Feira': an open case goes to the admin's 'Disputas'.
pub async fn ask_admin(db: &Db, case: &CaseRow, now: i64) -> DomainResult<()> {
    let mut tx = begin_write(db).await?;
    if !to_mediation(&mut tx, &case.id, now, None).await? {
        tx.rollback().await?;
        return Err(DomainError::Conflict(
            "Esta reclamação já está com a Feira ou foi encerrada.".into(),
        ));
    }
    queue_case_notice(&mut tx, &case.order_id, CaseNotice::Escalated).await?;
    tx.commit().await?;
    Ok(())
}

/// Moves case `case_id` from open to mediation (opened before `opened_before`, when given);
/// false when it was not open.
async fn to_mediation(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    case_id: &str,
    now: i64,
    opened_before: Option<i64>,
) -> sqlx::Result<bool> {
    let changed = sqlx::query(
        "UPDATE order_cases SET status = $1, mediacao_em = $2 \
         WHERE id = $3 AND status = $4 AND criado_em <= $5",
    )
    .bind(CaseStatus::Mediation.as_db())
    .bind(now)
    .bind(case_id)
    .bind(CaseStatus::Open.as_db())
    .bind(opened_before.unwrap_or(i64::MAX))
    .execute(&mut **tx)
    .await?
    .rows_affected();
    Ok(changed == 1)
}

/// Sends to the admin every case open longer than `after` without agreement, one conditional
/// `UPDATE` each (the job runs under the jobs' advisory lock; two runs at once move each once).
/// Returns how many it moved.
pub async fn escalate_due(db: &Db, after: Duration, now: i64) -> DomainResult<u64> {
    let before = since(now, after);
    let due: Vec<(String, String)> = sqlx::query_as(
        "SELECT id, order_id FROM order_cases WHERE status = $1 AND criado_em <= $2 \
         ORDER BY criado_em, id LIMIT 500",
    )
    .bind(CaseStatus::Open.as_db())
    .bind(before)
    .fetch_all(db)
    .await?;
    let mut moved = 0;
    for (id, order_id) in due {
        let mut tx = begin_write(db).await?;
        if to_mediation(&mut tx, &id, now, Some(before)).await? {
            queue_case_notice(&mut tx, &order_id, CaseNotice::Escalated).await?;
            tx.commit().await?;
            moved += 1;
        } else {
            tx.rollback().await?;
        }
    }
    if moved > 0 {
        tracing::info!(moved, "problem cases without agreement sent to the admin");
    }
    Ok(moved)
}
