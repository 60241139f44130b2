//! The e-mails of a problem case (decisions.md §37), kept apart from the order notices: each
//! message of the thread goes to the other side, and how the case ended (or that it went to the
//! admin) to both. Recorded in the outbox inside the transaction that changes the case, with
//! the same steps by WhatsApp for whoever opted in ([`super::whatsapp::cases`]).

use super::enqueue;
use sqlx::{Any, Transaction};
use wasm_core::money::Money;

pub use super::case_notice::{CaseNotice, Side};

/// Queues the e-mails of `notice` about order `order_id`'s case inside `tx`.
pub async fn queue_case_notice(
    tx: &mut Transaction<'_, Any>,
    order_id: &str,
    notice: CaseNotice<'_>,
) -> sqlx::Result<()> {
    type Row = (String, String, String, String, String, String);
    let row: Option<Row> = sqlx::query_as(
        "SELECT u.email, s.email, o.cliente_nome, o.nomeforn, o.buyer_id, o.supplier_id \
         FROM orders o JOIN users u ON u.id = o.buyer_id \
         JOIN suppliers s ON s.user_id = o.supplier_id WHERE o.id = $1",
    )
    .bind(order_id)
    .fetch_optional(&mut **tx)
    .await?;
    let Some((buyer, store, cliente, loja, buyer_id, supplier_id)) = row else {
        return Ok(());
    };
    for (to, subject, body) in compose(notice, &cliente, &loja) {
        let email = if to == Side::Buyer { &buyer } else { &store };
        enqueue(&mut **tx, email, &subject, &body).await?;
    }
    // The same steps by WhatsApp, to whoever opted in.
    let parties = super::whatsapp::cases::Parties {
        buyer_id: &buyer_id,
        supplier_id: &supplier_id,
        cliente: &cliente,
        loja: &loja,
    };
    super::whatsapp::cases::queue_case_notice(tx, order_id, &parties, notice).await?;
    super::wake();
    Ok(())
}

/// The e-mails of `notice`: (to, subject, body).
fn compose(notice: CaseNotice<'_>, cliente: &str, loja: &str) -> Vec<(Side, String, String)> {
    let money = |c: i64| Money::from_centavos(c).format();
    match notice {
        CaseNotice::Opened { motivo, texto } => vec![(
            Side::Store,
            format!("{cliente} teve um problema com o pedido"),
            format!(
                "{cliente} relatou um problema com o pedido: {motivo}.\n\n{texto}\n\n\
                 O valor do pedido fica retido até a solução. Responda, proponha ou faça a \
                 devolução em Entregas, no pedido."
            ),
        )],
        CaseNotice::Message { from, texto } => {
            let (to, who): (&[Side], &str) = match from {
                Side::Buyer => (&[Side::Store], cliente),
                Side::Store => (&[Side::Buyer], loja),
                Side::Admin => (&[Side::Buyer, Side::Store], "A Feira"),
            };
            to.iter()
                .map(|&t| {
                    (
                        t,
                        format!("Nova mensagem sobre o problema do pedido ({who})"),
                        format!("{who} escreveu:\n\n{texto}\n\nVeja a conversa no pedido."),
                    )
                })
                .collect()
        }
        CaseNotice::Escalated => [Side::Buyer, Side::Store]
            .into_iter()
            .map(|t| {
                (
                    t,
                    "O problema do pedido foi para a mediação da Feira".to_owned(),
                    format!(
                        "O problema do pedido de {cliente} em {loja} será decidido pela Feira. \
                         O valor continua retido até a decisão."
                    ),
                )
            })
            .collect(),
        CaseNotice::Settled {
            devolvido,
            liberado,
            motivo,
        } => {
            let what = match (devolvido, liberado) {
                (0, l) => format!("o valor de {} foi liberado para a loja", money(l)),
                (d, 0) => format!("{} foram devolvidos ao cliente", money(d)),
                (d, l) => format!(
                    "{} foram devolvidos ao cliente e {} liberados para a loja",
                    money(d),
                    money(l)
                ),
            };
            let why = motivo
                .map(|m| format!("\n\nMotivo: {m}"))
                .unwrap_or_default();
            [Side::Buyer, Side::Store]
                .into_iter()
                .map(|t| {
                    (
                        t,
                        "Problema do pedido resolvido".to_owned(),
                        format!(
                            "O problema do pedido de {cliente} em {loja} foi resolvido: {what}.{why}"
                        ),
                    )
                })
                .collect()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_goes_to_the_other_side_and_a_decision_to_both_with_its_reason() {
        let m = compose(
            CaseNotice::Message {
                from: Side::Buyer,
                texto: "Faltou uma",
            },
            "Carla",
            "Sítio",
        );
        assert_eq!(m.len(), 1);
        assert_eq!(m[0].0, Side::Store);
        let s = compose(
            CaseNotice::Settled {
                devolvido: 800,
                liberado: 800,
                motivo: Some("Foto mostra a falta"),
            },
            "Carla",
            "Sítio",
        );
        assert_eq!(s.len(), 2);
        assert!(s[0].2.contains("R$ 8,00 foram devolvidos"), "{}", s[0].2);
        assert!(s[1].2.contains("Motivo: Foto mostra a falta"));
    }
}
