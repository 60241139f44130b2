//! The Pix adapter (decisions.md §9–§10, §20–§22), below the domain: the provider interface
//! ([`provider`]), the providers — the sandbox ([`sandbox`], demo and tests) and a PSP's
//! standard API Pix ([`api_pix`], real money) — the BR Code ([`brcode`]) and its QR image
//! ([`qr`]). It knows the PSP and nothing of ours above it: it imports only the configuration.
//!
//! The money's rules are the domain's ([`crate::domain::charges`], [`crate::domain::payments`],
//! [`crate::domain::refunds`], and how received Pix are taken in, [`crate::domain::inbox`] and
//! [`crate::domain::reconcile`]), which call this module; the HTTP edge where the PSP and the
//! demo reach us (the webhook, its mutual-TLS listener, the sandbox payment, the QR route) is
//! [`crate::pix_http`].

pub mod api_pix;
pub mod brcode;
pub mod provider;
pub mod qr;
pub mod recurring;
pub mod sandbox;

pub use provider::{
    ChargeAtPsp, NewCharge, OpenCharge, PixError, PixProvider, PixResult, ReceivedPix, RefundAtPsp,
    RefundRequest, RefundState,
};

use crate::config::{PixConfig, PixProviderKind};
use anyhow::Context;
use chrono::{SecondsFormat, TimeZone, Utc};
use rand::{Rng, distr::Alphanumeric};
use std::sync::Arc;

/// Length of the txids we make (within the 26–35 of decisions.md §10).
const TXID_CHARS: usize = 32;

/// The configured provider; fails at start when its settings cannot work (a BR Code the
/// sandbox cannot make, a certificate the PSP client cannot load).
pub fn from_config(config: &PixConfig) -> anyhow::Result<Arc<dyn PixProvider>> {
    match (config.provider, &config.api) {
        (PixProviderKind::Sandbox, _) => Ok(Arc::new(sandbox::SandboxProvider::new(config)?)),
        (PixProviderKind::ApiPix, Some(api)) => Ok(Arc::new(
            api_pix::ApiPixProvider::new(api, &config.key).context("PIX_PROVIDER=api-pix")?,
        )),
        (PixProviderKind::ApiPix, None) => {
            anyhow::bail!("PIX_PROVIDER=api-pix without its settings")
        }
    }
}

/// A fresh txid: 32 random letters and digits.
pub fn new_txid() -> String {
    rand::rng()
        .sample_iter(&Alphanumeric)
        .take(TXID_CHARS)
        .map(char::from)
        .collect()
}

/// `ms` as RFC 3339 (UTC, milliseconds), the API Pix's time format.
pub fn rfc3339(ms: i64) -> String {
    Utc.timestamp_millis_opt(ms)
        .single()
        .unwrap_or_default()
        .to_rfc3339_opts(SecondsFormat::Millis, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn txids_are_valid_and_distinct() {
        let t = new_txid();
        assert!(brcode::is_txid(&t), "{t}");
        assert_ne!(t, new_txid());
        assert_eq!(rfc3339(1_738_378_800_000), "2025-02-01T03:00:00.000Z");
    }
}
