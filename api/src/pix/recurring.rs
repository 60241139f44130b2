//! Pix Automático at the provider (decisions.md §35; docs/pix.md): the interface a provider
//! that offers it implements ([`RecurringPix`], reached through
//! [`super::PixProvider::recurring`]) and the facts it speaks in. A recurrence (`/rec`) is
//! authorised once by the payer at their bank, from its QR (`/locrec`); each cycle is charged
//! with a recurring charge (`/cobr`) due on a date; a failed attempt may be retried
//! (`/cobr/{txid}/retentativa/{data}`) as the recurrence's policy allows.

use super::{PixResult, ReceivedPix};
use futures::future::BoxFuture;
use wasm_core::{date::Date, money::Money};

/// How often the recurrence is charged, as BACEN names it (a fortnightly basket is a weekly
/// recurrence charged every other week).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Periodicity {
    Weekly,
    Monthly,
}

impl Periodicity {
    pub const fn as_psp(self) -> &'static str {
        match self {
            Self::Weekly => "SEMANAL",
            Self::Monthly => "MENSAL",
        }
    }
}

/// A recurrence to create.
#[derive(Debug, Clone, Copy)]
pub struct NewRecurrence<'a> {
    /// Our contract id (the basket's id, at most 35 characters).
    pub contract: &'a str,
    /// What the payer's bank shows (at most 35 characters).
    pub object: &'a str,
    /// The payer: CPF (11 digits) or CNPJ (14), and name.
    pub payer_document: &'a str,
    pub payer_name: &'a str,
    pub first: Date,
    pub periodicity: Periodicity,
}

/// What the provider answers for a new recurrence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecurrenceCreated {
    /// idRec (29 characters).
    pub id: String,
    /// The recurrence's QR ("copia e cola") the payer scans to authorise it.
    pub copia_e_cola: String,
}

/// A recurrence's status at the PSP.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecurrenceAtPsp {
    /// `CRIADA`: waiting for the payer.
    Created,
    /// `APROVADA`.
    Approved,
    /// `REJEITADA` or `EXPIRADA`: never authorised.
    Refused,
    /// `CANCELADA`; `by_payer` when the payer (or their PSP) asked.
    Cancelled { by_payer: bool },
}

/// A recurring charge to open.
#[derive(Debug, Clone, Copy)]
pub struct NewRecurringCharge<'a> {
    /// Ours, 26–35 alphanumerics.
    pub txid: &'a str,
    pub recurrence: &'a str,
    pub amount: Money,
    pub due: Date,
    /// Shown to the payer (at most 140 characters).
    pub description: &'a str,
}

/// A recurring charge as the PSP has it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecurringChargeAtPsp {
    /// The recurrence it belongs to.
    pub recurrence: String,
    /// BACEN's status: `CRIADA`, `ATIVA`, `CONCLUIDA`, `EXPIRADA`, `REJEITADA`, `CANCELADA`.
    pub status: String,
    /// Its last attempt was rejected (a retry may be asked while it is `ATIVA`).
    pub last_attempt_failed: bool,
    /// Retries asked so far.
    pub retries: u32,
    /// The Pix that paid it (when `CONCLUIDA`), with its txid and our key, ready for the
    /// payment path.
    pub paid_by: Vec<ReceivedPix>,
}

/// A provider's Pix Automático. Every call is made with no database transaction open.
pub trait RecurringPix: Send + Sync {
    /// Creates a location (`POST /locrec`) and the recurrence on it (`POST /rec`).
    fn create_recurrence<'a>(
        &'a self,
        r: NewRecurrence<'a>,
    ) -> BoxFuture<'a, PixResult<RecurrenceCreated>>;

    /// `GET /rec/{idRec}`; `None` when the PSP has no such recurrence.
    fn recurrence<'a>(&'a self, id: &'a str) -> BoxFuture<'a, PixResult<Option<RecurrenceAtPsp>>>;

    /// `PATCH /rec/{idRec}` `{"status": "CANCELADA"}`.
    fn cancel_recurrence<'a>(&'a self, id: &'a str) -> BoxFuture<'a, PixResult<()>>;

    /// `PUT /cobr/{txid}` (idempotent on the txid).
    fn open_recurring_charge<'a>(
        &'a self,
        c: NewRecurringCharge<'a>,
    ) -> BoxFuture<'a, PixResult<()>>;

    /// `GET /cobr/{txid}`; `None` when the PSP has no such charge.
    fn recurring_charge<'a>(
        &'a self,
        txid: &'a str,
    ) -> BoxFuture<'a, PixResult<Option<RecurringChargeAtPsp>>>;

    /// `PATCH /cobr/{txid}` `{"status": "CANCELADA"}`.
    fn cancel_recurring_charge<'a>(&'a self, txid: &'a str) -> BoxFuture<'a, PixResult<()>>;

    /// `POST /cobr/{txid}/retentativa/{data}`.
    fn retry_recurring_charge<'a>(
        &'a self,
        txid: &'a str,
        on: Date,
    ) -> BoxFuture<'a, PixResult<()>>;

    /// Registers `url` for the recurrences' and the recurring charges' notifications
    /// (`PUT /webhookrec`, `PUT /webhookcobr`), as [`super::PixProvider::register_webhook`] does.
    fn register_recurring_webhooks<'a>(
        &'a self,
        url: &'a str,
        hmac: Option<&'a str>,
    ) -> BoxFuture<'a, PixResult<()>>;
}
