//! Refunds through the PSP (decisions.md §22): a paid order cancelled by its supplier is
//! refunded once with our id even when the first request fails, and a payment that arrives
//! after its charge expired is refunded automatically; neither counts in the balance.

use super::{PAID, count, eventually, pix_order, psp_app, spawn_psp};
use crate::fixtures::{BUYER, SUPPLIER, stock};
use feira_api::domain::{reconcile, refunds};
use serde_json::json;

/// The order's paid value in the ledger (held until delivery, decisions.md §27).
const BALANCE: &str =
    "SELECT COUNT(*) FROM open_items WHERE status = 'a_liberar' AND order_id = $1";
const SETTLED: &str = "SELECT COUNT(*) FROM pix_refunds WHERE status = 'devolvido' AND txid = $1";

#[tokio::test]
async fn a_supplier_cancelling_a_paid_order_refunds_it_once_despite_a_failed_request() {
    let psp = spawn_psp(&[]).await;
    let app = psp_app(&psp, |_| {}).await;
    let (token, _) = app.login(BUYER).await;
    let (id, txid, _) = pix_order(&app, &token, 4).await;
    psp.pay(&txid, json!({})).await;
    eventually("paid", || async { count(&app, PAID, &id).await == 1 }).await;
    assert_eq!(count(&app, BALANCE, &id).await, 1);

    // The PSP is down for the first refund request.
    psp.fault(
        "PUT /pix/{e2eid}/devolucao/{id}",
        json!({"mode": "error", "status": 503}),
    )
    .await;
    let (seller, _) = app.login(SUPPLIER).await;
    let (status, body) = app
        .rpc(
            Some(&seller),
            json!({"codigo": "cancelar_entrega", "item": id}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        count(&app, BALANCE, &id).await,
        0,
        "refunded money leaves the balance"
    );
    assert_eq!(stock(&app, "demo-p04").await, 20);
    eventually("the refund job met the failure", || async {
        let sql = "SELECT COUNT(*) FROM pix_refunds WHERE tentativas >= 1 AND txid = $1";
        count(&app, sql, &txid).await == 1
    })
    .await;
    // Its retry is due now (instead of in 15 s), and the job runs again, twice at once.
    sqlx::query("UPDATE pix_refunds SET proxima_tentativa_em = 0 WHERE txid = $1")
        .bind(&txid)
        .execute(&app.app.db)
        .await
        .unwrap();
    let (pix, stop) = (app.app.pix.as_ref(), &app.app.shutdown);
    let (a, b) = tokio::join!(
        refunds::process_due(&app.app.db, pix, stop),
        refunds::process_due(&app.app.db, pix, stop)
    );
    a.unwrap();
    b.unwrap();
    eventually("the refund is settled by the PSP's webhook", || async {
        count(&app, SETTLED, &txid).await == 1
    })
    .await;
    let puts = psp.requests("PUT /pix/{e2eid}/devolucao/{id}").await;
    assert!(puts.len() >= 2, "{puts:#?}");
    let paths: std::collections::HashSet<&str> =
        puts.iter().map(|r| r["path"].as_str().unwrap()).collect();
    assert_eq!(paths.len(), 1, "always our one id: {paths:?}");
    let (_, state) = psp
        .call(reqwest::Method::GET, "/state", serde_json::Value::Null)
        .await;
    let refunds_at_psp: usize = state["pix"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["devolucoes"].as_array().map_or(0, Vec::len))
        .sum();
    assert_eq!(refunds_at_psp, 1, "{state:#}");
    let (_, list) = app
        .rpc(Some(&token), json!({"codigo": "pegar_pedidos"}))
        .await;
    assert_eq!(list["pedidos"][0]["Infos"]["reembolsado"], true);
    assert_eq!(list["pedidos"][0]["Infos"]["devolucao"], "devolvido");
    psp.assert_contract().await;
}

#[tokio::test]
async fn a_payment_after_the_charge_expired_is_refunded_automatically() {
    let psp = spawn_psp(&[]).await;
    let app = psp_app(&psp, |_| {}).await;
    let (token, _) = app.login(BUYER).await;
    let (id, txid, _) = pix_order(&app, &token, 3).await;
    assert_eq!(stock(&app, "demo-p04").await, 17);
    // Our time is up (the PSP still takes it: the late payer's bank was slow).
    sqlx::query("UPDATE pix_charges SET expira_em = criado_em - 1 WHERE txid = $1")
        .bind(&txid)
        .execute(&app.app.db)
        .await
        .unwrap();
    let (db, pix, hub) = (&app.app.db, app.app.pix.as_ref(), &app.app.events);
    assert_eq!(
        reconcile::expire(db, pix, hub, std::time::Duration::from_secs(600))
            .await
            .unwrap(),
        1
    );
    assert_eq!(stock(&app, "demo-p04").await, 20);

    psp.pay(&txid, json!({})).await;
    eventually("the late payment is refunded", || async {
        count(&app, SETTLED, &txid).await == 1
    })
    .await;
    let late = "SELECT COUNT(*) FROM pix_refunds WHERE motivo = 'pagamento_tardio' AND txid = $1";
    assert_eq!(count(&app, late, &txid).await, 1);
    let kept = "SELECT COUNT(*) FROM pix_received WHERE estado = 'devolvido' AND txid = $1";
    assert_eq!(count(&app, kept, &txid).await, 1);
    assert_eq!(count(&app, PAID, &id).await, 0);
    let items = "SELECT COUNT(*) FROM open_items WHERE order_id = $1";
    assert_eq!(count(&app, items, &id).await, 0);
    assert_eq!(stock(&app, "demo-p04").await, 20);
    let mail = "SELECT COUNT(*) FROM email_outbox WHERE assunto LIKE $1";
    assert_eq!(
        count(&app, mail, "Pix devolvido (prazo expirado)%").await,
        1
    );
    // The buyer's order says so.
    let (_, list) = app
        .rpc(Some(&token), json!({"codigo": "pegar_pedidos"}))
        .await;
    let infos = &list["pedidos"][0]["Infos"];
    assert_eq!(
        (&infos["status_pix"], &infos["situacao"]),
        (&json!("0"), &json!("00"))
    );
    assert_eq!(
        (&infos["reembolsado"], &infos["devolucao"]),
        (&json!(true), &json!("devolvido"))
    );
    psp.assert_contract().await;
}

#[tokio::test]
async fn a_refund_the_psp_refuses_is_kept_for_the_admin_not_dropped() {
    let psp = spawn_psp(&[]).await;
    let app = psp_app(&psp, |_| {}).await;
    let (token, _) = app.login(BUYER).await;
    let (id, txid, _) = pix_order(&app, &token, 1).await;
    psp.pay(&txid, json!({})).await;
    eventually("paid", || async { count(&app, PAID, &id).await == 1 }).await;
    psp.fault(
        "PUT /pix/{e2eid}/devolucao/{id}",
        json!({"mode": "error", "status": 400}),
    )
    .await;
    let (status, body) = app
        .rpc(
            Some(&token),
            json!({"codigo": "cancelar_pedido", "item": id}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    eventually("the refusal recorded", || async {
        let sql = "SELECT COUNT(*) FROM pix_refunds WHERE status = 'falhou' AND txid = $1";
        count(&app, sql, &txid).await == 1
    })
    .await;
    assert_eq!(count(&app, BALANCE, &id).await, 0);
    let (admin, _) = app.login(crate::fixtures::ADMIN_EMAIL).await;
    let (status, body) = app
        .rpc(Some(&admin), json!({"codigo": "pegar_pendencias_pix"}))
        .await;
    assert_eq!(status, 200, "{body}");
    let devolucoes = body["devolucoes"].as_array().unwrap();
    assert_eq!(devolucoes.len(), 1, "{body}");
    assert_eq!(devolucoes[0]["status"], "falhou");
    assert_eq!(devolucoes[0]["motivo"], "cancelamento");
    assert_eq!(devolucoes[0]["valor"], 8.0);
    assert!(
        devolucoes[0]["erro"].as_str().unwrap().contains("400"),
        "{body}"
    );
    psp.assert_contract().await;
}
