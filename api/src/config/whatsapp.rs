//! WhatsApp notices through the WhatsApp Business Cloud API (decisions.md §38, `WHATSAPP_*`):
//! the access token, the sending number's id, the app secret that signs the webhooks, the
//! verify token of the webhook's subscription, and the Graph API's address. The channel is on
//! only when the four secrets and ids are all set; unset, it is off (nothing is queued, the
//! profile does not offer it), never a failure.

use super::{Secret, Vars, secret};
use anyhow::{Context, bail};
use std::time::Duration;

/// The Graph API's address by default (its version in the path, as Meta's documents write it).
pub const DEFAULT_API_URL: &str = "https://graph.facebook.com/v21.0";

/// The Cloud API's settings, when the channel is on.
#[derive(Debug, Clone)]
pub struct WhatsAppConfig {
    /// The system user's access token (`WHATSAPP_TOKEN`), sent as a bearer token.
    pub token: Secret,
    /// The sending number's id (`WHATSAPP_PHONE_NUMBER_ID`).
    pub phone_number_id: String,
    /// The app secret (`WHATSAPP_APP_SECRET`): the key of `X-Hub-Signature-256`.
    pub app_secret: Secret,
    /// What Meta echoes when the webhook is subscribed (`WHATSAPP_VERIFY_TOKEN`).
    pub verify_token: Secret,
    /// The Graph API with its version, no trailing slash (`WHATSAPP_API_URL`).
    pub api_url: String,
    /// One request's limit (`WHATSAPP_TIMEOUT_SECONDS`, default 10).
    pub timeout: Duration,
    /// Tries before a message is kept as failed (`WHATSAPP_MAX_ATTEMPTS`, default 8).
    pub max_attempts: u32,
    /// Delay after the first failed try, doubled each time up to an hour
    /// (`WHATSAPP_RETRY_SECONDS`, default 30).
    pub first_retry: Duration,
}

/// `None` when the channel is off (none of the four set); an error when only some are set.
pub(super) fn read(v: &Vars) -> anyhow::Result<Option<WhatsAppConfig>> {
    let names = [
        "WHATSAPP_TOKEN",
        "WHATSAPP_PHONE_NUMBER_ID",
        "WHATSAPP_APP_SECRET",
        "WHATSAPP_VERIFY_TOKEN",
    ];
    let values: Vec<Option<String>> = names.iter().map(|n| v.get(n)).collect();
    if values.iter().all(Option::is_none) {
        return Ok(None);
    }
    let missing: Vec<&str> = names
        .iter()
        .zip(&values)
        .filter(|(_, v)| v.is_none())
        .map(|(n, _)| *n)
        .collect();
    if !missing.is_empty() {
        bail!(
            "WhatsApp notices need all four settings: {} missing (docs/deploy.md)",
            missing.join(", ")
        );
    }
    let get = |i: usize| values[i].clone().unwrap_or_default().trim().to_owned();
    let api_url = v.get("WHATSAPP_API_URL").map_or_else(
        || DEFAULT_API_URL.to_owned(),
        |u| u.trim().trim_end_matches('/').to_owned(),
    );
    let parsed = url::Url::parse(&api_url).context("WHATSAPP_API_URL must be an absolute URL")?;
    if !matches!(parsed.scheme(), "http" | "https") {
        bail!("WHATSAPP_API_URL must be an http(s) address");
    }
    Ok(Some(WhatsAppConfig {
        token: secret(get(0)),
        phone_number_id: get(1),
        app_secret: secret(get(2)),
        verify_token: secret(get(3)),
        api_url,
        timeout: v.seconds("WHATSAPP_TIMEOUT_SECONDS", 10, 1)?,
        max_attempts: v.count("WHATSAPP_MAX_ATTEMPTS", 8)?.max(1),
        first_retry: v.seconds("WHATSAPP_RETRY_SECONDS", 30, 1)?,
    }))
}

#[cfg(test)]
mod tests {
    use super::super::tests::vars;
    use super::*;
    use secrecy::ExposeSecret;

    const ALL: [(&str, &str); 4] = [
        ("WHATSAPP_TOKEN", "EAAGtoken"),
        ("WHATSAPP_PHONE_NUMBER_ID", "1234567890"),
        ("WHATSAPP_APP_SECRET", "segredo-do-app"),
        ("WHATSAPP_VERIFY_TOKEN", "verifica"),
    ];

    #[test]
    fn unset_is_off_and_all_four_turn_it_on() {
        assert!(read(&vars(&[])).unwrap().is_none());
        let c = read(&vars(&ALL)).unwrap().unwrap();
        assert_eq!(c.api_url, DEFAULT_API_URL);
        assert_eq!(c.phone_number_id, "1234567890");
        assert_eq!(c.app_secret.expose_secret(), "segredo-do-app");
        assert_eq!(c.max_attempts, 8);
        assert!(!format!("{c:?}").contains("EAAGtoken"));
    }

    #[test]
    fn some_but_not_all_is_refused_by_name() {
        let e = read(&vars(&ALL[..2])).unwrap_err().to_string();
        assert!(
            e.contains("WHATSAPP_APP_SECRET") && e.contains("WHATSAPP_VERIFY_TOKEN"),
            "{e}"
        );
        let mut bad = ALL.to_vec();
        bad.push(("WHATSAPP_API_URL", "graph"));
        assert!(read(&vars(&bad)).is_err());
    }
}
