//! The order notices' e-mail texts: recipient, subject and body of each [`OrderNotice`] for an
//! order's [`Facts`] (short Portuguese texts in the spec's tone; the spec has none).

use super::{Facts, OrderNotice, Receipt};
use crate::domain::codes::RefundReason;
use wasm_core::money::Money;

/// Recipient, subject and body of `notice` for an order with `f`.
pub(super) fn compose(notice: OrderNotice, f: &Facts) -> (String, String, String) {
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
            text.push_str(&receipt_block(f, &r));
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
            text.push_str(&receipt_block(f, &r));
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

/// The lines of a receipt ('Pedido recebido', the Pix receipt): one '• ' line per product, then
/// the delivery fee or 'Retirada na loja', then the coupon when one was used.
fn receipt_block(f: &Facts, r: &Receipt) -> String {
    let mut text = String::new();
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
    text
}
