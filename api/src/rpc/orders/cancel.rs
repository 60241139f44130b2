//! `cancelar_pedido`: the buyer's own order, only while it awaits delivery (`situacao '1'`).
//! In one write transaction: an unpaid Pix charge is cancelled; a paid one is refunded through
//! the provider, its open item leaves the supplier's balance (decisions.md §9); the order
//! becomes `'00'`; its stock and sales counters are given back (§8).
//!
//! A paid order whose open item already went into a withdrawal cannot be refunded by the
//! platform any more: that cancellation is refused and the buyer talks to the seller.

use super::{begin_write, order_id_of, order_not_found, release_stock};
use crate::{
    auth::AuthUser,
    db::now_ms,
    error::{ApiError, ApiResult},
    pix::charges,
    startup::AppState,
};
use serde::Deserialize;
use serde_json::{Value, json};
use wasm_core::money::Money;

/// `cancelar_pedido`'s payload: `item` is the order id (or the order object). The spec's
/// `usuario` and `fornend` are ignored.
#[derive(Debug, Deserialize)]
pub struct CancelOrder {
    #[serde(default)]
    pub item: Option<Value>,
    #[serde(default)]
    pub idpedido: Option<String>,
}

fn not_cancellable() -> ApiError {
    ApiError::Conflict("Este pedido não pode mais ser cancelado.".into())
}

/// `cancelar_pedido`.
pub(super) async fn cancel_order(
    state: &AppState,
    user: &AuthUser,
    req: CancelOrder,
) -> ApiResult<Value> {
    let order_id = req
        .item
        .as_ref()
        .and_then(order_id_of)
        .or(req.idpedido)
        .ok_or_else(|| ApiError::bad_request("Dados inválidos."))?;
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
    if situacao != "1" {
        return Err(not_cancellable());
    }

    cancel_awaiting(
        state,
        &order_id,
        CancelledBy::Buyer(&user.id),
        not_cancellable,
    )
    .await?;
    Ok(json!({ "ok": true }))
}

/// Who cancels an order awaiting delivery: its buyer (`'00'`) or its supplier (`'0'`).
#[derive(Debug, Clone, Copy)]
pub enum CancelledBy<'a> {
    Buyer(&'a str),
    Supplier(&'a str),
}

impl CancelledBy<'_> {
    fn user_id(&self) -> &str {
        match self {
            Self::Buyer(id) | Self::Supplier(id) => id,
        }
    }
}

/// Cancels order `order_id` while it awaits delivery, as `by` (whose ownership the caller has
/// checked), in one write transaction: an unpaid Pix charge is cancelled, a paid one refunded
/// (its open item leaves the balance), stock and sales counters are given back. `not_pending`
/// is the refusal when the order no longer awaits delivery. Shared by `cancelar_pedido` and the
/// supplier's `cancelar_entrega`.
pub async fn cancel_awaiting(
    state: &AppState,
    order_id: &str,
    by: CancelledBy<'_>,
    not_pending: fn() -> ApiError,
) -> ApiResult<()> {
    let order: Option<(Option<String>, i64, String)> =
        sqlx::query_as("SELECT txid, total_centavos, supplier_id FROM orders WHERE id = $1")
            .bind(order_id)
            .fetch_optional(&state.db)
            .await?;
    let (txid, total, supplier_id) = order.ok_or_else(order_not_found)?;
    let now = now_ms();
    let mut tx = begin_write(&state.db).await?;
    // Locks in the order charges.rs uses: charge, order, open item, products.
    let mut refund = false;
    if let Some(txid) = &txid {
        let cancelled =
            sqlx::query("UPDATE pix_charges SET status = $1 WHERE txid = $2 AND status = $3")
                .bind(charges::CANCELADO)
                .bind(txid)
                .bind(charges::PENDENTE)
                .execute(&mut *tx)
                .await?
                .rows_affected();
        if cancelled == 0 {
            refund = sqlx::query(
                "UPDATE pix_charges SET status = $1, devolvido_em = $2 \
                 WHERE txid = $3 AND status = $4",
            )
            .bind(charges::DEVOLVIDO)
            .bind(now)
            .bind(txid)
            .bind(charges::PAGO)
            .execute(&mut *tx)
            .await?
            .rows_affected()
                == 1;
        }
    }
    let changed = sqlx::query(match by {
        CancelledBy::Buyer(_) => {
            "UPDATE orders SET situacao = '00', atualizado_em = $1, \
                 status_pix = CASE WHEN status_pix = '1' THEN '0' ELSE status_pix END \
                 WHERE id = $2 AND buyer_id = $3 AND situacao = '1'"
        }
        CancelledBy::Supplier(_) => {
            "UPDATE orders SET situacao = '0', atualizado_em = $1, \
                 status_pix = CASE WHEN status_pix = '1' THEN '0' ELSE status_pix END \
                 WHERE id = $2 AND supplier_id = $3 AND situacao = '1'"
        }
    })
    .bind(now)
    .bind(order_id)
    .bind(by.user_id())
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if changed == 0 {
        tx.rollback().await?;
        return Err(not_pending());
    }
    if let (true, Some(txid)) = (refund, &txid) {
        let released = sqlx::query(
            "UPDATE open_items SET status = 'devolvido' \
             WHERE order_id = $1 AND status = '2' AND withdrawal_id IS NULL",
        )
        .bind(order_id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if released == 0 {
            tx.rollback().await?;
            return Err(ApiError::Conflict(
                "O valor deste pedido já foi repassado ao fornecedor. \
                 Combine o cancelamento com ele."
                    .into(),
            ));
        }
        // The provider gives the money back before the cancellation is committed: if it
        // fails, nothing changes.
        state.pix.refund(txid, Money::from_centavos(total)).await?;
        crate::metrics::pix_charge(crate::metrics::PixEvent::Refunded);
    }
    release_stock(&mut tx, order_id).await?;
    let by_supplier = matches!(by, CancelledBy::Supplier(_));
    crate::mail::queue_order_notice(
        &mut tx,
        order_id,
        crate::mail::OrderNotice::Cancelled {
            by_supplier,
            refunded: refund,
        },
    )
    .await?;
    tx.commit().await?;
    // The supplier's panel shows the new pending count at once.
    state.events.changed(&supplier_id);
    Ok(())
}
