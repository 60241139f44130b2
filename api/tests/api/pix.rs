//! Pix orders with the sandbox provider: the BR Code read by an independent parser (npm
//! `pix-utils`, `devservices/scripts/parse-brcode.mjs`), the QR image, the sandbox payment
//! (exactly once, one open item), expiry and refunds (decisions.md §8–§10).

use crate::fixtures::pay_pix;
use crate::fixtures::{BUYER, SUPPLIER, cassava, demo_app, exec, scalar_i64, stock};
use crate::helpers::TestApp;
use base64::{Engine, engine::general_purpose::STANDARD};
use serde_json::{Value, json};
use std::process::Command;

/// What `pix-utils` reads in `payload` (its error when the payload or its CRC is wrong).
pub fn parse_brcode(payload: &str) -> Value {
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../devservices/scripts/parse-brcode.mjs"
    );
    let out = Command::new("node")
        .arg(script)
        .arg(payload)
        .output()
        .expect("node runs (devservices: npm ci)");
    serde_json::from_slice(&out.stdout).unwrap_or_else(|_| {
        panic!(
            "parse-brcode.mjs: {} {}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

/// Places a Pix order of `n` × R$ 8,00; returns the answer.
pub async fn pix_order(app: &TestApp, token: &str, n: u32) -> Value {
    let (status, body) = app.rpc(Some(token), cassava(n, "2")).await;
    assert_eq!(status, 200, "{body}");
    body
}

/// `consultar_pagamento` of order `id`, asked by `token`'s user (200 expected).
pub async fn check(app: &TestApp, token: &str, id: &str) -> Value {
    let (status, body) = app
        .rpc(
            Some(token),
            json!({"codigo": "consultar_pagamento", "all": {"idpedido": id}}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    body
}

#[tokio::test]
async fn a_pix_order_carries_a_br_code_that_an_independent_parser_reads() {
    let app = demo_app().await;
    let (token, _) = app.login(BUYER).await;
    let body = pix_order(&app, &token, 3).await;
    let infos = &body["all"]["Infos"];
    let payload = body["qrcode"].as_str().unwrap();
    let txid = infos["txid"].as_str().unwrap();
    assert_eq!(infos["qrcode"], payload);
    assert_eq!(infos["status_pix"], "1");
    assert!((26..=35).contains(&txid.len()) && txid.chars().all(|c| c.is_ascii_alphanumeric()));

    let parsed = parse_brcode(payload);
    assert!(parsed.get("error").is_none(), "{parsed}");
    assert_eq!(parsed["type"], "STATIC");
    assert_eq!(parsed["pixKey"], app.app.config.pix.key);
    assert_eq!(parsed["transactionAmount"], 24.0);
    assert_eq!(parsed["txid"], txid);
    assert_eq!(parsed["merchantName"], "FEIRA");
    assert_eq!(parsed["merchantCity"], "PIRACICABA");
    assert_eq!(parsed["transactionCurrency"], "986");
    assert_eq!(parsed["countryCode"], "BR");
    // The parser does check the CRC.
    let broken = format!("{}0000", &payload[..payload.len() - 4]);
    assert_eq!(parse_brcode(&broken)["error"], "invalid crc");

    // The QR image is an SVG made here: inline in the checkout's answer (the spec's client reads
    // it there), a cacheable URL in the order, so a listed order stays small.
    let image = body["imagem_qrcode"].as_str().unwrap();
    let svg = STANDARD
        .decode(image.strip_prefix("data:image/svg+xml;base64,").unwrap())
        .unwrap();
    let svg = String::from_utf8(svg).unwrap();
    assert!(svg.contains("<svg"));
    let url = format!("/pix/{txid}/qr.svg");
    assert_eq!(infos["imagem_qrcode"], url.as_str());
    let res = app.get(&url).await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-type"], "image/svg+xml");
    assert_eq!(
        res.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert_eq!(res.text().await.unwrap(), svg, "the same image");
    assert!(
        body["all"].to_string().len() < 4_000,
        "a listed order carries no image"
    );
    assert_eq!(
        app.get("/pix/NaoExiste0000000000000000000/qr.svg")
            .await
            .status(),
        404
    );
    // The charge is stored, pending, for one hour.
    let (valor, criado, expira): (i64, i64, i64) = sqlx::query_as(
        "SELECT valor_centavos, criado_em, expira_em FROM pix_charges WHERE txid = $1 \
         AND status = 'pendente' AND copia_e_cola = $2",
    )
    .bind(txid)
    .bind(payload)
    .fetch_one(&app.app.db)
    .await
    .unwrap();
    assert_eq!((valor, expira - criado), (2400, 3_600_000));
}

#[tokio::test]
async fn the_sandbox_payment_is_idempotent_and_adds_exactly_one_open_item() {
    let app = demo_app().await;
    let (token, _) = app.login(BUYER).await;
    let body = pix_order(&app, &token, 2).await;
    let id = body["all"]["idpedido"].as_str().unwrap();
    let txid = body["all"]["Infos"]["txid"].as_str().unwrap();
    assert_eq!(
        check(&app, &token, id).await,
        json!({"pago": false, "expirado": false, "pix_devolvido": null})
    );

    // Two payments at once, then a third: one wins, the others see it paid.
    let (a, b) = tokio::join!(pay_pix(&app, txid), pay_pix(&app, txid));
    let (c_status, c) = pay_pix(&app, txid).await;
    assert_eq!((a.0, b.0, c_status), (200, 200, 200), "{a:?} {b:?} {c}");
    let fresh = [&a.1, &b.1, &c]
        .iter()
        .filter(|r| r["ja_pago"] == false)
        .count();
    assert_eq!(fresh, 1);

    let items: Vec<(String, i64, String, String)> = sqlx::query_as(
        "SELECT supplier_id, valor_centavos, status, cliente_nome FROM open_items \
         WHERE order_id = $1",
    )
    .bind(id)
    .fetch_all(&app.app.db)
    .await
    .unwrap();
    assert_eq!(
        items,
        vec![(
            "demo-joao".into(),
            1600,
            "a_liberar".into(),
            "Carla Souza".into()
        )]
    );
    assert_eq!(
        check(&app, &token, id).await,
        json!({"pago": true, "expirado": false, "pix_devolvido": null})
    );
    let (seller, _) = app.login(SUPPLIER).await;
    assert_eq!(check(&app, &seller, id).await["pago"], true);
    let (_, list) = app
        .rpc(Some(&token), json!({"codigo": "pegar_pedidos"}))
        .await;
    assert_eq!(list["pedidos"][0]["Infos"]["status_pix"], "2");
    assert!(list["pedidos"][0]["Infos"]["imagem_qrcode"].is_null());

    let (status, _) = pay_pix(&app, "NaoExisteNenhumaCobrancaAssim00").await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn an_expired_charge_cancels_its_order_releases_stock_and_cannot_be_paid() {
    let app = demo_app().await;
    let (token, _) = app.login(BUYER).await;
    let swept = pix_order(&app, &token, 3).await;
    let lazy = pix_order(&app, &token, 2).await;
    assert_eq!(stock(&app, "demo-p04").await, 15);
    let expire = "UPDATE pix_charges SET expira_em = criado_em - 1 WHERE txid = $1";
    let txid_of = |o: &Value| o["all"]["Infos"]["txid"].as_str().unwrap().to_owned();
    let id_of = |o: &Value| o["all"]["idpedido"].as_str().unwrap().to_owned();

    // The background sweep's work. The app's own expiry job may get there first (its first run
    // is at start-up, later on a loaded machine), so this call expires the charge or finds it
    // done; either way it is expired once, and a second sweep finds nothing.
    exec(&app, expire, &txid_of(&swept)).await;
    let first = feira_api::domain::charges::expire_due(&app.app.db)
        .await
        .unwrap();
    assert!(first <= 1, "{first} charges expired");
    let sql = "SELECT COUNT(*) FROM pix_charges WHERE status = 'expirado' AND txid = $1";
    assert_eq!(scalar_i64(&app, sql, &txid_of(&swept)).await, 1);
    assert_eq!(
        feira_api::domain::charges::expire_due(&app.app.db)
            .await
            .unwrap(),
        0
    );
    assert_eq!(stock(&app, "demo-p04").await, 18);
    // The lazy path, on read.
    exec(&app, expire, &txid_of(&lazy)).await;
    assert_eq!(
        check(&app, &token, &id_of(&lazy)).await,
        json!({"pago": false, "expirado": true, "pix_devolvido": null})
    );
    assert_eq!(stock(&app, "demo-p04").await, 20);
    for order in [&swept, &lazy] {
        let sql = "SELECT COUNT(*) FROM orders WHERE situacao = '00' AND status_pix = '0' \
                   AND id = $1";
        assert_eq!(scalar_i64(&app, sql, &id_of(order)).await, 1);
        // Neither paid nor cancelled later, and the stock is not released twice.
        let (status, body) = pay_pix(&app, &txid_of(order)).await;
        assert_eq!(
            (status, body["error"].as_str()),
            (409, Some("Cobrança expirada."))
        );
        let (status, _) = app
            .rpc(
                Some(&token),
                json!({"codigo": "cancelar_pedido", "item": id_of(order)}),
            )
            .await;
        assert_eq!(status, 409);
    }
    assert_eq!(stock(&app, "demo-p04").await, 20);
    let open: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM open_items")
        .fetch_one(&app.app.db)
        .await
        .unwrap();
    assert_eq!(open, 0);
}

#[tokio::test]
async fn cancelling_a_pix_order_cancels_or_refunds_its_charge() {
    let app = demo_app().await;
    let (token, _) = app.login(BUYER).await;
    // Unpaid: the charge can no longer be paid.
    let unpaid = pix_order(&app, &token, 1).await;
    let id = unpaid["all"]["idpedido"].as_str().unwrap();
    let txid = unpaid["all"]["Infos"]["txid"].as_str().unwrap();
    let (status, _) = app
        .rpc(
            Some(&token),
            json!({"codigo": "cancelar_pedido", "item": id}),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(pay_pix(&app, txid).await.0, 409);
    assert_eq!(check(&app, &token, id).await["expirado"], true);

    // Paid: refunded, the open item leaves the supplier's balance, stock comes back.
    let paid = pix_order(&app, &token, 4).await;
    let id = paid["all"]["idpedido"].as_str().unwrap();
    let txid = paid["all"]["Infos"]["txid"].as_str().unwrap();
    assert_eq!(pay_pix(&app, txid).await.0, 200);
    assert_eq!(stock(&app, "demo-p04").await, 16);
    let (status, body) = app
        .rpc(
            Some(&token),
            json!({"codigo": "cancelar_pedido", "item": id}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(stock(&app, "demo-p04").await, 20);
    let sql = "SELECT COUNT(*) FROM pix_charges WHERE status = 'devolvido' AND txid = $1";
    assert_eq!(scalar_i64(&app, sql, txid).await, 1);
    let sql = "SELECT COUNT(*) FROM open_items WHERE status = '2' AND order_id = $1";
    assert_eq!(scalar_i64(&app, sql, id).await, 0);
    let (_, list) = app
        .rpc(Some(&token), json!({"codigo": "pegar_pedidos"}))
        .await;
    assert_eq!(list["pedidos"][0]["Infos"]["reembolsado"], true);
    assert_eq!(list["pedidos"][0]["Infos"]["situacao"], "00");
}

#[tokio::test]
async fn a_paid_order_already_withdrawn_is_not_refunded_by_the_platform() {
    let app = demo_app().await;
    let (token, _) = app.login(BUYER).await;
    let paid = pix_order(&app, &token, 1).await;
    let id = paid["all"]["idpedido"].as_str().unwrap();
    assert_eq!(
        pay_pix(&app, paid["all"]["Infos"]["txid"].as_str().unwrap())
            .await
            .0,
        200
    );
    exec(
        &app,
        "UPDATE open_items SET status = '3' WHERE order_id = $1",
        id,
    )
    .await;
    let (status, _) = app
        .rpc(
            Some(&token),
            json!({"codigo": "cancelar_pedido", "item": id}),
        )
        .await;
    assert_eq!(status, 409);
    let sql = "SELECT COUNT(*) FROM orders WHERE situacao = '1' AND id = $1";
    assert_eq!(scalar_i64(&app, sql, id).await, 1);
}
