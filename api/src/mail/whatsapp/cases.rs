//! The WhatsApp messages of a problem case (decisions.md §37), beside its e-mails
//! ([`crate::mail::cases`]) and recorded by the same call, in the transaction that changes the
//! case: who is told follows the e-mails (a message goes to the other side, the Feira's to both;
//! the escalation and the end to both), each only if they opted in and take `reclamacoes` by
//! WhatsApp. The message text is not copied into the template (Meta caps a variable's length and
//! the thread belongs in the order's page): the message names who wrote and links to the order.

use super::{Message, Role, Template, one_line, queue};
use crate::mail::case_notice::{CaseNotice, Side};
use sqlx::{Any, Transaction};
use wasm_core::money::Money;

/// The order's people: buyer and store ids, the buyer's and the store's names.
pub struct Parties<'a> {
    pub buyer_id: &'a str,
    pub supplier_id: &'a str,
    pub cliente: &'a str,
    pub loja: &'a str,
}

/// Records, inside `tx`, the WhatsApp messages of `notice` about order `order_id`'s case.
pub async fn queue_case_notice(
    tx: &mut Transaction<'_, Any>,
    order_id: &str,
    p: &Parties<'_>,
    notice: CaseNotice<'_>,
) -> sqlx::Result<()> {
    for (side, template, body) in compose(notice, p) {
        let (user, role, link) = match side {
            Side::Store => (
                p.supplier_id,
                Role::Store,
                format!("painel/{}?pedido={order_id}", p.supplier_id),
            ),
            _ => (
                p.buyer_id,
                Role::Buyer,
                format!("painel/perfil/{}?pedido={order_id}", p.buyer_id),
            ),
        };
        let message = Message {
            template,
            body,
            link,
        };
        queue(&mut **tx, user, role, &message, Some(order_id)).await?;
    }
    Ok(())
}

/// Who gets which template with which variables.
fn compose(notice: CaseNotice<'_>, p: &Parties<'_>) -> Vec<(Side, Template, Vec<String>)> {
    let money = |c: i64| Money::from_centavos(c).format();
    let both = |template: Template, body: Vec<String>| {
        vec![
            (Side::Buyer, template, body.clone()),
            (Side::Store, template, body),
        ]
    };
    match notice {
        CaseNotice::Opened { motivo, .. } => vec![(
            Side::Store,
            Template::ReclamacaoAberta,
            vec![p.cliente.to_owned(), p.loja.to_owned(), motivo.to_owned()],
        )],
        CaseNotice::Message { from, .. } => {
            let to: &[Side] = match from {
                Side::Buyer => &[Side::Store],
                Side::Store => &[Side::Buyer],
                Side::Admin => &[Side::Buyer, Side::Store],
            };
            let who = match from {
                Side::Buyer => p.cliente,
                Side::Store => p.loja,
                Side::Admin => "Feira",
            };
            to.iter()
                .map(|&t| {
                    (
                        t,
                        Template::ReclamacaoMensagem,
                        vec![who.to_owned(), p.loja.to_owned()],
                    )
                })
                .collect()
        }
        CaseNotice::Escalated => both(Template::ReclamacaoMediacao, vec![p.loja.to_owned()]),
        CaseNotice::Settled {
            devolvido,
            liberado,
            motivo,
        } => {
            let mut body = vec![p.loja.to_owned(), money(devolvido), money(liberado)];
            match motivo {
                Some(m) => {
                    body.push(one_line(m));
                    both(Template::ReclamacaoDecidida, body)
                }
                None => both(Template::ReclamacaoEncerrada, body),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const P: Parties<'static> = Parties {
        buyer_id: "c1",
        supplier_id: "l1",
        cliente: "Carla",
        loja: "Sítio Boa Vista",
    };

    #[test]
    fn each_step_goes_to_the_sides_the_e_mail_does_with_its_variables() {
        let opened = compose(
            CaseNotice::Opened {
                motivo: "Veio faltando",
                texto: "Só uma",
            },
            &P,
        );
        assert_eq!(opened.len(), 1);
        assert_eq!(opened[0].0, Side::Store);
        assert_eq!(opened[0].2, ["Carla", "Sítio Boa Vista", "Veio faltando"]);
        let from_store = Side::Store;
        let m = compose(
            CaseNotice::Message {
                from: from_store,
                texto: "x",
            },
            &P,
        );
        assert_eq!((m.len(), m[0].0), (1, Side::Buyer));
        let admin = compose(
            CaseNotice::Message {
                from: Side::Admin,
                texto: "x",
            },
            &P,
        );
        assert_eq!(admin.len(), 2);
        let decided = compose(
            CaseNotice::Settled {
                devolvido: 1000,
                liberado: 1790,
                motivo: Some("Sem prova\nda entrega"),
            },
            &P,
        );
        assert_eq!(decided.len(), 2);
        assert_eq!(decided[0].1, Template::ReclamacaoDecidida);
        assert_eq!(
            decided[1].2,
            [
                "Sítio Boa Vista",
                "R$ 10,00",
                "R$ 17,90",
                "Sem prova da entrega"
            ]
        );
        for (_, t, body) in decided.iter().chain(&opened).chain(&m) {
            assert_eq!(body.len(), t.variables(), "{t:?}");
        }
        let agreed = compose(
            CaseNotice::Settled {
                devolvido: 0,
                liberado: 2790,
                motivo: None,
            },
            &P,
        );
        assert_eq!(agreed[0].1, Template::ReclamacaoEncerrada);
        assert_eq!(agreed[0].2.len(), Template::ReclamacaoEncerrada.variables());
    }
}
