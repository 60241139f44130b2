//! Pix Automático's notifications (`/webhookrec`, `/webhookcobr`): the PSP calls the same
//! endpoint as for Pix ([`super::webhook`], authenticated the same way), at
//! `{webhookUrl}/rec` with `{"recs": [...]}` and `{webhookUrl}/cobr` with `{"cobsr": [...]}`
//! (in the hmac mode the suffix lands in an ignored query value, so the body says which).
//!
//! A notification is a hint: only the ids are read, and each is confirmed at the PSP
//! (`GET /rec/{idRec}`, `GET /cobr/{txid}`) in the background before anything changes
//! ([`crate::domain::pix_automatico`]); an id that is not ours changes nothing. The
//! reconciliation asks about every open one anyway, so a lost notification costs only time.

use crate::{domain::codes::PixOrigin, domain::pix_automatico, error::ApiError, state::AppState};
use axum::{
    http::StatusCode,
    response::{IntoResponse, Response},
};
use serde_json::Value;

/// Most ids one notification may name.
const MAX_IDS: usize = 100;

/// Whether `body` is a Pix Automático notification.
pub fn is_recurring(body: &Value) -> bool {
    body.get("recs").is_some() || body.get("cobsr").is_some()
}

/// The ids a list names under `field` (letters and digits only, at most 35).
fn ids(body: &Value, list: &str, field: &str) -> Option<Vec<String>> {
    let items = match body.get(list) {
        None => return Some(Vec::new()),
        Some(v) => v.as_array()?,
    };
    if items.len() > MAX_IDS {
        return None;
    }
    items
        .iter()
        .map(|i| {
            i.get(field)
                .and_then(Value::as_str)
                .filter(|s| {
                    !s.is_empty() && s.len() <= 35 && s.bytes().all(|b| b.is_ascii_alphanumeric())
                })
                .map(str::to_owned)
        })
        .collect()
}

/// Takes a notification: 200 at once, then each id confirmed at the PSP and applied.
pub fn receive(state: &AppState, body: &Value) -> Response {
    let (Some(recs), Some(cobrs)) = (ids(body, "recs", "idRec"), ids(body, "cobsr", "txid")) else {
        crate::metrics::pix_webhook("invalid");
        return ApiError::bad_request("notificação inválida").into_response();
    };
    crate::metrics::pix_webhook("accepted");
    if recs.is_empty() && cobrs.is_empty() {
        return StatusCode::OK.into_response();
    }
    let state = state.clone();
    tokio::spawn(async move {
        if let Some(rec) = state.pix.recurring() {
            for id in &recs {
                if let Err(e) = pix_automatico::handle_recurrence(&state.db, rec, id).await {
                    tracing::error!(error = ?e, id, "a notified recurrence (the reconciliation covers it)");
                }
            }
        }
        for txid in &cobrs {
            let r = pix_automatico::handle_charge(
                &state.db,
                &state.events,
                state.pix.as_ref(),
                txid,
                PixOrigin::Webhook,
            )
            .await;
            if let Err(e) = r {
                tracing::error!(error = ?e, txid, "a notified recurring charge (the reconciliation covers it)");
            }
        }
    });
    StatusCode::OK.into_response()
}
