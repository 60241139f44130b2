//! Entregas and Gestão: `pegar_entregas_pendentes`, `pegar_entregas` (by year and month; the
//! years run from the first order to now, decisions.md §14), `cancelar_entrega` (the
//! domain's cancellation: charge cancelled or refunded, stock released) and `confirmar_entrega`
//! ('Marcar como entregue': a paid delivery only, an unpaid Pix order is not one, decisions.md
//! §27; its held money waits for the buyer's word, §37),
//! and `pegar_gestao` (the month's revenue and products sold, from the orders). Months are
//! Brazilian time (UTC−3; Brazil has had no daylight saving time since 2019).

use super::{events::pending_count, own_supplier};
use crate::{
    auth::AuthUser,
    db::{Db, now_ms},
    domain::{
        charges,
        codes::{OrderStatus, PaymentMethod, PixStatus},
        orders::{self, CancelledBy, Confirmation, Outcome},
    },
    error::{ApiError, ApiResult, ErrorCode},
    messages::{DADOS_INVALIDOS, PEDIDO_NAO_ENCONTRADO},
    rpc::fields::{ItemRef, Reais, Text},
    rpc::orders::view::supplier_orders,
    rpc::paging::{self, PageAsk},
    rpc::shapes::{Order, True},
    state::AppState,
};
use chrono::{Datelike, FixedOffset, NaiveDate, Offset, TimeZone, Utc};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use utoipa::ToSchema;

/// *Gap:* confirming or cancelling an order that no longer awaits delivery.
pub const NAO_PENDENTE: &str = "Esta entrega não está mais pendente.";
/// Confirming a Pix order whose payment has not arrived (decisions.md §27).
pub const PIX_NAO_PAGO: &str = "O pagamento Pix deste pedido ainda não foi confirmado.";
/// *Gap:* a year or month outside the calendar.
pub const PERIODO_INVALIDO: &str = "Selecione um ano e um mês válidos.";

fn brasilia() -> FixedOffset {
    FixedOffset::west_opt(3 * 3600).unwrap_or(Utc.fix())
}

/// `ano` and `mes` (text or numbers).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct Period {
    #[serde(default)]
    pub ano: Text,
    #[serde(default)]
    pub mes: Text,
}

/// `pegar_entregas`: the month (`ano`, `mes`) and the page (`cursor`, `limite`).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct HistoryPage {
    #[serde(default)]
    pub ano: Text,
    #[serde(default)]
    pub mes: Text,
    /// The `proximo` of the page before; absent: the first page.
    #[serde(default)]
    pub cursor: Option<String>,
    /// Orders per page: 1 to 200, 50 when absent.
    #[serde(default)]
    pub limite: Option<i64>,
}

/// `cancelar_entrega` / `confirmar_entrega`: `item` (the order id or object).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct OrderAction {
    #[serde(default)]
    pub item: Option<ItemRef>,
    #[serde(default)]
    pub idpedido: Option<String>,
}

impl Period {
    /// `[start, end)` of the month in epoch milliseconds.
    fn range(&self) -> ApiResult<(i64, i64)> {
        let invalid = || ApiError::bad_request(PERIODO_INVALIDO);
        let year: i32 = self.ano.trimmed().parse().map_err(|_| invalid())?;
        let month: u32 = self.mes.trimmed().parse().map_err(|_| invalid())?;
        let start = NaiveDate::from_ymd_opt(year, month, 1).ok_or_else(invalid)?;
        let end = if month == 12 {
            NaiveDate::from_ymd_opt(year + 1, 1, 1)
        } else {
            NaiveDate::from_ymd_opt(year, month + 1, 1)
        }
        .ok_or_else(invalid)?;
        let ms = |d: NaiveDate| -> ApiResult<i64> {
            let t = d.and_hms_opt(0, 0, 0).ok_or_else(invalid)?;
            Ok(brasilia()
                .from_local_datetime(&t)
                .single()
                .ok_or_else(invalid)?
                .timestamp_millis())
        };
        Ok((ms(start)?, ms(end)?))
    }
}

/// The history's years: from the first order's year to the current one (just the current year
/// without orders).
pub async fn years(db: &Db, supplier_id: &str) -> ApiResult<Vec<i32>> {
    let first: Option<i64> =
        sqlx::query_scalar("SELECT MIN(criado_em) FROM orders WHERE supplier_id = $1")
            .bind(supplier_id)
            .fetch_one(db)
            .await?;
    let year_of = |ms: i64| {
        brasilia()
            .timestamp_millis_opt(ms)
            .single()
            .map_or(1970, |t| t.year())
    };
    let now = year_of(now_ms());
    let from = first.map_or(now, year_of).min(now);
    Ok((from..=now).collect())
}

/// `pegar_entregas_pendentes`'s answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct PendingOrders {
    /// How many orders await delivery (all of them, not only this page's).
    #[serde(rename = "pendentes")]
    pub count: i64,
    /// A page of the orders awaiting delivery, oldest first.
    #[serde(rename = "entregas")]
    pub orders: Vec<Order>,
    /// The next page's cursor (send it as `cursor`); absent on the last page.
    #[serde(rename = "proximo", skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub next: Option<String>,
}

/// `pegar_entregas`'s answer: a page of one month's orders.
#[derive(Debug, Serialize, ToSchema)]
pub struct MonthOrders {
    /// The page's orders of the month, any situation, by id (sort by `Infos.horario_pedido`:
    /// pages run oldest first).
    #[serde(rename = "all")]
    pub orders: BTreeMap<String, Order>,
    /// The history's years: the first order's year to the current one.
    #[serde(rename = "anos")]
    pub years: Vec<i32>,
    /// The next page's cursor (send it as `cursor`); absent on the last page.
    #[serde(rename = "proximo", skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub next: Option<String>,
}

/// `cancelar_entrega` and `confirmar_entrega`'s answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct DeliveryChanged {
    pub ok: True,
    /// How many orders still await delivery.
    #[serde(rename = "pendentes")]
    pub pending: i64,
}

/// A product sold in the month (Gestão).
#[derive(Debug, Serialize, ToSchema)]
pub struct SoldProduct {
    #[serde(rename = "titulo")]
    pub title: String,
    #[serde(rename = "opcao")]
    pub option: Option<String>,
    /// Units sold.
    #[serde(rename = "quantidade")]
    pub quantity: i64,
    /// The revenue.
    pub total: Reais,
}

/// `pegar_gestao`'s answer: the month's orders that count (not cancelled; Pix ones once paid).
#[derive(Debug, Serialize, ToSchema)]
pub struct MonthFigures {
    /// Their revenue (the sum of `total_pago`).
    pub total: Reais,
    /// How many.
    #[serde(rename = "pedidos")]
    pub orders: i64,
    /// What they sold, by revenue (highest first); empty when nothing was sold.
    #[serde(rename = "produtos")]
    pub products: Vec<SoldProduct>,
}

/// `pegar_entregas_pendentes`: the orders awaiting delivery, oldest first.
pub async fn pending(state: &AppState, user: AuthUser, ask: PageAsk) -> ApiResult<PendingOrders> {
    let supplier_id = own_supplier(&state.db, &user).await?;
    let after = ask.after(paging::oldest())?;
    charges::expire_due(&state.db).await?;
    let (orders, next) = supplier_orders(
        &state.db,
        &supplier_id,
        true,
        (0, i64::MAX),
        &after,
        ask.size(),
    )
    .await?;
    Ok(PendingOrders {
        count: pending_count(&state.db, &supplier_id).await?,
        orders,
        next,
    })
}

/// `pegar_entregas`: a page of one month's orders by id, and the history's years.
pub async fn history(state: &AppState, user: AuthUser, req: HistoryPage) -> ApiResult<MonthOrders> {
    let supplier_id = own_supplier(&state.db, &user).await?;
    let range = Period {
        ano: req.ano,
        mes: req.mes,
    }
    .range()?;
    let ask = PageAsk {
        cursor: req.cursor,
        limite: req.limite,
    };
    let after = ask.after(paging::oldest())?;
    charges::expire_due(&state.db).await?;
    let (list, next) =
        supplier_orders(&state.db, &supplier_id, false, range, &after, ask.size()).await?;
    Ok(MonthOrders {
        orders: list.into_iter().map(|o| (o.id.clone(), o)).collect(),
        years: years(&state.db, &supplier_id).await?,
        next,
    })
}

/// The order of `req`, checked to be this supplier's and awaiting delivery.
async fn own_pending_order(
    state: &AppState,
    supplier_id: &str,
    req: &OrderAction,
) -> ApiResult<String> {
    let id = req
        .item
        .as_ref()
        .and_then(ItemRef::id)
        .or_else(|| req.idpedido.clone())
        .ok_or_else(|| ApiError::bad_request(DADOS_INVALIDOS))?;
    charges::expire_due(&state.db).await?;
    let row: Option<(String, String)> =
        sqlx::query_as("SELECT supplier_id, situacao FROM orders WHERE id = $1")
            .bind(&id)
            .fetch_optional(&state.db)
            .await?;
    let (owner, situacao) = row.ok_or_else(|| ApiError::NotFound(PEDIDO_NAO_ENCONTRADO.into()))?;
    if owner != supplier_id {
        return Err(ApiError::Forbidden);
    }
    if OrderStatus::from_db(&situacao)? != OrderStatus::Awaiting {
        return Err(not_pending());
    }
    Ok(id)
}

fn not_pending() -> ApiError {
    ApiError::Conflict(NAO_PENDENTE.into())
}

async fn after_change(state: &AppState, supplier_id: &str) -> ApiResult<DeliveryChanged> {
    state.events.changed(supplier_id);
    Ok(DeliveryChanged {
        ok: True,
        pending: pending_count(&state.db, supplier_id).await?,
    })
}

/// `cancelar_entrega`.
pub async fn cancel(
    state: &AppState,
    user: AuthUser,
    req: OrderAction,
) -> ApiResult<DeliveryChanged> {
    let supplier_id = own_supplier(&state.db, &user).await?;
    let id = own_pending_order(state, &supplier_id, &req).await?;
    let by = CancelledBy::Supplier(&supplier_id);
    match orders::cancel_awaiting(&state.db, state.pix.as_ref(), &id, by).await? {
        Outcome::Cancelled { .. } => after_change(state, &supplier_id).await,
        Outcome::NotAwaiting => Err(not_pending()),
    }
}

/// `confirmar_entrega`: the store marks the order delivered ('Marcar como entregue').
pub async fn confirm(
    state: &AppState,
    user: AuthUser,
    req: OrderAction,
) -> ApiResult<DeliveryChanged> {
    let supplier_id = own_supplier(&state.db, &user).await?;
    let id = own_pending_order(state, &supplier_id, &req).await?;
    let release_after = state.config.pix.release_after;
    match orders::confirm_delivery(&state.db, &id, &supplier_id, release_after, now_ms()).await? {
        Confirmation::Confirmed => after_change(state, &supplier_id).await,
        Confirmation::NotAwaiting => Err(not_pending()),
        Confirmation::Unpaid => Err(ApiError::conflict(ErrorCode::PixNaoPago, PIX_NAO_PAGO)),
    }
}

/// The month's orders that count for Gestão: not cancelled, and Pix ones only once paid. `o` is
/// the orders; `$1` the supplier, `$2`–`$3` the month, `$4`–`$7` the codes `bind_counted!`
/// binds.
macro_rules! counted {
    () => {
        "o.supplier_id = $1 AND o.criado_em >= $2 AND o.criado_em < $3 \
         AND o.situacao NOT IN ($4, $5) AND (o.pagamento <> $6 OR o.status_pix = $7)"
    };
}

/// Binds the parameters of `counted!` to `$query`.
macro_rules! bind_counted {
    ($query:expr, $supplier:expr, $from:expr, $to:expr) => {
        $query
            .bind($supplier)
            .bind($from)
            .bind($to)
            .bind(OrderStatus::CancelledBySupplier.as_db())
            .bind(OrderStatus::CancelledByBuyer.as_db())
            .bind(PaymentMethod::Pix.as_db())
            .bind(PixStatus::Paid.as_db())
    };
}

/// A product sold in a month: title, option, quantity, revenue.
type SoldRow = (String, Option<String>, Option<i64>, Option<i64>);

/// `pegar_gestao`: the month's orders that were not cancelled, Pix ones only once paid.
pub async fn management(state: &AppState, user: AuthUser, req: Period) -> ApiResult<MonthFigures> {
    let db = &state.db;
    let supplier_id = own_supplier(db, &user).await?;
    let (from, to) = req.range()?;
    let totals = concat!(
        "SELECT COUNT(*), CAST(SUM(o.total_centavos) AS BIGINT) FROM orders o WHERE ",
        counted!()
    );
    let (count, total): (i64, Option<i64>) =
        bind_counted!(sqlx::query_as(totals), &supplier_id, from, to)
            .fetch_one(db)
            .await?;
    let sold = concat!(
        "SELECT l.titulo, l.opcao, CAST(SUM(l.quantidade) AS BIGINT), \
         CAST(SUM(l.pago_centavos) AS BIGINT) \
         FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE ",
        counted!(),
        " GROUP BY l.titulo, l.opcao"
    );
    let lines: Vec<SoldRow> = bind_counted!(sqlx::query_as(sold), &supplier_id, from, to)
        .fetch_all(db)
        .await?;
    let mut sold: Vec<(String, Option<String>, i64, i64)> = lines
        .into_iter()
        .map(|(t, o, q, v)| (t, o, q.unwrap_or(0), v.unwrap_or(0)))
        .collect();
    sold.sort_by(|a, b| b.3.cmp(&a.3).then_with(|| a.0.cmp(&b.0)));
    Ok(MonthFigures {
        total: Reais::from_centavos(total.unwrap_or(0)),
        orders: count,
        products: sold
            .into_iter()
            .map(|(title, option, quantity, revenue)| SoldProduct {
                title,
                option,
                quantity,
                total: Reais::from_centavos(revenue),
            })
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn months_are_brazilian_time() {
        // A number and text, as the panel sends them.
        let p: Period = serde_json::from_value(json!({"ano": 2025, "mes": "02"})).unwrap();
        let (from, to) = p.range().unwrap();
        // 2025-02-01T03:00:00Z and 2025-03-01T03:00:00Z.
        assert_eq!(from, 1_738_378_800_000);
        assert_eq!(to, 1_740_798_000_000);
        let bad: Period = serde_json::from_value(json!({"ano": "2025", "mes": 13})).unwrap();
        assert!(bad.range().is_err());
        let missing: Period = serde_json::from_value(json!({})).unwrap();
        assert!(missing.range().is_err());
        assert!(serde_json::from_value::<Period>(json!({"ano": [2025], "mes": 1})).is_err());
    }
}
