//! The interface every Pix provider implements ([`PixProvider`]) and the facts it speaks in:
//! a charge to open ([`NewCharge`]), a charge as the PSP has it ([`ChargeAtPsp`]), a Pix received
//! ([`ReceivedPix`]), a refund ([`RefundRequest`], [`RefundAtPsp`]), and what can go wrong
//! ([`PixError`]: unavailable — worth retrying — or refused).
//!
//! Every call is made with no database transaction open (the domain calls the provider before
//! or after its transactions), and every call of a PSP's provider has a timeout.

use crate::config::PixProviderKind;
use futures::future::BoxFuture;
use std::time::Duration;
use wasm_core::money::Money;

/// A charge to open at the provider.
#[derive(Debug, Clone, Copy)]
pub struct NewCharge<'a> {
    /// 26–35 alphanumerics, ours ([`super::new_txid`]).
    pub txid: &'a str,
    pub amount: Money,
    pub expires_in: Duration,
    /// Shown to the payer by their bank (at most 140 characters).
    pub description: &'a str,
}

/// What the provider answers for a new charge.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenCharge {
    /// The BR Code "copia e cola"; its QR image is drawn locally ([`super::qr::data_url`]).
    pub copia_e_cola: String,
}

/// A charge's status at the PSP (`GET /cob/{txid}`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChargeAtPsp {
    /// `ATIVA`: not paid (it may have expired: the status does not say).
    Active,
    /// `CONCLUIDA`, with the Pix that paid it.
    Paid(Vec<ReceivedPix>),
    /// `REMOVIDA_PELO_USUARIO_RECEBEDOR` or `REMOVIDA_PELO_PSP`.
    Removed,
}

/// A refund as the PSP has it (`devolucoes[]`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefundAtPsp {
    /// Our id.
    pub id: String,
    pub state: RefundState,
    /// The PSP's return id (`rtrId`).
    pub rtr_id: Option<String>,
}

/// A refund's status at the PSP.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RefundState {
    /// `EM_PROCESSAMENTO`.
    Processing,
    /// `DEVOLVIDO`.
    Done,
    /// `NAO_REALIZADO`, with the PSP's reason.
    NotDone(String),
}

/// One Pix received by the platform's account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReceivedPix {
    pub end_to_end_id: String,
    /// The charge it paid (absent for a Pix sent to the key without one).
    pub txid: Option<String>,
    pub amount: Money,
    pub chave: Option<String>,
    /// When it was paid (RFC 3339, as the PSP wrote it).
    pub horario: String,
    pub info_pagador: Option<String>,
    /// Its refunds, when the PSP lists them.
    pub refunds: Vec<RefundAtPsp>,
}

/// A refund to ask for: `amount` of the Pix `end_to_end_id`, under our `id`.
#[derive(Debug, Clone, Copy)]
pub struct RefundRequest<'a> {
    pub end_to_end_id: &'a str,
    /// Ours (1–35 alphanumerics): asking again with it never refunds twice.
    pub id: &'a str,
    pub amount: Money,
    /// Shown to the payer (at most 140 characters).
    pub description: &'a str,
}

/// A provider call that did not succeed.
#[derive(Debug, thiserror::Error)]
pub enum PixError {
    /// The PSP could not be reached, timed out or answered 5xx (or 429): try again later.
    #[error("PSP unavailable: {0}")]
    Unavailable(String),
    /// The PSP refused the request (4xx): trying again as is will not help.
    #[error("PSP refused the request ({status}): {detail}")]
    Refused { status: u16, detail: String },
    /// The PSP answered something we cannot read.
    #[error("unexpected PSP answer: {0}")]
    Unexpected(String),
}

impl PixError {
    /// Worth trying again as is.
    pub const fn is_transient(&self) -> bool {
        matches!(self, Self::Unavailable(_))
    }

    /// The PSP has no such thing (404).
    pub const fn is_not_found(&self) -> bool {
        matches!(self, Self::Refused { status: 404, .. })
    }
}

/// The result of a provider call.
pub type PixResult<T> = Result<T, PixError>;

/// A Pix provider: opens charges, reports them, lists the Pix received, refunds, and registers
/// where it notifies payments. Payments reach the domain through
/// [`crate::domain::payments`] (webhook, reconciliation, status queries, sandbox).
pub trait PixProvider: Send + Sync {
    fn kind(&self) -> PixProviderKind;

    /// How long after the PSP stops accepting a charge's payment the domain waits before
    /// expiring it (so a payment in flight is applied, not refunded).
    fn expiry_grace(&self) -> Duration {
        Duration::ZERO
    }

    /// Opens a charge of `charge.amount` that can be paid for `charge.expires_in`.
    fn open_charge<'a>(&'a self, charge: NewCharge<'a>) -> BoxFuture<'a, PixResult<OpenCharge>>;

    /// Makes an unpaid charge unpayable (its order was cancelled or never stored).
    fn remove_charge<'a>(&'a self, txid: &'a str) -> BoxFuture<'a, PixResult<()>>;

    /// The charge as the PSP has it; `None` for a provider that keeps no state (the sandbox:
    /// the database is the truth).
    fn charge<'a>(&'a self, txid: &'a str) -> BoxFuture<'a, PixResult<Option<ChargeAtPsp>>>;

    /// Asks for a refund (idempotent on `refund.id`); answers its status.
    fn refund<'a>(&'a self, refund: RefundRequest<'a>) -> BoxFuture<'a, PixResult<RefundAtPsp>>;

    /// A refund's status.
    fn refund_status<'a>(
        &'a self,
        end_to_end_id: &'a str,
        id: &'a str,
    ) -> BoxFuture<'a, PixResult<RefundAtPsp>>;

    /// The Pix `end_to_end_id` as the PSP has it (`GET /pix/{e2eid}`): how a webhook's
    /// notification is confirmed. `None` when the PSP has no such Pix, and always for a
    /// provider that keeps no state (the sandbox notifies nothing).
    fn pix<'a>(&'a self, end_to_end_id: &'a str) -> BoxFuture<'a, PixResult<Option<ReceivedPix>>>;

    /// The Pix received between `from` and `to` (milliseconds since the epoch), oldest first.
    fn received<'a>(
        &'a self,
        from_ms: i64,
        to_ms: i64,
    ) -> BoxFuture<'a, PixResult<Vec<ReceivedPix>>>;

    /// Registers `url` as where the PSP notifies the Pix received on the platform's key: with
    /// `hmac`, the secret goes in the URL's query and the PSP is told not to require mutual TLS
    /// (the receiver checks the secret instead); without it, the PSP calls over mutual TLS.
    fn register_webhook<'a>(
        &'a self,
        url: &'a str,
        hmac: Option<&'a str>,
    ) -> BoxFuture<'a, PixResult<()>>;

    /// Its Pix Automático, when it offers it (a PSP's API Pix does; the sandbox does not).
    fn recurring(&self) -> Option<&dyn super::recurring::RecurringPix> {
        None
    }
}
