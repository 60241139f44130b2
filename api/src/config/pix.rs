//! The Pix settings (`PIX_*`; decisions.md §10, §20–§22), read by
//! [`super::Config::from_lookup`], with what `APP_ENV=production` refuses: the sandbox provider,
//! and a webhook that is neither behind mutual TLS nor checked with an `hmac` secret. Every
//! variable is documented in `.env.example` and docs/pix.md.

use super::{Secret, secret};
use anyhow::{Context, bail};
use std::{net::SocketAddr, path::PathBuf, time::Duration};

/// Which Pix provider makes and confirms charges.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PixProviderKind {
    /// BR Codes and QR images made locally; payments made by `POST /pix/sandbox/{txid}/pagar`.
    /// Never in production.
    Sandbox,
    /// A PSP speaking BACEN's standard API Pix (`PIX_PROVIDER=api-pix`).
    ApiPix,
}

/// What is particular to one PSP (`PIX_PSP`): its addresses and the small ways it differs from
/// the standard (see `pix::api_pix::profile`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PspProfile {
    /// Efí (Gerencianet), production.
    Efi,
    /// Efí's homologação (test) environment.
    EfiHomologacao,
    /// Any other PSP: every URL configured, the standard as written.
    Generic,
}

impl PspProfile {
    /// The profile's default API base and token URL (`None` for [`Self::Generic`]).
    pub const fn default_urls(self) -> Option<(&'static str, &'static str)> {
        match self {
            Self::Efi => Some((
                "https://pix.api.efipay.com.br/v2",
                "https://pix.api.efipay.com.br/oauth/token",
            )),
            Self::EfiHomologacao => Some((
                "https://pix-h.api.efipay.com.br/v2",
                "https://pix-h.api.efipay.com.br/oauth/token",
            )),
            Self::Generic => None,
        }
    }
}

/// How to reach the PSP (`PIX_PROVIDER=api-pix`).
#[derive(Debug, Clone)]
pub struct ApiPixConfig {
    pub profile: PspProfile,
    /// The API's base, e.g. `https://pix.api.efipay.com.br/v2` (`PIX_API_URL`).
    pub api_url: String,
    /// The OAuth2 token endpoint (`PIX_TOKEN_URL`).
    pub token_url: String,
    pub client_id: String,
    /// The OAuth2 client secret (`PIX_CLIENT_SECRET`).
    pub client_secret: Secret,
    /// The client certificate the PSP issued, PEM (`PIX_CERT_FILE`; may hold the key too).
    pub cert_file: PathBuf,
    /// Its private key, PEM (`PIX_CERT_KEY_FILE`), when not in `cert_file`.
    pub cert_key_file: Option<PathBuf>,
    /// A CA to trust for the PSP's server instead of the Web PKI roots (`PIX_CA_FILE`; the
    /// local PSP's).
    pub ca_file: Option<PathBuf>,
    /// Each PSP call's limit, connection included (`PIX_TIMEOUT_SECONDS`, default 10).
    pub timeout: Duration,
}

/// The webhook's own TLS listener, which requires the PSP's client certificate.
#[derive(Debug, Clone)]
pub struct WebhookTlsConfig {
    /// Where it listens (`PIX_WEBHOOK_TLS_ADDR`, e.g. `0.0.0.0:8443`).
    pub addr: SocketAddr,
    /// Its certificate chain and key, PEM (`PIX_WEBHOOK_TLS_CERT`, `PIX_WEBHOOK_TLS_KEY`).
    pub cert: PathBuf,
    pub key: PathBuf,
    /// The CA that signs the PSP's client certificates (`PIX_WEBHOOK_TLS_CLIENT_CA`).
    pub client_ca: PathBuf,
}

/// Where and how the PSP notifies payments.
#[derive(Debug, Clone, Default)]
pub struct WebhookConfig {
    /// The public URL registered at the PSP at start (`PIX_WEBHOOK_URL`), e.g.
    /// `https://feira.example/webhooks/pix`; none: no registration (reconciliation only).
    pub url: Option<String>,
    /// The secret `hmac` query value every notification must carry (`PIX_WEBHOOK_HMAC`).
    pub hmac: Option<Secret>,
    pub tls: Option<WebhookTlsConfig>,
}

/// The platform's Pix settings.
#[derive(Debug, Clone)]
pub struct PixConfig {
    pub provider: PixProviderKind,
    /// The platform's Pix key: in every sandbox BR Code, and the key of PSP charges and of the
    /// webhook registration.
    pub key: String,
    /// The receiver's name and city in the sandbox's BR Code (accents removed, cut to 25 / 15).
    pub merchant_name: String,
    pub merchant_city: String,
    /// How long a charge can be paid.
    pub expiry: Duration,
    /// `Some` with `PIX_PROVIDER=api-pix`.
    pub api: Option<ApiPixConfig>,
    pub webhook: WebhookConfig,
    /// How often received Pix are reconciled with the PSP (`PIX_RECONCILE_MINUTES`, default 10).
    pub reconcile_every: Duration,
    /// How long a paid order may wait for its delivery's confirmation before the admin sees it
    /// (`RELEASE_REVIEW_DAYS`, default 7; decisions.md §27).
    pub release_review: Duration,
    /// How long after the store marked an order delivered its held money is released when the
    /// buyer neither confirmed receipt nor reported a problem (`RELEASE_AFTER_DAYS`, default 3;
    /// decisions.md §37).
    pub release_after: Duration,
    /// How long an unpaid in-person order waits for its store's confirmation before it expires,
    /// giving back its stock and coupon use (`IN_PERSON_EXPIRY_DAYS`, default 7).
    pub in_person_expiry: Duration,
    /// `consultar_pagamento` asks the PSP about one charge at most once per this interval,
    /// across all instances, and answers from the database in between
    /// (`PIX_QUERY_INTERVAL_SECONDS`, default 5).
    pub query_interval: Duration,
}

/// Shortest `PIX_WEBHOOK_HMAC` accepted.
pub const MIN_HMAC_CHARS: usize = 16;

/// Reads the Pix settings through `var` (blank values are absent); `production` applies
/// `APP_ENV=production`'s refusals.
pub(super) fn read(
    var: &dyn Fn(&str) -> Option<String>,
    production: bool,
) -> anyhow::Result<PixConfig> {
    let trimmed = |k: &str| var(k).map(|v| v.trim().to_owned());
    let num = |k: &str, default: u64| -> anyhow::Result<u64> {
        trimmed(k).map_or(Ok(default), |v| {
            v.parse().with_context(|| format!("{k} must be a number"))
        })
    };
    let provider = match trimmed("PIX_PROVIDER").as_deref() {
        None | Some("sandbox") => PixProviderKind::Sandbox,
        Some("api-pix") => PixProviderKind::ApiPix,
        Some(other) => bail!("PIX_PROVIDER must be 'sandbox' or 'api-pix', not '{other}'"),
    };
    if production && provider == PixProviderKind::Sandbox {
        bail!(
            "APP_ENV=production refuses PIX_PROVIDER=sandbox (its payment endpoint lets anyone \
             mark a charge paid): set PIX_PROVIDER=api-pix and a PSP (docs/pix.md)"
        );
    }
    let api = match provider {
        PixProviderKind::Sandbox => None,
        PixProviderKind::ApiPix => Some(api_pix(&trimmed, &num)?),
    };
    let webhook = webhook(&trimmed)?;
    if production
        && let Some(url) = &webhook.url
        && webhook.hmac.is_none()
        && webhook.tls.is_none()
    {
        bail!(
            "APP_ENV=production refuses PIX_WEBHOOK_URL={url} without authentication: set \
             PIX_WEBHOOK_TLS_* (mutual TLS) or PIX_WEBHOOK_HMAC (docs/pix.md)"
        );
    }
    Ok(PixConfig {
        provider,
        key: trimmed("PIX_KEY").unwrap_or_else(|| "123e4567-e12b-12d1-a456-426655440000".into()),
        merchant_name: var("PIX_MERCHANT_NAME").unwrap_or_else(|| "Feira".into()),
        merchant_city: var("PIX_MERCHANT_CITY").unwrap_or_else(|| "Piracicaba".into()),
        expiry: Duration::from_secs(num("PIX_EXPIRY_MINUTES", 60)?.max(1) * 60),
        api,
        webhook,
        reconcile_every: Duration::from_secs(num("PIX_RECONCILE_MINUTES", 10)?.max(1) * 60),
        release_review: Duration::from_secs(num("RELEASE_REVIEW_DAYS", 7)? * 24 * 3600),
        in_person_expiry: Duration::from_secs(num("IN_PERSON_EXPIRY_DAYS", 7)?.max(1) * 24 * 3600),
        release_after: Duration::from_secs(num("RELEASE_AFTER_DAYS", 3)? * 24 * 3600),
        query_interval: Duration::from_secs(num("PIX_QUERY_INTERVAL_SECONDS", 5)?.max(1)),
    })
}

fn api_pix(
    var: &dyn Fn(&str) -> Option<String>,
    num: &dyn Fn(&str, u64) -> anyhow::Result<u64>,
) -> anyhow::Result<ApiPixConfig> {
    let profile = match var("PIX_PSP").as_deref() {
        None | Some("efi") => PspProfile::Efi,
        Some("efi-homologacao") => PspProfile::EfiHomologacao,
        Some("generic") => PspProfile::Generic,
        Some(other) => {
            bail!("PIX_PSP must be 'efi', 'efi-homologacao' or 'generic', not '{other}'")
        }
    };
    let defaults = profile.default_urls();
    let url = |k: &str, default: Option<&str>| -> anyhow::Result<String> {
        let u = var(k)
            .or_else(|| default.map(str::to_owned))
            .with_context(|| format!("PIX_PSP=generic needs {k}"))?;
        let parsed = url::Url::parse(&u).with_context(|| format!("{k} must be a URL"))?;
        if parsed.scheme() != "https" {
            bail!("{k} must be https (the API Pix is only spoken over mutual TLS)");
        }
        Ok(u.trim_end_matches('/').to_owned())
    };
    let need = |k: &str| var(k).with_context(|| format!("PIX_PROVIDER=api-pix needs {k}"));
    Ok(ApiPixConfig {
        profile,
        api_url: url("PIX_API_URL", defaults.map(|d| d.0))?,
        token_url: url("PIX_TOKEN_URL", defaults.map(|d| d.1))?,
        client_id: need("PIX_CLIENT_ID")?,
        client_secret: secret(need("PIX_CLIENT_SECRET")?),
        cert_file: need("PIX_CERT_FILE")?.into(),
        cert_key_file: var("PIX_CERT_KEY_FILE").map(PathBuf::from),
        ca_file: var("PIX_CA_FILE").map(PathBuf::from),
        timeout: Duration::from_secs(num("PIX_TIMEOUT_SECONDS", 10)?.max(1)),
    })
}

fn webhook(var: &dyn Fn(&str) -> Option<String>) -> anyhow::Result<WebhookConfig> {
    let url = var("PIX_WEBHOOK_URL")
        .map(|u| -> anyhow::Result<String> {
            let parsed = url::Url::parse(&u).context("PIX_WEBHOOK_URL must be a URL")?;
            if parsed.query().is_some() {
                bail!(
                    "PIX_WEBHOOK_URL must have no query (the hmac is added from PIX_WEBHOOK_HMAC)"
                );
            }
            Ok(u.trim_end_matches('/').to_owned())
        })
        .transpose()?;
    let hmac = var("PIX_WEBHOOK_HMAC");
    if let Some(h) = &hmac
        && (h.chars().count() < MIN_HMAC_CHARS || !h.chars().all(|c| c.is_ascii_alphanumeric()))
    {
        bail!("PIX_WEBHOOK_HMAC must be at least {MIN_HMAC_CHARS} letters and digits");
    }
    let tls = match var("PIX_WEBHOOK_TLS_ADDR") {
        None => None,
        Some(addr) => {
            let need = |k: &str| -> anyhow::Result<PathBuf> {
                Ok(var(k)
                    .with_context(|| format!("PIX_WEBHOOK_TLS_ADDR needs {k}"))?
                    .into())
            };
            Some(WebhookTlsConfig {
                addr: addr.parse().context(
                    "PIX_WEBHOOK_TLS_ADDR must be an address with a port, e.g. 0.0.0.0:8443",
                )?,
                cert: need("PIX_WEBHOOK_TLS_CERT")?,
                key: need("PIX_WEBHOOK_TLS_KEY")?,
                client_ca: need("PIX_WEBHOOK_TLS_CLIENT_CA")?,
            })
        }
    };
    Ok(WebhookConfig {
        url,
        hmac: hmac.map(secret),
        tls,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn pix(pairs: &[(&str, &str)], production: bool) -> anyhow::Result<PixConfig> {
        let map: HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| ((*k).into(), (*v).into()))
            .collect();
        read(
            &|k| map.get(k).cloned().filter(|v| !v.trim().is_empty()),
            production,
        )
    }

    const EFI: &[(&str, &str)] = &[
        ("PIX_PROVIDER", "api-pix"),
        ("PIX_CLIENT_ID", "id"),
        ("PIX_CLIENT_SECRET", "secret"),
        ("PIX_CERT_FILE", "/etc/feira/efi.pem"),
    ];

    #[test]
    fn the_sandbox_is_the_default_and_refused_in_production() {
        let c = pix(&[], false).unwrap();
        assert_eq!(c.provider, PixProviderKind::Sandbox);
        assert!(c.api.is_none());
        assert_eq!(c.expiry, Duration::from_secs(3600));
        assert_eq!(c.reconcile_every, Duration::from_secs(600));
        assert_eq!(c.release_review, Duration::from_secs(7 * 24 * 3600));
        assert_eq!(c.in_person_expiry, Duration::from_secs(7 * 24 * 3600));
        assert_eq!(c.release_after, Duration::from_secs(3 * 24 * 3600));
        let e = pix(&[], true).unwrap_err().to_string();
        assert!(e.contains("PIX_PROVIDER=sandbox"), "{e}");
        let e = pix(&[("PIX_PROVIDER", "sandbox")], true)
            .unwrap_err()
            .to_string();
        assert!(e.contains("PIX_PROVIDER"), "{e}");
        assert!(pix(&[("PIX_PROVIDER", "efi")], false).is_err());
    }

    #[test]
    fn efi_has_its_urls_and_generic_needs_them() {
        let c = pix(EFI, true).unwrap();
        let api = c.api.unwrap();
        assert_eq!(api.profile, PspProfile::Efi);
        assert_eq!(api.api_url, "https://pix.api.efipay.com.br/v2");
        assert_eq!(api.token_url, "https://pix.api.efipay.com.br/oauth/token");
        assert_eq!(api.timeout, Duration::from_secs(10));
        let mut h = EFI.to_vec();
        h.push(("PIX_PSP", "efi-homologacao"));
        assert!(
            pix(&h, false)
                .unwrap()
                .api
                .unwrap()
                .api_url
                .contains("pix-h.")
        );
        let mut g = EFI.to_vec();
        g.push(("PIX_PSP", "generic"));
        assert!(
            pix(&g, false)
                .unwrap_err()
                .to_string()
                .contains("PIX_API_URL")
        );
        g.push(("PIX_API_URL", "https://psp.example/api/v2/"));
        g.push(("PIX_TOKEN_URL", "https://psp.example/oauth/token"));
        assert_eq!(
            pix(&g, false).unwrap().api.unwrap().api_url,
            "https://psp.example/api/v2"
        );
        g.push(("PIX_TOKEN_URL", "http://psp.example/oauth/token"));
        let mut plain = EFI.to_vec();
        plain.push(("PIX_API_URL", "http://psp.example/v2"));
        assert!(pix(&plain, false).is_err(), "plain http is refused");
        for missing in ["PIX_CLIENT_ID", "PIX_CLIENT_SECRET", "PIX_CERT_FILE"] {
            let less: Vec<_> = EFI.iter().copied().filter(|(k, _)| *k != missing).collect();
            let e = pix(&less, false).unwrap_err().to_string();
            assert!(e.contains(missing), "{e}");
        }
    }

    #[test]
    fn a_production_webhook_needs_mtls_or_an_hmac() {
        let mut w = EFI.to_vec();
        w.push(("PIX_WEBHOOK_URL", "https://feira.example/webhooks/pix"));
        assert!(pix(&w, false).is_ok(), "allowed outside production");
        let e = pix(&w, true).unwrap_err().to_string();
        assert!(
            e.contains("PIX_WEBHOOK_TLS_") && e.contains("PIX_WEBHOOK_HMAC"),
            "{e}"
        );
        let mut h = w.clone();
        h.push(("PIX_WEBHOOK_HMAC", "short"));
        assert!(pix(&h, true).is_err(), "a short secret");
        h.push(("PIX_WEBHOOK_HMAC", "a1b2c3d4e5f6g7h8i9j0"));
        let hmac = pix(&h, true).unwrap().webhook.hmac.unwrap();
        assert_eq!(
            secrecy::ExposeSecret::expose_secret(&hmac),
            "a1b2c3d4e5f6g7h8i9j0"
        );
        let mut t = w.clone();
        t.extend([
            ("PIX_WEBHOOK_TLS_ADDR", "0.0.0.0:8443"),
            ("PIX_WEBHOOK_TLS_CERT", "/etc/feira/webhook.crt"),
            ("PIX_WEBHOOK_TLS_KEY", "/etc/feira/webhook.key"),
        ]);
        assert!(
            pix(&t, true)
                .unwrap_err()
                .to_string()
                .contains("PIX_WEBHOOK_TLS_CLIENT_CA")
        );
        t.push(("PIX_WEBHOOK_TLS_CLIENT_CA", "/etc/feira/efi-ca.crt"));
        let c = pix(&t, true).unwrap();
        assert_eq!(c.webhook.tls.unwrap().addr.port(), 8443);
        let mut q = EFI.to_vec();
        q.push((
            "PIX_WEBHOOK_URL",
            "https://feira.example/webhooks/pix?hmac=x",
        ));
        assert!(
            pix(&q, false).is_err(),
            "the hmac comes from its own setting"
        );
    }
}
