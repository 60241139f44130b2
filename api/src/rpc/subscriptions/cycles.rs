//! A basket's cycles as the handlers and the job reach them: the work is the domain's
//! ([`crate::domain::subscriptions_cycles`]: each cycle handled once at its cut-off, ordered
//! through the checkout's own code with the cycle recorded in the order's transaction); here it
//! is given the state's pool, Pix provider and settings, and its refusals are answered.

use crate::{
    domain::{
        subscriptions::{BasketLine, BasketRow},
        subscriptions_cycles as cycles,
    },
    error::ApiResult,
    rpc::orders::place::{PricedBag, checkout_of},
    state::AppState,
};
use tokio_util::sync::CancellationToken;
use wasm_core::delivery::days::Slot;

pub use cycles::{Available, RunReport, STORES_AT_ONCE};

/// `lines` against the products' stock and state now ([`cycles::available`]).
pub async fn available(state: &AppState, lines: &[BasketLine]) -> ApiResult<Available> {
    Ok(cycles::available(&state.db, lines).await?)
}

/// Prices basket `b`'s cycle on `slot` as it would be ordered at `now`
/// ([`cycles::price_cycle`]).
pub async fn price_cycle(
    state: &AppState,
    b: &BasketRow,
    items: &[crate::domain::orders::checkout::Item],
    slot: Slot,
    now: i64,
    with_coupon: bool,
) -> ApiResult<PricedBag> {
    Ok(cycles::price_cycle(&state.db, b, items, slot, now, with_coupon).await?)
}

/// The cycles job's work at `now` ([`cycles::run`]).
pub async fn run(
    state: &AppState,
    now: i64,
    notice_hours: u32,
    shutdown: Option<&CancellationToken>,
) -> anyhow::Result<RunReport> {
    cycles::run(&checkout_of(state), now, notice_hours, shutdown).await
}

/// [`run`] with `at_once` stores handled side by side ([`cycles::run_stores`]).
pub async fn run_stores(
    state: &AppState,
    now: i64,
    notice_hours: u32,
    shutdown: Option<&CancellationToken>,
    at_once: usize,
) -> anyhow::Result<RunReport> {
    cycles::run_stores(&checkout_of(state), now, notice_hours, shutdown, at_once).await
}

/// Settles basket `id` at `now` before a change of the buyer's ([`cycles::settle`]).
pub async fn settle(state: &AppState, id: &str, now: i64) -> ApiResult<Option<BasketRow>> {
    Ok(cycles::settle(&checkout_of(state), id, now).await?)
}

/// The store's name ('' when it is gone).
pub async fn store_name(state: &AppState, supplier_id: &str) -> ApiResult<String> {
    Ok(cycles::store_name(&state.db, supplier_id).await?)
}

/// The job's entry: [`run`] at the clock's instant.
pub async fn run_now(
    state: &AppState,
    notice_hours: u32,
    shutdown: &CancellationToken,
) -> anyhow::Result<()> {
    cycles::run_now(&checkout_of(state), notice_hours, shutdown).await
}
