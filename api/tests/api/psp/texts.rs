//! Money told as what happened, against the local PSP: the reconciliation refunds a Pix the
//! PSP has for another key (the webhook's key rule: never applied); a second payment of a paid
//! order and a Pix after the buyer cancelled are refunded and told as such ('pagamento em
//! duplicidade', 'pedido cancelado'), not as a late payment; a refund the PSP refuses tells the
//! buyer by e-mail.

use super::{PAID, count, eventually, pix_order, psp_app, spawn_psp};
use crate::fixtures::BUYER;
use crate::helpers::TestApp;
use feira_api::domain::reconcile;
use serde_json::json;

const REFUNDS: &str = "SELECT COUNT(*) FROM pix_refunds WHERE motivo = $1";

/// The subjects of the e-mails to the buyer about money coming back.
async fn told(app: &TestApp) -> Vec<String> {
    sqlx::query_scalar(
        "SELECT assunto FROM email_outbox WHERE destinatario = $1 \
         AND (assunto LIKE 'Pix devolvido%' OR assunto LIKE 'Não conseguimos%') ORDER BY assunto",
    )
    .bind(BUYER)
    .fetch_all(&app.app.db)
    .await
    .unwrap()
}

async fn reconcile_now(app: &TestApp) {
    let (db, pix, hub) = (&app.app.db, app.app.pix.as_ref(), &app.app.events);
    reconcile::run(db, pix, hub, &app.app.config.pix.key)
        .await
        .unwrap();
}

#[tokio::test]
async fn the_reconciliation_refunds_a_pix_the_psp_has_for_another_key() {
    let psp = spawn_psp(&[(
        "PSP_PIX_KEYS",
        "123e4567-e12b-12d1-a456-426655440000,outra@feira.com.br".to_owned(),
    )])
    .await;
    let app = psp_app(&psp, |_| {}).await;
    let (token, _) = app.login(BUYER).await;
    let (id, txid, _) = pix_order(&app, &token, 2).await;
    let valor: String = format!(
        "{:.2}",
        count(
            &app,
            "SELECT valor_centavos FROM pix_charges WHERE txid = $1",
            &txid
        )
        .await as f64
            / 100.0
    );
    let (status, pix) = psp
        .call(
            reqwest::Method::POST,
            "/pix",
            json!({"txid": txid, "valor": valor, "chave": "outra@feira.com.br"}),
        )
        .await;
    assert_eq!(status, 201, "{pix}");
    let e2e = pix["pix"]["endToEndId"].as_str().unwrap().to_owned();
    reconcile_now(&app).await;
    reconcile_now(&app).await;
    assert_eq!(count(&app, PAID, &id).await, 0, "never applied");
    let kept =
        "SELECT COUNT(*) FROM pix_received WHERE estado = 'devolvido' AND end_to_end_id = $1";
    assert_eq!(count(&app, kept, &e2e).await, 1);
    assert_eq!(
        count(&app, REFUNDS, "outra_chave").await,
        1,
        "refunded once"
    );
    // Asked of the PSP (no webhook of the other key tells us it settled: the job's GET will).
    eventually("the refund was asked of the PSP", || async {
        let asked = "SELECT COUNT(*) FROM pix_refunds \
                     WHERE status IN ('em_processamento', 'devolvido') AND end_to_end_id = $1";
        count(&app, asked, &e2e).await == 1
    })
    .await;
    assert_eq!(
        psp.requests("PUT /pix/{e2eid}/devolucao/{id}").await.len(),
        1
    );
    assert_eq!(
        told(&app).await,
        ["Pix devolvido (Pix para outra chave): seu pedido em Sítio Boa Vista"]
    );
    psp.assert_contract().await;
}

#[tokio::test]
async fn a_second_payment_and_a_pix_after_a_cancellation_are_told_as_what_happened() {
    let psp = spawn_psp(&[]).await;
    let app = psp_app(&psp, |_| {}).await;
    let (token, _) = app.login(BUYER).await;
    let ours = psp.info["keys"][0].as_str().unwrap().to_owned();

    // Paid, then paid again.
    let (paid, txid, _) = pix_order(&app, &token, 2).await;
    psp.pay(&txid, json!({})).await;
    eventually("paid", || async { count(&app, PAID, &paid).await == 1 }).await;
    let (s, b) = psp
        .call(
            reqwest::Method::POST,
            "/pix",
            json!({"txid": txid, "valor": "16.00", "chave": ours}),
        )
        .await;
    assert_eq!(s, 201, "{b}");
    // Cancelled by the buyer, then paid.
    let (cancelled, txid2, _) = pix_order(&app, &token, 1).await;
    let (s, b) = app
        .rpc(
            Some(&token),
            json!({"codigo": "cancelar_pedido", "item": cancelled}),
        )
        .await;
    assert_eq!(s, 200, "{b}");
    let (s, b) = psp
        .call(
            reqwest::Method::POST,
            "/pix",
            json!({"txid": txid2, "valor": "8.00", "chave": ours}),
        )
        .await;
    assert_eq!(s, 201, "{b}");
    reconcile_now(&app).await;
    eventually("both refunded with their reasons", || async {
        count(&app, REFUNDS, "pagamento_duplicado").await == 1
            && count(&app, REFUNDS, "pedido_cancelado").await == 1
    })
    .await;
    assert_eq!(count(&app, REFUNDS, "pagamento_tardio").await, 0);
    assert_eq!(
        told(&app).await,
        [
            "Pix devolvido (pagamento em duplicidade): seu pedido em Sítio Boa Vista",
            "Pix devolvido (pedido cancelado): seu pedido em Sítio Boa Vista",
        ]
    );
    // The buyer's orders say the same.
    let (_, list) = app
        .rpc(Some(&token), json!({"codigo": "pegar_pedidos"}))
        .await;
    let reason = |id: &str| {
        list["pedidos"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["id"] == id)
            .map(|p| p["Infos"]["pix_devolvido"].clone())
    };
    assert_eq!(reason(&cancelled), Some(json!("pedido_cancelado")));
    psp.assert_contract().await;
}

#[tokio::test]
async fn a_refund_the_psp_refuses_tells_the_buyer() {
    let psp = spawn_psp(&[]).await;
    let app = psp_app(&psp, |_| {}).await;
    let (token, _) = app.login(BUYER).await;
    let (id, txid, _) = pix_order(&app, &token, 2).await;
    psp.pay(&txid, json!({})).await;
    eventually("paid", || async { count(&app, PAID, &id).await == 1 }).await;
    psp.fault(
        "PUT /pix/{e2eid}/devolucao/{id}",
        json!({"mode": "error", "status": 400}),
    )
    .await;
    let (s, b) = app
        .rpc(
            Some(&token),
            json!({"codigo": "cancelar_pedido", "item": id}),
        )
        .await;
    assert_eq!(s, 200, "{b}");
    eventually("the refund failed for good", || async {
        let failed = "SELECT COUNT(*) FROM pix_refunds WHERE status = 'falhou' AND txid = $1";
        count(&app, failed, &txid).await == 1
    })
    .await;
    let body: String = sqlx::query_scalar(
        "SELECT corpo FROM email_outbox WHERE destinatario = $1 AND assunto = $2",
    )
    .bind(BUYER)
    .bind("Não conseguimos devolver o seu Pix: pedido em Sítio Boa Vista")
    .fetch_one(&app.app.db)
    .await
    .unwrap();
    assert!(
        body.contains("R$ 16,00") && body.contains("vai devolver"),
        "{body}"
    );
}
