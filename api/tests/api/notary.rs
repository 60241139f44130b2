//! Notarisation on Arweave (issue 8): tokens bought by Pix (sandbox), uploads against a real
//! local gateway (npm `arlocal`, started by [`Arlocal`] from devservices/arlocal.mjs on a free
//! loopback port), refusals that spend nothing, and our signed transactions checked by the npm
//! `arweave` client (devservices/scripts/arweave-verify.mjs). Fakes, only at the edge: the
//! failing gateway of `a_gateway_failure_spends_nothing` and the scripted one of
//! `status_answers_and_chunk_retries_follow_the_gateway_api` (tiny HTTP servers standing in for
//! a gateway's answers that arlocal cannot be made to give).

use crate::helpers::{TestApp, spawn_app_with};
use axum::{
    Router,
    http::StatusCode,
    routing::{get, post},
};
use feira_api::arweave::{ChunkedFile, Tag, Transaction, Wallet};
use rand::RngCore;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use std::{path::PathBuf, process::Stdio, time::Duration};
use tokio::{
    io::{AsyncBufReadExt, BufReader},
    process::{Child, Command},
};

const DEVSERVICES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../devservices");
const BUYER: &str = "notario@feira.test";

/// arlocal on a free loopback port, stopped on drop; funds the wallet it is given.
pub struct Arlocal {
    pub url: String,
    pub wallet: PathBuf,
    _child: Child,
    _dir: crate::helpers::TempDir,
}

impl Arlocal {
    pub async fn start() -> Self {
        let dir = crate::helpers::TempDir(
            std::env::temp_dir().join(format!("feira-arlocal-test-{}", feira_api::db::new_id())),
        );
        std::fs::create_dir_all(&dir.0).unwrap();
        let wallet = dir.0.join("wallet.json");
        let mut child = Command::new("node")
            .arg(format!("{DEVSERVICES}/arlocal.mjs"))
            .env("ARLOCAL_PORT", "0")
            .env("ARWEAVE_WALLET", &wallet)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .kill_on_drop(true)
            .spawn()
            .expect("node runs (devservices: npm ci)");
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let url = tokio::time::timeout(Duration::from_secs(60), async {
            while let Some(line) = lines.next_line().await.unwrap() {
                if let Some(rest) = line.strip_prefix("arlocal: listening on ") {
                    return rest.split_whitespace().next().unwrap().to_owned();
                }
            }
            panic!("arlocal stopped before listening");
        })
        .await
        .expect("arlocal starts");
        tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
        Self {
            url,
            wallet,
            _child: child,
            _dir: dir,
        }
    }
}

fn random_bytes(n: usize) -> Vec<u8> {
    let mut v = vec![0u8; n];
    rand::rng().fill_bytes(&mut v);
    v
}

async fn app_with_gateway(gateway: &str, wallet: PathBuf) -> TestApp {
    let gateway = gateway.to_owned();
    spawn_app_with(move |c| {
        c.arweave.gateway = gateway;
        c.arweave.wallet = wallet;
    })
    .await
}

/// Buys `n` tokens and pays them in the sandbox; returns the charge's answer.
async fn buy_tokens(app: &TestApp, token: &str, n: u32) -> Value {
    let (status, body) = app
        .rpc(
            Some(token),
            json!({"codigo": "gerarpix_blockchain", "quantidade": n}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let txid = body["txid"].as_str().unwrap();
    let res = app
        .http
        .post(format!("{}/pix/sandbox/{txid}/pagar", app.address))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    body
}

async fn balance(app: &TestApp, token: &str) -> Value {
    let (status, body) = app
        .rpc(Some(token), json!({"codigo": "pegar_fichas_blockchain"}))
        .await;
    assert_eq!(status, 200, "{body}");
    body
}

async fn upload(app: &TestApp, token: &str, name: &str, body: reqwest::Body) -> (u16, Value) {
    let res = app
        .http
        .post(format!("{}/api/blockchain/upload", app.address))
        .query(&[("nome", name), ("descricao", "Laudo da safra")])
        .header("content-type", "application/pdf")
        .bearer_auth(token)
        .body(body)
        .send()
        .await
        .unwrap();
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn tokens_cost_five_reais_each_and_are_credited_once() {
    let app = app_with_gateway("http://127.0.0.1:9", PathBuf::from("unused.json")).await;
    let (token, _) = app.login(BUYER).await;
    let (status, body) = app
        .rpc(
            Some(&token),
            json!({"codigo": "gerarpix_blockchain", "quantidade": 0}),
        )
        .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (400, Some("Escolha ao menos 1 ficha"))
    );
    let (status, _) = app
        .rpc(
            None,
            json!({"codigo": "gerarpix_blockchain", "quantidade": 1}),
        )
        .await;
    assert_eq!(status, 401);
    let body = buy_tokens(&app, &token, 3).await;
    assert_eq!(body["valor"], "15.00");
    assert!(
        body["codigo"]["qrcode"]
            .as_str()
            .unwrap()
            .contains("540515.00")
    );
    assert!(
        body["codigo"]["imagemQrcode"]
            .as_str()
            .unwrap()
            .starts_with("data:image/svg+xml")
    );
    // Paying again credits nothing more.
    let txid = body["txid"].as_str().unwrap();
    app.http
        .post(format!("{}/pix/sandbox/{txid}/pagar", app.address))
        .send()
        .await
        .unwrap();
    assert_eq!(balance(&app, &token).await["fichas"], 3);
    // The spec's `preco` works too.
    let (status, body) = app
        .rpc(
            Some(&token),
            json!({"codigo": "gerarpix_blockchain", "preco": "10.00"}),
        )
        .await;
    assert_eq!((status, body["fichas"].as_u64()), (200, Some(2)));
}

#[tokio::test]
async fn a_file_over_100_mb_is_refused_and_spends_nothing() {
    let app = app_with_gateway("http://127.0.0.1:9", PathBuf::from("unused.json")).await;
    let (token, _) = app.login(BUYER).await;
    let (status, body) = upload(&app, &token, "a.pdf", reqwest::Body::from("x")).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (400, Some("Você não possui fichas!"))
    );
    buy_tokens(&app, &token, 1).await;
    // 101 MB streamed without a length: refused once the limit is crossed.
    let block = bytes::Bytes::from(vec![1u8; 1024 * 1024]);
    let stream =
        futures::stream::iter((0..101).map(move |_| Ok::<_, std::io::Error>(block.clone())));
    let (status, body) = upload(&app, &token, "big.bin", reqwest::Body::wrap_stream(stream)).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (400, Some("Arquivo muito grande!")),
        "{body}"
    );
    // Declared too large: refused before reading.
    let (status, body) = upload(
        &app,
        &token,
        "big.bin",
        reqwest::Body::from(vec![0u8; 104_857_601]),
    )
    .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (400, Some("Arquivo muito grande!")),
        "{body}"
    );
    // A description is required.
    let res = app
        .http
        .post(format!(
            "{}/api/blockchain/upload?nome=a.txt&descricao=%20",
            app.address
        ))
        .bearer_auth(&token)
        .body("abc")
        .send()
        .await
        .unwrap();
    assert_eq!(
        res.json::<Value>().await.unwrap()["error"],
        "Insira uma descrição"
    );
    let b = balance(&app, &token).await;
    assert_eq!(b["fichas"], 1);
    assert_eq!(b["historico"], json!([]));
}

#[tokio::test]
async fn a_gateway_failure_spends_nothing() {
    // Fake at the edge: a gateway that answers anchor and price but refuses every transaction.
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let router = Router::new()
        .route("/tx_anchor", get(|| async { "A".repeat(64) }))
        .route("/price/{bytes}", get(|| async { "1000" }))
        .route(
            "/tx",
            post(|| async { (StatusCode::BAD_REQUEST, "Transaction verification failed.") }),
        );
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    let dir = std::env::temp_dir().join(format!("feira-wallet-{}", feira_api::db::new_id()));
    std::fs::create_dir_all(&dir).unwrap();
    let wallet = dir.join("w.json");
    std::fs::write(&wallet, Wallet::generate(1024).unwrap().to_jwk()).unwrap();
    let app = app_with_gateway(&url, wallet).await;
    let (token, _) = app.login(BUYER).await;
    buy_tokens(&app, &token, 1).await;
    let (status, body) = upload(
        &app,
        &token,
        "a.pdf",
        reqwest::Body::from(random_bytes(1000)),
    )
    .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (500, Some("Algum erro ocorreu!"))
    );
    // The JSON action, too.
    let (status, body) = app
        .rpc(
            Some(&token),
            json!({"codigo": "upload_blockchain", "arquivo": "data:text/plain;base64,YWJj",
                   "nomeArquivo": "a.txt", "descricao": "x", "usuario": "someone-else"}),
        )
        .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (500, Some("Algum erro ocorreu!"))
    );
    assert_eq!(balance(&app, &token).await["fichas"], 1);
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test]
async fn our_signed_transactions_verify_with_the_npm_client() {
    let wallet = Wallet::generate(2048).unwrap();
    // Three chunks with the last two balanced.
    let data = random_bytes(2 * 256 * 1024 + 1000);
    let file = ChunkedFile::from_bytes(&data);
    let mut tx = Transaction::data(
        &wallet,
        &file,
        &feira_api::arweave::b64(&[7u8; 48]),
        "12345",
        vec![
            Tag::new("Content-Type", "application/pdf"),
            Tag::new("File-Name", "laudo.pdf"),
        ],
    );
    tx.sign(&wallet).unwrap();
    let path = std::env::temp_dir().join(format!("feira-verify-{}", feira_api::db::new_id()));
    std::fs::write(&path, &data).unwrap();
    let check = |tx: &Transaction| {
        let mut child = std::process::Command::new("node")
            .arg(format!("{DEVSERVICES}/scripts/arweave-verify.mjs"))
            .arg("--data")
            .arg(&path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        use std::io::Write;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(serde_json::to_string(tx).unwrap().as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        serde_json::from_slice::<Value>(&out.stdout).unwrap()
    };
    let out = check(&tx);
    assert_eq!(out["valid"], true, "{out}");
    assert_eq!(out["id"], tx.id.as_str());
    assert_eq!(
        out["data_root"],
        tx.data_root.as_str(),
        "data_root differs from the npm client's"
    );
    let mut tampered = tx.clone();
    tampered.reward = "12346".into();
    assert_eq!(check(&tampered)["valid"], false);
    let _ = std::fs::remove_file(path);
}

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

/// A fake gateway at the edge of the test: `/tx/{id}/status` answers by id, `POST /chunk`
/// fails its first `fail_chunks` calls; counts the chunk calls.
async fn fake_gateway(
    fail_chunks: usize,
) -> (String, std::sync::Arc<std::sync::atomic::AtomicUsize>) {
    use std::sync::{
        Arc,
        atomic::{AtomicUsize, Ordering},
    };
    let calls = Arc::new(AtomicUsize::new(0));
    let counter = calls.clone();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let router = Router::new()
        .route("/tx_anchor", get(|| async { "A".repeat(64) }))
        .route("/price/{bytes}", get(|| async { "1000" }))
        .route("/tx", post(|| async { "OK" }))
        .route(
            "/chunk",
            post(move || {
                let n = counter.fetch_add(1, Ordering::SeqCst);
                async move {
                    if n < fail_chunks {
                        (StatusCode::SERVICE_UNAVAILABLE, "busy")
                    } else {
                        (StatusCode::OK, "{}")
                    }
                }
            }),
        )
        .route(
            "/tx/{id}/status",
            get(
                |axum::extract::Path(id): axum::extract::Path<String>| async move {
                    match id.as_str() {
                        "accepted" => (StatusCode::ACCEPTED, "Pending".to_owned()),
                        "pending200" => (StatusCode::OK, "Pending".to_owned()),
                        "mined" => (
                            StatusCode::OK,
                            json!({"block_height": 7, "number_of_confirmations": 3}).to_string(),
                        ),
                        _ => (StatusCode::NOT_FOUND, "Not Found".to_owned()),
                    }
                },
            ),
        );
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    (url, calls)
}

#[tokio::test]
async fn status_answers_and_chunk_retries_follow_the_gateway_api() {
    use feira_api::arweave::{Gateway, TxStatus};
    use std::sync::atomic::Ordering;
    let (url, calls) = fake_gateway(2).await;
    let gw = Gateway::new(&url, Duration::from_secs(5)).unwrap();
    assert_eq!(gw.status("accepted").await.unwrap(), TxStatus::Pending);
    assert_eq!(gw.status("pending200").await.unwrap(), TxStatus::Pending);
    assert_eq!(
        gw.status("mined").await.unwrap(),
        TxStatus::Confirmed {
            confirmations: 3,
            height: 7
        }
    );
    assert_eq!(gw.status("other").await.unwrap(), TxStatus::NotFound);
    // Two chunks; the first two POST /chunk fail and are retried.
    let data = random_bytes(300 * 1024);
    let path = std::env::temp_dir().join(format!("feira-chunks-{}", feira_api::db::new_id()));
    std::fs::write(&path, &data).unwrap();
    let file = ChunkedFile::from_bytes(&data);
    assert_eq!(file.chunks.len(), 2);
    let wallet = Wallet::generate(1024).unwrap();
    let tx = gw.upload(&wallet, &path, &file, vec![]).await.unwrap();
    assert_eq!(tx.data_size, (300 * 1024).to_string());
    assert_eq!(calls.load(Ordering::SeqCst), 4, "2 failures + 2 chunks");
    // A chunk that never goes through fails the upload (5 tries).
    let (url, calls) = fake_gateway(usize::MAX).await;
    let gw = Gateway::new(&url, Duration::from_secs(5)).unwrap();
    assert!(gw.upload(&wallet, &path, &file, vec![]).await.is_err());
    assert_eq!(calls.load(Ordering::SeqCst), 5);
    let _ = std::fs::remove_file(path);
}
