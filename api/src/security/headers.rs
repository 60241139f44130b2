//! The security headers of every response (decisions.md §25), applied router-wide so routes
//! added later (webhooks, OpenAPI, the PWA's files) get them too:
//!
//! - `Content-Security-Policy`: scripts only from our origin (no inline script, no `eval`;
//!   `'wasm-unsafe-eval'` lets the pages compile their WebAssembly), styles from our origin and
//!   the page's own inline critical CSS by its SHA-256 ([`inline_style_hashes`]; no other
//!   inline style),
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

use super::{Security, SecurityConfig};
use axum::{
    extract::{Request, State},
    http::{HeaderName, HeaderValue, header},
    middleware::Next,
    response::Response,
};
use std::sync::Arc;

/// The headers, built once.
pub struct Policy {
    fixed: Vec<(HeaderName, HeaderValue)>,
    hsts_always: bool,
    trust_proxy: bool,
}

/// `Strict-Transport-Security`: a year, subdomains included.
const HSTS: &str = "max-age=31536000; includeSubDomains";

impl Policy {
    /// `styles`: the hashes of the inline styles to allow (`'sha256-…'`).
    pub fn new(config: &SecurityConfig, styles: &[String]) -> Self {
        let fixed = [
            (
                "content-security-policy",
                csp(&config.connect_extra, styles),
            ),
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

/// The CSP sources (`'sha256-…'`) of the inline `<style>` blocks of `html`.
pub fn inline_style_hashes(html: &str) -> Vec<String> {
    use base64::{Engine, engine::general_purpose::STANDARD};
    use sha2::{Digest, Sha256};
    let mut out = Vec::new();
    let mut rest = html;
    while let Some(open) = rest.find("<style") {
        let Some(start) = rest[open..].find('>').map(|i| open + i + 1) else {
            break;
        };
        let Some(len) = rest[start..].find("</style>") else {
            break;
        };
        let hash = STANDARD.encode(Sha256::digest(&rest.as_bytes()[start..start + len]));
        out.push(format!("'sha256-{hash}'"));
        rest = &rest[start + len..];
    }
    out
}

/// The Content-Security-Policy.
pub fn csp(connect_extra: &[String], styles: &[String]) -> String {
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
    let mut style = String::from("'self'");
    for hash in styles.iter().filter(|h| {
        h.starts_with("'sha256-")
            && h.ends_with('\'')
            && h[8..h.len() - 1]
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "+/=".contains(c))
    }) {
        style.push(' ');
        style.push_str(hash);
    }
    format!(
        "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src {style}; \
         img-src 'self' data: blob:; font-src 'self'; connect-src {connect}; \
         worker-src 'self'; manifest-src 'self'; media-src 'self'; object-src 'none'; \
         frame-src 'none'; child-src 'none'; base-uri 'none'; form-action 'self'; \
         frame-ancestors 'none'"
    )
}

/// The middleware (its state: the app's defences, `crate::state` gives them by `FromRef`).
pub async fn apply(State(security): State<Arc<Security>>, req: Request, next: Next) -> Response {
    let policy = &security.headers;
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
        let p = csp(
            &["http://127.0.0.1:1984".into(), "x'; script-src *".into()],
            &[],
        );
        assert!(p.contains("connect-src 'self' http://127.0.0.1:1984;"));
        assert!(!p.contains("script-src *"));
        assert!(p.contains("script-src 'self' 'wasm-unsafe-eval';"));
        assert!(!p.contains("unsafe-inline"));
        assert!(p.contains("frame-ancestors 'none'"));
        assert!(p.contains("style-src 'self';"));
    }

    #[test]
    fn the_pages_inline_styles_are_allowed_by_their_hashes_only() {
        let html = "<html><head><style>.a{color:red}</style></head><body>\
                    <style media=\"print\">b{}</style></body></html>";
        let hashes = inline_style_hashes(html);
        // echo -n '.a{color:red}' | openssl dgst -sha256 -binary | base64
        assert_eq!(hashes.len(), 2);
        assert_eq!(
            hashes[0],
            "'sha256-AYkV/wUaXEz1i9pndN1veIXFHZVFTj4Ojce2rMK7bSc='"
        );
        let p = csp(&[], &hashes);
        assert!(p.contains(&format!("style-src 'self' {} {};", hashes[0], hashes[1])));
        assert!(!p.contains("unsafe-inline"));
        // Anything that is not a hash is dropped.
        let p = csp(&[], &["'unsafe-inline'".into()]);
        assert!(p.contains("style-src 'self';"));
    }
}
