//! The endpoints an operator and a load balancer use:
//!
//! - `GET /healthz`: the process is alive and serving (no database call; restart it if not).
//! - `GET /readyz`: the database answers within two seconds and every migration this binary
//!   knows is applied — 200 `{"status":"ok"}`, else 503 with what is wrong (take the instance
//!   out of the pool).
//! - `GET /metrics`: see [`crate::metrics`]; 404 unless `METRICS_TOKEN` is set (and sent as a
//!   bearer token); also served without a token by the `METRICS_ADDR` listener ([`router`]).

use crate::{config::ExposeSecret, db, mail::outbox, metrics, state::AppState};
use axum::{
    Json, Router,
    extract::State,
    http::{HeaderMap, StatusCode, header},
    response::{IntoResponse, Response},
    routing::get,
};
use serde::Serialize;
use std::time::Duration;
use utoipa::ToSchema;

/// How long `/readyz` waits for the database.
const READY_TIMEOUT: Duration = Duration::from_secs(2);

/// `GET /healthz`'s and `GET /readyz`'s answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct Health {
    /// `ok`, or `unavailable` (`/readyz`'s 503).
    #[schema(value_type = String, examples("ok"))]
    pub status: &'static str,
    /// What is wrong (`/readyz`'s 503 only).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub reason: Option<String>,
}

impl Health {
    const OK: Self = Self {
        status: "ok",
        reason: None,
    };
}

/// `GET /healthz`.
pub async fn healthz() -> Json<Health> {
    Json(Health::OK)
}

/// `GET /readyz`.
pub async fn readyz(State(state): State<AppState>) -> Response {
    let check = tokio::time::timeout(READY_TIMEOUT, db::migrations_applied(&state.db)).await;
    let problem = match check {
        Ok(Ok(true)) => return Json(Health::OK).into_response(),
        Ok(Ok(false)) => "migrations not applied",
        Ok(Err(e)) => {
            tracing::warn!(error = %e, "readyz: database unavailable");
            "database unavailable"
        }
        Err(_) => "database timed out",
    };
    (
        StatusCode::SERVICE_UNAVAILABLE,
        Json(Health {
            status: "unavailable",
            reason: Some(problem.to_owned()),
        }),
    )
        .into_response()
}

/// `GET /metrics` on the main port: only with `Authorization: Bearer $METRICS_TOKEN`.
pub async fn metrics_guarded(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let Some(expected) = state
        .config
        .ops
        .metrics_token
        .as_ref()
        .map(ExposeSecret::expose_secret)
    else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let sent = headers
        .get(header::AUTHORIZATION)
        .and_then(|h| h.to_str().ok())
        .and_then(|h| h.strip_prefix("Bearer "))
        .map(str::trim);
    if !sent.is_some_and(|s| constant_time_eq(s.as_bytes(), expected.as_bytes())) {
        return (
            StatusCode::UNAUTHORIZED,
            [(header::WWW_AUTHENTICATE, "Bearer")],
        )
            .into_response();
    }
    metrics_text(&state).await
}

/// `GET /metrics` on the private listener.
async fn metrics_open(State(state): State<AppState>) -> Response {
    metrics_text(&state).await
}

async fn metrics_text(state: &AppState) -> Response {
    let depths = async {
        Ok::<_, anyhow::Error>(metrics::Depths {
            outbox: outbox::depth(&state.db, outbox::Outbox::Email).await?,
            whatsapp: outbox::depth(&state.db, outbox::Outbox::WhatsApp).await?,
        })
    }
    .await;
    match depths.and_then(|d| metrics::render(&state.db, d)) {
        Ok(text) => (
            [
                (
                    header::CONTENT_TYPE,
                    "application/openmetrics-text; version=1.0.0; charset=utf-8",
                ),
                (header::CACHE_CONTROL, "no-store"),
            ],
            text,
        )
            .into_response(),
        Err(e) => {
            tracing::error!(error = ?e, "rendering metrics");
            StatusCode::INTERNAL_SERVER_ERROR.into_response()
        }
    }
}

/// The `METRICS_ADDR` listener's routes: `/metrics` (open) and `/healthz`, `/readyz`.
pub fn router(state: AppState) -> Router {
    Router::new()
        .route("/metrics", get(metrics_open))
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .with_state(state)
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    #[test]
    fn tokens_compare_whole() {
        assert!(super::constant_time_eq(b"abc", b"abc"));
        assert!(!super::constant_time_eq(b"abc", b"abd"));
        assert!(!super::constant_time_eq(b"abc", b"abcd"));
    }
}
