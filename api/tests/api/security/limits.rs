//! The rate limits: each limited route answers 429 with `Retry-After` and the Portuguese message
//! once its quota is spent, per client address and per user, with limits set by configuration
//! (the rest of the suite runs with them off).

use crate::fixtures::{BUYER, SUPPLIER, cassava};
use crate::helpers::{TestApp, spawn_app_with};
use feira_api::security::rate::{Class, Quotas};
use serde_json::{Value, json};

/// The app (with the demo data) with `class` limited to `quotas`.
async fn limited(class: Class, quotas: &str) -> TestApp {
    let quotas = Quotas::parse(quotas).unwrap();
    spawn_app_with(|c| {
        c.seed_demo = true;
        c.security.limits.set(class, quotas);
    })
    .await
}

/// `POST /api` answering 429 with `Retry-After` (seconds, at most `period`) and the message.
async fn assert_limited(app: &TestApp, token: Option<&str>, body: &Value, period: u64) {
    let mut req = app.http.post(format!("{}/api", app.address)).json(body);
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    assert_429(req.send().await.unwrap(), period).await;
}

async fn assert_429(res: reqwest::Response, period: u64) {
    assert_eq!(res.status(), 429);
    let wait: u64 = res.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=period).contains(&wait), "Retry-After {wait}");
    let body: Value = res.json().await.unwrap();
    assert_eq!(
        body["error"],
        format!("Muitas tentativas em pouco tempo. Tente de novo em {wait} segundos.")
    );
}

#[tokio::test]
async fn sign_in_is_limited_per_address() {
    let app = limited(Class::SignIn, "ip=3/min").await;
    let start = json!({"codigo": "iniciar_login"});
    for _ in 0..3 {
        assert_eq!(app.rpc(None, start.clone()).await.0, 200);
    }
    assert_limited(&app, None, &start, 60).await;
    // Nothing else counts against it.
    let (s, _) = app
        .rpc(
            None,
            json!({"codigo": "pegar_produtos", "cidade": "Piracicaba, SP"}),
        )
        .await;
    assert_ne!(s, 429);
    // Only the allowed starts wrote a row.
    let rows: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM login_nonces")
        .fetch_one(&app.app.db)
        .await
        .unwrap();
    assert_eq!(rows, 3);
}

#[tokio::test]
async fn coupon_guesses_are_limited_per_address_and_per_user() {
    let app = limited(Class::Coupon, "ip=5/min user=2/min").await;
    let guess =
        |code: &str| json!({"codigo": "validar_cupom", "userforn": "demo-joao", "cupom": code});
    let (token, _) = app.login(BUYER).await;
    for code in ["AAAA", "BBBB"] {
        assert_ne!(app.rpc(Some(&token), guess(code)).await.0, 429);
    }
    // The user's quota is spent; anonymous guesses from the address have 3 left.
    assert_limited(&app, Some(&token), &guess("CCCC"), 60).await;
    for code in ["DDDD", "EEEE"] {
        assert_eq!(app.rpc(None, guess(code)).await.0, 404);
    }
    assert_limited(&app, None, &guess("FFFF"), 60).await;
}

#[tokio::test]
async fn photo_uploads_are_limited_per_user() {
    let app = limited(Class::Upload, "user=2/min").await;
    let (token, _) = app.login(SUPPLIER).await;
    let upload = json!({"codigo": "upload_foto", "item": {"id": "nenhum"}, "uri": "x"});
    for _ in 0..2 {
        assert_ne!(app.rpc(Some(&token), upload.clone()).await.0, 429);
    }
    assert_limited(&app, Some(&token), &upload, 60).await;
    let ad = json!({"codigo": "upload_foto_anuncio", "id": "nenhum", "uri": "x"});
    assert_limited(&app, Some(&token), &ad, 60).await;
    // Another user is counted apart.
    let (other, _) = app.login(BUYER).await;
    assert_ne!(app.rpc(Some(&other), upload).await.0, 429);
}

#[tokio::test]
async fn order_placement_is_limited_per_user() {
    let app = limited(Class::Order, "user=2/min").await;
    let (token, _) = app.login(BUYER).await;
    for _ in 0..2 {
        let (s, b) = app.rpc(Some(&token), cassava(1, "1")).await;
        assert_eq!(s, 200, "{b}");
    }
    assert_limited(&app, Some(&token), &cassava(1, "1"), 60).await;
    let orders: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM orders")
        .fetch_one(&app.app.db)
        .await
        .unwrap();
    assert_eq!(orders, 2);
}

#[tokio::test]
async fn notarisation_uploads_are_limited_per_user_on_both_routes() {
    let app = limited(Class::Notary, "user=2/h").await;
    let (token, _) = app.login(BUYER).await;
    let upload = |i: u32| {
        app.http
            .post(format!("{}/api/blockchain/upload", app.address))
            .query(&[("nome", format!("f{i}.pdf")), ("descricao", "Laudo".into())])
            .header("content-type", "application/pdf")
            .bearer_auth(&token)
            .body(vec![7u8; 100])
            .send()
    };
    // Without tokens the first two are refused for that reason, not by the limit.
    for i in 0..2 {
        assert_ne!(upload(i).await.unwrap().status(), 429);
    }
    assert_429(upload(2).await.unwrap(), 3600).await;
    let rpc = json!({"codigo": "upload_blockchain", "arquivo": "data:text/plain;base64,YWJj",
                     "nomeArquivo": "a.txt", "descricao": "a"});
    assert_limited(&app, Some(&token), &rpc, 3600).await;
}
