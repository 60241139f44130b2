//! Rate limits (GCRA, the `governor` crate) on the actions an attacker repeats: sign-in (each
//! `iniciar_login` writes a row), coupon checks (codes can be guessed), photo uploads, order
//! placement and notarisation uploads. Each class has a quota per client address and one per
//! signed-in user (either may be off); a request over either is answered 429 with
//! `Retry-After` and a Portuguese message ([`crate::error::ApiError::TooManyRequests`]).
//!
//! Quotas are `N/period` (`s`, `min`, `h`), e.g. `RATE_LIMIT_COUPON="ip=30/min user=10/min"`;
//! `off` turns a class off. The state lives in the process: with several instances each keeps
//! its own counts (docs/security.md), which multiplies a quota by the number of instances.

use crate::{error::ApiError, security::client::ClientIp};
use anyhow::{Context, bail};
use governor::{
    DefaultKeyedRateLimiter, Quota, RateLimiter,
    clock::{Clock, DefaultClock},
};
use std::{
    num::NonZeroU32,
    sync::atomic::{AtomicU64, Ordering},
    time::Duration,
};

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

    fn quota(self) -> Quota {
        let each = self.period / self.count.get();
        Quota::with_period(each.max(Duration::from_nanos(1)))
            .expect("a positive period")
            .allow_burst(self.count)
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

struct ClassLimiter {
    class: Class,
    ip: Option<DefaultKeyedRateLimiter<ClientIp>>,
    user: Option<DefaultKeyedRateLimiter<String>>,
}

/// The limiters of one process.
pub struct Limiters {
    classes: Vec<ClassLimiter>,
    clock: DefaultClock,
    checks: AtomicU64,
}

/// Forget idle keys every this many checks (keeps the memory bounded).
const SWEEP_EVERY: u64 = 4096;

impl Limiters {
    pub fn new(config: &LimitsConfig) -> Self {
        Self {
            classes: config
                .quotas
                .iter()
                .map(|(class, q)| ClassLimiter {
                    class: *class,
                    ip: q.ip.map(|r| RateLimiter::keyed(r.quota())),
                    user: q.user.map(|r| RateLimiter::keyed(r.quota())),
                })
                .collect(),
            clock: DefaultClock::default(),
            checks: AtomicU64::new(0),
        }
    }

    /// Counts one request of `class` from `ip` (and `user`, when signed in); 429 when either
    /// quota is spent.
    pub fn check(&self, class: Class, ip: ClientIp, user: Option<&str>) -> Result<(), ApiError> {
        let Some(limiter) = self.classes.iter().find(|l| l.class == class) else {
            return Ok(());
        };
        if self.checks.fetch_add(1, Ordering::Relaxed) % SWEEP_EVERY == SWEEP_EVERY - 1 {
            self.sweep();
        }
        let now = self.clock.now();
        let refused = |wait: Duration| {
            tracing::info!(?class, "rate limited");
            ApiError::TooManyRequests {
                retry_after: wait.as_secs() + u64::from(wait.subsec_nanos() > 0),
            }
        };
        if let Some(l) = &limiter.ip {
            l.check_key(&ip)
                .map_err(|n| refused(n.wait_time_from(now)))?;
        }
        if let (Some(l), Some(user)) = (&limiter.user, user) {
            l.check_key(&user.to_owned())
                .map_err(|n| refused(n.wait_time_from(now)))?;
        }
        Ok(())
    }

    fn sweep(&self) {
        for l in &self.classes {
            if let Some(ip) = &l.ip {
                ip.retain_recent();
                ip.shrink_to_fit();
            }
            if let Some(user) = &l.user {
                user.retain_recent();
                user.shrink_to_fit();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::IpAddr;

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
    fn a_spent_quota_answers_429_with_the_wait() {
        let mut config = LimitsConfig::from_lookup(&|_| None).unwrap();
        config.set(Class::Coupon, Quotas::parse("ip=3/min user=2/min").unwrap());
        let limits = Limiters::new(&config);
        let a = ClientIp(IpAddr::from([10, 0, 0, 1]));
        let b = ClientIp(IpAddr::from([10, 0, 0, 2]));
        for _ in 0..3 {
            limits.check(Class::Coupon, a, None).unwrap();
        }
        match limits.check(Class::Coupon, a, None) {
            Err(ApiError::TooManyRequests { retry_after }) => {
                assert!((1..=20).contains(&retry_after), "{retry_after}");
            }
            other => panic!("{other:?}"),
        }
        // Another address is counted apart; a user's own quota applies from any address.
        limits.check(Class::Coupon, b, Some("u1")).unwrap();
        limits.check(Class::Coupon, b, Some("u1")).unwrap();
        assert!(limits.check(Class::Coupon, b, Some("u1")).is_err());
        let c = ClientIp(IpAddr::from([10, 0, 0, 3]));
        assert!(limits.check(Class::Coupon, c, Some("u2")).is_ok());
        // b's own address quota (3) is spent by now, whoever signs in.
        assert!(limits.check(Class::Coupon, b, Some("u3")).is_err());
        // An unlimited class is never refused.
        assert!(limits.check(Class::Order, a, None).is_ok());
    }
}
