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

use super::enqueue;
use crate::domain::codes::RefundReason;
use sqlx::{Any, Executor, Transaction};
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
    // The date and window, as a line of its own, when the order has them.
    let agendado = f
        .agendado
        .as_ref()
        .map(|a| format!("{a}\n"))
        .unwrap_or_default();
    // Written when the refund is decided; the PSP returns the money moments later.
    let devolvido =
        format!("O valor pago por Pix ({total}) será devolvido para a conta de onde saiu.");
    match notice {
        OrderNotice::NewOrder => (
            f.supplier_email.clone(),
            format!("Novo pedido de {cliente}"),
            format!(
                "Você recebeu um novo pedido de {cliente} ({}), no valor de {total}.\n\
                 {agendado}{}Veja os detalhes em Entregas, no seu painel.",
                f.tipo_entrega,
                f.observacao
                    .as_deref()
                    .map(|n| format!("Observação do cliente: {n}\n"))
                    .unwrap_or_default(),
            ),
        ),
        OrderNotice::OutForDelivery => to_buyer(
            format!("Seu pedido da {loja} está a caminho"),
            format!("Seu pedido da {loja} ({total}) saiu para entrega e está a caminho."),
        ),
        OrderNotice::ReceiptSettled { automatic } => (
            f.supplier_email.clone(),
            if automatic {
                format!("Pedido de {cliente} liberado")
            } else {
                format!("{cliente} confirmou o recebimento")
            },
            format!(
                "{}\nSe foi pago por Pix, o valor ({total}) já está no seu saldo, em Pagamentos.",
                if automatic {
                    format!(
                        "O prazo para {cliente} informar um problema com o pedido de {total} \
                         terminou sem nenhum problema informado."
                    )
                } else {
                    format!("{cliente} confirmou que recebeu o pedido de {total}.")
                }
            ),
        ),
        OrderNotice::Delivered { release_days } => {
            let prazo = if release_days == 1 {
                "1 dia".to_owned()
            } else {
                format!("{release_days} dias")
            };
            to_buyer(
                format!("Você recebeu seu pedido em {loja}?"),
                format!(
                    "{loja} marcou seu pedido de {total} como entregue.\n\n\
                     Você recebeu tudo certo? Abra o pedido em Perfil › Pedidos e toque em \
                     'Recebi meu pedido'. Se algo deu errado, toque em 'Tive um problema' no \
                     pedido: o valor fica retido até a solução.\n\
                     Sem a sua confirmação, o valor será liberado para a loja em {prazo}."
                ),
            )
        }
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
        OrderNotice::InPersonExpired => to_buyer(
            format!("Pedido cancelado: {loja} não confirmou a tempo"),
            format!(
                "Seu pedido de {total} em {loja} não foi confirmado pela loja no prazo e foi \
                 cancelado. Nada foi cobrado. Se ainda quiser os produtos, faça um novo pedido."
            ),
        ),
        OrderNotice::Expired { returned: false } => to_buyer(
            "Pedido cancelado: o Pix não foi pago a tempo".to_owned(),
            format!(
                "O Pix de {total} do seu pedido em {loja} não foi pago dentro do prazo, e o \
                 pedido foi cancelado. Se ainda quiser os produtos, faça um novo pedido."
            ),
        ),
        OrderNotice::Expired { returned: true } => to_buyer(
            format!("Pedido cancelado: o prazo do Pix acabou ({loja})"),
            format!(
                "O prazo para pagar o seu pedido de {total} em {loja} acabou sem um Pix do valor \
                 cobrado, e o pedido foi cancelado. O Pix de valor diferente que recebemos foi \
                 devolvido para a conta de onde saiu. Se ainda quiser os produtos, faça um novo \
                 pedido."
            ),
        ),
        OrderNotice::WrongAmount { valor_centavos } => {
            let valor = Money::from_centavos(valor_centavos).format();
            to_buyer(
                format!("Pix devolvido: valor diferente do pedido em {loja}"),
                format!(
                    "Recebemos um Pix de {valor} para o seu pedido em {loja}, que custa {total}. \
                     Como o valor é diferente, nós o devolvemos para a conta de onde saiu. Para \
                     pagar o pedido, use o código Pix dele, que já traz o valor certo."
                ),
            )
        }
        OrderNotice::Received => {
            let r = f.receipt.clone().unwrap_or_default();
            let mut text = format!("Recebemos o seu pedido de {total} em {loja}:\n\n");
            for line in &r.lines {
                text.push_str(&format!("• {line}\n"));
            }
            if f.tipo_entrega == "Entrega" {
                text.push_str(&format!("\nTaxa de entrega: {}\n", r.taxa));
            } else {
                text.push_str("\nRetirada na loja\n");
            }
            if let Some(cupom) = &r.cupom {
                text.push_str(&format!("Cupom: {cupom}\n"));
            }
            if let Some(n) = &f.observacao {
                text.push_str(&format!("Sua observação: {n}\n"));
            }
            let quando = if f.tipo_entrega == "Entrega" {
                "na entrega"
            } else {
                "na retirada"
            };
            text.push_str(&agendado);
            text.push_str(&format!(
                "Total: {total}, a pagar {quando}.\n\nA loja já foi avisada e vai preparar o seu \
                 pedido."
            ));
            to_buyer(format!("Pedido recebido: {loja}"), text)
        }
        OrderNotice::PaymentReceived => {
            let r = f.receipt.clone().unwrap_or_default();
            let mut text = format!("Recebemos o seu Pix de {total} do pedido em {loja}:\n\n");
            for line in &r.lines {
                text.push_str(&format!("• {line}\n"));
            }
            if f.tipo_entrega == "Entrega" {
                text.push_str(&format!("\nTaxa de entrega: {}\n", r.taxa));
            } else {
                text.push_str("\nRetirada na loja\n");
            }
            if let Some(cupom) = &r.cupom {
                text.push_str(&format!("Cupom: {cupom}\n"));
            }
            text.push_str(&agendado);
            if let Some(n) = &f.observacao {
                text.push_str(&format!("Sua observação: {n}\n"));
            }
            text.push_str(&format!(
                "Total pago: {total}\nIdentificador do Pix (EndToEndId): {}\n\n\
                 A loja já foi avisada e vai preparar o seu pedido.",
                r.end_to_end_id
            ));
            to_buyer(format!("Pagamento recebido: seu pedido em {loja}"), text)
        }
        OrderNotice::Refunded { reason } => {
            let (why, text) = match reason {
                RefundReason::DuplicatePayment => (
                    "pagamento em duplicidade",
                    format!(
                        "Recebemos um segundo Pix de {total} para o seu pedido em {loja}, que já \
                         estava pago. É um pagamento em duplicidade: o segundo"
                    ),
                ),
                RefundReason::AfterCancellation
                | RefundReason::Cancellation
                | RefundReason::Case => (
                    "pedido cancelado",
                    format!(
                        "O seu Pix de {total} chegou depois que o pedido em {loja} foi \
                         cancelado. O valor"
                    ),
                ),
                RefundReason::OtherKey | RefundReason::UnknownCharge => (
                    "Pix para outra chave",
                    format!(
                        "Recebemos um Pix de {total} para o seu pedido em {loja} numa chave Pix \
                         que não é a do pedido, e não pudemos usá-lo. O valor"
                    ),
                ),
                RefundReason::WrongAmount => (
                    "valor diferente",
                    format!(
                        "Recebemos um Pix de valor diferente dos {total} do seu pedido em \
                         {loja}. O valor"
                    ),
                ),
                RefundReason::LatePayment => (
                    "prazo expirado",
                    format!(
                        "O seu Pix de {total} chegou depois do prazo de pagamento do pedido em \
                         {loja}, que foi cancelado. O valor"
                    ),
                ),
            };
            to_buyer(
                format!("Pix devolvido ({why}): seu pedido em {loja}"),
                format!("{text} será devolvido para a conta de onde saiu."),
            )
        }
        OrderNotice::RefundFailed { valor_centavos } => {
            let valor = Money::from_centavos(valor_centavos).format();
            to_buyer(
                format!("Não conseguimos devolver o seu Pix: pedido em {loja}"),
                format!(
                    "Tentamos devolver o seu Pix de {valor} do pedido em {loja}, mas o banco não \
                     concluiu a devolução. Nossa equipe já foi avisada e vai devolver o valor. \
                     Se precisar, responda a este e-mail."
                ),
            )
        }
    }
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
            .into_iter()
            .map(|(q, titulo, opcao, pago, obs)| {
                let line = match opcao {
                    Some(o) => format!("{q} × {titulo} ({o}) — {}", money(pago)),
                    None => format!("{q} × {titulo} — {}", money(pago)),
                };
                match obs {
                    Some(n) => format!("{line} (obs.: {n})"),
                    None => line,
                }
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
            agendado: None,
            observacao: None,
            receipt: None,
        }
    }

    #[test]
    fn a_date_and_window_is_said_to_the_store_and_the_buyer() {
        let mut f = facts();
        f.agendado = Some("Entrega: terça-feira, 1 de dezembro, 8h–12h".into());
        for n in [
            OrderNotice::NewOrder,
            OrderNotice::Received,
            OrderNotice::PaymentReceived,
        ] {
            let (_, _, body) = compose(n, &f);
            assert!(
                body.contains("Entrega: terça-feira, 1 de dezembro, 8h–12h\n"),
                "{body}"
            );
        }
        let (_, _, body) = compose(OrderNotice::NewOrder, &facts());
        assert!(!body.contains("Entrega:"), "{body}");
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
            OrderNotice::Delivered { release_days: 3 },
            OrderNotice::Expired { returned: false },
            OrderNotice::Expired { returned: true },
            OrderNotice::Refunded {
                reason: RefundReason::LatePayment,
            },
            OrderNotice::RefundFailed {
                valor_centavos: 1600,
            },
            OrderNotice::WrongAmount {
                valor_centavos: 799,
            },
            OrderNotice::PaymentReceived,
            OrderNotice::Received,
            OrderNotice::InPersonExpired,
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
    fn the_store_hears_of_each_settled_receipt() {
        let (to, subject, body) =
            compose(OrderNotice::ReceiptSettled { automatic: false }, &facts());
        assert_eq!(
            (to.as_str(), subject.as_str()),
            ("loja@x.br", "Carla confirmou o recebimento")
        );
        assert!(
            body.contains("R$ 16,00") && body.contains("saldo"),
            "{body}"
        );
        let (_, subject, _) = compose(OrderNotice::ReceiptSettled { automatic: true }, &facts());
        assert_eq!(subject, "Pedido de Carla liberado");
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
        assert!(body.contains("será devolvido"), "{body}");
        let (_, subject, body) = compose(
            OrderNotice::Cancelled {
                by_supplier: false,
                refunded: false,
            },
            &facts(),
        );
        assert_eq!(subject, "Pedido cancelado: Sítio Boa Vista");
        assert!(body.contains("como você pediu") && !body.contains("devolvido"));
        let (_, subject, body) = compose(OrderNotice::Delivered { release_days: 3 }, &facts());
        assert_eq!(subject, "Você recebeu seu pedido em Sítio Boa Vista?");
        assert!(
            body.contains("'Recebi meu pedido'")
                && body.contains("'Tive um problema'")
                && body.contains("em 3 dias"),
            "{body}"
        );
    }

    #[test]
    fn a_wrong_amount_and_its_expiry_say_money_came_and_went_back() {
        let mut f = facts();
        f.receipt = None;
        let (_, subject, body) = compose(
            OrderNotice::WrongAmount {
                valor_centavos: 799,
            },
            &f,
        );
        assert_eq!(
            subject,
            "Pix devolvido: valor diferente do pedido em Sítio Boa Vista"
        );
        assert!(
            body.contains("Recebemos um Pix de R$ 7,99") && body.contains("devolvemos"),
            "{body}"
        );
        let (_, subject, body) = compose(OrderNotice::Expired { returned: true }, &f);
        assert!(
            !subject.contains("não foi pago a tempo") && !body.contains("não foi pago"),
            "{body}"
        );
        assert!(body.contains("foi devolvido"), "{body}");
    }

    #[test]
    fn a_refund_is_told_as_what_happened() {
        let told = |reason| compose(OrderNotice::Refunded { reason }, &facts());
        for (reason, why, says) in [
            (
                RefundReason::DuplicatePayment,
                "pagamento em duplicidade",
                "segundo Pix de R$ 16,00",
            ),
            (
                RefundReason::AfterCancellation,
                "pedido cancelado",
                "depois que o pedido em Sítio Boa Vista foi cancelado",
            ),
            (
                RefundReason::LatePayment,
                "prazo expirado",
                "depois do prazo de pagamento",
            ),
            (
                RefundReason::WrongAmount,
                "valor diferente",
                "valor diferente dos R$ 16,00",
            ),
            (
                RefundReason::OtherKey,
                "Pix para outra chave",
                "não é a do pedido",
            ),
        ] {
            let (to, subject, body) = told(reason);
            assert_eq!(to, "carla@x.br");
            assert_eq!(
                subject,
                format!("Pix devolvido ({why}): seu pedido em Sítio Boa Vista")
            );
            assert!(body.contains(says), "{reason:?}: {body}");
            assert!(body.contains("será devolvido"), "{body}");
            if reason != RefundReason::LatePayment {
                assert!(!body.contains("prazo"), "{reason:?}: {body}");
            }
        }
        let (to, subject, body) = compose(
            OrderNotice::RefundFailed {
                valor_centavos: 799,
            },
            &facts(),
        );
        assert_eq!(to, "carla@x.br");
        assert!(subject.starts_with("Não conseguimos devolver"), "{subject}");
        assert!(
            body.contains("R$ 7,99") && body.contains("vai devolver"),
            "{body}"
        );
    }

    #[test]
    fn the_receipt_lists_lines_fee_coupon_total_and_the_end_to_end_id() {
        let mut f = facts();
        f.receipt = Some(Receipt {
            lines: vec!["2 × alface (Maço) — R$ 5,00".into()],
            taxa: "R$ 3,00".into(),
            cupom: Some("FEIRA10 (−R$ 1,00)".into()),
            end_to_end_id: "E12345678202611271200abcdefghijk".into(),
        });
        let (to, subject, body) = compose(OrderNotice::PaymentReceived, &f);
        assert_eq!(to, "carla@x.br");
        assert_eq!(subject, "Pagamento recebido: seu pedido em Sítio Boa Vista");
        for part in [
            "2 × alface (Maço) — R$ 5,00",
            "Taxa de entrega: R$ 3,00",
            "Cupom: FEIRA10 (−R$ 1,00)",
            "Total pago: R$ 16,00",
            "E12345678202611271200abcdefghijk",
        ] {
            assert!(body.contains(part), "{part} in {body}");
        }
    }
}
