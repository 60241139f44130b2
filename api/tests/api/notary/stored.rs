//! Uploads against a real local gateway (arlocal): the bytes come back from it, the token is
//! spent, the public record is confirmed; two uploads racing for the last token spend it once.

use super::{Arlocal, BUYER, app_with_gateway, balance, buy_tokens, random_bytes, upload};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use std::time::Duration;

#[tokio::test]
async fn a_file_is_stored_on_arlocal_and_verified() {
    let arlocal = Arlocal::start().await;
    let app = app_with_gateway(&arlocal.url, arlocal.wallet.clone()).await;
    let (token, _) = app.login(BUYER).await;
    buy_tokens(&app, &token, 2).await;
    let data = random_bytes(700 * 1024);
    let (status, body) = upload(&app, &token, "laudo.pdf", reqwest::Body::from(data.clone())).await;
    assert_eq!(status, 200, "{body}");
    let id = body["transactionId"].as_str().unwrap().to_owned();
    assert_eq!(body["link"], format!("{}/{id}", arlocal.url));
    let got = app
        .http
        .get(format!("{}/{id}", arlocal.url))
        .send()
        .await
        .unwrap();
    assert_eq!(got.bytes().await.unwrap().as_ref(), data.as_slice());
    let b = balance(&app, &token).await;
    assert_eq!(b["fichas"], 1);
    assert_eq!(b["historico"][0]["id"], id.as_str());
    assert_eq!(b["historico"][0]["descricao"], "Laudo da safra");
    // The JSON action with a data URL spends the second token.
    let (status, body) = app
        .rpc(
            Some(&token),
            json!({"codigo": "upload_blockchain", "arquivo": "data:text/plain;base64,b2zDoSBtdW5kbw==",
                   "nomeArquivo": "ola.txt", "descricao": "Olá"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(balance(&app, &token).await["fichas"], 0);
    // The public record, confirmed once arlocal has mined.
    let mut last = Value::Null;
    for _ in 0..40 {
        let (status, v) = app
            .rpc(
                None,
                json!({"codigo": "verificar_blockchain", "transactionId": id}),
            )
            .await;
        assert_eq!(status, 200, "{v}");
        last = v;
        if last["status"] == "confirmado" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    assert_eq!(last["status"], "confirmado", "{last}");
    assert_eq!(last["sha256"], hex::encode(Sha256::digest(&data)));
    assert_eq!(last["tamanho"], 700 * 1024);
    assert_eq!(last["nomeArquivo"], "laudo.pdf");
    let (status, _) = app
        .rpc(
            None,
            json!({"codigo": "verificar_blockchain", "transactionId": "x".repeat(43)}),
        )
        .await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn two_uploads_racing_for_the_last_token_spend_it_once() {
    let arlocal = Arlocal::start().await;
    let app = app_with_gateway(&arlocal.url, arlocal.wallet.clone()).await;
    let (token, _) = app.login(BUYER).await;
    buy_tokens(&app, &token, 1).await;
    let (a, b) = tokio::join!(
        upload(
            &app,
            &token,
            "a.pdf",
            reqwest::Body::from(random_bytes(300 * 1024))
        ),
        upload(
            &app,
            &token,
            "b.pdf",
            reqwest::Body::from(random_bytes(300 * 1024))
        ),
    );
    let mut statuses = [a.0, b.0];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 400], "{a:?} {b:?}");
    let refused = if a.0 == 400 { &a.1 } else { &b.1 };
    assert_eq!(refused["error"], "Você não possui fichas!");
    let b = balance(&app, &token).await;
    assert_eq!(b["fichas"], 0);
    assert_eq!(b["historico"].as_array().unwrap().len(), 1);
}
