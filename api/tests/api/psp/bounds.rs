//! What a signed-in account can make the server ask the PSP (issue 27): one open token charge
//! per account however often `gerarpix_blockchain` is called (the same charge is shown again),
//! and `consultar_pagamento` asking the PSP at most once per `PIX_QUERY_INTERVAL_SECONDS` per
//! charge, answering from the database in between.

use super::{PAID, count, eventually, pix_order, psp_app, spawn_psp};
use crate::fixtures::BUYER;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

#[tokio::test]
async fn twenty_token_purchases_at_once_open_one_charge_at_the_psp() {
    let psp = spawn_psp(&[]).await;
    let app = psp_app(&psp, |_| {}).await;
    let (token, _) = app.login(BUYER).await;
    let buy = |n: u32| {
        let (app, token) = (&app, token.clone());
        async move {
            app.rpc(
                Some(&token),
                json!({"codigo": "gerarpix_blockchain", "quantidade": n}),
            )
            .await
        }
    };
    let answers = futures::future::join_all((0..20).map(|i| buy(1 + i % 3))).await;
    let mut txids: Vec<&str> = Vec::new();
    for (status, body) in &answers {
        assert_eq!(*status, 200, "{body}");
        txids.push(body["txid"].as_str().unwrap());
    }
    txids.dedup();
    assert_eq!(txids.len(), 1, "one charge shown to all: {txids:?}");
    let opened = psp.requests("PUT /cob/{txid}").await;
    assert_eq!(opened.len(), 1, "{opened:#?}");
    // Every answer is that charge: its own quantity and amount.
    let first = &answers[0].1;
    for (_, body) in &answers {
        assert_eq!(body["fichas"], first["fichas"]);
        assert_eq!(body["valor"], first["valor"]);
        assert_eq!(body["qrcode"], first["qrcode"]);
    }
    let charges: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM pix_charges WHERE finalidade = 'fichas' AND status = 'pendente'",
    )
    .fetch_one(&app.app.db)
    .await
    .unwrap();
    assert_eq!(charges, 1);
    // Once paid, a new purchase opens a new charge.
    psp.pay(txids[0], json!({})).await;
    let paid = "SELECT COUNT(*) FROM pix_charges WHERE status = 'pago' AND txid = $1";
    eventually("the token charge is paid", || async {
        count(&app, paid, txids[0]).await == 1
    })
    .await;
    let (status, again) = buy(2).await;
    assert_eq!(status, 200, "{again}");
    assert_ne!(again["txid"].as_str(), Some(txids[0]));
    assert_eq!(again["fichas"], 2);
    assert_eq!(psp.requests("PUT /cob/{txid}").await.len(), 2);
    psp.assert_contract().await;
}

#[tokio::test]
async fn thirty_status_queries_in_a_second_ask_the_psp_at_most_once() {
    let psp = spawn_psp(&[]).await;
    let app = psp_app(&psp, |_| {}).await;
    let (token, _) = app.login(BUYER).await;
    let (id, txid, _) = pix_order(&app, &token, 1).await;
    let ask = || {
        app.rpc(
            Some(&token),
            json!({"codigo": "consultar_pagamento", "all": {"idpedido": id}}),
        )
    };
    let started = Instant::now();
    let answers = futures::future::join_all((0..30).map(|_| ask())).await;
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    for (status, body) in &answers {
        assert_eq!(
            (*status, &body["pago"], &body["expirado"]),
            (200, &json!(false), &json!(false)),
            "{body}"
        );
    }
    let gets: Vec<Value> = psp.requests("GET /cob/{txid}").await;
    assert!(gets.len() <= 1, "the PSP was asked {} times", gets.len());
    // Paid meanwhile with the webhook lost: within the interval the database answers (unpaid);
    // once it has passed, the next query asks the PSP again and finds the payment.
    psp.webhooks("drop", 1).await;
    psp.pay(&txid, json!({})).await;
    assert_eq!(ask().await.1["pago"], false, "answered from the database");
    tokio::time::sleep(Duration::from_secs(5)).await;
    assert_eq!(ask().await.1["pago"], true, "asked the PSP again");
    assert_eq!(count(&app, PAID, &id).await, 1);
    assert_eq!(psp.requests("GET /cob/{txid}").await.len(), gets.len() + 1);
    psp.assert_contract().await;
}
