//! The store's 'Dia de entrega' (decisions.md §36): `pegar_dia_entrega`, one date's orders to
//! deliver and to be picked up, with what the page needs to pack them and plan the route (the
//! route itself is computed in the browser by wasm-core's `route`, docs/delivery-route.md).
//!
//! The store is the session user's (never a payload field). The orders are those of the date
//! that are not cancelled and, when by Pix, paid (an unpaid Pix is not a delivery, decisions.md
//! §27); on today's date also the orders without a date still awaiting delivery ('Sem data
//! marcada': a store without delivery days). Dates are São Paulo's (decisions.md §40).
//! `saiu_para_entrega` tells the route's buyers by e-mail, once per order.

use super::own_supplier;
use crate::{
    auth::AuthUser,
    db::now_ms,
    domain::charges,
    error::{ApiError, ApiResult},
    rpc::orders::view::day_orders,
    rpc::shapes::Order,
    state::AppState,
};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use utoipa::ToSchema;
use wasm_core::date::Date;

/// A date that is not 'AAAA-MM-DD' (or 'DD/MM/AAAA').
pub const DATA_INVALIDA: &str = "Insira uma data válida.";

/// `pegar_dia_entrega`: the date; absent, today in São Paulo.
#[derive(Debug, Deserialize, ToSchema)]
pub struct DayAsk {
    /// 'AAAA-MM-DD'.
    #[serde(default)]
    pub data: Option<String>,
}

/// A point: the store's delivery start point or a buyer's address.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
pub struct Point {
    pub latitude: f64,
    pub longitude: f64,
}

/// One order of the day.
#[derive(Debug, Serialize, ToSchema)]
pub struct DayOrder {
    #[serde(rename = "pedido")]
    pub order: Order,
    /// The delivery address's coordinates (the buyer's geocoded address, when the order went to
    /// it); null: not known ('Sem localização' on the route).
    #[serde(rename = "local")]
    pub point: Option<Point>,
    /// An order without a date, awaiting delivery, shown on today's page ('Sem data marcada').
    #[serde(rename = "sem_data")]
    pub undated: bool,
}

/// `pegar_dia_entrega`'s answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct DayOrders {
    /// The date shown, 'AAAA-MM-DD'.
    pub data: String,
    /// Today in São Paulo, 'AAAA-MM-DD'.
    pub hoje: String,
    /// The store's name (the WhatsApp message names it).
    #[serde(rename = "loja")]
    pub store: String,
    /// The store's delivery start point (the route's origin); null when not geocoded.
    #[serde(rename = "origem")]
    pub origin: Option<Point>,
    /// The date's orders, deliveries and pickups, oldest first.
    #[serde(rename = "pedidos")]
    pub orders: Vec<DayOrder>,
}

type Located = (String, Option<f64>, Option<f64>);

/// `pegar_dia_entrega`.
pub async fn day(state: &AppState, user: AuthUser, ask: DayAsk) -> ApiResult<DayOrders> {
    let db = &state.db;
    let supplier_id = own_supplier(db, &user).await?;
    let today = Date::of_ms(now_ms()).ok_or_else(|| ApiError::bad_request(DATA_INVALIDA))?;
    let date = match ask.data.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        None => today,
        Some(s) => Date::parse(s).ok_or_else(|| ApiError::bad_request(DATA_INVALIDA))?,
    };
    charges::expire_due(db).await?;
    let undated = date == today;
    let orders = day_orders(db, &supplier_id, &date.iso(), undated).await?;
    // The buyer's coordinates, when the order's address is the buyer's current one (orders copy
    // the buyer's address at checkout and keep no coordinates of their own).
    let located: Vec<Located> = sqlx::query_as(
        "SELECT o.id, u.latitude, u.longitude FROM orders o JOIN users u ON u.id = o.buyer_id \
         WHERE o.supplier_id = $1 AND (o.data_entrega = $2 OR o.data_entrega IS NULL) \
         AND u.rua = o.rua AND u.numero = o.numero AND u.cidade = o.cidade",
    )
    .bind(&supplier_id)
    .bind(date.iso())
    .fetch_all(db)
    .await?;
    let points: HashMap<String, Point> = located
        .into_iter()
        .filter_map(|(id, lat, lon)| {
            let c = wasm_core::delivery::Coordinates::from_pair(lat, lon)?;
            Some((
                id,
                Point {
                    latitude: c.latitude(),
                    longitude: c.longitude(),
                },
            ))
        })
        .collect();
    let (store, lat, lon): (String, Option<f64>, Option<f64>) = sqlx::query_as(
        "SELECT nomeforn, entrega_latitude, entrega_longitude FROM suppliers WHERE user_id = $1",
    )
    .bind(&supplier_id)
    .fetch_one(db)
    .await?;
    let origin = wasm_core::delivery::Coordinates::from_pair(lat, lon).map(|c| Point {
        latitude: c.latitude(),
        longitude: c.longitude(),
    });
    Ok(DayOrders {
        data: date.iso(),
        hoje: today.iso(),
        store,
        origin,
        orders: orders
            .into_iter()
            .map(|order| DayOrder {
                point: points.get(&order.id).copied(),
                undated: order.infos.date.is_none(),
                order,
            })
            .collect(),
    })
}

/// `saiu_para_entrega`: the route's orders (their ids).
#[derive(Debug, Deserialize, ToSchema)]
pub struct OutForDelivery {
    #[serde(default)]
    pub pedidos: Vec<String>,
}

/// `saiu_para_entrega`'s answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct BuyersTold {
    /// How many buyers were told now (an order told before, not a pending delivery of this
    /// store, is not told again).
    pub avisados: i64,
}

/// The most orders one 'Saiu para entrega' names.
const MAX_ORDERS: usize = 500;

/// `saiu_para_entrega`: e-mails each buyer of the route once ('Seu pedido da {loja} está a
/// caminho'); idempotent.
pub async fn out_for_delivery(
    state: &AppState,
    user: AuthUser,
    req: OutForDelivery,
) -> ApiResult<BuyersTold> {
    let supplier_id = own_supplier(&state.db, &user).await?;
    if req.pedidos.len() > MAX_ORDERS {
        return Err(ApiError::bad_request(crate::messages::DADOS_INVALIDOS));
    }
    let told =
        crate::domain::orders::out_for_delivery(&state.db, &req.pedidos, &supplier_id, now_ms())
            .await?;
    Ok(BuyersTold { avisados: told })
}
