//! A basket's recurrence as the PSP tells it (decisions.md §35): a notification naming it is a
//! hint, confirmed with `GET /rec/{idRec}` before anything changes (an id not ours is recorded
//! for the admin); approved, the basket's Pix is active; refused, expired or cancelled at the
//! bank, the basket falls back as the buyer chose and the buyer is told. Cancelling the basket
//! cancels its recurrence at the PSP.

use super::{Fallback, RecState, note, of_basket};
use crate::{
    db::{Db, begin_write, now_ms},
    domain::error::DomainResult,
    pix::{
        PixProvider,
        recurring::{RecurrenceAtPsp, RecurringPix},
    },
};

/// Whose basket the recurrence `id_rec` is, with its state.
async fn basket_of_rec(
    db: &Db,
    id_rec: &str,
) -> sqlx::Result<Option<(String, String, Option<String>)>> {
    sqlx::query_as("SELECT id, buyer_id, rec_situacao FROM subscriptions WHERE rec_id = $1")
        .bind(id_rec)
        .fetch_optional(db)
        .await
}

/// Takes in what the PSP says of recurrence `id_rec` (a webhook's hint or the reconciliation):
/// an id that is not ours is recorded and changes nothing; ours is confirmed at the PSP and
/// applied.
pub async fn handle_recurrence(db: &Db, rec: &dyn RecurringPix, id_rec: &str) -> DomainResult<()> {
    let Some((basket, buyer, _)) = basket_of_rec(db, id_rec).await? else {
        note(
            db,
            "rec",
            id_rec,
            "recorrência desconhecida: nada foi alterado",
        )
        .await?;
        tracing::warn!(id_rec, "a recurrence that is not ours was notified");
        return Ok(());
    };
    let at_psp = match rec.recurrence(id_rec).await {
        Ok(Some(s)) => s,
        Ok(None) => {
            note(db, "rec", id_rec, "o PSP não tem esta recorrência").await?;
            return Ok(());
        }
        Err(e) => {
            tracing::warn!(error = %e, id_rec, "the PSP did not confirm a recurrence now");
            return Ok(());
        }
    };
    apply_recurrence(db, &basket, &buyer, at_psp).await?;
    Ok(())
}

/// Applies a recurrence's state confirmed at the PSP to basket `basket`; `true` when it changed.
pub async fn apply_recurrence(
    db: &Db,
    basket: &str,
    buyer: &str,
    at_psp: RecurrenceAtPsp,
) -> DomainResult<bool> {
    let now = now_ms();
    let (to, from): (RecState, &[RecState]) = match at_psp {
        RecurrenceAtPsp::Created => return Ok(false),
        RecurrenceAtPsp::Approved => (RecState::Active, &[RecState::Awaiting]),
        RecurrenceAtPsp::Refused => (RecState::Refused, &[RecState::Awaiting]),
        // Ours cancelled it: already 'cancelada', nothing to do.
        RecurrenceAtPsp::Cancelled { .. } => (
            RecState::CancelledAtBank,
            &[RecState::Awaiting, RecState::Active],
        ),
    };
    let mut tx = begin_write(db).await?;
    let mut changed = 0;
    for f in from {
        changed += sqlx::query(
            "UPDATE subscriptions SET rec_situacao = $1, atualizado_em = $2 \
             WHERE id = $3 AND rec_situacao = $4",
        )
        .bind(to.as_db())
        .bind(now)
        .bind(basket)
        .bind(f.as_db())
        .execute(&mut *tx)
        .await?
        .rows_affected();
    }
    if changed == 0 {
        tx.rollback().await?;
        return Ok(false);
    }
    if to != RecState::Active {
        let fallback: Option<String> =
            sqlx::query_scalar("SELECT sem_pix FROM subscriptions WHERE id = $1")
                .bind(basket)
                .fetch_one(&mut *tx)
                .await?;
        let fallback = fallback
            .as_deref()
            .and_then(Fallback::parse)
            .unwrap_or(Fallback::Pause);
        let (sql, then) = match fallback {
            Fallback::InPerson => (
                "UPDATE subscriptions SET pagamento = 'na_entrega' WHERE id = $1",
                "Ela continua, paga na entrega.",
            ),
            Fallback::Pause => (
                "UPDATE subscriptions SET situacao = 'pausada', pausada_ate = NULL \
                 WHERE id = $1 AND situacao = 'ativa'",
                "Ela ficou pausada: retome em Minhas assinaturas quando quiser.",
            ),
        };
        sqlx::query(sql).bind(basket).execute(&mut *tx).await?;
        let why = if to == RecState::Refused {
            "A autorização do Pix Automático da sua assinatura não foi concluída no seu banco."
        } else {
            "O Pix Automático da sua assinatura foi cancelado no seu banco."
        };
        crate::mail::enqueue_for_user(
            &mut tx,
            buyer,
            "Pix Automático da sua assinatura",
            &format!("{why} {then}"),
        )
        .await?;
    }
    tx.commit().await?;
    tracing::info!(basket, state = to.as_db(), "basket's recurrence changed");
    Ok(true)
}

/// Cancels basket `basket`'s recurrence at the PSP (the basket was cancelled): best effort, a
/// refusal is recorded for the admin.
pub async fn cancel_with_basket(db: &Db, pix: &dyn PixProvider, basket: &str) -> DomainResult<()> {
    let Some(b) = of_basket(db, basket).await? else {
        return Ok(());
    };
    let (Some(id), Some(state)) = (b.rec_id.as_deref(), b.state()) else {
        return Ok(());
    };
    if !matches!(state, RecState::Awaiting | RecState::Active) {
        return Ok(());
    }
    let Some(rec) = pix.recurring() else {
        return Ok(());
    };
    if let Err(e) = rec.cancel_recurrence(id).await {
        tracing::error!(error = %e, id, "cancelling a basket's recurrence at the PSP");
        note(db, "rec", id, &format!("o cancelamento no PSP falhou: {e}")).await?;
        return Ok(());
    }
    sqlx::query("UPDATE subscriptions SET rec_situacao = $1 WHERE id = $2 AND rec_situacao = $3")
        .bind(RecState::Cancelled.as_db())
        .bind(basket)
        .bind(state.as_db())
        .execute(db)
        .await?;
    Ok(())
}
