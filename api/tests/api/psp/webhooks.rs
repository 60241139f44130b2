//! What reaches the API from the PSP besides a clean webhook: a lost webhook found by the
//! reconciliation (safe when two instances run it at once), Pix of another amount or for an
//! unknown txid (never applied, returned in full: decisions.md §28), webhooks without the right
//! `hmac`, and notifications that are only hints: confirmed at the PSP (`GET /pix/{e2eid}`)
//! before anything is applied — a made-up one, or one for another key, is recorded and never
//! applied; a real one is applied once however often it is told.

use super::{HMAC, PAID, count, eventually, pix_order, psp_app, spawn_psp};
use crate::fixtures::ADMIN_EMAIL;
use crate::fixtures::BUYER;
use feira_api::domain::reconcile;
use feira_api::domain::refunds;
use serde_json::json;

mod confirmed;

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
    let key = app.app.config.pix.key.as_str();
    let (a, b) = tokio::join!(
        reconcile::run(db, pix, hub, key),
        reconcile::run(db, pix, hub, key)
    );
    let (a, b) = (a.unwrap(), b.unwrap());
    assert_eq!(a.new + b.new, 1, "{a:?} {b:?}");
    assert_eq!(count(&app, PAID, &id).await, 1);
    assert_eq!(count(&app, OPEN_ITEMS, &id).await, 1);
    let origin = "SELECT COUNT(*) FROM pix_received WHERE origem = 'reconciliacao' AND txid = $1";
    assert_eq!(count(&app, origin, &txid).await, 1);
    // The next run starts where this one ended and finds nothing new.
    let again = reconcile::run(db, pix, hub, key).await.unwrap();
    assert_eq!(
        (again.listed, again.new),
        (1, 0),
        "windows overlap, nothing twice"
    );
    assert_eq!(count(&app, OPEN_ITEMS, &id).await, 1);
    psp.assert_contract().await;
}

#[tokio::test]
async fn other_amounts_and_unknown_txids_are_never_applied_and_returned_in_full_once() {
    let psp = spawn_psp(&[]).await;
    let app = psp_app(&psp, |_| {}).await;
    let (token, _) = app.login(BUYER).await;
    let (id, txid, _) = pix_order(&app, &token, 1).await;
    // R$ 7,99 against the R$ 8,00 charge, and R$ 5,00 naming no charge of ours.
    for pix in [
        json!({"txid": txid, "valor": "7.99"}),
        json!({"txid": "NaoExisteNenhumaCobrancaAssim0001", "valor": "5.00"}),
    ] {
        let (status, body) = psp.call(reqwest::Method::POST, "/pix", pix).await;
        assert_eq!(status, 201, "{body}");
    }
    eventually("both Pix recorded and their refunds scheduled", || async {
        let sql = "SELECT COUNT(*) FROM pix_received WHERE estado = 'devolvido' AND $1 <> ''";
        count(&app, sql, "x").await == 2
    })
    .await;
    assert_eq!(count(&app, PAID, &id).await, 0, "never applied");
    assert_eq!(count(&app, OPEN_ITEMS, &id).await, 0);
    // Returned in full through the PSP's devolução, each once, whoever runs the job again.
    eventually("both refunds made at the PSP", || async {
        let sql = "SELECT COUNT(*) FROM pix_refunds WHERE status = 'devolvido' AND $1 <> ''";
        count(&app, sql, "x").await == 2
    })
    .await;
    let (pix, stop) = (app.app.pix.as_ref(), &app.app.shutdown);
    let (a, b) = tokio::join!(
        refunds::process_due(&app.app.db, pix, stop),
        refunds::process_due(&app.app.db, pix, stop)
    );
    a.unwrap();
    b.unwrap();
    let asked = psp.requests("PUT /pix/{e2eid}/devolucao/{id}").await;
    assert_eq!(asked.len(), 2, "one devolução per Pix: {asked:?}");
    let values: Vec<&str> = asked
        .iter()
        .map(|r| r["body"]["valor"].as_str().unwrap())
        .collect();
    assert!(
        values.contains(&"7.99") && values.contains(&"5.00"),
        "{values:?}"
    );
    let reasons = "SELECT COUNT(*) FROM pix_refunds WHERE motivo IN ('valor_diferente', \
                   'cobranca_desconhecida') AND $1 <> ''";
    assert_eq!(count(&app, reasons, "x").await, 2);

    // The buyer is told the truth: the order and its status say a different amount came back.
    let (_, status) = app
        .rpc(
            Some(&token),
            json!({"codigo": "consultar_pagamento", "idpedido": id}),
        )
        .await;
    assert_eq!(
        status,
        json!({"pago": false, "expirado": false, "pix_devolvido": "valor_diferente"})
    );
    let (_, orders) = app
        .rpc(Some(&token), json!({"codigo": "pegar_pedidos"}))
        .await;
    assert_eq!(
        orders["pedidos"][0]["Infos"]["pix_devolvido"],
        "valor_diferente"
    );
    let subjects = "SELECT COUNT(*) FROM email_outbox WHERE assunto = $1";
    let wrong = "Pix devolvido: valor diferente do pedido em Sítio Boa Vista";
    assert_eq!(count(&app, subjects, wrong).await, 1);
    // At expiry it is not "não foi pago a tempo": money came, and went back.
    sqlx::query("UPDATE pix_charges SET expira_em = 0 WHERE txid = $1")
        .bind(&txid)
        .execute(&app.app.db)
        .await
        .unwrap();
    feira_api::domain::charges::expire_due(&app.app.db)
        .await
        .unwrap();
    let late = "SELECT COUNT(*) FROM email_outbox WHERE assunto LIKE '%não foi pago a tempo%' \
                AND $1 <> ''";
    assert_eq!(count(&app, late, "x").await, 0);
    let expired = "Pedido cancelado: o prazo do Pix acabou (Sítio Boa Vista)";
    assert_eq!(count(&app, subjects, expired).await, 1);

    // The admin sees both, each with its refund's state.
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
            .any(|m| m.starts_with("valor R$ 7,99 diferente")),
        "{motivos:?}"
    );
    assert!(
        recebidos.iter().all(|r| r["devolucao"] == "devolvido"),
        "{body}"
    );
    assert_eq!(body["devolucoes"], json!([]), "every refund settled");
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
    use feira_api::{config::WebhookTlsConfig, pix_http::webhook_tls};
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
