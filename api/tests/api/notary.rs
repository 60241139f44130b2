//! Notarisation on Arweave: tokens bought by Pix (sandbox), uploads against a real
//! local gateway (npm `arlocal`, started by [`Arlocal`] from devservices/arlocal.mjs on a free
//! loopback port), refusals that spend nothing, and our signed transactions checked by the npm
//! `arweave` client (devservices/scripts/arweave-verify.mjs). Fakes, only at the edge: the
//! failing gateway of `a_gateway_failure_spends_nothing` and the scripted one of
//! `status_answers_and_chunk_retries_follow_the_gateway_api` (tiny HTTP servers standing in for
//! a gateway's answers that arlocal cannot be made to give).
//!
//! The tests are grouped by subject in the submodules; this file holds what they share.

mod gateway;
mod hardening;
mod refusals;
mod signing;
mod stored;
mod tokens;

use crate::fixtures::pay_pix;
use crate::helpers::{TestApp, spawn_app_with};
use rand::RngCore;
use serde_json::{Value, json};
use std::{path::PathBuf, process::Stdio, time::Duration};
use tokio::{
    io::{AsyncBufReadExt, BufReader},
    process::{Child, Command},
};

const DEVSERVICES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../devservices");
pub use crate::fixtures::NOTARY_CLIENT as BUYER;

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
    assert_eq!(pay_pix(app, txid).await.0, 200);
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
