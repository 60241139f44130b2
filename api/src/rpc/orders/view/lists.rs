//! Lists of orders: a supplier's (the panel's Entregas) and the buyer's (`pegar_pedidos`, their
//! data's export), in keyset pages, each order with its review.

use super::{
    BUYER_LINES, BUYER_ORDERS, LineRow, OrderRow, SUPPLIER_LINES, SUPPLIER_ORDERS, assemble,
};
use crate::{
    auth::AuthUser,
    db::Db,
    domain::charges,
    error::ApiResult,
    rpc::{
        paging::{self, After, PageAsk},
        shapes::Order,
    },
    state::AppState,
};
use serde::Serialize;
use utoipa::ToSchema;

/// A page of a supplier's orders as `pedido` objects, oldest first (the panel's Entregas): the
/// deliveries awaiting confirmation when `pending_only` (paid when by Pix, decisions.md §27),
/// placed in `[from_ms, to_ms)`, after `after`; and the next page's cursor (None when done).
pub async fn supplier_orders(
    db: &Db,
    supplier_id: &str,
    pending_only: bool,
    (from_ms, to_ms): (i64, i64),
    after: &After<i64>,
    size: i64,
) -> ApiResult<(Vec<Order>, Option<String>)> {
    macro_rules! in_range {
        ($query:expr) => {
            $query
                .bind(supplier_id)
                .bind(from_ms)
                .bind(to_ms)
                .bind(i64::from(pending_only))
                .bind(after.0)
                .bind(&after.1)
        };
    }
    let mut orders: Vec<OrderRow> = in_range!(sqlx::query_as(SUPPLIER_ORDERS.as_str()))
        .bind(paging::fetch(size))
        .fetch_all(db)
        .await?;
    let next = paging::trim(&mut orders, size, |o| paging::encode(&o.criado_em, &o.id));
    let Some(last) = orders.last() else {
        return Ok((Vec::new(), None));
    };
    let lines: Vec<LineRow> = in_range!(sqlx::query_as(SUPPLIER_LINES.as_str()))
        .bind(last.criado_em)
        .bind(&last.id)
        .fetch_all(db)
        .await?;
    let mut out = assemble(&orders, &lines)?;
    with_reviews(db, &mut out, false).await?;
    Ok((out, next))
}

/// Adds each order's review; a removed one only for its buyer (`for_buyer`).
async fn with_reviews(db: &Db, orders: &mut [Order], for_buyer: bool) -> ApiResult<()> {
    let ids: Vec<&str> = orders.iter().map(|o| o.id.as_str()).collect();
    let reviews = crate::domain::reviews::of_orders(db, &ids).await?;
    for o in orders.iter_mut() {
        o.review = reviews
            .get(&o.id)
            .filter(|r| for_buyer || r.removido_em.is_none())
            .map(crate::rpc::shapes::OrderReview::new);
    }
    Ok(())
}

/// `pegar_pedidos`'s answer: a page of the signed-in buyer's orders.
#[derive(Debug, Serialize, ToSchema)]
pub struct BuyerOrders {
    /// Newest first; an empty list when none.
    #[serde(rename = "pedidos")]
    pub orders: Vec<Order>,
    /// The next page's cursor (send it as `cursor`); absent on the last page.
    #[serde(rename = "proximo", skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub next: Option<String>,
}

/// A page of the buyer's orders, newest first, before `before`.
async fn buyer_orders(
    state: &AppState,
    user: &AuthUser,
    before: &After<i64>,
    size: i64,
) -> ApiResult<BuyerOrders> {
    let mut orders: Vec<OrderRow> = sqlx::query_as(BUYER_ORDERS.as_str())
        .bind(&user.id)
        .bind(before.0)
        .bind(&before.1)
        .bind(paging::fetch(size))
        .fetch_all(&state.db)
        .await?;
    let next = paging::trim(&mut orders, size, |o| paging::encode(&o.criado_em, &o.id));
    let Some(last) = orders.last() else {
        return Ok(BuyerOrders {
            orders: Vec::new(),
            next: None,
        });
    };
    let lines: Vec<LineRow> = sqlx::query_as(BUYER_LINES.as_str())
        .bind(&user.id)
        .bind(before.0)
        .bind(&before.1)
        .bind(last.criado_em)
        .bind(&last.id)
        .fetch_all(&state.db)
        .await?;
    let mut orders = assemble(&orders, &lines)?;
    with_reviews(&state.db, &mut orders, true).await?;
    Ok(BuyerOrders { orders, next })
}

/// `pegar_pedidos`: a page of the buyer's orders, newest first (the first without `cursor`).
pub async fn list_orders(state: &AppState, user: AuthUser, ask: PageAsk) -> ApiResult<BuyerOrders> {
    charges::expire_due(&state.db).await?;
    let before = ask.after(paging::newest())?;
    buyer_orders(state, &user, &before, ask.size()).await
}

/// Every order of the buyer, newest first (their data's export).
pub async fn all_orders(state: &AppState, user: AuthUser) -> ApiResult<Vec<Order>> {
    charges::expire_due(&state.db).await?;
    let mut out = Vec::new();
    let mut before = paging::newest();
    loop {
        let page = buyer_orders(state, &user, &before, paging::MAX_PAGE).await?;
        out.extend(page.orders);
        match page.next {
            Some(c) => before = paging::decode(&c)?,
            None => return Ok(out),
        }
    }
}
