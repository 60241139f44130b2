//! The security and limits settings: rate limits per class of action (`RATE_LIMIT_*`, plain
//! data: [`Class`], [`Quotas`], [`Rate`]; `crate::security::rate` builds the limiters), proxy
//! trust, HSTS and the Content-Security-Policy's additions (`crate::security` builds its layers),
//! sign-in (`OIDC_*`, `ADMIN_EMAIL`, `SESSION_TTL_DAYS`), and the bounds of a request (body,
//! time, a buyer's open orders).

use super::Vars;
use anyhow::{Context, bail};
use std::{num::NonZeroU32, time::Duration};

/// The classes of limited actions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Class {
    /// `iniciar_login`, `login_site`.
    SignIn,
    /// `validar_cupom`.
    Coupon,
    /// Photo uploads: `upload_foto`, `upload_foto_anuncio`, `editar_imagens_fornecedor`,
    /// `editar_icone_produto_site`.
    Upload,
    /// `finalizar_pedido`.
    Order,
    /// `upload_blockchain` and `POST /api/blockchain/upload`.
    Notary,
}

impl Class {
    pub const ALL: [Class; 5] = [
        Self::SignIn,
        Self::Coupon,
        Self::Upload,
        Self::Order,
        Self::Notary,
    ];

    /// Its environment variable.
    pub const fn var(self) -> &'static str {
        match self {
            Self::SignIn => "RATE_LIMIT_SIGNIN",
            Self::Coupon => "RATE_LIMIT_COUPON",
            Self::Upload => "RATE_LIMIT_UPLOAD",
            Self::Order => "RATE_LIMIT_ORDER",
            Self::Notary => "RATE_LIMIT_NOTARY",
        }
    }

    /// The production defaults: generous per address (many phones share one carrier address),
    /// tighter per user.
    pub const fn default_quotas(self) -> &'static str {
        match self {
            Self::SignIn => "ip=30/min",
            Self::Coupon => "ip=30/min user=10/min",
            Self::Upload => "ip=120/min user=60/min",
            Self::Order => "ip=30/min user=10/min",
            Self::Notary => "ip=60/h user=30/h",
        }
    }
}

/// `N` requests per `period`: a bucket of `N` refilled evenly over the period.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rate {
    pub count: NonZeroU32,
    pub period: Duration,
}

impl Rate {
    /// `30/min`, `10/s`, `60/h`, `5/10s`.
    pub fn parse(text: &str) -> anyhow::Result<Self> {
        let (n, per) = text
            .split_once('/')
            .with_context(|| format!("'{text}' is not N/period"))?;
        let count: NonZeroU32 = n.trim().parse().context("the count must be above 0")?;
        let per = per.trim();
        let split = per.find(|c: char| !c.is_ascii_digit()).unwrap_or(per.len());
        let times: u64 = if split == 0 { 1 } else { per[..split].parse()? };
        let unit = match &per[split..] {
            "s" => 1,
            "min" | "m" => 60,
            "h" => 3600,
            other => bail!("unknown period unit '{other}' (s, min, h)"),
        };
        let period = Duration::from_secs(times * unit);
        if period.is_zero() {
            bail!("the period must be above 0");
        }
        Ok(Self { count, period })
    }
}

/// One class's quotas.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Quotas {
    pub ip: Option<Rate>,
    pub user: Option<Rate>,
}

impl Quotas {
    /// `ip=30/min user=10/min` (either part may be missing), or `off`.
    pub fn parse(text: &str) -> anyhow::Result<Self> {
        let mut q = Self::default();
        if text.trim() == "off" {
            return Ok(q);
        }
        for part in text.split([' ', ',']).filter(|p| !p.is_empty()) {
            match part.split_once('=') {
                Some(("ip", r)) => q.ip = Some(Rate::parse(r)?),
                Some(("user", r)) => q.user = Some(Rate::parse(r)?),
                _ => bail!("'{part}' is not ip=N/period or user=N/period"),
            }
        }
        Ok(q)
    }
}

/// The quotas of every class.
#[derive(Debug, Clone)]
pub struct LimitsConfig {
    pub quotas: Vec<(Class, Quotas)>,
}

impl LimitsConfig {
    /// Each class from its variable, or its default.
    pub fn from_lookup(var: &dyn Fn(&str) -> Option<String>) -> anyhow::Result<Self> {
        let quotas = Class::ALL
            .into_iter()
            .map(|c| {
                let text = var(c.var()).unwrap_or_else(|| c.default_quotas().to_owned());
                Quotas::parse(&text)
                    .with_context(|| format!("{}='{text}'", c.var()))
                    .map(|q| (c, q))
            })
            .collect::<anyhow::Result<_>>()?;
        Ok(Self { quotas })
    }

    /// Every class off (the API suite, which repeats actions freely; its 429 tests turn on what
    /// they check).
    pub fn off() -> Self {
        Self {
            quotas: Class::ALL.map(|c| (c, Quotas::default())).to_vec(),
        }
    }

    /// Sets one class's quotas (tests).
    pub fn set(&mut self, class: Class, quotas: Quotas) {
        for (c, q) in &mut self.quotas {
            if *c == class {
                *q = quotas;
            }
        }
    }
}

/// The most unpaid open orders one buyer may hold at one store, unless `MAX_OPEN_ORDERS` says
/// otherwise (`crate::domain::orders::open`).
pub const DEFAULT_MAX_OPEN_ORDERS: u32 = 5;

/// The security settings (every variable documented in `.env.example`).
#[derive(Debug, Clone)]
pub struct SecurityConfig {
    /// `RATE_LIMIT_*`: the limits of each class of action.
    pub limits: LimitsConfig,
    /// `TRUST_PROXY`: the API runs behind a reverse proxy that appends the client's address to
    /// `X-Forwarded-For` and sets `X-Forwarded-Proto` (docs/deploy.md). Never set it when
    /// clients reach the API directly: they could then choose their own address.
    pub trust_proxy: bool,
    /// `HSTS`: send `Strict-Transport-Security` on every response (TLS terminated in front of
    /// the API without `X-Forwarded-Proto`); otherwise it is sent when the request came over
    /// HTTPS as the trusted proxy says.
    pub hsts_always: bool,
    /// Origins besides our own the webapp may connect to (`CSP_CONNECT_EXTRA`, space-separated).
    pub connect_extra: Vec<String>,
    /// `MAX_OPEN_ORDERS`: the most unpaid open orders one buyer may hold at one store
    /// (`domain::orders::open`); `off` is no bound.
    pub max_open_orders: Option<u32>,
    /// OpenID Connect issuer (Google in production, the local provider in demo and tests).
    pub oidc_issuer: String,
    /// The OAuth client id, the expected `aud` of ID tokens (the sign-in takes ID tokens only:
    /// there is no client secret).
    pub oidc_client_id: String,
    /// The administrator's e-mail.
    pub admin_email: Option<String>,
    pub session_ttl: Duration,
    /// Largest request body accepted, in bytes (`BODY_LIMIT_BYTES`).
    pub body_limit: usize,
    /// How long any request may take until its answer starts before it is answered 503
    /// (`REQUEST_TIMEOUT_SECONDS`, default 20); the event stream and the streamed notarisation
    /// upload are exempt (they have their own bounds).
    pub request_timeout: Duration,
}

pub(super) fn read(v: &Vars) -> anyhow::Result<SecurityConfig> {
    Ok(SecurityConfig {
        limits: LimitsConfig::from_lookup(&|k| v.get(k)).context("rate limits")?,
        trust_proxy: v.flag("TRUST_PROXY"),
        hsts_always: v.flag("HSTS"),
        connect_extra: v
            .get("CSP_CONNECT_EXTRA")
            .map(|x| x.split_whitespace().map(str::to_owned).collect())
            .unwrap_or_default(),
        max_open_orders: match v.get("MAX_OPEN_ORDERS").as_deref().map(str::trim) {
            None => Some(DEFAULT_MAX_OPEN_ORDERS),
            Some("off" | "0") => None,
            Some(n) => Some(
                n.parse()
                    .context("MAX_OPEN_ORDERS must be a number or off")?,
            ),
        },
        oidc_issuer: v
            .get("OIDC_ISSUER")
            .unwrap_or_else(|| "https://accounts.google.com".into())
            .trim_end_matches('/')
            .to_owned(),
        oidc_client_id: v
            .get("OIDC_CLIENT_ID")
            .or_else(|| v.get("GOOGLE_CLIENT_ID"))
            .context("OIDC_CLIENT_ID (or GOOGLE_CLIENT_ID) is required")?,
        admin_email: v.get("ADMIN_EMAIL").map(|e| e.trim().to_lowercase()),
        session_ttl: Duration::from_secs(v.num("SESSION_TTL_DAYS", 30)? * 86_400),
        body_limit: usize::try_from(v.num("BODY_LIMIT_BYTES", 8 * 1024 * 1024)?)
            .context("BODY_LIMIT_BYTES out of range")?,
        request_timeout: v.seconds("REQUEST_TIMEOUT_SECONDS", 20, 1)?,
    })
}

#[cfg(test)]
mod tests {
    use super::super::tests::vars;
    use super::*;

    #[test]
    fn quotas_parse() {
        let q = Quotas::parse("ip=30/min user=10/2h").unwrap();
        assert_eq!(q.ip.unwrap().count.get(), 30);
        assert_eq!(q.ip.unwrap().period, Duration::from_secs(60));
        assert_eq!(q.user.unwrap().period, Duration::from_secs(7200));
        assert_eq!(Quotas::parse("off").unwrap(), Quotas::default());
        assert!(Quotas::parse("ip=0/min").is_err());
        assert!(Quotas::parse("ip=3/week").is_err());
        assert!(Quotas::parse("30/min").is_err());
        for c in Class::ALL {
            Quotas::parse(c.default_quotas()).unwrap();
        }
    }

    #[test]
    fn settings_default_to_production_values_and_parse_their_variables() {
        let config = |pairs: &[(&str, &str)]| {
            let mut all = vec![("OIDC_CLIENT_ID", "x")];
            all.extend_from_slice(pairs);
            read(&vars(&all))
        };
        let c = config(&[]).unwrap();
        assert_eq!(c.max_open_orders, Some(DEFAULT_MAX_OPEN_ORDERS));
        assert!(!c.trust_proxy && !c.hsts_always && c.connect_extra.is_empty());
        assert!(c.limits.quotas.iter().all(|(_, q)| q.ip.is_some()));
        let c = config(&[
            ("MAX_OPEN_ORDERS", "off"),
            ("TRUST_PROXY", "true"),
            ("CSP_CONNECT_EXTRA", "https://a.example  https://b.example"),
            ("RATE_LIMIT_COUPON", "off"),
        ])
        .unwrap();
        assert_eq!(c.max_open_orders, None);
        assert!(c.trust_proxy);
        assert_eq!(c.connect_extra.len(), 2);
        assert!(
            c.limits
                .quotas
                .iter()
                .any(|(k, q)| *k == Class::Coupon && q.ip.is_none() && q.user.is_none())
        );
        assert_eq!(
            config(&[("MAX_OPEN_ORDERS", "3")]).unwrap().max_open_orders,
            Some(3)
        );
        assert!(config(&[("MAX_OPEN_ORDERS", "muitos")]).is_err());
        assert!(config(&[("RATE_LIMIT_ORDER", "ip=10/week")]).is_err());
    }
}
