//! A basket's cycles (decisions.md §35): at the store's cut-off for a delivery date (§36) the
//! cycle is handled once — skipped (by the buyer, the buyer's pause or the store's vacation), or
//! ordered from the basket's lines at that day's prices, through the checkout's own code
//! ([`price_bag`] then [`place_priced`]: wasm-core's pricing, minimums, fee, coupon, stock
//! reserved in the order's transaction, the order's e-mails queued with it). A line out of stock
//! (or a product disabled or removed) is left out and the buyer told which; a cycle with nothing
//! left makes no order and says so. `NOTICE_HOURS` before the cut-off the buyer gets the cycle's
//! lines and total.
//!
//! Exactly once per (basket, date), across instances, retries and crashes: the order is placed
//! with the idempotency key `cesta:{basket}:{date}` (unique per buyer in `orders`, so a second
//! attempt answers the first's order and reserves nothing), and the cycle is recorded under its
//! primary key (basket, date) with the basket moved on in one transaction
//! ([`subscriptions::record_cycle`]). A crash between the two leaves the order placed and the
//! cycle unrecorded: the next run places again, gets the same order back, and records it.
//!
//! A basket paid by Pix Automático is priced as a Pix order and its order placed with a
//! recurring charge ([`super::pix_automatico::place_cycle`]); a recurrence not authorised, or a
//! total above the buyer's maximum, refuses the cycle with the reason.
//!
//! [`run`] is the cycles job's work (one instance at a time: the jobs' advisory lock); the
//! buyer's changes call [`settle`] first, so a change after a cut-off applies to the next cycle.
//! Both take the instant as a parameter: the job passes the clock's, tests drive time with it.

use crate::{
    db::now_ms,
    domain::{
        codes::PaymentMethod,
        delivery_days,
        error::ErrorCode,
        orders::Idempotency,
        subscriptions::{self, BasketLine, BasketRow, BasketStatus, Cycle, CycleOutcome},
    },
    error::{ApiError, ApiResult},
    rpc::orders::place::{Bag, BagItem, OptionRef, PricedBag, When, place_priced, price_bag_to},
    state::AppState,
};
use futures::StreamExt;
use std::collections::HashMap;
use tokio_util::sync::CancellationToken;
use wasm_core::{
    checkout::Fulfilment,
    date::Date,
    delivery::days::{DeliveryDays, Slot, date_label},
    money::Money,
};

/// How many days ahead the job looks for cycles (a cut-off is at most 7 days before its date,
/// and the notice up to a week before that).
const LOOKAHEAD_DAYS: i64 = 15;
/// The most cycles one basket catches up in one go (a job down for weeks).
const MAX_CATCH_UP: usize = 12;

/// The basket's lines that can be ordered now, and the titles of those left out.
pub struct Available {
    pub items: Vec<BagItem>,
    pub left_out: Vec<String>,
}

/// `lines` against the products' stock and state now: a disabled or removed product, or one
/// whose stock (counted over the basket's lines) does not cover the line, is left out.
pub async fn available(state: &AppState, lines: &[BasketLine]) -> ApiResult<Available> {
    let mut items = Vec::new();
    let mut left_out = Vec::new();
    let mut taken: HashMap<&str, i64> = HashMap::new();
    for l in lines {
        let row: Option<(String, Option<i64>, i64)> = sqlx::query_as(
            "SELECT titulo, estoque, CAST(CASE WHEN desabilitado THEN 1 ELSE 0 END AS BIGINT) \
             FROM products WHERE id = $1",
        )
        .bind(&l.product_id)
        .fetch_optional(&state.db)
        .await?;
        let Some((titulo, estoque, desabilitado)) = row else {
            left_out.push("um produto que a loja removeu".to_owned());
            continue;
        };
        let before = taken.get(l.product_id.as_str()).copied().unwrap_or(0);
        let room = estoque.is_none_or(|s| s - before >= l.quantidade);
        if desabilitado != 0 || !room || l.quantidade <= 0 {
            left_out.push(titulo);
            continue;
        }
        taken.insert(&l.product_id, before + l.quantidade);
        items.push(BagItem {
            id: l.product_id.clone(),
            quantidade: u32::try_from(l.quantidade).unwrap_or(0),
            opcaoselecionada: l.opcao.clone().map(OptionRef::Label),
            userforn: None,
            observacao: l.observacao.clone(),
        });
    }
    Ok(Available { items, left_out })
}

/// Prices basket `b`'s cycle on `slot` as it would be ordered at `now` (the coupon only within
/// its cycles). Used for the notice, 'Minhas assinaturas' and the store's week.
pub async fn price_cycle(
    state: &AppState,
    b: &BasketRow,
    items: &[BagItem],
    slot: Slot,
    now: i64,
    with_coupon: bool,
) -> ApiResult<PricedBag> {
    let coupon = (with_coupon && b.ciclos_feitos < b.cupom_ciclos)
        .then(|| b.cupom_codigo.clone())
        .flatten();
    price_bag_to(
        state,
        &Bag {
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
        },
        b.address().as_ref(),
    )
    .await
}

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

/// How many stores' baskets the cycles job orders side by side: one store's baskets one after
/// another (they share its products' stock rows), several stores at once, so that a cycle's
/// orders are not one long queue of round trips and commits (docs/benchmarks.md, 'Recurring
/// baskets'). Each basket is still handled by one task of one run, under the same keys.
pub const STORES_AT_ONCE: usize = 4;

/// The cycles job's work at `now`: every basket whose cut-off passed is settled, and every
/// basket whose notice is due gets it ([`STORES_AT_ONCE`] stores side by side). Stops between
/// baskets at shutdown.
pub async fn run(
    state: &AppState,
    now: i64,
    notice_hours: u32,
    shutdown: Option<&CancellationToken>,
) -> anyhow::Result<RunReport> {
    run_stores(state, now, notice_hours, shutdown, STORES_AT_ONCE).await
}

/// [`run`] with `at_once` stores handled side by side (1: every basket one after another).
pub async fn run_stores(
    state: &AppState,
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
    for b in subscriptions::due(&state.db, until).await? {
        match stores.last_mut() {
            Some(group) if group[0].supplier_id == b.supplier_id => group.push(b),
            _ => stores.push(vec![b]),
        }
    }
    let reports: Vec<anyhow::Result<RunReport>> = futures::stream::iter(stores)
        .map(|group| run_store(state, group, now, notice_hours, shutdown))
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

/// [`run`]'s work for one store's due `baskets`, one after another.
async fn run_store(
    state: &AppState,
    baskets: Vec<BasketRow>,
    now: i64,
    notice_hours: u32,
    shutdown: Option<&CancellationToken>,
) -> anyhow::Result<RunReport> {
    let mut report = RunReport::default();
    let Some(first) = baskets.first() else {
        return Ok(report);
    };
    let d = delivery_days::load(&mut *state.db.acquire().await?, &first.supplier_id).await?;
    for b in baskets {
        if shutdown.is_some_and(CancellationToken::is_cancelled) {
            break;
        }
        match settle_with(state, b, &d, now, &mut report).await {
            Ok(Some(b)) => {
                if let Err(e) = notice(state, &b, &d, now, notice_hours, &mut report).await {
                    tracing::warn!(basket = %b.id, error = %e, "basket notice failed");
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
pub async fn settle(state: &AppState, id: &str, now: i64) -> ApiResult<Option<BasketRow>> {
    let Some(b) = subscriptions::load(&state.db, id).await? else {
        return Ok(None);
    };
    let d = delivery_days::load(&mut *state.db.acquire().await?, &b.supplier_id).await?;
    settle_with(state, b, &d, now, &mut RunReport::default()).await
}

/// Handles `b`'s cycles whose cut-off passed at `now`; answers the basket as it then stands
/// (`None` when cancelled).
async fn settle_with(
    state: &AppState,
    mut b: BasketRow,
    days: &DeliveryDays,
    now: i64,
    report: &mut RunReport,
) -> ApiResult<Option<BasketRow>> {
    for _ in 0..MAX_CATCH_UP {
        if b.status() == BasketStatus::Cancelled {
            return Ok(None);
        }
        let Some(slot) = b.next_slot() else {
            return Ok(Some(b));
        };
        if now < days.closes_ms(&slot) {
            return Ok(Some(b));
        }
        let date = slot.data.iso();
        let recorded = handle(state, &b, slot, now, report).await?;
        if recorded {
            report.cycles += 1;
        }
        match subscriptions::load(&state.db, &b.id).await? {
            Some(fresh) if fresh.proxima_data != date => b = fresh,
            // Not moved on (a concurrent change): leave it to the next run.
            _ => return Ok(None),
        }
    }
    Ok(Some(b))
}

/// Handles the cycle of `b` on `slot` (its cut-off passed): records it once; `true` when this
/// call recorded it.
async fn handle(
    state: &AppState,
    b: &BasketRow,
    slot: Slot,
    now: i64,
    report: &mut RunReport,
) -> ApiResult<bool> {
    let date = slot.data.iso();
    let next = b.frequency().next(slot.data).unwrap_or(slot.data);
    let label = slot.label();
    let nomeforn = store_name(state, &b.supplier_id).await?;
    let mut cycle = Cycle {
        basket: b,
        date: &date,
        outcome: CycleOutcome::Skipped,
        order_id: None,
        left_out: &[],
        reason: None,
        total_centavos: None,
        next,
        tell: None,
    };
    let today = Date::of_ms(now).unwrap_or(slot.data);
    let paused = b.status() == BasketStatus::Paused
        && b.pausada_ate
            .as_deref()
            .is_none_or(|until| date.as_str() < until);
    if b.pular_data.as_deref() == Some(date.as_str()) {
        return Ok(subscriptions::record_cycle(&state.db, &cycle).await?);
    }
    if paused {
        cycle.outcome = CycleOutcome::Paused;
        return Ok(subscriptions::record_cycle(&state.db, &cycle).await?);
    }
    if subscriptions::on_vacation(&state.db, &b.supplier_id, &date).await? {
        cycle.outcome = CycleOutcome::Vacation;
        return Ok(subscriptions::record_cycle(&state.db, &cycle).await?);
    }
    if slot.data < today {
        // The job was down past the whole day: nothing to deliver any more.
        cycle.outcome = CycleOutcome::Refused;
        cycle.reason = Some("A data de entrega já passou.");
        return Ok(subscriptions::record_cycle(&state.db, &cycle).await?);
    }
    let lines = subscriptions::lines(&state.db, &b.id).await?;
    let key = format!("cesta:{}:{date}", b.id);
    let mut outcome: Result<(String, i64, Vec<String>), String> = Err(String::new());
    let mut with_coupon = true;
    // Pix Automático: the recurrence must be authorised; the cycle is charged by it.
    let pix = super::pix_automatico::for_cycle(state, b).await?;
    let attempts = if let Err(reason) = &pix {
        outcome = Err(reason.clone());
        0
    } else {
        4
    };
    // A refusal for a coupon is retried without it; a stock refusal (a sale between the read
    // and the reservation) with the stock read again.
    for _ in 0..attempts {
        let avail = available(state, &lines).await?;
        if avail.items.is_empty() {
            cycle.outcome = CycleOutcome::Empty;
            let left_out = avail.left_out;
            let body = format!(
                "Nenhum item da sua cesta de {nomeforn} para {label} tem estoque ({}). \
                 Nenhum pedido foi feito para esta entrega; a próxima segue normalmente.",
                left_out.join(", ")
            );
            let tell = Some((
                format!("Sua cesta de {} não foi gerada", date_label(slot.data)),
                body,
            ));
            let c = Cycle {
                left_out: &left_out,
                tell,
                ..cycle
            };
            return Ok(subscriptions::record_cycle(&state.db, &c).await?);
        }
        let priced = match price_cycle(state, b, &avail.items, slot, now, with_coupon).await {
            Ok(p) => p,
            Err(e) if with_coupon && b.cupom_codigo.is_some() && is_coupon(&e) => {
                with_coupon = false;
                continue;
            }
            Err(e) if e.code() == ErrorCode::EstoqueInsuficiente => continue,
            Err(e) => {
                outcome = Err(e.to_string());
                break;
            }
        };
        let k = Idempotency {
            key: &key,
            fingerprint: "assinatura",
        };
        let placing = match &pix {
            Ok(Some(rec)) => {
                let max = rec.valor_maximo_centavos.unwrap_or(i64::MAX);
                if priced.summary.total_centavos.centavos() > max {
                    outcome = Err(format!(
                        "o total desta entrega ({}) passou do valor máximo autorizado para o Pix \
                         Automático ({}).",
                        priced.summary.total_centavos.format(),
                        Money::from_centavos(max).format()
                    ));
                    break;
                }
                super::pix_automatico::place_cycle(state, b, rec, &priced, k, slot.data, now).await
            }
            _ => place_priced(state, &priced, Some(k)).await,
        };
        match placing {
            Ok(placed) => {
                if placed.fresh {
                    report.orders += 1;
                }
                outcome = Ok((
                    placed.order_id,
                    priced.summary.total_centavos.centavos(),
                    avail.left_out,
                ));
                break;
            }
            Err(e) if e.code() == ErrorCode::EstoqueInsuficiente => continue,
            Err(e) => {
                outcome = Err(e.to_string());
                break;
            }
        }
    }
    match outcome {
        Ok((order_id, total, left_out)) => {
            let tell = (!left_out.is_empty()).then(|| {
                (
                    format!("Sua cesta de {}: itens em falta", date_label(slot.data)),
                    format!(
                        "O pedido da sua cesta de {nomeforn} para {label} foi feito sem: {}, por \
                         falta de estoque. Total: {}.",
                        left_out.join(", "),
                        Money::from_centavos(total).format()
                    ),
                )
            });
            let c = Cycle {
                outcome: CycleOutcome::Ordered,
                order_id: Some(&order_id),
                left_out: &left_out,
                total_centavos: Some(total),
                tell,
                ..cycle
            };
            Ok(subscriptions::record_cycle(&state.db, &c).await?)
        }
        Err(reason) => {
            let reason = if reason.is_empty() {
                "O estoque mudou durante o pedido.".to_owned()
            } else {
                reason
            };
            let tell = Some((
                format!("Sua cesta de {} não foi gerada", date_label(slot.data)),
                format!(
                    "Não foi possível fazer o pedido da sua cesta de {nomeforn} para {label}: \
                     {reason} A próxima entrega segue normalmente."
                ),
            ));
            let c = Cycle {
                outcome: CycleOutcome::Refused,
                reason: Some(&reason),
                tell,
                ..cycle
            };
            Ok(subscriptions::record_cycle(&state.db, &c).await?)
        }
    }
}

/// Whether a checkout refusal is about its coupon.
fn is_coupon(e: &ApiError) -> bool {
    matches!(
        e.code(),
        ErrorCode::CupomEsgotado
            | ErrorCode::CupomJaUsado
            | ErrorCode::CupomExpirado
            | ErrorCode::CupomAindaNaoValido
            | ErrorCode::CupomPedidoMinimo
            | ErrorCode::NaoEncontrado
    ) || e.to_string().to_lowercase().contains("cupom")
}

/// The store's name.
pub async fn store_name(state: &AppState, supplier_id: &str) -> ApiResult<String> {
    Ok(subscriptions::store_name(&state.db, supplier_id).await?)
}

/// Sends `b`'s notice for its next cycle once, `notice_hours` before its cut-off: the lines
/// and total as they would be ordered now, and until when they can be changed.
async fn notice(
    state: &AppState,
    b: &BasketRow,
    days: &DeliveryDays,
    now: i64,
    notice_hours: u32,
    report: &mut RunReport,
) -> ApiResult<()> {
    let Some(slot) = b.next_slot() else {
        return Ok(());
    };
    let closes = days.closes_ms(&slot);
    let date = slot.data.iso();
    if now < closes - i64::from(notice_hours) * 3_600_000
        || now >= closes
        || b.aviso_data.as_deref() == Some(date.as_str())
        || b.pular_data.as_deref() == Some(date.as_str())
        || b.status() != BasketStatus::Active
        || subscriptions::on_vacation(&state.db, &b.supplier_id, &date).await?
    {
        return Ok(());
    }
    let nomeforn = store_name(state, &b.supplier_id).await?;
    let lines = subscriptions::lines(&state.db, &b.id).await?;
    let avail = available(state, &lines).await?;
    let priced = if avail.items.is_empty() {
        Err("nenhum item tem estoque agora.".to_owned())
    } else {
        price_cycle(state, b, &avail.items, slot, now, true)
            .await
            .map_err(|e| e.to_string())
    };
    let until = wasm_core::date::Date::of_ms(closes)
        .map(|d| {
            let minutes = (closes - d.start_ms()) / 60_000;
            format!(
                "{} às {:02}h{:02}",
                date_label(d),
                minutes / 60,
                minutes % 60
            )
        })
        .unwrap_or_default();
    let mut body = format!("Sua cesta de {nomeforn} para {}:\n", slot.label());
    match &priced {
        Ok(p) => {
            for (l, titulo) in p.summary.linhas.iter().zip(p.line_titles()) {
                body.push_str(&format!(
                    "{} × {titulo} — {}\n",
                    l.quantidade,
                    l.total_centavos.format()
                ));
            }
            let how = if b.pagamento == "pix_automatico" {
                "cobrado por Pix Automático na véspera da entrega"
            } else {
                "pago na entrega"
            };
            body.push_str(&format!(
                "Total: {} ({how}).\n",
                p.summary.total_centavos.format()
            ));
        }
        Err(why) => body.push_str(&format!("O pedido não poderá ser feito: {why}\n")),
    }
    if !avail.left_out.is_empty() {
        body.push_str(&format!(
            "Sem estoque agora: {}.\n",
            avail.left_out.join(", ")
        ));
    }
    body.push_str(&format!(
        "Você pode mudar, pular ou pausar em Minhas assinaturas até {until}."
    ));
    let subject = format!("Sua cesta de {}", date_label(slot.data));
    if subscriptions::record_notice(&state.db, b, &date, &subject, &body).await? {
        report.notices += 1;
    }
    Ok(())
}

/// The job's entry: [`run`] at the clock's instant.
pub async fn run_now(
    state: &AppState,
    notice_hours: u32,
    shutdown: &CancellationToken,
) -> anyhow::Result<()> {
    run(state, now_ms(), notice_hours, Some(shutdown)).await?;
    Ok(())
}
