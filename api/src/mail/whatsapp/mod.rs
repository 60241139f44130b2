//! WhatsApp notices (decisions.md §38) through the WhatsApp Business Cloud API, beside the
//! e-mails (which stay).
//!
//! - A person opts in, per role ([`Role`]: the buyer's profile phone, the store's phone), and
//!   the date of that consent is kept; which kinds of notice ([`Kind`]) go by WhatsApp is a small
//!   table per person (a kind without a row is on). A reply 'PARAR' or 'SAIR', or a number the
//!   Cloud API refuses as invalid (error 131026 and the like), turns the channel off
//!   ([`contacts`]).
//! - Each order notice that has a template ([`templates`]) is recorded in `whatsapp_outbox` by
//!   [`queue_order_notices`], inside the transaction that records the e-mail, only for an
//!   opted-in person and only when the channel is configured (`WHATSAPP_*`, checked when the
//!   opt-in is given: without it the profile does not offer the channel).
//! - The outbox's WhatsApp sender ([`outbox`]) claims each message once across instances and
//!   sends it with the Cloud API's client ([`client`]); the webhook's statuses and replies are
//!   applied by [`inbound`] (the HTTP edge, with its signature check, is `crate::whatsapp_http`).

pub mod baskets;
pub mod cases;
pub mod client;
pub mod contacts;
pub mod inbound;
pub mod outbox;
pub mod templates;

pub use contacts::{Kind, Role};
pub use templates::Template;

use crate::db::{new_id, now_ms};
use crate::mail::OrderNotice;
use sqlx::{Any, Executor, Transaction};
use wasm_core::money::Money;

/// A template message ready for the outbox: its template, body variables and the suffix of its
/// link button (the page the message points to).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    pub template: Template,
    pub body: Vec<String>,
    pub link: String,
}

/// The order's facts the templates use: buyer and store ids, names, total, delivery mode and
/// whether it is paid by Pix (its txid).
pub(crate) type Facts = (String, String, String, String, i64, String, Option<String>);

/// The message of `notice` to `role`, or `None` when that notice has no WhatsApp template
/// (it goes by e-mail only).
fn compose(notice: OrderNotice, f: &Facts, order_id: &str) -> Option<(Role, Message)> {
    let (buyer_id, supplier_id, cliente, loja, total, tipo_entrega, txid) = f;
    let total = Money::from_centavos(*total).format();
    let buyer_link = format!("painel/perfil/{buyer_id}?pedido={order_id}");
    let store_link = format!("painel/{supplier_id}?pedido={order_id}");
    let to_buyer = |template, body: Vec<String>| {
        Some((
            Role::Buyer,
            Message {
                template,
                body,
                link: buyer_link.clone(),
            },
        ))
    };
    let refunded = |valor: String| {
        to_buyer(
            Template::ValorDevolvido,
            vec![cliente.clone(), valor, loja.clone()],
        )
    };
    match notice {
        OrderNotice::NewOrder => Some((
            Role::Store,
            Message {
                template: if txid.is_some() {
                    Template::NovoPedidoPago
                } else {
                    Template::NovoPedidoNaEntrega
                },
                body: vec![
                    cliente.clone(),
                    loja.clone(),
                    total,
                    tipo_entrega.to_lowercase(),
                ],
                link: store_link,
            },
        )),
        OrderNotice::Received => to_buyer(
            Template::PedidoRecebido,
            vec![cliente.clone(), total, loja.clone()],
        ),
        OrderNotice::PaymentReceived => to_buyer(
            Template::PagamentoConfirmado,
            vec![cliente.clone(), total, loja.clone()],
        ),
        OrderNotice::OutForDelivery => to_buyer(
            Template::SaiuParaEntrega,
            vec![cliente.clone(), loja.clone()],
        ),
        OrderNotice::Delivered { .. } => to_buyer(
            Template::PedidoEntregue,
            vec![cliente.clone(), loja.clone(), total],
        ),
        OrderNotice::Refunded { .. } | OrderNotice::Cancelled { refunded: true, .. } => {
            refunded(total)
        }
        OrderNotice::WrongAmount { valor_centavos } => {
            refunded(Money::from_centavos(valor_centavos).format())
        }
        OrderNotice::Cancelled {
            refunded: false, ..
        }
        | OrderNotice::InPersonExpired => to_buyer(
            Template::PedidoCancelado,
            vec![cliente.clone(), total, loja.clone()],
        ),
        OrderNotice::Expired { .. } => to_buyer(
            Template::PixExpirado,
            vec![cliente.clone(), total, loja.clone()],
        ),
        // The rest (and notices added later) go by e-mail only until they have a template.
        _ => None,
    }
}

/// Records in `whatsapp_outbox`, inside `tx`, the WhatsApp message of each of `notices` about
/// order `order_id` that has a template, for each recipient who opted in (and takes that kind
/// of notice by WhatsApp). Called where the same notices' e-mails are recorded; wakes nothing
/// itself (the e-mail's wake also wakes this channel's sender).
pub async fn queue_order_notices(
    tx: &mut Transaction<'_, Any>,
    order_id: &str,
    notices: &[OrderNotice],
) -> sqlx::Result<()> {
    let facts: Option<Facts> = sqlx::query_as(
        "SELECT buyer_id, supplier_id, cliente_nome, nomeforn, total_centavos, tipo_entrega, \
         txid FROM orders WHERE id = $1",
    )
    .bind(order_id)
    .fetch_optional(&mut **tx)
    .await?;
    let Some(f) = facts else {
        return Ok(());
    };
    queue_order_notices_of(tx, order_id, &f, notices).await
}

/// [`queue_order_notices`] with the order's facts `f` as the caller has them (the placing
/// transaction, which has just written them): nothing is read.
pub(crate) async fn queue_order_notices_of(
    tx: &mut Transaction<'_, Any>,
    order_id: &str,
    f: &Facts,
    notices: &[OrderNotice],
) -> sqlx::Result<()> {
    for &notice in notices {
        if let Some((role, message)) = compose(notice, f, order_id) {
            let user = match role {
                Role::Buyer => &f.0,
                Role::Store => &f.1,
            };
            queue(&mut **tx, user, role, &message, Some(order_id)).await?;
        }
    }
    Ok(())
}

/// Records the store's 'saque pago' for withdrawal `id`, inside `tx` (the confirmation's), and
/// wakes the outbox.
pub async fn queue_withdrawal_paid(tx: &mut Transaction<'_, Any>, id: &str) -> sqlx::Result<()> {
    let row: Option<(String, String, i64)> = sqlx::query_as(
        "SELECT w.supplier_id, s.nomeforn, w.liquido_centavos FROM withdrawals w \
         JOIN suppliers s ON s.user_id = w.supplier_id WHERE w.id = $1",
    )
    .bind(id)
    .fetch_optional(&mut **tx)
    .await?;
    if let Some((supplier, loja, net)) = row {
        let message = Message {
            template: Template::SaquePago,
            body: vec![loja, Money::from_centavos(net).format()],
            link: format!("painel/{supplier}"),
        };
        if queue(&mut **tx, &supplier, Role::Store, &message, None).await? {
            crate::mail::wake();
        }
    }
    Ok(())
}

/// The longest free text (an admin's reason, a refusal) carried in a template variable; the
/// whole text is in the e-mail and on the page the message links to.
const TEXT_CHARS: usize = 300;

/// `text` as one template variable: no line breaks or tabs (Meta refuses them), at most
/// [`TEXT_CHARS`] characters.
pub fn one_line(text: &str) -> String {
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if flat.chars().count() <= TEXT_CHARS {
        return flat;
    }
    let cut: String = flat.chars().take(TEXT_CHARS - 1).collect();
    format!("{}…", cut.trim_end())
}

/// Records `message` for `user` in `role` when they opted in and take its kind by WhatsApp;
/// returns whether it was recorded.
pub async fn queue<'e, E>(
    e: E,
    user: &str,
    role: Role,
    message: &Message,
    order_id: Option<&str>,
) -> sqlx::Result<bool>
where
    E: Executor<'e, Database = Any>,
{
    let kind = message.template.kind();
    let variables = serde_json::json!({ "corpo": message.body, "link": message.link }).to_string();
    // One statement: the row exists only for an active contact whose kind is not turned off.
    let done = sqlx::query(
        "INSERT INTO whatsapp_outbox (id, user_id, papel, destinatario, modelo, variaveis, \
           order_id, criado_em) \
         SELECT $1, c.user_id, c.papel, c.telefone, $2, $3, $4, $5 FROM whatsapp_contacts c \
         WHERE c.user_id = $6 AND c.papel = $7 AND c.ativo = 1 \
           AND NOT EXISTS (SELECT 1 FROM whatsapp_notice_kinds k WHERE k.user_id = c.user_id \
             AND k.aviso = $8 AND k.whatsapp = 0)",
    )
    .bind(new_id())
    .bind(message.template.name())
    .bind(variables)
    .bind(order_id)
    .bind(now_ms())
    .bind(user)
    .bind(role.as_str())
    .bind(kind.as_str())
    .execute(e)
    .await?;
    Ok(done.rows_affected() > 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::codes::RefundReason;

    fn facts(pix: bool) -> Facts {
        (
            "comprador1".into(),
            "loja1".into(),
            "Carla".into(),
            "Sítio Boa Vista".into(),
            1600,
            "Entrega".into(),
            pix.then(|| "tx1".into()),
        )
    }

    #[test]
    fn free_text_becomes_one_short_line() {
        assert_eq!(one_line("Sem prova\nda  entrega"), "Sem prova da entrega");
        let v = one_line(&"a ".repeat(400));
        assert_eq!(v.chars().count(), TEXT_CHARS);
        assert!(v.ends_with('…'));
    }

    #[test]
    fn each_notice_has_its_template_and_variables() {
        let (role, m) = compose(OrderNotice::PaymentReceived, &facts(true), "p1").unwrap();
        assert_eq!(role, Role::Buyer);
        assert_eq!(m.template, Template::PagamentoConfirmado);
        assert_eq!(m.body, ["Carla", "R$ 16,00", "Sítio Boa Vista"]);
        assert_eq!(m.link, "painel/perfil/comprador1?pedido=p1");
        let (role, m) = compose(OrderNotice::NewOrder, &facts(true), "p1").unwrap();
        assert_eq!((role, m.template), (Role::Store, Template::NovoPedidoPago));
        assert_eq!(m.link, "painel/loja1?pedido=p1");
        let (_, m) = compose(OrderNotice::NewOrder, &facts(false), "p1").unwrap();
        assert_eq!(m.template, Template::NovoPedidoNaEntrega);
        let (_, m) = compose(
            OrderNotice::WrongAmount {
                valor_centavos: 799,
            },
            &facts(true),
            "p1",
        )
        .unwrap();
        assert_eq!(m.template, Template::ValorDevolvido);
        assert_eq!(m.body[1], "R$ 7,99");
        let refund = OrderNotice::Refunded {
            reason: RefundReason::DuplicatePayment,
        };
        assert!(compose(refund, &facts(true), "p1").is_some());
        for n in [
            OrderNotice::Received,
            OrderNotice::OutForDelivery,
            OrderNotice::Delivered { release_days: 3 },
        ] {
            let (role, m) = compose(n, &facts(false), "p1").unwrap();
            assert_eq!(role, Role::Buyer);
            assert_eq!(m.body.len(), m.template.variables(), "{n:?}");
        }
        let (_, m) = compose(OrderNotice::InPersonExpired, &facts(false), "p1").unwrap();
        assert_eq!(m.template, Template::PedidoCancelado);
        let cancelled = OrderNotice::Cancelled {
            by_supplier: true,
            refunded: false,
        };
        let (_, m) = compose(cancelled, &facts(false), "p1").unwrap();
        assert_eq!(m.template, Template::PedidoCancelado);
        let (_, m) = compose(OrderNotice::Expired { returned: false }, &facts(true), "p1").unwrap();
        assert_eq!((m.template, m.body.len()), (Template::PixExpirado, 3));
        let receipt = OrderNotice::ReceiptSettled { automatic: true };
        assert!(compose(receipt, &facts(true), "p1").is_none());
    }
}
