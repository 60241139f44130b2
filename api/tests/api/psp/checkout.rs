//! Checkout and the buyer's status through the PSP: a dynamic BR Code from `PUT /cob/{txid}`,
//! paid by webhook exactly once, the status read with `GET /cob/{txid}`, an expired token
//! refreshed once, a PSP that fails or hangs at checkout (nothing stored, nothing held), and a
//! buyer at the open-orders bound refused before any charge is opened.

use super::{HMAC, PAID, count, eventually, pix_order, psp_app, spawn_psp};
use crate::fixtures::{BUYER, SUPPLIER, cassava, demo_app, orders_count, stock};
use crate::pix::{check, parse_brcode};
use serde_json::{Value, json};

/// How many webhook deliveries for `txid` the API acknowledged.
pub async fn delivered(psp: &super::Psp, txid: &str) -> usize {
    let (_, w) = psp
        .call(
            reqwest::Method::GET,
            &format!("/webhooks?txid={txid}"),
            Value::Null,
        )
        .await;
    w["deliveries"].as_array().map_or(0, |d| {
        d.iter().filter(|d| d["state"] == "delivered").count()
    })
}

/// The order's paid value, held until its delivery is confirmed (decisions.md §27).
const OPEN_ITEMS: &str =
    "SELECT COUNT(*) FROM open_items WHERE status = 'a_liberar' AND order_id = $1";

#[tokio::test]
async fn a_psp_charge_is_a_dynamic_br_code_paid_once_by_a_webhook_sent_twice() {
    let psp = spawn_psp(&[]).await;
    let app = psp_app(&psp, |_| {}).await;
    let (token, _) = app.login(BUYER).await;
    let (id, txid, body) = pix_order(&app, &token, 2).await;

    // The PSP's own BR Code, read by an independent parser; the QR is drawn here.
    let payload = body["qrcode"].as_str().unwrap();
    let parsed = parse_brcode(payload);
    assert!(parsed.get("error").is_none(), "{parsed}");
    assert_eq!(parsed["type"], "DYNAMIC", "{parsed}");
    assert!(
        parsed["url"].as_str().unwrap().contains("/qr/v2/"),
        "the PSP's location: {parsed}"
    );
    assert_eq!(
        (&parsed["merchantName"], &parsed["transactionCurrency"]),
        (&json!("FEIRA"), &json!("986"))
    );
    assert!(
        payload.contains("540516.00"),
        "field 54, the amount: {payload}"
    );
    assert!(
        body["imagem_qrcode"]
            .as_str()
            .unwrap()
            .starts_with("data:image/svg+xml;base64,")
    );
    let cob = psp.requests("PUT /cob/{txid}").await;
    assert_eq!(cob.len(), 1);
    assert_eq!(cob[0]["body"]["valor"]["original"], "16.00");
    assert_eq!(cob[0]["body"]["calendario"]["expiracao"], 3600);
    assert_eq!(check(&app, &token, &id).await["pago"], false);

    psp.webhooks("twice", 1).await;
    psp.pay(&txid, json!({})).await;
    eventually("the order is paid", || async {
        count(&app, PAID, &id).await == 1
    })
    .await;
    // Both deliveries arrive; the second changes nothing.
    eventually("both webhooks delivered", || async {
        delivered(&psp, &txid).await == 2
    })
    .await;
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    assert_eq!(
        count(&app, OPEN_ITEMS, &id).await,
        1,
        "the supplier's balance went up once"
    );
    let valor = "SELECT valor_centavos FROM open_items WHERE order_id = $1";
    assert_eq!(count(&app, valor, &id).await, 1600);
    assert_eq!(
        check(&app, &token, &id).await,
        json!({"pago": true, "expirado": false, "pix_devolvido": null})
    );
    let (seller, _) = app.login(SUPPLIER).await;
    assert_eq!(check(&app, &seller, &id).await["pago"], true);
    // No sandbox payment with a PSP.
    let res = app
        .http
        .post(format!("{}/pix/sandbox/{txid}/pagar", app.address))
        .send()
        .await
        .unwrap();
    assert_ne!(res.status().as_u16(), 200);
    assert!(!HMAC.is_empty());
    psp.assert_contract().await;
}

#[tokio::test]
async fn the_buyers_status_is_the_psps_and_an_expired_token_is_refreshed_once() {
    let psp = spawn_psp(&[]).await;
    let app = psp_app(&psp, |_| {}).await;
    let (token, _) = app.login(BUYER).await;
    let (id, txid, _) = pix_order(&app, &token, 1).await;
    let tokens_before = psp.requests("POST /oauth/token").await.len();

    // The webhook is lost: the buyer's status query asks the PSP (GET /cob) and applies it.
    psp.webhooks("drop", 1).await;
    psp.pay(&txid, json!({})).await;
    let (status, expired) = psp
        .call(reqwest::Method::POST, "/tokens/expire", Value::Null)
        .await;
    assert_eq!(status, 200, "{expired}");
    assert_eq!(
        check(&app, &token, &id).await,
        json!({"pago": true, "expirado": false, "pix_devolvido": null})
    );
    assert_eq!(count(&app, PAID, &id).await, 1);
    assert_eq!(count(&app, OPEN_ITEMS, &id).await, 1);
    let origin = "SELECT COUNT(*) FROM pix_received WHERE origem = 'consulta' AND txid = $1";
    assert_eq!(count(&app, origin, &txid).await, 1);
    // One new token after the 401, and the refused call sent again once.
    assert_eq!(
        psp.requests("POST /oauth/token").await.len(),
        tokens_before + 1
    );
    let gets = psp.requests("GET /cob/{txid}").await;
    let statuses: Vec<i64> = gets.iter().filter_map(|r| r["status"].as_i64()).collect();
    assert_eq!(statuses, [401, 200], "{gets:#?}");
    psp.assert_contract().await;
}

#[tokio::test]
async fn a_psp_that_fails_or_hangs_at_checkout_leaves_no_order_and_no_stock_held() {
    let psp = spawn_psp(&[]).await;
    let app = psp_app(&psp, |c| {
        c.pix.api.as_mut().unwrap().timeout = std::time::Duration::from_secs(4);
    })
    .await;
    let (token, _) = app.login(BUYER).await;
    psp.fault("PUT /cob/{txid}", json!({"mode": "error", "status": 500}))
        .await;
    psp.fault("PUT /cob/{txid}", json!({"mode": "hang", "seconds": 12}))
        .await;
    for _ in 0..2 {
        // 503 with `Retry-After`: the client is told when to try again.
        let res = app
            .http
            .post(format!("{}/api", app.address))
            .bearer_auth(&token)
            .json(&cassava(3, "2"))
            .send()
            .await
            .unwrap();
        let (wait, error) = crate::helpers::try_again(res).await;
        assert_eq!(wait, 10);
        assert_eq!(
            error,
            "Não foi possível gerar o Pix agora. Tente novamente."
        );
        assert_eq!(stock(&app, "demo-p04").await, 20);
        assert_eq!(orders_count(&app).await, 0);
        let charges: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM pix_charges")
            .fetch_one(&app.app.db)
            .await
            .unwrap();
        assert_eq!(charges, 0);
    }
    // The PSP is back: the same bag goes through.
    let (_, txid, _) = pix_order(&app, &token, 3).await;
    assert_eq!(stock(&app, "demo-p04").await, 17);
    assert_eq!(txid.len(), 32);
    psp.assert_contract().await;
}

#[tokio::test]
async fn a_buyer_at_the_open_orders_bound_never_reaches_the_psp() {
    use feira_api::domain::orders::open::pedidos_em_aberto;
    let psp = spawn_psp(&[]).await;
    let app = psp_app(&psp, |c| c.security.max_open_orders = Some(1)).await;
    let (token, _) = app.login(BUYER).await;
    // One order paid in person holds the only room.
    let (status, body) = app.rpc(Some(&token), cassava(1, "1")).await;
    assert_eq!(status, 200, "{body}");
    let before = psp.requests("PUT /cob/{txid}").await.len();
    let (status, body) = app.rpc(Some(&token), cassava(1, "2")).await;
    assert_eq!(
        (status, body["error"].as_str().unwrap_or_default()),
        (409, pedidos_em_aberto(1).as_str())
    );
    assert_eq!(psp.requests("PUT /cob/{txid}").await.len(), before);
    assert_eq!(orders_count(&app).await, 1);
    assert_eq!(stock(&app, "demo-p04").await, 19);
    psp.assert_contract().await;
}

#[tokio::test]
async fn a_supplier_cannot_order_from_their_own_store() {
    let app = demo_app().await;
    let (seller, _) = app.login(SUPPLIER).await;
    for pagamento in ["1", "2"] {
        let (status, body) = app.rpc(Some(&seller), cassava(1, pagamento)).await;
        assert_eq!(status, 400, "{body}");
        assert_eq!(body["error"], "Você não pode comprar da sua própria loja.");
    }
    assert_eq!(orders_count(&app).await, 0);
    assert_eq!(stock(&app, "demo-p04").await, 20);
}

/// Starts the API binary with only `env`; returns its stderr once it has exited (10 s at most).
async fn start_refused(env: &[(&str, &str)]) -> String {
    let mut cmd = tokio::process::Command::new(env!("CARGO_BIN_EXE_feira-api"));
    cmd.env_clear()
        .env("RUST_BACKTRACE", "0")
        .env("APP_PORT", "0")
        .env("OIDC_CLIENT_ID", "x")
        .envs(env.iter().copied())
        .current_dir(std::env::temp_dir())
        .kill_on_drop(true);
    let out = tokio::time::timeout(std::time::Duration::from_secs(10), cmd.output())
        .await
        .expect("the API refuses to start at once")
        .unwrap();
    assert!(!out.status.success());
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[tokio::test]
async fn production_refuses_to_start_with_the_sandbox_or_an_open_webhook() {
    let err = start_refused(&[("APP_ENV", "production")]).await;
    assert!(err.contains("PIX_PROVIDER=sandbox"), "{err}");
    let err = start_refused(&[
        ("APP_ENV", "production"),
        ("PIX_PROVIDER", "api-pix"),
        ("PIX_CLIENT_ID", "id"),
        ("PIX_CLIENT_SECRET", "segredo"),
        ("PIX_CERT_FILE", "/nao/existe.pem"),
        ("PIX_WEBHOOK_URL", "https://feira.example/webhooks/pix"),
    ])
    .await;
    assert!(
        err.contains("PIX_WEBHOOK_HMAC") && err.contains("PIX_WEBHOOK_TLS_"),
        "{err}"
    );
}
