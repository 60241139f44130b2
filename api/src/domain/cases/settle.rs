//! How a problem case ends (decisions.md §37), applied once: the store gives back all or part
//! (per line or an amount), the buyer accepts the store's proposal, or the admin decides. One
//! write transaction closes the case by a conditional `UPDATE` (a second decision finds it
//! closed and moves nothing), settles the order's receipt (`recebimento 'reclamacao'`), splits
//! the order's held item — the part given back `devolvido`, the rest released to the store's
//! balance — and schedules the devolução of that part through the PSP with our own id
//! ([`crate::domain::refunds::schedule`]: asked after the commit, never twice, also when the PSP
//! times out and is asked again). So paid = released + held + refunded at every moment.

use super::{CaseRow, RECLAMACAO_ENCERRADA, held};
use crate::{
    db::{Db, begin_write},
    domain::{
        codes::{CaseOutcome, CaseSide, CaseStatus, OpenItemStatus, ReceiptBy, RefundReason},
        error::{DomainError, DomainResult},
        ledger, refunds,
    },
    mail::cases::{CaseNotice, queue_case_notice},
};
use wasm_core::money::Money;

/// What settles a case.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// Everything held released to the store.
    Release,
    /// Everything held given back to the buyer.
    RefundAll,
    /// This many centavos given back (at most what is held), the rest released.
    Refund(i64),
    /// The store's last proposal (the buyer accepted it).
    Proposal,
}

/// A refund larger than what the order still holds.
pub(super) fn too_much(asked: i64, held: i64) -> DomainError {
    if held == 0 {
        return DomainError::Conflict(
            "Este pedido não tem valor retido para devolver (foi pago pessoalmente ou já liberado)."
                .into(),
        );
    }
    DomainError::Invalid(format!(
        "O valor a devolver ({}) é maior que o valor retido deste pedido ({}).",
        Money::from_centavos(asked).format(),
        Money::from_centavos(held).format()
    ))
}

/// Settles `case` as `decision` by `by` (with the admin's `reason`), once. Returns the amount
/// given back, in centavos.
pub async fn settle(
    db: &Db,
    case: &CaseRow,
    by: CaseSide,
    decision: Decision,
    reason: Option<&str>,
    now: i64,
) -> DomainResult<i64> {
    let mut tx = begin_write(db).await?;
    // Closes it first: this row is the decision's claim (a second one changes nothing).
    let proposal: Option<Option<i64>> = sqlx::query_scalar(
        "UPDATE order_cases SET status = $1, encerrado_em = $2, decidido_por = $3, \
         decisao_motivo = $4 WHERE id = $5 AND status <> $1 RETURNING proposta_centavos",
    )
    .bind(CaseStatus::Closed.as_db())
    .bind(now)
    .bind(by.as_db())
    .bind(reason)
    .bind(&case.id)
    .fetch_optional(&mut *tx)
    .await?;
    let Some(proposal) = proposal else {
        tx.rollback().await?;
        return Err(DomainError::Conflict(RECLAMACAO_ENCERRADA.into()));
    };
    let held = held(&mut *tx, &case.order_id).await?;
    let refund = match decision {
        Decision::Release => 0,
        Decision::RefundAll => held,
        Decision::Refund(v) => v,
        Decision::Proposal => match proposal {
            Some(p) => p,
            None => {
                tx.rollback().await?;
                return Err(DomainError::Conflict(
                    "A loja ainda não fez uma proposta.".into(),
                ));
            }
        },
    };
    if refund < 0 || refund > held || (matches!(decision, Decision::Refund(_)) && refund == 0) {
        tx.rollback().await?;
        if refund <= 0 {
            return Err(DomainError::Invalid("Informe o valor a devolver.".into()));
        }
        return Err(too_much(refund, held));
    }
    let outcome = if refund == 0 {
        CaseOutcome::Released
    } else if refund == held {
        CaseOutcome::Refunded
    } else {
        CaseOutcome::PartlyRefunded
    };
    sqlx::query("UPDATE order_cases SET resultado = $1, devolvido_centavos = $2 WHERE id = $3")
        .bind(outcome.as_db())
        .bind(refund)
        .bind(&case.id)
        .execute(&mut *tx)
        .await?;
    // The order's receipt is settled by the case (a review may follow, §33).
    sqlx::query(
        "UPDATE orders SET em_reclamacao = NULL, recebido_em = $1, recebimento = $2 \
         WHERE id = $3 AND recebido_em IS NULL",
    )
    .bind(now)
    .bind(ReceiptBy::Case.as_db())
    .bind(&case.order_id)
    .execute(&mut *tx)
    .await?;
    if refund == 0 {
        ledger::release_order(&mut tx, &case.order_id, now).await?;
    } else {
        // The held item split: the refunded part recorded on it, the rest released (or, for a
        // full refund, the whole item `devolvido`).
        if refund == held {
            sqlx::query("UPDATE open_items SET status = $1 WHERE order_id = $2 AND status = $3")
                .bind(OpenItemStatus::Refunded.as_db())
                .bind(&case.order_id)
                .bind(OpenItemStatus::Held.as_db())
                .execute(&mut *tx)
                .await?;
        } else {
            sqlx::query(
                "UPDATE open_items SET valor_centavos = valor_centavos - $1, \
                 devolvido_centavos = devolvido_centavos + $1, status = $2, liberado_em = $3 \
                 WHERE order_id = $4 AND status = $5",
            )
            .bind(refund)
            .bind(OpenItemStatus::Received.as_db())
            .bind(now)
            .bind(&case.order_id)
            .bind(OpenItemStatus::Held.as_db())
            .execute(&mut *tx)
            .await?;
        }
        let paid: Option<(String, Option<String>)> = sqlx::query_as(
            "SELECT c.txid, c.end_to_end_id FROM orders o JOIN pix_charges c ON c.txid = o.txid \
             WHERE o.id = $1",
        )
        .bind(&case.order_id)
        .fetch_optional(&mut *tx)
        .await?;
        let Some((txid, Some(e2e))) = paid else {
            tx.rollback().await?;
            return Err(DomainError::Internal(anyhow::anyhow!(
                "order {} holds money without an applied Pix",
                case.order_id
            )));
        };
        refunds::schedule(&mut tx, &e2e, Some(&txid), refund, RefundReason::Case, now).await?;
    }
    let texto = match (by, outcome) {
        (CaseSide::Admin, _) => format!(
            "Decisão da Feira: {}",
            reason.unwrap_or("sem motivo informado")
        ),
        (_, CaseOutcome::Released) => "Reclamação encerrada: valor liberado para a loja.".into(),
        _ => format!(
            "Devolução de {} ao cliente.",
            Money::from_centavos(refund).format()
        ),
    };
    super::add_message(&mut tx, &case.id, by, &texto, "[]", now).await?;
    let notice = CaseNotice::Settled {
        devolvido: refund,
        liberado: held - refund,
        motivo: reason,
    };
    queue_case_notice(&mut tx, &case.order_id, notice).await?;
    tx.commit().await?;
    tracing::info!(case = %case.id, refund, by = by.as_db(), "a problem case was settled");
    Ok(refund)
}
