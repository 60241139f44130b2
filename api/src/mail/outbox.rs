//! The outbox's sender, safe on several instances: a [`sweep`] claims up to [`BATCH`] due
//! messages with one conditional `UPDATE` (their `reservado_por` becomes this sweep's claim id
//! until `reservado_ate`; on PostgreSQL the rows are picked `FOR UPDATE SKIP LOCKED`, so
//! concurrent sweeps skip each other's rows instead of waiting), sends them one by one and
//! records each outcome under that claim:
//!
//! - sent: `enviado_em`;
//! - refused for good (a 5xx answer, a bad address) or out of tries ([`Policy::max_attempts`]):
//!   `falhou_em`, with the reason in `erro`;
//! - otherwise: `erro`, one more `tentativas`, and the next try after a delay that doubles from
//!   [`Policy::first_retry`] up to an hour.
//!
//! At shutdown a sweep stops between messages and gives its remaining claims back; a crashed
//! instance's claims lapse after [`Policy::lease`]. Messages still unsent a day after they were
//! recorded (e.g. while no relay was configured) are given up, kept with that reason. The
//! WhatsApp channel's sender (`super::whatsapp::outbox`) claims, gives back and gives up with
//! the same helpers ([`claim_due`], [`release`], [`give_up_old`], [`depth`]) over its table.

use super::smtp::{Mailer, Outgoing};
use crate::db::{Db, is_postgres, new_id, now_ms};
use std::time::Duration;
use tokio_util::sync::CancellationToken;

/// Messages claimed by one sweep.
pub const BATCH: i64 = 10;
/// The longest delay between tries.
const MAX_DELAY: Duration = Duration::from_secs(3600);
/// Unsent messages older than this are given up.
const MAX_AGE: Duration = Duration::from_secs(24 * 3600);
/// `erro` of a message given up for its age.
pub const TOO_OLD: &str = "não enviado em 24 horas";

/// How hard the outbox tries.
#[derive(Debug, Clone, Copy)]
pub struct Policy {
    /// Tries before a message is kept as failed.
    pub max_attempts: u32,
    /// The delay after the first failed try (then doubled each time).
    pub first_retry: Duration,
    /// How long a claim holds (longer than a batch can take).
    pub lease: Duration,
}

impl Policy {
    /// The delay before try `tries + 1`, after `tries` failed ones.
    pub fn delay_after(&self, tries: u32) -> Duration {
        let factor = 2_u32.saturating_pow(tries.saturating_sub(1));
        self.first_retry.saturating_mul(factor).min(MAX_DELAY)
    }
}

/// An outbox table: `email_outbox` or `whatsapp_outbox`, which share the claim columns
/// (`reservado_por`, `reservado_ate`, `proxima_tentativa_em`, `enviado_em`, `falhou_em`,
/// `erro`, `criado_em`), so both channels claim, give back and give up with the same SQL.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outbox {
    Email,
    WhatsApp,
}

impl Outbox {
    fn table(self) -> &'static str {
        match self {
            Self::Email => "email_outbox",
            Self::WhatsApp => "whatsapp_outbox",
        }
    }
}

/// A claimed e-mail.
type Claimed = (String, String, String, String, i64);

/// `d` in milliseconds.
pub fn ms(d: Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX / 4)
}

/// Claims up to [`BATCH`] due messages of `outbox` for `claim` with one conditional `UPDATE`
/// (`FOR UPDATE SKIP LOCKED` on PostgreSQL), until the lease of `policy` ends. The caller then
/// reads the rows `reservado_por = claim` with its own columns.
pub async fn claim_due(db: &Db, outbox: Outbox, claim: &str, policy: &Policy) -> sqlx::Result<()> {
    let now = now_ms();
    let lock = if is_postgres(db) {
        " FOR UPDATE SKIP LOCKED"
    } else {
        ""
    };
    let table = outbox.table();
    let sql = format!(
        "UPDATE {table} SET reservado_por = $1, reservado_ate = $2 \
         WHERE id IN (SELECT id FROM {table} \
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
    Ok(())
}

async fn claim(db: &Db, claim: &str, policy: &Policy) -> sqlx::Result<Vec<Claimed>> {
    claim_due(db, Outbox::Email, claim, policy).await?;
    sqlx::query_as(
        "SELECT id, destinatario, assunto, corpo, tentativas FROM email_outbox \
         WHERE reservado_por = $1 AND enviado_em IS NULL ORDER BY criado_em",
    )
    .bind(claim)
    .fetch_all(db)
    .await
}

/// Gives back what `claim` still holds in `outbox` (a sweep stopped by shutdown).
pub async fn release(db: &Db, outbox: Outbox, claim: &str) -> sqlx::Result<()> {
    let sql = format!(
        "UPDATE {} SET reservado_por = NULL, reservado_ate = NULL WHERE reservado_por = $1",
        outbox.table()
    );
    sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(claim)
        .execute(db)
        .await?;
    Ok(())
}

/// Gives up unsent, unclaimed messages of `outbox` older than a day, kept with that reason.
pub async fn give_up_old(db: &Db, outbox: Outbox) -> sqlx::Result<u64> {
    let now = now_ms();
    let sql = format!(
        "UPDATE {} SET falhou_em = $1, \
         erro = CASE WHEN erro IS NULL THEN $2 ELSE erro || ' (' || $2 || ')' END \
         WHERE enviado_em IS NULL AND falhou_em IS NULL AND criado_em < $3 \
         AND (reservado_ate IS NULL OR reservado_ate <= $1)",
        outbox.table()
    );
    Ok(sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(now)
        .bind(TOO_OLD)
        .bind(now - ms(MAX_AGE))
        .execute(db)
        .await?
        .rows_affected())
}

/// Messages of `outbox` waiting to be sent, and those kept as failed (the metrics' depth).
pub async fn depth(db: &Db, outbox: Outbox) -> sqlx::Result<(i64, i64)> {
    let sql = format!(
        "SELECT \
           CAST(COALESCE(SUM(CASE WHEN falhou_em IS NULL THEN 1 ELSE 0 END), 0) AS BIGINT), \
           CAST(COALESCE(SUM(CASE WHEN falhou_em IS NULL THEN 0 ELSE 1 END), 0) AS BIGINT) \
         FROM {} WHERE enviado_em IS NULL",
        outbox.table()
    );
    sqlx::query_as(sqlx::AssertSqlSafe(sql)).fetch_one(db).await
}

/// One sweep: claims due messages, sends them through `mailer`, records each outcome. Returns
/// how many were sent.
pub async fn sweep(
    db: &Db,
    mailer: &Mailer,
    policy: &Policy,
    shutdown: &CancellationToken,
) -> anyhow::Result<usize> {
    give_up_old(db, Outbox::Email).await?;
    let claim_id = new_id();
    let claimed = claim(db, &claim_id, policy).await?;
    let mut sent = 0;
    for (id, to, subject, body, tries) in claimed {
        if shutdown.is_cancelled() {
            break;
        }
        let outcome = mailer
            .send(&Outgoing {
                id: &id,
                to: &to,
                subject: &subject,
                body: &body,
            })
            .await;
        let now = now_ms();
        match outcome {
            Ok(()) => {
                sent += 1;
                crate::metrics::email(true);
                sqlx::query(
                    "UPDATE email_outbox SET enviado_em = $1, erro = NULL, reservado_por = NULL, \
                     reservado_ate = NULL, tentativas = tentativas + 1 \
                     WHERE id = $2 AND reservado_por = $3",
                )
                .bind(now)
                .bind(&id)
                .bind(&claim_id)
                .execute(db)
                .await?;
            }
            Err(e) => {
                let tries = u32::try_from(tries).unwrap_or(u32::MAX).saturating_add(1);
                let give_up = e.permanent || tries >= policy.max_attempts;
                tracing::warn!(id, tries, give_up, reason = %e.reason, "e-mail not sent");
                if give_up {
                    crate::metrics::email(false);
                }
                sqlx::query(
                    "UPDATE email_outbox SET erro = $1, tentativas = $2, \
                     proxima_tentativa_em = $3, falhou_em = $4, reservado_por = NULL, \
                     reservado_ate = NULL WHERE id = $5 AND reservado_por = $6",
                )
                .bind(&e.reason)
                .bind(i64::from(tries))
                .bind(now + ms(policy.delay_after(tries)))
                .bind(give_up.then_some(now))
                .bind(&id)
                .bind(&claim_id)
                .execute(db)
                .await?;
            }
        }
    }
    // Claims not worked on (shutdown) go back at once.
    release(db, Outbox::Email, &claim_id).await?;
    Ok(sent)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        config::MailConfig,
        config::Relay,
        db::{connect, migrate},
        mail::enqueue,
    };

    #[tokio::test]
    async fn a_sweep_stopped_by_shutdown_gives_its_claims_back_untouched() {
        let file = std::env::temp_dir().join(format!("feira-outbox-{}.db", new_id()));
        let db = connect(
            &format!("sqlite://{}", file.display()),
            2,
            std::time::Duration::from_secs(3),
        )
        .await
        .unwrap();
        migrate(&db).await.unwrap();
        for i in 0..3 {
            enqueue(&db, "a@feira.test", &format!("m{i}"), "x")
                .await
                .unwrap();
        }
        // Never reached: the sweep stops before its first message.
        let relay = Relay::parse("smtps://127.0.0.1:9").unwrap();
        let config = MailConfig {
            relay: Some(relay.clone()),
            from: "loja@feira.test".into(),
            timeout: Duration::from_secs(1),
            max_attempts: 3,
            first_retry: Duration::from_secs(1),
            ca_file: None,
        };
        let mailer = Mailer::new(&relay, &config).unwrap();
        let policy = Policy {
            max_attempts: 3,
            first_retry: Duration::from_secs(1),
            lease: Duration::from_secs(600),
        };
        let stopped = CancellationToken::new();
        stopped.cancel();
        assert_eq!(sweep(&db, &mailer, &policy, &stopped).await.unwrap(), 0);
        type Row = (Option<String>, Option<i64>, i64, Option<String>);
        let rows: Vec<Row> = sqlx::query_as(
            "SELECT reservado_por, reservado_ate, tentativas, erro FROM email_outbox",
        )
        .fetch_all(&db)
        .await
        .unwrap();
        assert_eq!(rows.len(), 3);
        assert!(rows.iter().all(|r| *r == (None, None, 0, None)), "{rows:?}");
        assert_eq!(depth(&db, Outbox::Email).await.unwrap(), (3, 0));
        db.close().await;
        let _ = std::fs::remove_file(&file);
    }

    #[test]
    fn delays_double_up_to_an_hour() {
        let p = Policy {
            max_attempts: 8,
            first_retry: Duration::from_secs(30),
            lease: Duration::from_secs(600),
        };
        assert_eq!(p.delay_after(1), Duration::from_secs(30));
        assert_eq!(p.delay_after(2), Duration::from_secs(60));
        assert_eq!(p.delay_after(4), Duration::from_secs(240));
        assert_eq!(p.delay_after(30), MAX_DELAY);
    }
}
