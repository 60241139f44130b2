//! One typed configuration, read from the environment (every variable is documented in
//! `.env.example`).

use anyhow::{Context, bail};
use std::{net::IpAddr, path::PathBuf, time::Duration};

/// Where media files live.
#[derive(Debug, Clone)]
pub enum MediaConfig {
    /// A local directory (the default).
    Local { dir: PathBuf },
    /// An S3-compatible bucket.
    S3 {
        bucket: String,
        region: String,
        endpoint: Option<String>,
        access_key_id: Option<String>,
        secret_access_key: Option<String>,
    },
}

/// Which Pix provider makes and confirms charges (decisions.md §10).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PixProviderKind {
    /// BR Codes and QR images made locally; payments confirmed by `POST /pix/sandbox/{txid}/pagar`.
    Sandbox,
}

/// The platform's Pix settings.
#[derive(Debug, Clone)]
pub struct PixConfig {
    pub provider: PixProviderKind,
    /// The platform's Pix key, written into every BR Code.
    pub key: String,
    /// The receiver's name and city in the BR Code (accents removed, cut to 25 / 15).
    pub merchant_name: String,
    pub merchant_city: String,
    /// How long a charge can be paid.
    pub expiry: Duration,
}

/// Everything the API needs to start.
#[derive(Debug, Clone)]
pub struct Config {
    pub host: IpAddr,
    /// 0 picks a free port (tests).
    pub port: u16,
    pub database_url: String,
    /// Maximum connections in the database pool.
    pub database_max_connections: u32,
    /// The built webapp (`webapp/dist`).
    pub webapp_dir: PathBuf,
    pub media: MediaConfig,
    /// OpenID Connect issuer (Google in production, the local provider in demo and tests).
    pub oidc_issuer: String,
    /// The OAuth client id, the expected `aud` of ID tokens.
    pub oidc_client_id: String,
    /// The administrator's e-mail.
    pub admin_email: Option<String>,
    pub session_ttl: Duration,
    /// Largest request body accepted, in bytes.
    pub body_limit: usize,
    /// Load the demo data set into an empty database at start.
    pub seed_demo: bool,
    pub pix: PixConfig,
    /// A Nominatim-compatible geocoder (`{url}/search`); `None`: municipality seats only.
    pub geocoder_url: Option<String>,
    /// An SMTP relay for the e-mail outbox (`smtp://user:pass@host:port`); `None`: recorded only.
    pub smtp_url: Option<String>,
    /// The sender of outbox e-mails (`SMTP_FROM`).
    pub smtp_from: String,
    /// Notarisation on Arweave (decisions.md §17).
    pub arweave: ArweaveConfig,
}

/// Where files are notarised (`ARWEAVE_*`).
#[derive(Debug, Clone)]
pub struct ArweaveConfig {
    /// The gateway (`ARWEAVE_GATEWAY`): arlocal on loopback in demo and tests
    /// (`http://127.0.0.1:1984`, the default), e.g. `https://arweave.net` in production.
    pub gateway: String,
    /// The platform's wallet, a JWK file (`ARWEAVE_WALLET`, default `data/arweave-wallet.json`);
    /// generated there when missing (demo and tests only: production brings a funded wallet).
    pub wallet: PathBuf,
    /// Timeout of each request to the gateway (`ARWEAVE_TIMEOUT_SECONDS`, default 60).
    pub timeout: Duration,
    /// Where uploads are spooled while they are hashed and chunked (`ARWEAVE_SPOOL_DIR`,
    /// default the system's temporary directory).
    pub spool_dir: PathBuf,
}

impl Config {
    /// Reads the configuration from the process environment.
    pub fn from_env() -> anyhow::Result<Self> {
        Self::from_lookup(|k| std::env::var(k).ok())
    }

    /// Reads the configuration through `get` (tests pass a map).
    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> anyhow::Result<Self> {
        let var = |k: &str| get(k).filter(|v| !v.trim().is_empty());
        let parse_num = |k: &str, default: u64| -> anyhow::Result<u64> {
            var(k).map_or(Ok(default), |v| {
                v.trim()
                    .parse()
                    .with_context(|| format!("{k} must be a number"))
            })
        };
        let media = match var("MEDIA_STORE").as_deref().unwrap_or("local") {
            "local" => MediaConfig::Local {
                dir: var("MEDIA_DIR")
                    .unwrap_or_else(|| "data/media".into())
                    .into(),
            },
            "s3" => MediaConfig::S3 {
                bucket: var("S3_BUCKET").context("MEDIA_STORE=s3 needs S3_BUCKET")?,
                region: var("S3_REGION").unwrap_or_else(|| "us-east-1".into()),
                endpoint: var("S3_ENDPOINT"),
                access_key_id: var("S3_ACCESS_KEY_ID"),
                secret_access_key: var("S3_SECRET_ACCESS_KEY"),
            },
            other => bail!("MEDIA_STORE must be 'local' or 's3', not '{other}'"),
        };
        let pix = PixConfig {
            provider: match var("PIX_PROVIDER").as_deref().map(str::trim) {
                None | Some("sandbox") => PixProviderKind::Sandbox,
                Some(other) => bail!(
                    "PIX_PROVIDER must be 'sandbox' (efi is not available yet), not '{other}'"
                ),
            },
            key: var("PIX_KEY").unwrap_or_else(|| "123e4567-e12b-12d1-a456-426655440000".into()),
            merchant_name: var("PIX_MERCHANT_NAME").unwrap_or_else(|| "Feira".into()),
            merchant_city: var("PIX_MERCHANT_CITY").unwrap_or_else(|| "Piracicaba".into()),
            expiry: Duration::from_secs(parse_num("PIX_EXPIRY_MINUTES", 60)?.max(1) * 60),
        };
        let bool_var =
            |k: &str| var(k).is_some_and(|v| matches!(v.trim(), "1" | "true" | "yes" | "on"));
        Ok(Self {
            host: var("APP_HOST")
                .unwrap_or_else(|| "127.0.0.1".into())
                .parse()
                .context("APP_HOST must be an IP address")?,
            port: u16::try_from(parse_num("APP_PORT", 8080)?).context("APP_PORT out of range")?,
            database_url: var("DATABASE_URL").unwrap_or_else(|| "sqlite://data/feira.db".into()),
            database_max_connections: u32::try_from(parse_num("DATABASE_MAX_CONNECTIONS", 10)?)
                .context("DATABASE_MAX_CONNECTIONS out of range")?,
            webapp_dir: var("WEBAPP_DIR")
                .unwrap_or_else(|| "webapp/dist".into())
                .into(),
            media,
            oidc_issuer: var("OIDC_ISSUER")
                .unwrap_or_else(|| "https://accounts.google.com".into())
                .trim_end_matches('/')
                .to_owned(),
            oidc_client_id: var("OIDC_CLIENT_ID")
                .or_else(|| var("GOOGLE_CLIENT_ID"))
                .context("OIDC_CLIENT_ID (or GOOGLE_CLIENT_ID) is required")?,
            admin_email: var("ADMIN_EMAIL").map(|e| e.trim().to_lowercase()),
            session_ttl: Duration::from_secs(parse_num("SESSION_TTL_DAYS", 30)? * 86_400),
            body_limit: usize::try_from(parse_num("BODY_LIMIT_BYTES", 8 * 1024 * 1024)?)
                .context("BODY_LIMIT_BYTES out of range")?,
            seed_demo: bool_var("SEED_DEMO"),
            pix,
            geocoder_url: var("GEOCODER_URL").map(|u| u.trim().trim_end_matches('/').to_owned()),
            arweave: ArweaveConfig {
                gateway: var("ARWEAVE_GATEWAY")
                    .unwrap_or_else(|| "http://127.0.0.1:1984".into())
                    .trim()
                    .trim_end_matches('/')
                    .to_owned(),
                wallet: var("ARWEAVE_WALLET")
                    .unwrap_or_else(|| "data/arweave-wallet.json".into())
                    .into(),
                timeout: Duration::from_secs(parse_num("ARWEAVE_TIMEOUT_SECONDS", 60)?.max(1)),
                spool_dir: var("ARWEAVE_SPOOL_DIR").map_or_else(std::env::temp_dir, PathBuf::from),
            },
            smtp_url: var("SMTP_URL").map(|u| u.trim().to_owned()),
            smtp_from: var("SMTP_FROM")
                .map(|f| f.trim().to_owned())
                .unwrap_or_else(|| "nao-responda@feira.local".into()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn config(pairs: &[(&str, &str)]) -> anyhow::Result<Config> {
        let map: HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| ((*k).into(), (*v).into()))
            .collect();
        Config::from_lookup(|k| map.get(k).cloned())
    }

    #[test]
    fn defaults_are_the_local_ones() {
        let c = config(&[("OIDC_CLIENT_ID", "x")]).unwrap();
        assert_eq!(c.port, 8080);
        assert_eq!(c.database_url, "sqlite://data/feira.db");
        assert_eq!(c.oidc_issuer, "https://accounts.google.com");
        assert!(matches!(c.media, MediaConfig::Local { .. }));
        assert!(!c.seed_demo);
    }

    #[test]
    fn client_id_is_required_and_google_alias_works() {
        assert!(config(&[]).is_err());
        assert_eq!(
            config(&[("GOOGLE_CLIENT_ID", "g")]).unwrap().oidc_client_id,
            "g"
        );
    }

    #[test]
    fn bad_values_are_refused() {
        assert!(config(&[("OIDC_CLIENT_ID", "x"), ("APP_PORT", "abc")]).is_err());
        assert!(config(&[("OIDC_CLIENT_ID", "x"), ("MEDIA_STORE", "ftp")]).is_err());
        assert!(config(&[("OIDC_CLIENT_ID", "x"), ("MEDIA_STORE", "s3")]).is_err());
        assert!(config(&[("OIDC_CLIENT_ID", "x"), ("PIX_PROVIDER", "efi")]).is_err());
    }

    #[test]
    fn pix_and_geocoder_defaults() {
        let c = config(&[("OIDC_CLIENT_ID", "x")]).unwrap();
        assert_eq!(c.pix.provider, PixProviderKind::Sandbox);
        assert_eq!(c.pix.expiry, Duration::from_secs(3600));
        assert!(c.geocoder_url.is_none());
        let c = config(&[("OIDC_CLIENT_ID", "x"), ("GEOCODER_URL", "http://g/")]).unwrap();
        assert_eq!(c.geocoder_url.as_deref(), Some("http://g"));
    }

    #[test]
    fn arweave_defaults_to_arlocal_on_loopback() {
        let c = config(&[("OIDC_CLIENT_ID", "x")]).unwrap();
        assert_eq!(c.arweave.gateway, "http://127.0.0.1:1984");
        assert_eq!(c.arweave.wallet, PathBuf::from("data/arweave-wallet.json"));
        let c = config(&[
            ("OIDC_CLIENT_ID", "x"),
            ("ARWEAVE_GATEWAY", "https://arweave.net/"),
            ("ARWEAVE_TIMEOUT_SECONDS", "5"),
        ])
        .unwrap();
        assert_eq!(c.arweave.gateway, "https://arweave.net");
        assert_eq!(c.arweave.timeout, Duration::from_secs(5));
    }
}
