//! Sending one message through an SMTP relay with `lettre` over TLS: the relay's URL
//! ([`Relay`], `SMTP_URL`) and the [`Mailer`] built from it.
//!
//! - `smtp://[user:password@]host[:port]` — STARTTLS, required (port 587 by default): a relay
//!   that does not offer it, or whose certificate does not verify, is refused.
//! - `smtps://[user:password@]host[:port]` — TLS from the first byte (port 465 by default).
//! - `smtp://host[:port]?tls=none` — no TLS at all (port 25 by default), only for a relay on the
//!   same host (a local Postfix, MailHog); never for a real provider.
//!
//! Certificates are checked against the Web PKI roots, plus `SMTP_CA_FILE` when a relay uses a
//! private CA. AUTH (PLAIN or LOGIN, whatever the relay offers) is used when the URL has a user,
//! and only over TLS. Each conversation is bounded by `SMTP_TIMEOUT_SECONDS`.

use crate::config::MailConfig;
use anyhow::{Context, bail};
use lettre::{
    AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor,
    message::{Mailbox, header::ContentType},
    transport::smtp::{
        authentication::Credentials,
        client::{Certificate, Tls, TlsParameters},
    },
};

/// How the connection to the relay is protected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Security {
    /// Plain connection upgraded with STARTTLS, which is required.
    StartTls,
    /// TLS from the first byte (SMTPS).
    Tls,
    /// No TLS (`?tls=none`): a relay on the same host only.
    None,
}

/// An SMTP relay from `SMTP_URL`.
#[derive(Clone, PartialEq, Eq)]
pub struct Relay {
    host: String,
    port: u16,
    security: Security,
    login: Option<(String, String)>,
}

impl std::fmt::Debug for Relay {
    /// Never prints the password (the configuration is logged at start on errors).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Relay")
            .field("host", &self.host)
            .field("port", &self.port)
            .field("security", &self.security)
            .field("user", &self.login.as_ref().map(|(u, _)| u))
            .finish()
    }
}

impl Relay {
    /// Parses `smtp://…`, `smtps://…` or `smtp://…?tls=none` (see the module).
    pub fn parse(url: &str) -> anyhow::Result<Self> {
        let u = url::Url::parse(url.trim()).context("SMTP_URL is not a URL")?;
        let tls_param = u
            .query_pairs()
            .find(|(k, _)| k == "tls")
            .map(|(_, v)| v.into_owned());
        let security = match (u.scheme(), tls_param.as_deref()) {
            ("smtp", None | Some("starttls" | "required")) => Security::StartTls,
            ("smtp", Some("none")) => Security::None,
            ("smtps", None) => Security::Tls,
            ("smtp" | "smtps", Some(other)) => {
                bail!("SMTP_URL: tls must be 'starttls' or 'none', not '{other}'")
            }
            (other, _) => bail!("SMTP_URL must start with smtp:// or smtps://, not {other}://"),
        };
        let host = u
            .host_str()
            .filter(|h| !h.is_empty())
            .context("SMTP_URL has no host")?
            .trim_start_matches('[')
            .trim_end_matches(']')
            .to_owned();
        let decode = |s: &str| {
            percent_decode(s).with_context(|| "SMTP_URL: the user or password is badly encoded")
        };
        let login = if u.username().is_empty() {
            None
        } else {
            Some((decode(u.username())?, decode(u.password().unwrap_or(""))?))
        };
        if login.is_some() && security == Security::None {
            bail!("SMTP_URL: a password is never sent without TLS (drop ?tls=none or the user)");
        }
        let port = u.port().unwrap_or(match security {
            Security::StartTls => 587,
            Security::Tls => 465,
            Security::None => 25,
        });
        Ok(Self {
            host,
            port,
            security,
            login,
        })
    }

    pub fn host(&self) -> &str {
        &self.host
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    pub fn security(&self) -> Security {
        self.security
    }
}

fn percent_decode(s: &str) -> anyhow::Result<String> {
    Ok(percent_encoding::percent_decode_str(s)
        .decode_utf8()?
        .into_owned())
}

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
            .tls(match relay.security {
                Security::StartTls => Tls::Required(tls()?),
                Security::Tls => Tls::Wrapper(tls()?),
                Security::None => Tls::None,
            });
        if let Some((user, password)) = &relay.login {
            builder = builder.credentials(Credentials::new(user.clone(), password.clone()));
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relay_urls() {
        let r = Relay::parse("smtp://user%40x:p%40ss@mail.local").unwrap();
        assert_eq!(
            (r.host(), r.port(), r.security()),
            ("mail.local", 587, Security::StartTls)
        );
        assert_eq!(r.login, Some(("user@x".into(), "p@ss".into())));
        let r = Relay::parse("smtps://relay").unwrap();
        assert_eq!((r.port(), r.security()), (465, Security::Tls));
        let r = Relay::parse("smtp://127.0.0.1:2525?tls=none").unwrap();
        assert_eq!((r.port(), r.security()), (2525, Security::None));
        assert!(!format!("{r:?}").contains("p@ss"));
        assert!(Relay::parse("http://relay").is_err());
        assert!(Relay::parse("smtp://relay?tls=maybe").is_err());
        // No password in clear text.
        assert!(Relay::parse("smtp://u:p@relay?tls=none").is_err());
    }

    #[test]
    fn the_password_never_shows_in_debug() {
        let r = Relay::parse("smtps://ana:segredo@relay").unwrap();
        let shown = format!("{r:?}");
        assert!(
            shown.contains("ana") && !shown.contains("segredo"),
            "{shown}"
        );
    }
}
