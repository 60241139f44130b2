//! The outbox's WhatsApp channel: the same protocol as the e-mails' sender
//! (`crate::mail::outbox`, whose claim helpers it uses) over `whatsapp_outbox`. A [`sweep`]
//! claims up to `crate::mail::outbox::BATCH` due messages with one conditional `UPDATE` (`FOR
//! UPDATE SKIP LOCKED` on PostgreSQL), so each is sent once however many instances sweep; each
//! outcome is recorded under that claim:
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
use crate::db::{Db, new_id, now_ms};
use crate::mail::outbox::{Outbox, Policy, claim_due, give_up_old, ms, release};
use serde_json::Value;
use tokio_util::sync::CancellationToken;

/// A claimed message: id, to, template, variables, text, tries.
type Claimed = (String, String, String, String, Option<String>, i64);

async fn claim(db: &Db, claim: &str, policy: &Policy) -> sqlx::Result<Vec<Claimed>> {
    claim_due(db, Outbox::WhatsApp, claim, policy).await?;
    sqlx::query_as(
        "SELECT id, destinatario, modelo, variaveis, texto, tentativas FROM whatsapp_outbox \
         WHERE reservado_por = $1 AND enviado_em IS NULL ORDER BY criado_em",
    )
    .bind(claim)
    .fetch_all(db)
    .await
}

/// One sweep: claims due messages, sends them through `client`, records each outcome. Returns
/// how many were sent.
pub async fn sweep(
    db: &Db,
    client: &Client,
    policy: &Policy,
    shutdown: &CancellationToken,
) -> anyhow::Result<usize> {
    give_up_old(db, Outbox::WhatsApp).await?;
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
    // Claims not worked on (shutdown) go back at once.
    release(db, Outbox::WhatsApp, &claim_id).await?;
    Ok(sent)
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
