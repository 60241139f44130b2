//! What Feira e-mails about an order, and to whom: the supplier a new order (`finalizar_pedido`
//! in person; a Pix order once it is paid, decisions.md §27), the buyer 'Pedido recebido' when an
//! in-person order is placed and a receipt when its Pix is paid, and when the order is marked
//! delivered (`confirmar_entrega`: asked to confirm with 'Recebi meu pedido'), cancelled (by the buyer, by the
//! supplier, or because its Pix expired), or money came back (a late Pix, a second one, one
//! after the order was cancelled, one of another amount) or could not be given back. The spec
//! has no
//! e-mail texts; these are short Portuguese ones in its tone. An order with a delivery or pickup
//! date (decisions.md §36) says it in the new order, 'Pedido recebido' and the Pix receipt.
//!
//! [`queue_order_notice`] records the message inside the caller's transaction (it exists iff
//! the change commits: a crash after the commit loses none) and wakes the outbox
//! ([`super::outbox`]), which sends it.

mod texts;

use super::enqueue;
use crate::domain::codes::RefundReason;
use sqlx::{Any, Executor, Transaction};
use texts::compose;
use wasm_core::{delivery::days::Slot, money::Money};

/// Something that happened to an order that someone is told about by e-mail.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OrderNotice {
    /// To the supplier: a new order.
    NewOrder,
    /// To the buyer: the supplier marked the order delivered (or picked up); asks 'Recebi meu
    /// pedido' or 'Tive um problema' (decisions.md §37). Without an answer the money is released
    /// to the store after `release_days`.
    Delivered { release_days: u64 },
    /// To the buyer: cancelled by them or by the supplier; `refunded` when a paid Pix was
    /// given back.
    Cancelled { by_supplier: bool, refunded: bool },
    /// To the buyer: an in-person order its store did not confirm in time was cancelled.
    InPersonExpired,
    /// To the buyer: the Pix was not paid in time and the order was cancelled; `returned` when
    /// a Pix of another amount did come in for it (and was given back): then it was paid, just
    /// not the right amount, and the text says so.
    Expired { returned: bool },
    /// To the buyer: a Pix payment that could not be applied to the order is being given back,
    /// said as what happened (`reason`: the charge's time ran out, the order was cancelled, it
    /// was a second payment, it went to another key).
    Refunded { reason: RefundReason },
    /// To the buyer: the PSP could not give back a Pix of `valor_centavos` (refused, or not
    /// made): the platform returns it by hand.
    RefundFailed { valor_centavos: i64 },
    /// To the buyer: a Pix of `valor_centavos`, not the order's amount, is being given back.
    WrongAmount { valor_centavos: i64 },
    /// To the buyer: an in-person order was placed ('Pedido recebido': its lines, fee, coupon
    /// and total, paid on delivery or pickup).
    Received,
    /// To the supplier: the order's receipt is settled (decisions.md §37): the buyer confirmed
    /// it, or (`automatic`) nobody reported a problem in time; its Pix money (if any) joined the
    /// balance.
    ReceiptSettled { automatic: bool },
    /// To the buyer: the store left with the order ('Saiu para entrega' on the day's page,
    /// decisions.md §36).
    OutForDelivery,
    /// To the buyer: the receipt of the order's Pix payment (its lines, fee, coupon, total and
    /// the Pix's end-to-end id).
    PaymentReceived,
}

/// What a payment receipt lists.
#[derive(Debug, Clone, Default)]
struct Receipt {
    /// `2 × alface (Maço) — R$ 5,00` per line.
    lines: Vec<String>,
    taxa: String,
    /// `CODIGO (−R$ 2,00)`, when a coupon was used.
    cupom: Option<String>,
    end_to_end_id: String,
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
    /// 'Entrega: terça-feira, 1 de dezembro, 8h–12h' (or 'Retirada: …'), when the order has a
    /// date and window (decisions.md §36).
    agendado: Option<String>,
    /// The buyer's note to the store, if any.
    observacao: Option<String>,
    /// Only for [`OrderNotice::PaymentReceived`] and [`OrderNotice::Received`].
    receipt: Option<Receipt>,
}

/// E-mails of the buyer and the store, buyer, store, total, delivery mode, note, and the
/// delivery date and window (decisions.md §36).
type FactsRow = (
    String,
    String,
    String,
    String,
    i64,
    String,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<String>,
);
/// Quantity, title, option, amount paid, note.
type ReceiptLine = (i64, String, Option<String>, i64, Option<String>);

async fn facts<'e>(
    e: impl Executor<'e, Database = Any>,
    order_id: &str,
) -> sqlx::Result<Option<Facts>> {
    let row: Option<FactsRow> = sqlx::query_as(
        "SELECT u.email, s.email, o.cliente_nome, o.nomeforn, o.total_centavos, o.tipo_entrega, \
         o.observacao, o.data_entrega, o.janela_inicio, o.janela_fim \
         FROM orders o JOIN users u ON u.id = o.buyer_id \
         JOIN suppliers s ON s.user_id = o.supplier_id WHERE o.id = $1",
    )
    .bind(order_id)
    .fetch_optional(e)
    .await?;
    Ok(row.map(
        |(
            buyer_email,
            supplier_email,
            cliente,
            loja,
            total,
            tipo_entrega,
            observacao,
            data,
            inicio,
            fim,
        )| {
            let slot = Slot::parse(
                data.as_deref().unwrap_or_default(),
                inicio.as_deref().unwrap_or_default(),
                fim.as_deref().unwrap_or_default(),
            );
            Facts {
                agendado: slot.map(|s| format!("{tipo_entrega}: {}", s.label())),
                buyer_email,
                supplier_email,
                cliente,
                loja,
                total: Money::from_centavos(total).format(),
                tipo_entrega,
                observacao,
                receipt: None,
            }
        },
    ))
}

/// The receipt of order `order_id`'s Pix, read inside `tx`.
async fn receipt(tx: &mut Transaction<'_, Any>, order_id: &str) -> sqlx::Result<Receipt> {
    let lines: Vec<ReceiptLine> = sqlx::query_as(
        "SELECT quantidade, titulo, opcao, pago_centavos, observacao FROM order_lines \
         WHERE order_id = $1 \
         ORDER BY id",
    )
    .bind(order_id)
    .fetch_all(&mut **tx)
    .await?;
    let (taxa, cupom, desconto, e2e): (i64, Option<String>, i64, Option<String>) = sqlx::query_as(
        "SELECT o.taxa_entrega_centavos, o.cupom_codigo, o.desconto_centavos, c.end_to_end_id \
         FROM orders o LEFT JOIN pix_charges c ON c.txid = o.txid WHERE o.id = $1",
    )
    .bind(order_id)
    .fetch_one(&mut **tx)
    .await?;
    let money = |c: i64| Money::from_centavos(c).format();
    Ok(Receipt {
        lines: lines
            .iter()
            .map(|(q, titulo, opcao, pago, obs)| {
                receipt_line(*q, titulo, opcao.as_deref(), *pago, obs.as_deref())
            })
            .collect(),
        taxa: money(taxa),
        cupom: cupom.map(|c| format!("{c} (−{})", money(desconto))),
        end_to_end_id: e2e.unwrap_or_default(),
    })
}

/// Records `notice` about order `order_id` in the outbox inside `tx`, and wakes the outbox
/// (which sends it once `tx` commits). An unknown order records nothing.
pub async fn queue_order_notice(
    tx: &mut Transaction<'_, Any>,
    order_id: &str,
    notice: OrderNotice,
) -> sqlx::Result<()> {
    queue_order_notices(tx, order_id, &[notice]).await
}

/// Records each of `notices` about order `order_id` (its facts and receipt read once) in the
/// outbox inside `tx` — the order's own write transaction, kept short — and wakes the outbox.
pub async fn queue_order_notices(
    tx: &mut Transaction<'_, Any>,
    order_id: &str,
    notices: &[OrderNotice],
) -> sqlx::Result<()> {
    let Some(mut f) = facts(&mut **tx, order_id).await? else {
        return Ok(());
    };
    if notices
        .iter()
        .any(|n| matches!(n, OrderNotice::PaymentReceived | OrderNotice::Received))
    {
        f.receipt = Some(receipt(tx, order_id).await?);
    }
    for &notice in notices {
        let (to, subject, body) = compose(notice, &f);
        enqueue(&mut **tx, &to, &subject, &body).await?;
    }
    // The same notices by WhatsApp, to those who opted in (decisions.md §38).
    crate::mail::whatsapp::queue_order_notices(tx, order_id, notices).await?;
    // The outbox waits a moment after a wake, so this commits first (else its next sweep).
    super::wake();
    Ok(())
}

/// An order as the transaction placing it has just written it: what its notices say, so that
/// [`queue_placed_notices`] reads nothing back.
#[derive(Debug, Clone)]
pub struct WrittenOrder<'a> {
    pub buyer_id: &'a str,
    pub supplier_id: &'a str,
    pub buyer_email: &'a str,
    pub supplier_email: &'a str,
    pub cliente: &'a str,
    pub loja: &'a str,
    pub total_centavos: i64,
    /// 'Entrega' or 'Retirada'.
    pub tipo_entrega: &'a str,
    pub observacao: Option<&'a str>,
    pub slot: Option<Slot>,
    pub txid: Option<&'a str>,
    /// In the bag's order.
    pub lines: Vec<WrittenLine<'a>>,
    pub taxa_centavos: i64,
    pub cupom_codigo: Option<&'a str>,
    pub desconto_centavos: i64,
}

/// A line of a [`WrittenOrder`].
#[derive(Debug, Clone)]
pub struct WrittenLine<'a> {
    pub quantidade: i64,
    pub titulo: &'a str,
    pub opcao: Option<&'a str>,
    pub pago_centavos: i64,
    pub observacao: Option<&'a str>,
}

/// [`queue_order_notices`] for an order being placed in `tx`, from what that transaction wrote
/// (`o`): the same e-mails and WhatsApp messages, without reading the order back.
pub async fn queue_placed_notices(
    tx: &mut Transaction<'_, Any>,
    order_id: &str,
    o: &WrittenOrder<'_>,
    notices: &[OrderNotice],
) -> sqlx::Result<()> {
    let money = |c: i64| Money::from_centavos(c).format();
    let f = Facts {
        buyer_email: o.buyer_email.to_owned(),
        supplier_email: o.supplier_email.to_owned(),
        cliente: o.cliente.to_owned(),
        loja: o.loja.to_owned(),
        total: money(o.total_centavos),
        tipo_entrega: o.tipo_entrega.to_owned(),
        agendado: o.slot.map(|s| format!("{}: {}", o.tipo_entrega, s.label())),
        observacao: o.observacao.map(str::to_owned),
        receipt: Some(Receipt {
            lines: o
                .lines
                .iter()
                .map(|l| {
                    receipt_line(
                        l.quantidade,
                        l.titulo,
                        l.opcao,
                        l.pago_centavos,
                        l.observacao,
                    )
                })
                .collect(),
            taxa: money(o.taxa_centavos),
            cupom: o
                .cupom_codigo
                .map(|c| format!("{c} (−{})", money(o.desconto_centavos))),
            end_to_end_id: String::new(),
        }),
    };
    let messages: Vec<_> = notices.iter().map(|&n| compose(n, &f)).collect();
    super::enqueue_all(&mut **tx, &messages).await?;
    let whatsapp = (
        o.buyer_id.to_owned(),
        o.supplier_id.to_owned(),
        o.cliente.to_owned(),
        o.loja.to_owned(),
        o.total_centavos,
        o.tipo_entrega.to_owned(),
        o.txid.map(str::to_owned),
    );
    crate::mail::whatsapp::queue_order_notices_of(tx, order_id, &whatsapp, notices).await?;
    super::wake();
    Ok(())
}

/// `2 × alface (Maço) — R$ 5,00`, with the line's note.
fn receipt_line(q: i64, titulo: &str, opcao: Option<&str>, pago: i64, obs: Option<&str>) -> String {
    let paid = Money::from_centavos(pago).format();
    let line = match opcao {
        Some(o) => format!("{q} × {titulo} ({o}) — {paid}"),
        None => format!("{q} × {titulo} — {paid}"),
    };
    match obs {
        Some(n) => format!("{line} (obs.: {n})"),
        None => line,
    }
}

#[cfg(test)]
mod tests;
