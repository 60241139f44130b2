//! The supplier side (issue 5): business registration and every action of the supplier panel
//! (supplier-panel.md §7 and the ones docs/rpc.md adds), split by area:
//! [`registration`] (sign-up, Meus Dados, Locais de Exibição, Visibilidade), [`panel`] (the
//! panel's load and its JSON shapes), [`products`], [`photos`], [`deliveries`] (Entregas and
//! Gestão), [`payments`] (options, balance, Pix key, withdrawals), [`settings`] (Delivery and
//! Loja online), [`store`] (store categories and coupons) and [`events`] (new orders, live).
//!
//! Every action acts on the session user's own supplier (decisions.md §2): payload fields naming
//! a user are ignored, and a product, order, coupon or category of another supplier is 403.

pub mod deliveries;
pub mod events;
pub mod panel;
pub mod payments;
pub mod photos;
pub mod products;
pub mod registration;
pub mod settings;
pub mod store;

use crate::{
    auth::AuthUser,
    db::Db,
    error::{ApiError, ApiResult},
};
use serde_json::Value;
use std::fmt::Display;
use wasm_core::money::Money;

/// A signed-in user without a business account, in the panel.
pub const FORNECEDOR_NAO_ENCONTRADO: &str = "Fornecedor não encontrado.";
pub const PRODUTO_NAO_ENCONTRADO: &str = "Produto não encontrado.";

/// The session user's supplier id, or 404 when they have no business account.
pub async fn own_supplier(db: &Db, user: &AuthUser) -> ApiResult<String> {
    sqlx::query_scalar("SELECT user_id FROM suppliers WHERE user_id = $1")
        .bind(&user.id)
        .fetch_optional(db)
        .await?
        .ok_or_else(|| ApiError::NotFound(FORNECEDOR_NAO_ENCONTRADO.into()))
}

/// The id an `item` names: the id as text, or an object's `id` / `idpedido`.
pub fn id_of(v: &Value) -> Option<String> {
    let id = match v {
        Value::String(s) => Some(s.as_str()),
        Value::Object(o) => ["id", "idpedido", "idlocal"]
            .iter()
            .find_map(|k| o.get(*k).and_then(Value::as_str)),
        _ => None,
    }?;
    let id = id.trim();
    (!id.is_empty()).then(|| id.to_owned())
}

/// The id in `item`, or 400.
pub fn required_id(v: Option<&Value>) -> ApiResult<String> {
    v.and_then(id_of)
        .ok_or_else(|| ApiError::bad_request("Dados inválidos."))
}

/// Product `product_id` of supplier `supplier_id`: 404 when it does not exist, 403 when it is
/// another supplier's.
pub async fn owned_product(db: &Db, supplier_id: &str, product_id: &str) -> ApiResult<()> {
    let owner: Option<String> =
        sqlx::query_scalar("SELECT supplier_id FROM products WHERE id = $1")
            .bind(product_id)
            .fetch_optional(db)
            .await?;
    match owner {
        None => Err(ApiError::NotFound(PRODUTO_NAO_ENCONTRADO.into())),
        Some(o) if o != supplier_id => Err(ApiError::Forbidden),
        Some(_) => Ok(()),
    }
}

/// A form value as text: text as is, numbers as their decimal text, anything else empty.
pub fn text(v: Option<&Value>) -> String {
    match v {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Number(n)) => n
            .as_f64()
            .map(wasm_core::forms::number_text)
            .unwrap_or_default(),
        _ => String::new(),
    }
}

/// A refusal whose message is the error's display (wasm-core's messages).
pub fn bad(e: impl Display) -> ApiError {
    ApiError::bad_request(e.to_string())
}

/// Centavos as reais for the JSON.
pub fn reais(centavos: i64) -> f64 {
    Money::from_centavos(centavos).reais()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn items_are_ids_or_objects() {
        assert_eq!(id_of(&json!("p1")).as_deref(), Some("p1"));
        assert_eq!(id_of(&json!({"id": "p2"})).as_deref(), Some("p2"));
        assert_eq!(id_of(&json!({"idpedido": "o1"})).as_deref(), Some("o1"));
        assert_eq!(id_of(&json!(" ")), None);
        assert_eq!(id_of(&json!(4)), None);
    }

    #[test]
    fn form_values_as_text() {
        assert_eq!(text(Some(&json!("7,5"))), "7,5");
        assert_eq!(text(Some(&json!(12))), "12");
        assert_eq!(text(Some(&json!(7.5))), "7.50");
        assert_eq!(text(None), "");
    }
}
