//! Orders (issue 4): `finalizar_pedido` ([`place`]: recomputed with wasm-core, stock reserved
//! atomically, one transaction), `pegar_pedidos` and `consultar_pagamento` ([`view`]),
//! `cancelar_pedido` ([`cancel`]). The buyer is always the session's user (decisions.md §2).
//!
//! Write transactions start with [`begin_write`]: on SQLite `BEGIN IMMEDIATE`, which takes the
//! database's write lock up front and so waits on the pool's `busy_timeout` instead of failing
//! with "database is locked" when a read transaction cannot be upgraded; on PostgreSQL a plain
//! `BEGIN` (row locks and the conditional updates do the rest).

mod cancel;
mod load;
mod place;
mod store;
mod view;

pub use cancel::{CancelOrder, CancelledBy, cancel_awaiting};
pub use place::PlaceOrder;
pub use view::{CheckPayment, supplier_orders};

use crate::{
    auth::AuthUser,
    db::Db,
    error::{ApiError, ApiResult},
    state::AppState,
};
use serde_json::Value;
use sqlx::{Any, Transaction};

/// `finalizar_pedido`.
pub async fn place_order(state: &AppState, user: AuthUser, req: PlaceOrder) -> ApiResult<Value> {
    place::place_order(state, &user, req).await
}

/// `pegar_pedidos`.
pub async fn list_orders(state: &AppState, user: AuthUser) -> ApiResult<Value> {
    view::list_orders(state, &user).await
}

/// `consultar_pagamento`.
pub async fn check_payment(
    state: &AppState,
    user: AuthUser,
    req: CheckPayment,
) -> ApiResult<Value> {
    view::check_payment(state, &user, req).await
}

/// `cancelar_pedido`.
pub async fn cancel_order(state: &AppState, user: AuthUser, req: CancelOrder) -> ApiResult<Value> {
    cancel::cancel_order(state, &user, req).await
}

/// A write transaction: `BEGIN IMMEDIATE` on SQLite, `BEGIN` elsewhere.
pub async fn begin_write(db: &Db) -> sqlx::Result<Transaction<'static, Any>> {
    if db
        .connect_options()
        .database_url
        .scheme()
        .starts_with("sqlite")
    {
        db.begin_with("BEGIN IMMEDIATE").await
    } else {
        db.begin().await
    }
}

/// Gives back what order `order_id` took: its lines' quantities to stock (tracked stock only)
/// and to the products' and supplier's sales counters. Products are updated in id order, as
/// when they were reserved, so concurrent transactions lock them in the same order.
pub async fn release_stock(tx: &mut Transaction<'_, Any>, order_id: &str) -> sqlx::Result<()> {
    let lines: Vec<(String, i64)> = sqlx::query_as(
        "SELECT product_id, quantidade FROM order_lines WHERE order_id = $1 ORDER BY product_id",
    )
    .bind(order_id)
    .fetch_all(&mut **tx)
    .await?;
    for (product_id, quantidade) in lines {
        sqlx::query(
            "UPDATE products SET estoque = estoque + $1, \
             vendas = CASE WHEN vendas > $1 THEN vendas - $1 ELSE 0 END WHERE id = $2",
        )
        .bind(quantidade)
        .bind(&product_id)
        .execute(&mut **tx)
        .await?;
    }
    sqlx::query(
        "UPDATE suppliers SET vendasforn = CASE WHEN vendasforn > 0 THEN vendasforn - 1 ELSE 0 END \
         WHERE user_id = (SELECT supplier_id FROM orders WHERE id = $1)",
    )
    .bind(order_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The order a payload names: its id as text, or an object with `idpedido` / `id`.
fn order_id_of(v: &Value) -> Option<String> {
    let id = match v {
        Value::String(s) => Some(s.as_str()),
        Value::Object(o) => ["idpedido", "id"]
            .iter()
            .find_map(|k| o.get(*k).and_then(Value::as_str)),
        _ => None,
    }?;
    let id = id.trim();
    (!id.is_empty()).then(|| id.to_owned())
}

/// "Pedido não encontrado." (404).
fn order_not_found() -> ApiError {
    ApiError::NotFound("Pedido não encontrado.".into())
}

#[cfg(test)]
mod tests {
    use super::order_id_of;
    use serde_json::json;

    #[test]
    fn an_order_is_named_by_its_id_or_an_object() {
        assert_eq!(order_id_of(&json!("o1")).as_deref(), Some("o1"));
        assert_eq!(
            order_id_of(&json!({"idpedido": "o2"})).as_deref(),
            Some("o2")
        );
        assert_eq!(order_id_of(&json!({"id": "o3"})).as_deref(), Some("o3"));
        assert_eq!(order_id_of(&json!({"id": " "})), None);
        assert_eq!(order_id_of(&json!(3)), None);
    }
}
