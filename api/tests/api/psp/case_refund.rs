//! A problem case's partial refund through the local PSP (decisions.md §37): the store gives
//! back part of a delivered order; the devolução of exactly that amount is asked with our id,
//! and when the PSP makes it but answers too late (our request timed out) asking again with the
//! same id makes no second one. The rest is released to the store.

use super::{PAID, count, eventually, pix_order, psp_app, spawn_psp};
use crate::fixtures::money::assert_money_adds_up;
use crate::fixtures::{BUYER, SUPPLIER};
use feira_api::domain::refunds;
use serde_json::json;

const SETTLED: &str = "SELECT COUNT(*) FROM pix_refunds WHERE status = 'devolvido' AND txid = $1";

#[tokio::test]
async fn a_partial_refund_is_made_once_even_when_the_psp_answers_too_late() {
    let psp = spawn_psp(&[]).await;
    let app = psp_app(&psp, |_| {}).await;
    let (buyer, _) = app.login(BUYER).await;
    let (store, _) = app.login(SUPPLIER).await;
    let (id, txid, _) = pix_order(&app, &buyer, 3).await;
    psp.pay(&txid, json!({})).await;
    eventually("paid", || async { count(&app, PAID, &id).await == 1 }).await;
    let ok = |token: &str, body: serde_json::Value| {
        let app = &app;
        let token = token.to_owned();
        async move {
            let (s, b) = app.rpc(Some(&token), body).await;
            assert_eq!(s, 200, "{b}");
            b
        }
    };
    ok(&store, json!({"codigo": "confirmar_entrega", "item": id})).await;
    ok(
        &buyer,
        json!({"codigo": "abrir_reclamacao", "idpedido": id, "motivo": "defeito",
               "texto": "Uma mandioca veio estragada."}),
    )
    .await;

    // The PSP makes the devolução but answers after our timeout (10 s).
    psp.fault(
        "PUT /pix/{e2eid}/devolucao/{id}",
        json!({"mode": "hang", "seconds": 12}),
    )
    .await;
    let done = ok(
        &store,
        json!({"codigo": "devolver_reclamacao", "idpedido": id, "valor": 8}),
    )
    .await;
    assert_eq!(done["devolvido"], 8.0);
    eventually("the refund job met the timeout", || async {
        let sql = "SELECT COUNT(*) FROM pix_refunds WHERE tentativas >= 1 AND txid = $1";
        count(&app, sql, &txid).await == 1
    })
    .await;
    // Asked again now, twice at once: the same id, one devolução of R$ 8,00 at the PSP.
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
    eventually("the refund is settled", || async {
        count(&app, SETTLED, &txid).await == 1
    })
    .await;
    let puts = psp.requests("PUT /pix/{e2eid}/devolucao/{id}").await;
    let paths: std::collections::HashSet<&str> =
        puts.iter().map(|r| r["path"].as_str().unwrap()).collect();
    assert_eq!(paths.len(), 1, "always our one id: {paths:?}");
    let (_, state) = psp
        .call(reqwest::Method::GET, "/state", serde_json::Value::Null)
        .await;
    let made: Vec<&serde_json::Value> = state["pix"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|p| {
            p["devolucoes"]
                .as_array()
                .cloned()
                .unwrap_or_default()
                .leak()
                .iter()
        })
        .collect();
    assert_eq!(made.len(), 1, "{state:#}");
    assert_eq!(made[0]["valor"], "8.00", "{state:#}");
    // The rest (R$ 16,00) is the store's balance; the trail adds up.
    let t = assert_money_adds_up(&app).await[&id];
    assert_eq!(
        (t.paid, t.released, t.held, t.refunded),
        (2400, 1600, 0, 800)
    );
    psp.assert_contract().await;
}
