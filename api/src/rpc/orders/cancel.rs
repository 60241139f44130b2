//! `cancelar_pedido`: the buyer's own order, only while it awaits delivery (`situacao '1'`).
//! The state changes (charge cancelled or refunded, open item reversed, stock released) are
//! [`orders::cancel_awaiting`]'s.

use super::order_not_found;
use crate::{
    auth::AuthUser,
    domain::{
        charges,
        codes::OrderStatus,
        orders::{self, CancelledBy, Outcome},
    },
    error::{ApiError, ApiResult},
    messages::DADOS_INVALIDOS,
    rpc::{fields::ItemRef, shapes::Done},
    state::AppState,
};
use serde::Deserialize;

/// `cancelar_pedido`'s payload: `item` is the order id (or the order object). The spec's
/// `usuario` and `fornend` are ignored.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CancelOrder {
    #[serde(default)]
    pub item: Option<ItemRef>,
    #[serde(default)]
    pub idpedido: Option<String>,
}

fn not_cancellable() -> ApiError {
    ApiError::Conflict("Este pedido não pode mais ser cancelado.".into())
}

/// `cancelar_pedido`.
pub async fn cancel_order(state: &AppState, user: AuthUser, req: CancelOrder) -> ApiResult<Done> {
    let order_id = req
        .item
        .as_ref()
        .and_then(ItemRef::id)
        .or(req.idpedido)
        .ok_or_else(|| ApiError::bad_request(DADOS_INVALIDOS))?;
    // A charge past its time expires (and cancels its order) before anything else.
    charges::expire_due(&state.db).await?;
    let order: Option<(String, String)> =
        sqlx::query_as("SELECT buyer_id, situacao FROM orders WHERE id = $1")
            .bind(&order_id)
            .fetch_optional(&state.db)
            .await?;
    let (buyer, situacao) = order.ok_or_else(order_not_found)?;
    if buyer != user.id {
        return Err(ApiError::Forbidden);
    }
    if OrderStatus::from_db(&situacao)? != OrderStatus::Awaiting {
        return Err(not_cancellable());
    }
    let by = CancelledBy::Buyer(&user.id);
    match orders::cancel_awaiting(&state.db, state.pix.as_ref(), &order_id, by).await? {
        Outcome::Cancelled { supplier_id } => {
            // The supplier's panel shows the new pending count at once.
            state.events.changed(&supplier_id);
            Ok(Done::default())
        }
        Outcome::NotAwaiting => Err(not_cancellable()),
    }
}
