//! The notarisation's defects, fixed: one token buys one upload however many run at once (the
//! token is reserved before the upload and given back when it fails), and the stored type (the
//! Arweave `Content-Type` tag) comes from an allow-list, never from the client as sent.
//!
//! A fake at the edge: a tiny gateway that accepts every transaction slowly (so uploads overlap),
//! counts `POST /tx` and keeps the tags of each transaction.

use super::{BUYER, app_with_gateway, balance, buy_tokens, random_bytes};
use axum::{
    Json, Router,
    routing::{get, post},
};
use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use feira_api::arweave::Wallet;
use serde_json::{Value, json};
use std::{
    path::PathBuf,
    sync::{Arc, Mutex},
    time::Duration,
};

/// The transactions a [`slow_gateway`] received: their tags as (name, value).
type Received = Arc<Mutex<Vec<Vec<(String, String)>>>>;

async fn slow_gateway() -> (String, Received) {
    let received: Received = Arc::default();
    let seen = received.clone();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let router = Router::new()
        .route("/tx_anchor", get(|| async { "A".repeat(64) }))
        .route("/price/{bytes}", get(|| async { "1000" }))
        .route(
            "/tx",
            post(move |Json(tx): Json<Value>| {
                let seen = seen.clone();
                async move {
                    let text = |v: &Value| {
                        String::from_utf8(URL_SAFE_NO_PAD.decode(v.as_str().unwrap()).unwrap())
                            .unwrap()
                    };
                    let tags = tx["tags"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|t| (text(&t["name"]), text(&t["value"])))
                        .collect();
                    seen.lock().unwrap().push(tags);
                    tokio::time::sleep(Duration::from_millis(400)).await;
                    "OK"
                }
            }),
        )
        .route("/chunk", post(|| async { "{}" }));
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    (url, received)
}

fn wallet_file() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("feira-wallet-{}", feira_api::db::new_id()));
    std::fs::create_dir_all(&dir).unwrap();
    let wallet = dir.join("w.json");
    std::fs::write(&wallet, Wallet::generate(2048).unwrap().to_jwk()).unwrap();
    wallet
}

async fn upload_typed(
    app: &crate::helpers::TestApp,
    token: &str,
    name: &str,
    content_type: &str,
) -> (u16, Value) {
    let res = app
        .http
        .post(format!("{}/api/blockchain/upload", app.address))
        .query(&[("nome", name), ("descricao", "Laudo da safra")])
        .header("content-type", content_type)
        .bearer_auth(token)
        .body(random_bytes(2000))
        .send()
        .await
        .unwrap();
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn one_token_buys_one_upload_however_many_run_at_once() {
    let (url, received) = slow_gateway().await;
    let app = app_with_gateway(&url, wallet_file()).await;
    let (token, _) = app.login(BUYER).await;
    buy_tokens(&app, &token, 1).await;
    let uploads = (0..4).map(|i| {
        let (app, token) = (&app, &token);
        async move { upload_typed(app, token, &format!("f{i}.pdf"), "application/pdf").await }
    });
    let answers = futures::future::join_all(uploads).await;
    let ok = answers.iter().filter(|(s, _)| *s == 200).count();
    assert_eq!(ok, 1, "{answers:?}");
    for (status, body) in answers.iter().filter(|(s, _)| *s != 200) {
        assert_eq!(
            (*status, body["error"].as_str()),
            (400, Some("Você não possui fichas!"))
        );
    }
    // The platform's wallet paid for one transaction only.
    assert_eq!(received.lock().unwrap().len(), 1);
    let b = balance(&app, &token).await;
    assert_eq!(b["fichas"], 0);
    assert_eq!(b["historico"].as_array().unwrap().len(), 1, "{b}");
}

#[tokio::test]
async fn a_failed_upload_gives_its_reserved_token_back() {
    // Nothing listens on port 9: the upload fails after the token was reserved.
    let app = app_with_gateway("http://127.0.0.1:9", wallet_file()).await;
    let (token, _) = app.login(BUYER).await;
    buy_tokens(&app, &token, 1).await;
    let (status, _) = upload_typed(&app, &token, "a.pdf", "application/pdf").await;
    assert_eq!(status, 500);
    let b = balance(&app, &token).await;
    assert_eq!(b["fichas"], 1, "{b}");
}

#[tokio::test]
async fn the_stored_type_comes_from_an_allow_list() {
    let (url, received) = slow_gateway().await;
    let app = app_with_gateway(&url, wallet_file()).await;
    let (token, _) = app.login(BUYER).await;
    buy_tokens(&app, &token, 3).await;
    let mut ids = Vec::new();
    for (sent, stored) in [
        ("text/html", "application/octet-stream"),
        ("application/pdf", "application/pdf"),
        ("image/svg+xml", "application/octet-stream"),
    ] {
        let (status, body) = upload_typed(&app, &token, "x.html", sent).await;
        assert_eq!(status, 200, "{body}");
        ids.push((body["transactionId"].as_str().unwrap().to_owned(), stored));
    }
    let tags = received.lock().unwrap().clone();
    for ((id, stored), tags) in ids.iter().zip(&tags) {
        let content_type = tags.iter().find(|(n, _)| n == "Content-Type").unwrap();
        assert_eq!(content_type.1, *stored);
        let (_, body) = app
            .rpc(
                None,
                json!({"codigo": "verificar_blockchain", "transactionId": id}),
            )
            .await;
        assert_eq!(body["tipo"], *stored);
    }
    // The data-URL action too: its type is the data URL's, through the same allow-list.
    let (status, body) = app
        .rpc(
            Some(&token),
            json!({"codigo": "upload_blockchain", "arquivo": "data:text/html;base64,PGgxPng8L2gxPg==",
                   "nomeArquivo": "a.html", "descricao": "x"}),
        )
        .await;
    assert_eq!(status, 400, "no token left: {body}");
    buy_tokens(&app, &token, 1).await;
    let (status, _) = app
        .rpc(
            Some(&token),
            json!({"codigo": "upload_blockchain", "arquivo": "data:text/html;base64,PGgxPng8L2gxPg==",
                   "nomeArquivo": "a.html", "descricao": "x"}),
        )
        .await;
    assert_eq!(status, 200);
    let last = received.lock().unwrap().last().unwrap().clone();
    assert!(last.contains(&("Content-Type".into(), "application/octet-stream".into())));
}
