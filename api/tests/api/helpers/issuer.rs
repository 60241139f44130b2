//! The test OpenID issuer, a fake at the edge of the tests (and of the order bench, which includes
//! this file): a tiny HTTP server publishing a discovery document and a JWKS for a fixed test
//! key, and the ID tokens it would sign — valid, or distorted as a [`Token`] says.

use axum::{Json, Router, routing::get};
use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use jsonwebtoken::{Algorithm, EncodingKey, Header, encode};
use rsa::{RsaPrivateKey, pkcs8::DecodePrivateKey, traits::PublicKeyParts};
use serde_json::json;

pub const CLIENT_ID: &str = "feira-test";
pub const TEST_KEY: &str = include_str!("../../fixtures/oidc_test_key.pem");
pub const OTHER_KEY: &str = include_str!("../../fixtures/oidc_other_key.pem");
pub const KID: &str = "test-key";

/// Starts the test issuer on a random port; returns its URL.
pub async fn spawn_issuer() -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let issuer = format!("http://{}", listener.local_addr().unwrap());
    let key = RsaPrivateKey::from_pkcs8_pem(TEST_KEY).unwrap();
    let jwks = json!({ "keys": [{
        "kty": "RSA", "use": "sig", "alg": "RS256", "kid": KID,
        "n": URL_SAFE_NO_PAD.encode(key.n().to_bytes_be()),
        "e": URL_SAFE_NO_PAD.encode(key.e().to_bytes_be()),
    }]});
    let discovery = json!({
        "issuer": issuer,
        "authorization_endpoint": format!("{issuer}/auth"),
        "jwks_uri": format!("{issuer}/jwks"),
    });
    let router = Router::new()
        .route(
            "/.well-known/openid-configuration",
            get(move || async move { Json(discovery) }),
        )
        .route("/jwks", get(move || async move { Json(jwks) }));
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    issuer
}

/// What an ID token may get wrong.
#[derive(Default, Clone)]
pub struct Token<'a> {
    pub email: &'a str,
    pub sub: Option<&'a str>,
    pub name: Option<&'a str>,
    pub aud: Option<&'a str>,
    pub iss: Option<&'a str>,
    /// Seconds from now (negative: already expired).
    pub expires_in: Option<i64>,
    /// `nbf`, seconds from now (none: no `nbf` claim).
    pub not_before: Option<i64>,
    /// `iat`, seconds from now (default 0).
    pub issued: Option<i64>,
    pub nonce: Option<&'a str>,
    /// Sign with a key that is not the issuer's (same `kid`).
    pub forged: bool,
    /// `email_verified` false.
    pub unverified: bool,
}

/// An ID token as the test issuer at `issuer` would sign it (or as `t` distorts it).
pub fn sign_id_token(issuer: &str, t: &Token<'_>, nonce: &str) -> String {
    let now = chrono::Utc::now().timestamp();
    let mut claims = json!({
        "iss": t.iss.unwrap_or(issuer),
        "aud": t.aud.unwrap_or(CLIENT_ID),
        "sub": t.sub.unwrap_or(t.email),
        "email": t.email,
        "email_verified": !t.unverified,
        "name": t.name.unwrap_or("Pessoa Teste"),
        "nonce": t.nonce.unwrap_or(nonce),
        "iat": now + t.issued.unwrap_or(0),
        "exp": now + t.expires_in.unwrap_or(600),
    });
    if let Some(nbf) = t.not_before {
        claims["nbf"] = json!(now + nbf);
    }
    let mut header = Header::new(Algorithm::RS256);
    header.kid = Some(KID.into());
    let pem = if t.forged { OTHER_KEY } else { TEST_KEY };
    encode(
        &header,
        &claims,
        &EncodingKey::from_rsa_pem(pem.as_bytes()).unwrap(),
    )
    .unwrap()
}
