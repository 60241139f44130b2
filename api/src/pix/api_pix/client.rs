//! The HTTP side of a PSP: every call over mutual TLS with the platform's client certificate
//! (reqwest with rustls; `PIX_CERT_FILE`/`PIX_CERT_KEY_FILE` as PEM, the PSP's CA from
//! `PIX_CA_FILE` or the Web PKI), with a timeout (`PIX_TIMEOUT_SECONDS`), and an OAuth2
//! client-credentials token (HTTP Basic) cached until shortly before it expires. A call answered
//! 401 fetches a new token once and is sent again once.
//!
//! Answers are sorted into [`PixError`]s: unreachable, timed out, 5xx or 429 → `Unavailable`
//! (worth retrying), any other 4xx → `Refused` with the problem+json's title and detail.

use super::profile::{Profile, TokenBody};
use super::wire::TokenAnswer;
use crate::{
    config::{ApiPixConfig, ExposeSecret, Secret},
    pix::{PixError, PixResult},
};
use anyhow::Context;
use reqwest::{Method, StatusCode, header::HeaderMap};
use serde_json::Value;
use std::time::{Duration, Instant};
use tokio::sync::Mutex;

/// A cached access token.
#[derive(Debug, Clone)]
struct Token {
    value: String,
    /// When to fetch a new one (a little before it expires).
    renew_at: Instant,
}

/// One PSP's HTTP client.
pub struct PspClient {
    http: reqwest::Client,
    api_url: String,
    token_url: String,
    client_id: String,
    client_secret: Secret,
    token_body: TokenBody,
    token: Mutex<Option<Token>>,
}

impl std::fmt::Debug for PspClient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PspClient")
            .field("api_url", &self.api_url)
            .finish_non_exhaustive()
    }
}

/// A call's answer: status and body.
#[derive(Debug)]
pub struct Answer {
    pub status: StatusCode,
    pub body: Value,
}

fn read(path: &std::path::Path, setting: &str) -> anyhow::Result<Vec<u8>> {
    std::fs::read(path).with_context(|| format!("{setting}: cannot read {}", path.display()))
}

/// How long before its expiry a token is renewed: a tenth of its life, at most a minute.
fn renew_margin(lifetime: Duration) -> Duration {
    (lifetime / 10).min(Duration::from_secs(60))
}

fn transport(e: &reqwest::Error) -> PixError {
    let what = if e.is_timeout() {
        "timed out"
    } else if e.is_connect() {
        "connection failed"
    } else {
        "request failed"
    };
    // The source chain says why (TLS refusals included) without any secret.
    let mut cause = String::new();
    let mut source = std::error::Error::source(e);
    while let Some(s) = source {
        cause = s.to_string();
        source = s.source();
    }
    PixError::Unavailable(format!("{what}: {cause}"))
}

/// A problem+json's `title: detail` (and its `violacoes`), or the body's first characters.
fn problem_text(body: &Value, raw: &str) -> String {
    let field = |k: &str| body.get(k).and_then(Value::as_str).unwrap_or_default();
    let mut text = match (field("title"), field("detail")) {
        ("", "") => raw.chars().take(300).collect(),
        (t, "") => t.to_owned(),
        ("", d) => d.to_owned(),
        (t, d) => format!("{t}: {d}"),
    };
    if let Some(v) = body.get("violacoes").and_then(Value::as_array) {
        for item in v.iter().take(5) {
            let r = item
                .get("razao")
                .and_then(Value::as_str)
                .unwrap_or_default();
            text.push_str(&format!(" [{r}]"));
        }
    }
    text
}

impl PspClient {
    pub fn new(config: &ApiPixConfig, profile: Profile) -> anyhow::Result<Self> {
        let mut pem = read(&config.cert_file, "PIX_CERT_FILE")?;
        if let Some(key) = &config.cert_key_file {
            pem.push(b'\n');
            pem.extend(read(key, "PIX_CERT_KEY_FILE")?);
        }
        let identity = reqwest::Identity::from_pem(&pem).context(
            "PIX_CERT_FILE (and PIX_CERT_KEY_FILE) must hold the PSP's client certificate and \
             its private key, PEM (docs/pix.md converts Efí's .p12)",
        )?;
        let mut builder = reqwest::Client::builder()
            .use_rustls_tls()
            .identity(identity)
            .https_only(true)
            .min_tls_version(reqwest::tls::Version::TLS_1_2)
            .timeout(config.timeout)
            .connect_timeout(config.timeout)
            .pool_idle_timeout(Duration::from_secs(60))
            .user_agent(concat!("feira/", env!("CARGO_PKG_VERSION")));
        if let Some(ca) = &config.ca_file {
            let ca = reqwest::Certificate::from_pem(&read(ca, "PIX_CA_FILE")?)
                .context("PIX_CA_FILE must be a PEM certificate")?;
            builder = builder
                .tls_built_in_root_certs(false)
                .add_root_certificate(ca);
        }
        Ok(Self {
            http: builder.build().context("building the PSP's HTTPS client")?,
            api_url: config.api_url.clone(),
            token_url: config.token_url.clone(),
            client_id: config.client_id.clone(),
            client_secret: config.client_secret.clone(),
            token_body: profile.token_body,
            token: Mutex::new(None),
        })
    }

    /// A valid access token: the cached one, unless it is `stale` (refused with a 401) or about
    /// to expire. Concurrent callers share one request.
    async fn token(&self, stale: Option<&str>) -> PixResult<String> {
        let mut cached = self.token.lock().await;
        if let Some(t) = cached.as_ref()
            && Some(t.value.as_str()) != stale
            && Instant::now() < t.renew_at
        {
            return Ok(t.value.clone());
        }
        let req = self
            .http
            .post(&self.token_url)
            .basic_auth(&self.client_id, Some(self.client_secret.expose_secret()));
        let req = match self.token_body {
            TokenBody::Json => req.json(&serde_json::json!({"grant_type": "client_credentials"})),
            TokenBody::Form => req.form(&[("grant_type", "client_credentials")]),
        };
        let started = Instant::now();
        let res = req.send().await.map_err(|e| transport(&e))?;
        let answer = Self::classify(res).await?;
        let t: TokenAnswer = serde_json::from_value(answer.body)
            .map_err(|e| PixError::Unexpected(format!("token answer: {e}")))?;
        let lifetime = Duration::from_secs(t.expires_in.unwrap_or(3600).max(1));
        let token = Token {
            value: t.access_token,
            renew_at: started + lifetime - renew_margin(lifetime),
        };
        tracing::debug!(lifetime = ?lifetime, "new PSP access token");
        *cached = Some(token.clone());
        Ok(token.value)
    }

    /// Sorts a response into a JSON answer (2xx) or an error.
    async fn classify(res: reqwest::Response) -> PixResult<Answer> {
        let status = res.status();
        let raw = res.text().await.map_err(|e| transport(&e))?;
        let body: Value = if raw.trim().is_empty() {
            Value::Null
        } else {
            serde_json::from_str(&raw).unwrap_or(Value::Null)
        };
        if status.is_success() {
            return Ok(Answer { status, body });
        }
        let text = problem_text(&body, &raw);
        if status.is_server_error() || status == StatusCode::TOO_MANY_REQUESTS {
            return Err(PixError::Unavailable(format!("{status}: {text}")));
        }
        Err(PixError::Refused {
            status: status.as_u16(),
            detail: text,
        })
    }

    /// Calls `method {api_url}{path}` with `query` and a JSON `body`; on a 401, once more with
    /// a new token.
    pub async fn call(
        &self,
        method: Method,
        path: &str,
        query: &[(&str, String)],
        body: Option<&Value>,
        headers: HeaderMap,
    ) -> PixResult<Answer> {
        let url = format!("{}{path}", self.api_url);
        let send = |token: String| {
            let mut req = self
                .http
                .request(method.clone(), &url)
                .bearer_auth(token)
                .headers(headers.clone());
            if !query.is_empty() {
                req = req.query(query);
            }
            if let Some(b) = body {
                req = req.json(b);
            }
            req.send()
        };
        let token = self.token(None).await?;
        let mut res = send(token.clone()).await.map_err(|e| transport(&e))?;
        if res.status() == StatusCode::UNAUTHORIZED {
            tracing::info!(path, "PSP refused the access token: fetching a new one");
            let fresh = self.token(Some(&token)).await?;
            res = send(fresh).await.map_err(|e| transport(&e))?;
        }
        Self::classify(res).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn tokens_are_renewed_a_little_before_they_expire() {
        assert_eq!(
            renew_margin(Duration::from_secs(3600)),
            Duration::from_secs(60)
        );
        assert_eq!(
            renew_margin(Duration::from_secs(2)),
            Duration::from_millis(200)
        );
    }

    #[test]
    fn problems_read_as_title_detail_and_reasons() {
        let p = json!({"title": "Cobrança inválida.", "detail": "A requisição…",
                       "violacoes": [{"razao": "valor", "propriedade": "cob.valor"}]});
        assert_eq!(
            problem_text(&p, ""),
            "Cobrança inválida.: A requisição… [valor]"
        );
        assert_eq!(problem_text(&Value::Null, "oops"), "oops");
    }
}
