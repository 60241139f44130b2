//! Pagamentos: options (at least one), the balance from paid Pix orders, the Pix key, the
//! withdrawal (2 % fee and net, one pending at a time, open items moved into it) and the
//! history with the spec's status codes — always the session's supplier.

use super::{call, refused};
use crate::fixtures::OTHER_SUPPLIER;
use crate::{
    fixtures::ADMIN_EMAIL,
    fixtures::pay_pix,
    fixtures::{BUYER, SUPPLIER, cassava, demo_app},
    helpers::TestApp,
};
use serde_json::{Value, json};

async fn paid_pix_order(app: &TestApp, buyer: &str, n: u32) -> Value {
    let (s, order) = app.rpc(Some(buyer), cassava(n, "2")).await;
    assert_eq!(s, 200, "{order}");
    let txid = order["all"]["Infos"]["txid"].as_str().unwrap();
    assert_eq!(pay_pix(app, txid).await.0, 200);
    order["all"].clone()
}

#[tokio::test]
async fn payment_options_and_pix_key_follow_the_rules() {
    let app = demo_app().await;
    let (token, _) = app.login(SUPPLIER).await;
    assert_eq!(
        refused(&app, &token, "opcoes_pagamento", json!({"opcao": ""}), 400).await,
        "Selecione ao menos uma forma de pagamento"
    );
    let (s, b) = call(&app, &token, "opcoes_pagamento", json!({"opcao": "2"})).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["opcoes"], "2");
    // The checkout reads it: in person is now refused.
    let (buyer, _) = app.login(BUYER).await;
    let (s, b) = app.rpc(Some(&buyer), cassava(1, "1")).await;
    assert_eq!(
        (s, b["error"].as_str()),
        (400, Some("Esta forma de pagamento não é aceita pela loja."))
    );

    assert_eq!(
        refused(&app, &token, "alterar_pix", json!({"pix": "  "}), 400).await,
        "Insira sua chave Pix"
    );
    let (_, b) = call(
        &app,
        &token,
        "alterar_pix",
        json!({"pix": " joao@pix.com "}),
    )
    .await;
    assert_eq!(b["pix"], "joao@pix.com");
    let (_, info) = call(&app, &token, "pegar_infos_pagamentos", json!({})).await;
    assert_eq!(info["pagamentos"]["pix"], "joao@pix.com");
    assert_eq!(info["pagamentos"]["opcoes"], "2");
}

#[tokio::test]
async fn a_withdrawal_takes_two_percent_moves_the_open_items_and_is_one_at_a_time() {
    let app = demo_app().await;
    let (token, _) = app.login(SUPPLIER).await;
    let (buyer, _) = app.login(BUYER).await;
    let o1 = paid_pix_order(&app, &buyer, 2).await; // R$ 16,00
    paid_pix_order(&app, &buyer, 3).await; // R$ 24,00
    let (s, unpaid) = app.rpc(Some(&buyer), cassava(1, "2")).await; // awaiting payment
    assert_eq!(s, 200);

    // Paid, not delivered: held ('A liberar', decisions.md §27), nothing to withdraw.
    let (_, info) = call(&app, &token, "pegar_infos_pagamentos", json!({})).await;
    let p = &info["pagamentos"];
    assert_eq!(
        (p["saldo"].clone(), p["aliberar"].clone()),
        (json!(0.0), json!(40.0))
    );
    assert_eq!(p["Aliberar"].as_array().unwrap().len(), 2);
    assert_eq!(p["Abertos"], json!([]));
    assert_eq!(
        refused(&app, &token, "transferir", json!({}), 400).await,
        "Você está sem saldo"
    );
    // The supplier marks both delivered and the buyer confirms receipt: the money is released
    // into the balance (decisions.md §37).
    let (_, pending) = call(&app, &token, "pegar_entregas_pendentes", json!({})).await;
    for order in pending["entregas"].as_array().unwrap() {
        let (s, b) = call(
            &app,
            &token,
            "confirmar_entrega",
            json!({"item": order["id"]}),
        )
        .await;
        assert_eq!(s, 200, "{b}");
        let (s, b) = call(
            &app,
            &buyer,
            "confirmar_recebimento",
            json!({"item": order["id"]}),
        )
        .await;
        assert_eq!(s, 200, "{b}");
    }

    let (_, info) = call(
        &app,
        &token,
        "pegar_infos_pagamentos",
        json!({"usuario": "x"}),
    )
    .await;
    let p = &info["pagamentos"];
    assert_eq!(p["saldo"], 40.0);
    assert_eq!(
        (p["aliberar"].clone(), p["Aliberar"].clone()),
        (json!(0.0), json!([]))
    );
    assert_eq!(
        (p["taxa"].clone(), p["liquido"].clone()),
        (json!(0.8), json!(39.2))
    );
    assert_eq!(p["Abertos"].as_array().unwrap().len(), 2);
    assert_eq!(p["Solicitacao"], Value::Null);

    let (_, hist) = call(
        &app,
        &token,
        "pegar_historico_pagamentos",
        json!({"usuario": "demo-ana"}),
    )
    .await;
    let fechados = hist["fechados"].as_array().unwrap();
    assert_eq!(fechados.len(), 3);
    assert_eq!(fechados[0]["id"], unpaid["all"]["id"]);
    assert_eq!(fechados[0]["status_pix"], "1");
    assert_eq!(fechados[2]["id"], o1["id"]);
    assert_eq!(fechados[2]["status_pix"], "2");
    assert_eq!(fechados[2]["valor"], 16.0);

    // Another supplier sees none of it and has no balance.
    let (ana, _) = app.login(OTHER_SUPPLIER).await;
    let (_, h) = call(&app, &ana, "pegar_historico_pagamentos", json!({})).await;
    assert_eq!(h["fechados"], json!([]));
    assert_eq!(
        refused(&app, &ana, "transferir", json!({}), 400).await,
        "Você está sem saldo"
    );

    let (s, w) = call(&app, &token, "transferir", json!({"usuario": "demo-ana"})).await;
    assert_eq!(s, 200, "{w}");
    let req = &w["Solicitacao"];
    assert_eq!(
        (req["valor"].clone(), req["taxa"].clone()),
        (json!(40.0), json!(0.8))
    );
    assert_eq!(req["liquido"], 39.2);
    assert_eq!(req["chave_pix"], "08183658466");
    let (_, info) = call(&app, &token, "pegar_infos_pagamentos", json!({})).await;
    assert_eq!(info["pagamentos"]["saldo"], 0.0);
    assert_eq!(info["pagamentos"]["Solicitacao"]["liquido"], 39.2);
    let moved: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM open_items WHERE withdrawal_id IS NOT NULL AND supplier_id = $1",
    )
    .bind("demo-joao")
    .fetch_one(&app.app.db)
    .await
    .unwrap();
    assert_eq!(moved, 2);

    // A new payment while the request is pending: balance again, but one request at a time.
    let txid = unpaid["all"]["Infos"]["txid"].as_str().unwrap();
    pay_pix(&app, txid).await;
    let (s, b) = call(
        &app,
        &token,
        "confirmar_entrega",
        json!({"item": unpaid["all"]["id"]}),
    )
    .await;
    assert_eq!(s, 200, "{b}");
    let (s, b) = call(
        &app,
        &buyer,
        "confirmar_recebimento",
        json!({"item": unpaid["all"]["id"]}),
    )
    .await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(
        refused(&app, &token, "transferir", json!({}), 409).await,
        "Você já tem uma solicitação de saque pendente."
    );
    let (_, info) = call(&app, &token, "pegar_infos_pagamentos", json!({})).await;
    assert_eq!(info["pagamentos"]["saldo"], 8.0);

    // The admin pays the request out (`confirmar_saque`): its orders become status '3'.
    let (admin, _) = app.login(ADMIN_EMAIL).await;
    let (s, b) = call(
        &app,
        &admin,
        "confirmar_saque",
        json!({"userforn": req["id"]}),
    )
    .await;
    assert_eq!((s, &b["confirmado"]), (200, &json!(true)), "{b}");
    let (_, hist) = call(&app, &token, "pegar_historico_pagamentos", json!({})).await;
    let o1_row = hist["fechados"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == o1["id"])
        .cloned()
        .unwrap();
    assert_eq!(o1_row["status_pix"], "3");
}

#[tokio::test]
async fn a_withdrawal_needs_a_pix_key() {
    let app = demo_app().await;
    let (token, _) = app.login(SUPPLIER).await;
    sqlx::query("UPDATE suppliers SET pix_chave = NULL WHERE user_id = 'demo-joao'")
        .execute(&app.app.db)
        .await
        .unwrap();
    assert_eq!(
        refused(&app, &token, "transferir", json!({}), 400).await,
        "Insira sua chave Pix"
    );
}
