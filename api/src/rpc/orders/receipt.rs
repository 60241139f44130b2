//! `confirmar_recebimento`: the buyer's 'Recebi meu pedido' on their own order once its store
//! marked it delivered (decisions.md §37): its held Pix money joins the store's balance at once.
//! A second tap (or one after the automatic release) changes nothing and answers ok. The state
//! change is [`receipt::confirm`]'s.

use super::order_not_found;
use crate::{
    auth::AuthUser,
    db::now_ms,
    domain::orders::receipt::{self, Received},
    error::{ApiError, ApiResult, ErrorCode},
    messages::DADOS_INVALIDOS,
    rpc::{fields::ItemRef, shapes::Done},
    state::AppState,
};
use serde::Deserialize;

/// 'Recebi meu pedido' before the store marked the order delivered (or on a cancelled one).
pub const NAO_ENTREGUE: &str = "O vendedor ainda não marcou este pedido como entregue.";

/// 'Recebi meu pedido' while a problem case is open: the case settles the money.
pub const EM_RECLAMACAO: &str =
    "Este pedido tem uma reclamação aberta: aceite a proposta da loja ou aguarde a decisão.";

/// `confirmar_recebimento`'s payload: `item` is the order id (or the order object).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ConfirmReceipt {
    #[serde(default)]
    pub item: Option<ItemRef>,
}

/// `confirmar_recebimento`.
pub async fn confirm_receipt(
    state: &AppState,
    user: AuthUser,
    req: ConfirmReceipt,
) -> ApiResult<Done> {
    let order_id = req
        .item
        .as_ref()
        .and_then(ItemRef::id)
        .ok_or_else(|| ApiError::bad_request(DADOS_INVALIDOS))?;
    let buyer: Option<(String, String)> =
        sqlx::query_as("SELECT buyer_id, supplier_id FROM orders WHERE id = $1")
            .bind(&order_id)
            .fetch_optional(&state.db)
            .await?;
    let (buyer, supplier_id) = buyer.ok_or_else(order_not_found)?;
    if buyer != user.id {
        return Err(ApiError::Forbidden);
    }
    match receipt::confirm(&state.db, &order_id, now_ms()).await? {
        Received::Confirmed => {
            // The store's panel shows the money released at once.
            state.events.changed(&supplier_id);
            Ok(Done::default())
        }
        Received::Already => Ok(Done::default()),
        Received::NotDelivered => Err(ApiError::conflict(ErrorCode::NaoEntregue, NAO_ENTREGUE)),
        Received::InCase => Err(ApiError::conflict(ErrorCode::Conflito, EM_RECLAMACAO)),
    }
}
