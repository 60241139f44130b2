//! A cycle's recurring charge (`/cobr`, decisions.md §35): recorded with its order, confirmed
//! at the PSP when notified (paid: its Pix to the payment path, once; an attempt failed: retried
//! while the policy allows and the charge is payable; ended otherwise: a problem for the admin),
//! and, still unpaid when the order's charge expired at the delivery's eve, marked once with its
//! store told and the charge cancelled at the PSP.

use super::note;
use crate::{
    db::{Db, begin_write, now_ms},
    domain::{
        codes::{ChargeStatus, PixOrigin},
        error::DomainResult,
        inbox,
    },
    events::Hub,
    pix::{PixProvider, recurring::RecurringChargeAtPsp},
};
use wasm_core::date::Date;

/// Most retries of a failed attempt (the PSP's `PERMITE_3R_7D`).
pub const MAX_RETRIES: u32 = 3;

/// Records the recurring charge `txid` of an order placed for basket `basket` (idempotent: a
/// replayed cycle records nothing new).
pub async fn record_charge(
    db: &Db,
    txid: &str,
    basket: &str,
    order_id: &str,
    rec_id: &str,
    due: Date,
) -> sqlx::Result<()> {
    let now = now_ms();
    sqlx::query(
        "INSERT INTO pix_cobr (txid, subscription_id, order_id, rec_id, vencimento, criado_em, \
         atualizado_em) VALUES ($1, $2, $3, $4, $5, $6, $6) ON CONFLICT (txid) DO NOTHING",
    )
    .bind(txid)
    .bind(basket)
    .bind(order_id)
    .bind(rec_id)
    .bind(due.iso())
    .bind(now)
    .execute(db)
    .await?;
    Ok(())
}

/// The recurring charge `txid` as stored: its order's charge status and the retries asked.
async fn stored_charge(db: &Db, txid: &str) -> sqlx::Result<Option<(String, String, i64)>> {
    sqlx::query_as(
        "SELECT c.vencimento, p.status, c.retentativas FROM pix_cobr c \
         JOIN pix_charges p ON p.txid = c.txid WHERE c.txid = $1",
    )
    .bind(txid)
    .fetch_optional(db)
    .await
}

async fn set_charge(
    db: &Db,
    txid: &str,
    at: &RecurringChargeAtPsp,
    retries: u32,
    problem: Option<&str>,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE pix_cobr SET situacao_psp = $1, falhou = $2, retentativas = $3, problema = $4, \
         atualizado_em = $5 WHERE txid = $6",
    )
    .bind(&at.status)
    .bind(i64::from(at.last_attempt_failed))
    .bind(i64::from(retries))
    .bind(problem)
    .bind(now_ms())
    .bind(txid)
    .execute(db)
    .await?;
    Ok(())
}

/// Takes in what the PSP says of recurring charge `txid`: not ours, recorded and nothing
/// changes; ours, confirmed at the PSP: paid → its Pix to the payment path; an attempt failed →
/// retried while allowed and payable; ended otherwise → a problem for the admin (the order's
/// charge expires at its deadline).
pub async fn handle_charge(
    db: &Db,
    hub: &Hub,
    pix: &dyn PixProvider,
    txid: &str,
    origin: PixOrigin,
) -> DomainResult<()> {
    let Some(rec) = pix.recurring() else {
        return Ok(());
    };
    let Some((due, status, _)) = stored_charge(db, txid).await? else {
        note(
            db,
            "cobr",
            txid,
            "cobrança recorrente desconhecida: nada foi alterado",
        )
        .await?;
        tracing::warn!(txid, "a recurring charge that is not ours was notified");
        return Ok(());
    };
    let at = match rec.recurring_charge(txid).await {
        Ok(Some(at)) => at,
        Ok(None) => {
            note(db, "cobr", txid, "o PSP não tem esta cobrança recorrente").await?;
            return Ok(());
        }
        Err(e) => {
            tracing::warn!(error = %e, txid, "the PSP did not confirm a recurring charge now");
            return Ok(());
        }
    };
    if !at.paid_by.is_empty() {
        set_charge(db, txid, &at, at.retries, None).await?;
        inbox::take(db, hub, &at.paid_by, origin).await?;
        return Ok(());
    }
    let pending = status == ChargeStatus::Pending.as_db();
    let today = Date::of_ms(now_ms());
    let due = Date::parse(&due);
    let payable = matches!((today, due), (Some(t), Some(d)) if t <= d);
    match at.status.as_str() {
        "ATIVA" | "CRIADA" if at.last_attempt_failed => {
            if pending && payable && at.retries < MAX_RETRIES {
                let on =
                    today.unwrap_or_else(|| due.unwrap_or_else(|| Date::of_ms(0).expect("epoch")));
                match rec.retry_recurring_charge(txid, on).await {
                    Ok(()) => {
                        let why = format!(
                            "tentativa recusada pelo banco; nova tentativa em {}",
                            on.iso()
                        );
                        set_charge(db, txid, &at, at.retries + 1, Some(&why)).await?;
                    }
                    Err(e) => {
                        let why = format!("tentativa recusada; a nova tentativa falhou: {e}");
                        set_charge(db, txid, &at, at.retries, Some(&why)).await?;
                    }
                }
            } else {
                let why = "tentativa recusada pelo banco, sem nova tentativa possível";
                set_charge(db, txid, &at, at.retries, Some(why)).await?;
            }
        }
        "ATIVA" | "CRIADA" => set_charge(db, txid, &at, at.retries, None).await?,
        other => {
            let why = format!("cobrança recorrente {other} no PSP sem pagamento");
            set_charge(db, txid, &at, at.retries, Some(&why)).await?;
        }
    }
    Ok(())
}

/// 'não paga até a véspera da entrega: pedido cancelado' (`pix_cobr.problema`).
pub const UNPAID_AT_EVE: &str = "não paga até a véspera da entrega: pedido cancelado";

/// After the expiry job: each cycle whose recurring charge expired unpaid (its order cancelled
/// and its stock released by the expiry, the buyer told) is marked once, its recurring charge
/// cancelled at the PSP, and its store told through the same channels as the buyer: by e-mail
/// and, opted in (decisions.md §38), by WhatsApp ('cesta_nao_paga'). Returns how many.
pub async fn after_expiry(db: &Db, pix: &dyn PixProvider) -> DomainResult<u64> {
    let expired: Vec<(String, String, String)> = sqlx::query_as(
        "SELECT c.txid, c.order_id, o.supplier_id FROM pix_cobr c \
         JOIN pix_charges p ON p.txid = c.txid JOIN orders o ON o.id = c.order_id \
         WHERE p.status = $1 AND (c.problema IS NULL OR c.problema <> $2)",
    )
    .bind(ChargeStatus::Expired.as_db())
    .bind(UNPAID_AT_EVE)
    .fetch_all(db)
    .await?;
    let mut told = 0;
    for (txid, order_id, supplier) in expired {
        let mut tx = begin_write(db).await?;
        let marked = sqlx::query(
            "UPDATE pix_cobr SET problema = $1, atualizado_em = $2 \
             WHERE txid = $3 AND (problema IS NULL OR problema <> $1)",
        )
        .bind(UNPAID_AT_EVE)
        .bind(now_ms())
        .bind(&txid)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if marked == 0 {
            tx.rollback().await?;
            continue;
        }
        let (email, cliente): (Option<String>, String) = sqlx::query_as(
            "SELECT u.email, o.cliente_nome FROM orders o JOIN users u ON u.id = $1 \
             WHERE o.id = $2",
        )
        .bind(&supplier)
        .bind(&order_id)
        .fetch_one(&mut *tx)
        .await?;
        if let Some(to) = email.filter(|e| !e.is_empty()) {
            let body = format!(
                "O Pix Automático da cesta de {cliente} não foi pago até a véspera da entrega. \
                 O pedido foi cancelado e o estoque devolvido; não entregue esta cesta."
            );
            crate::mail::enqueue(
                &mut *tx,
                &to,
                "Cesta cancelada: Pix Automático não pago",
                &body,
            )
            .await?;
        }
        crate::mail::whatsapp::baskets::unpaid_to_store(&mut tx, &order_id).await?;
        tx.commit().await?;
        crate::mail::wake();
        told += 1;
        if let Some(rec) = pix.recurring()
            && let Err(e) = rec.cancel_recurring_charge(&txid).await
        {
            tracing::warn!(error = %e, txid, "cancelling an expired recurring charge at the PSP");
        }
    }
    Ok(told)
}
