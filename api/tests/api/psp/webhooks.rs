//! What reaches the API from the PSP besides a clean webhook: a lost webhook found by the
//! reconciliation (safe when two instances run it at once), Pix of another amount or for an
//! unknown txid (kept for the admin, never applied), and webhooks without the right `hmac`.

use super::{HMAC, PAID, count, eventually, pix_order, psp_app, spawn_psp};
use crate::helpers::ADMIN_EMAIL;
use crate::orders::BUYER;
use feira_api::pix::reconcile;
use serde_json::json;

const OPEN_ITEMS: &str = "SELECT COUNT(*) FROM open_items WHERE order_id = $1";

#[tokio::test]
async fn a_lost_webhook_is_applied_once_by_the_reconciliation_even_run_twice_at_once() {
    let psp = spawn_psp(&[]).await;
    let app = psp_app(&psp, |_| {}).await;
    let (token, _) = app.login(BUYER).await;
    let (id, txid, _) = pix_order(&app, &token, 2).await;
    psp.webhooks("drop", 1).await;
    psp.pay(&txid, json!({})).await;
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    assert_eq!(count(&app, PAID, &id).await, 0, "the webhook was lost");

    let (db, pix, hub) = (&app.app.db, app.app.pix.as_ref(), &app.app.events);
    let (a, b) = tokio::join!(reconcile::run(db, pix, hub), reconcile::run(db, pix, hub));
    let (a, b) = (a.unwrap(), b.unwrap());
    assert_eq!(a.new + b.new, 1, "{a:?} {b:?}");
    assert_eq!(count(&app, PAID, &id).await, 1);
    assert_eq!(count(&app, OPEN_ITEMS, &id).await, 1);
    let origin = "SELECT COUNT(*) FROM pix_received WHERE origem = 'reconciliacao' AND txid = $1";
    assert_eq!(count(&app, origin, &txid).await, 1);
    // The next run starts where this one ended and finds nothing new.
    let again = reconcile::run(db, pix, hub).await.unwrap();
    assert_eq!(
        (again.listed, again.new),
        (1, 0),
        "windows overlap, nothing twice"
    );
    assert_eq!(count(&app, OPEN_ITEMS, &id).await, 1);
    psp.assert_contract().await;
}

#[tokio::test]
async fn other_amounts_and_unknown_txids_are_kept_for_the_admin_never_applied() {
    let psp = spawn_psp(&[]).await;
    let app = psp_app(&psp, |_| {}).await;
    let (token, _) = app.login(BUYER).await;
    let (id, txid, _) = pix_order(&app, &token, 2).await;
    for pix in [
        json!({"txid": txid, "valor": "1.00"}),
        json!({"txid": "NaoExisteNenhumaCobrancaAssim0001", "valor": "5.00"}),
    ] {
        let (status, body) = psp.call(reqwest::Method::POST, "/pix", pix).await;
        assert_eq!(status, 201, "{body}");
    }
    eventually("both Pix recorded and refused", || async {
        let sql = "SELECT COUNT(*) FROM pix_received WHERE estado = 'recusado' AND $1 <> ''";
        count(&app, sql, "x").await == 2
    })
    .await;
    assert_eq!(count(&app, PAID, &id).await, 0);
    assert_eq!(count(&app, OPEN_ITEMS, &id).await, 0);

    let (admin, _) = app.login(ADMIN_EMAIL).await;
    let (status, body) = app
        .rpc(Some(&admin), json!({"codigo": "pegar_pendencias_pix"}))
        .await;
    assert_eq!(status, 200, "{body}");
    let recebidos = body["recebidos"].as_array().unwrap();
    assert_eq!(recebidos.len(), 2, "{body}");
    let motivos: Vec<&str> = recebidos
        .iter()
        .map(|r| r["motivo"].as_str().unwrap())
        .collect();
    assert!(motivos.contains(&"txid desconhecido"), "{motivos:?}");
    assert!(
        motivos
            .iter()
            .any(|m| m.starts_with("valor R$ 1,00 diferente")),
        "{motivos:?}"
    );
    assert_eq!(body["devolucoes"], json!([]));
    let (status, _) = app
        .rpc(Some(&token), json!({"codigo": "pegar_pendencias_pix"}))
        .await;
    assert_eq!(status, 403);
    psp.assert_contract().await;
}

#[tokio::test]
async fn a_webhook_without_its_hmac_is_refused_and_nothing_recorded() {
    let psp = spawn_psp(&[]).await;
    let app = psp_app(&psp, |_| {}).await;
    let body = json!({"pix": [{"endToEndId": "E12345678202611251200abcdefghijk", "txid":
        "NaoExisteNenhumaCobrancaAssim0001", "valor": "5.00", "horario":
        "2026-11-25T12:00:00.000Z"}]});
    let post = |query: &'static str| {
        app.http
            .post(format!("{}/webhooks/pix/pix{query}", app.address))
            .json(&body)
            .send()
    };
    for query in [
        "",
        "?hmac=",
        "?hmac=segredoErrado0123456789",
        "?ignorar=/pix",
    ] {
        assert_eq!(post(query).await.unwrap().status().as_u16(), 401, "{query}");
    }
    let recorded: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM pix_received")
        .fetch_one(&app.app.db)
        .await
        .unwrap();
    assert_eq!(recorded, 0);
    let ok = app
        .http
        .post(format!(
            "{}/webhooks/pix?hmac={HMAC}&ignorar=/pix",
            app.address
        ))
        .json(&json!({"pix": []}))
        .send()
        .await
        .unwrap();
    assert_eq!(ok.status().as_u16(), 200);
    let bad = app
        .http
        .post(format!("{}/webhooks/pix?hmac={HMAC}", app.address))
        .body("not json")
        .send()
        .await
        .unwrap();
    assert_eq!(bad.status().as_u16(), 400);
}

#[tokio::test]
async fn over_mutual_tls_only_the_psps_certificate_gets_through() {
    use feira_api::{config::WebhookTlsConfig, pix::webhook_tls};
    let psp = spawn_psp(&[]).await;
    let app = psp_app(&psp, |_| {}).await;
    let file = |k: &str| -> std::path::PathBuf { psp.info["files"][k].as_str().unwrap().into() };
    let tls = WebhookTlsConfig {
        addr: "127.0.0.1:0".parse().unwrap(),
        cert: file("webhookServerCert"),
        key: file("webhookServerKey"),
        client_ca: file("ca"),
    };
    let addr = webhook_tls::serve(&tls, app.app.clone()).unwrap();
    let url = format!("https://127.0.0.1:{}/webhooks/pix", addr.port());
    // The PSP probes without its certificate (refused), then with it; no hmac here.
    app.app.pix.register_webhook(&url, None).await.unwrap();

    let ca = reqwest::Certificate::from_pem(&std::fs::read(file("ca")).unwrap()).unwrap();
    let client = |identity: Option<reqwest::Identity>| {
        let mut b = reqwest::Client::builder()
            .use_rustls_tls()
            .tls_built_in_root_certs(false)
            .add_root_certificate(ca.clone());
        if let Some(i) = identity {
            b = b.identity(i);
        }
        b.build().unwrap()
    };
    let anonymous = client(None)
        .post(format!("{url}/pix"))
        .json(&json!({"pix": []}))
        .send()
        .await;
    assert!(anonymous.is_err(), "refused at TLS: {anonymous:?}");
    let mut pem = std::fs::read(file("webhookClientCert")).unwrap();
    pem.extend(std::fs::read(file("webhookClientKey")).unwrap());
    let psp_client = client(Some(reqwest::Identity::from_pem(&pem).unwrap()));
    let ok = psp_client
        .post(format!("{url}/pix"))
        .json(&json!({"pix": []}))
        .send()
        .await
        .unwrap();
    assert_eq!(ok.status().as_u16(), 200);

    // A real payment, notified over mutual TLS.
    let (token, _) = app.login(BUYER).await;
    let (id, txid, _) = pix_order(&app, &token, 1).await;
    psp.pay(&txid, json!({})).await;
    eventually("paid over mutual TLS", || async {
        count(&app, PAID, &id).await == 1
    })
    .await;
    let via = "SELECT COUNT(*) FROM pix_received WHERE origem = 'webhook' AND txid = $1";
    assert_eq!(count(&app, via, &txid).await, 1);
    psp.assert_contract().await;
}
