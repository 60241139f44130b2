//! Orders (issue 4): `finalizar_pedido` ([`place`]: recomputed with wasm-core, stock reserved
//! atomically, one transaction), `pegar_pedidos` and `consultar_pagamento` ([`view`]),
//! `cancelar_pedido` ([`cancel`]). The buyer is always the session's user (decisions.md §2).
//! The state changes are the domain's ([`crate::domain::orders`]).

mod cancel;
mod load;
mod place;
mod view;

pub use cancel::CancelOrder;
pub use place::PlaceOrder;
pub use view::{CheckPayment, supplier_orders};

use crate::{
    auth::AuthUser,
    error::{ApiError, ApiResult},
    state::AppState,
};
use serde_json::Value;

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
