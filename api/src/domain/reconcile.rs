//! Asking the PSP instead of waiting for it (decisions.md §21): the reconciliation job
//! ([`run`]: `GET /pix?inicio&fim` for the window since its last run, applying what webhooks
//! missed), the expiry job's check ([`expire`]: a charge about to be expired is first looked up
//! with `GET /cob/{txid}`, so a payment whose notification is late is applied instead of
//! refunded), and a buyer's status query ([`refresh`], behind `consultar_pagamento`).
//!
//! Safe on several instances at once: the jobs run under their advisory lock, and each Pix is
//! recorded once per end-to-end id and applied once ([`super::payments`]) whoever finds
//! it. The window's end is stored (`pix_sync`) only after its Pix are recorded, so a failed run
//! is simply done again; windows overlap by [`OVERLAP_MS`], which costs nothing (the same Pix
//! is one row).

use super::{
    charges,
    codes::PixOrigin,
    error::{DomainError, DomainResult},
    inbox, payments,
};
use crate::{
    db::{Db, now_ms},
    events::Hub,
    pix::{ChargeAtPsp, PixProvider},
};

/// The `pix_sync` row of the reconciliation.
const WATERMARK: &str = "reconciliacao";
/// Each window starts this long before the last one ended (a Pix is listed by the time it was
/// paid, which may be a little before the PSP makes it visible).
pub const OVERLAP_MS: i64 = 10 * 60 * 1000;
/// The first run looks back this far.
const FIRST_LOOK_BACK_MS: i64 = 24 * 3600 * 1000;
/// Longest window asked at once (some PSPs refuse long ones); longer gaps are split.
const MAX_WINDOW_MS: i64 = 24 * 3600 * 1000;
/// Oldest a window may start after a long outage.
const MAX_LOOK_BACK_MS: i64 = 30 * 24 * 3600 * 1000;

/// What a reconciliation found.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Summary {
    /// Pix listed by the PSP.
    pub listed: usize,
    /// Of those, the ones no webhook had told us of.
    pub new: usize,
}

/// One reconciliation: the Pix received since the last run (less [`OVERLAP_MS`]) until now,
/// recorded and applied; those the PSP has for another key than `key` (our `PIX_KEY`) are, as
/// the webhook's rule says, never applied: they are refunded ([`payments::refuse_other_key`]).
pub async fn run(db: &Db, pix: &dyn PixProvider, hub: &Hub, key: &str) -> DomainResult<Summary> {
    let now = now_ms();
    let last: Option<i64> = sqlx::query_scalar("SELECT valor FROM pix_sync WHERE nome = $1")
        .bind(WATERMARK)
        .fetch_optional(db)
        .await?;
    let mut from = last
        .map_or(now - FIRST_LOOK_BACK_MS, |l| l - OVERLAP_MS)
        .max(now - MAX_LOOK_BACK_MS);
    let mut summary = Summary::default();
    while from < now {
        let to = (from + MAX_WINDOW_MS).min(now);
        let listed = pix.received(from, to).await.map_err(|e| {
            DomainError::Internal(anyhow::anyhow!("reconciliation: listing received Pix: {e}"))
        })?;
        summary.listed += listed.len();
        let (ours, others): (Vec<_>, Vec<_>) = listed
            .into_iter()
            .partition(|p| p.chave.as_deref() == Some(key));
        let new = payments::receive(db, &ours, PixOrigin::Reconciliation).await?;
        let refused =
            payments::refuse_other_key(db, &others, PixOrigin::Reconciliation, key).await?;
        summary.new += new.len() + refused.len();
        from = to;
    }
    inbox::drain(db, hub).await?;
    sqlx::query(
        "INSERT INTO pix_sync (nome, valor) VALUES ($1, $2) \
         ON CONFLICT (nome) DO UPDATE SET valor = excluded.valor",
    )
    .bind(WATERMARK)
    .bind(now)
    .execute(db)
    .await?;
    if summary.new > 0 {
        tracing::warn!(
            new = summary.new,
            listed = summary.listed,
            "reconciliation found Pix no webhook had brought"
        );
    } else {
        tracing::debug!(listed = summary.listed, "reconciliation: nothing missed");
    }
    Ok(summary)
}

/// Asks the PSP for charge `txid` and applies the Pix that paid it, if any (`origin` says who
/// asked). A PSP that cannot answer changes nothing (the database stays the truth).
pub async fn refresh(db: &Db, pix: &dyn PixProvider, hub: &Hub, txid: &str, origin: PixOrigin) {
    match pix.charge(txid).await {
        Ok(Some(ChargeAtPsp::Paid(list))) => {
            if let Err(e) = inbox::take(db, hub, &list, origin).await {
                tracing::error!(error = ?e, txid, "recording a Pix found at the PSP");
            }
        }
        Ok(_) => {}
        Err(e) => tracing::warn!(error = %e, txid, "the PSP did not say how a charge stands"),
    }
}

/// The expiry job: each pending charge past its time is first looked up at the PSP (a payment
/// found there is applied), then the rest expire ([`charges::expire_due`]). Returns how many
/// expired.
pub async fn expire(
    db: &Db,
    pix: &dyn PixProvider,
    hub: &Hub,
    abandoned_after: std::time::Duration,
) -> DomainResult<u64> {
    for txid in charges::due(db, now_ms()).await? {
        refresh(db, pix, hub, &txid, PixOrigin::Expiry).await;
    }
    let ms = i64::try_from(abandoned_after.as_millis()).unwrap_or(i64::MAX);
    charges::forget_abandoned(db, pix, ms).await?;
    charges::expire_due(db).await
}
