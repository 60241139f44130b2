//! Single-use tickets for URLs that cannot carry an `Authorization` header (the browser's
//! `EventSource`): asked for with the session, they live [`TTL`], open one request, and are
//! stored only as their SHA-256 (`event_tickets`, shared by every instance). The request they
//! open learns the session's hash, so it can follow the session and end with it.

use super::session;
use crate::db::{Db, now_ms};
use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use rand::RngCore;
use std::time::Duration;

/// How long a ticket can be redeemed.
pub const TTL: Duration = Duration::from_secs(60);

/// What a redeemed ticket stands for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Redeemed {
    pub user_id: String,
    /// The hash of the session the ticket was asked with.
    pub token_hash: String,
}

/// A new ticket for the session of bearer `token` (whose user is `user_id`).
pub async fn issue(db: &Db, user_id: &str, token: &str) -> sqlx::Result<String> {
    let mut raw = [0u8; 24];
    rand::rng().fill_bytes(&mut raw);
    let ticket = URL_SAFE_NO_PAD.encode(raw);
    let now = now_ms();
    sqlx::query(
        "INSERT INTO event_tickets (ticket_hash, token_hash, user_id, criado_em, expira_em) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(session::token_hash(&ticket))
    .bind(session::token_hash(token))
    .bind(user_id)
    .bind(now)
    .bind(now + i64::try_from(TTL.as_millis()).unwrap_or(60_000))
    .execute(db)
    .await?;
    Ok(ticket)
}

/// Redeems `ticket` once: `None` when it is unknown, used, past its time, or its session is
/// no longer live.
pub async fn redeem(db: &Db, ticket: &str) -> sqlx::Result<Option<Redeemed>> {
    let hash = session::token_hash(ticket);
    let now = now_ms();
    let won = sqlx::query(
        "UPDATE event_tickets SET usado_em = $1 \
         WHERE ticket_hash = $2 AND usado_em IS NULL AND expira_em > $1",
    )
    .bind(now)
    .bind(&hash)
    .execute(db)
    .await?
    .rows_affected();
    if won != 1 {
        return Ok(None);
    }
    let (user_id, token_hash): (String, String) =
        sqlx::query_as("SELECT user_id, token_hash FROM event_tickets WHERE ticket_hash = $1")
            .bind(&hash)
            .fetch_one(db)
            .await?;
    Ok(match session::user_for_hash(db, &token_hash).await? {
        Some(live) if live == user_id => Some(Redeemed {
            user_id,
            token_hash,
        }),
        _ => None,
    })
}

/// Deletes tickets past their time (the housekeeping job); returns how many.
pub async fn delete_expired(db: &Db) -> sqlx::Result<u64> {
    Ok(
        sqlx::query("DELETE FROM event_tickets WHERE expira_em <= $1")
            .bind(now_ms())
            .execute(db)
            .await?
            .rows_affected(),
    )
}
