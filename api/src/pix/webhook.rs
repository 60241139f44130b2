//! The PSP's notifications of received Pix (decisions.md §21): `POST /webhooks/pix`, and
//! `POST /webhooks/pix/pix` (the standard's callback, and Efí, append `/pix` to the registered
//! URL). Authenticated either by mutual TLS — the API's own TLS listener for these routes, which
//! requires a client certificate signed by the PSP's CA ([`super::webhook_tls`]) — or, behind a
//! proxy that cannot ask for client certificates, on the main listener by the secret `hmac`
//! query value (`PIX_WEBHOOK_HMAC`), compared in constant time. On the main listener without
//! `PIX_WEBHOOK_HMAC` the routes answer 404.
//!
//! A notification is recorded (every Pix in it, once per end-to-end id, in one transaction)
//! before it is acknowledged, and applied right after in the background: the PSP gets its 2xx
//! quickly and an acknowledged notification survives a crash (the inbox job applies it). A body
//! that cannot be read is answered 400 and nothing is recorded (the PSP tries again).

use super::{api_pix::wire::Notification, inbox};
use crate::{domain::codes::PixOrigin, state::AppState};
use axum::{
    Json,
    body::Bytes,
    extract::{Query, State},
    http::StatusCode,
    response::{IntoResponse, Response},
};
use serde::Deserialize;
use serde_json::json;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// The routes (both are the same endpoint).
pub const PATHS: [&str; 2] = ["/webhooks/pix", "/webhooks/pix/pix"];

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

fn refuse(status: StatusCode, why: &str) -> Response {
    (status, Json(json!({ "error": why }))).into_response()
}

/// On the main listener: the `hmac` query value must be `PIX_WEBHOOK_HMAC`.
pub async fn with_hmac(
    State(state): State<AppState>,
    Query(q): Query<Secret>,
    body: Bytes,
) -> Response {
    let Some(secret) = state.config.pix.webhook.hmac.as_deref() else {
        return refuse(
            StatusCode::NOT_FOUND,
            crate::messages::ENDERECO_NAO_ENCONTRADO,
        );
    };
    if !q.hmac.as_deref().is_some_and(|h| same_secret(h, secret)) {
        tracing::warn!(
            given = q.hmac.is_some(),
            "pix webhook refused: wrong or missing hmac"
        );
        crate::metrics::pix_webhook("refused");
        return refuse(StatusCode::UNAUTHORIZED, "hmac ausente ou inválido");
    }
    receive(&state, &body).await
}

/// On the mutual-TLS listener: the handshake already checked the PSP's certificate.
pub async fn over_mtls(State(state): State<AppState>, body: Bytes) -> Response {
    receive(&state, &body).await
}

async fn receive(state: &AppState, body: &[u8]) -> Response {
    let notification: Notification = match serde_json::from_slice(body) {
        Ok(n) => n,
        Err(e) => {
            tracing::error!(error = %e, "pix webhook: unreadable body");
            crate::metrics::pix_webhook("invalid");
            return refuse(StatusCode::BAD_REQUEST, "corpo inválido");
        }
    };
    let mut pix = Vec::with_capacity(notification.pix.len());
    for p in &notification.pix {
        match p.to_received() {
            Ok(r) => pix.push(r),
            Err(e) => {
                tracing::error!(error = %e, "pix webhook: unreadable Pix");
                crate::metrics::pix_webhook("invalid");
                return refuse(StatusCode::BAD_REQUEST, "pix inválido");
            }
        }
    }
    // Recorded before it is acknowledged.
    if let Err(e) = crate::domain::payments::receive(&state.db, &pix, PixOrigin::Webhook).await {
        tracing::error!(error = ?e, "pix webhook: recording failed (the PSP will retry)");
        return refuse(StatusCode::SERVICE_UNAVAILABLE, "tente novamente");
    }
    crate::metrics::pix_webhook("accepted");
    if !pix.is_empty() {
        let (db, hub) = (state.db.clone(), state.events.clone());
        tokio::spawn(async move {
            if let Err(e) = inbox::drain(&db, &hub).await {
                tracing::error!(error = ?e, "applying received Pix (the inbox job retries)");
            }
        });
    }
    StatusCode::OK.into_response()
}

/// Registers `PIX_WEBHOOK_URL` at the PSP (`PUT /webhook/{chave}`) in the background, once the
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
        let hmac = config.pix.webhook.hmac.as_deref();
        let mut pause = std::time::Duration::from_secs(5);
        loop {
            match pix.register_webhook(&url, hmac).await {
                Ok(()) => return,
                Err(e) => {
                    tracing::error!(error = %e, url, "registering the pix webhook; trying again")
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
    fn secrets_compare_whole() {
        assert!(same_secret("a1b2c3d4e5f6g7h8", "a1b2c3d4e5f6g7h8"));
        assert!(!same_secret("a1b2c3d4e5f6g7h", "a1b2c3d4e5f6g7h8"));
        assert!(!same_secret("", "a1b2c3d4e5f6g7h8"));
        assert!(!same_secret("A1b2c3d4e5f6g7h8", "a1b2c3d4e5f6g7h8"));
    }
}
