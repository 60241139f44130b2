//! The e-mail outbox's sender: every message is first a row of `email_outbox` (so nothing is
//! lost); when `SMTP_URL` is set, [`deliver`] hands it to that relay and marks it sent
//! (`enviado_em`) or records the failure (`erro`); [`spawn_outbox_task`] retries unsent ones of
//! the last 24 hours every minute.
//!
//! The client is a small SMTP client of our own (the `lettre` crate is not available offline):
//! `smtp://[user:password@]host[:port]` (port 25 by default), EHLO, optional AUTH PLAIN, one
//! message per connection, UTF-8 subject (RFC 2047) and a base64 body. It speaks plain SMTP
//! without TLS, so it is meant for a relay on the same host or network (Postfix, a provider's
//! local agent, MailHog in development); STARTTLS/SMTPS are not supported.

use crate::db::{Db, now_ms};
use anyhow::{Context, bail};
use base64::{Engine, engine::general_purpose::STANDARD};
use std::time::Duration;
use tokio::{
    io::{AsyncBufReadExt, AsyncWriteExt, BufReader},
    net::TcpStream,
};

/// How long one SMTP conversation may take.
const TIMEOUT: Duration = Duration::from_secs(20);

/// An SMTP relay from `SMTP_URL`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Relay {
    host: String,
    port: u16,
    login: Option<(String, String)>,
}

impl Relay {
    /// Parses `smtp://[user:password@]host[:port]`.
    pub fn parse(url: &str) -> anyhow::Result<Self> {
        let u = url::Url::parse(url).context("SMTP_URL is not a URL")?;
        if u.scheme() != "smtp" {
            bail!("SMTP_URL must start with smtp:// (TLS is not supported)");
        }
        let host = u.host_str().context("SMTP_URL has no host")?.to_owned();
        let login = (!u.username().is_empty()).then(|| {
            let decode = |s: &str| {
                url::form_urlencoded::parse(s.as_bytes())
                    .map(|(k, _)| k.into_owned())
                    .next()
                    .unwrap_or_default()
            };
            (decode(u.username()), decode(u.password().unwrap_or("")))
        });
        Ok(Self {
            host,
            port: u.port().unwrap_or(25),
            login,
        })
    }
}

/// `=?UTF-8?B?…?=` for a header with non-ASCII text.
fn encode_header(text: &str) -> String {
    if text.is_ascii() {
        text.to_owned()
    } else {
        format!("=?UTF-8?B?{}?=", STANDARD.encode(text))
    }
}

/// The message as sent after DATA (CRLF lines, base64 body in 76-character lines).
fn message(from: &str, to: &str, subject: &str, body: &str) -> String {
    let encoded = STANDARD.encode(body);
    let mut lines: Vec<&str> = Vec::new();
    let mut rest = encoded.as_str();
    while !rest.is_empty() {
        let (line, tail) = rest.split_at(rest.len().min(76));
        lines.push(line);
        rest = tail;
    }
    format!(
        "From: {from}\r\nTo: {to}\r\nSubject: {}\r\nDate: {}\r\nMIME-Version: 1.0\r\n\
         Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n\
         {}\r\n.\r\n",
        encode_header(subject),
        chrono::Utc::now().to_rfc2822(),
        lines.join("\r\n"),
    )
}

/// Reads one (possibly multi-line) reply and checks its code.
async fn expect<R: AsyncBufReadExt + Unpin>(r: &mut R, ok: &[&str]) -> anyhow::Result<()> {
    loop {
        let mut line = String::new();
        if r.read_line(&mut line).await? == 0 {
            bail!("SMTP connection closed");
        }
        let code = line.get(..3).unwrap_or_default();
        if line.as_bytes().get(3) == Some(&b'-') {
            continue;
        }
        if ok.contains(&code) {
            return Ok(());
        }
        bail!("SMTP refused: {}", line.trim_end());
    }
}

/// Sends one message through `relay`.
pub async fn send(
    relay: &Relay,
    from: &str,
    to: &str,
    subject: &str,
    body: &str,
) -> anyhow::Result<()> {
    tokio::time::timeout(TIMEOUT, async {
        let stream = TcpStream::connect((relay.host.as_str(), relay.port))
            .await
            .with_context(|| format!("connecting to {}:{}", relay.host, relay.port))?;
        let (read, mut write) = stream.into_split();
        let mut read = BufReader::new(read);
        expect(&mut read, &["220"]).await?;
        write.write_all(b"EHLO feira\r\n").await?;
        expect(&mut read, &["250"]).await?;
        if let Some((user, password)) = &relay.login {
            let token = STANDARD.encode(format!("\0{user}\0{password}"));
            write
                .write_all(format!("AUTH PLAIN {token}\r\n").as_bytes())
                .await?;
            expect(&mut read, &["235"]).await?;
        }
        write
            .write_all(format!("MAIL FROM:<{from}>\r\n").as_bytes())
            .await?;
        expect(&mut read, &["250"]).await?;
        write
            .write_all(format!("RCPT TO:<{to}>\r\n").as_bytes())
            .await?;
        expect(&mut read, &["250", "251"]).await?;
        write.write_all(b"DATA\r\n").await?;
        expect(&mut read, &["354"]).await?;
        write
            .write_all(message(from, to, subject, body).as_bytes())
            .await?;
        expect(&mut read, &["250"]).await?;
        write.write_all(b"QUIT\r\n").await?;
        Ok(())
    })
    .await
    .context("SMTP timed out")?
}

/// Sends outbox message `id` through `SMTP_URL` and records the outcome. Without a relay the
/// message stays recorded (pending).
pub async fn deliver(db: &Db, smtp_url: Option<&str>, from: &str, id: &str) {
    let Some(url) = smtp_url else { return };
    let outcome = async {
        let relay = Relay::parse(url)?;
        let (to, subject, body): (String, String, String) =
            sqlx::query_as("SELECT destinatario, assunto, corpo FROM email_outbox WHERE id = $1")
                .bind(id)
                .fetch_one(db)
                .await?;
        send(&relay, from, &to, &subject, &body).await
    }
    .await;
    let update = match &outcome {
        Ok(()) => sqlx::query("UPDATE email_outbox SET enviado_em = $1, erro = NULL WHERE id = $2")
            .bind(now_ms())
            .bind(id),
        Err(e) => {
            tracing::warn!(error = ?e, id, "e-mail not sent; kept in the outbox");
            sqlx::query("UPDATE email_outbox SET erro = $1 WHERE id = $2")
                .bind(format!("{e:#}"))
                .bind(id)
        }
    };
    if let Err(e) = update.execute(db).await {
        tracing::error!(error = ?e, id, "recording an e-mail outcome");
    }
}

/// How often the outbox is swept for messages not sent yet.
const SWEEP_EVERY: Duration = Duration::from_secs(60);
/// Messages older than this are no longer retried (they stay recorded).
const RETRY_FOR_MS: i64 = 24 * 60 * 60 * 1000;

/// With a relay configured, sends every minute the outbox messages of the last 24 hours that
/// are not sent yet (recorded while the relay was down or not configured), oldest first; the
/// last minute's are left to their first try.
pub fn spawn_outbox_task(db: Db, smtp_url: Option<String>, from: String) {
    let Some(url) = smtp_url else { return };
    tokio::spawn(async move {
        let mut every = tokio::time::interval(SWEEP_EVERY);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        every.tick().await;
        loop {
            every.tick().await;
            let due: Vec<String> = match sqlx::query_scalar(
                "SELECT id FROM email_outbox WHERE enviado_em IS NULL AND criado_em >= $1 \
                 AND criado_em <= $2 ORDER BY criado_em LIMIT 50",
            )
            .bind(now_ms() - RETRY_FOR_MS)
            // A message of the last minute may still be on its first try.
            .bind(now_ms() - 60_000)
            .fetch_all(&db)
            .await
            {
                Ok(ids) => ids,
                Err(e) => {
                    tracing::warn!(error = ?e, "reading the e-mail outbox");
                    continue;
                }
            };
            for id in due {
                deliver(&db, Some(&url), &from, &id).await;
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relay_urls() {
        let r = Relay::parse("smtp://user%40x:p%40ss@mail.local:2525").unwrap();
        assert_eq!((r.host.as_str(), r.port), ("mail.local", 2525));
        assert_eq!(r.login, Some(("user@x".into(), "p@ss".into())));
        assert_eq!(Relay::parse("smtp://relay").unwrap().port, 25);
        assert!(Relay::parse("smtps://relay").is_err());
    }

    #[test]
    fn messages_encode_utf8_subjects_and_bodies() {
        let m = message("a@x", "b@y", "Novo pedido de João", "Olá, ação!");
        assert!(m.contains("Subject: =?UTF-8?B?"));
        assert!(m.contains(&STANDARD.encode("Olá, ação!")));
        assert!(m.ends_with("\r\n.\r\n"));
        assert_eq!(encode_header("Plain"), "Plain");
    }
}
