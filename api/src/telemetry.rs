//! Logs through `tracing`, filtered by `RUST_LOG` (default `info`): human-readable lines, or
//! one JSON object per line with `LOG_FORMAT=json`. Every request gets an id (the caller's
//! `x-request-id` when it sends a sane one, else a new random one), echoed in the response's
//! `x-request-id` and carried by every log line of that request; each request is logged once
//! when it is answered (method, path without the query, status, latency).

use crate::config::LogFormat;
use axum::http::{HeaderName, HeaderValue, Request};
use rand::RngCore;
use tower_http::request_id::{MakeRequestId, RequestId};
use tracing::Span;
use tracing_subscriber::{EnvFilter, fmt};

/// The request-id header.
pub static REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// For test binaries: text lines through the test harness's capture (shown for failing tests
/// only); later calls do nothing.
pub fn init_for_tests() {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let _ = fmt()
        .with_env_filter(filter)
        .with_target(false)
        .with_test_writer()
        .try_init();
}

/// Installs the global subscriber once, writing `format`; later calls do nothing.
pub fn init_with(format: LogFormat) {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let _ = match format {
        LogFormat::Text => fmt().with_env_filter(filter).with_target(false).try_init(),
        LogFormat::Json => fmt()
            .json()
            .flatten_event(true)
            .with_current_span(true)
            .with_span_list(false)
            .with_env_filter(filter)
            .with_target(false)
            .try_init(),
    };
}

/// Makes request ids: 16 random bytes in hex, unless the caller sent a sane one.
#[derive(Debug, Clone, Copy, Default)]
pub struct RequestIds;

impl MakeRequestId for RequestIds {
    fn make_request_id<B>(&mut self, _request: &Request<B>) -> Option<RequestId> {
        let mut raw = [0u8; 16];
        rand::rng().fill_bytes(&mut raw);
        HeaderValue::from_str(&hex::encode(raw))
            .ok()
            .map(RequestId::new)
    }
}

/// Whether a caller's request id is kept: short, and only letters, digits, `-`, `_`, `.`.
pub fn sane_request_id(v: &HeaderValue) -> bool {
    let b = v.as_bytes();
    !b.is_empty()
        && b.len() <= 64
        && b.iter()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_' | b'.'))
}

/// The span of one request: its id, method and path (never the query string).
pub fn request_span<B>(req: &Request<B>) -> Span {
    let id = req
        .headers()
        .get(&REQUEST_ID)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("-");
    tracing::info_span!(
        "request",
        request_id = %id,
        method = %req.method(),
        path = %req.uri().path(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_fresh_hex_and_only_sane_ones_are_kept() {
        let req = Request::new(());
        let a = RequestIds.make_request_id(&req).unwrap();
        let b = RequestIds.make_request_id(&req).unwrap();
        assert_eq!(a.header_value().len(), 32);
        assert_ne!(a.header_value(), b.header_value());
        assert!(sane_request_id(&HeaderValue::from_static("abc-123_x.y")));
        assert!(!sane_request_id(&HeaderValue::from_static("a b")));
        assert!(!sane_request_id(&HeaderValue::from_static("a\"b")));
        assert!(!sane_request_id(
            &HeaderValue::from_str(&"x".repeat(65)).unwrap()
        ));
    }
}
