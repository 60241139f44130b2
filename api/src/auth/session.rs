//! Our own session tokens: random, only their SHA-256 stored, with an expiry, revocable.

use crate::db::{Db, now_ms};
use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use rand::RngCore;
use sha2::{Digest, Sha256};
use std::time::Duration;

/// Creates a session for `user_id`; returns the bearer token (shown once, never stored).
pub async fn create(db: &Db, user_id: &str, ttl: Duration) -> sqlx::Result<String> {
    let mut raw = [0u8; 32];
    rand::rng().fill_bytes(&mut raw);
    let token = URL_SAFE_NO_PAD.encode(raw);
    let now = now_ms();
    let ttl_ms = i64::try_from(ttl.as_millis()).unwrap_or(i64::MAX);
    sqlx::query(
        "INSERT INTO sessions (token_hash, user_id, criado_em, expira_em) VALUES ($1, $2, $3, $4)",
    )
    .bind(token_hash(&token))
    .bind(user_id)
    .bind(now)
    .bind(now.saturating_add(ttl_ms))
    .execute(db)
    .await?;
    Ok(token)
}

/// The user of a live session and their e-mail, in one read (every signed-in request asks).
pub async fn account_for(db: &Db, token: &str) -> sqlx::Result<Option<(String, String)>> {
    sqlx::query_as(
        "SELECT s.user_id, u.email FROM sessions s JOIN users u ON u.id = s.user_id \
         WHERE s.token_hash = $1 AND s.revogado_em IS NULL AND s.expira_em > $2",
    )
    .bind(token_hash(token))
    .bind(now_ms())
    .fetch_optional(db)
    .await
}

/// The user of a live (unexpired, unrevoked) session.
pub async fn user_for(db: &Db, token: &str) -> sqlx::Result<Option<String>> {
    user_for_hash(db, &token_hash(token)).await
}

/// Revokes the session of `token`.
pub async fn revoke(db: &Db, token: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE sessions SET revogado_em = $1 WHERE token_hash = $2")
        .bind(now_ms())
        .bind(token_hash(token))
        .execute(db)
        .await?;
    Ok(())
}

/// The stored form of a bearer token (its SHA-256, hex).
pub fn token_hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// The user of the live session whose token hashes to `token_hash` (for holders of a hash,
/// such as an event stream, that never see the token).
pub async fn user_for_hash(db: &Db, token_hash: &str) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar(
        "SELECT user_id FROM sessions \
         WHERE token_hash = $1 AND revogado_em IS NULL AND expira_em > $2",
    )
    .bind(token_hash)
    .bind(now_ms())
    .fetch_optional(db)
    .await
}

#[cfg(test)]
mod tests {
    #[test]
    fn hash_is_hex_sha256() {
        assert_eq!(super::token_hash("abc").len(), 64);
        assert_ne!(super::token_hash("abc"), super::token_hash("abd"));
    }
}
