//! What is asked of the PSP about a charge, never inside a write transaction: opening it before
//! the transaction that records it, removing it when its order is refused or cancelled unpaid,
//! and the janitor of openings no order ever recorded.

use super::{Charge, record};
use crate::{
    db::{Db, begin_write, now_ms},
    domain::error::{DomainError, DomainResult},
    messages::PIX_INDISPONIVEL,
    pix::{NewCharge, PixProvider},
};

/// Opens charge `c` at the provider (no transaction is open); returns the "copia e cola". Its
/// txid is first written to `pix_openings` (committed), so a charge whose order is never
/// recorded (the process died in between) is found and removed at the PSP
/// ([`forget_abandoned`]). A provider that fails or times out gives the buyer 'Não foi possível
/// gerar o Pix agora. Tente novamente.' (503), and nothing is stored.
pub async fn open_at_provider(
    db: &Db,
    provider: &dyn PixProvider,
    c: &Charge<'_>,
) -> DomainResult<String> {
    sqlx::query("INSERT INTO pix_openings (txid, criado_em) VALUES ($1, $2)")
        .bind(c.txid)
        .bind(c.now)
        .execute(db)
        .await?;
    let opened = provider
        .open_charge(NewCharge {
            txid: c.txid,
            amount: c.amount,
            expires_in: c.expires_in,
            description: c.description(),
        })
        .await
        .map_err(|e| {
            tracing::error!(error = %e, txid = c.txid, "opening a Pix charge at the provider");
            // Not opened (or unknown): the janitor asks the PSP to remove it anyway.
            DomainError::Unavailable(PIX_INDISPONIVEL.into())
        })?;
    crate::metrics::pix_charge(crate::metrics::PixEvent::Opened);
    Ok(opened.copia_e_cola)
}

/// Removes charge `txid` at the provider (its order was refused, or cancelled unpaid), then its
/// opening row; a failure leaves the row for [`forget_abandoned`] to retry. A basket cycle's
/// recurring charge (`pix_cobr`) is cancelled as one (`PATCH /cobr`), not as a `/cob`.
pub async fn forget_at_provider(db: &Db, provider: &dyn PixProvider, txid: &str) {
    let recurring: Option<String> =
        match sqlx::query_scalar("SELECT txid FROM pix_cobr WHERE txid = $1")
            .bind(txid)
            .fetch_optional(db)
            .await
        {
            Ok(r) => r,
            Err(e) => {
                tracing::warn!(error = %e, txid, "reading whether a charge is recurring");
                return;
            }
        };
    let removed = match (recurring, provider.recurring()) {
        (None, _) => provider.remove_charge(txid).await,
        (Some(_), Some(r)) => r.cancel_recurring_charge(txid).await,
        (Some(_), None) => {
            tracing::error!(
                txid,
                "a recurring charge with no Pix Automático to cancel it"
            );
            return;
        }
    };
    match removed {
        Ok(()) => {
            if let Err(e) = sqlx::query("DELETE FROM pix_openings WHERE txid = $1")
                .bind(txid)
                .execute(db)
                .await
            {
                tracing::warn!(error = %e, txid, "forgetting a removed charge's opening");
            }
        }
        Err(e) => tracing::warn!(error = %e, txid, "removing a Pix charge at the provider"),
    }
}

/// Removes at the provider every charge whose opening is older than `older_than` ms and that
/// was never recorded (its request died between the PSP and the database), so nobody can pay a
/// charge no order holds; a recorded one only loses its row. Returns how many were removed.
pub async fn forget_abandoned(
    db: &Db,
    provider: &dyn PixProvider,
    older_than: i64,
) -> DomainResult<u64> {
    let rows: Vec<(String, Option<String>)> = sqlx::query_as(
        "SELECT o.txid, c.txid FROM pix_openings o LEFT JOIN pix_charges c ON c.txid = o.txid \
         WHERE o.criado_em < $1 ORDER BY o.criado_em LIMIT 200",
    )
    .bind(now_ms() - older_than)
    .fetch_all(db)
    .await?;
    let mut removed = 0;
    for (txid, recorded) in rows {
        if recorded.is_none() {
            match provider.remove_charge(&txid).await {
                Ok(()) => {
                    tracing::warn!(txid, "removed a Pix charge that no order holds");
                    removed += 1;
                }
                // Never opened there (the request died before the PSP answered).
                Err(e) if e.is_not_found() => {}
                Err(e) if e.is_transient() => {
                    tracing::warn!(error = %e, txid, "removing an abandoned Pix charge (will retry)");
                    continue;
                }
                Err(e) => {
                    tracing::error!(error = %e, txid, "the PSP refused to remove an abandoned charge")
                }
            }
        }
        sqlx::query("DELETE FROM pix_openings WHERE txid = $1")
            .bind(&txid)
            .execute(db)
            .await?;
    }
    Ok(removed)
}

/// Opens charge `c` (a token purchase) at the provider, then records it in a transaction of
/// its own; returns the "copia e cola".
pub async fn open(db: &Db, provider: &dyn PixProvider, c: Charge<'_>) -> DomainResult<String> {
    let copia_e_cola = open_at_provider(db, provider, &c).await?;
    let recorded = async {
        let mut tx = begin_write(db).await?;
        record(&mut tx, &c, &copia_e_cola, provider.expiry_grace()).await?;
        tx.commit().await
    }
    .await;
    if let Err(e) = recorded {
        forget_at_provider(db, provider, c.txid).await;
        return Err(e.into());
    }
    Ok(copia_e_cola)
}
