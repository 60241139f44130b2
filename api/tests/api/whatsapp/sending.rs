//! Sending through the local Cloud API: a refusal that passes is tried again and sent once, a
//! number Meta does not accept turns the channel off (the profile says why, the admin sees the
//! message given up), and two instances send each message once.

use super::{CloudApi, app_with, config, opt_in, outbox, outbox_until};
use crate::{
    fixtures::{BUYER, cassava},
    helpers::{spawn_app_on, spawn_app_with},
};
use serde_json::json;
use std::time::Duration;

#[tokio::test]
async fn a_429_then_success_sends_one_message() {
    let cloud = CloudApi::start().await;
    let app = app_with(&cloud).await;
    let (buyer, _) = app.login(BUYER).await;
    opt_in(&app, &buyer, "comprador").await;
    cloud.control("fail", json!({"status": 429})).await;
    cloud.control("fail", json!({"status": 503})).await;
    assert_eq!(app.rpc(Some(&buyer), cassava(1, "1")).await.0, 200);
    let rows = outbox_until(&app, |r| r.len() == 1 && r[0].1.is_some()).await;
    assert_eq!(rows[0].3, 3, "two failed tries, then sent: {rows:?}");
    let got = cloud.until(|m| !m.is_empty()).await;
    assert_eq!(got.len(), 1);
    assert_eq!(got[0]["template"], "pedido_recebido");
}

#[tokio::test]
async fn an_invalid_number_turns_the_channel_off_with_a_notice_in_the_profile() {
    let cloud = CloudApi::start().await;
    let app = app_with(&cloud).await;
    let (buyer, _) = app.login(BUYER).await;
    opt_in(&app, &buyer, "comprador").await;
    cloud
        .control("fail", json!({"status": 400, "code": 131026}))
        .await;
    assert_eq!(app.rpc(Some(&buyer), cassava(1, "1")).await.0, 200);
    let rows = outbox_until(&app, |r| r.len() == 1 && r[0].2.is_some()).await;
    assert_eq!(rows[0].3, 1, "not tried again");
    let (_, b) = app
        .rpc(Some(&buyer), json!({"codigo": "pegar_avisos"}))
        .await;
    assert_eq!(b["comprador"]["ativo"], false);
    assert!(
        b["comprador"]["aviso_desligado"]
            .as_str()
            .unwrap()
            .contains("não aceitou este número"),
        "{b}"
    );
    // The admin sees the message given up, with the Cloud API's code.
    let (admin, _) = app.login(crate::fixtures::ADMIN_EMAIL).await;
    let (s, failed) = app
        .rpc(Some(&admin), json!({"codigo": "pegar_avisos_falhos"}))
        .await;
    assert_eq!(s, 200, "{failed}");
    assert_eq!(failed["avisos"][0]["modelo"], "pedido_recebido", "{failed}");
    assert_eq!(failed["avisos"][0]["codigo_erro"], 131026);
    assert_eq!(
        app.rpc(Some(&buyer), json!({"codigo": "pegar_avisos_falhos"}))
            .await
            .0,
        403
    );
    // Off: the next order queues nothing.
    assert_eq!(app.rpc(Some(&buyer), cassava(1, "1")).await.0, 200);
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert_eq!(outbox(&app).await.len(), 1);
}

#[tokio::test]
async fn two_instances_send_each_message_once() {
    let cloud = CloudApi::start().await;
    let app = app_with(&cloud).await;
    let w = config(&cloud.api);
    let (db, issuer) = (app.app.config.database.url.clone(), app.issuer.clone());
    let second = spawn_app_with(move |c| {
        c.database.url = db;
        c.security.oidc_issuer = issuer;
        c.whatsapp = Some(w);
        c.ops.jobs_every = Some(Duration::from_secs(1));
    })
    .await;
    let _ = spawn_app_on;
    let (buyer, _) = app.login(BUYER).await;
    opt_in(&app, &buyer, "comprador").await;
    for _ in 0..4 {
        assert_eq!(app.rpc(Some(&buyer), cassava(1, "1")).await.0, 200);
    }
    outbox_until(&app, |r| r.len() == 4 && r.iter().all(|r| r.1.is_some())).await;
    tokio::time::sleep(Duration::from_secs(3)).await;
    let got = cloud.messages().await;
    assert_eq!(got.len(), 4, "{got:?}");
    drop(second);
}
