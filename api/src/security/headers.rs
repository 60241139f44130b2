//! The security headers of every response (decisions.md §25), applied router-wide so routes
//! added later (webhooks, OpenAPI, the PWA's files) get them too:
//!
//! - `Content-Security-Policy`: scripts only from our origin (no inline script, no `eval`;
//!   `'wasm-unsafe-eval'` lets the pages compile their WebAssembly), styles from our origin,
//!   images from our origin, `data:` (QR codes) and `blob:` (photo previews), connections only to
//!   our origin (plus `CSP_CONNECT_EXTRA`), workers and the manifest from our origin, no plugins,
//!   no `<base>`, forms only to our origin, and no framing (`frame-ancestors 'none'`). The
//!   sign-in popup's callback page loads its script from `/auth/callback.js`. With this policy an
//!   injected `<script>` or `onerror=` does not run, which is why the session token may stay in
//!   `localStorage` (docs/security.md).
//! - `X-Content-Type-Options: nosniff`, `X-Frame-Options: DENY` (older browsers),
//!   `Referrer-Policy: strict-origin-when-cross-origin`, `Permissions-Policy` (no camera,
//!   microphone, geolocation, payment, USB; clipboard writes stay ours),
//!   `Cross-Origin-Resource-Policy: same-origin`.
//! - `Strict-Transport-Security` when the request came over HTTPS (the trusted proxy's
//!   `X-Forwarded-Proto`) or `HSTS` is set.
//!
//! A handler's own header of the same name wins (none sets one today).

use super::SecurityConfig;
use crate::state::AppState;
use axum::{
    extract::{Request, State},
    http::{HeaderName, HeaderValue, header},
    middleware::Next,
    response::Response,
};

/// The headers, built once.
pub struct Policy {
    fixed: Vec<(HeaderName, HeaderValue)>,
    hsts_always: bool,
    trust_proxy: bool,
}

/// `Strict-Transport-Security`: a year, subdomains included.
const HSTS: &str = "max-age=31536000; includeSubDomains";

impl Policy {
    pub fn new(config: &SecurityConfig) -> Self {
        let fixed = [
            ("content-security-policy", csp(&config.connect_extra)),
            ("x-content-type-options", "nosniff".into()),
            ("x-frame-options", "DENY".into()),
            ("referrer-policy", "strict-origin-when-cross-origin".into()),
            (
                "permissions-policy",
                "camera=(), microphone=(), geolocation=(), payment=(), usb=(), \
                 interest-cohort=()"
                    .into(),
            ),
            ("cross-origin-resource-policy", "same-origin".into()),
        ]
        .into_iter()
        .filter_map(|(k, v)| Some((HeaderName::from_static(k), HeaderValue::from_str(&v).ok()?)))
        .collect();
        Self {
            fixed,
            hsts_always: config.hsts_always,
            trust_proxy: config.trust_proxy,
        }
    }
}

/// The Content-Security-Policy.
pub fn csp(connect_extra: &[String]) -> String {
    let mut connect = String::from("'self'");
    for origin in connect_extra {
        if origin
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || ":/.-_[]".contains(c))
        {
            connect.push(' ');
            connect.push_str(origin);
        }
    }
    format!(
        "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; \
         img-src 'self' data: blob:; font-src 'self'; connect-src {connect}; \
         worker-src 'self'; manifest-src 'self'; media-src 'self'; object-src 'none'; \
         frame-src 'none'; child-src 'none'; base-uri 'none'; form-action 'self'; \
         frame-ancestors 'none'"
    )
}

/// The middleware.
pub async fn apply(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let policy = &state.security.headers;
    let https = policy.hsts_always
        || (policy.trust_proxy
            && req
                .headers()
                .get("x-forwarded-proto")
                .is_some_and(|p| p.as_bytes().eq_ignore_ascii_case(b"https")));
    let mut res = next.run(req).await;
    let h = res.headers_mut();
    for (name, value) in &policy.fixed {
        if !h.contains_key(name) {
            h.insert(name.clone(), value.clone());
        }
    }
    if https {
        h.insert(
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static(HSTS),
        );
    }
    res
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_policy_allows_only_our_origin_and_listed_ones() {
        let p = csp(&["http://127.0.0.1:1984".into(), "x'; script-src *".into()]);
        assert!(p.contains("connect-src 'self' http://127.0.0.1:1984;"));
        assert!(!p.contains("script-src *"));
        assert!(p.contains("script-src 'self' 'wasm-unsafe-eval';"));
        assert!(!p.contains("unsafe-inline"));
        assert!(p.contains("frame-ancestors 'none'"));
    }
}
