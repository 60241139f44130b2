//! Uploads against a real local gateway (arlocal): the bytes come back from it, the token is
//! spent, the public record is confirmed; two uploads racing for the last token spend it once;
//! the public verification reads the gateway within its rate and remembers confirmations.

use super::{Arlocal, BUYER, app_with_gateway, balance, buy_tokens, random_bytes, upload};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use std::path::PathBuf;
use std::sync::{
    Arc,
    atomic::{AtomicUsize, Ordering},
};
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

/// A gateway stand-in (a fake at the edge of this test) that confirms every transaction and
/// counts the status reads.
async fn counting_gateway() -> (String, Arc<AtomicUsize>) {
    use axum::{Router, routing::get};
    let reads = Arc::new(AtomicUsize::new(0));
    let counted = reads.clone();
    let router = Router::new().route(
        "/tx/{id}/status",
        get(move || {
            let counted = counted.clone();
            async move {
                counted.fetch_add(1, Ordering::SeqCst);
                axum::Json(json!({"block_height": 10, "block_indep_hash": "h",
                                  "number_of_confirmations": 3}))
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    (url, reads)
}

#[tokio::test]
async fn verification_reads_the_gateway_within_its_rate_and_remembers_confirmations() {
    let (gateway, reads) = counting_gateway().await;
    let app = app_with_gateway(&gateway, PathBuf::from("unused.json")).await;
    let (_, me) = app.login(BUYER).await;
    let user = me["usuario"].as_str().unwrap().to_owned();
    let ids: Vec<String> = (0..8).map(|i| format!("{i}{}", "t".repeat(42))).collect();
    for id in &ids {
        sqlx::query(
            "INSERT INTO notarisations (id, user_id, descricao, nome_arquivo, tipo_conteudo, \
             tamanho, sha256, link, criado_em) VALUES ($1, $2, 'd', 'a.pdf', 'application/pdf', \
             1, 'ab', 'l', 1)",
        )
        .bind(id)
        .bind(&user)
        .execute(&app.app.db)
        .await
        .unwrap();
    }
    let verify = |id: String| {
        let app = &app;
        async move {
            app.rpc(
                None,
                json!({"codigo": "verificar_blockchain", "transactionId": id}),
            )
            .await
        }
    };
    // A confirmation is remembered: asking again does not reach the gateway.
    for _ in 0..10 {
        let (status, v) = verify(ids[0].clone()).await;
        assert_eq!((status, &v["status"]), (200, &json!("confirmado")), "{v}");
    }
    assert_eq!(reads.load(Ordering::SeqCst), 1);
    // New transactions, all at once in a fresh second: at most ARWEAVE_READ_RATE (5/s) reach
    // it; the rest are told to try again shortly.
    tokio::time::sleep(Duration::from_millis(1100)).await;
    let answers = futures::future::join_all(ids[1..].iter().cloned().map(verify)).await;
    let ok = answers.iter().filter(|(s, _)| *s == 200).count();
    let busy: Vec<&Value> = answers
        .iter()
        .filter(|(s, _)| *s == 503)
        .map(|(_, v)| v)
        .collect();
    assert_eq!(ok + busy.len(), 7, "{answers:?}");
    assert!(ok <= 5, "{ok} reads beyond the rate");
    assert!(!busy.is_empty());
    assert_eq!(busy[0]["error"], feira_api::outside::GATEWAY_OCUPADO);
    assert_eq!(reads.load(Ordering::SeqCst), 1 + ok);
}
