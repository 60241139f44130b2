//! The order notices: who is told what, each text with the order's facts.

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
    let (to, subject, body) = compose(OrderNotice::ReceiptSettled { automatic: false }, &facts());
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
