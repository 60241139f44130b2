//! A basket's cycles (decisions.md §35): at the store's cut-off for a delivery date (§36) the
//! cycle is handled once — skipped (by the buyer, the buyer's pause or the store's vacation), or
//! ordered from the basket's lines at that day's prices, through the checkout's own code
//! ([`checkout::price_bag_at`] then [`checkout::place_priced`]: wasm-core's pricing, minimums,
//! fee, coupon, stock reserved in the order's transaction, the order's e-mails queued with it).
//! A line out of stock (or a product disabled or removed) is left out and the buyer told which;
//! a cycle with nothing left makes no order and says so. `NOTICE_HOURS` before the cut-off the
//! buyer gets the cycle's lines and total ([`notice`]).
//!
//! Exactly once per (basket, date), across instances, retries and crashes: the order is placed
//! with the idempotency key `cesta:{basket}:{date}` (unique per buyer in `orders`, so a second
//! attempt answers the first's order and reserves nothing), and the cycle is recorded under its
//! primary key (basket, date) with the basket moved on, conditionally (only from the date
//! handled), in the order's own transaction ([`handle`]: one commit per basket; the cycle exists
//! iff its order does). An order found by its key (placed before, by another instance, or by a
//! version that recorded the cycle apart) has its cycle recorded on its own, which does nothing
//! when it was recorded with it.
//!
//! A basket paid by Pix Automático is priced as a Pix order and its order placed with a
//! recurring charge ([`pix::place_cycle`]), then its charge recorded, then its cycle; a
//! recurrence not authorised, or a total above the buyer's maximum, refuses the cycle with the
//! reason.
//!
//! [`run`] is the cycles job's work (one instance at a time: the jobs' advisory lock): each
//! store's due baskets one after another, with the store's settings, days, vacations, its
//! baskets' lines and their products read once per store ([`StoreCycles`]), and
//! [`STORES_AT_ONCE`] stores side by side. The buyer's changes call [`settle`] first, so a
//! change after a cut-off applies to the next cycle. Both take the instant as a parameter: the
//! job passes the clock's, tests drive time with it.

mod handle;
mod notice;
pub mod pix;

use crate::{
    db::{Db, now_ms},
    domain::{
        codes::PaymentMethod,
        delivery_days,
        error::{DomainError, DomainResult},
        orders::{
            checkout::{self, Bag, Checkout, Item, PricedBag, StoreRows, When},
            rows::{self, ProductRow},
        },
        subscriptions::{self, BasketLine, BasketRow, StorePause},
    },
};
use futures::StreamExt;
use std::collections::HashMap;
use tokio_util::sync::CancellationToken;
use wasm_core::{
    checkout::Fulfilment,
    date::Date,
    delivery::days::{DeliveryDays, Slot},
};

/// How many days ahead the job looks for cycles (a cut-off is at most 7 days before its date,
/// and the notice up to a week before that).
const LOOKAHEAD_DAYS: i64 = 15;
/// The most cycles one basket catches up in one go (a job down for weeks).
const MAX_CATCH_UP: usize = 12;

/// How many stores' baskets the cycles job orders side by side: one store's baskets one after
/// another (they share its products' stock rows), several stores at once, so that a cycle's
/// orders are not one long queue of round trips and commits (docs/benchmarks.md, 'Recurring
/// baskets'). Each basket is still handled by one task of one run, under the same keys.
pub const STORES_AT_ONCE: usize = 4;

/// What the cycles job did in one run.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct RunReport {
    /// Cycles recorded (ordered or not).
    pub cycles: u32,
    /// Orders placed.
    pub orders: u32,
    /// Notices sent ahead of a cut-off.
    pub notices: u32,
}

/// The basket's lines that can be ordered now, and the titles of those left out.
pub struct Available {
    pub items: Vec<Item>,
    pub left_out: Vec<String>,
}

/// `lines` against the products' stock and state now (one read): a disabled or removed
/// product, or one whose stock (counted over the basket's lines) does not cover the line, is
/// left out.
pub async fn available(db: &Db, lines: &[BasketLine]) -> DomainResult<Available> {
    if lines.is_empty() {
        return Ok(available_in(&HashMap::new(), lines));
    }
    let products = rows::load_products(db, lines.iter().map(|l| l.product_id.as_str())).await?;
    Ok(available_in(&products, lines))
}

/// [`available`] against `products` as read.
fn available_in(products: &HashMap<String, ProductRow>, lines: &[BasketLine]) -> Available {
    let mut items = Vec::new();
    let mut left_out = Vec::new();
    let mut taken: HashMap<&str, i64> = HashMap::new();
    for l in lines {
        let Some(p) = products.get(&l.product_id) else {
            left_out.push("um produto que a loja removeu".to_owned());
            continue;
        };
        let before = taken.get(l.product_id.as_str()).copied().unwrap_or(0);
        let room = p.estoque.is_none_or(|s| s - before >= l.quantidade);
        if p.desabilitado != 0 || !room || l.quantidade <= 0 {
            left_out.push(p.titulo.clone());
            continue;
        }
        taken.insert(&l.product_id, before + l.quantidade);
        items.push(Item {
            product_id: l.product_id.clone(),
            quantity: u32::try_from(l.quantidade).unwrap_or(0),
            option: l
                .opcao
                .as_deref()
                .map(str::trim)
                .filter(|o| !o.is_empty())
                .map(str::to_owned),
            supplier: None,
            note: l.observacao.clone(),
        });
    }
    Available { items, left_out }
}

/// The bag of basket `b`'s cycle on `slot` at `now` (the coupon only within its cycles).
fn cycle_bag<'a>(
    b: &'a BasketRow,
    items: &'a [Item],
    slot: Slot,
    now: i64,
    with_coupon: bool,
) -> Bag<'a> {
    let coupon = (with_coupon && b.ciclos_feitos < b.cupom_ciclos)
        .then(|| b.cupom_codigo.clone())
        .flatten();
    Bag {
        buyer_id: &b.buyer_id,
        items,
        forn: Some(&b.supplier_id),
        entrega: b.mode() == Fulfilment::Delivery,
        coupon,
        // A Pix Automático basket's cycle is a Pix order (the store must accept Pix).
        pagamento: if b.pagamento == "pix_automatico" {
            PaymentMethod::Pix.as_db()
        } else {
            PaymentMethod::InPerson.as_db()
        },
        when: When::Cycle(slot),
        note: b.observacao.as_deref(),
        now,
        // The basket's own address when it has one, else the buyer's profile's.
        deliver_to: b.address(),
    }
}

/// Prices basket `b`'s cycle on `slot` as it would be ordered at `now` (the coupon only within
/// its cycles). Used for the notice, 'Minhas assinaturas' and the store's week.
pub async fn price_cycle(
    db: &Db,
    b: &BasketRow,
    items: &[Item],
    slot: Slot,
    now: i64,
    with_coupon: bool,
) -> DomainResult<PricedBag> {
    checkout::price_bag(db, &cycle_bag(b, items, slot, now, with_coupon)).await
}

/// One store's rows for its baskets' cycles, read once per store and run: its settings (none
/// when the store is gone), days, vacations, its due baskets' lines and their products. The
/// products' stock is kept up to date with what this run ordered; a product whose option
/// holds its own stock is read again after an order takes from it, and a reservation refused
/// for stock reads the basket's products again ([`StoreCycles::refresh`]).
pub(crate) struct StoreCycles {
    pub(crate) rows: Option<StoreRows>,
    pub(crate) days: DeliveryDays,
    pauses: Vec<StorePause>,
    lines: HashMap<String, Vec<BasketLine>>,
    products: HashMap<String, ProductRow>,
}

impl StoreCycles {
    /// Reads store `supplier_id`'s rows for `baskets` (its due ones).
    async fn load(db: &Db, supplier_id: &str, baskets: &[BasketRow]) -> DomainResult<Self> {
        let days = delivery_days::load(&mut *db.acquire().await?, supplier_id).await?;
        let rows = match rows::load_supplier(db, supplier_id).await {
            Ok(supplier) => Some(StoreRows {
                supplier_id: supplier_id.to_owned(),
                supplier,
                days: days.clone(),
            }),
            Err(DomainError::Invalid(_)) => None,
            Err(e) => return Err(e),
        };
        // Vacations from the earliest date any of these baskets may handle on.
        let from = baskets
            .iter()
            .filter_map(|b| Date::parse(&b.proxima_data))
            .min()
            .or_else(|| Date::of_ms(now_ms()))
            .or_else(|| Date::new(2000, 1, 1))
            .ok_or_else(|| DomainError::Internal(anyhow::anyhow!("no date")))?;
        let pauses = subscriptions::pauses(db, supplier_id, from).await?;
        let mut lines: HashMap<String, Vec<BasketLine>> = HashMap::new();
        type LineRow = (String, String, Option<String>, i64, Option<String>);
        let found: Vec<LineRow> = match baskets {
            // One basket (a buyer's change settling it): its lines only.
            [b] => sqlx::query_as(
                "SELECT subscription_id, product_id, opcao, quantidade, observacao \
                 FROM subscription_lines WHERE subscription_id = $1 ORDER BY posicao",
            )
            .bind(&b.id),
            _ => sqlx::query_as(
                "SELECT l.subscription_id, l.product_id, l.opcao, l.quantidade, l.observacao \
                 FROM subscription_lines l JOIN subscriptions s ON s.id = l.subscription_id \
                 WHERE s.supplier_id = $1 AND s.situacao IN ('ativa', 'pausada') \
                 ORDER BY l.subscription_id, l.posicao",
            )
            .bind(supplier_id),
        }
        .fetch_all(db)
        .await?;
        for (basket, product_id, opcao, quantidade, observacao) in found {
            lines.entry(basket).or_default().push(BasketLine {
                product_id,
                opcao,
                quantidade,
                observacao,
            });
        }
        let mut store = Self {
            rows,
            days,
            pauses,
            lines,
            products: HashMap::new(),
        };
        let ids: Vec<String> = store
            .lines
            .values()
            .flatten()
            .map(|l| l.product_id.clone())
            .collect();
        store.refresh(db, ids.iter().map(String::as_str)).await?;
        Ok(store)
    }

    /// Reads `ids`' products again (a removed one is forgotten).
    async fn refresh<'a>(
        &mut self,
        db: &Db,
        ids: impl IntoIterator<Item = &'a str>,
    ) -> DomainResult<()> {
        let ids: Vec<&str> = ids.into_iter().collect();
        if ids.is_empty() {
            return Ok(());
        }
        let found = rows::load_products(db, ids.iter().copied()).await?;
        for id in ids {
            self.products.remove(id);
        }
        self.products.extend(found);
        Ok(())
    }

    /// Whether a vacation of the store covers `date` ('AAAA-MM-DD').
    fn on_vacation(&self, date: &str) -> bool {
        self.pauses
            .iter()
            .any(|p| p.de.as_str() <= date && p.ate.as_str() >= date)
    }

    /// The store's name ('' when it is gone).
    fn name(&self) -> &str {
        self.rows.as_ref().map_or("", StoreRows::name)
    }

    /// Basket `id`'s lines.
    fn lines_of(&self, id: &str) -> &[BasketLine] {
        self.lines.get(id).map_or(&[][..], Vec::as_slice)
    }

    /// Takes what order `priced` reserved from the products as read: a line of an option is
    /// read again before its product's next use (the option may hold its own stock).
    fn took(&mut self, priced: &PricedBag) {
        let mut stale = Vec::new();
        for (product_id, quantidade, option, _) in priced.chosen_lines() {
            match (option, self.products.get_mut(product_id)) {
                (None, Some(p)) => {
                    if let Some(s) = p.estoque.as_mut() {
                        *s -= i64::from(quantidade);
                    }
                }
                _ => stale.push(product_id.to_owned()),
            }
        }
        for id in stale {
            self.products.remove(&id);
        }
    }

    /// Forgets `lines`' products (read again before their next use).
    fn forget(&mut self, lines: &[BasketLine]) {
        for l in lines {
            self.products.remove(&l.product_id);
        }
    }

    /// The products of `lines` missing from what was read (forgotten after an option's order)
    /// read again.
    async fn ensure(&mut self, db: &Db, lines: &[BasketLine]) -> DomainResult<()> {
        let missing: Vec<String> = lines
            .iter()
            .filter(|l| !self.products.contains_key(&l.product_id))
            .map(|l| l.product_id.clone())
            .collect();
        self.refresh(db, missing.iter().map(String::as_str)).await
    }
}

/// The cycles job's work at `now`: every basket whose cut-off passed is settled, and every
/// basket whose notice is due gets it ([`STORES_AT_ONCE`] stores side by side). Stops between
/// baskets at shutdown.
pub async fn run(
    ck: &Checkout<'_>,
    now: i64,
    notice_hours: u32,
    shutdown: Option<&CancellationToken>,
) -> anyhow::Result<RunReport> {
    run_stores(ck, now, notice_hours, shutdown, STORES_AT_ONCE).await
}

/// [`run`] with `at_once` stores handled side by side (1: every basket one after another).
pub async fn run_stores(
    ck: &Checkout<'_>,
    now: i64,
    notice_hours: u32,
    shutdown: Option<&CancellationToken>,
    at_once: usize,
) -> anyhow::Result<RunReport> {
    let Some(today) = Date::of_ms(now) else {
        return Ok(RunReport::default());
    };
    let until = today.add_days(LOOKAHEAD_DAYS).unwrap_or(today);
    // Ordered by store: each store's baskets are one group.
    let mut stores: Vec<Vec<BasketRow>> = Vec::new();
    for b in subscriptions::due(ck.db, until).await? {
        match stores.last_mut() {
            Some(group) if group[0].supplier_id == b.supplier_id => group.push(b),
            _ => stores.push(vec![b]),
        }
    }
    let reports: Vec<anyhow::Result<RunReport>> = futures::stream::iter(stores)
        .map(|group| run_store(ck, group, now, notice_hours, shutdown))
        .buffer_unordered(at_once.max(1))
        .collect()
        .await;
    let mut report = RunReport::default();
    for r in reports {
        let r = r?;
        report.cycles += r.cycles;
        report.orders += r.orders;
        report.notices += r.notices;
    }
    Ok(report)
}

/// The job's entry: [`run`] at the clock's instant.
pub async fn run_now(
    ck: &Checkout<'_>,
    notice_hours: u32,
    shutdown: &CancellationToken,
) -> anyhow::Result<()> {
    run(ck, now_ms(), notice_hours, Some(shutdown)).await?;
    Ok(())
}

/// [`run`]'s work for one store's due `baskets`, one after another.
async fn run_store(
    ck: &Checkout<'_>,
    baskets: Vec<BasketRow>,
    now: i64,
    notice_hours: u32,
    shutdown: Option<&CancellationToken>,
) -> anyhow::Result<RunReport> {
    let mut report = RunReport::default();
    let Some(first) = baskets.first() else {
        return Ok(report);
    };
    let mut store = StoreCycles::load(ck.db, &first.supplier_id.clone(), &baskets).await?;
    for b in baskets {
        if shutdown.is_some_and(CancellationToken::is_cancelled) {
            break;
        }
        match handle::settle_with(ck, b, &mut store, now, &mut report).await {
            Ok(Some(b)) => {
                let sent = notice::notice(ck.db, &b, &mut store, now, notice_hours).await;
                match sent {
                    Ok(true) => report.notices += 1,
                    Ok(false) => {}
                    Err(e) => tracing::warn!(basket = %b.id, error = %e, "basket notice failed"),
                }
            }
            Ok(None) => {}
            Err(e) => tracing::warn!(error = %e, "a basket's cycle failed; retried next run"),
        }
    }
    Ok(report)
}

/// Settles basket `id` at `now` (every cycle whose cut-off passed is handled), before a change
/// of the buyer's: the change then applies to the next cycle.
pub async fn settle(ck: &Checkout<'_>, id: &str, now: i64) -> DomainResult<Option<BasketRow>> {
    let Some(b) = subscriptions::load(ck.db, id).await? else {
        return Ok(None);
    };
    let mut store =
        StoreCycles::load(ck.db, &b.supplier_id.clone(), std::slice::from_ref(&b)).await?;
    handle::settle_with(ck, b, &mut store, now, &mut RunReport::default()).await
}

/// The store's name, as its baskets' notices and views show it ('' when it is gone).
pub async fn store_name(db: &Db, supplier_id: &str) -> DomainResult<String> {
    Ok(subscriptions::store_name(db, supplier_id).await?)
}
