//! 'Tive um problema' (decisions.md §37): a case on a delivered order keeps its money held (the
//! release job, 'Recebi meu pedido' and a withdrawal leave it alone); the store gives back one
//! line (a partial devolução, scheduled once with our id) and the rest is released; the buyer
//! accepts a proposal or asks the admin; a case without agreement goes to the admin once, who
//! decides once with a reason both sides receive. Bad input is refused in Portuguese and moves
//! nothing. The money trail adds up after every step (`fixtures::money`).

use crate::fixtures::money::{Trail, assert_money_adds_up};
use crate::fixtures::{BUYER, OTHER_BUYER, SUPPLIER, cassava, demo_app, jpeg_b64, pay_pix};
use crate::helpers::TestApp;
use feira_api::domain::orders::receipt::release_due;
use serde_json::{Value, json};
use std::time::Duration;

mod decisions;

async fn ok(app: &TestApp, token: &str, body: Value) -> Value {
    let (s, b) = app.rpc(Some(token), body.clone()).await;
    assert_eq!(s, 200, "{body} → {b}");
    b
}

/// `(status, error)` of a refused call.
async fn refused(app: &TestApp, token: &str, body: Value) -> (u16, String) {
    let (s, b) = app.rpc(Some(token), body).await;
    (s, b["error"].as_str().unwrap_or_default().to_owned())
}

async fn outbox(app: &TestApp, to: &str, subject: &str) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM email_outbox WHERE destinatario = $1 AND assunto = $2")
        .bind(to)
        .bind(subject)
        .fetch_one(&app.app.db)
        .await
        .unwrap()
}

/// `(A liberar, saldo)` of the store, in reais.
async fn money(app: &TestApp, supplier: &str) -> (f64, f64) {
    let p =
        ok(app, supplier, json!({"codigo": "pegar_infos_pagamentos"})).await["pagamentos"].clone();
    (
        p["aliberar"].as_f64().unwrap(),
        p["saldo"].as_f64().unwrap(),
    )
}

/// A paid Pix order of two lines by `buyer` — 2 cassavas (R$ 16,00) and 1 maracujá
/// (R$ 11,90) — marked delivered by the store; its id.
async fn delivered_order(app: &TestApp, buyer: &str, supplier: &str) -> String {
    let mut order = cassava(2, "2");
    order["sacola"]
        .as_array_mut()
        .unwrap()
        .push(json!({"id": "demo-p07", "quantidade": 1, "preco": 11.9, "userforn": "demo-joao"}));
    order["total"] = json!(27.9);
    let placed = ok(app, buyer, order).await;
    let txid = placed["all"]["Infos"]["txid"].as_str().unwrap().to_owned();
    assert_eq!(pay_pix(app, &txid).await.0, 200);
    let id = placed["all"]["id"].as_str().unwrap().to_owned();
    ok(
        app,
        supplier,
        json!({"codigo": "confirmar_entrega", "item": id}),
    )
    .await;
    id
}

fn open_case(id: &str, fotos: Vec<String>) -> Value {
    json!({"codigo": "abrir_reclamacao", "idpedido": id, "motivo": "faltando",
           "texto": "Veio só uma mandioca.", "fotos": fotos})
}

fn trail(paid: i64, released: i64, held: i64, refunded: i64) -> Trail {
    Trail {
        paid,
        released,
        held,
        refunded,
    }
}

async fn refunds_of(app: &TestApp, id: &str) -> Vec<(i64, String)> {
    sqlx::query_as(
        "SELECT r.valor_centavos, r.motivo FROM pix_refunds r JOIN orders o ON o.txid = r.txid \
         WHERE o.id = $1",
    )
    .bind(id)
    .fetch_all(&app.app.db)
    .await
    .unwrap()
}

#[tokio::test]
async fn a_case_holds_the_money_and_the_stores_refund_of_one_line_gives_it_back_once() {
    let app = demo_app().await;
    let (buyer, _) = app.login(BUYER).await;
    let (supplier, _) = app.login(SUPPLIER).await;
    let id = delivered_order(&app, &buyer, &supplier).await;
    assert_eq!(money(&app, &supplier).await, (27.9, 0.0));

    let opened = ok(&app, &buyer, open_case(&id, vec![jpeg_b64(64, 48)])).await;
    let case = &opened["reclamacao"];
    assert_eq!(case["status"], "aberta");
    assert_eq!(case["motivo_texto"], "Veio faltando");
    assert_eq!(case["retido"], 27.9);
    assert_eq!(case["mensagens"][0]["fotos"].as_array().unwrap().len(), 1);
    assert_eq!(
        outbox(&app, SUPPLIER, "Carla Souza teve um problema com o pedido").await,
        1
    );

    // While open: the job, 'Recebi meu pedido' and a withdrawal leave the money held.
    let released = release_due(&app.app.db, Duration::ZERO, i64::MAX / 2).await;
    assert_eq!(released.unwrap(), 0);
    let receipt = json!({"codigo": "confirmar_recebimento", "item": id});
    assert_eq!(app.rpc(Some(&buyer), receipt).await.0, 409);
    let (s, b) = app
        .rpc(
            Some(&supplier),
            json!({"codigo": "transferir", "pix": "fornecedor@feira.test"}),
        )
        .await;
    assert_eq!((s, b["error"].as_str()), (400, Some("Você está sem saldo")));
    assert_eq!(money(&app, &supplier).await, (27.9, 0.0));
    assert_eq!(
        assert_money_adds_up(&app).await[&id],
        trail(2790, 0, 2790, 0)
    );

    // The thread: the store answers, the buyer is told and sees it.
    ok(
        &app,
        &supplier,
        json!({"codigo": "responder_reclamacao", "idpedido": id, "texto": "Vou devolver a mandioca."}),
    )
    .await;
    let seen = ok(
        &app,
        &buyer,
        json!({"codigo": "pegar_reclamacao", "idpedido": id}),
    )
    .await;
    let thread = seen["reclamacao"]["mensagens"].as_array().unwrap();
    assert_eq!(thread.len(), 2);
    assert_eq!(thread[1]["autor"], "loja");
    assert!(thread[1]["data"].as_i64().unwrap() >= thread[0]["data"].as_i64().unwrap());
    let subject = "Nova mensagem sobre o problema do pedido (Sítio Boa Vista)";
    assert_eq!(outbox(&app, BUYER, subject).await, 1);

    // The store gives back the cassava line (R$ 16,00): refunded once, the rest released.
    let lines = seen["reclamacao"]["linhas"].as_array().unwrap();
    let cassava_line = lines.iter().find(|l| l["valor"] == 16.0).unwrap()["id"].clone();
    let refund = json!({"codigo": "devolver_reclamacao", "idpedido": id, "linhas": [cassava_line]});
    let (a, b) = tokio::join!(
        app.rpc(Some(&supplier), refund.clone()),
        app.rpc(Some(&supplier), refund.clone())
    );
    let mut statuses = [a.0, b.0];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 409], "{a:?} {b:?}");
    assert_eq!(
        refunds_of(&app, &id).await,
        vec![(1600, "reclamacao".into())]
    );
    assert_eq!(money(&app, &supplier).await, (0.0, 11.9));
    assert_eq!(
        assert_money_adds_up(&app).await[&id],
        trail(2790, 1190, 0, 1600)
    );
    let seen = ok(
        &app,
        &buyer,
        json!({"codigo": "pegar_reclamacao", "idpedido": id}),
    )
    .await["reclamacao"]
        .clone();
    assert_eq!(
        (
            seen["status"].clone(),
            seen["resultado"].clone(),
            seen["devolvido"].clone()
        ),
        (json!("encerrada"), json!("devolvido_parcial"), json!(16.0))
    );
    assert_eq!(outbox(&app, BUYER, "Problema do pedido resolvido").await, 1);
    assert_eq!(
        outbox(&app, SUPPLIER, "Problema do pedido resolvido").await,
        1
    );

    // A decision on a closed case, a refund, a second case: refused, nothing moved.
    let (s, e) = refused(&app, &supplier, refund).await;
    assert_eq!((s, e.as_str()), (409, "Esta reclamação já foi encerrada."));
    let (s, e) = refused(&app, &buyer, open_case(&id, vec![])).await;
    assert_eq!((s, e.as_str()), (409, "Este pedido já tem uma reclamação."));
    assert_eq!(refunds_of(&app, &id).await.len(), 1);
    // The withdrawal takes the released rest only; the review may follow.
    ok(
        &app,
        &supplier,
        json!({"codigo": "transferir", "pix": "fornecedor@feira.test"}),
    )
    .await;
    ok(
        &app,
        &buyer,
        json!({"codigo": "avaliar_pedido", "idpedido": id, "nota": 3}),
    )
    .await;
    assert_eq!(
        assert_money_adds_up(&app).await[&id],
        trail(2790, 1190, 0, 1600)
    );
    let counts = ok(&app, &supplier, json!({"codigo": "pegar_reclamacoes_loja"})).await;
    assert_eq!(
        (
            counts["total"].clone(),
            counts["devolvidas_em_parte"].clone()
        ),
        (json!(1), json!(1))
    );
}

#[tokio::test]
async fn bad_input_is_refused_in_portuguese_and_moves_nothing() {
    let app = demo_app().await;
    let (buyer, _) = app.login(BUYER).await;
    let (other, _) = app.login(OTHER_BUYER).await;
    let (supplier, _) = app.login(SUPPLIER).await;
    let id = delivered_order(&app, &buyer, &supplier).await;

    // Someone else's order; a photo that is not an image; no text.
    let (s, e) = refused(&app, &other, open_case(&id, vec![])).await;
    assert_eq!((s, e.as_str()), (404, "Pedido não encontrado."));
    let not_image = base64_of(b"<html>not a photo</html>");
    let (s, e) = refused(&app, &buyer, open_case(&id, vec![not_image])).await;
    assert_eq!(s, 400, "{e}");
    assert!(!e.is_empty());
    let mut empty = open_case(&id, vec![]);
    empty["texto"] = json!("  ");
    assert_eq!(
        refused(&app, &buyer, empty).await,
        (400, "Descreva o problema.".into())
    );
    let four = (0..4).map(|_| jpeg_b64(32, 32)).collect();
    assert_eq!(refused(&app, &buyer, open_case(&id, four)).await.0, 400);

    // A paid order not delivered yet, and an unpaid one.
    let paid = ok(&app, &buyer, cassava(1, "2")).await;
    let txid = paid["all"]["Infos"]["txid"].as_str().unwrap().to_owned();
    pay_pix(&app, &txid).await;
    let paid = paid["all"]["id"].as_str().unwrap().to_owned();
    let unpaid = ok(&app, &buyer, cassava(1, "2")).await["all"]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    for order in [&paid, &unpaid] {
        let (s, e) = refused(&app, &buyer, open_case(order, vec![])).await;
        assert_eq!(
            (s, e.as_str()),
            (
                409,
                "Você poderá relatar um problema quando a loja marcar o pedido como entregue."
            )
        );
    }
    let none: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM order_cases")
        .fetch_one(&app.app.db)
        .await
        .unwrap();
    assert_eq!(none, 0);

    // A refund larger than what is held; the store may not accept for the buyer.
    ok(&app, &buyer, open_case(&id, vec![])).await;
    let (s, e) = refused(
        &app,
        &supplier,
        json!({"codigo": "devolver_reclamacao", "idpedido": id, "valor": 27.91}),
    )
    .await;
    assert_eq!(
        (s, e.as_str()),
        (
            400,
            "O valor a devolver (R$ 27,91) é maior que o valor retido deste pedido (R$ 27,90)."
        )
    );
    let propose = json!({"codigo": "responder_reclamacao", "idpedido": id,
                         "texto": "Devolvo tudo e mais", "proposta": 30});
    assert_eq!(refused(&app, &supplier, propose).await.0, 400);
    let accept = json!({"codigo": "aceitar_proposta", "idpedido": id});
    assert_eq!(refused(&app, &supplier, accept.clone()).await.0, 403);
    let (s, e) = refused(&app, &buyer, accept).await;
    assert_eq!((s, e.as_str()), (409, "A loja ainda não fez uma proposta."));
    let (s, _) = refused(
        &app,
        &other,
        json!({"codigo": "pegar_reclamacao", "idpedido": id}),
    )
    .await;
    assert_eq!(s, 404);
    assert!(refunds_of(&app, &id).await.is_empty());
    assert_eq!(money(&app, &supplier).await, (27.9 + 8.0, 0.0));
    assert_eq!(
        assert_money_adds_up(&app).await[&id],
        trail(2790, 0, 2790, 0)
    );

    // Past CASE_OPEN_DAYS after the mark: refused.
    let late = delivered_order(&app, &buyer, &supplier).await;
    sqlx::query("UPDATE orders SET entregue_em = entregue_em - $1 WHERE id = $2")
        .bind(8_i64 * 24 * 3600 * 1000)
        .bind(&late)
        .execute(&app.app.db)
        .await
        .unwrap();
    let (s, e) = refused(&app, &buyer, open_case(&late, vec![])).await;
    assert_eq!(
        (s, e.as_str()),
        (409, "O prazo de 7 dias para relatar um problema terminou.")
    );
}

fn base64_of(bytes: &[u8]) -> String {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD.encode(bytes)
}
