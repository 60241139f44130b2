//! The supplier side: business registration and every action of the supplier panel
//! (supplier-panel.md §7 and the ones docs/rpc.md adds), split by area:
//! [`registration`] (sign-up, Meus Dados, Locais de Exibição, Visibilidade), [`panel`] (the
//! panel's load and its JSON shapes), [`products`], [`photos`], [`deliveries`] (Entregas and
//! Gestão), [`day`] (the 'Dia de entrega' page), [`payments`] (options, balance, Pix key, withdrawals), [`report`] (the sales report), [`settings`] (Delivery and
//! Loja online), [`store`] (store categories and coupons) and [`events`] (new orders, live).
//!
//! Every action acts on the session user's own supplier (decisions.md §2): payload fields naming
//! a user are ignored. Another supplier's product or order is 403 (its id names it); a coupon
//! or store category is looked up among the caller's own only, so another's is 404, the same
//! answer as one nobody has.

pub mod day;
pub mod deliveries;
pub mod events;
pub mod panel;
pub mod payments;
pub mod photos;
pub mod products;
pub mod registration;
pub mod report;
pub mod settings;
pub mod store;

/// `events.rs` reads the message here.
pub use crate::messages::FORNECEDOR_NAO_ENCONTRADO;

use crate::{
    auth::AuthUser,
    db::Db,
    error::{ApiError, ApiResult},
    messages::PRODUTO_NAO_ENCONTRADO,
};
use std::fmt::Display;

/// The session user's supplier id, or 404 when they have no business account.
pub async fn own_supplier(db: &Db, user: &AuthUser) -> ApiResult<String> {
    sqlx::query_scalar("SELECT user_id FROM suppliers WHERE user_id = $1")
        .bind(&user.id)
        .fetch_optional(db)
        .await?
        .ok_or_else(|| ApiError::NotFound(FORNECEDOR_NAO_ENCONTRADO.into()))
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

/// A refusal whose message is the error's display (wasm-core's messages).
pub fn bad(e: impl Display) -> ApiError {
    ApiError::bad_request(e.to_string())
}
