//! Refunds (devoluções, decisions.md §22) as durable rows of `pix_refunds`, so none is lost and
//! none is made twice:
//!
//! 1. [`schedule`] writes the refund, `pendente`, inside the transaction that decides it (a paid
//!    order cancelled: [`super::orders::cancel_awaiting`]; a payment that cannot be applied — a
//!    charge that could no longer be paid, another amount, an unknown txid: [`super::payments`],
//!    decisions.md §28), with our own id. If that transaction rolls back there
//!    is no refund; if it commits the refund exists even if the process dies a moment later.
//! 2. [`process_due`] (the refund job, woken at once by [`schedule`] through [`wakes`], and
//!    every minute) asks the PSP with `PUT /pix/{e2eid}/devolucao/{id}` after the commit, with
//!    no transaction open. The id is ours, so asking again after a timeout, a crash or a second
//!    instance never refunds twice. A PSP that is down is asked again later, with a growing
//!    delay; one that refuses the request for good leaves it `falhou`, for the admin, who may
//!    ask it again ([`retry`]). The buyer of the order is told by e-mail, in the transaction
//!    that records the failure, that the platform will return the money.
//! 3. The PSP settles it (`DEVOLVIDO` or `NAO_REALIZADO`): its webhook, the reconciliation
//!    ([`settle`]) or the job's own `GET` of an accepted refund records the outcome.
//!
//! Only a refund that reaches `DEVOLVIDO` counts as money gone back (metrics). A supplier's
//! balance never counts a refunded order (the open item is reversed where the refund is
//! decided).

use super::codes::{RefundReason, RefundStatus};
use crate::{
    db::{Db, begin_write, insert, new_id, now_ms},
    domain::error::DomainResult,
    pix::{PixError, PixProvider, RefundAtPsp, RefundRequest, RefundState},
};
use sqlx::{Any, Transaction};
use std::sync::LazyLock;
use tokio::sync::watch;
use wasm_core::money::Money;

/// Changed whenever a refund is scheduled: wakes this process's refund job.
static SCHEDULED: LazyLock<watch::Sender<u64>> = LazyLock::new(|| watch::channel(0).0);

/// What the refund job waits on between its periodic runs.
pub fn wakes() -> watch::Receiver<u64> {
    SCHEDULED.subscribe()
}

fn wake() {
    SCHEDULED.send_modify(|n| *n = n.wrapping_add(1));
}

/// First delay before a failed request is tried again; doubled each time up to [`MAX_DELAY_MS`].
const FIRST_DELAY_MS: i64 = 15_000;
const MAX_DELAY_MS: i64 = 3_600_000;
/// How long after the PSP accepted a refund its status is first read again (when no webhook
/// has said how it ended).
const POLL_MS: i64 = 30_000;
/// Rows one run handles.
const BATCH: i64 = 100;

fn delay_after(attempts: i64) -> i64 {
    let doublings = u32::try_from(attempts.clamp(1, 20) - 1).unwrap_or(0);
    FIRST_DELAY_MS
        .saturating_mul(1_i64 << doublings)
        .min(MAX_DELAY_MS)
}

/// What the PSP shows the payer with the refund.
fn description(reason: RefundReason) -> &'static str {
    match reason {
        RefundReason::Cancellation => "Pedido cancelado na Feira",
        RefundReason::LatePayment => "Pagamento recebido após o prazo da cobrança",
        RefundReason::WrongAmount => "Valor diferente do cobrado",
        RefundReason::UnknownCharge => "Pagamento sem cobrança correspondente",
        RefundReason::DuplicatePayment => "Pagamento em duplicidade",
        RefundReason::AfterCancellation => "Pagamento recebido após o cancelamento do pedido",
        RefundReason::OtherKey => "Pagamento para outra chave Pix",
        RefundReason::Case => "Devolução combinada na reclamação do pedido",
    }
}

/// Schedules the full refund of Pix `end_to_end_id` (`valor_centavos`, for charge `txid`)
/// inside the caller's `tx`; returns our refund id. A Pix is refunded once: scheduling it again
/// returns the existing refund's id.
pub async fn schedule(
    tx: &mut Transaction<'_, Any>,
    end_to_end_id: &str,
    txid: Option<&str>,
    valor_centavos: i64,
    reason: RefundReason,
    now: i64,
) -> sqlx::Result<String> {
    let id = format!("D{}", new_id());
    insert(
        &mut **tx,
        "pix_refunds",
        &[
            ("id", (&id).into()),
            ("end_to_end_id", end_to_end_id.into()),
            ("txid", txid.into()),
            ("valor_centavos", valor_centavos.into()),
            ("motivo", reason.as_db().into()),
            ("status", RefundStatus::Pending.as_db().into()),
            ("proxima_tentativa_em", now.into()),
            ("criado_em", now.into()),
            ("atualizado_em", now.into()),
        ],
        "ON CONFLICT (end_to_end_id) DO NOTHING",
    )
    .await?;
    let id = sqlx::query_scalar("SELECT id FROM pix_refunds WHERE end_to_end_id = $1")
        .bind(end_to_end_id)
        .fetch_one(&mut **tx)
        .await?;
    // The job waits a moment after a wake, so this commits first (else its next run).
    wake();
    Ok(id)
}

/// A refund row the job works on.
#[derive(Debug, Clone, sqlx::FromRow)]
struct Due {
    id: String,
    end_to_end_id: String,
    valor_centavos: i64,
    motivo: String,
    #[sqlx(try_from = "String")]
    status: RefundStatus,
    tentativas: i64,
}

/// Asks the PSP for every refund that is due: new ones (`PUT`), accepted ones not yet settled
/// (`GET`), failed ones whose retry time has come. Stops early at `stop`. Returns how many rows
/// it handled. Idempotent: safe on several instances at once.
pub async fn process_due(
    db: &Db,
    provider: &dyn PixProvider,
    stop: &tokio_util::sync::CancellationToken,
) -> DomainResult<usize> {
    let now = now_ms();
    let due: Vec<Due> = sqlx::query_as(
        "SELECT id, end_to_end_id, valor_centavos, motivo, status, tentativas FROM pix_refunds \
         WHERE status IN ($1, $2) AND proxima_tentativa_em <= $3 \
         ORDER BY proxima_tentativa_em, id LIMIT $4",
    )
    .bind(RefundStatus::Pending.as_db())
    .bind(RefundStatus::Processing.as_db())
    .bind(now)
    .bind(BATCH)
    .fetch_all(db)
    .await?;
    let mut handled = 0;
    for r in due {
        if stop.is_cancelled() {
            break;
        }
        let answer = if r.status == RefundStatus::Pending {
            let reason = RefundReason::from_db(&r.motivo)?;
            provider
                .refund(RefundRequest {
                    end_to_end_id: &r.end_to_end_id,
                    id: &r.id,
                    amount: Money::from_centavos(r.valor_centavos),
                    description: description(reason),
                })
                .await
        } else {
            provider.refund_status(&r.end_to_end_id, &r.id).await
        };
        match answer {
            Ok(at) => {
                record_state(db, &r.id, &at, r.tentativas + 1).await?;
            }
            Err(e) => record_failure(db, &r, &e).await?,
        }
        handled += 1;
    }
    Ok(handled)
}

/// Records what the PSP said of refund `id`; true when this made it `devolvido`.
async fn record_state(db: &Db, id: &str, at: &RefundAtPsp, attempts: i64) -> sqlx::Result<bool> {
    let now = now_ms();
    let (status, erro) = match &at.state {
        RefundState::Processing => (RefundStatus::Processing, None),
        RefundState::Done => (RefundStatus::Done, None),
        RefundState::NotDone(why) => (RefundStatus::NotDone, Some(why.as_str())),
    };
    let mut tx = begin_write(db).await?;
    let changed = sqlx::query(
        "UPDATE pix_refunds SET status = $1, rtr_id = COALESCE($2, rtr_id), erro = $3, \
         tentativas = $4, proxima_tentativa_em = $5, atualizado_em = $6 \
         WHERE id = $7 AND status IN ($8, $9)",
    )
    .bind(status.as_db())
    .bind(at.rtr_id.as_deref())
    .bind(erro)
    .bind(attempts)
    .bind(now + POLL_MS.saturating_mul(attempts.clamp(1, 60)))
    .bind(now)
    .bind(id)
    .bind(RefundStatus::Pending.as_db())
    .bind(RefundStatus::Processing.as_db())
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if changed == 1 && status == RefundStatus::NotDone {
        tell_buyer_it_failed(&mut tx, id).await?;
    }
    tx.commit().await?;
    let done = changed == 1 && status == RefundStatus::Done;
    if done {
        crate::metrics::pix_charge(crate::metrics::PixEvent::Refunded);
        tracing::info!(refund = id, "pix refund settled");
    } else if changed == 1 && status == RefundStatus::NotDone {
        tracing::error!(
            refund = id,
            reason = erro,
            "the PSP could not make a refund"
        );
    }
    Ok(done)
}

async fn record_failure(db: &Db, r: &Due, e: &PixError) -> sqlx::Result<()> {
    let now = now_ms();
    let attempts = r.tentativas + 1;
    // A new request the PSP refuses for good needs the admin; anything else is tried again.
    let give_up = r.status == RefundStatus::Pending && !e.is_transient();
    let status = if give_up {
        RefundStatus::Failed
    } else {
        r.status
    };
    if give_up {
        tracing::error!(refund = %r.id, error = %e, "the PSP refused a refund");
    } else {
        tracing::warn!(refund = %r.id, error = %e, attempts, "pix refund: will try again");
    }
    let mut tx = begin_write(db).await?;
    let changed = sqlx::query(
        "UPDATE pix_refunds SET status = $1, erro = $2, tentativas = $3, \
         proxima_tentativa_em = $4, atualizado_em = $5 WHERE id = $6 AND status = $7",
    )
    .bind(status.as_db())
    .bind(e.to_string())
    .bind(attempts)
    .bind(now + delay_after(attempts))
    .bind(now)
    .bind(&r.id)
    .bind(r.status.as_db())
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if give_up && changed == 1 {
        tell_buyer_it_failed(&mut tx, &r.id).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Queues, inside `tx` (the one that records refund `id` as failed), the e-mail telling the
/// buyer of its order that the money could not be given back and the platform will return it.
/// A refund of no order (tokens, an unknown txid) has nobody to tell by e-mail: the admin sees
/// it in Pendências Pix.
async fn tell_buyer_it_failed(tx: &mut Transaction<'_, Any>, id: &str) -> sqlx::Result<()> {
    let row: Option<(Option<String>, i64)> = sqlx::query_as(
        "SELECT c.order_id, r.valor_centavos FROM pix_refunds r \
         JOIN pix_charges c ON c.txid = r.txid WHERE r.id = $1",
    )
    .bind(id)
    .fetch_optional(&mut **tx)
    .await?;
    if let Some((Some(order_id), valor_centavos)) = row {
        let notice = crate::mail::OrderNotice::RefundFailed { valor_centavos };
        crate::mail::queue_order_notice(tx, &order_id, notice).await?;
    }
    Ok(())
}

/// Records the refunds of Pix `end_to_end_id` as the PSP lists them (a webhook, the
/// reconciliation): ours that were settled become `devolvido` or `nao_realizado`.
pub async fn settle(db: &Db, end_to_end_id: &str, listed: &[RefundAtPsp]) -> sqlx::Result<()> {
    for at in listed {
        let ours: Option<i64> = sqlx::query_scalar(
            "SELECT tentativas FROM pix_refunds WHERE id = $1 AND end_to_end_id = $2",
        )
        .bind(&at.id)
        .bind(end_to_end_id)
        .fetch_optional(db)
        .await?;
        if let Some(attempts) = ours {
            record_state(db, &at.id, at, attempts.max(1)).await?;
        }
    }
    Ok(())
}

/// What asking a refund again did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Retry {
    /// It is `pendente` again, under a new id of ours (a new devolução at the PSP).
    Scheduled,
    /// No refund `id` that failed (refused, or not made by the PSP).
    NotRetryable,
}

/// Asks refund `id` again when it failed (`falhou`: the PSP refused the request; or
/// `nao_realizado`: the PSP could not return the money): it becomes `pendente` under a new id of
/// ours (the old id named a devolução that ended at the PSP), and the job is woken.
pub async fn retry(db: &Db, id: &str) -> sqlx::Result<Retry> {
    let now = now_ms();
    let changed = sqlx::query(
        "UPDATE pix_refunds SET id = $1, status = $2, erro = NULL, rtr_id = NULL, \
         proxima_tentativa_em = $3, atualizado_em = $3 WHERE id = $4 AND status IN ($5, $6)",
    )
    .bind(format!("D{}", new_id()))
    .bind(RefundStatus::Pending.as_db())
    .bind(now)
    .bind(id)
    .bind(RefundStatus::Failed.as_db())
    .bind(RefundStatus::NotDone.as_db())
    .execute(db)
    .await?
    .rows_affected();
    if changed == 0 {
        return Ok(Retry::NotRetryable);
    }
    tracing::info!(refund = id, "pix refund asked again by the admin");
    wake();
    Ok(Retry::Scheduled)
}

/// A refund as the order views and the admin show it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct RefundRow {
    pub id: String,
    pub end_to_end_id: String,
    pub txid: Option<String>,
    pub valor_centavos: i64,
    #[sqlx(try_from = "String")]
    pub motivo: RefundReason,
    #[sqlx(try_from = "String")]
    pub status: RefundStatus,
    pub tentativas: i64,
    pub erro: Option<String>,
    pub criado_em: i64,
    pub atualizado_em: i64,
}

/// The refunds that have not (yet) given the money back, oldest first: what the admin watches.
pub async fn unsettled(db: &Db) -> sqlx::Result<Vec<RefundRow>> {
    sqlx::query_as(
        "SELECT id, end_to_end_id, txid, valor_centavos, motivo, status, tentativas, erro, \
         criado_em, atualizado_em FROM pix_refunds WHERE status <> $1 \
         ORDER BY criado_em, id",
    )
    .bind(RefundStatus::Done.as_db())
    .fetch_all(db)
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retries_wait_longer_each_time_up_to_an_hour() {
        assert_eq!(delay_after(1), 15_000);
        assert_eq!(delay_after(2), 30_000);
        assert_eq!(delay_after(5), 240_000);
        assert_eq!(delay_after(40), MAX_DELAY_MS);
        assert_eq!(delay_after(0), 15_000);
    }
}
