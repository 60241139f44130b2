//! The sandbox's payer authorising a basket's Pix Automático recurrence (decisions.md §20,
//! §35): what `POST /pix/sandbox/rec/{id_rec}/autorizar` does, applied as a PSP's confirmed
//! approval is. Its own module (beside `payments::pay_sandbox`, the sandbox's one-off Pix) so the
//! payment path, which Pix Automático's charges call, does not import Pix Automático back.

use super::{
    error::{DomainError, DomainResult},
    pix_automatico::{self, RecState},
};
use crate::{db::Db, pix::recurring::RecurrenceAtPsp};

/// What the sandbox's authorisation of a recurrence did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SandboxAuthorisation {
    /// The basket's Pix Automático is active now.
    Authorised,
    /// It was active already: nothing changed.
    AlreadyAuthorised,
}

/// The sandbox's payer authorises recurrence `id_rec` at their bank (Pix Automático,
/// decisions.md §35), applied as a PSP's confirmed approval is
/// ([`pix_automatico::apply_recurrence`]): the basket's cycles are charged from then on. An
/// unknown recurrence is 404; one no longer awaiting (refused, cancelled) 409.
pub async fn authorise_sandbox_recurrence(
    db: &Db,
    id_rec: &str,
) -> DomainResult<SandboxAuthorisation> {
    let row: Option<(String, String, Option<String>)> =
        sqlx::query_as("SELECT id, buyer_id, rec_situacao FROM subscriptions WHERE rec_id = $1")
            .bind(id_rec)
            .fetch_optional(db)
            .await?;
    let (basket, buyer, state) =
        row.ok_or_else(|| DomainError::NotFound("Recorrência não encontrada.".into()))?;
    match state.as_deref().and_then(RecState::from_db) {
        Some(RecState::Active) => return Ok(SandboxAuthorisation::AlreadyAuthorised),
        Some(RecState::Awaiting) => {}
        _ => {
            return Err(DomainError::Conflict(
                "Esta recorrência não aguarda autorização.".into(),
            ));
        }
    }
    let changed =
        pix_automatico::apply_recurrence(db, &basket, &buyer, RecurrenceAtPsp::Approved).await?;
    Ok(if changed {
        SandboxAuthorisation::Authorised
    } else {
        SandboxAuthorisation::AlreadyAuthorised
    })
}
