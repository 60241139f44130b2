//! The money's floor: the state changes that move stock and money, below the `rpc/` handlers,
//! the Pix endpoints (`pix/`) and the background jobs, which all call them. Each function takes
//! the database (or the caller's write transaction) and, where money leaves or enters, the Pix
//! provider — never the HTTP state or the caller's identity: who may act is checked above.
//!
//! - [`codes`]: the status and payment codes, one enum each, mapped to the database and the
//!   wire in one place; [`error`]: the stable codes of refusals.
//! - [`stock`]: reservation at checkout and release at cancellation or expiry.
//! - [`charges`]: a Pix charge's life — opened at the provider, recorded, paid once, expired,
//!   cancelled, refunded — and the expiry sweep ([`charges::expire_due`], run by the job
//!   runner, [`crate::jobs`]).
//! - [`payments`]: every Pix received (webhook, reconciliation, status query, sandbox), recorded
//!   once per end-to-end id and then applied once — or refunded in full (decisions.md §28).
//! - [`refunds`]: refunds as durable rows, asked of the PSP after their transaction commits and
//!   retried until it settles them.
//! - [`orders`]: placing an order, cancelling one that awaits delivery, confirming delivery.
//! - [`ledger`]: the supplier's open items and balance; [`withdrawals`]: payout requests and
//!   their confirmation.
//! - [`tokens`]: the notarisation tokens bought by Pix.
//!
//! Row locks are always taken received Pix → charge → order → open item → products, so
//! concurrent payments, expiries and cancellations never deadlock on PostgreSQL. No provider
//! (PSP) call is ever made while a write transaction is open.

pub mod charges;
pub mod codes;
pub mod error;
pub mod ledger;
pub mod orders;
pub mod payments;
pub mod refunds;
pub mod stock;
pub mod tokens;
pub mod withdrawals;
