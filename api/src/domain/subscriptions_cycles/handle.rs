//! One basket's cycles whose cut-off passed, each handled once: skipped, paused, on vacation,
//! too late, empty, refused, or ordered with the cycle recorded in the order's transaction
//! ([`InCycle`]).

use super::{RunReport, StoreCycles, available_in, cycle_bag, pix};
use crate::{
    db::{Db, now_ms},
    domain::{
        error::{DomainError, DomainResult, ErrorCode},
        orders::{
            Idempotency, InOrderTx, Placed,
            checkout::{self, Checkout},
        },
        subscriptions::{self, BasketRow, BasketStatus, Cycle, CycleOutcome},
    },
    messages::LOJA_INDISPONIVEL,
};
use futures::future::BoxFuture;
use sqlx::{Any, Transaction};
use wasm_core::{
    date::Date,
    delivery::days::{Slot, date_label},
    money::Money,
};

/// The cycle was recorded before (another instance, a concurrent change): the order written
/// with it is rolled back.
const RECORDED_BEFORE: &str = "cycle recorded before";

/// Handles `b`'s cycles whose cut-off passed at `now`; answers the basket as it then stands
/// (`None` when cancelled, or left to the next run).
pub(super) async fn settle_with(
    ck: &Checkout<'_>,
    mut b: BasketRow,
    store: &mut StoreCycles,
    now: i64,
    report: &mut RunReport,
) -> DomainResult<Option<BasketRow>> {
    for _ in 0..super::MAX_CATCH_UP {
        if b.status() == BasketStatus::Cancelled {
            return Ok(None);
        }
        let Some(slot) = b.next_slot() else {
            return Ok(Some(b));
        };
        if now < store.days.closes_ms(&slot) {
            return Ok(Some(b));
        }
        let date = slot.data.iso();
        let recorded = handle(ck, &b, store, slot, now, report).await?;
        if let Some(outcome) = recorded {
            report.cycles += 1;
            // What `record_cycle` wrote, without reading the basket back.
            b = moved_on(b, &date, outcome);
        } else {
            match subscriptions::load(ck.db, &b.id).await? {
                Some(fresh) if fresh.proxima_data != date => b = fresh,
                // Not moved on (a concurrent change): leave it to the next run.
                _ => return Ok(None),
            }
        }
    }
    Ok(Some(b))
}

/// Basket `b` as recording its cycle of `date` with `outcome` left it (the statement of
/// [`record_in`]: next date, cycles counted, a skip used, a pause ended).
fn moved_on(mut b: BasketRow, date: &str, outcome: CycleOutcome) -> BasketRow {
    let next = b
        .next_slot()
        .and_then(|s| b.frequency().next(s.data))
        .map(Date::iso)
        .unwrap_or_else(|| date.to_owned());
    if outcome == CycleOutcome::Ordered {
        b.ciclos_feitos += 1;
    }
    if b.pular_data.as_deref().is_some_and(|p| p <= date) {
        b.pular_data = None;
    }
    if b.situacao == "pausada" && b.pausada_ate.as_deref().is_some_and(|u| u <= next.as_str()) {
        b.situacao = "ativa".to_owned();
        b.pausada_ate = None;
    }
    b.proxima_data = next;
    b
}

/// Records ordered cycle `c` inside `tx` (its order's): the cycle row (primary key (basket,
/// date)) and the basket moved on to `c.next` only from `c.date`, with the buyer's e-mail —
/// what [`subscriptions::record_cycle`] writes for an ordered cycle in its own transaction.
/// `false` when it was recorded before (the caller rolls back).
async fn record_in(tx: &mut Transaction<'static, Any>, c: &Cycle<'_>) -> sqlx::Result<bool> {
    let now = now_ms();
    let moved = sqlx::query(
        "UPDATE subscriptions SET proxima_data = $1, atualizado_em = $2, \
         ciclos_feitos = ciclos_feitos + $3, \
         pular_data = CASE WHEN pular_data <= $4 THEN NULL ELSE pular_data END, \
         situacao = CASE WHEN situacao = 'pausada' AND pausada_ate <= $1 THEN 'ativa' \
                         ELSE situacao END, \
         pausada_ate = CASE WHEN situacao = 'pausada' AND pausada_ate <= $1 THEN NULL \
                            ELSE pausada_ate END \
         WHERE id = $5 AND proxima_data = $4",
    )
    .bind(c.next.iso())
    .bind(now)
    .bind(i64::from(c.outcome == CycleOutcome::Ordered))
    .bind(c.date)
    .bind(&c.basket.id)
    .execute(&mut **tx)
    .await?
    .rows_affected();
    if moved == 0 {
        return Ok(false);
    }
    let inserted = sqlx::query(
        "INSERT INTO subscription_cycles (subscription_id, data_entrega, situacao, order_id, \
         faltaram, motivo, total_centavos, criado_em) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) \
         ON CONFLICT DO NOTHING",
    )
    .bind(&c.basket.id)
    .bind(c.date)
    .bind(c.outcome.as_db())
    .bind(c.order_id)
    .bind(serde_json::to_string(c.left_out).unwrap_or_else(|_| "[]".into()))
    .bind(c.reason)
    .bind(c.total_centavos)
    .bind(now)
    .execute(&mut **tx)
    .await?
    .rows_affected();
    if inserted == 0 {
        return Ok(false);
    }
    if let Some((subject, body)) = &c.tell {
        crate::mail::enqueue_for_user(tx, &c.basket.buyer_id, subject, body).await?;
    }
    Ok(true)
}

/// An ordered cycle, recorded in its order's transaction.
struct InCycle<'a> {
    cycle: Cycle<'a>,
}

impl InOrderTx for InCycle<'_> {
    fn write<'t>(
        &'t self,
        tx: &'t mut Transaction<'static, Any>,
        order_id: &'t str,
    ) -> BoxFuture<'t, DomainResult<()>> {
        Box::pin(async move {
            let c = Cycle {
                order_id: Some(order_id),
                tell: self.cycle.tell.clone(),
                ..self.cycle
            };
            if record_in(tx, &c).await? {
                Ok(())
            } else {
                Err(DomainError::Conflict(RECORDED_BEFORE.into()))
            }
        })
    }
}

/// Records `c` on its own (a cycle without an order, or an order found by its key): its
/// outcome when this call recorded it.
async fn record_alone(db: &Db, c: Cycle<'_>) -> DomainResult<Option<CycleOutcome>> {
    let recorded = subscriptions::record_cycle(db, &c).await?;
    Ok(recorded.then_some(c.outcome))
}

/// The refusal's stable code, if it has one.
fn code(e: &DomainError) -> Option<ErrorCode> {
    match e {
        DomainError::Coded { code, .. } => Some(*code),
        DomainError::NotFound(_) => Some(ErrorCode::NaoEncontrado),
        _ => None,
    }
}

/// Whether a checkout refusal is about its coupon.
fn is_coupon(e: &DomainError) -> bool {
    matches!(
        code(e),
        Some(
            ErrorCode::CupomEsgotado
                | ErrorCode::CupomJaUsado
                | ErrorCode::CupomExpirado
                | ErrorCode::CupomAindaNaoValido
                | ErrorCode::CupomPedidoMinimo
                | ErrorCode::NaoEncontrado
        )
    ) || e.to_string().to_lowercase().contains("cupom")
}

fn out_of_stock(e: &DomainError) -> bool {
    code(e) == Some(ErrorCode::EstoqueInsuficiente)
}

/// Handles the cycle of `b` on `slot` (its cut-off passed): records it once; the outcome when
/// this call recorded it.
async fn handle(
    ck: &Checkout<'_>,
    b: &BasketRow,
    store: &mut StoreCycles,
    slot: Slot,
    now: i64,
    report: &mut RunReport,
) -> DomainResult<Option<CycleOutcome>> {
    let db = ck.db;
    let date = slot.data.iso();
    let next = b.frequency().next(slot.data).unwrap_or(slot.data);
    let label = slot.label();
    let nomeforn = store.name().to_owned();
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
        return record_alone(db, cycle).await;
    }
    if paused {
        cycle.outcome = CycleOutcome::Paused;
        return record_alone(db, cycle).await;
    }
    if store.on_vacation(&date) {
        cycle.outcome = CycleOutcome::Vacation;
        return record_alone(db, cycle).await;
    }
    if slot.data < today {
        // The job was down past the whole day: nothing to deliver any more.
        cycle.outcome = CycleOutcome::Refused;
        cycle.reason = Some("A data de entrega já passou.");
        return record_alone(db, cycle).await;
    }
    let lines = store.lines_of(&b.id).to_vec();
    let key = format!("cesta:{}:{date}", b.id);
    let k = Idempotency {
        key: &key,
        fingerprint: "assinatura",
    };
    let mut outcome: Result<(Placed, i64, Vec<String>), String> = Err(String::new());
    let mut with_coupon = true;
    // Pix Automático: the recurrence must be authorised; the cycle is charged by it.
    let rec = pix::for_cycle(db, b).await?;
    let attempts = if let Err(reason) = &rec {
        outcome = Err(reason.clone());
        0
    } else {
        4
    };
    // A refusal for a coupon is retried without it; a stock refusal (a sale between the read
    // and the reservation) with the stock read again.
    for _ in 0..attempts {
        store.ensure(db, &lines).await?;
        let avail = available_in(&store.products, &lines);
        if avail.items.is_empty() {
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
            return record_alone(
                db,
                Cycle {
                    outcome: CycleOutcome::Empty,
                    left_out: &left_out,
                    tell,
                    ..cycle
                },
            )
            .await;
        }
        let bag = cycle_bag(b, &avail.items, slot, now, with_coupon);
        let priced = match &store.rows {
            Some(rows) => checkout::price_bag_at(db, &bag, rows, &store.products).await,
            None => Err(DomainError::invalid(LOJA_INDISPONIVEL)),
        };
        let priced = match priced {
            Ok(p) => p,
            Err(e) if with_coupon && b.cupom_codigo.is_some() && is_coupon(&e) => {
                with_coupon = false;
                continue;
            }
            Err(e) if out_of_stock(&e) => {
                store.forget(&lines);
                continue;
            }
            Err(e) => {
                outcome = Err(e.to_string());
                break;
            }
        };
        let total = priced.summary.total_centavos.centavos();
        let placing = match &rec {
            Ok(Some(rec)) => {
                let max = rec.valor_maximo_centavos.unwrap_or(i64::MAX);
                if total > max {
                    outcome = Err(format!(
                        "o total desta entrega ({}) passou do valor máximo autorizado para o Pix \
                         Automático ({}).",
                        priced.summary.total_centavos.format(),
                        Money::from_centavos(max).format()
                    ));
                    break;
                }
                pix::place_cycle(ck, b, rec, &priced, k, slot.data, now).await
            }
            _ => {
                // In person: the cycle recorded in the order's own transaction.
                let left_out = avail.left_out.clone();
                let tell = left_out_tell(&nomeforn, &label, slot, &left_out, total);
                let with_order = InCycle {
                    cycle: Cycle {
                        outcome: CycleOutcome::Ordered,
                        left_out: &left_out,
                        total_centavos: Some(total),
                        tell,
                        ..cycle
                    },
                };
                let placed = checkout::place_priced(ck, &priced, Some(k), Some(&with_order)).await;
                match placed {
                    Ok(p) if p.fresh => {
                        store.took(&priced);
                        report.orders += 1;
                        if with_order.cycle.tell.is_some() {
                            crate::mail::wake();
                        }
                        return Ok(Some(CycleOutcome::Ordered));
                    }
                    Err(DomainError::Conflict(m)) if m == RECORDED_BEFORE => return Ok(None),
                    other => other,
                }
            }
        };
        match placing {
            Ok(placed) => {
                if placed.fresh {
                    store.took(&priced);
                    report.orders += 1;
                }
                outcome = Ok((placed, total, avail.left_out));
                break;
            }
            Err(e) if out_of_stock(&e) => {
                store.forget(&lines);
                continue;
            }
            Err(e) => {
                outcome = Err(e.to_string());
                break;
            }
        }
    }
    match outcome {
        Ok((placed, total, left_out)) => {
            // A Pix Automático cycle's order, or one found by its key: the cycle on its own
            // (nothing is written when it was recorded with its order).
            let tell = left_out_tell(&nomeforn, &label, slot, &left_out, total);
            record_alone(
                db,
                Cycle {
                    outcome: CycleOutcome::Ordered,
                    order_id: Some(&placed.order_id),
                    left_out: &left_out,
                    total_centavos: Some(total),
                    tell,
                    ..cycle
                },
            )
            .await
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
            record_alone(
                db,
                Cycle {
                    outcome: CycleOutcome::Refused,
                    reason: Some(&reason),
                    tell,
                    ..cycle
                },
            )
            .await
        }
    }
}

/// The buyer's e-mail about a cycle ordered without `left_out` (none when nothing was).
fn left_out_tell(
    nomeforn: &str,
    label: &str,
    slot: Slot,
    left_out: &[String],
    total: i64,
) -> Option<(String, String)> {
    (!left_out.is_empty()).then(|| {
        (
            format!("Sua cesta de {}: itens em falta", date_label(slot.data)),
            format!(
                "O pedido da sua cesta de {nomeforn} para {label} foi feito sem: {}, por falta \
                 de estoque. Total: {}.",
                left_out.join(", "),
                Money::from_centavos(total).format()
            ),
        )
    })
}
