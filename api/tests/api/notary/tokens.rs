//! Tokens: R$ 5 each, bought by Pix (sandbox) and credited exactly once.

use super::{BUYER, app_with_gateway, balance, buy_tokens};
use crate::fixtures::pay_pix;
use serde_json::json;
use std::path::PathBuf;

#[tokio::test]
async fn tokens_cost_five_reais_each_and_are_credited_once() {
    let app = app_with_gateway("http://127.0.0.1:9", PathBuf::from("unused.json")).await;
    let (token, _) = app.login(BUYER).await;
    let (status, body) = app
        .rpc(
            Some(&token),
            json!({"codigo": "gerarpix_blockchain", "quantidade": 0}),
        )
        .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (400, Some("Escolha ao menos 1 ficha"))
    );
    let (status, _) = app
        .rpc(
            None,
            json!({"codigo": "gerarpix_blockchain", "quantidade": 1}),
        )
        .await;
    assert_eq!(status, 401);
    let body = buy_tokens(&app, &token, 3).await;
    assert_eq!(body["valor"], "15.00");
    assert!(
        body["codigo"]["qrcode"]
            .as_str()
            .unwrap()
            .contains("540515.00")
    );
    assert!(
        body["codigo"]["imagemQrcode"]
            .as_str()
            .unwrap()
            .starts_with("data:image/svg+xml")
    );
    // Paying again credits nothing more.
    let txid = body["txid"].as_str().unwrap();
    pay_pix(&app, txid).await;
    assert_eq!(balance(&app, &token).await["fichas"], 3);
    // The spec's `preco` works too.
    let (status, body) = app
        .rpc(
            Some(&token),
            json!({"codigo": "gerarpix_blockchain", "preco": "10.00"}),
        )
        .await;
    assert_eq!((status, body["fichas"].as_u64()), (200, Some(2)));
}
