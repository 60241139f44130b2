//! What Feira e-mails about an order, and to whom: the supplier a new order
//! (`finalizar_pedido`), the buyer when the order is confirmed (`confirmar_entrega`), cancelled
//! (by the buyer, by the supplier, or because its Pix expired), or refunded. The spec has no
//! e-mail texts; these are short Portuguese ones in its tone.
//!
//! [`queue_order_notice`] records the message inside the caller's transaction (it exists iff
//! the change commits); [`order_notice`] records it after the change (failures are logged: the
//! change stands). Either wakes the outbox ([`super::outbox`]), which sends it.

use super::enqueue;
use crate::db::Db;
use sqlx::{Any, Executor, Transaction};
use wasm_core::money::Money;

/// Something that happened to an order that someone is told about by e-mail.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OrderNotice {
    /// To the supplier: a new order.
    NewOrder,
    /// To the buyer: the supplier confirmed the delivery (or pickup).
    Confirmed,
    /// To the buyer: cancelled by them or by the supplier; `refunded` when a paid Pix was
    /// given back.
    Cancelled { by_supplier: bool, refunded: bool },
    /// To the buyer: the Pix was not paid in time and the order was cancelled.
    Expired,
    /// To the buyer: a Pix payment was given back (e.g. one that arrived after expiry).
    Refunded,
}

/// The order's facts the texts use.
#[derive(Debug, Clone)]
struct Facts {
    buyer_email: String,
    supplier_email: String,
    cliente: String,
    loja: String,
    total: String,
    tipo_entrega: String,
}

/// Recipient, subject and body of `notice` for an order with `f`.
fn compose(notice: OrderNotice, f: &Facts) -> (String, String, String) {
    let Facts {
        cliente,
        loja,
        total,
        ..
    } = f;
    let to_buyer = |subject: String, text: String| {
        (
            f.buyer_email.clone(),
            subject,
            format!(
                "Olá, {cliente}!\n\n{text}\n\nVeja seus pedidos em Perfil › Pedidos.\n\
                 Obrigado por comprar na Feira."
            ),
        )
    };
    let devolvido =
        format!("O valor pago por Pix ({total}) foi devolvido para a conta de onde saiu.");
    match notice {
        OrderNotice::NewOrder => (
            f.supplier_email.clone(),
            format!("Novo pedido de {cliente}"),
            format!(
                "Você recebeu um novo pedido de {cliente} ({}), no valor de {total}.\n\
                 Veja os detalhes em Entregas, no seu painel.",
                f.tipo_entrega
            ),
        ),
        OrderNotice::Confirmed => to_buyer(
            format!("Entrega confirmada: seu pedido em {loja}"),
            format!("{loja} confirmou a entrega do seu pedido de {total}."),
        ),
        OrderNotice::Cancelled {
            by_supplier,
            refunded,
        } => {
            let mut text = if by_supplier {
                format!(
                    "Seu pedido de {total} em {loja} foi cancelado pela loja. \
                     Se tiver dúvidas, fale com ela."
                )
            } else {
                format!("Seu pedido de {total} em {loja} foi cancelado, como você pediu.")
            };
            if refunded {
                text.push_str("\n\n");
                text.push_str(&devolvido);
            }
            let subject = if refunded {
                format!("Pedido cancelado e valor devolvido: {loja}")
            } else {
                format!("Pedido cancelado: {loja}")
            };
            to_buyer(subject, text)
        }
        OrderNotice::Expired => to_buyer(
            "Pedido cancelado: o Pix não foi pago a tempo".to_owned(),
            format!(
                "O Pix de {total} do seu pedido em {loja} não foi pago dentro do prazo, e o \
                 pedido foi cancelado. Se ainda quiser os produtos, faça um novo pedido."
            ),
        ),
        OrderNotice::Refunded => {
            to_buyer(format!("Valor devolvido: seu pedido em {loja}"), devolvido)
        }
    }
}

async fn facts<'e>(
    e: impl Executor<'e, Database = Any>,
    order_id: &str,
) -> sqlx::Result<Option<Facts>> {
    let row: Option<(String, String, String, String, i64, String)> = sqlx::query_as(
        "SELECT u.email, s.email, o.cliente_nome, o.nomeforn, o.total_centavos, o.tipo_entrega \
         FROM orders o JOIN users u ON u.id = o.buyer_id \
         JOIN suppliers s ON s.user_id = o.supplier_id WHERE o.id = $1",
    )
    .bind(order_id)
    .fetch_optional(e)
    .await?;
    Ok(row.map(
        |(buyer_email, supplier_email, cliente, loja, total, tipo_entrega)| Facts {
            buyer_email,
            supplier_email,
            cliente,
            loja,
            total: Money::from_centavos(total).format(),
            tipo_entrega,
        },
    ))
}

/// Records `notice` about order `order_id` in the outbox inside `tx`, and wakes the outbox
/// (which sends it once `tx` commits). An unknown order records nothing.
pub async fn queue_order_notice(
    tx: &mut Transaction<'_, Any>,
    order_id: &str,
    notice: OrderNotice,
) -> sqlx::Result<()> {
    let Some(f) = facts(&mut **tx, order_id).await? else {
        return Ok(());
    };
    let (to, subject, body) = compose(notice, &f);
    enqueue(&mut **tx, &to, &subject, &body).await?;
    // The outbox waits a moment after a wake, so this commits first (else its next sweep).
    super::wake();
    Ok(())
}

/// Records `notice` about order `order_id` (already committed) in the outbox and wakes it;
/// a failure is logged, never returned.
pub async fn order_notice(db: &Db, order_id: &str, notice: OrderNotice) {
    let outcome = async {
        let Some(f) = facts(db, order_id).await? else {
            return Ok(());
        };
        let (to, subject, body) = compose(notice, &f);
        enqueue(db, &to, &subject, &body).await?;
        super::wake();
        Ok::<_, sqlx::Error>(())
    }
    .await;
    if let Err(e) = outcome {
        tracing::error!(error = ?e, order_id, ?notice, "recording an e-mail");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts() -> Facts {
        Facts {
            buyer_email: "carla@x.br".into(),
            supplier_email: "loja@x.br".into(),
            cliente: "Carla".into(),
            loja: "Sítio Boa Vista".into(),
            total: "R$ 16,00".into(),
            tipo_entrega: "Entrega".into(),
        }
    }

    #[test]
    fn the_supplier_hears_of_new_orders_and_the_buyer_of_the_rest() {
        let (to, subject, body) = compose(OrderNotice::NewOrder, &facts());
        assert_eq!(
            (to.as_str(), subject.as_str()),
            ("loja@x.br", "Novo pedido de Carla")
        );
        assert!(
            body.contains("R$ 16,00") && body.contains("Entregas"),
            "{body}"
        );
        for n in [
            OrderNotice::Confirmed,
            OrderNotice::Expired,
            OrderNotice::Refunded,
            OrderNotice::Cancelled {
                by_supplier: false,
                refunded: false,
            },
        ] {
            let (to, _, body) = compose(n, &facts());
            assert_eq!(to, "carla@x.br");
            assert!(body.starts_with("Olá, Carla!"), "{body}");
        }
    }

    #[test]
    fn cancellations_say_who_and_whether_money_went_back() {
        let (_, subject, body) = compose(
            OrderNotice::Cancelled {
                by_supplier: true,
                refunded: true,
            },
            &facts(),
        );
        assert_eq!(
            subject,
            "Pedido cancelado e valor devolvido: Sítio Boa Vista"
        );
        assert!(body.contains("cancelado pela loja"), "{body}");
        assert!(body.contains("foi devolvido"), "{body}");
        let (_, subject, body) = compose(
            OrderNotice::Cancelled {
                by_supplier: false,
                refunded: false,
            },
            &facts(),
        );
        assert_eq!(subject, "Pedido cancelado: Sítio Boa Vista");
        assert!(body.contains("como você pediu") && !body.contains("devolvido"));
        let (_, subject, _) = compose(OrderNotice::Confirmed, &facts());
        assert_eq!(subject, "Entrega confirmada: seu pedido em Sítio Boa Vista");
    }
}
