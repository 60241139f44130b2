//! The outbox's WhatsApp channel: the same protocol as the e-mails' sender
//! (`crate::mail::outbox`) over `whatsapp_outbox`. A [`sweep`] claims up to [`BATCH`] due
//! messages with one conditional `UPDATE` (`FOR UPDATE SKIP LOCKED` on PostgreSQL), so each is
//! sent once however many instances sweep; each outcome is recorded under that claim:
//!
//! - sent: `enviado_em` and the Cloud API's `wamid` (its statuses come by the webhook);
//! - 429, 5xx or no answer: one more `tentativas`, tried again after a delay that doubles up to
//!   an hour, and kept as failed (`falhou_em`, `erro`) after `max_attempts` tries;
//! - an invalid number (131026 and the like): failed at once, and the person's channel turned
//!   off (the profile says why);
//! - any other refusal: failed at once, with the reason.
//!
//! Failed messages are what the admin's list shows. Unsent messages older than a day are given
//! up. Sending never blocks the action that recorded the message.

use super::{
    client::{Client, Outgoing},
    contacts::{OFF_INVALID, turn_off},
};
use crate::db::{Db, is_postgres, new_id, now_ms};
use crate::mail::outbox::Policy;
use serde_json::Value;
use std::time::Duration;
use tokio_util::sync::CancellationToken;

/// Messages claimed by one sweep.
pub const BATCH: i64 = 10;
/// Unsent messages older than this are given up.
const MAX_AGE: Duration = Duration::from_secs(24 * 3600);

/// A claimed message: id, to, template, variables, text, tries.
type Claimed = (String, String, String, String, Option<String>, i64);

fn ms(d: Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX / 4)
}

async fn claim(db: &Db, claim: &str, policy: &Policy) -> sqlx::Result<Vec<Claimed>> {
    let now = now_ms();
    let lock = if is_postgres(db) {
        " FOR UPDATE SKIP LOCKED"
    } else {
        ""
    };
    let sql = format!(
        "UPDATE whatsapp_outbox SET reservado_por = $1, reservado_ate = $2 \
         WHERE id IN (SELECT id FROM whatsapp_outbox \
           WHERE enviado_em IS NULL AND falhou_em IS NULL \
           AND (proxima_tentativa_em IS NULL OR proxima_tentativa_em <= $3) \
           AND (reservado_ate IS NULL OR reservado_ate <= $3) \
           ORDER BY criado_em LIMIT {BATCH}{lock})"
    );
    sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(claim)
        .bind(now + ms(policy.lease))
        .bind(now)
        .execute(db)
        .await?;
    sqlx::query_as(
        "SELECT id, destinatario, modelo, variaveis, texto, tentativas FROM whatsapp_outbox \
         WHERE reservado_por = $1 AND enviado_em IS NULL ORDER BY criado_em",
    )
    .bind(claim)
    .fetch_all(db)
    .await
}

async fn give_up_old(db: &Db) -> sqlx::Result<u64> {
    let now = now_ms();
    Ok(sqlx::query(
        "UPDATE whatsapp_outbox SET falhou_em = $1, \
         erro = CASE WHEN erro IS NULL THEN $2 ELSE erro || ' (' || $2 || ')' END \
         WHERE enviado_em IS NULL AND falhou_em IS NULL AND criado_em < $3 \
         AND (reservado_ate IS NULL OR reservado_ate <= $1)",
    )
    .bind(now)
    .bind(crate::mail::outbox::TOO_OLD)
    .bind(now - ms(MAX_AGE))
    .execute(db)
    .await?
    .rows_affected())
}

/// One sweep: claims due messages, sends them through `client`, records each outcome. Returns
/// how many were sent.
pub async fn sweep(
    db: &Db,
    client: &Client,
    policy: &Policy,
    shutdown: &CancellationToken,
) -> anyhow::Result<usize> {
    give_up_old(db).await?;
    let claim_id = new_id();
    let claimed = claim(db, &claim_id, policy).await?;
    let mut sent = 0;
    for (id, to, template, variables, text, tries) in claimed {
        if shutdown.is_cancelled() {
            break;
        }
        let vars: Value = serde_json::from_str(&variables).unwrap_or(Value::Null);
        let body: Vec<String> = vars["corpo"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|v| v.as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default();
        let link = vars["link"].as_str().unwrap_or_default();
        let message = match &text {
            Some(t) => Outgoing::Text(t),
            None => Outgoing::Template {
                name: &template,
                body: &body,
                link,
            },
        };
        let outcome = client.send(&to, &message).await;
        let now = now_ms();
        match outcome {
            Ok(wamid) => {
                sent += 1;
                crate::metrics::whatsapp(&template, "sent");
                sqlx::query(
                    "UPDATE whatsapp_outbox SET enviado_em = $1, wamid = $2, erro = NULL, \
                     reservado_por = NULL, reservado_ate = NULL, tentativas = tentativas + 1 \
                     WHERE id = $3 AND reservado_por = $4",
                )
                .bind(now)
                .bind(&wamid)
                .bind(&id)
                .bind(&claim_id)
                .execute(db)
                .await?;
            }
            Err(e) => {
                let tries = u32::try_from(tries).unwrap_or(u32::MAX).saturating_add(1);
                let give_up = !e.retry || tries >= policy.max_attempts;
                tracing::warn!(id, tries, give_up, reason = %e.reason, "WhatsApp message not sent");
                if give_up {
                    crate::metrics::whatsapp(&template, "failed");
                }
                let mut tx = crate::db::begin_write(db).await?;
                sqlx::query(
                    "UPDATE whatsapp_outbox SET erro = $1, tentativas = $2, \
                     proxima_tentativa_em = $3, falhou_em = $4, codigo_erro = $5, \
                     reservado_por = NULL, reservado_ate = NULL WHERE id = $6 AND reservado_por = $7",
                )
                .bind(&e.reason)
                .bind(i64::from(tries))
                .bind(now + ms(policy.delay_after(tries)))
                .bind(give_up.then_some(now))
                .bind(e.code)
                .bind(&id)
                .bind(&claim_id)
                .execute(&mut *tx)
                .await?;
                if e.invalid_number() {
                    turn_off(&mut *tx, &to, OFF_INVALID).await?;
                }
                tx.commit().await?;
            }
        }
    }
    sqlx::query(
        "UPDATE whatsapp_outbox SET reservado_por = NULL, reservado_ate = NULL \
         WHERE reservado_por = $1",
    )
    .bind(&claim_id)
    .execute(db)
    .await?;
    Ok(sent)
}

/// Messages waiting to be sent, and messages kept as failed (the metrics' outbox depth).
pub async fn depth(db: &Db) -> sqlx::Result<(i64, i64)> {
    sqlx::query_as(
        "SELECT \
           CAST(COALESCE(SUM(CASE WHEN falhou_em IS NULL THEN 1 ELSE 0 END), 0) AS BIGINT), \
           CAST(COALESCE(SUM(CASE WHEN falhou_em IS NULL THEN 0 ELSE 1 END), 0) AS BIGINT) \
         FROM whatsapp_outbox WHERE enviado_em IS NULL",
    )
    .fetch_one(db)
    .await
}

/// A message kept as failed, for the admin: whom it was for, which template, when, why.
#[derive(Debug, sqlx::FromRow)]
pub struct Failed {
    pub id: String,
    pub destinatario: String,
    pub modelo: String,
    pub order_id: Option<String>,
    pub criado_em: i64,
    pub falhou_em: i64,
    pub tentativas: i64,
    pub erro: Option<String>,
    pub codigo_erro: Option<i64>,
}

/// The `limit` most recently failed messages, newest first.
pub async fn failed(db: &Db, limit: i64) -> sqlx::Result<Vec<Failed>> {
    sqlx::query_as(
        "SELECT id, destinatario, modelo, order_id, criado_em, falhou_em, tentativas, erro, \
         codigo_erro FROM whatsapp_outbox WHERE falhou_em IS NOT NULL \
         ORDER BY falhou_em DESC, id LIMIT $1",
    )
    .bind(limit)
    .fetch_all(db)
    .await
}
