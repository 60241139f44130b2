//! One typed configuration, read from the environment (every variable is documented in
//! `.env.example`). The Pix settings are in [`pix`].

mod pix;
mod site;

pub use pix::{
    ApiPixConfig, MIN_HMAC_CHARS, PixConfig, PixProviderKind, PspProfile, WebhookConfig,
    WebhookTlsConfig,
};
pub use site::SiteConfig;

use crate::{mail::smtp::Relay, security::rate::Rate};
use anyhow::{Context, bail};
use std::{
    net::{IpAddr, SocketAddr},
    path::PathBuf,
    time::Duration,
};

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

/// Where the API runs (`APP_ENV`): production refuses what is only for development (see
/// [`refuse_in_production`]).
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
    pub host: IpAddr,
    /// 0 picks a free port (tests).
    pub port: u16,
    pub database_url: String,
    /// Maximum connections in the database pool (at least 2: a job holds one for its lock
    /// while its work uses another).
    pub database_max_connections: u32,
    /// How long a request waits for a database connection before it is answered 503
    /// (`DATABASE_ACQUIRE_TIMEOUT_SECONDS`, default 3).
    pub database_acquire_timeout: Duration,
    /// How long any request may take until its answer starts before it is answered 503
    /// (`REQUEST_TIMEOUT_SECONDS`, default 20); the event stream and the streamed notarisation
    /// upload are exempt (they have their own bounds).
    pub request_timeout: Duration,
    /// Seconds a public catalogue read (`GET /api?codigo=…`) may be kept without asking again,
    /// and as many more during which it may be shown while asked again
    /// (`PUBLIC_READ_MAX_AGE_SECONDS`, default 30: an edit reaches every buyer within a minute).
    pub public_read_max_age: u32,
    /// The built webapp on disk (`WEBAPP_DIR`, default `webapp/dist`), used unless
    /// `webapp_embedded`.
    pub webapp_dir: PathBuf,
    /// Serve the webapp embedded in the binary (a release built by `just dist`, with
    /// `WEBAPP_DIR` unset).
    pub webapp_embedded: bool,
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
    /// The geocoder's calls across all instances (`GEOCODER_RATE`, default `1/s`: the public
    /// Nominatim's policy).
    pub geocoder_rate: Rate,
    /// How long a geocoded address is remembered (`GEOCODER_CACHE_SECONDS`, default 3600).
    pub geocoder_cache: Duration,
    /// The CEP lookup's calls across all instances (`CEP_RATE`, default `3/s`).
    pub cep_rate: Rate,
    /// The CEP lookup's calls for one signed-in user, across all instances (`CEP_CLIENT_RATE`,
    /// default `10/min`), so that nobody spends everyone's [`Self::cep_rate`].
    pub cep_client_rate: Rate,
    /// How long a CEP's answer is remembered (`CEP_CACHE_SECONDS`, default 86400: CEPs change
    /// seldom).
    pub cep_cache: Duration,
    /// E-mail (`SMTP_*`).
    pub mail: MailConfig,
    /// Notarisation on Arweave (decisions.md §17).
    pub arweave: ArweaveConfig,
    /// Operations: metrics, logs, background jobs, shutdown.
    pub ops: OpsConfig,
    /// Rate limits, proxy trust, HSTS, CSP additions (`crate::security`).
    pub security: crate::security::SecurityConfig,
    /// The public site's address, the CEP lookup, the geocoder's pace ([`site`]).
    pub site: SiteConfig,
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

/// How logs are written (`LOG_FORMAT`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogFormat {
    /// Human-readable lines (the default).
    Text,
    /// One JSON object per line.
    Json,
}

/// Operations settings.
#[derive(Debug, Clone)]
pub struct OpsConfig {
    pub log_format: LogFormat,
    /// `/metrics` on the main port with `Authorization: Bearer` this (`METRICS_TOKEN`).
    pub metrics_token: Option<String>,
    /// A separate listener serving only `/metrics`, without a token (`METRICS_ADDR`).
    pub metrics_addr: Option<SocketAddr>,
    /// When set, every periodic job runs this often instead of its own period
    /// (`JOBS_EVERY_SECONDS`; tests and demos).
    pub jobs_every: Option<Duration>,
    /// How long a shutdown waits for in-flight requests (`SHUTDOWN_GRACE_SECONDS`, default 30).
    pub shutdown_grace: Duration,
}

/// `DATABASE_URL` through `get` (default `sqlite://data/feira.db`); also what `feira-api
/// backup` reads.
pub fn database_url(get: impl Fn(&str) -> Option<String>) -> String {
    get("DATABASE_URL")
        .map(|v| v.trim().to_owned())
        .filter(|v| !v.is_empty())
        .unwrap_or_else(|| "sqlite://data/feira.db".into())
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
    /// Status reads from the gateway on visitors' behalf (`verificar_blockchain`) across all
    /// instances (`ARWEAVE_READ_RATE`, default `5/s`).
    pub read_rate: Rate,
    /// How long a transaction's status is remembered (`ARWEAVE_STATUS_CACHE_SECONDS`, default
    /// 30).
    pub status_cache: Duration,
}

/// Shortest `METRICS_TOKEN` and `PIX_WEBHOOK_HMAC` production accepts.
pub const MIN_PRODUCTION_SECRET_CHARS: usize = 32;

/// Whether `url`'s host is this machine (`localhost`, `*.localhost`, 127.0.0.0/8, `::1`,
/// or the unspecified address).
fn is_loopback(url: &url::Url) -> bool {
    match url.host() {
        Some(url::Host::Domain(d)) => {
            let d = d.trim_end_matches('.').to_ascii_lowercase();
            d == "localhost" || d.ends_with(".localhost")
        }
        Some(url::Host::Ipv4(ip)) => ip.is_loopback() || ip.is_unspecified(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback() || ip.is_unspecified(),
        None => true,
    }
}

/// What `APP_ENV=production` refuses besides the sandbox Pix and an unauthenticated webhook
/// (refused in [`pix`]): an OpenID issuer that is not https or is on loopback (the local
/// provider signs in anyone as anyone), the demo seed, a `METRICS_TOKEN` or
/// `PIX_WEBHOOK_HMAC` shorter than [`MIN_PRODUCTION_SECRET_CHARS`], and a rate limit switched
/// off. Every refusal names its setting; all are reported at once.
pub fn refuse_in_production(c: &Config) -> anyhow::Result<()> {
    let mut refused: Vec<String> = Vec::new();
    match url::Url::parse(&c.oidc_issuer) {
        Ok(u) if u.scheme() == "https" && !is_loopback(&u) => {}
        _ => refused.push(format!(
            "OIDC_ISSUER={} (the issuer must be https and not on loopback: the local provider \
             signs in anyone as anyone)",
            c.oidc_issuer
        )),
    }
    if c.seed_demo {
        refused.push("SEED_DEMO=true (the demo data and its accounts)".into());
    }
    let short = |v: &Option<String>| {
        v.as_ref()
            .is_some_and(|t| t.chars().count() < MIN_PRODUCTION_SECRET_CHARS)
    };
    if short(&c.ops.metrics_token) {
        refused.push(format!(
            "METRICS_TOKEN shorter than {MIN_PRODUCTION_SECRET_CHARS} characters"
        ));
    }
    if short(&c.pix.webhook.hmac) {
        refused.push(format!(
            "PIX_WEBHOOK_HMAC shorter than {MIN_PRODUCTION_SECRET_CHARS} characters"
        ));
    }
    for (class, q) in &c.security.limits.quotas {
        if q.ip.is_none() && q.user.is_none() {
            refused.push(format!("{}=off (rate limits stay on)", class.var()));
        }
    }
    if refused.is_empty() {
        return Ok(());
    }
    bail!(
        "APP_ENV=production refuses {} (docs/deploy.md, 'Production settings')",
        refused.join("; ")
    )
}

/// Told at start without `GEOCODER_URL` (decisions.md §15): addresses are their municipality's
/// seat, so a per-km fee is the same for every street of a city and a maximum delivery distance
/// compares city seats.
pub const SEM_GEOCODER: &str = "GEOCODER_URL is not set: every address is its municipality's \
     seat, so a per-km delivery fee is the same for every street of a city and a maximum \
     delivery distance compares city seats (docs/deploy.md)";

/// What a configuration that starts should still be told about (logged as warnings at start in
/// production, as information in development): settings whose absence degrades what people get.
pub fn start_warnings(c: &Config) -> Vec<&'static str> {
    let mut out = Vec::new();
    if c.geocoder_url.is_none() {
        out.push(SEM_GEOCODER);
    }
    out
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
        let env = match var("APP_ENV").as_deref().map(str::trim) {
            None | Some("development") => AppEnv::Development,
            Some("production") => AppEnv::Production,
            Some(other) => bail!("APP_ENV must be 'development' or 'production', not '{other}'"),
        };
        let pix = pix::read(&var, env == AppEnv::Production)?;
        let bool_var =
            |k: &str| var(k).is_some_and(|v| matches!(v.trim(), "1" | "true" | "yes" | "on"));
        let rate = |k: &str, default: &str| -> anyhow::Result<Rate> {
            let text = var(k).unwrap_or_else(|| default.to_owned());
            Rate::parse(text.trim()).with_context(|| format!("{k} must be N/period, e.g. 1/s"))
        };
        let config = Self {
            env,
            host: var("APP_HOST")
                .unwrap_or_else(|| "127.0.0.1".into())
                .parse()
                .context("APP_HOST must be an IP address")?,
            port: u16::try_from(parse_num("APP_PORT", 8080)?).context("APP_PORT out of range")?,
            database_url: database_url(&get),
            database_max_connections: u32::try_from(
                parse_num("DATABASE_MAX_CONNECTIONS", 10)?.max(2),
            )
            .context("DATABASE_MAX_CONNECTIONS out of range")?,
            database_acquire_timeout: Duration::from_secs(
                parse_num("DATABASE_ACQUIRE_TIMEOUT_SECONDS", 3)?.max(1),
            ),
            request_timeout: Duration::from_secs(parse_num("REQUEST_TIMEOUT_SECONDS", 20)?.max(1)),
            public_read_max_age: u32::try_from(parse_num("PUBLIC_READ_MAX_AGE_SECONDS", 30)?)
                .context("PUBLIC_READ_MAX_AGE_SECONDS out of range")?,
            webapp_embedded: cfg!(feature = "embed-webapp") && var("WEBAPP_DIR").is_none(),
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
            geocoder_rate: rate("GEOCODER_RATE", "1/s")?,
            geocoder_cache: Duration::from_secs(parse_num("GEOCODER_CACHE_SECONDS", 3600)?),
            cep_rate: rate("CEP_RATE", "3/s")?,
            cep_client_rate: rate("CEP_CLIENT_RATE", "10/min")?,
            cep_cache: Duration::from_secs(parse_num("CEP_CACHE_SECONDS", 86_400)?),
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
                read_rate: rate("ARWEAVE_READ_RATE", "5/s")?,
                status_cache: Duration::from_secs(parse_num("ARWEAVE_STATUS_CACHE_SECONDS", 30)?),
            },
            mail: MailConfig {
                relay: var("SMTP_URL").map(|u| Relay::parse(&u)).transpose()?,
                from: var("SMTP_FROM")
                    .map(|f| f.trim().to_owned())
                    .unwrap_or_else(|| "nao-responda@feira.local".into()),
                timeout: Duration::from_secs(parse_num("SMTP_TIMEOUT_SECONDS", 20)?.max(1)),
                max_attempts: u32::try_from(parse_num("SMTP_MAX_ATTEMPTS", 8)?.max(1))
                    .context("SMTP_MAX_ATTEMPTS out of range")?,
                first_retry: Duration::from_secs(parse_num("SMTP_RETRY_SECONDS", 30)?.max(1)),
                ca_file: var("SMTP_CA_FILE").map(|f| PathBuf::from(f.trim())),
            },
            security: crate::security::SecurityConfig::from_lookup(&var)?,
            site: site::read(&var)?,
            ops: OpsConfig {
                log_format: match var("LOG_FORMAT").as_deref().map(str::trim) {
                    None | Some("text") => LogFormat::Text,
                    Some("json") => LogFormat::Json,
                    Some(other) => bail!("LOG_FORMAT must be 'text' or 'json', not '{other}'"),
                },
                metrics_token: var("METRICS_TOKEN").map(|t| t.trim().to_owned()),
                metrics_addr: var("METRICS_ADDR")
                    .map(|a| a.trim().parse())
                    .transpose()
                    .context("METRICS_ADDR must be an address with a port, e.g. 10.0.0.5:9100")?,
                jobs_every: var("JOBS_EVERY_SECONDS")
                    .map(|_| {
                        parse_num("JOBS_EVERY_SECONDS", 60).map(|s| Duration::from_secs(s.max(1)))
                    })
                    .transpose()?,
                shutdown_grace: Duration::from_secs(parse_num("SHUTDOWN_GRACE_SECONDS", 30)?),
            },
        };
        if config.env == AppEnv::Production {
            refuse_in_production(&config)?;
        }
        Ok(config)
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
        assert!(config(&[("OIDC_CLIENT_ID", "x"), ("APP_ENV", "prod")]).is_err());
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
    fn mail_and_ops_settings() {
        let c = config(&[("OIDC_CLIENT_ID", "x")]).unwrap();
        assert!(c.mail.relay.is_none());
        assert_eq!(c.mail.max_attempts, 8);
        assert_eq!(c.ops.log_format, LogFormat::Text);
        assert!(c.ops.metrics_token.is_none() && c.ops.metrics_addr.is_none());
        assert!(!c.webapp_embedded || cfg!(feature = "embed-webapp"));
        let c = config(&[
            ("OIDC_CLIENT_ID", "x"),
            ("SMTP_URL", "smtps://u:p@mail.example.com"),
            ("LOG_FORMAT", "json"),
            ("METRICS_ADDR", "127.0.0.1:9100"),
            ("JOBS_EVERY_SECONDS", "2"),
        ])
        .unwrap();
        assert_eq!(c.mail.relay.unwrap().port(), 465);
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
        assert!(!c.webapp_embedded);
        assert_eq!(database_url(|_| None), "sqlite://data/feira.db");
    }

    /// A production configuration that starts: Efí, a webhook over mutual TLS, Google.
    const PRODUCTION: &[(&str, &str)] = &[
        ("APP_ENV", "production"),
        ("OIDC_CLIENT_ID", "x.apps.googleusercontent.com"),
        ("PIX_PROVIDER", "api-pix"),
        ("PIX_CLIENT_ID", "id"),
        ("PIX_CLIENT_SECRET", "secret"),
        ("PIX_CERT_FILE", "/etc/feira/efi.pem"),
        ("METRICS_TOKEN", "0123456789abcdef0123456789abcdef"),
    ];

    fn production(change: &[(&'static str, &'static str)]) -> anyhow::Result<Config> {
        let mut pairs = PRODUCTION.to_vec();
        pairs.retain(|(k, _)| !change.iter().any(|(c, _)| c == k));
        pairs.extend_from_slice(change);
        config(&pairs)
    }

    #[test]
    fn production_is_told_at_start_when_addresses_are_city_seats() {
        let c = production(&[]).unwrap();
        assert_eq!(start_warnings(&c), vec![SEM_GEOCODER]);
        let c = production(&[("GEOCODER_URL", "https://nominatim.example.com.br")]).unwrap();
        assert!(start_warnings(&c).is_empty());
    }

    #[test]
    fn production_starts_with_production_settings() {
        let c = production(&[]).unwrap();
        assert_eq!(c.env, AppEnv::Production);
        assert_eq!(c.oidc_issuer, "https://accounts.google.com");
        production(&[("OIDC_ISSUER", "https://login.example.com.br")]).unwrap();
        production(&[("PIX_WEBHOOK_HMAC", "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6")]).unwrap();
    }

    #[test]
    fn production_refuses_each_development_setting_by_name() {
        let refused = |change: &[(&'static str, &'static str)], named: &str| {
            let e = production(change).expect_err(named).to_string();
            assert!(e.contains(named), "{change:?}: {e}");
            assert!(e.contains("APP_ENV=production"), "{e}");
        };
        refused(&[("OIDC_ISSUER", "http://127.0.0.1:8091")], "OIDC_ISSUER");
        refused(
            &[("OIDC_ISSUER", "http://accounts.example.com")],
            "OIDC_ISSUER",
        );
        refused(&[("OIDC_ISSUER", "https://localhost:8091")], "OIDC_ISSUER");
        refused(&[("OIDC_ISSUER", "https://127.0.0.1")], "OIDC_ISSUER");
        refused(&[("OIDC_ISSUER", "https://[::1]:8091")], "OIDC_ISSUER");
        refused(&[("SEED_DEMO", "true")], "SEED_DEMO");
        refused(&[("METRICS_TOKEN", "a")], "METRICS_TOKEN");
        refused(
            &[("PIX_WEBHOOK_HMAC", "a1b2c3d4e5f6g7h8i9j0")],
            "PIX_WEBHOOK_HMAC",
        );
        for class in crate::security::rate::Class::ALL {
            refused(&[(class.var(), "off")], class.var());
        }
        refused(&[("PIX_PROVIDER", "sandbox")], "PIX_PROVIDER");
        // Several at once are all named.
        let e = production(&[("SEED_DEMO", "1"), ("METRICS_TOKEN", "abc")])
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("SEED_DEMO") && e.contains("METRICS_TOKEN"),
            "{e}"
        );
        // Outside production the same settings are fine.
        config(&[
            ("OIDC_CLIENT_ID", "x"),
            ("OIDC_ISSUER", "http://127.0.0.1:8091"),
            ("SEED_DEMO", "true"),
            ("METRICS_TOKEN", "a"),
            ("RATE_LIMIT_SIGNIN", "off"),
        ])
        .unwrap();
    }

    #[test]
    fn outside_calls_are_bounded_by_default() {
        let c = config(&[("OIDC_CLIENT_ID", "x")]).unwrap();
        assert_eq!(c.geocoder_rate.period, Duration::from_secs(1));
        assert_eq!(c.geocoder_rate.count.get(), 1);
        assert_eq!(c.arweave.read_rate.count.get(), 5);
        assert_eq!(
            (c.cep_rate.count.get(), c.cep_rate.period),
            (3, Duration::from_secs(1))
        );
        assert_eq!(c.cep_cache, Duration::from_secs(86_400));
        assert_eq!(
            (c.cep_client_rate.count.get(), c.cep_client_rate.period),
            (10, Duration::from_secs(60))
        );
        assert!(config(&[("OIDC_CLIENT_ID", "x"), ("CEP_CLIENT_RATE", "off")]).is_err());
        assert!(config(&[("OIDC_CLIENT_ID", "x"), ("CEP_RATE", "off")]).is_err());
        assert_eq!(c.database_acquire_timeout, Duration::from_secs(3));
        assert_eq!(c.request_timeout, Duration::from_secs(20));
        assert_eq!(c.public_read_max_age, 30);
        assert!(config(&[("OIDC_CLIENT_ID", "x"), ("GEOCODER_RATE", "off")]).is_err());
        let c = config(&[("OIDC_CLIENT_ID", "x"), ("GEOCODER_RATE", "2/s")]).unwrap();
        assert_eq!(c.geocoder_rate.count.get(), 2);
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
