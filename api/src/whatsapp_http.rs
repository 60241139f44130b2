//! The WhatsApp Cloud API's webhook (`/webhooks/whatsapp`, decisions.md §38):
//!
//! - `GET` is Meta's subscription check: `hub.mode=subscribe`, `hub.verify_token` equal to
//!   `WHATSAPP_VERIFY_TOKEN` (compared in constant time) → the `hub.challenge` echoed; else 403.
//! - `POST` carries statuses and replies, signed `X-Hub-Signature-256: sha256=<hex>`, the
//!   HMAC-SHA256 of the raw body with `WHATSAPP_APP_SECRET`, checked in constant time before
//!   anything is read: a missing or bad signature is 401 and nothing is recorded; a malformed
//!   body is 400. What it says is applied by `crate::mail::whatsapp::inbound`.
//!
//! With the channel off (`WHATSAPP_*` unset) both answer 404.

use crate::{
    config::ExposeSecret, domain::error::ErrorCode, error::ApiError, mail::whatsapp::inbound,
    pix_http::webhook::same_secret, state::AppState,
};
use axum::{
    body::Bytes,
    extract::{Query, State},
    http::{HeaderMap, StatusCode},
    response::{IntoResponse, Response},
};
use hmac::{Hmac, Mac};
use serde::Deserialize;
use sha2::Sha256;

/// The webhook's path.
pub const PATH: &str = "/webhooks/whatsapp";

/// The subscription check's query.
#[derive(Debug, Deserialize)]
pub struct Verify {
    #[serde(rename = "hub.mode")]
    mode: Option<String>,
    #[serde(rename = "hub.verify_token")]
    token: Option<String>,
    #[serde(rename = "hub.challenge")]
    challenge: Option<String>,
}

fn off() -> Response {
    ApiError::NotFound(crate::messages::ENDERECO_NAO_ENCONTRADO.into()).into_response()
}

/// `GET`: Meta's subscription check.
pub async fn verify(State(state): State<AppState>, Query(q): Query<Verify>) -> Response {
    let Some(w) = &state.config.whatsapp else {
        return off();
    };
    let ok = q.mode.as_deref() == Some("subscribe")
        && q.token
            .as_deref()
            .is_some_and(|t| same_secret(t, w.verify_token.expose_secret()));
    match (ok, q.challenge) {
        (true, Some(challenge)) => challenge.into_response(),
        _ => (StatusCode::FORBIDDEN, "verify token inválido").into_response(),
    }
}

/// Whether `header` (`sha256=<hex>`) is the HMAC-SHA256 of `body` with `secret` (constant time).
pub fn signed(secret: &[u8], body: &[u8], header: Option<&str>) -> bool {
    let Some(sig) = header
        .and_then(|h| h.strip_prefix("sha256="))
        .and_then(|h| hex::decode(h.trim()).ok())
    else {
        return false;
    };
    let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(secret) else {
        return false;
    };
    mac.update(body);
    mac.verify_slice(&sig).is_ok()
}

/// `POST`: statuses and replies.
pub async fn receive(State(state): State<AppState>, headers: HeaderMap, body: Bytes) -> Response {
    let Some(w) = &state.config.whatsapp else {
        return off();
    };
    let header = headers
        .get("x-hub-signature-256")
        .and_then(|v| v.to_str().ok());
    if !signed(w.app_secret.expose_secret().as_bytes(), &body, header) {
        tracing::warn!(
            given = header.is_some(),
            "WhatsApp webhook refused: wrong or missing signature"
        );
        crate::metrics::whatsapp_status("-", "refused");
        return ApiError::Refused {
            status: StatusCode::UNAUTHORIZED,
            code: ErrorCode::NaoAutenticado,
            message: "assinatura X-Hub-Signature-256 ausente ou inválida".into(),
        }
        .into_response();
    }
    let notification: inbound::Notification = match serde_json::from_slice(&body) {
        Ok(n) => n,
        Err(e) => {
            return ApiError::bad_request(format!("notificação do WhatsApp inválida: {e}"))
                .into_response();
        }
    };
    match inbound::apply(&state.db, &notification).await {
        Ok(_) => StatusCode::OK.into_response(),
        Err(e) => ApiError::from(e).into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sign(secret: &[u8], body: &[u8]) -> String {
        let mut mac = Hmac::<Sha256>::new_from_slice(secret).unwrap();
        mac.update(body);
        format!("sha256={}", hex::encode(mac.finalize().into_bytes()))
    }

    #[test]
    fn only_the_app_secrets_signature_of_these_bytes_passes() {
        let body = br#"{"object":"whatsapp_business_account"}"#;
        let good = sign(b"segredo", body);
        assert!(signed(b"segredo", body, Some(&good)));
        assert!(!signed(b"outro", body, Some(&good)));
        assert!(!signed(b"segredo", b"{}", Some(&good)));
        assert!(!signed(b"segredo", body, None));
        assert!(!signed(
            b"segredo",
            body,
            Some(good.trim_start_matches("sha256="))
        ));
        assert!(!signed(b"segredo", body, Some("sha256=zz")));
    }
}
