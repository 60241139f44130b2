//! The WhatsApp webhook: Meta's subscription check, only signed notifications taken (a status
//! recorded with its code, an unknown message ignored), and a 'PARAR' reply turning the notices
//! off with one confirmation.

use super::{
    BUYER_PHONE, CloudApi, SECRET, VERIFY, app_with, opt_in, outbox, outbox_until, phone_of,
};
use crate::fixtures::{BUYER, cassava};
use hmac::{Hmac, Mac};
use serde_json::json;
use sha2::Sha256;
use std::time::Duration;

fn sign(body: &[u8]) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(SECRET.as_bytes()).unwrap();
    mac.update(body);
    format!("sha256={}", hex::encode(mac.finalize().into_bytes()))
}

#[tokio::test]
async fn the_webhook_takes_only_signed_notifications() {
    let cloud = CloudApi::start().await;
    let app = app_with(&cloud).await;
    let url = format!("{}/webhooks/whatsapp", app.address);
    // Meta's subscription check.
    let ok = app
        .http
        .get(format!(
            "{url}?hub.mode=subscribe&hub.verify_token={VERIFY}&hub.challenge=4321"
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(ok.status(), 200);
    assert_eq!(ok.text().await.unwrap(), "4321");
    let bad = app
        .http
        .get(format!(
            "{url}?hub.mode=subscribe&hub.verify_token=outro&hub.challenge=4321"
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(bad.status(), 403);

    let (buyer, _) = app.login(BUYER).await;
    opt_in(&app, &buyer, "comprador").await;
    assert_eq!(app.rpc(Some(&buyer), cassava(1, "1")).await.0, 200);
    let rows = outbox_until(&app, |r| r.len() == 1 && r[0].5.as_deref() == Some("read")).await;
    let wamid = rows[0].4.clone().unwrap();
    // A 'failed' status, unsigned or badly signed: refused, nothing recorded.
    let status = json!({"object": "whatsapp_business_account", "entry": [{"changes": [{"field": "messages",
        "value": {"statuses": [{"id": wamid, "status": "failed", "errors": [{"code": 131026}]}]}}]}]})
    .to_string();
    for signature in [
        None,
        Some("sha256=00".to_owned()),
        Some(sign(b"outro corpo")),
    ] {
        let mut req = app.http.post(&url).body(status.clone());
        if let Some(s) = signature {
            req = req.header("x-hub-signature-256", s);
        }
        assert_eq!(req.send().await.unwrap().status(), 401);
    }
    assert_eq!(outbox(&app).await[0].5.as_deref(), Some("read"));
    // Signed but malformed: 400.
    let junk = b"{\"object\": 3";
    let r = app
        .http
        .post(&url)
        .header("x-hub-signature-256", sign(junk))
        .body(junk.to_vec())
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 400);
    // Signed: recorded (a 'failed' after 'read' ranks higher), and the code kept.
    let r = app
        .http
        .post(&url)
        .header("x-hub-signature-256", sign(status.as_bytes()))
        .body(status.clone())
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let (situacao, codigo): (Option<String>, Option<i64>) =
        sqlx::query_as("SELECT situacao, codigo_erro FROM whatsapp_outbox WHERE wamid = $1")
            .bind(&wamid)
            .fetch_one(&app.app.db)
            .await
            .unwrap();
    assert_eq!(
        (situacao.as_deref(), codigo),
        (Some("failed"), Some(131_026))
    );
    // An unknown message id is ignored (200: Meta would retry it for days), nothing recorded.
    let unknown = status.replace(&wamid, "wamid.desconhecido");
    let r = app
        .http
        .post(&url)
        .header("x-hub-signature-256", sign(unknown.as_bytes()))
        .body(unknown)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    assert_eq!(outbox(&app).await.len(), 1);
}

#[tokio::test]
async fn parar_turns_the_notices_off_and_confirms_once() {
    let cloud = CloudApi::start().await;
    let app = app_with(&cloud).await;
    let (buyer, _) = app.login(BUYER).await;
    opt_in(&app, &buyer, "comprador").await;
    let phone = phone_of(&app, BUYER_PHONE, BUYER).await;
    // Another reply is ignored.
    let r = cloud
        .control("reply", json!({"from": phone, "text": "Obrigada!"}))
        .await;
    assert_eq!(r["webhook"], 200);
    let (_, b) = app
        .rpc(Some(&buyer), json!({"codigo": "pegar_avisos"}))
        .await;
    assert_eq!(b["comprador"]["ativo"], true);
    for _ in 0..2 {
        let r = cloud
            .control("reply", json!({"from": phone, "text": "parar"}))
            .await;
        assert_eq!(r["webhook"], 200);
    }
    let got = cloud.until(|m| !m.is_empty()).await;
    assert_eq!(got[0]["type"], "text");
    assert!(got[0]["text"].as_str().unwrap().starts_with("Pronto"));
    let (_, b) = app
        .rpc(Some(&buyer), json!({"codigo": "pegar_avisos"}))
        .await;
    assert_eq!(b["comprador"]["ativo"], false);
    assert!(
        b["comprador"]["aviso_desligado"]
            .as_str()
            .unwrap()
            .contains("PARAR")
    );
    assert_eq!(app.rpc(Some(&buyer), cassava(1, "1")).await.0, 200);
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(
        cloud.messages().await.len(),
        1,
        "one confirmation, no notice"
    );
}
