//! Pix through a PSP (decisions.md §20–§22): the API's `api-pix` provider against the local PSP
//! (`devservices/psp.mjs`: BACEN's API Pix over real mutual TLS and OAuth2, every request
//! validated against BACEN's OpenAPI). Each test starts its own PSP and ends by asserting that
//! the PSP saw zero contract violations (or says loudly that the check was skipped, when the
//! OpenAPI file is absent).

mod bounds;
mod case_refund;
mod checkout;
mod refunds;
mod texts;
mod webhooks;

use crate::helpers::{TempDir, TestApp, devservice, spawn_app_with};
use feira_api::config::{ApiPixConfig, Config, PixProviderKind, PspProfile};
use serde_json::{Value, json};
use std::{future::Future, time::Duration};

/// The webhook's secret in these tests.
pub const HMAC: &str = "segredoDoWebhook0123456789";

/// A running local PSP (stopped on drop).
pub struct Psp {
    _child: tokio::process::Child,
    /// `psp.json`: URLs, files, credentials, `validated`.
    pub info: Value,
    pub control: String,
    http: reqwest::Client,
    _dir: TempDir,
}

/// Starts the local PSP on free ports with `extra` settings.
pub async fn spawn_psp(extra: &[(&str, String)]) -> Psp {
    use rand::{Rng, distr::Alphanumeric};
    let name: String = rand::rng()
        .sample_iter(&Alphanumeric)
        .take(10)
        .map(char::from)
        .collect();
    let dir = TempDir(std::env::temp_dir().join(format!("feira-psp-{name}")));
    let mut env = vec![
        ("PSP_PORT", "0".to_owned()),
        ("PSP_CONTROL_PORT", "0".to_owned()),
        ("PSP_DIR", dir.0.display().to_string()),
        ("PSP_REFUND_DELAY_MS", "200".to_owned()),
        ("PSP_WEBHOOK_BACKOFF_MS", "100".to_owned()),
        // The PSP's leaf keys, generated once for the whole suite (its CA stays fresh per start).
        (
            "PSP_KEY_CACHE",
            concat!(env!("CARGO_TARGET_TMPDIR"), "/psp-keys").to_owned(),
        ),
    ];
    env.extend(extra.iter().cloned());
    let (child, rest, mut lines) = devservice("psp.mjs", &env, "psp: listening on ").await;
    // Keep reading its output so the PSP never blocks on a full pipe.
    tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
    let info: Value = serde_json::from_str(rest.split_once(' ').expect("url and json").1)
        .expect("the PSP's JSON");
    Psp {
        _child: child,
        control: info["control"].as_str().unwrap().to_owned(),
        info,
        // A new connection per control call: a pooled one can be closed by the PSP as the next
        // call goes out on it, and the call is then cut off (`IncompleteMessage`) on a loaded
        // machine.
        http: reqwest::Client::builder()
            .timeout(Duration::from_secs(30))
            .pool_max_idle_per_host(0)
            .build()
            .unwrap(),
        _dir: dir,
    }
}

impl Psp {
    pub fn text(&self, key: &str) -> String {
        self.info
            .pointer(key)
            .and_then(Value::as_str)
            .unwrap()
            .to_owned()
    }

    /// The API's settings for this PSP (Efí's profile, its URLs replaced), a `timeout` per call.
    pub fn api_config(&self, timeout: Duration) -> ApiPixConfig {
        ApiPixConfig {
            profile: PspProfile::Efi,
            api_url: self.text("/api"),
            token_url: self.text("/token"),
            client_id: self.text("/clientId"),
            client_secret: feira_api::config::secret(self.text("/clientSecret")),
            cert_file: self.text("/files/clientCert").into(),
            cert_key_file: Some(self.text("/files/clientKey").into()),
            ca_file: Some(self.text("/files/ca").into()),
            timeout,
        }
    }

    /// A control API call; returns status and JSON.
    pub async fn call(&self, method: reqwest::Method, path: &str, body: Value) -> (u16, Value) {
        let mut req = self.http.request(method, format!("{}{path}", self.control));
        if !body.is_null() {
            req = req.json(&body);
        }
        let res = req.send().await.unwrap();
        let status = res.status().as_u16();
        (status, res.json().await.unwrap_or(Value::Null))
    }

    /// The payer pays charge `txid` (`valor` when given, else the charge's).
    pub async fn pay(&self, txid: &str, body: Value) -> Value {
        let (status, answer) = self
            .call(reqwest::Method::POST, &format!("/cob/{txid}/pay"), body)
            .await;
        assert_eq!(status, 201, "{answer}");
        answer
    }

    /// The next `count` webhooks are dropped, sent twice, or sent normally.
    pub async fn webhooks(&self, mode: &str, count: u32) {
        let (status, body) = self
            .call(
                reqwest::Method::PUT,
                "/webhook-behaviour",
                json!({"mode": mode, "count": count}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
    }

    /// The next `count` calls of `endpoint` fail (`mode` error or hang).
    pub async fn fault(&self, endpoint: &str, fault: Value) {
        let mut body = fault;
        body["endpoint"] = json!(endpoint);
        let (status, answer) = self.call(reqwest::Method::POST, "/faults", body).await;
        assert!((200..300).contains(&status), "{answer}");
    }

    /// The requests the PSP received for `endpoint` (e.g. `PUT /cob/{txid}`).
    pub async fn requests(&self, endpoint: &str) -> Vec<Value> {
        let res = self
            .http
            .get(format!("{}/requests", self.control))
            .query(&[("endpoint", endpoint)])
            .send()
            .await
            .unwrap();
        let v: Value = res.json().await.unwrap();
        v.as_array()
            .cloned()
            .or_else(|| v["requests"].as_array().cloned())
            .unwrap_or_default()
    }

    /// Zero contract violations (or a loud skip without BACEN's OpenAPI).
    pub async fn assert_contract(&self) {
        if self.info["validated"] != true {
            eprintln!(
                "\n!!!!!! contract check skipped: the local PSP runs without BACEN's OpenAPI \
                 (../shared/reference/bacen-api-pix-2.9.0.openapi.yaml not found) !!!!!!\n"
            );
            return;
        }
        let (status, v) = self
            .call(reqwest::Method::GET, "/violations", Value::Null)
            .await;
        assert_eq!(status, 200);
        let list = v
            .as_array()
            .cloned()
            .unwrap_or_else(|| v["violations"].as_array().cloned().unwrap_or_default());
        assert!(list.is_empty(), "contract violations: {v:#}");
    }
}

/// The demo app with the `api-pix` provider on `psp`, its webhook registered in the hmac mode,
/// once its first reconciliation (at start, then every 10 minutes) has asked the PSP: on a
/// loaded machine that run could otherwise come after a test's payment, and apply it (or
/// refresh an expired token) before the path the test checks.
pub async fn psp_app(psp: &Psp, adjust: impl FnOnce(&mut Config)) -> TestApp {
    let api = psp.api_config(Duration::from_secs(10));
    let key = psp.text("/keys/0");
    let app = spawn_app_with(move |c| {
        c.seed_demo = true;
        c.pix.provider = PixProviderKind::ApiPix;
        c.pix.key = key;
        c.pix.api = Some(api);
        c.pix.webhook.hmac = Some(feira_api::config::secret(HMAC));
        adjust(c);
    })
    .await;
    let url = format!("{}/webhooks/pix", app.address);
    app.app
        .pix
        .register_webhook(&url, Some(HMAC))
        .await
        .expect("the webhook registers at the PSP");
    eventually("the reconciliation at start has asked the PSP", || async {
        psp.requests("GET /pix")
            .await
            .iter()
            .any(|r| r["status"].is_number())
    })
    .await;
    app
}

/// Waits (45 s at most: the PSP's refunds and webhooks are timers and child processes, which a
/// loaded machine slows) until `check` holds; returns as soon as it does.
pub async fn eventually<F, Fut>(what: &str, mut check: F)
where
    F: FnMut() -> Fut,
    Fut: Future<Output = bool>,
{
    let deadline = tokio::time::Instant::now() + Duration::from_secs(45);
    while tokio::time::Instant::now() < deadline {
        if check().await {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("still not true after 45 s: {what}");
}

/// An order of `n` kg of the demo cassava paid by Pix: its id, its charge's txid and the whole
/// answer.
pub async fn pix_order(app: &TestApp, token: &str, n: u32) -> (String, String, Value) {
    let body = crate::pix::pix_order(app, token, n).await;
    let id = body["all"]["idpedido"].as_str().unwrap().to_owned();
    let txid = body["all"]["Infos"]["txid"].as_str().unwrap().to_owned();
    (id, txid, body)
}

/// Whether order `$1` is paid by Pix (1) or not (0), for [`count`].
pub const PAID: &str = "SELECT COUNT(*) FROM orders WHERE status_pix = '2' AND id = $1";

/// A query's single number.
pub async fn count(app: &TestApp, sql: &'static str, arg: &str) -> i64 {
    sqlx::query_scalar(sql)
        .bind(arg)
        .fetch_one(&app.app.db)
        .await
        .unwrap()
}
