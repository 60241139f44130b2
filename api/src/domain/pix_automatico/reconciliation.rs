//! Reconciliation of Pix Automático (decisions.md §21, §35): the PSP asked about every open
//! recurrence and pending recurring charge, as their notifications would have told (a lost one
//! costs only time), the charges due asked before the expiry job expires them, and what is left
//! for the admin beside 'Pendências Pix'.

use super::{charge::handle_charge, recurrence::handle_recurrence};
use crate::{
    db::{Db, now_ms},
    domain::{
        codes::{ChargeStatus, PixOrigin},
        error::DomainResult,
    },
    events::Hub,
    pix::PixProvider,
};

/// Asks the PSP about every open recurrence and every pending recurring charge (at most
/// `limit` of each), as their notifications would have told.
pub async fn reconcile(db: &Db, hub: &Hub, pix: &dyn PixProvider, limit: i64) -> DomainResult<()> {
    let Some(rec) = pix.recurring() else {
        return Ok(());
    };
    let recs: Vec<String> = sqlx::query_scalar(
        "SELECT rec_id FROM subscriptions WHERE rec_id IS NOT NULL AND rec_situacao IN \
         ('aguardando', 'ativa') AND situacao <> 'cancelada' ORDER BY atualizado_em LIMIT $1",
    )
    .bind(limit)
    .fetch_all(db)
    .await?;
    for id in recs {
        handle_recurrence(db, rec, &id).await?;
    }
    let charges: Vec<String> = sqlx::query_scalar(
        "SELECT c.txid FROM pix_cobr c JOIN pix_charges p ON p.txid = c.txid \
         WHERE p.status = $1 ORDER BY c.atualizado_em LIMIT $2",
    )
    .bind(ChargeStatus::Pending.as_db())
    .bind(limit)
    .fetch_all(db)
    .await?;
    for txid in charges {
        handle_charge(db, hub, pix, &txid, PixOrigin::Reconciliation).await?;
    }
    Ok(())
}

/// Before the expiry job expires the pending charges past their time, asks the PSP about those
/// that are recurring charges (a payment found is applied instead of refunded later).
pub async fn refresh_due(db: &Db, hub: &Hub, pix: &dyn PixProvider) -> DomainResult<()> {
    if pix.recurring().is_none() {
        return Ok(());
    }
    let due: Vec<String> = sqlx::query_scalar(
        "SELECT c.txid FROM pix_cobr c JOIN pix_charges p ON p.txid = c.txid \
         WHERE p.status = $1 AND p.expira_em <= $2",
    )
    .bind(ChargeStatus::Pending.as_db())
    .bind(now_ms())
    .fetch_all(db)
    .await?;
    for txid in due {
        handle_charge(db, hub, pix, &txid, PixOrigin::Expiry).await?;
    }
    Ok(())
}

/// One Pix Automático problem for the admin.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// 'rec' or 'cobr'.
    pub tipo: String,
    /// The idRec or txid.
    pub referencia: String,
    /// The basket, when it is ours.
    pub assinatura: Option<String>,
    pub motivo: String,
    pub quando: i64,
}

/// Recurrences refused or cancelled at the bank, recurring charges with a problem, and notices
/// that changed nothing, newest first (at most `limit`).
pub async fn problems(db: &Db, limit: i64) -> sqlx::Result<Vec<Problem>> {
    let recs: Vec<(String, String, String, i64)> = sqlx::query_as(
        "SELECT rec_id, id, rec_situacao, atualizado_em FROM subscriptions \
         WHERE rec_id IS NOT NULL AND rec_situacao IN ('recusada', 'cancelada_banco') \
         ORDER BY atualizado_em DESC LIMIT $1",
    )
    .bind(limit)
    .fetch_all(db)
    .await?;
    let cobrs: Vec<(String, String, String, i64)> = sqlx::query_as(
        "SELECT txid, subscription_id, problema, atualizado_em FROM pix_cobr \
         WHERE problema IS NOT NULL ORDER BY atualizado_em DESC LIMIT $1",
    )
    .bind(limit)
    .fetch_all(db)
    .await?;
    let notes: Vec<(String, String, String, i64)> = sqlx::query_as(
        "SELECT tipo, ref, motivo, criado_em FROM pix_automatico_avisos \
         ORDER BY criado_em DESC LIMIT $1",
    )
    .bind(limit)
    .fetch_all(db)
    .await?;
    let mut all: Vec<Problem> = recs
        .into_iter()
        .map(|(id, basket, state, at)| Problem {
            tipo: "rec".into(),
            referencia: id,
            assinatura: Some(basket),
            motivo: if state == "recusada" {
                "recorrência recusada ou expirada no banco do pagador".into()
            } else {
                "recorrência cancelada pelo pagador no banco".into()
            },
            quando: at,
        })
        .chain(cobrs.into_iter().map(|(txid, basket, why, at)| Problem {
            tipo: "cobr".into(),
            referencia: txid,
            assinatura: Some(basket),
            motivo: why,
            quando: at,
        }))
        .chain(notes.into_iter().map(|(tipo, r, why, at)| Problem {
            tipo,
            referencia: r,
            assinatura: None,
            motivo: why,
            quando: at,
        }))
        .collect();
    all.sort_by_key(|p| std::cmp::Reverse(p.quando));
    all.truncate(usize::try_from(limit).unwrap_or(100));
    Ok(all)
}
