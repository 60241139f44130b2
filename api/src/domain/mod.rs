//! The money's floor: the state changes that move stock and money, below the `rpc/` handlers,
//! the Pix endpoints (`pix_http/`) and the background jobs, which all call them. Each function takes
//! the database (or the caller's write transaction) and, where money leaves or enters, the Pix
//! provider — never the HTTP state or the caller's identity: who may act is checked above.
//!
//! - [`codes`]: the status and payment codes, one enum each, mapped to the database and the
//!   wire in one place; [`error`]: the stable codes of refusals.
//! - [`stock`]: reservation at checkout and release at cancellation or expiry; [`coupons`]: a
//!   coupon's uses, taken and given back the same way (decisions.md §32).
//! - [`charges`]: a Pix charge's life — opened at the provider, recorded, paid once, expired,
//!   cancelled, refunded — and the expiry sweep ([`charges::expire_due`], run by the job
//!   runner, [`crate::jobs`]).
//! - [`payments`]: every Pix received (webhook, reconciliation, status query, sandbox), recorded
//!   once per end-to-end id and then applied once — or refunded in full (decisions.md §28).
//! - [`inbox`]: received Pix taken in (recorded, applied, the supplier's panel told), from the
//!   webhook, the status query, the sandbox and the jobs; [`reconcile`]: asking the PSP instead of
//!   waiting for it (the reconciliation, the expiry check, a buyer's status query).
//! - [`refunds`]: refunds as durable rows, asked of the PSP after their transaction commits and
//!   retried until it settles them.
//! - [`orders`]: placing an order, cancelling one that awaits delivery, confirming delivery.
//! - [`ledger`]: the supplier's open items and balance; [`withdrawals`]: payout requests and
//!   their confirmation.
//! - [`tokens`]: the notarisation tokens bought by Pix.
//! - [`reviews`]: reviews of delivered orders and the stores' averages (decisions.md §33);
//!   [`moderation`]: stores, ads and products hidden by the admin with a reason; [`privacy`]:
//!   deleting an account (§34); [`stores`]: a store's default URL and its setup checklist;
//!   [`delivery_days`]: a store's delivery days, windows and cut-off (§36).
//! - [`sales_report`]: the seller's report of sales per month and product, from the ledger.
//!
//! Row locks are always taken received Pix → charge → order → open item → products, so
//! concurrent payments, expiries and cancellations never deadlock on PostgreSQL. No provider
//! (PSP) call is ever made while a write transaction is open.

pub mod cases;
pub mod charges;
pub mod codes;
pub mod coupons;
pub mod delivery_days;
pub mod error;
pub mod inbox;
pub mod ledger;
pub mod moderation;
pub mod options;
pub mod orders;
pub mod payments;
pub mod pix_automatico;
pub mod privacy;
pub mod reconcile;
pub mod refunds;
pub mod reviews;
pub mod sales_report;
pub mod sandbox_recurrence;
pub mod stock;
pub mod stores;
pub mod subscriptions;
pub mod subscriptions_cycles;
pub mod tokens;
pub mod withdrawals;
