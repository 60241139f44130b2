//! OpenID Connect ID-token verification: discovery, the issuer's JWKS (cached by `kid`, refreshed
//! when an unknown `kid` arrives), signature, `iss`, `aud`, `exp`, `nbf`, `iat` and `nonce`. The
//! times allow [`LEEWAY_SECONDS`] of clock difference: a token not yet valid (`nbf`) or issued
//! in the future (`iat`) beyond it is refused.

use anyhow::{Context, anyhow};
use jsonwebtoken::{Algorithm, DecodingKey, Validation, decode, decode_header, jwk::JwkSet};
use serde::Deserialize;
use std::{
    collections::HashMap,
    time::{Duration, Instant},
};
use tokio::sync::{Mutex, RwLock};

/// The parts of the issuer's discovery document we use.
#[derive(Debug, Clone, Deserialize)]
pub struct Discovery {
    pub issuer: String,
    pub authorization_endpoint: String,
    pub jwks_uri: String,
}

/// The claims we read from a verified ID token.
#[derive(Debug, Clone, Deserialize)]
pub struct IdClaims {
    pub iss: String,
    pub sub: String,
    pub email: Option<String>,
    #[serde(default)]
    pub email_verified: Option<serde_json::Value>,
    pub name: Option<String>,
    pub nonce: Option<String>,
    /// When it was issued (seconds since the epoch).
    pub iat: Option<i64>,
}

impl IdClaims {
    /// Google sends `email_verified` as a boolean, some issuers as the string "true".
    pub fn email_is_verified(&self) -> bool {
        match &self.email_verified {
            Some(serde_json::Value::Bool(b)) => *b,
            Some(serde_json::Value::String(s)) => s == "true",
            _ => false,
        }
    }
}

/// Why a token was refused (logged; the user only sees a generic message).
#[derive(Debug, thiserror::Error)]
pub enum VerifyError {
    #[error("invalid token: {0}")]
    Invalid(String),
    #[error("issuer unavailable: {0:#}")]
    Unavailable(anyhow::Error),
}

/// Verifies ID tokens of one issuer for one client.
pub struct OidcVerifier {
    issuer: String,
    client_id: String,
    http: reqwest::Client,
    discovery: RwLock<Option<Discovery>>,
    keys: RwLock<HashMap<String, (Algorithm, DecodingKey)>>,
    last_refresh: Mutex<Option<Instant>>,
}

/// Unknown `kid`s trigger at most one JWKS fetch per this interval.
const MIN_REFRESH: Duration = Duration::from_secs(10);

/// Clock difference allowed on `exp`, `nbf` and `iat` (seconds).
pub const LEEWAY_SECONDS: u64 = 60;

/// Whether `iat` (seconds) is at most [`LEEWAY_SECONDS`] after `now` (seconds).
fn issued_in_the_past(iat: i64, now: i64) -> bool {
    iat <= now.saturating_add(LEEWAY_SECONDS.cast_signed())
}

impl OidcVerifier {
    pub fn new(issuer: &str, client_id: &str) -> Self {
        Self {
            issuer: issuer.trim_end_matches('/').to_owned(),
            client_id: client_id.to_owned(),
            http: reqwest::Client::builder()
                .timeout(Duration::from_secs(10))
                .build()
                .expect("reqwest client"),
            discovery: RwLock::new(None),
            keys: RwLock::new(HashMap::new()),
            last_refresh: Mutex::new(None),
        }
    }

    pub fn client_id(&self) -> &str {
        &self.client_id
    }

    /// The issuer's discovery document, fetched once.
    pub async fn discovery(&self) -> anyhow::Result<Discovery> {
        if let Some(d) = self.discovery.read().await.clone() {
            return Ok(d);
        }
        let d: Discovery = self
            .get_json(&format!("{}/.well-known/openid-configuration", self.issuer))
            .await?;
        *self.discovery.write().await = Some(d.clone());
        Ok(d)
    }

    async fn get_json<T: serde::de::DeserializeOwned>(&self, url: &str) -> anyhow::Result<T> {
        self.http
            .get(url)
            .send()
            .await
            .and_then(|r| r.error_for_status())
            .with_context(|| format!("GET {url}"))?
            .json()
            .await
            .with_context(|| format!("reading {url}"))
    }

    async fn refresh_keys(&self) -> anyhow::Result<()> {
        let mut last = self.last_refresh.lock().await;
        if last.is_some_and(|t| t.elapsed() < MIN_REFRESH) {
            return Ok(());
        }
        let jwks_uri = self.discovery().await?.jwks_uri;
        let set: JwkSet = self.get_json(&jwks_uri).await?;
        let mut keys = HashMap::new();
        for jwk in &set.keys {
            let (Some(kid), Ok(key)) = (jwk.common.key_id.clone(), DecodingKey::from_jwk(jwk))
            else {
                continue;
            };
            let alg = match jwk.common.key_algorithm.map(|a| a.to_string()).as_deref() {
                Some("RS384") => Algorithm::RS384,
                Some("RS512") => Algorithm::RS512,
                Some("ES256") => Algorithm::ES256,
                Some("PS256") => Algorithm::PS256,
                _ => Algorithm::RS256,
            };
            keys.insert(kid, (alg, key));
        }
        *self.keys.write().await = keys;
        *last = Some(Instant::now());
        Ok(())
    }

    async fn key_for(&self, kid: &str) -> Result<(Algorithm, DecodingKey), VerifyError> {
        if let Some(k) = self.keys.read().await.get(kid) {
            return Ok(k.clone());
        }
        self.refresh_keys()
            .await
            .map_err(VerifyError::Unavailable)?;
        self.keys
            .read()
            .await
            .get(kid)
            .cloned()
            .ok_or_else(|| VerifyError::Invalid(format!("unknown kid {kid}")))
    }

    /// Verifies `token`: signature by a key of the issuer, `iss`, `aud` = our client id,
    /// `exp`, `nbf` and `iat` (one minute of leeway: [`LEEWAY_SECONDS`]) and `nonce` =
    /// `expected_nonce`.
    pub async fn verify(&self, token: &str, expected_nonce: &str) -> Result<IdClaims, VerifyError> {
        let header = decode_header(token).map_err(|e| VerifyError::Invalid(e.to_string()))?;
        let kid = header
            .kid
            .ok_or_else(|| VerifyError::Invalid("no kid".into()))?;
        let (alg, key) = self.key_for(&kid).await?;
        if header.alg != alg {
            return Err(VerifyError::Invalid(format!("alg {:?}", header.alg)));
        }
        let mut validation = Validation::new(alg);
        validation.leeway = LEEWAY_SECONDS;
        validation.validate_nbf = true;
        validation.set_audience(&[&self.client_id]);
        let mut issuers = vec![self.issuer.clone()];
        if self.issuer == "https://accounts.google.com" {
            issuers.push("accounts.google.com".into());
        }
        validation.set_issuer(&issuers);
        validation.set_required_spec_claims(&["exp", "iss", "aud", "sub"]);
        let data = decode::<IdClaims>(token, &key, &validation)
            .map_err(|e| VerifyError::Invalid(e.to_string()))?;
        if let Some(iat) = data.claims.iat
            && !issued_in_the_past(iat, chrono::Utc::now().timestamp())
        {
            return Err(VerifyError::Invalid(format!("iat {iat} in the future")));
        }
        if data.claims.nonce.as_deref() != Some(expected_nonce) {
            return Err(VerifyError::Invalid("nonce mismatch".into()));
        }
        Ok(data.claims)
    }
}

impl From<VerifyError> for crate::error::ApiError {
    fn from(e: VerifyError) -> Self {
        match e {
            VerifyError::Invalid(why) => {
                tracing::warn!(%why, "ID token refused");
                crate::error::ApiError::Unauthorized
            }
            VerifyError::Unavailable(e) => crate::error::ApiError::Internal(anyhow!(e)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iat_may_be_a_minute_ahead_not_more() {
        let now = 1_800_000_000;
        assert!(issued_in_the_past(now - 3600, now));
        assert!(issued_in_the_past(now + 60, now));
        assert!(!issued_in_the_past(now + 61, now));
    }
}
