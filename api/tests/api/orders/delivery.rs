//! An unpaid Pix order is not a delivery, and Pix money is held until delivery (decisions.md
//! §27): the store neither sees nor hears of an unpaid Pix order and cannot confirm it; once it is
//! paid the store gets 'Novo pedido' and the buyer a receipt; its value is 'A liberar' until the
//! supplier confirms the delivery, and only then withdrawable; until then the buyer may cancel and
//! is refunded. In-person orders are deliveries at once.

use crate::fixtures::pay_pix;
use crate::fixtures::{BUYER, SUPPLIER, cassava, demo_app};
use crate::helpers::TestApp;
use serde_json::{Value, json};

async fn outbox(app: &TestApp, subject: &str) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM email_outbox WHERE assunto = $1")
        .bind(subject)
        .fetch_one(&app.app.db)
        .await
        .unwrap()
}

async fn ok(app: &TestApp, token: &str, body: Value) -> Value {
    let (s, b) = app.rpc(Some(token), body.clone()).await;
    assert_eq!(s, 200, "{body} → {b}");
    b
}

/// The pending deliveries' ids and count, and the panel's count.
async fn pending(app: &TestApp, supplier: &str) -> (Vec<String>, i64, i64) {
    let b = ok(app, supplier, json!({"codigo": "pegar_entregas_pendentes"})).await;
    let ids = b["entregas"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["id"].as_str().unwrap().to_owned())
        .collect();
    let panel = ok(app, supplier, json!({"codigo": "loading_forn_site"})).await;
    (
        ids,
        b["pendentes"].as_i64().unwrap(),
        panel["infos"]["pendentes"].as_i64().unwrap(),
    )
}

async fn payments(app: &TestApp, supplier: &str) -> Value {
    ok(app, supplier, json!({"codigo": "pegar_infos_pagamentos"})).await["pagamentos"].clone()
}

#[tokio::test]
async fn an_unpaid_pix_order_is_no_delivery_until_paid_and_its_money_waits_for_the_delivery() {
    let app = demo_app().await;
    let (buyer, _) = app.login(BUYER).await;
    let (supplier, _) = app.login(SUPPLIER).await;
    let new_order = "Novo pedido de Carla Souza";
    let receipt = "Pagamento recebido: seu pedido em Sítio Boa Vista";

    let order = ok(&app, &buyer, cassava(2, "2")).await;
    let id = order["all"]["id"].as_str().unwrap().to_owned();
    let txid = order["all"]["Infos"]["txid"].as_str().unwrap().to_owned();
    assert!(order["all"]["Infos"]["pix_expira_em"].as_i64().unwrap() > 0);
    // Unpaid: not listed, not counted, nobody told, not confirmable.
    assert_eq!(pending(&app, &supplier).await, (vec![], 0, 0));
    assert_eq!(outbox(&app, new_order).await, 0);
    let (s, b) = app
        .rpc(
            Some(&supplier),
            json!({"codigo": "confirmar_entrega", "item": id}),
        )
        .await;
    assert_eq!(
        (s, b["error"].as_str()),
        (
            409,
            Some("O pagamento Pix deste pedido ainda não foi confirmado.")
        )
    );
    assert_eq!(b["codigo_erro"], "pix_nao_pago");
    assert_eq!(
        outbox(&app, "Você recebeu seu pedido em Sítio Boa Vista?").await,
        0
    );

    // Paid: a delivery now; the store hears of it and the buyer gets a receipt, once each.
    assert_eq!(pay_pix(&app, &txid).await.0, 200);
    assert_eq!(pay_pix(&app, &txid).await.0, 200);
    assert_eq!(pending(&app, &supplier).await, (vec![id.clone()], 1, 1));
    assert_eq!(
        (outbox(&app, new_order).await, outbox(&app, receipt).await),
        (1, 1)
    );
    let p = payments(&app, &supplier).await;
    assert_eq!(
        (p["aliberar"].clone(), p["saldo"].clone()),
        (json!(16.0), json!(0.0))
    );
    assert_eq!(p["Aliberar"][0]["idpedido"], id.as_str());
    let (s, b) = app
        .rpc(Some(&supplier), json!({"codigo": "transferir"}))
        .await;
    assert_eq!((s, b["error"].as_str()), (400, Some("Você está sem saldo")));

    // Marked delivered: still held until the buyer's word (decisions.md §37); then released
    // into the withdrawable balance.
    ok(
        &app,
        &supplier,
        json!({"codigo": "confirmar_entrega", "item": id}),
    )
    .await;
    let p = payments(&app, &supplier).await;
    assert_eq!(
        (p["aliberar"].clone(), p["saldo"].clone()),
        (json!(16.0), json!(0.0))
    );
    ok(
        &app,
        &buyer,
        json!({"codigo": "confirmar_recebimento", "item": id}),
    )
    .await;
    let p = payments(&app, &supplier).await;
    assert_eq!(
        (p["aliberar"].clone(), p["saldo"].clone()),
        (json!(0.0), json!(16.0))
    );
    assert_eq!(p["Abertos"][0]["idpedido"], id.as_str());
    assert_eq!(
        outbox(&app, "Você recebeu seu pedido em Sítio Boa Vista?").await,
        1
    );
    let (s, b) = app
        .rpc(
            Some(&supplier),
            json!({"codigo": "transferir", "pix": "fornecedor@feira.test"}),
        )
        .await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["Solicitacao"]["valor"], 16.0);
    // The admin sees which orders the request pays for.
    let (admin, _) = app.login(crate::fixtures::ADMIN_EMAIL).await;
    let saques = ok(&app, &admin, json!({"codigo": "pegar_solicitacoes_saque"})).await;
    let request = &saques["pendentes"][0];
    assert_eq!(request["pedidos"].as_array().unwrap().len(), 1, "{saques}");
    assert_eq!(request["pedidos"][0]["idpedido"], id.as_str());
    assert_eq!(request["pedidos"][0]["valor"], 16.0);
}

#[tokio::test]
async fn a_paid_undelivered_order_is_cancelled_by_its_buyer_and_refunded_and_never_withdrawable() {
    let app = demo_app().await;
    let (buyer, _) = app.login(BUYER).await;
    let (supplier, _) = app.login(SUPPLIER).await;
    let order = ok(&app, &buyer, cassava(1, "2")).await;
    let id = order["all"]["id"].as_str().unwrap().to_owned();
    let txid = order["all"]["Infos"]["txid"].as_str().unwrap().to_owned();
    assert_eq!(pay_pix(&app, &txid).await.0, 200);
    assert_eq!(payments(&app, &supplier).await["aliberar"], 8.0);
    ok(
        &app,
        &buyer,
        json!({"codigo": "cancelar_pedido", "item": id}),
    )
    .await;
    let p = payments(&app, &supplier).await;
    assert_eq!(
        (p["aliberar"].clone(), p["saldo"].clone()),
        (json!(0.0), json!(0.0))
    );
    let refunds: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM pix_refunds WHERE txid = $1 AND motivo = 'cancelamento'",
    )
    .bind(&txid)
    .fetch_one(&app.app.db)
    .await
    .unwrap();
    assert_eq!(refunds, 1);
    let (_, orders) = app
        .rpc(Some(&buyer), json!({"codigo": "pegar_pedidos"}))
        .await;
    assert_eq!(
        orders["pedidos"][0]["Infos"]["pix_devolvido"],
        "cancelamento"
    );
    assert_eq!(pending(&app, &supplier).await, (vec![], 0, 0));
    let (s, _) = app
        .rpc(
            Some(&supplier),
            json!({"codigo": "confirmar_entrega", "item": id}),
        )
        .await;
    assert_eq!(s, 409, "a cancelled order is no delivery");
}

#[tokio::test]
async fn an_in_person_order_is_a_delivery_at_once() {
    let app = demo_app().await;
    let (buyer, _) = app.login(BUYER).await;
    let (supplier, _) = app.login(SUPPLIER).await;
    let order = ok(&app, &buyer, cassava(1, "1")).await;
    let id = order["all"]["id"].as_str().unwrap().to_owned();
    assert_eq!(order["all"]["Infos"]["pix_expira_em"], Value::Null);
    assert_eq!(pending(&app, &supplier).await, (vec![id.clone()], 1, 1));
    assert_eq!(outbox(&app, "Novo pedido de Carla Souza").await, 1);
    ok(
        &app,
        &supplier,
        json!({"codigo": "confirmar_entrega", "item": id}),
    )
    .await;
    // In person: no money through the platform.
    let p = payments(&app, &supplier).await;
    assert_eq!(
        (p["aliberar"].clone(), p["saldo"].clone()),
        (json!(0.0), json!(0.0))
    );
}

#[tokio::test]
async fn paid_orders_held_past_the_review_window_are_listed_for_the_admin() {
    let app = crate::helpers::spawn_app_with(|c| {
        c.seed_demo = true;
        c.pix.release_review = std::time::Duration::ZERO;
    })
    .await;
    let (buyer, _) = app.login(BUYER).await;
    let (admin, _) = app.login(crate::fixtures::ADMIN_EMAIL).await;
    let order = ok(&app, &buyer, cassava(1, "2")).await;
    let id = order["all"]["id"].as_str().unwrap().to_owned();
    let issues = ok(&app, &admin, json!({"codigo": "pegar_pendencias_pix"})).await;
    assert_eq!(issues["atrasados"], json!([]), "unpaid: nothing held");
    assert_eq!(
        pay_pix(&app, order["all"]["Infos"]["txid"].as_str().unwrap())
            .await
            .0,
        200
    );
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    let issues = ok(&app, &admin, json!({"codigo": "pegar_pendencias_pix"})).await;
    let late = issues["atrasados"].as_array().unwrap();
    assert_eq!(late.len(), 1, "{issues}");
    assert_eq!(
        (
            late[0]["idpedido"].as_str(),
            late[0]["nomeforn"].as_str(),
            late[0]["valor"].as_f64()
        ),
        (Some(id.as_str()), Some("Sítio Boa Vista"), Some(8.0))
    );
}
