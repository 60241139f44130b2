//! Shared defences (the threat model is `docs/security.md`): the security headers on
//! every response ([`headers`]), rate limits per client address and per user ([`rate`]), the
//! bounds of every request body ([`bounds`]) and the client's address ([`client`]). Each is one
//! mechanism applied in one place: the headers router-wide in `startup.rs`, the limits and bounds
//! by the RPC dispatcher and the streaming upload, keyed by the action table's `codigo`.

pub mod bounds;
pub mod client;
pub mod headers;
pub mod rate;

use anyhow::Context;
use std::sync::Arc;

/// The security settings (every variable documented in `.env.example`).
#[derive(Debug, Clone)]
pub struct SecurityConfig {
    /// `RATE_LIMIT_*`: the limits of each class of action.
    pub limits: rate::LimitsConfig,
    /// `TRUST_PROXY`: the API runs behind a reverse proxy that appends the client's address to
    /// `X-Forwarded-For` and sets `X-Forwarded-Proto` (docs/deploy.md). Never set it when
    /// clients reach the API directly: they could then choose their own address.
    pub trust_proxy: bool,
    /// `HSTS`: send `Strict-Transport-Security` on every response (TLS terminated in front of
    /// the API without `X-Forwarded-Proto`); otherwise it is sent when the request came over
    /// HTTPS as the trusted proxy says.
    pub hsts_always: bool,
    /// Origins besides our own the webapp may connect to (`CSP_CONNECT_EXTRA`, space-separated).
    pub connect_extra: Vec<String>,
    /// `MAX_OPEN_ORDERS`: the most unpaid open orders one buyer may hold at one store
    /// (`domain::orders::open`); `off` is no bound.
    pub max_open_orders: Option<u32>,
}

impl SecurityConfig {
    /// Reads the settings through `var` (blank values are unset).
    pub fn from_lookup(var: &dyn Fn(&str) -> Option<String>) -> anyhow::Result<Self> {
        let flag =
            |k: &str| var(k).is_some_and(|v| matches!(v.trim(), "1" | "true" | "yes" | "on"));
        Ok(Self {
            limits: rate::LimitsConfig::from_lookup(var).context("rate limits")?,
            trust_proxy: flag("TRUST_PROXY"),
            hsts_always: flag("HSTS"),
            connect_extra: var("CSP_CONNECT_EXTRA")
                .map(|v| v.split_whitespace().map(str::to_owned).collect())
                .unwrap_or_default(),
            max_open_orders: match var("MAX_OPEN_ORDERS").as_deref().map(str::trim) {
                None => Some(crate::domain::orders::open::DEFAULT_MAX_OPEN_ORDERS),
                Some("off" | "0") => None,
                Some(n) => Some(
                    n.parse()
                        .context("MAX_OPEN_ORDERS must be a number or off")?,
                ),
            },
        })
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;

    fn config(pairs: &[(&str, &str)]) -> anyhow::Result<SecurityConfig> {
        let pairs: Vec<(String, String)> = pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        SecurityConfig::from_lookup(&|k| pairs.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone()))
    }

    #[test]
    fn settings_default_to_production_values_and_parse_their_variables() {
        let c = config(&[]).unwrap();
        assert_eq!(
            c.max_open_orders,
            Some(crate::domain::orders::open::DEFAULT_MAX_OPEN_ORDERS)
        );
        assert!(!c.trust_proxy && !c.hsts_always && c.connect_extra.is_empty());
        assert!(c.limits.quotas.iter().all(|(_, q)| q.ip.is_some()));
        let c = config(&[
            ("MAX_OPEN_ORDERS", "off"),
            ("TRUST_PROXY", "true"),
            ("CSP_CONNECT_EXTRA", "https://a.example  https://b.example"),
            ("RATE_LIMIT_COUPON", "off"),
        ])
        .unwrap();
        assert_eq!(c.max_open_orders, None);
        assert!(c.trust_proxy);
        assert_eq!(c.connect_extra.len(), 2);
        assert!(
            c.limits
                .quotas
                .iter()
                .any(|(k, q)| *k == rate::Class::Coupon && q.ip.is_none() && q.user.is_none())
        );
        assert_eq!(
            config(&[("MAX_OPEN_ORDERS", "3")]).unwrap().max_open_orders,
            Some(3)
        );
        assert!(config(&[("MAX_OPEN_ORDERS", "muitos")]).is_err());
        assert!(config(&[("RATE_LIMIT_ORDER", "ip=10/week")]).is_err());
    }
}
