//! `consultar_pagamento`: the state of an order's Pix charge, asked by the order's buyer or
//! supplier, the order named in any of the shapes the spec's clients send. A pending charge is
//! first looked up at the provider, at most once per `PIX_QUERY_INTERVAL_SECONDS` per charge
//! across all instances ([`crate::outside::take_slot`]); in between the database answers (the
//! webhook keeps it current), however often the page polls.

use super::order_not_found;
use crate::{
    auth::AuthUser,
    domain::{
        charges,
        codes::{ChargeStatus, PixOrigin, RefundReason},
    },
    error::{ApiError, ApiResult},
    messages::DADOS_INVALIDOS,
    pix::reconcile,
    rpc::fields::filled,
    state::AppState,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// `consultar_pagamento`'s payload: `all` names the order (`{idpedido}`, `{txid}`, or the whole
/// order object); `idpedido` / `txid` at the top level are accepted too.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CheckPayment {
    #[serde(default)]
    pub all: Option<PaymentRef>,
    #[serde(default)]
    pub idpedido: Option<String>,
    #[serde(default)]
    pub txid: Option<String>,
}

/// The order `consultar_pagamento`'s `all` names: its id as text, or an object carrying the id
/// (`id`, `idpedido`) or the charge's `txid` (at the top, or in `Infos` as the order object has
/// it). Other fields are ignored.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum PaymentRef {
    /// The order's id.
    Id(String),
    /// `{idpedido}`, `{txid}` or the order object.
    Object(PaymentObject),
}

/// An object naming an order or its charge (see [`PaymentRef`]).
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct PaymentObject {
    #[serde(default)]
    pub id: Option<String>,
    #[serde(default)]
    pub idpedido: Option<String>,
    #[serde(default)]
    pub txid: Option<String>,
    /// The order object's facts: only its `txid` is read.
    #[serde(rename = "Infos", default)]
    pub infos: Option<ChargeRef>,
}

/// `{txid}` (other fields ignored).
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct ChargeRef {
    #[serde(default)]
    pub txid: Option<String>,
}

impl PaymentRef {
    /// The order's id, when named (trimmed, not blank).
    fn order_id(&self) -> Option<String> {
        filled(match self {
            Self::Id(id) => Some(id.as_str()),
            Self::Object(o) => o.id.as_deref().or(o.idpedido.as_deref()),
        })
    }

    /// The charge's txid, when named.
    fn txid(&self) -> Option<String> {
        match self {
            Self::Id(_) => None,
            Self::Object(o) => o.txid.clone().or_else(|| o.infos.as_ref()?.txid.clone()),
        }
    }
}

/// `consultar_pagamento`'s answer: the state of an order's Pix charge (both false while it
/// waits, and for an order paid in person).
#[derive(Debug, Serialize, ToSchema)]
pub struct PaymentState {
    /// The charge was paid (a refunded one too).
    #[serde(rename = "pago")]
    pub paid: bool,
    /// The charge expired or was cancelled unpaid.
    #[serde(rename = "expirado")]
    pub expired: bool,
    /// Why a Pix that came in for this order is being (or was) given back (a paid order
    /// cancelled, paid too late, another amount); null when none came back.
    #[serde(rename = "pix_devolvido")]
    pub refund_reason: Option<RefundReason>,
}

/// An order's buyer and supplier, and its Pix charge's txid and status (none when paid in
/// person).
type OwnedCharge = (String, String, Option<String>, Option<String>);

/// `consultar_pagamento`: `{pago, expirado, pix_devolvido}` of an order's Pix charge (false,
/// false and null while it waits, and for an order paid in person). Only the order's buyer or supplier may ask. A
/// pending charge is first looked up at the provider (`GET /cob/{txid}` with a PSP), so the
/// buyer's status is the PSP's.
pub async fn check_payment(
    state: &AppState,
    user: AuthUser,
    req: CheckPayment,
) -> ApiResult<PaymentState> {
    let all = req.all.as_ref();
    let txid = req.txid.or_else(|| all.and_then(PaymentRef::txid));
    let order_id = req.idpedido.or_else(|| all.and_then(PaymentRef::order_id));
    let row: Option<OwnedCharge> = match (order_id, txid) {
        (Some(id), _) => {
            sqlx::query_as(
                "SELECT o.buyer_id, o.supplier_id, c.txid, c.status FROM orders o \
             LEFT JOIN pix_charges c ON c.txid = o.txid WHERE o.id = $1",
            )
            .bind(id)
            .fetch_optional(&state.db)
            .await?
        }
        (None, Some(txid)) => {
            sqlx::query_as(
                "SELECT o.buyer_id, o.supplier_id, c.txid, c.status FROM pix_charges c \
             JOIN orders o ON o.id = c.order_id WHERE c.txid = $1",
            )
            .bind(txid)
            .fetch_optional(&state.db)
            .await?
        }
        (None, None) => return Err(ApiError::bad_request(DADOS_INVALIDOS)),
    };
    let (buyer, supplier, txid, status) = row.ok_or_else(order_not_found)?;
    if user.id != buyer && user.id != supplier {
        return Err(ApiError::Forbidden);
    }
    let mut status = status.as_deref().map(ChargeStatus::from_db).transpose()?;
    if let (Some(ChargeStatus::Pending), Some(txid)) = (status, &txid) {
        // The PSP's word: a payment it has is applied now (a webhook may be late or lost).
        let (db, hub) = (&state.db, &state.events);
        let slot = format!("consulta-pix:{txid}");
        if crate::outside::take_slot(db, &slot, state.config.pix.query_interval)
            .await?
            .is_none()
        {
            reconcile::refresh(db, state.pix.as_ref(), hub, txid, PixOrigin::Query).await;
        }
        charges::expire_due(db).await?;
        let now: Option<String> =
            sqlx::query_scalar("SELECT status FROM pix_charges WHERE txid = $1")
                .bind(txid)
                .fetch_optional(db)
                .await?;
        status = now.as_deref().map(ChargeStatus::from_db).transpose()?;
    }
    let refund_reason: Option<String> = match &txid {
        Some(txid) => {
            sqlx::query_scalar(
                "SELECT motivo FROM pix_refunds WHERE txid = $1 \
                 ORDER BY criado_em DESC, id LIMIT 1",
            )
            .bind(txid)
            .fetch_optional(&state.db)
            .await?
        }
        None => None,
    };
    Ok(PaymentState {
        paid: status.is_some_and(ChargeStatus::was_paid),
        expired: status.is_some_and(ChargeStatus::was_abandoned),
        refund_reason: refund_reason
            .as_deref()
            .map(RefundReason::from_db)
            .transpose()?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn named(all: serde_json::Value) -> (Option<String>, Option<String>) {
        let r: PaymentRef = serde_json::from_value(all).unwrap();
        (r.order_id(), r.txid())
    }

    #[test]
    fn the_order_is_named_by_id_txid_or_the_order_object() {
        let some = |s: &str| Some(s.to_owned());
        assert_eq!(named(json!("o1")), (some("o1"), None));
        assert_eq!(named(json!({"idpedido": " o2 "})), (some("o2"), None));
        assert_eq!(named(json!({"txid": "t3"})), (None, some("t3")));
        let order = json!({"id": "o4", "idpedido": "o4", "Infos": {"txid": "t4", "total_pago": 9.5},
            "Produtos": [{"titulo": "Alface"}]});
        assert_eq!(named(order), (some("o4"), some("t4")));
        assert_eq!(named(json!({"Infos": {"txid": null}})), (None, None));
        assert_eq!(named(json!(" ")), (None, None));
        assert!(serde_json::from_value::<PaymentRef>(json!(4)).is_err());
        assert!(serde_json::from_value::<PaymentRef>(json!({"idpedido": 4})).is_err());
    }
}
