//! E-mail settings (`SMTP_*`): the relay's address as `SMTP_URL` writes it ([`Relay`]), the
//! sender, and how hard the outbox tries. `crate::mail::smtp` builds its transport from them.
//!
//! - `smtp://[user:password@]host[:port]` — STARTTLS, required (port 587 by default).
//! - `smtps://[user:password@]host[:port]` — TLS from the first byte (port 465 by default).
//! - `smtp://host[:port]?tls=none` — no TLS at all (port 25 by default), only for a relay on the
//!   same host (a local Postfix, MailHog); never for a real provider, and never with a password.

use super::{Secret, Vars, secret};
use anyhow::{Context, bail};
use std::{path::PathBuf, time::Duration};

/// How the connection to the relay is protected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RelayTls {
    /// Plain connection upgraded with STARTTLS, which is required.
    StartTls,
    /// TLS from the first byte (SMTPS).
    Tls,
    /// No TLS (`?tls=none`): a relay on the same host only.
    None,
}

/// An SMTP relay from `SMTP_URL` (its password a [`Secret`]).
#[derive(Debug, Clone)]
pub struct Relay {
    pub host: String,
    pub port: u16,
    pub tls: RelayTls,
    /// The user and password of AUTH, when the URL has a user.
    pub login: Option<(String, Secret)>,
}

impl Relay {
    /// Parses `smtp://…`, `smtps://…` or `smtp://…?tls=none` (see the module).
    pub fn parse(url: &str) -> anyhow::Result<Self> {
        let u = url::Url::parse(url.trim()).context("SMTP_URL is not a URL")?;
        let tls_param = u
            .query_pairs()
            .find(|(k, _)| k == "tls")
            .map(|(_, v)| v.into_owned());
        let tls = match (u.scheme(), tls_param.as_deref()) {
            ("smtp", None | Some("starttls" | "required")) => RelayTls::StartTls,
            ("smtp", Some("none")) => RelayTls::None,
            ("smtps", None) => RelayTls::Tls,
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
            percent_encoding::percent_decode_str(s)
                .decode_utf8()
                .map(|d| d.into_owned())
                .context("SMTP_URL: the user or password is badly encoded")
        };
        let login = if u.username().is_empty() {
            None
        } else {
            let password = decode(u.password().unwrap_or(""))?;
            Some((decode(u.username())?, secret(password)))
        };
        if login.is_some() && tls == RelayTls::None {
            bail!("SMTP_URL: a password is never sent without TLS (drop ?tls=none or the user)");
        }
        let port = u.port().unwrap_or(match tls {
            RelayTls::StartTls => 587,
            RelayTls::Tls => 465,
            RelayTls::None => 25,
        });
        Ok(Self {
            host,
            port,
            tls,
            login,
        })
    }
}

/// E-mail through the outbox (`SMTP_*`).
#[derive(Debug, Clone)]
pub struct MailConfig {
    /// The relay (`SMTP_URL`); `None`: messages are only recorded.
    pub relay: Option<Relay>,
    /// The sender (`SMTP_FROM`).
    pub from: String,
    /// One SMTP conversation's limit (`SMTP_TIMEOUT_SECONDS`, default 20).
    pub timeout: Duration,
    /// Tries before a message is kept as failed (`SMTP_MAX_ATTEMPTS`, default 8).
    pub max_attempts: u32,
    /// Delay after the first failed try, doubled each time up to an hour
    /// (`SMTP_RETRY_SECONDS`, default 30).
    pub first_retry: Duration,
    /// An extra trusted CA for the relay's certificate (`SMTP_CA_FILE`, PEM).
    pub ca_file: Option<PathBuf>,
}

pub(super) fn read(v: &Vars) -> anyhow::Result<MailConfig> {
    Ok(MailConfig {
        relay: v.get("SMTP_URL").map(|u| Relay::parse(&u)).transpose()?,
        from: v
            .get("SMTP_FROM")
            .map(|f| f.trim().to_owned())
            .unwrap_or_else(|| "nao-responda@feira.local".into()),
        timeout: v.seconds("SMTP_TIMEOUT_SECONDS", 20, 1)?,
        max_attempts: v.count("SMTP_MAX_ATTEMPTS", 8)?.max(1),
        first_retry: v.seconds("SMTP_RETRY_SECONDS", 30, 1)?,
        ca_file: v.get("SMTP_CA_FILE").map(|f| PathBuf::from(f.trim())),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use secrecy::ExposeSecret;

    #[test]
    fn relay_urls() {
        let r = Relay::parse("smtp://user%40x:p%40ss@mail.local").unwrap();
        assert_eq!(
            (r.host.as_str(), r.port, r.tls),
            ("mail.local", 587, RelayTls::StartTls)
        );
        let (user, password) = r.login.as_ref().unwrap();
        assert_eq!(
            (user.as_str(), password.expose_secret()),
            ("user@x", "p@ss")
        );
        assert!(!format!("{r:?}").contains("p@ss"));
        let r = Relay::parse("smtps://relay").unwrap();
        assert_eq!((r.port, r.tls), (465, RelayTls::Tls));
        let r = Relay::parse("smtp://127.0.0.1:2525?tls=none").unwrap();
        assert_eq!((r.port, r.tls), (2525, RelayTls::None));
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
