//! Refusals that spend nothing: no token, a file over 100 MB, no description, and a gateway
//! that refuses the transaction (a fake at the edge: a tiny HTTP server).

use super::{BUYER, app_with_gateway, balance, buy_tokens, random_bytes, upload};
use axum::{
    Router,
    http::StatusCode,
    routing::{get, post},
};
use feira_api::arweave::Wallet;
use serde_json::{Value, json};
use std::path::PathBuf;

#[tokio::test]
async fn a_file_over_100_mb_is_refused_and_spends_nothing() {
    let app = app_with_gateway("http://127.0.0.1:9", PathBuf::from("unused.json")).await;
    let (token, _) = app.login(BUYER).await;
    let (status, body) = upload(&app, &token, "a.pdf", reqwest::Body::from("x")).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (400, Some("Você não possui fichas!"))
    );
    buy_tokens(&app, &token, 1).await;
    // 101 MB streamed without a length: refused once the limit is crossed.
    let block = bytes::Bytes::from(vec![1u8; 1024 * 1024]);
    let stream =
        futures::stream::iter((0..101).map(move |_| Ok::<_, std::io::Error>(block.clone())));
    let (status, body) = upload(&app, &token, "big.bin", reqwest::Body::wrap_stream(stream)).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (400, Some("Arquivo muito grande!")),
        "{body}"
    );
    // Declared too large: refused before reading.
    let (status, body) = upload(
        &app,
        &token,
        "big.bin",
        reqwest::Body::from(vec![0u8; 104_857_601]),
    )
    .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (400, Some("Arquivo muito grande!")),
        "{body}"
    );
    // A description is required.
    let res = app
        .http
        .post(format!(
            "{}/api/blockchain/upload?nome=a.txt&descricao=%20",
            app.address
        ))
        .bearer_auth(&token)
        .body("abc")
        .send()
        .await
        .unwrap();
    assert_eq!(
        res.json::<Value>().await.unwrap()["error"],
        "Insira uma descrição"
    );
    let b = balance(&app, &token).await;
    assert_eq!(b["fichas"], 1);
    assert_eq!(b["historico"], json!([]));
}

#[tokio::test]
async fn a_gateway_failure_spends_nothing() {
    // Fake at the edge: a gateway that answers anchor and price but refuses every transaction.
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let router = Router::new()
        .route("/tx_anchor", get(|| async { "A".repeat(64) }))
        .route("/price/{bytes}", get(|| async { "1000" }))
        .route(
            "/tx",
            post(|| async { (StatusCode::BAD_REQUEST, "Transaction verification failed.") }),
        );
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    let dir = std::env::temp_dir().join(format!("feira-wallet-{}", feira_api::db::new_id()));
    std::fs::create_dir_all(&dir).unwrap();
    let wallet = dir.join("w.json");
    std::fs::write(&wallet, Wallet::generate(2048).unwrap().to_jwk()).unwrap();
    let app = app_with_gateway(&url, wallet).await;
    let (token, _) = app.login(BUYER).await;
    buy_tokens(&app, &token, 1).await;
    let (status, body) = upload(
        &app,
        &token,
        "a.pdf",
        reqwest::Body::from(random_bytes(1000)),
    )
    .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (500, Some("Algum erro ocorreu!"))
    );
    // The JSON action, too.
    let (status, body) = app
        .rpc(
            Some(&token),
            json!({"codigo": "upload_blockchain", "arquivo": "data:text/plain;base64,YWJj",
                   "nomeArquivo": "a.txt", "descricao": "x", "usuario": "someone-else"}),
        )
        .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (500, Some("Algum erro ocorreu!"))
    );
    assert_eq!(balance(&app, &token).await["fichas"], 1);
    let _ = std::fs::remove_dir_all(dir);
}
