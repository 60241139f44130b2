//! Received Pix from the edges into the money's rules ([`super::payments`]): record them, apply
//! what is new, and tell the supplier's panel of each paid order (a live `pagamento` event,
//! across instances). Used by the webhook, the reconciliation, `consultar_pagamento`, the expiry
//! job's check and the inbox job (which applies whatever a crash left recorded but unapplied).

use super::{
    charges::Paid,
    codes::PixOrigin,
    error::DomainResult,
    payments::{self, Outcome},
};
use crate::{db::Db, events::Hub, pix::ReceivedPix};

/// Publishes a paid order to its supplier's open panels: only now is it a new order to deliver
/// (decisions.md §27), and its payment is in.
pub fn announce(hub: &Hub, paid: &Paid) {
    if let Paid::Order {
        order_id,
        supplier_id,
        cliente_nome,
        total_centavos,
    } = paid
    {
        hub.order_placed(
            supplier_id,
            crate::events::NewOrder {
                order_id: order_id.clone(),
                cliente_nome: cliente_nome.clone(),
                total_centavos: *total_centavos,
            },
        );
        hub.payment_received(supplier_id, order_id);
    }
}

/// Applies every recorded, unapplied Pix and announces the payments; returns how many were
/// processed.
pub async fn drain(db: &Db, hub: &Hub) -> DomainResult<usize> {
    let outcomes = payments::apply_pending(db).await?;
    for o in &outcomes {
        if let Outcome::Applied(paid) = o {
            announce(hub, paid);
        }
    }
    Ok(outcomes.len())
}

/// Records `pix` (from `origin`), then applies what is pending.
pub async fn take(db: &Db, hub: &Hub, pix: &[ReceivedPix], origin: PixOrigin) -> DomainResult<()> {
    payments::receive(db, pix, origin).await?;
    drain(db, hub).await?;
    Ok(())
}
