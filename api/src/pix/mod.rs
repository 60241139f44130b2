//! Pix (decisions.md §9–§10) at the edge: the provider interface, the BR Code payload
//! ([`brcode`]), its QR image ([`qr`]) and the sandbox provider ([`sandbox`]) with its payment
//! endpoint. The charges' life in the database (created with an order, paid once, expired after
//! `PIX_EXPIRY_MINUTES`, refunded on cancellation) is the domain's:
//! [`crate::domain::charges`].
//!
//! Another provider (a PSP's API Pix: OAuth2 over mutual TLS, `PUT /v2/cob/:txid`, a webhook
//! that calls [`crate::domain::charges::confirm_payment`]) implements [`PixProvider`] and is
//! picked in [`from_config`].

pub mod brcode;
pub mod qr;
pub mod sandbox;

use crate::config::{PixConfig, PixProviderKind};
use futures::future::BoxFuture;
use rand::{Rng, distr::Alphanumeric};
use std::{sync::Arc, time::Duration};
use wasm_core::money::Money;

/// Length of the txids we make (within the 26–35 of decisions.md §10).
const TXID_CHARS: usize = 32;

/// A charge to open at the provider.
#[derive(Debug, Clone, Copy)]
pub struct NewCharge<'a> {
    /// 26–35 alphanumerics, ours ([`new_txid`]).
    pub txid: &'a str,
    pub amount: Money,
    pub expires_in: Duration,
}

/// What the provider answers for a new charge.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenCharge {
    /// The BR Code "copia e cola"; its QR image is drawn locally ([`qr::data_url`]).
    pub copia_e_cola: String,
}

/// A Pix provider: opens charges and refunds paid ones. Payments are confirmed by the provider
/// calling us (sandbox endpoint, webhook), which ends in
/// [`crate::domain::charges::confirm_payment`].
pub trait PixProvider: Send + Sync {
    fn kind(&self) -> PixProviderKind;

    /// Opens a charge of `charge.amount` that can be paid for `charge.expires_in`.
    fn open_charge<'a>(
        &'a self,
        charge: NewCharge<'a>,
    ) -> BoxFuture<'a, anyhow::Result<OpenCharge>>;

    /// Gives back a paid charge (a cancelled order, decisions.md §9).
    fn refund<'a>(&'a self, txid: &'a str, amount: Money) -> BoxFuture<'a, anyhow::Result<()>>;
}

/// The configured provider; fails at start when its settings cannot make a valid BR Code.
pub fn from_config(config: &PixConfig) -> anyhow::Result<Arc<dyn PixProvider>> {
    match config.provider {
        PixProviderKind::Sandbox => Ok(Arc::new(sandbox::SandboxProvider::new(config)?)),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn txids_are_valid_and_distinct() {
        let t = new_txid();
        assert!(brcode::is_txid(&t), "{t}");
        assert_ne!(t, new_txid());
    }
}
