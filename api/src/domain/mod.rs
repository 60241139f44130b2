//! The money's floor: the state changes that move stock and money, below the `rpc/` handlers,
//! the Pix endpoints (`pix/`) and the background jobs, which all call them. Each function takes
//! the database (or the caller's write transaction) and, where money leaves or enters, the Pix
//! provider — never the HTTP state or the caller's identity: who may act is checked above.
//!
//! - [`codes`]: the status and payment codes, one enum each, mapped to the database and the
//!   wire in one place.
//! - [`stock`]: reservation at checkout and release at cancellation or expiry.
//! - [`charges`]: a Pix charge's life — recorded, paid once, expired, cancelled, refunded — and
//!   the expiry sweep ([`charges::expire_due`], run by the job runner, [`crate::jobs`]).
//! - [`orders`]: placing an order, cancelling one that awaits delivery, confirming delivery.
//! - [`ledger`]: the supplier's open items and balance; [`withdrawals`]: payout requests and
//!   their confirmation.
//! - [`tokens`]: the notarisation tokens bought by Pix.
//!
//! Row locks are always taken charge → order → open item → products, so concurrent payments,
//! expiries and cancellations never deadlock on PostgreSQL.

pub mod charges;
pub mod codes;
pub mod ledger;
pub mod orders;
pub mod stock;
pub mod tokens;
pub mod withdrawals;
