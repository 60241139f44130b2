//! Orders (issue 4): `finalizar_pedido` ([`place`]: recomputed with wasm-core, stock reserved
//! atomically, one transaction), `pegar_pedidos` and `consultar_pagamento` ([`view`]),
//! `cancelar_pedido` ([`cancel`]). The buyer is always the session's user (decisions.md §2).
//! The state changes are the domain's ([`crate::domain::orders`]).

pub mod cancel;
mod load;
pub mod place;
pub mod view;

use crate::error::ApiError;
use serde_json::Value;

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
