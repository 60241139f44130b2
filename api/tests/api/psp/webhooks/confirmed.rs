//! Notifications are only hints, confirmed at the PSP (`GET /pix/{e2eid}`) before anything is
//! applied: a made-up one, or one for another key, is recorded and never applied; a real one is
//! applied once however often it is told.

use super::*;

/// `POST /webhooks/pix?hmac=…` with `pix`, as anyone holding the secret could send it.
async fn notify(app: &crate::helpers::TestApp, pix: serde_json::Value) -> u16 {
    app.http
        .post(format!("{}/webhooks/pix?hmac={HMAC}", app.address))
        .json(&json!({ "pix": [pix] }))
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

/// Charge `txid`'s amount as the standard writes it ("12.50").
async fn charged(app: &crate::helpers::TestApp, txid: &str) -> String {
    let centavos: i64 =
        sqlx::query_scalar("SELECT valor_centavos FROM pix_charges WHERE txid = $1")
            .bind(txid)
            .fetch_one(&app.app.db)
            .await
            .unwrap();
    format!("{}.{:02}", centavos / 100, centavos % 100)
}

/// The `resultado` of the notifications of end-to-end id `e2e`.
async fn notification_results(app: &crate::helpers::TestApp, e2e: &str) -> Vec<String> {
    sqlx::query_scalar(
        "SELECT resultado FROM pix_notifications WHERE end_to_end_id = $1 ORDER BY recebido_em",
    )
    .bind(e2e)
    .fetch_all(&app.app.db)
    .await
    .unwrap()
}

#[tokio::test]
async fn a_notification_the_psp_does_not_confirm_is_recorded_and_never_applied() {
    let psp = spawn_psp(&[]).await;
    let app = psp_app(&psp, |_| {}).await;
    let (token, _) = app.login(BUYER).await;
    let (id, txid, _) = pix_order(&app, &token, 2).await;
    let valor = charged(&app, &txid).await;
    let key = psp.info["keys"][0].as_str().unwrap().to_owned();
    // With the secret, a made-up payment of exactly this charge: the PSP has no such Pix.
    let made_up = "E99999999202611251200FakeFake123";
    let status = notify(
        &app,
        json!({"endToEndId": made_up, "txid": txid, "valor": valor, "chave": key,
               "horario": "2026-11-25T12:00:00.000Z"}),
    )
    .await;
    assert_eq!(status, 200, "acknowledged (recorded), not applied");
    eventually("the PSP was asked and said no", || async {
        notification_results(&app, made_up).await == ["nao_confirmado"]
    })
    .await;
    assert_eq!(
        count(&app, PAID, &id).await,
        0,
        "a made-up Pix paid an order"
    );
    assert_eq!(count(&app, OPEN_ITEMS, &id).await, 0);
    let recorded = "SELECT COUNT(*) FROM pix_received WHERE end_to_end_id = $1";
    assert_eq!(count(&app, recorded, made_up).await, 0);
    let asked = psp.requests("GET /pix/{e2eid}").await;
    assert_eq!(asked.len(), 1, "{asked:?}");
    // A malformed id is not even asked about.
    let status = notify(
        &app,
        json!({"endToEndId": "E1/../cob", "txid": txid, "valor": valor,
               "horario": "2026-11-25T12:00:00.000Z"}),
    )
    .await;
    assert_eq!(status, 200);
    eventually("refused without asking", || async {
        notification_results(&app, "E1/../cob").await == ["nao_confirmado"]
    })
    .await;
    assert_eq!(psp.requests("GET /pix/{e2eid}").await.len(), 1);
    assert_eq!(count(&app, PAID, &id).await, 0);
    psp.assert_contract().await;
}

#[tokio::test]
async fn a_pix_the_psp_has_for_another_key_is_never_applied() {
    let psp = spawn_psp(&[(
        "PSP_PIX_KEYS",
        "123e4567-e12b-12d1-a456-426655440000,outra@feira.com.br".to_owned(),
    )])
    .await;
    let app = psp_app(&psp, |_| {}).await;
    let (token, _) = app.login(BUYER).await;
    let (id, txid, _) = pix_order(&app, &token, 2).await;
    let valor = charged(&app, &txid).await;
    // A real Pix, with our txid and the exact amount, but received on the account's other key.
    let (status, pix) = psp
        .call(
            reqwest::Method::POST,
            "/pix",
            json!({"txid": txid, "valor": valor, "chave": "outra@feira.com.br"}),
        )
        .await;
    assert_eq!(status, 201, "{pix}");
    let pix = &pix["pix"];
    let e2e = pix["endToEndId"].as_str().unwrap().to_owned();
    // Notified as if it were ours.
    let ours = psp.info["keys"][0].as_str().unwrap().to_owned();
    let status = notify(
        &app,
        json!({"endToEndId": e2e, "txid": txid, "valor": valor, "chave": ours,
               "horario": pix["horario"]}),
    )
    .await;
    assert_eq!(status, 200);
    eventually("the PSP's key was read", || async {
        notification_results(&app, &e2e).await == ["outra_chave"]
    })
    .await;
    assert_eq!(count(&app, PAID, &id).await, 0);
    let recorded = "SELECT COUNT(*) FROM pix_received WHERE end_to_end_id = $1";
    assert_eq!(count(&app, recorded, &e2e).await, 0);
    psp.assert_contract().await;
}

#[tokio::test]
async fn a_confirmed_notification_is_applied_once_however_often_it_comes() {
    let psp = spawn_psp(&[]).await;
    let app = psp_app(&psp, |_| {}).await;
    let (token, _) = app.login(BUYER).await;
    let (id, txid, _) = pix_order(&app, &token, 2).await;
    psp.webhooks("twice", 1).await;
    let paid = psp.pay(&txid, json!({})).await["pix"].clone();
    let e2e = paid["endToEndId"].as_str().unwrap().to_owned();
    eventually("paid through the confirmed webhook", || async {
        count(&app, PAID, &id).await == 1
    })
    .await;
    // The same notification again, and once more with the amount changed: the PSP's word stands.
    let mut told = paid.clone();
    notify(&app, told.clone()).await;
    told["valor"] = json!("0.01");
    notify(&app, told).await;
    eventually("every notification recorded", || async {
        notification_results(&app, &e2e).await.len() == 4
    })
    .await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(count(&app, PAID, &id).await, 1);
    assert_eq!(count(&app, OPEN_ITEMS, &id).await, 1, "applied once");
    let recorded =
        "SELECT COUNT(*) FROM pix_received WHERE end_to_end_id = $1 AND estado = 'aplicado'";
    assert_eq!(count(&app, recorded, &e2e).await, 1);
    let results = notification_results(&app, &e2e).await;
    assert!(results.iter().all(|r| r == "confirmado"), "{results:?}");
    let amount: i64 =
        sqlx::query_scalar("SELECT valor_centavos FROM pix_received WHERE end_to_end_id = $1")
            .bind(&e2e)
            .fetch_one(&app.app.db)
            .await
            .unwrap();
    assert_ne!(amount, 1, "the notification's amount was never taken");
    psp.assert_contract().await;
}
