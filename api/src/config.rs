//! One typed configuration, plain data read from the environment (every variable is documented
//! in `.env.example`), at the bottom of the crate: it imports nothing of the app, and each
//! adapter (`mail::smtp`, `security`, `media`, `outside`, `pix`, `arweave`) builds its own types
//! from its settings. One file per concern: [`site`], [`database`], [`security`] (and limits),
//! [`mail`], [`pix`], [`cases`], [`media`], [`outside`] services, [`ops`]. Every secret is a [`Secret`],
//! whose `Debug` never shows its value (a test prints the whole configuration).

mod cases;
mod database;
mod mail;
mod media;
mod ops;
mod outside;
mod pix;
mod production;
mod secret;
mod security;
mod site;
mod whatsapp;

pub use cases::CasesConfig;
pub use database::{DatabaseConfig, database_url};
pub use mail::{MailConfig, Relay, RelayTls};
pub use media::MediaConfig;
pub use ops::{LogFormat, OpsConfig};
pub use outside::{ArweaveConfig, OutsideConfig};
pub use pix::{
    ApiPixConfig, MIN_HMAC_CHARS, PixConfig, PixProviderKind, PspProfile, WebhookConfig,
    WebhookTlsConfig,
};
pub use production::{
    MIN_PRODUCTION_SECRET_CHARS, SEM_GEOCODER, refuse_in_production, start_warnings,
};
pub use secret::{ExposeSecret, Secret, secret};
pub use security::{Class, DEFAULT_MAX_OPEN_ORDERS, LimitsConfig, Quotas, Rate, SecurityConfig};
pub use site::SiteConfig;
pub use whatsapp::WhatsAppConfig;

use anyhow::{Context, bail};
use std::time::Duration;

/// Where the API runs (`APP_ENV`): production refuses what is only for development (see
/// [`refuse_in_production`], [`production`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AppEnv {
    Development,
    Production,
}

/// Everything the API needs to start.
#[derive(Debug, Clone)]
pub struct Config {
    /// `APP_ENV` (default development).
    pub env: AppEnv,
    /// Load the demo data set into an empty database at start (`SEED_DEMO`).
    pub seed_demo: bool,
    /// Where the API listens, the webapp it serves, the public address, the sitemap.
    pub site: SiteConfig,
    pub database: DatabaseConfig,
    /// Rate limits, proxy trust, HSTS, CSP additions, sign-in, request bounds.
    pub security: SecurityConfig,
    /// E-mail (`SMTP_*`).
    pub mail: MailConfig,
    pub pix: PixConfig,
    /// The buyer's problem cases (`CASE_*`, decisions.md §37).
    pub cases: CasesConfig,
    pub media: MediaConfig,
    /// The geocoder and the CEP lookup, and their bounds.
    pub outside: OutsideConfig,
    /// Notarisation on Arweave (decisions.md §17).
    pub arweave: ArweaveConfig,
    /// Operations: metrics, logs, background jobs, shutdown.
    pub ops: OpsConfig,
    /// WhatsApp notices (`WHATSAPP_*`, decisions.md §38); `None`: the channel is off.
    pub whatsapp: Option<WhatsAppConfig>,
}

/// How a variable is looked up (the process environment, or a test's map).
type Lookup<'a> = Box<dyn Fn(&str) -> Option<String> + 'a>;

/// The environment as the concerns' readers see it: unset and blank are the same.
pub(crate) struct Vars<'a> {
    get: Lookup<'a>,
}

impl<'a> Vars<'a> {
    fn new(get: impl Fn(&str) -> Option<String> + 'a) -> Self {
        Self { get: Box::new(get) }
    }

    /// Variable `k`, unless unset or blank.
    pub(crate) fn get(&self, k: &str) -> Option<String> {
        (self.get)(k).filter(|v| !v.trim().is_empty())
    }

    /// A whole number, `default` when unset.
    fn num(&self, k: &str, default: u64) -> anyhow::Result<u64> {
        self.get(k).map_or(Ok(default), |v| {
            v.trim()
                .parse()
                .with_context(|| format!("{k} must be a number"))
        })
    }

    /// A whole number that fits a `u32`.
    fn count(&self, k: &str, default: u32) -> anyhow::Result<u32> {
        u32::try_from(self.num(k, u64::from(default))?).with_context(|| format!("{k} out of range"))
    }

    /// Seconds, at least `min`.
    fn seconds(&self, k: &str, default: u64, min: u64) -> anyhow::Result<Duration> {
        Ok(Duration::from_secs(self.num(k, default)?.max(min)))
    }

    /// `1`, `true`, `yes` or `on`.
    fn flag(&self, k: &str) -> bool {
        self.get(k)
            .is_some_and(|v| matches!(v.trim(), "1" | "true" | "yes" | "on"))
    }

    /// `N/period` ([`Rate::parse`]).
    fn rate(&self, k: &str, default: &str) -> anyhow::Result<Rate> {
        let text = self.get(k).unwrap_or_else(|| default.to_owned());
        Rate::parse(text.trim()).with_context(|| format!("{k} must be N/period, e.g. 1/s"))
    }
}

impl Config {
    /// Reads the configuration from the process environment.
    pub fn from_env() -> anyhow::Result<Self> {
        Self::from_lookup(|k| std::env::var(k).ok())
    }

    /// Reads the configuration through `get` (tests pass a map).
    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> anyhow::Result<Self> {
        let v = Vars::new(get);
        let env = match v.get("APP_ENV").as_deref().map(str::trim) {
            None | Some("development") => AppEnv::Development,
            Some("production") => AppEnv::Production,
            Some(other) => bail!("APP_ENV must be 'development' or 'production', not '{other}'"),
        };
        let config = Self {
            env,
            seed_demo: v.flag("SEED_DEMO"),
            site: site::read(&v)?,
            database: database::read(&v)?,
            security: security::read(&v)?,
            mail: mail::read(&v)?,
            pix: pix::read(&|k| v.get(k), env == AppEnv::Production)?,
            cases: cases::read(&v)?,
            media: media::read(&v)?,
            outside: outside::read(&v)?,
            arweave: outside::read_arweave(&v)?,
            ops: ops::read(&v)?,
            whatsapp: whatsapp::read(&v)?,
        };
        if config.env == AppEnv::Production {
            refuse_in_production(&config)?;
        }
        Ok(config)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use std::{collections::HashMap, path::PathBuf};

    /// The environment of `pairs` (the concerns' tests).
    pub(crate) fn vars(pairs: &[(&str, &str)]) -> Vars<'static> {
        let map: HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| ((*k).into(), (*v).into()))
            .collect();
        Vars::new(move |k| map.get(k).cloned())
    }

    pub(crate) fn config(pairs: &[(&str, &str)]) -> anyhow::Result<Config> {
        let map: HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| ((*k).into(), (*v).into()))
            .collect();
        Config::from_lookup(|k| map.get(k).cloned())
    }

    #[test]
    fn debug_of_the_whole_configuration_never_shows_a_secret() {
        // Every secret setting, each with a value found nowhere else in the configuration.
        let secrets = [
            ("PIX_CLIENT_SECRET", "SeGrEdOpIxClIeNtE01"),
            ("PIX_WEBHOOK_HMAC", "SeGrEdOhMaCwEbHoOk02"),
            ("METRICS_TOKEN", "SeGrEdOmEtRiCs03"),
            ("S3_ACCESS_KEY_ID", "SeGrEdOaCeSsO04"),
            ("S3_SECRET_ACCESS_KEY", "SeGrEdOs3ChAvE05"),
        ];
        let mut pairs = vec![
            ("OIDC_CLIENT_ID", "x"),
            ("PIX_PROVIDER", "api-pix"),
            ("PIX_CLIENT_ID", "id"),
            ("PIX_CERT_FILE", "/etc/feira/efi.pem"),
            ("MEDIA_STORE", "s3"),
            ("S3_BUCKET", "fotos"),
            ("SMTP_URL", "smtps://ana:SeGrEdOsMtP06@relay.example"),
        ];
        pairs.extend(secrets);
        let c = config(&pairs).unwrap();
        let shown = format!("{c:?} {c:#?}");
        for value in secrets.iter().map(|(_, v)| *v).chain(["SeGrEdOsMtP06"]) {
            assert!(!shown.contains(value), "{value} shown");
        }
        assert!(shown.contains("REDACTED") && shown.contains("fotos") && shown.contains("ana"));
        // The values are there for the adapters that need them.
        assert_eq!(
            c.ops.metrics_token.as_ref().unwrap().expose_secret(),
            "SeGrEdOmEtRiCs03"
        );
    }

    #[test]
    fn defaults_are_the_local_ones() {
        let c = config(&[("OIDC_CLIENT_ID", "x")]).unwrap();
        assert_eq!(c.site.port, 8080);
        assert_eq!(c.database.url, "sqlite://data/feira.db");
        assert_eq!(c.security.oidc_issuer, "https://accounts.google.com");
        assert!(matches!(c.media, MediaConfig::Local { .. }));
        assert!(!c.seed_demo);
    }

    #[test]
    fn client_id_is_required_and_google_alias_works() {
        assert!(config(&[]).is_err());
        assert_eq!(
            config(&[("GOOGLE_CLIENT_ID", "g")])
                .unwrap()
                .security
                .oidc_client_id,
            "g"
        );
    }

    #[test]
    fn bad_values_are_refused() {
        assert!(config(&[("OIDC_CLIENT_ID", "x"), ("APP_PORT", "abc")]).is_err());
        assert!(config(&[("OIDC_CLIENT_ID", "x"), ("MEDIA_STORE", "ftp")]).is_err());
        assert!(config(&[("OIDC_CLIENT_ID", "x"), ("MEDIA_STORE", "s3")]).is_err());
        assert!(config(&[("OIDC_CLIENT_ID", "x"), ("PIX_PROVIDER", "efi")]).is_err());
        assert!(config(&[("OIDC_CLIENT_ID", "x"), ("APP_ENV", "prod")]).is_err());
    }

    #[test]
    fn pix_and_geocoder_defaults() {
        let c = config(&[("OIDC_CLIENT_ID", "x")]).unwrap();
        assert_eq!(c.pix.provider, PixProviderKind::Sandbox);
        assert_eq!(c.pix.expiry, Duration::from_secs(3600));
        assert!(c.outside.geocoder_url.is_none());
        let c = config(&[("OIDC_CLIENT_ID", "x"), ("GEOCODER_URL", "http://g/")]).unwrap();
        assert_eq!(c.outside.geocoder_url.as_deref(), Some("http://g"));
    }

    #[test]
    fn mail_and_ops_settings() {
        let c = config(&[("OIDC_CLIENT_ID", "x")]).unwrap();
        assert!(c.mail.relay.is_none());
        assert_eq!(c.mail.max_attempts, 8);
        assert_eq!(c.ops.log_format, LogFormat::Text);
        assert!(c.ops.metrics_token.is_none() && c.ops.metrics_addr.is_none());
        assert!(!c.site.webapp_embedded || cfg!(feature = "embed-webapp"));
        let c = config(&[
            ("OIDC_CLIENT_ID", "x"),
            ("SMTP_URL", "smtps://u:p@mail.example.com"),
            ("LOG_FORMAT", "json"),
            ("METRICS_ADDR", "127.0.0.1:9100"),
            ("JOBS_EVERY_SECONDS", "2"),
        ])
        .unwrap();
        assert_eq!(c.mail.relay.unwrap().port, 465);
        assert_eq!(c.ops.log_format, LogFormat::Json);
        assert_eq!(c.ops.metrics_addr.unwrap().port(), 9100);
        assert_eq!(c.ops.jobs_every, Some(Duration::from_secs(2)));
        for bad in [
            ("SMTP_URL", "ftp://x"),
            ("LOG_FORMAT", "xml"),
            ("METRICS_ADDR", "x"),
        ] {
            assert!(config(&[("OIDC_CLIENT_ID", "x"), bad]).is_err(), "{bad:?}");
        }
        let c = config(&[("OIDC_CLIENT_ID", "x"), ("WEBAPP_DIR", "/srv/app")]).unwrap();
        assert!(!c.site.webapp_embedded);
        assert_eq!(database_url(|_| None), "sqlite://data/feira.db");
    }

    #[test]
    fn outside_calls_are_bounded_by_default() {
        let c = config(&[("OIDC_CLIENT_ID", "x")]).unwrap();
        assert_eq!(c.outside.geocoder_rate.period, Duration::from_secs(1));
        assert_eq!(c.outside.geocoder_rate.count.get(), 1);
        assert_eq!(c.arweave.read_rate.count.get(), 5);
        assert_eq!(
            (c.outside.cep_rate.count.get(), c.outside.cep_rate.period),
            (3, Duration::from_secs(1))
        );
        assert_eq!(c.outside.cep_cache, Duration::from_secs(86_400));
        assert_eq!(
            (
                c.outside.cep_client_rate.count.get(),
                c.outside.cep_client_rate.period
            ),
            (10, Duration::from_secs(60))
        );
        assert!(config(&[("OIDC_CLIENT_ID", "x"), ("CEP_CLIENT_RATE", "off")]).is_err());
        assert!(config(&[("OIDC_CLIENT_ID", "x"), ("CEP_RATE", "off")]).is_err());
        assert_eq!(c.database.acquire_timeout, Duration::from_secs(3));
        assert_eq!(c.security.request_timeout, Duration::from_secs(20));
        assert_eq!(c.site.public_read_max_age, 30);
        assert!(config(&[("OIDC_CLIENT_ID", "x"), ("GEOCODER_RATE", "off")]).is_err());
        let c = config(&[("OIDC_CLIENT_ID", "x"), ("GEOCODER_RATE", "2/s")]).unwrap();
        assert_eq!(c.outside.geocoder_rate.count.get(), 2);
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
