//! Shared defences (the threat model is `docs/security.md`): the security headers on
//! every response ([`headers`]), rate limits per client address and per user ([`rate`]), the
//! bounds of every request body ([`bounds`]) and the client's address ([`client`]). Each is one
//! mechanism applied in one place: the headers router-wide in `startup/routes.rs`, the limits and
//! bounds by the RPC dispatcher and the streaming upload, keyed by the action table's `codigo`.
//! Each is built from its settings ([`crate::config::SecurityConfig`]), which import nothing of
//! these.

pub mod bounds;
pub mod client;
pub mod headers;
pub mod rate;

pub use crate::config::SecurityConfig;
use std::sync::Arc;

/// What the handlers and layers share: built once from the config.
pub struct Security {
    pub limits: rate::Limiters,
    pub headers: headers::Policy,
    pub trust_proxy: bool,
}

impl Security {
    /// `index_html`: the webapp's page, whose inline styles (the critical CSS of the first
    /// paint) the Content-Security-Policy allows by their hashes.
    pub fn new(config: &SecurityConfig, index_html: Option<&[u8]>) -> Arc<Self> {
        let styles = index_html
            .map(|html| headers::inline_style_hashes(&String::from_utf8_lossy(html)))
            .unwrap_or_default();
        Arc::new(Self {
            limits: rate::Limiters::new(&config.limits),
            headers: headers::Policy::new(config, &styles),
            trust_proxy: config.trust_proxy,
        })
    }
}
