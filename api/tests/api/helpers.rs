//! Test harness: `spawn_app()`, a test OpenID issuer and the local services (`devservice`); the
//! test databases are in `helpers/databases.rs`.
//!
//! The issuer (`helpers/issuer.rs`) is a fake at the edge of the tests (stated plainly): tests
//! mint valid, expired, forged, wrong-audience and wrong-issuer ID tokens, and the API verifies
//! them with the very code it uses against Google; the end-to-end suite signs in through a real
//! provider.

use feira_api::{
    config::{Config, MediaConfig},
    startup::Application,
};
use serde_json::{Value, json};
use std::{path::PathBuf, time::Duration};

mod databases;
pub use databases::{empty_database, fresh_database};
mod issuer;
pub use issuer::*;

use crate::fixtures::ADMIN_EMAIL;

/// A running application and what tests need to talk to it.
pub struct TestApp {
    pub address: String,
    pub issuer: String,
    pub http: reqwest::Client,
    pub webapp_dir: PathBuf,
    pub app: feira_api::state::AppState,
    _tmp: TempDir,
}

/// A temporary directory removed on drop.
pub struct TempDir(pub PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn random(n: usize) -> String {
    use rand::{Rng, distr::Alphanumeric};
    rand::rng()
        .sample_iter(&Alphanumeric)
        .take(n)
        .map(char::from)
        .collect::<String>()
        .to_lowercase()
}

/// Spawns the application with a fresh database, media folder and a tiny built webapp.
pub async fn spawn_app() -> TestApp {
    spawn_app_with(|_| {}).await
}

/// Like [`spawn_app`], letting the test adjust the configuration.
pub async fn spawn_app_with(adjust: impl FnOnce(&mut Config)) -> TestApp {
    feira_api::telemetry::init_for_tests();
    let tmp = TempDir(std::env::temp_dir().join(format!("feira-test-{}", random(10))));
    let webapp_dir = tmp.0.join("dist");
    std::fs::create_dir_all(webapp_dir.join("assets")).unwrap();
    std::fs::write(
        webapp_dir.join("index.html"),
        "<!doctype html><title>Feira</title>",
    )
    .unwrap();
    std::fs::write(webapp_dir.join("assets/app-123.js"), "console.log('feira')").unwrap();
    let issuer = spawn_issuer().await;
    let mut config = Config::from_lookup(|k| match k {
        "APP_PORT" => Some("0".into()),
        "OIDC_CLIENT_ID" => Some(CLIENT_ID.into()),
        "ADMIN_EMAIL" => Some(ADMIN_EMAIL.into()),
        _ => None,
    })
    .unwrap();
    config.database.url = fresh_database(&tmp.0).await;
    config.database.max_connections = 5;
    // The suite runs many apps at once on 2 cores: opening a connection may take longer than
    // production's fail-fast bound (its own tests set it).
    config.database.acquire_timeout = Duration::from_secs(30);
    config.site.webapp_dir = webapp_dir.clone();
    // The suite's build embeds the real webapp; these tests serve their own tiny one.
    config.site.webapp_embedded = false;
    config.media = MediaConfig::Local {
        dir: tmp.0.join("media"),
    };
    config.security.oidc_issuer = issuer.clone();
    // The suite repeats actions freely; the rate-limit tests turn on the limits they check.
    config.security.limits = feira_api::security::rate::LimitsConfig::off();
    // Tests place many orders as one buyer; the bound's own test sets it.
    config.security.max_open_orders = None;
    adjust(&mut config);
    let app = Application::build(config).await.expect("app builds");
    let address = format!("http://127.0.0.1:{}", app.port());
    let state = app.state().clone();
    tokio::spawn(app.run_until_stopped());
    TestApp {
        address,
        issuer,
        http: reqwest::Client::builder()
            .timeout(Duration::from_secs(30))
            .build()
            .unwrap(),
        webapp_dir,
        app: state,
        _tmp: tmp,
    }
}

/// Another instance of `app`'s service (a restart, or a second server): the same database and
/// OpenID issuer, its own port and process state.
pub async fn spawn_app_on(app: &TestApp) -> TestApp {
    let (database_url, issuer) = (app.app.config.database.url.clone(), app.issuer.clone());
    let oidc = issuer.clone();
    let mut second = spawn_app_with(move |c| {
        c.database.url = database_url;
        c.security.oidc_issuer = oidc;
    })
    .await;
    second.issuer = issuer;
    second
}

impl TestApp {
    /// `POST /api` with `body`, optionally signed in; returns status and JSON.
    pub async fn rpc(&self, token: Option<&str>, body: Value) -> (u16, Value) {
        rpc_at(&self.http, &self.address, token, body).await
    }

    /// A fresh nonce from `iniciar_login`.
    pub async fn nonce(&self) -> String {
        let (status, body) = self.rpc(None, json!({"codigo": "iniciar_login"})).await;
        assert_eq!(status, 200, "{body}");
        body["nonce"].as_str().unwrap().to_owned()
    }

    /// An ID token as the test issuer would sign it (or as `t` distorts it).
    pub fn id_token(&self, t: &Token<'_>, nonce: &str) -> String {
        sign_id_token(&self.issuer, t, nonce)
    }

    /// Tries to sign in with token `t`; returns status and body of `login_site`.
    pub async fn try_login(&self, t: &Token<'_>) -> (u16, Value) {
        let nonce = self.nonce().await;
        let id_token = self.id_token(t, &nonce);
        self.rpc(
            None,
            json!({"codigo": "login_site", "user": {"id_token": id_token, "nonce": nonce}}),
        )
        .await
    }

    /// Signs in as `email`; returns the session token and the userinfo.
    pub async fn login(&self, email: &str) -> (String, Value) {
        login_at(&self.http, &self.address, &self.issuer, email).await
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.http
            .get(format!("{}{}", self.address, path))
            .send()
            .await
            .unwrap()
    }
}

/// `POST {address}/api` with `body`, optionally signed in; returns status and JSON.
pub async fn rpc_at(
    http: &reqwest::Client,
    address: &str,
    token: Option<&str>,
    body: Value,
) -> (u16, Value) {
    let mut req = http.post(format!("{address}/api")).json(&body);
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    let res = req.send().await.unwrap();
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}

/// Signs in as `email` at the API on `address`, with an ID token of the test issuer at
/// `issuer`; returns the session token and the userinfo.
pub async fn login_at(
    http: &reqwest::Client,
    address: &str,
    issuer: &str,
    email: &str,
) -> (String, Value) {
    let (status, body) = rpc_at(http, address, None, json!({"codigo": "iniciar_login"})).await;
    assert_eq!(status, 200, "{body}");
    let nonce = body["nonce"].as_str().unwrap();
    let t = Token {
        email,
        ..Token::default()
    };
    let id_token = sign_id_token(issuer, &t, nonce);
    let (status, body) = rpc_at(
        http,
        address,
        None,
        json!({"codigo": "login_site", "user": {"id_token": id_token, "nonce": nonce}}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    (
        body["token"].as_str().unwrap().to_owned(),
        body["userinfo"].clone(),
    )
}

/// The lines a devservice writes after its ready line.
pub type Lines = tokio::io::Lines<tokio::io::BufReader<tokio::process::ChildStdout>>;

/// Starts `node devservices/{script}` with `env` (stopped on drop) and waits (120 s at most: the
/// suite starts many at once beside the other database's suite on 2 cores) for
/// its line starting with `ready`; returns the child, the rest of that line and the lines after.
pub async fn devservice(
    script: &str,
    env: &[(&str, String)],
    ready: &str,
) -> (tokio::process::Child, String, Lines) {
    use tokio::io::AsyncBufReadExt;
    let devservices = concat!(env!("CARGO_MANIFEST_DIR"), "/../devservices");
    let mut cmd = tokio::process::Command::new("node");
    cmd.arg(format!("{devservices}/{script}"))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::inherit())
        .kill_on_drop(true);
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().expect("node runs (devservices: npm ci)");
    let mut lines = tokio::io::BufReader::new(child.stdout.take().unwrap()).lines();
    let rest = tokio::time::timeout(Duration::from_secs(120), async {
        while let Some(line) = lines.next_line().await.unwrap() {
            if let Some(rest) = line.strip_prefix(ready) {
                return rest.to_owned();
            }
        }
        panic!("{script} stopped before it was ready");
    })
    .await
    .unwrap_or_else(|_| panic!("{script} did not start"));
    (child, rest, lines)
}

/// A "try again shortly" answer (a provider's call budget spent): asserts 503 and returns its
/// `Retry-After` seconds and its `error` text.
pub async fn try_again(res: reqwest::Response) -> (u64, String) {
    assert_eq!(res.status().as_u16(), 503);
    let wait = res.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    let body: Value = res.json().await.unwrap();
    (wait, body["error"].as_str().unwrap_or_default().to_owned())
}
