//! Sending one message through an SMTP relay with `lettre` over TLS: the [`Mailer`], built from
//! the relay's settings (`crate::config::Relay`, read from `SMTP_URL`). With STARTTLS (the
//! `smtp://` default) a relay that does not offer it, or whose certificate does not verify, is
//! refused.
//!
//! Certificates are checked against the Web PKI roots, plus `SMTP_CA_FILE` when a relay uses a
//! private CA. AUTH (PLAIN or LOGIN, whatever the relay offers) is used when the URL has a user,
//! and only over TLS. Each conversation is bounded by `SMTP_TIMEOUT_SECONDS`.

use crate::config::{ExposeSecret, MailConfig, Relay, RelayTls};
use anyhow::Context;
use lettre::{
    AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor,
    message::{Mailbox, header::ContentType},
    transport::smtp::{
        authentication::Credentials,
        client::{Certificate, Tls, TlsParameters},
    },
};

/// One message to send.
#[derive(Debug, Clone)]
pub struct Outgoing<'a> {
    /// The outbox row's id: the message's `Message-ID` is `<{id}@feira>`.
    pub id: &'a str,
    pub to: &'a str,
    pub subject: &'a str,
    pub body: &'a str,
}

/// Why a message was not sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SendError {
    /// The relay refused it for good (a 5xx answer, a bad address): retrying will not help.
    pub permanent: bool,
    pub reason: String,
}

/// The relay's transport and our sender address.
#[derive(Clone)]
pub struct Mailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl Mailer {
    /// The mailer of `relay` with the settings of `config` (`SMTP_FROM`, timeout, CA file).
    pub fn new(relay: &Relay, config: &MailConfig) -> anyhow::Result<Self> {
        let from: Mailbox = config
            .from
            .parse()
            .with_context(|| format!("SMTP_FROM is not an e-mail address: {}", config.from))?;
        let tls = || -> anyhow::Result<TlsParameters> {
            let mut b = TlsParameters::builder(relay.host.clone());
            if let Some(ca) = &config.ca_file {
                let pem = std::fs::read(ca)
                    .with_context(|| format!("reading SMTP_CA_FILE {}", ca.display()))?;
                b = b.add_root_certificate(
                    Certificate::from_pem(&pem).context("SMTP_CA_FILE is not a PEM certificate")?,
                );
            }
            Ok(b.build_rustls()?)
        };
        let mut builder = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(&relay.host)
            .port(relay.port)
            .timeout(Some(config.timeout))
            .tls(match relay.tls {
                RelayTls::StartTls => Tls::Required(tls()?),
                RelayTls::Tls => Tls::Wrapper(tls()?),
                RelayTls::None => Tls::None,
            });
        if let Some((user, password)) = &relay.login {
            let password = password.expose_secret().to_owned();
            builder = builder.credentials(Credentials::new(user.clone(), password));
        }
        Ok(Self {
            transport: builder.build(),
            from,
        })
    }

    /// Sends `m` (plain UTF-8 text).
    pub async fn send(&self, m: &Outgoing<'_>) -> Result<(), SendError> {
        let to: Mailbox = m.to.parse().map_err(|e| SendError {
            permanent: true,
            reason: format!("invalid recipient {}: {e}", m.to),
        })?;
        let message = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(m.subject)
            .message_id(Some(format!("<{}@feira>", m.id)))
            .header(ContentType::TEXT_PLAIN)
            .body(m.body.to_owned())
            .map_err(|e| SendError {
                permanent: true,
                reason: format!("building the message: {e}"),
            })?;
        match self.transport.send(message).await {
            Ok(_) => Ok(()),
            Err(e) => Err(SendError {
                permanent: e.is_permanent(),
                reason: describe(&e),
            }),
        }
    }
}

/// The error with its causes, on one line.
fn describe(e: &lettre::transport::smtp::Error) -> String {
    let mut text = e.to_string();
    let mut source = std::error::Error::source(e);
    while let Some(s) = source {
        text.push_str(": ");
        text.push_str(&s.to_string());
        source = s.source();
    }
    if e.is_tls() && !text.to_lowercase().contains("tls") {
        text.insert_str(0, "TLS: ");
    }
    text
}
