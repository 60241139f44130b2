//! E-mail (decisions.md §23). Every message is first a row of `email_outbox`, recorded with the
//! change it tells about ([`notices`]), so nothing is lost when the relay is down or not
//! configured. When `SMTP_URL` is set, the outbox job ([`outbox`], on every instance) claims due
//! messages and sends them with `lettre` over TLS ([`smtp`]), each once however many instances
//! run; a failed try is retried with a growing delay, and a message that cannot be sent is kept
//! with its reason. Without `SMTP_URL` messages stay recorded (pending). The same notices go by
//! WhatsApp to those who opted in ([`whatsapp`], decisions.md §38), recorded by the same call.

pub mod case_notice;
pub mod cases;
pub mod moderation;
pub mod notices;
pub mod outbox;
pub mod smtp;
pub mod whatsapp;

pub use notices::{
    OrderNotice, WrittenLine, WrittenOrder, queue_order_notice, queue_order_notices,
    queue_placed_notices,
};

use crate::db::{new_id, now_ms};
use sqlx::{Any, Executor};
use std::sync::LazyLock;
use tokio::sync::watch;

/// Changed whenever a message is recorded: wakes this process's outbox senders.
static RECORDED: LazyLock<watch::Sender<u64>> = LazyLock::new(|| watch::channel(0).0);

/// Wakes the outbox senders of this process (the job waits a moment, then sweeps).
pub fn wake() {
    RECORDED.send_modify(|n| *n = n.wrapping_add(1));
}

/// What the outbox job waits on between its periodic sweeps.
pub fn wakes() -> watch::Receiver<u64> {
    RECORDED.subscribe()
}

/// Queues an e-mail to the account `user_id` inside `tx` (nothing for an account without an
/// address).
pub async fn enqueue_for_user(
    tx: &mut sqlx::Transaction<'static, Any>,
    user_id: &str,
    subject: &str,
    body: &str,
) -> sqlx::Result<()> {
    let email: Option<String> = sqlx::query_scalar("SELECT email FROM users WHERE id = $1")
        .bind(user_id)
        .fetch_optional(&mut **tx)
        .await?;
    if let Some(to) = email.filter(|e| !e.is_empty()) {
        enqueue(&mut **tx, &to, subject, body).await?;
    }
    Ok(())
}

/// Records `messages` (recipient, subject, body) in the outbox (pending) in one statement.
pub async fn enqueue_all<'e>(
    e: impl Executor<'e, Database = Any>,
    messages: &[(String, String, String)],
) -> sqlx::Result<()> {
    if messages.is_empty() {
        return Ok(());
    }
    let rows: Vec<String> = (0..messages.len())
        .map(|i| {
            let n = i * 5;
            format!(
                "(${}, ${}, ${}, ${}, ${})",
                n + 1,
                n + 2,
                n + 3,
                n + 4,
                n + 5
            )
        })
        .collect();
    let sql = format!(
        "INSERT INTO email_outbox (id, destinatario, assunto, corpo, criado_em) VALUES {}",
        rows.join(", ")
    );
    // Only `$n` placeholders are interpolated; the values are bound.
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
    let now = now_ms();
    for (to, subject, body) in messages {
        query = query
            .bind(new_id())
            .bind(to.as_str())
            .bind(subject.as_str())
            .bind(body.as_str())
            .bind(now);
    }
    query.execute(e).await?;
    Ok(())
}

/// Records a message in the outbox (pending); returns its id.
pub async fn enqueue<'e>(
    e: impl Executor<'e, Database = Any>,
    to: &str,
    subject: &str,
    body: &str,
) -> sqlx::Result<String> {
    let id = new_id();
    sqlx::query(
        "INSERT INTO email_outbox (id, destinatario, assunto, corpo, criado_em) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(&id)
    .bind(to)
    .bind(subject)
    .bind(body)
    .bind(now_ms())
    .execute(e)
    .await?;
    Ok(id)
}
