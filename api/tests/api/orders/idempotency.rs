//! A checkout never doubles: `finalizar_pedido` with an `Idempotency-Key` (IETF httpapi draft,
//! as Spree's Store API) places one order per key and buyer. The same key with the same payload
//! answers the first order (nothing new: no second order, stock taken once, one Pix charge), also
//! when sent at once from many connections and from a new instance on the same database; the
//! same key with another payload is 422; a malformed key is 400.

use crate::fixtures::{BUYER, OTHER_BUYER, cassava, demo_app, orders_count, stock};
use crate::helpers::TestApp;
use serde_json::Value;

/// `finalizar_pedido` with `key` as the `Idempotency-Key`.
pub async fn place_with_key(app: &TestApp, token: &str, key: &str, body: &Value) -> (u16, Value) {
    let res = app
        .http
        .post(format!("{}/api", app.address))
        .bearer_auth(token)
        .header("Idempotency-Key", key)
        .json(body)
        .send()
        .await
        .unwrap();
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}

async fn charges(app: &TestApp) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM pix_charges")
        .fetch_one(&app.app.db)
        .await
        .unwrap()
}

#[tokio::test]
async fn the_same_key_and_payload_is_one_order_and_another_payload_is_refused() {
    let app = demo_app().await;
    let (buyer, _) = app.login(BUYER).await;
    let body = cassava(2, "2");
    let (s, first) = place_with_key(&app, &buyer, "5d0a2c9e-checkout-1", &body).await;
    assert_eq!(s, 200, "{first}");
    let (s, again) = place_with_key(&app, &buyer, "5d0a2c9e-checkout-1", &body).await;
    assert_eq!(s, 200, "{again}");
    assert_eq!(again["all"]["id"], first["all"]["id"]);
    assert_eq!(again["qrcode"], first["qrcode"], "the same charge to pay");
    assert_eq!((orders_count(&app).await, charges(&app).await), (1, 1));
    assert_eq!(stock(&app, "demo-p04").await, 18, "taken once");
    // The same key with another payload: 422, nothing new.
    let (s, b) = place_with_key(&app, &buyer, "5d0a2c9e-checkout-1", &cassava(3, "2")).await;
    assert_eq!(
        (s, b["codigo_erro"].as_str()),
        (422, Some("chave_reusada")),
        "{b}"
    );
    assert_eq!(
        b["error"],
        "Esta chave de idempotência já foi usada em outro pedido. Recarregue a página e tente de novo."
    );
    // Another buyer's key space is their own; a new key is a new order.
    let (other, _) = app.login(OTHER_BUYER).await;
    let (s, _) = place_with_key(&app, &other, "5d0a2c9e-checkout-1", &body).await;
    assert_eq!(s, 200);
    let (s, _) = place_with_key(&app, &buyer, "5d0a2c9e-checkout-2", &body).await;
    assert_eq!(s, 200);
    assert_eq!(orders_count(&app).await, 3);
    // Without a key, as the spec's client: each request is an order (as before).
    let (s, _) = app.rpc(Some(&buyer), cassava(1, "1")).await;
    assert_eq!(s, 200);
    assert_eq!(orders_count(&app).await, 4);
    // A malformed key is refused before anything is done.
    for bad in ["", "com espaço", &"k".repeat(256)] {
        let (s, b) = place_with_key(&app, &buyer, bad, &body).await;
        assert_eq!(
            (s, b["error"].as_str()),
            (400, Some("Chave de idempotência inválida.")),
            "{bad:?}"
        );
    }
    assert_eq!(orders_count(&app).await, 4);
}

#[tokio::test]
async fn twenty_attempts_with_one_key_at_once_place_one_order_and_one_charge() {
    let app = demo_app().await;
    let (buyer, _) = app.login(BUYER).await;
    let body = cassava(1, "2");
    let attempts = (0..20).map(|_| place_with_key(&app, &buyer, "mesma-tentativa", &body));
    let answers = futures::future::join_all(attempts).await;
    let ids: std::collections::BTreeSet<String> = answers
        .iter()
        .map(|(s, b)| {
            assert_eq!(*s, 200, "{b}");
            b["all"]["id"].as_str().unwrap().to_owned()
        })
        .collect();
    assert_eq!(ids.len(), 1, "every attempt answers the one order");
    assert_eq!((orders_count(&app).await, charges(&app).await), (1, 1));
    assert_eq!(stock(&app, "demo-p04").await, 19);
}

#[tokio::test]
async fn a_retry_after_a_restart_finds_the_order_the_key_placed() {
    let app = demo_app().await;
    let (buyer, _) = app.login(BUYER).await;
    let body = cassava(1, "1");
    let (s, first) = place_with_key(&app, &buyer, "antes-do-reinicio", &body).await;
    assert_eq!(s, 200);
    // Another instance on the same database (what a restart or a second server is).
    let second = crate::helpers::spawn_app_on(&app).await;
    let (buyer2, _) = second.login(BUYER).await;
    let (s, again) = place_with_key(&second, &buyer2, "antes-do-reinicio", &body).await;
    assert_eq!(s, 200, "{again}");
    assert_eq!(again["all"]["id"], first["all"]["id"]);
    assert_eq!(orders_count(&app).await, 1);
}
