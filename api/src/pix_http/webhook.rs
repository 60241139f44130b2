//! The PSP's notifications of received Pix (decisions.md §21): `POST /webhooks/pix`, and
//! `POST /webhooks/pix/pix` (the standard's callback, and Efí, append `/pix` to the registered
//! URL). Authenticated either by mutual TLS — the API's own TLS listener for these routes, which
//! requires a client certificate signed by the PSP's CA ([`super::webhook_tls`]), the
//! recommended mode — or, behind a proxy that cannot ask for client certificates, on the main
//! listener by the secret `hmac` query value (`PIX_WEBHOOK_HMAC`), compared in constant time.
//! That secret is a credential: it travels in the URL, so request logs write the path only
//! (never the query). On the main listener without `PIX_WEBHOOK_HMAC` the routes answer 404.
//!
//! A notification is a hint, the PSP is the truth. Each Pix it names is recorded in
//! `pix_notifications` and acknowledged at once; then, in the background, it is confirmed at
//! the PSP (`GET /pix/{e2eid}`) and only the PSP's answer, for our Pix key, goes on to
//! `pix_received` to be applied ([`crate::domain::payments`]: our txid, the charged amount,
//! once per end-to-end id). A Pix the PSP does not have, or has for another key, is recorded
//! ('nao_confirmado', 'outra_chave') and never applied. A PSP that cannot answer leaves the
//! notification 'pendente': the reconciliation (`GET /pix`) finds the real payment anyway. A
//! body that cannot be read is answered 400 and nothing is recorded (the PSP tries again).

use crate::{
    config::ExposeSecret,
    db::{new_id, now_ms},
    domain::{codes::PixOrigin, error::ErrorCode, inbox},
    error::ApiError,
    pix::{ReceivedPix, api_pix::wire::Notification},
    state::AppState,
};
use axum::{
    body::Bytes,
    extract::{Query, State},
    http::StatusCode,
    response::{IntoResponse, Response},
};
use serde::Deserialize;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// The routes (all are the same endpoint; `rec` and `cobr` are Pix Automático's callbacks,
/// [`super::webhook_rec`]).
pub const PATHS: [&str; 4] = [
    "/webhooks/pix",
    "/webhooks/pix/pix",
    "/webhooks/pix/rec",
    "/webhooks/pix/cobr",
];

/// The query of a notification in the hmac mode.
#[derive(Debug, Deserialize)]
pub struct Secret {
    #[serde(default)]
    hmac: Option<String>,
}

/// Whether `given` is `secret`, in constant time (both are hashed first, so not even the
/// length leaks).
pub fn same_secret(given: &str, secret: &str) -> bool {
    let a = Sha256::digest(given.as_bytes());
    let b = Sha256::digest(secret.as_bytes());
    a.ct_eq(&b).into()
}

/// On the main listener: the `hmac` query value must be `PIX_WEBHOOK_HMAC`.
pub async fn with_hmac(
    State(state): State<AppState>,
    Query(q): Query<Secret>,
    body: Bytes,
) -> Response {
    let Some(secret) = state
        .config
        .pix
        .webhook
        .hmac
        .as_ref()
        .map(ExposeSecret::expose_secret)
    else {
        return ApiError::NotFound(crate::messages::ENDERECO_NAO_ENCONTRADO.into()).into_response();
    };
    if !q.hmac.as_deref().is_some_and(|h| same_secret(h, secret)) {
        tracing::warn!(
            given = q.hmac.is_some(),
            "pix webhook refused: wrong or missing hmac"
        );
        crate::metrics::pix_webhook("refused");
        return ApiError::Refused {
            status: StatusCode::UNAUTHORIZED,
            code: ErrorCode::NaoAutenticado,
            message: "hmac ausente ou inválido".into(),
        }
        .into_response();
    }
    receive(&state, &body).await
}

/// On the mutual-TLS listener: the handshake already checked the PSP's certificate.
pub async fn over_mtls(State(state): State<AppState>, body: Bytes) -> Response {
    receive(&state, &body).await
}

/// Most Pix one notification may name (the PSPs send a few at a time).
pub const MAX_PIX_PER_NOTIFICATION: usize = 100;

/// What the PSP said of a notified Pix (`pix_notifications.resultado`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Confirmation {
    /// Not asked yet, or the PSP could not answer (the reconciliation covers it).
    Pending,
    /// The PSP has it, for our key: its answer was recorded to be applied.
    Confirmed,
    /// The PSP has no such Pix.
    NotConfirmed,
    /// The PSP has it for another Pix key.
    OtherKey,
}

impl Confirmation {
    pub const fn as_db(self) -> &'static str {
        match self {
            Self::Pending => "pendente",
            Self::Confirmed => "confirmado",
            Self::NotConfirmed => "nao_confirmado",
            Self::OtherKey => "outra_chave",
        }
    }
}

async fn receive(state: &AppState, body: &[u8]) -> Response {
    if let Ok(value) = serde_json::from_slice::<serde_json::Value>(body)
        && super::webhook_rec::is_recurring(&value)
    {
        return super::webhook_rec::receive(state, &value);
    }
    let notification: Notification = match serde_json::from_slice(body) {
        Ok(n) => n,
        Err(e) => {
            tracing::error!(error = %e, "pix webhook: unreadable body");
            crate::metrics::pix_webhook("invalid");
            return ApiError::bad_request("corpo inválido").into_response();
        }
    };
    if notification.pix.len() > MAX_PIX_PER_NOTIFICATION {
        crate::metrics::pix_webhook("invalid");
        return ApiError::bad_request("pix demais numa notificação").into_response();
    }
    let mut pix = Vec::with_capacity(notification.pix.len());
    for p in &notification.pix {
        match p.to_received() {
            Ok(r) => pix.push(r),
            Err(e) => {
                tracing::error!(error = %e, "pix webhook: unreadable Pix");
                crate::metrics::pix_webhook("invalid");
                return ApiError::bad_request("pix inválido").into_response();
            }
        }
    }
    // Recorded before it is acknowledged.
    let ids = match record(state, &pix).await {
        Ok(ids) => ids,
        Err(e) => {
            tracing::error!(error = ?e, "pix webhook: recording failed (the PSP will retry)");
            return ApiError::Unavailable("tente novamente".into()).into_response();
        }
    };
    crate::metrics::pix_webhook("accepted");
    if !pix.is_empty() {
        let state = state.clone();
        tokio::spawn(async move {
            if let Err(e) = confirm_all(&state, &pix, &ids).await {
                tracing::error!(error = ?e, "confirming notified Pix (the reconciliation covers it)");
            }
        });
    }
    StatusCode::OK.into_response()
}

/// Records each notified Pix as told, 'pendente'; returns their row ids.
async fn record(state: &AppState, pix: &[ReceivedPix]) -> sqlx::Result<Vec<String>> {
    let mut ids = Vec::with_capacity(pix.len());
    if pix.is_empty() {
        return Ok(ids);
    }
    let now = now_ms();
    let mut tx = crate::db::begin_write(&state.db).await?;
    for p in pix {
        let id = new_id();
        sqlx::query(
            "INSERT INTO pix_notifications (id, end_to_end_id, txid, valor_centavos, chave, \
             resultado, recebido_em) VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(&id)
        .bind(&p.end_to_end_id)
        .bind(p.txid.as_deref())
        .bind(p.amount.centavos())
        .bind(p.chave.as_deref())
        .bind(Confirmation::Pending.as_db())
        .bind(now)
        .execute(&mut *tx)
        .await?;
        ids.push(id);
    }
    tx.commit().await?;
    Ok(ids)
}

/// Whether `e2e` has the shape of an end-to-end id (32 letters and digits): anything else is
/// not asked about.
fn plausible_end_to_end_id(e2e: &str) -> bool {
    e2e.len() == 32 && e2e.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// Confirms each notified Pix at the PSP and applies what the PSP confirms for our key.
async fn confirm_all(
    state: &AppState,
    notified: &[ReceivedPix],
    ids: &[String],
) -> crate::error::ApiResult<()> {
    let mut confirmed = Vec::new();
    for (told, id) in notified.iter().zip(ids) {
        let (outcome, why) = confirm(state, told, &mut confirmed).await?;
        sqlx::query("UPDATE pix_notifications SET resultado = $1, motivo = $2 WHERE id = $3")
            .bind(outcome.as_db())
            .bind(why.as_deref())
            .bind(id)
            .execute(&state.db)
            .await?;
        if matches!(outcome, Confirmation::NotConfirmed | Confirmation::OtherKey) {
            crate::metrics::pix_webhook("unconfirmed");
            tracing::warn!(
                end_to_end_id = told.end_to_end_id,
                txid = told.txid.as_deref(),
                result = outcome.as_db(),
                reason = why.as_deref(),
                "pix webhook: a notified Pix the PSP does not confirm (recorded, not applied)"
            );
        }
    }
    if !confirmed.is_empty() {
        inbox::take(&state.db, &state.events, &confirmed, PixOrigin::Webhook).await?;
    }
    Ok(())
}

/// Asks the PSP about one notified Pix; a confirmed one (the PSP's own answer, refunds
/// included) is pushed to `confirmed`. A Pix already recorded (from the PSP: a webhook retried,
/// the reconciliation) is not asked about again, unless the notification tells of refunds:
/// their states, too, are taken from the PSP.
async fn confirm(
    state: &AppState,
    told: &ReceivedPix,
    confirmed: &mut Vec<ReceivedPix>,
) -> crate::error::ApiResult<(Confirmation, Option<String>)> {
    let e2e = told.end_to_end_id.as_str();
    if !plausible_end_to_end_id(e2e) {
        return Ok((
            Confirmation::NotConfirmed,
            Some("endToEndId fora do formato".into()),
        ));
    }
    let known: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM pix_received WHERE end_to_end_id = $1")
            .bind(e2e)
            .fetch_one(&state.db)
            .await?;
    if known > 0 && told.refunds.is_empty() {
        return Ok((Confirmation::Confirmed, Some("já recebido".into())));
    }
    let at_psp = match state.pix.pix(e2e).await {
        Ok(found) => found,
        Err(e) => {
            tracing::warn!(error = %e, end_to_end_id = e2e, "the PSP did not confirm a notified Pix now");
            return Ok((
                Confirmation::Pending,
                Some(format!("PSP indisponível: {e}")),
            ));
        }
    };
    let Some(real) = at_psp else {
        return Ok((
            Confirmation::NotConfirmed,
            Some("o PSP não tem este Pix".into()),
        ));
    };
    let ours = &state.config.pix.key;
    if real.chave.as_deref() != Some(ours.as_str()) {
        return Ok((
            Confirmation::OtherKey,
            Some(format!(
                "o PSP tem este Pix para a chave {}",
                real.chave.as_deref().unwrap_or("(nenhuma)")
            )),
        ));
    }
    let mut differs = Vec::new();
    if real.txid != told.txid {
        differs.push("txid");
    }
    if real.amount != told.amount {
        differs.push("valor");
    }
    if told.chave.as_deref().is_some_and(|c| c != ours) {
        differs.push("chave");
    }
    let why = (!differs.is_empty()).then(|| {
        format!(
            "a notificação diferia do PSP em {}: vale o PSP",
            differs.join(", ")
        )
    });
    confirmed.push(real);
    Ok((Confirmation::Confirmed, why))
}

/// Registers `PIX_WEBHOOK_URL` at the PSP (`PUT /webhook/{chave}`, and Pix Automático's
/// `PUT /webhookrec` and `PUT /webhookcobr` when the PSP offers it) in the background, once the
/// listeners are up (the PSP may probe the URL), trying again with a growing pause (5 s up to
/// 5 min) while the PSP cannot be reached, until it succeeds or the server stops.
pub fn register_at_start(state: &AppState) {
    let Some(url) = state.config.pix.webhook.url.clone() else {
        return;
    };
    let (pix, config, stop) = (
        state.pix.clone(),
        state.config.clone(),
        state.shutdown.clone(),
    );
    tokio::spawn(async move {
        let hmac = config
            .pix
            .webhook
            .hmac
            .as_ref()
            .map(ExposeSecret::expose_secret);
        let mut pause = std::time::Duration::from_secs(5);
        let mut pix_done = false;
        loop {
            if !pix_done {
                match pix.register_webhook(&url, hmac).await {
                    Ok(()) => pix_done = true,
                    Err(e) => {
                        tracing::error!(error = %e, url, "registering the pix webhook; trying again");
                    }
                }
            }
            if pix_done {
                let Some(rec) = pix.recurring() else { return };
                match rec.register_recurring_webhooks(&url, hmac).await {
                    Ok(()) => return,
                    // A PSP (or an application) without Pix Automático: the Pix webhook stands,
                    // and baskets by Pix Automático rely on the reconciliation.
                    Err(e) if !e.is_transient() => {
                        tracing::warn!(error = %e, url, "the PSP refused Pix Automático's webhooks");
                        return;
                    }
                    Err(e) => tracing::error!(
                        error = %e,
                        url,
                        "registering Pix Automático's webhooks; trying again"
                    ),
                }
            }
            tokio::select! {
                () = stop.cancelled() => return,
                () = tokio::time::sleep(pause) => {}
            }
            pause = (pause * 2).min(std::time::Duration::from_secs(300));
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_end_to_end_ids_of_the_right_shape_are_asked_about() {
        assert!(plausible_end_to_end_id("E12345678202611251200abcdefghijk"));
        assert!(!plausible_end_to_end_id("E12345678202611251200abcdefghij"));
        assert!(!plausible_end_to_end_id(
            "E12345678202611251200abcdefgh/../"
        ));
    }

    #[test]
    fn secrets_compare_whole() {
        assert!(same_secret("a1b2c3d4e5f6g7h8", "a1b2c3d4e5f6g7h8"));
        assert!(!same_secret("a1b2c3d4e5f6g7h", "a1b2c3d4e5f6g7h8"));
        assert!(!same_secret("", "a1b2c3d4e5f6g7h8"));
        assert!(!same_secret("A1b2c3d4e5f6g7h8", "a1b2c3d4e5f6g7h8"));
    }
}
